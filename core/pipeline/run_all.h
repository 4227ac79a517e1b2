#pragma once
// runAll: the whole pipeline of a project, model → export (dataset, training, bake, export),
// skipping each stage whose product is up to date (layout.h stage status) unless forced.
// Built only with the trainer (SPLATWRIGHT_TORCH).
#include <functional>
#include <optional>
#include <string>

#include "core/foundation/error.h"
#include "core/foundation/progress.h"
#include "core/pipeline/bake_job.h"
#include "core/pipeline/dataset_job.h"
#include "core/pipeline/training_job.h"
#include "core/project/project.h"

namespace sw::pipeline {

struct AllRequest {
    project::Project project;
    bool force = false;          // re-run every stage even when up to date
    std::string outDir;          // export folder; empty = exportDir(project)
    train::TrainCallbacks callbacks;
    std::function<void(Stage, StageStatus)> onStage;  // before each stage, with its status
    std::function<void(const TrainingStart&)> onTrainingStart;
};

struct AllResult {
    std::optional<DatasetResult> dataset;    // unset when the dataset was up to date
    std::optional<TrainingResult> training;  // unset when the trained cloud was up to date
    ExportOutcome exported;
};

Result<AllResult> runAll(const AllRequest& request, const Progress& progress = {});

}  // namespace sw::pipeline
