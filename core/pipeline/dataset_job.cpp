#include "core/pipeline/dataset_job.h"

#include "core/dataset/gl_view_renderer.h"
#include "core/pipeline/validate.h"
#include "core/render/headless_context.h"

namespace sw::pipeline {
namespace {

// Resolves each named adjustment to its material (by name, or by index written as a number).
Status applyNamedHsv(const std::vector<NamedHsv>& named, const geometry::Mesh& mesh, const std::string& modelPath,
                     dataset::DatasetSettings& settings) {
    settings.materialHsv.resize(mesh.materials.size(), dataset::HsvAdjust{});
    for (const NamedHsv& n : named) {
        std::size_t found = mesh.materials.size();
        for (std::size_t m = 0; m < mesh.materials.size(); ++m)
            if (mesh.materials[m].name == n.material || std::to_string(m) == n.material) found = m;
        if (found == mesh.materials.size())
            return makeError(ErrorCode::InvalidInput, "--hsv names no material '" + n.material + "'", modelPath);
        settings.materialHsv[found] = n.adjust;
    }
    return {};
}

}  // namespace

Result<DatasetResult> runDataset(const DatasetRequest& request, const Progress& progress) {
    SW_TRY(validateBelt(request.belt));
    SW_TRY(validateDataset(request.dataset));
    if (request.outDir.empty()) return makeError(ErrorCode::InvalidInput, "no output folder for the dataset");
    DatasetResult result;
    progress.report(0, "importing the model");
    auto model = loadModel(request.model);
    if (!model) return model.error();
    result.model = *model;
    dataset::DatasetSettings settings = request.dataset;
    const std::string modelPath = request.model.path.empty() ? result.model->report.path : request.model.path;
    SW_TRY(applyNamedHsv(request.namedHsv, result.model->mesh, modelPath, settings));
    SW_TRY(validateDataset(settings));
    auto context = render::HeadlessContext::create();
    if (!context) return context.error();
    auto renderer = dataset::GlViewRenderer::create((*context)->loader(), settings.samples);
    if (!renderer) return renderer.error();
    auto report = dataset::renderDataset(result.model->mesh, request.belt, settings, request.outDir, **renderer,
                                         progress.sub(0.02, 1));
    renderer->reset();  // GL objects go while the context is current
    if (!report) return report.error();
    result.report = std::move(*report);
    result.glRenderer = (*context)->rendererName();
    SW_TRY(writeStamp(request.stamp));
    return result;
}

DatasetRequest datasetRequest(const project::Project& project) {
    DatasetRequest request;
    request.model.path = project.modelPath;
    request.model.import = project.import;
    request.model.project = std::make_shared<const project::Project>(project);
    request.belt = project.belt;
    request.dataset = project.dataset;
    request.dataset.materialHsv = project.materialHsv;
    request.outDir = datasetDir(project);
    request.stamp = stageStamp(project, Stage::Dataset);
    return request;
}

}  // namespace sw::pipeline
