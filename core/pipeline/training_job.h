#pragma once
// runTraining: the user-level "train a cloud" job (PIPELINE §3) for every front end, built only
// with the trainer (SPLATWRIGHT_TORCH). In order: the device check (one wording for every front
// end), the dataset (rendered first when the request carries a dataset job), validation, the
// checkpoint restore with its settings (resume) or the removal of the run folder's old
// checkpoint (fresh run), the memory estimate (train::checkTrainingMemory), the initialisation
// (checkpoint cloud, model surface or visual hull), training with checkpoints in
// <run>/checkpoint, and <run>/cloud.ply and <run>/metrics.json written atomically.
//
// Resume restores the checkpoint's settings. Only the session's settings come from the request:
// steps (to continue a run), device, threads and the metrics/checkpoint/preview periods.
// Every other setting the request holds that differs from the checkpoint's is reported in
// TrainingResult::restored (and TrainingStart::restored), never applied: the CLI and the
// editor resume alike.
#include <atomic>
#include <functional>
#include <optional>
#include <string>
#include <vector>

#include "core/foundation/error.h"
#include "core/foundation/progress.h"
#include "core/pipeline/dataset_job.h"
#include "core/pipeline/layout.h"
#include "core/train/checkpoint.h"
#include "core/train/trainer.h"

namespace sw::pipeline {

// Ok, or the Gpu error every front end shows when CUDA is asked for and cannot be used.
Status checkDevice(train::TrainDevice device);
// Schema ranges of every field.
Status validateTraining(const train::TrainSettings& settings);

// What the step loop starts from, reported before the first step.
struct TrainingStart {
    int trainViews = 0, valViews = 0, width = 0, height = 0;
    int startSplats = 0, startStep = 0;
    train::TrainSettings settings;  // the effective settings (restored ones on resume)
    std::vector<std::string> restored;  // see TrainingResult::restored
};

struct TrainingRequest {
    std::string datasetDir;            // NeRF-synthetic folder; ignored when `dataset` is set
    std::optional<DatasetRequest> dataset;  // render this first (its outDir is the dataset folder)
    std::string runDir;                // checkpoint/ and cloud.ply (created)
    train::TrainSettings settings;
    bool resume = false;
    std::string checkpoint;            // resume from here (folder or checkpoint.json); empty = <run>/checkpoint
    // Initialisation of a fresh run, first that applies: the dataset job's model, `surface`,
    // the model `initModel` (when it has a path), else the dataset's visual hull.
    ModelPtr surface;
    ModelSource initModel;
    train::TrainCallbacks callbacks;   // metrics and snapshots (worker thread)
    std::function<void(const TrainingStart&)> onStart;
    std::function<void(const DatasetResult&)> onDataset;  // after the dataset job, if any
    StageStamp stamp;                  // written on success when its path is set
    int deviceIndex = 0;               // CUDA device ordinal for device cuda (a batch lane's)
    const std::atomic<int>* threadShare = nullptr;  // a batch lane's live thread share (train::TrainInputs)
};

struct TrainingResult {
    train::TrainResult train;
    std::string cloudPath;             // <run>/cloud.ply
    std::string metricsPath;           // <run>/metrics.json (train::metricsJson)
    TrainingStart start;
    // Resume: one line per requested setting the checkpoint's replaced,
    // "budget: 6000 from the checkpoint (asked 3000)"; also in start.restored.
    std::vector<std::string> restored;
};

// Errors: Gpu (see checkDevice), invalid settings, a missing or unreadable dataset or
// checkpoint, a finished checkpoint (InvalidInput: raise steps), OutOfMemory (the estimate),
// the trainer's, Cancelled (the last checkpoint stays intact), Io writing the cloud.
Result<TrainingResult> runTraining(const TrainingRequest& request, const Progress& progress = {});

// The settings a resume would use: the checkpoint's, with the request's session settings.
// `restored` receives one line per differing non-session setting.
Result<train::TrainSettings> resumeSettings(const train::Checkpoint& checkpoint, const train::TrainSettings& requested,
                                            std::vector<std::string>* restored = nullptr);

// The step and settings of a checkpoint (`path`: a checkpoint folder or its checkpoint.json;
// the cloud is not read), or the error naming the file. A checkpoint without settings gives
// the defaults.
struct CheckpointInfo {
    int step = 0;
    train::TrainSettings settings;
};
Result<CheckpointInfo> readCheckpointInfo(const std::string& path);

// The project's training: its dataset (rendered first when missing or stale), its training
// settings (Project::training), its training folder.
Result<train::TrainSettings> trainingSettings(const project::Project& project);
Status setTrainingSettings(project::Project& project, const train::TrainSettings& settings);  // validated
Result<TrainingRequest> trainingRequest(const project::Project& project);

}  // namespace sw::pipeline
