#pragma once
// runDataset: the user-level "render the dataset" job (PIPELINE §2) for every front end:
// validate the settings, import and repair the model (or take the caller's), apply the
// per-material HSV, bake the lighting and render the NeRF-synthetic folder through a headless
// EGL context (replaced atomically when complete).
#include <string>
#include <vector>

#include "core/dataset/belt.h"
#include "core/dataset/dataset_stage.h"
#include "core/foundation/error.h"
#include "core/foundation/progress.h"
#include "core/pipeline/layout.h"
#include "core/pipeline/model_source.h"

namespace sw::pipeline {

// A per-material adjustment given by material name or index ("2"), resolved after import.
struct NamedHsv {
    std::string material;
    dataset::HsvAdjust adjust;
};

struct DatasetRequest {
    ModelSource model;
    dataset::BeltSettings belt;
    dataset::DatasetSettings dataset;  // materialHsv by material index (missing = identity)
    std::vector<NamedHsv> namedHsv;    // applied over dataset.materialHsv
    std::string outDir;
    StageStamp stamp;                  // written on success when its path is set
};

struct DatasetResult {
    ModelPtr model;                    // the imported (repaired, normalised) model
    dataset::DatasetReport report;
    std::string glRenderer;            // GL_RENDERER of the headless context
};

// Errors: invalid settings (InvalidInput naming the parameter), an HSV naming no material
// (InvalidInput naming the model), the import's, no GL context (Gpu), the render's, Cancelled.
Result<DatasetResult> runDataset(const DatasetRequest& request, const Progress& progress = {});

// A request for the project's dataset: its model (hash-checked), settings and cache folder.
DatasetRequest datasetRequest(const project::Project& project);

}  // namespace sw::pipeline
