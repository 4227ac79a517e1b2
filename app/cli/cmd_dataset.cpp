// `splatwright-cli dataset model.glb -o <dir> [belt, dataset and import flags]`: imports and
// repairs the model, bakes the lighting recipe and renders the NeRF-synthetic dataset through
// a headless EGL context (PIPELINE §2).
#include <cstdio>
#include <memory>
#include <string>

#include "app/cli/command.h"
#include "app/cli/schema_flags.h"
#include "app/cli/terminal_progress.h"
#include "core/dataset/dataset_stage.h"
#include "core/dataset/gl_view_renderer.h"
#include "core/geometry/import.h"
#include "core/render/headless_context.h"

namespace sw::cli {
namespace {

struct DatasetCommand {
    std::string model;
    std::string output;
    ParamSet importParams{geometry::importSchema().schema()};
    ParamSet beltParams{dataset::beltSchema().schema()};
    ParamSet datasetParams{dataset::datasetSchema().schema()};
    std::unique_ptr<SchemaFlags> importFlags, beltFlags, datasetFlags;
    std::vector<std::string> hsv;  // "<material>:<hue shift>,<saturation>,<value>"

    // Applies each --hsv to the material of that name (or index) of the imported mesh.
    Status applyHsv(const geometry::Mesh& mesh, dataset::DatasetSettings& settings) const {
        settings.materialHsv.assign(mesh.materials.size(), dataset::HsvAdjust{});
        for (const std::string& text : hsv) {
            const auto colon = text.rfind(':');
            dataset::HsvAdjust adjust;
            char tail = 0;
            if (colon == std::string::npos ||
                std::sscanf(text.c_str() + colon + 1, "%f,%f,%f%c", &adjust.hueShift, &adjust.saturation,
                            &adjust.value, &tail) != 3 || adjust.saturation < 0 || adjust.value < 0)
                return makeError(ErrorCode::InvalidInput, "--hsv '" + text + "' is not <material>:<hue>,<saturation>,<value>");
            const std::string name = text.substr(0, colon);
            std::size_t found = mesh.materials.size();
            for (std::size_t m = 0; m < mesh.materials.size(); ++m)
                if (mesh.materials[m].name == name || std::to_string(m) == name) found = m;
            if (found == mesh.materials.size())
                return makeError(ErrorCode::InvalidInput, "--hsv names no material '" + name + "'", model);
            settings.materialHsv[found] = adjust;
        }
        return {};
    }

    Status run() const {
        SW_TRY(importFlags->apply());
        SW_TRY(beltFlags->apply());
        SW_TRY(datasetFlags->apply());
        const auto importSettings = geometry::importSchema().fromParams(importParams);
        const auto belt = dataset::beltSchema().fromParams(beltParams);
        auto settings = dataset::datasetSchema().fromParams(datasetParams);
        if (belt.elevationMin > belt.elevationMax)
            return makeError(ErrorCode::InvalidInput, "elevation-min is above elevation-max");

        auto imported = geometry::importModel(model, importSettings);
        if (!imported) return imported.error();
        for (const std::string& w : imported->report.warnings) std::fprintf(stderr, "warning: %s\n", w.c_str());
        SW_TRY(applyHsv(imported->mesh, settings));
        auto context = render::HeadlessContext::create();
        if (!context) return context.error();
        auto renderer = dataset::GlViewRenderer::create((*context)->loader(), settings.samples);
        if (!renderer) return renderer.error();
        TerminalProgress bar("dataset");
        auto report = dataset::renderDataset(imported->mesh, belt, settings, output, **renderer, bar.progress());
        bar.finish();
        if (!report) return report.error();
        std::printf("dataset: %s\n", report->folder.c_str());
        std::printf("  views:      %d train, %d val, %d test at %d² (%s recipe)\n", report->trainViews,
                    report->valViews, report->testViews, settings.resolution, dataset::recipeName(settings.recipe));
        std::printf("  time:       %.2f s total: lighting %.2f s, render %.2f s, PNG wait %.2f s\n",
                    report->totalSeconds, report->lightingSeconds, report->renderSeconds, report->writeSeconds);
        if (report->aoRays > 0)
            std::printf("  sky rays:   %zu occlusion rays at %.2f M rays/s (Embree)\n", report->aoRays,
                        report->aoRaysPerSecond / 1e6);
        std::printf("  winding:    %d of %d components flipped\n", imported->report.winding.flippedComponents,
                    imported->report.winding.components);
        std::printf("  gl:         %s\n", (*context)->rendererName().c_str());
        return {};
    }
};

}  // namespace

void addDatasetCommand(CLI::App& app, Outcome& outcome) {
    auto state = std::make_shared<DatasetCommand>();
    CLI::App* cmd = app.add_subcommand("dataset", "Render the synthetic training dataset of a model (NeRF-synthetic layout)");
    cmd->add_option("model", state->model, "Model file (glTF/GLB, FBX, OBJ)")->required();
    cmd->add_option("-o,--output", state->output, "Output folder (replaced atomically when complete)")->required();
    cmd->add_option("--hsv", state->hsv,
                    "Per-material colour adjustment <material name or index>:<hue shift deg>,<saturation ×>,<value ×>; repeatable")
        ->group("Lighting");
    state->importFlags = std::make_unique<SchemaFlags>(*cmd, state->importParams);
    state->beltFlags = std::make_unique<SchemaFlags>(*cmd, state->beltParams);
    state->datasetFlags = std::make_unique<SchemaFlags>(*cmd, state->datasetParams);
    cmd->callback([state, &outcome] { outcome.status = state->run(); });
}

}  // namespace sw::cli
