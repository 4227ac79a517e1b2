#pragma once
// The dataset stage (PIPELINE §2, replaces the article's headless Blender): renders the lit
// model from the belt poses into a NeRF-synthetic folder:
//   <out>/transforms_{train,val,test}.json, <out>/{train,val,test}/r_<i>.png (RGBA, alpha = coverage)
// The folder is built under a temporary name and renamed into place when complete, so a
// cancelled or failed run never leaves a half-written dataset. An existing folder is replaced
// only on success and only when it is empty or a dataset this program wrote (its output marker
// lists everything in it, output_folder.h); a folder with the user's files or the input model
// is refused before any work.
#include <memory>
#include <string>

#include "core/dataset/belt.h"
#include "core/dataset/lighting.h"
#include "core/foundation/error.h"
#include "core/foundation/image_io.h"
#include "core/foundation/progress.h"
#include "core/foundation/schema.h"
#include "core/geometry/mesh.h"

namespace sw::dataset {

struct DatasetSettings {
    int resolution = 1024;   // px, square images
    Recipe recipe = Recipe::Ao;
    int aoRays = 64;         // hemisphere rays per vertex side (ao recipe)
    int aoBounces = 4;       // diffuse bounces (ao recipe; Blender Cycles' default is 4)
    float aoMaxEdge = 0.03f; // model units (0.02 measured no closer to Blender, 2.4× slower: docs/benchmarks.md)
    int samples = 8;         // MSAA samples: coverage alpha at silhouettes
    int pngLevel = 2;        // zlib level 0..9: speed over size for a cache
    std::uint32_t seed = 1;
    // [materials] per-material HSV adjustment (not a schema field: set by the editor's HSV
    // table and the CLI's repeatable --hsv flag); missing entries = identity.
    std::vector<HsvAdjust> materialHsv;
};
const SettingsSchema<DatasetSettings>& datasetSchema();

// Renders one view of a prepared (lit) mesh. Implemented over core/render by
// GlViewRenderer (gl_view_renderer.h); tests may supply their own.
class ViewRenderer {
public:
    virtual ~ViewRenderer() = default;
    virtual Status setScene(const LitMesh& lit, const LightingSettings& lighting) = 0;
    // Image of resolution × resolution, RGBA8, rows top to bottom, transparent background.
    virtual Result<Rgba8Image> render(const CameraPose& pose, const Intrinsics& intrinsics) = 0;
};

struct DatasetReport {
    std::string folder;
    int trainViews = 0, valViews = 0, testViews = 0;
    double lightingSeconds = 0;  // AO bake
    std::size_t aoRays = 0;      // sky-visibility rays traced (ao recipe)
    double aoRaysPerSecond = 0;  // their throughput (Embree occlusion rays, all threads)
    double renderSeconds = 0;    // GL draw + read-back
    double writeSeconds = 0;     // PNG encoding + writes
    double totalSeconds = 0;
};

Result<DatasetReport> renderDataset(const geometry::Mesh& mesh, const BeltSettings& belt,
                                    const DatasetSettings& settings, const std::string& outDir,
                                    ViewRenderer& renderer, const Progress& progress = {});

}  // namespace sw::dataset
