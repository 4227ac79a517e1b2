#pragma once
// One-click export of a baked model (PIPELINE §5, FORMATS.md): into outDir it writes
//   <name>.bin        SPL2 with the CHNK tail (game runtime)
//   <name>.meta.json  normalisation, barrel tips, gun axes, engine box, part names and pivots,
//                     budget, settings, FNV-1a 64 hash of the source model file
//   <name>.json       human-readable debug dump of the baked splats
//   <name>.ply        standard 3DGS PLY (3DGS axes: y down; SPZ in its RUB; settings.axes = Model
//                     keeps model space, +Z up; the sidecar records which)
//   <name>.spz        Niantic SPZ v3 (Spark)  <name>.v4.spz  SPZ v4 (PlayCanvas); --spz-version picks
//   <name>.dropped.png  what the bake left out (floaters per sign, belly cull) over the model
// Before writing, the cloud and the model must agree (checkAgreement): a cloud mostly far from
// the surface, or a model whose hash differs from the one recorded with the cloud, is refused
// unless force is set.
// Atomicity: every file is encoded in memory first, then written into a fresh hidden folder
// inside outDir (fsync'd atomic writes), then renamed into place one by one. Any failure
// before the renames leaves outDir untouched; a failing rename removes the files already moved
// and reports the error. An unwritable outDir is an Io error naming it.
#include <cstdint>
#include <span>
#include <string>
#include <vector>

#include "core/bake/bake.h"
#include "core/formats/axes.h"
#include "core/foundation/error.h"
#include "core/foundation/file_io.h"
#include "core/foundation/image_io.h"
#include "core/foundation/progress.h"
#include "core/foundation/schema.h"
#include "core/geometry/import.h"
#include "core/geometry/mesh.h"

