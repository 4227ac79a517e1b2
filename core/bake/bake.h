#pragma once
// The bake pipeline (PIPELINE §4–5): normal snap → floaters (four signs) → belly cull and
// core/shell split → channels → materials → chunks → importance order and 64 shell orders,
// assembled into an SPL2 model with its CHNK tail.
#include <limits>
#include <array>
#include <cstdint>
#include <optional>
#include <string>
#include <vector>

#include "core/bake/channels.h"
#include "core/bake/chunks.h"
#include "core/bake/floaters.h"
#include "core/bake/materials.h"
#include "core/bake/normal_snap.h"
#include "core/bake/orders.h"
#include "core/bake/split_core_shell.h"
#include "core/formats/spl2.h"
#include "core/foundation/error.h"
#include "core/foundation/progress.h"
#include "core/geometry/mesh.h"
#include "core/splat/splat_cloud.h"

namespace sw::bake {

// Every stage's settings in one struct (field names are unique across stages), so one schema
// drives the editor panel, the CLI flags and the presets; each stage reads its own base.
struct BakeSettings : NormalSnapSettings, FloaterSettings, SplitSettings, OrderSettings, ChannelSettings,
                      MaterialSettings, ChunkSettings {};
const SettingsSchema<BakeSettings>& bakeSchema();

struct BakeReport {
    std::size_t input = 0;               // splats in
    int normalsFlipped = 0;              // snapped normals turned against their face's winding (0 by rule)
    int normalsBehind = 0, normalsOn = 0, normalsInFront = 0;  // centres behind / on / in front of their face
    FloaterReport floaters;
    int bellyCulled = 0;
    FloaterWhere bellyWhere;             // where the belly-culled splats lie (behind / on / in front)
    int bellySeen = 0;                   // normal below the belt but seen by it: kept
    int dead = 0;                        // dropped as dead (opacity ≤ dead-opacity)
    std::size_t core = 0, shell = 0;     // splats out
    int emissive = 0;
    std::string emissionFrom;  // emissionSourceText of the source used
    std::array<int, formats::kSpl2MaterialClasses> materials{};  // splats per class
    int chunks = 0, chunkGroups = 0;
    bool chunksCapped = false;
    float chunkAreaWorst = 0;            // max over chunks of |area/target − 1|
    float chunkAreaWithin30 = 0;         // share of chunks with |area/target − 1| ≤ 0.3
    std::vector<std::string> warnings;
};

// A splat of the input cloud that the bake left out, for the debug picture and the inspector.
struct DroppedSplat {
    enum Sign : std::uint8_t { Far = 1, Detached = 2, Silhouette = 4, Dataset = 8, Belly = 16, Dead = 32 };
    int source = 0;             // index into the input cloud
    Eigen::Vector3f position;   // model space
    std::uint8_t signs = 0;     // the floater signs that flagged it (removed), or Belly, or Dead
    signed char side = 0;       // −1 behind its nearest face, 0 on it, +1 in front
    float distance = std::numeric_limits<float>::quiet_NaN();  // centre to the surface, model units
};

struct BakedModel {
    formats::Spl2Model spl2;
    std::vector<DroppedSplat> dropped;  // removed floaters, belly-culled and dead splats
    std::vector<int> source;  // [n_core + n_shell] index into the input cloud of each baked splat
    // The baked splats as a cloud for PLY/SPZ: core in importance order, then the shell; the
    // snapped normals filled in. Splat i here is core i, splat n_core + j is shell j.
    splat::SplatCloud cloud;
    BakeReport report;
};

// Per-model decisions made in the editor, not settings: the Floater inspector's keep list and
// the Recipes panel's recipe.
struct BakeOverrides {
    // [N] 0/1 per input splat, 1 = never removed as a floater (its signs are still counted,
    // FloaterReport::kept counts the flagged ones); empty = none kept.
    std::vector<std::uint8_t> keepFloaters;
    std::optional<MaterialRecipe> recipe;  // replaces settings.materialRecipe when set
};

// cloud and mesh share the normalised model space; dataset may be null (sign 4 skipped).
// Errors: invalid cloud (InvalidInput naming "cloud"), a keep list of the wrong size
// (InvalidInput), a mesh Embree rejects, an unreadable material recipe, nothing left after the
// floater pass and belly cull (InvalidInput), Cancelled.
Result<BakedModel> bakeModel(const splat::SplatCloud& cloud, const geometry::Mesh& mesh, const DatasetViews* dataset,
                             const BakeSettings& settings, const Progress& progress = {},
                             const BakeOverrides& overrides = {});

// The floater pass alone, for the editor's inspector: normal snap (for the distances) and the
// four signs with the bake's settings. distance: [N] centre to surface, model units.
struct FloaterScan {
    FloaterResult floaters;
    std::vector<float> distance;
};
// Errors: invalid or empty cloud, a mesh Embree rejects, Cancelled.
Result<FloaterScan> scanFloaters(const splat::SplatCloud& cloud, const geometry::Mesh& mesh, const DatasetViews* dataset,
                                 const BakeSettings& settings, const Progress& progress = {});

}  // namespace sw::bake
