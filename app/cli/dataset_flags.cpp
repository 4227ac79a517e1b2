#include "app/cli/dataset_flags.h"

#include <algorithm>
#include <cctype>
#include <cstdio>
#include <filesystem>

namespace sw::cli {

struct DatasetStageFlags::Params {
    ParamSet importParams{geometry::importSchema().schema()};
    ParamSet beltParams{dataset::beltSchema().schema()};
    ParamSet datasetParams{dataset::datasetSchema().schema()};
};

namespace {

// "<material>:<hue shift>,<saturation>,<value>"; the material is resolved after import.
Result<pipeline::NamedHsv> parseHsv(const std::string& text) {
    const auto colon = text.rfind(':');
    pipeline::NamedHsv named;
    char tail = 0;
    dataset::HsvAdjust& adjust = named.adjust;
    if (colon == std::string::npos ||
        std::sscanf(text.c_str() + colon + 1, "%f,%f,%f%c", &adjust.hueShift, &adjust.saturation, &adjust.value,
                    &tail) != 3 || adjust.saturation < 0 || adjust.value < 0)
        return makeError(ErrorCode::InvalidInput, "--hsv '" + text + "' is not <material>:<hue>,<saturation>,<value>");
    named.material = text.substr(0, colon);
    return named;
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

Status DatasetStageFlags::applySettings(geometry::ImportSettings& import, dataset::BeltSettings& belt,
                                        dataset::DatasetSettings& settings) const {
    Params& p = *m_params;
    p.importParams = geometry::importSchema().toParams(import);
    p.beltParams = dataset::beltSchema().toParams(belt);
    p.datasetParams = dataset::datasetSchema().toParams(settings);
    SW_TRY(m_importFlags->apply());
    SW_TRY(m_beltFlags->apply());
    SW_TRY(m_datasetFlags->apply());
    const std::vector<dataset::HsvAdjust> hsv = settings.materialHsv;  // not a schema field
    import = geometry::importSchema().fromParams(p.importParams);
    belt = dataset::beltSchema().fromParams(p.beltParams);
    settings = dataset::datasetSchema().fromParams(p.datasetParams);
    settings.materialHsv = hsv;
    return {};
}

Result<pipeline::DatasetRequest> DatasetStageFlags::request(pipeline::DatasetRequest base) const {
    SW_TRY(applySettings(base.model.import, base.belt, base.dataset));
    for (const std::string& text : m_hsv) {
        auto named = parseHsv(text);
        if (!named) return named.error();
        base.namedHsv.push_back(std::move(*named));
    }
    return base;
}

Status DatasetStageFlags::applyTo(project::Project& project) const {
    if (!m_hsv.empty())
        return makeError(ErrorCode::InvalidInput, "--hsv is for a model input; the project holds its HSV adjustments");
    return applySettings(project.import, project.belt, project.dataset);
}

void printDatasetReport(const pipeline::DatasetResult& result, const pipeline::DatasetRequest& request) {
    const geometry::ImportReport& imported = result.model->report;
    for (const std::string& w : imported.warnings) std::fprintf(stderr, "warning: %s\n", w.c_str());
    const dataset::DatasetReport& report = result.report;
    std::printf("dataset: %s\n", report.folder.c_str());
    std::printf("  views:      %d train, %d val, %d test at %d² (%s recipe)\n", report.trainViews, report.valViews,
                report.testViews, request.dataset.resolution, dataset::recipeName(request.dataset.recipe));
    std::printf("  time:       %.2f s total: lighting %.2f s, render %.2f s, PNG wait %.2f s\n", report.totalSeconds,
                report.lightingSeconds, report.renderSeconds, report.writeSeconds);
    if (report.aoRays > 0)
        std::printf("  sky rays:   %zu occlusion rays at %.2f M rays/s (Embree)\n", report.aoRays,
                    report.aoRaysPerSecond / 1e6);
    std::printf("  winding:    %d of %d components flipped\n", imported.winding.flippedComponents,
                imported.winding.components);
    std::printf("  gl:         %s\n", result.glRenderer.c_str());
    std::fflush(stdout);
}

bool isModelFile(const std::string& path) {
    std::string ext = std::filesystem::path(path).extension().string();
    std::transform(ext.begin(), ext.end(), ext.begin(), [](unsigned char c) { return char(std::tolower(c)); });
    return ext == ".glb" || ext == ".gltf" || ext == ".fbx" || ext == ".obj";
}

}  // namespace sw::cli
