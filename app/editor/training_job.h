#pragma once
// A training run of the editor's Training dock, run on the JobRunner's worker: core/pipeline's
// runTraining (the same job as `splatwright-cli train`) on the dataset folder, starting from
// the model's surface (a model is given), the dataset's visual hull, or the run folder's
// checkpoint (resume, with the checkpoint's settings), checkpoints in <runDir>/checkpoint,
// <runDir>/cloud.ply and metrics.json written. Live results go through `feed` (called on the worker): the
// trainer offers a snapshot every few steps and the feed forwards one at most every
// PREVIEW_INTERVAL_MS, and never while the GUI has not taken the previous one, so a slow
// viewport cannot be flooded.
#include <QString>
#include <functional>
#include <memory>
#include <optional>
#include <string>
#include <utility>
#include <vector>

#include "core/foundation/progress.h"
#include "core/geometry/import.h"
#include "core/pipeline/training_job.h"
#include "core/splat/splat_cloud.h"
#include "core/train/trainer.h"

namespace sw::editor {

class JobRunner;

constexpr int PREVIEW_INTERVAL_MS = 400;

struct TrainingJob {
    QString datasetDir;  // NeRF-synthetic folder (transforms_*.json + RGBA images)
    QString runDir;      // checkpoint/ and cloud.ply go here (created)
    sw::train::TrainSettings settings;
    std::shared_ptr<const sw::geometry::ImportedModel> model;  // surface initialisation; null: visual hull
    bool resume = false;  // start from <runDir>/checkpoint (and its settings) instead
    sw::pipeline::StageStamp stamp;  // the project's training stamp (its own dataset), written on success
};

struct TrainingOutcome {
    std::shared_ptr<const sw::splat::SplatCloud> cloud;
    sw::train::EvalMetrics final;
    std::vector<std::pair<int, double>> lossCurve;  // (step, mean loss of ≤ 100 steps)
    QString plyPath;
    int relocated = 0, added = 0;
    double seconds = 0;
    sw::train::TrainSettings settings;  // the effective settings (the checkpoint's on resume)
    std::vector<std::string> restored;  // "budget: 6000 from the checkpoint (asked 3000)", on resume
};

// What a running job reports; each member runs on the GUI thread (posted through the runner).
struct TrainingFeed {
    std::function<void(const sw::pipeline::TrainingStart&)> stepsBegun;
    std::function<void(const sw::train::EvalMetrics&)> metrics;
    std::function<void(int step, std::shared_ptr<const sw::splat::SplatCloud>)> snapshot;
};

// The job as a JobRunner work function (runs on the worker; posts the feed through `runner`).
std::function<sw::Result<TrainingOutcome>(const sw::Progress&)> trainingWork(TrainingJob job, JobRunner* runner,
                                                                            TrainingFeed feed);

QString checkpointDir(const QString& runDir);
// The step and settings of the readable checkpoint in `runDir` (core's reader), if any.
std::optional<sw::pipeline::CheckpointInfo> checkpointInfo(const QString& runDir);
// Its step, or -1.
int checkpointStep(const QString& runDir);

}  // namespace sw::editor
