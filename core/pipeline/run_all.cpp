#include "core/pipeline/run_all.h"

namespace sw::pipeline {

Result<AllResult> runAll(const AllRequest& request, const Progress& progress) {
    const project::Project& project = request.project;
    AllResult out;
    auto status = [&](Stage stage) {
        const StageStatus s = request.force ? StageStatus::Stale : stageStatus(project, stage);
        if (request.onStage) request.onStage(stage, s);
        return s;
    };
    if (status(Stage::Dataset) != StageStatus::UpToDate) {
        auto dataset = runDataset(datasetRequest(project), progress.sub(0, 0.1));
        if (!dataset) return dataset.error();
        out.dataset = std::move(*dataset);
    }
    if (status(Stage::Training) != StageStatus::UpToDate) {
        auto training = trainingRequest(project);
        if (!training) return training.error();
        training->dataset.reset();  // rendered above when it was not up to date
        if (out.dataset) training->surface = out.dataset->model;
        training->callbacks = request.callbacks;
        training->onStart = request.onTrainingStart;
        auto trained = runTraining(*training, progress.sub(0.1, 0.9));
        if (!trained) return trained.error();
        out.training = std::move(*trained);
    }
    status(Stage::Export);  // the export always runs: it is the job's product
    auto exporting = exportRequest(project);
    if (!exporting) return exporting.error();
    redirect(exporting->outDir, exporting->stamp, request.outDir);
    auto exported = runExport(*exporting, progress.sub(0.9, 1));
    if (!exported) return exported.error();
    out.exported = std::move(*exported);
    return out;
}

}  // namespace sw::pipeline
