#pragma once
// The Demo drone panel's Generate command: build the drone from the panel's settings
// (core/demo), write it as GLB to the cache and open that file through the normal import
// path, so the editor shows exactly what `splatwright-cli demo` would write.
#include <functional>
#include <string>

#include "core/foundation/progress.h"
#include "core/foundation/schema.h"
#include "core/geometry/import.h"

namespace sw::editor {

// The schema of the Demo drone panel (sw::demo::demoSchema()).
const sw::ParamSchema& demoParamSchema();

// A worker job (JobRunner work): generate (70 % of the progress), write `glbPath` atomically,
// import it. `params` must belong to demoParamSchema().
using ModelJob = std::function<sw::Result<sw::geometry::ImportedModel>(const sw::Progress&)>;
ModelJob makeDemoJob(const sw::ParamSet& params, std::string glbPath,
                    sw::geometry::ImportSettings importSettings);

}  // namespace sw::editor
