#include "app/cli/dataset_flags.h"

#include <algorithm>
#include <cctype>
#include <cstdio>
#include <filesystem>

#include "app/cli/terminal_progress.h"
#include "core/dataset/dataset_stage.h"
#include "core/dataset/gl_view_renderer.h"
#include "core/render/headless_context.h"

namespace sw::cli {

struct DatasetStageFlags::Params {
    ParamSet importParams{geometry::importSchema().schema()};
    ParamSet beltParams{dataset::beltSchema().schema()};
    ParamSet datasetParams{dataset::datasetSchema().schema()};
};

namespace {

// Applies each --hsv to the material of that name (or index) of the imported mesh.
Status applyHsv(const std::vector<std::string>& hsv, const geometry::Mesh& mesh, const std::string& model,
                dataset::DatasetSettings& settings) {
    settings.materialHsv.assign(mesh.materials.size(), dataset::HsvAdjust{});
    for (const std::string& text : hsv) {
        const auto colon = text.rfind(':');
        dataset::HsvAdjust adjust;
        char tail = 0;
        if (colon == std::string::npos ||
            std::sscanf(text.c_str() + colon + 1, "%f,%f,%f%c", &adjust.hueShift, &adjust.saturation, &adjust.value,
                        &tail) != 3 || adjust.saturation < 0 || adjust.value < 0)
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

}  // namespace

DatasetStageFlags::DatasetStageFlags(CLI::App& cmd, const std::set<std::string>& skip)
    : m_params(std::make_unique<Params>()) {
    cmd.add_option("--hsv", m_hsv,
                   "Per-material colour adjustment <material name or index>:<hue shift deg>,<saturation ×>,<value ×>; repeatable")
        ->group("Lighting");
    m_importFlags = std::make_unique<SchemaFlags>(cmd, m_params->importParams, skip);
    m_beltFlags = std::make_unique<SchemaFlags>(cmd, m_params->beltParams, skip);
    m_datasetFlags = std::make_unique<SchemaFlags>(cmd, m_params->datasetParams, skip);
}

DatasetStageFlags::~DatasetStageFlags() = default;

Result<geometry::ImportedModel> DatasetStageFlags::run(const std::string& model, const std::string& output) const {
    SW_TRY(m_importFlags->apply());
    SW_TRY(m_beltFlags->apply());
    SW_TRY(m_datasetFlags->apply());
    const auto importSettings = geometry::importSchema().fromParams(m_params->importParams);
    const auto belt = dataset::beltSchema().fromParams(m_params->beltParams);
    auto settings = dataset::datasetSchema().fromParams(m_params->datasetParams);
    if (belt.elevationMin > belt.elevationMax)
        return makeError(ErrorCode::InvalidInput, "elevation-min is above elevation-max");

    auto imported = geometry::importModel(model, importSettings);
    if (!imported) return imported.error();
    for (const std::string& w : imported->report.warnings) std::fprintf(stderr, "warning: %s\n", w.c_str());
    SW_TRY(applyHsv(m_hsv, imported->mesh, model, settings));
    auto context = render::HeadlessContext::create();
    if (!context) return context.error();
    auto renderer = dataset::GlViewRenderer::create((*context)->loader(), settings.samples);
    if (!renderer) return renderer.error();
    TerminalProgress bar("dataset");
    auto report = dataset::renderDataset(imported->mesh, belt, settings, output, **renderer, bar.progress());
    bar.finish();
    if (!report) return report.error();
    std::printf("dataset: %s\n", report->folder.c_str());
    std::printf("  views:      %d train, %d val, %d test at %d² (%s recipe)\n", report->trainViews, report->valViews,
                report->testViews, settings.resolution, dataset::recipeName(settings.recipe));
    std::printf("  time:       %.2f s total: lighting %.2f s, render %.2f s, PNG wait %.2f s\n", report->totalSeconds,
                report->lightingSeconds, report->renderSeconds, report->writeSeconds);
    if (report->aoRays > 0)
        std::printf("  sky rays:   %zu occlusion rays at %.2f M rays/s (Embree)\n", report->aoRays,
                    report->aoRaysPerSecond / 1e6);
    std::printf("  winding:    %d of %d components flipped\n", imported->report.winding.flippedComponents,
                imported->report.winding.components);
    std::printf("  gl:         %s\n", (*context)->rendererName().c_str());
    std::fflush(stdout);
    return imported;
}

bool isModelFile(const std::string& path) {
    std::string ext = std::filesystem::path(path).extension().string();
    std::transform(ext.begin(), ext.end(), ext.begin(), [](unsigned char c) { return char(std::tolower(c)); });
    return ext == ".glb" || ext == ".gltf" || ext == ".fbx" || ext == ".obj";
}

}  // namespace sw::cli
