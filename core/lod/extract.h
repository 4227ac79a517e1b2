#pragma once
// Cutting an asset out of a scan (issue 36 build item 5): every level-0 splat of a scan whose
// centre lies inside a region, at full detail (the SH bands too when the finest chunks carry
// them), as one cloud. The tree's bounds skip every leaf the region does not meet; the leaves
// it meets are loaded one at a time through the chunk source (their finest level only) and
// filtered, so the extraction never holds more than the splats kept plus one chunk, whatever the
// size of the scan.
//
// Regions: an axis-aligned model-space box (the crop box), or a screen shape seen by a camera
// (the rect, lasso and brush selection tools): the centres are projected and tested with
// core/splat/selection's functions, so a screen region keeps exactly the splats those tools
// would select on the same splats and camera (without their depth-aware front-most filter,
// which needs every splat at once).
#include <Eigen/Geometry>
#include <cstdint>
#include <vector>

#include "core/foundation/error.h"
#include "core/foundation/progress.h"
#include "core/foundation/schema.h"
#include "core/lod/chunk_source.h"
#include "core/splat/splat_cloud.h"

namespace sw::lod {

struct Region {
    enum class Kind { Box, ScreenRect, ScreenLasso, ScreenBrush };
    Kind kind = Kind::Box;
    Eigen::AlignedBox3f box;  // Box: model space, borders included
    // Screen shapes: the camera at the gesture (OpenGL view and projection, clip z in [−w, w]) and
    // its viewport in logical pixels, origin top left, y down.
    Eigen::Matrix4f view = Eigen::Matrix4f::Identity();
    Eigen::Matrix4f projection = Eigen::Matrix4f::Identity();
    int width = 0, height = 0;
    // ScreenRect: two opposite corners; ScreenLasso: the polygon (≥ 3, even-odd rule);
    // ScreenBrush: the centres of the brush's dabs along its stroke, each a circle of `radius` px.
    std::vector<Eigen::Vector2f> points;
    float radius = 0.0f;

    static Region aabb(const Eigen::AlignedBox3f& box);
    static Region screenRect(const Eigen::Matrix4f& view, const Eigen::Matrix4f& projection, int width, int height,
                             const Eigen::Vector2f& cornerA, const Eigen::Vector2f& cornerB);
    static Region screenLasso(const Eigen::Matrix4f& view, const Eigen::Matrix4f& projection, int width, int height,
                              std::vector<Eigen::Vector2f> polygon);
    static Region screenBrush(const Eigen::Matrix4f& view, const Eigen::Matrix4f& projection, int width, int height,
                              std::vector<Eigen::Vector2f> dabs, float radius);

    // InvalidInput for an empty or non-finite box, a viewport of 0, too few points or a radius ≤ 0.
    Status validate() const;
    // The splats of `cloud` whose centre is inside: [N] 0/1.
    std::vector<std::uint8_t> contains(const splat::SplatCloud& cloud) const;
    // False only when no point of `bounds` can be inside (conservative: true when unsure).
    bool meets(const Eigen::AlignedBox3f& bounds) const;
    // True when every point of `bounds` is inside (Box only; false for screen shapes).
    bool holds(const Eigen::AlignedBox3f& bounds) const;
};

// The splats of `cloud` whose centre `region` contains, SH bands with them (a cloud in memory:
// the cut extractRegion makes of each chunk).
splat::SplatCloud cutCloud(const splat::SplatCloud& cloud, const Region& region);

struct ExtractSettings {
    std::int64_t splatLimit = 20'000'000;  // refuse a region holding more splats than this
    float opacityFloor = 0.0f;             // keep only splats at least this opaque (0 keeps every one)
};
const SettingsSchema<ExtractSettings>& extractSchema();

// What one extraction did (for the CLI's summary and the tests).
struct ExtractStats {
    std::size_t leavesVisited = 0;   // leaves whose finest chunk was loaded
    std::size_t leavesSkipped = 0;   // leaves the region's bounds test ruled out
    std::uint64_t splatsTested = 0;  // level-0 splats of the visited leaves
    std::uint64_t peakHeld = 0;      // most splats held at once: kept + the chunk being filtered
};

// The region's level-0 splats of `source`, in leaf order. InvalidInput for a bad region or
// settings outside extractSchema(), or when the region holds more than settings.splatLimit
// splats (the message names the count); an empty cloud when the region holds none. Cancelled
// when progress is cancelled; a chunk's read error names its file. Progress is reported per leaf.
Result<splat::SplatCloud> extractRegion(const ChunkSource& source, const Region& region, const ExtractSettings& settings,
                                        const Progress& progress = {}, ExtractStats* stats = nullptr);

}  // namespace sw::lod

namespace sw::lod {

// One scan of several cut by the same region (the editor's open scans): its path and source.
struct ScanInput {
    std::string path;
    const ChunkSource* source = nullptr;
};
// extractRegion over every scan, their splats concatenated in order (the SH bands kept when
// every scan's cut has the same degree, else dropped); the splat limit holds for the sum.
Result<splat::SplatCloud> extractScans(const std::vector<ScanInput>& scans, const Region& region, const ExtractSettings& settings,
                                       const Progress& progress = {}, ExtractStats* stats = nullptr);

// extractScans written to `output` (.ply, .spz, .splat, .sog or .glb, by its extension; each
// format in its own axes, docs/formats.md) through the cloud writers: atomically, never over
// a scan or a file inside a scan's folder, nor over a file splatwright did not write unless
// `overwrite`. InvalidInput naming the scan when the region holds no splats (nothing written).
struct ExtractFileReport {
    std::uint64_t splats = 0;
    int shDegree = 0;
    std::uint64_t bytes = 0;
    ExtractStats stats;
};
// The output checks of extractToFile alone (before any reading): InvalidInput naming `output`.
Status checkExtractOutput(const std::vector<ScanInput>& scans, const std::string& output, bool overwrite = false);
Result<ExtractFileReport> extractToFile(const std::vector<ScanInput>& scans, const Region& region, const ExtractSettings& settings,
                                        const std::string& output, bool overwrite = false, const Progress& progress = {});

}  // namespace sw::lod