namespace sw::bake {

// Which SPZ files to write: "3+4" writes <name>.spz (v3, what Spark reads) and <name>.v4.spz
// (v4, what PlayCanvas reads); a single version writes <name>.spz in it.
enum class SpzVersions { V3AndV4, V3, V4, V2 };

struct ExportSettings {
    bool writePly = true;
    bool writeSpz = true;
    SpzVersions spzVersion = SpzVersions::V3AndV4;
    // PLY and SPZ axes (core/formats/axes.h): each format's own convention (3DGS for PLY, RUB for
    // SPZ), what viewers assume; Model keeps model space (+Z up). SPL2 is model space always.
    formats::Axes axes = formats::Axes::Standard;
    bool writeDebugJson = true;
    bool writeDroppedPicture = true;  // <name>.dropped.png
    // Cloud/model agreement: refuse when more than this share of the input splats lie farther
    // than far-distance from the surface (a healthy cloud: a few %; deep interior splats of a
    // closed hull count, so the bar is high), or when the hashes differ. force exports anyway.
    float mismatchFarShare = 0.5f;
    bool force = false;
};
const SettingsSchema<ExportSettings>& exportSchema();

// What the sidecar needs beyond the baked model.
struct ExportMeta {
    std::string sourceModelPath;               // hashed (FNV-1a 64); empty = no hash
    geometry::Normalisation normalisation;     // from ImportReport
    const geometry::Mesh* mesh = nullptr;      // normalised mesh: parts, pivots, guns, engine
    std::string bakeSettingsJson;              // ParamSet::toJson of the bake settings used
    std::string trainingSettingsJson;          // optional JSON object text; empty = none
    // fnv1a64 of the model the cloud was trained on, as recorded with the cloud (a project's
    // model hash); 0 = none recorded (only the distance test applies).
    std::uint64_t recordedModelHash = 0;
    // Weapon profiles to write beside the asset as <name>.<profile>.weapon.json: (profile name,
    // its weapon preset JSON, docs/formats.md "Weapon profile"). The profile name must be a plain
    // file-name part (letters, digits, '-', '_'); the export refuses others.
    std::vector<std::pair<std::string, std::string>> weaponProfiles;
};

// The hash half of checkAgreement, for callers that want to refuse before importing and baking:
// Ok when recorded is 0, settings.force is set or the file's fnv1a64 equals recorded. Errors:
// the file unreadable (Io), a mismatch (InvalidInput naming modelPath).
Status checkRecordedHash(const std::string& modelPath, std::uint64_t recorded, const ExportSettings& settings);

// Ok when the cloud and the model agree; an InvalidInput error naming the model otherwise
// (unless settings.force). sourceHash: fnv1a64 of the model file (0 = unknown).
Status checkAgreement(const BakedModel& baked, const ExportMeta& meta, std::uint64_t sourceHash,
                      const ExportSettings& settings);

// The debug picture: front (−Y), side (+X) and top (+Z) orthographic views of the mesh (grey,
// lit) with every dropped splat drawn as a dot: far red, detached yellow, silhouette magenta,
// dataset cyan, belly cull blue, dead black; a dot behind the mesh in that view is drawn
// half-transparent; a legend in the first view's bottom-left corner names the colours present.
// panel: pixels per view (the image is 3·panel × panel).
Result<Rgba8Image> droppedPicture(const geometry::Mesh& mesh, const BakedModel& baked, int panel = 320);

struct ExportedFile {
    std::string path;
    std::uintmax_t bytes = 0;
};

struct ExportResult {
    std::vector<ExportedFile> files;  // in write order: .bin, .meta.json, .json, .ply, .spz
    std::string sourceHash;           // "fnv1a64:<16 hex digits>" or empty
};

// cloud: the splats for PLY/SPZ (normally baked.cloud). name: file stem without '/'.
// progress: a report per file encoded ("encoding <file>", 0..0.8) and written into the staging
// folder (0.8..1); cancelled() is checked after each of them. A cancel before the renames (the
// commit point) returns a Cancelled error and leaves outDir as it was; once the renames begin
// the export completes.
Result<ExportResult> exportModel(const BakedModel& baked, const splat::SplatCloud& cloud, const ExportMeta& meta,
                                 const std::string& outDir, const std::string& name, const ExportSettings& settings = {},
                                 const Progress& progress = {});

using ::sw::fnv1a64;  // core/foundation/file_io.h

// Sidecar and debug texts (export_meta.cpp). sourceHash may be empty.
// `axes` is the export's PLY/SPZ axes setting, recorded under "axes".
std::string buildMetaJson(const BakedModel& baked, const ExportMeta& meta, const std::string& sourceHash,
                          formats::Axes axes = formats::Axes::Standard);
std::string buildDebugJson(const BakedModel& baked);

template <class S>
void addExportParams(SettingsSchema<S>& s) {
    s.template add<bool>(&S::writePly, "write-ply", "Write PLY").group("Export");
    s.template add<bool>(&S::writeSpz, "write-spz", "Write SPZ").group("Export");
    s.template addChoice(&S::spzVersion, "spz-version", "SPZ version",
                         {{SpzVersions::V3AndV4, "3+4"}, {SpzVersions::V3, "3"}, {SpzVersions::V4, "4"},
                          {SpzVersions::V2, "2"}})
        .group("Export").tooltip("3+4: <name>.spz (v3, Spark) and <name>.v4.spz (v4, PlayCanvas)");
    s.template addChoice(&S::axes, "axes", "Axes of PLY and SPZ",
                         {{formats::Axes::Standard, "standard"}, {formats::Axes::Model, "model"}})
        .group("Export")
        .tooltip("standard: each format's own axes, as viewers read them (PLY: 3DGS, y down; SPZ: y up); "
                 "model: the editor's model space, +Z up");
    s.template add<bool>(&S::writeDebugJson, "write-debug-json", "Write debug JSON").group("Export");
    s.template add<bool>(&S::writeDroppedPicture, "write-dropped-picture", "Write dropped-splat picture").group("Export")
        .tooltip("<name>.dropped.png: removed floaters per sign and belly-culled splats over the model");
    s.template add<float>(&S::mismatchFarShare, "mismatch-far-share", "Mismatch far share").range(0, 1).group("Export")
        .tooltip("Refuse the export when more than this share of the splats lie far from the model's surface");
    s.template add<bool>(&S::force, "force", "Force").group("Export")
        .tooltip("Export even when the cloud and the model disagree (far splats or a model hash mismatch)");
}

}  // namespace sw::bake
