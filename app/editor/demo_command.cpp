#include "app/editor/demo_command.h"

#include "core/demo/demo_drone.h"
#include "core/foundation/log.h"
#include "core/geometry/gltf_writer.h"

namespace sw::editor {

const ParamSchema& demoParamSchema() { return demo::demoSchema().schema(); }

ModelJob makeDemoJob(const ParamSet& params, std::string glbPath, geometry::ImportSettings importSettings) {
    const demo::DemoSettings settings = demo::demoSchema().fromParams(params);
    return [settings, glbPath = std::move(glbPath), importSettings](const Progress& progress)
               -> Result<geometry::ImportedModel> {
        Result<demo::DemoDrone> drone = demo::generateDemoDrone(settings, progress.sub(0.0, 0.7));
        if (!drone) return drone.error();
        if (progress.cancelled()) return makeError(ErrorCode::Cancelled, "demo generation cancelled");
        progress.report(0.7, "Writing the demo drone GLB");
        SW_TRY(geometry::writeGlb(drone->mesh, glbPath));
        SW_LOG_INFO("Generated the demo drone (seed " << settings.seed << ", " << settings.plates << " plates, "
                                                      << drone->invertedCount() << " inverted) → " << glbPath);
        return geometry::importModel(glbPath, importSettings, progress.sub(0.75, 1.0));
    };
}

}  // namespace sw::editor
