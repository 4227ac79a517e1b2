#include "app/editor/training_job.h"

#include <QDir>
#include <atomic>
#include <chrono>
#include <filesystem>
#include <optional>

#include "app/editor/job_runner.h"
#include "core/pipeline/layout.h"

namespace sw::editor {

namespace {

using Clock = std::chrono::steady_clock;

// Snapshot period in steps: every step on the CPU (copying the cloud is < 1% of a step there);
// on CUDA a snapshot is a device-to-host copy and a sync, so only every 20 steps.
int snapshotPeriod(const train::TrainSettings& s) { return s.device == train::TrainDevice::Cuda ? 20 : 1; }

// Worker-thread side of the feed: each call posts to the GUI thread; snapshots are
// rate-limited (see training_job.h).
class Poster {
public:
    Poster(JobRunner* runner, TrainingFeed feed) : m_runner(runner), m_feed(std::move(feed)) {}

    void stepsBegun(const pipeline::TrainingStart& start) {
        m_runner->post([feed = m_feed, start] { feed.stepsBegun(start); });
    }
    void metrics(const train::EvalMetrics& m) {
        m_runner->post([feed = m_feed, m] { feed.metrics(m); });
    }
    void snapshot(int step, const splat::SplatCloud& cloud) {
        const auto now = Clock::now();
        if (m_pending->load() || now - m_lastPreview < std::chrono::milliseconds(PREVIEW_INTERVAL_MS)) return;
        m_lastPreview = now;
        m_pending->store(true);
        auto copy = std::make_shared<const splat::SplatCloud>(cloud);
        m_runner->post([feed = m_feed, step, copy, pending = m_pending] {
            feed.snapshot(step, copy);
            pending->store(false);  // the GUI has taken it
        });
    }

private:
    JobRunner* m_runner;
    TrainingFeed m_feed;
    std::shared_ptr<std::atomic<bool>> m_pending = std::make_shared<std::atomic<bool>>(false);
    Clock::time_point m_lastPreview{};
};

// The Training dock's job is core/pipeline's runTraining, like `splatwright-cli train`: the
// same device check, validation, resume with the checkpoint's settings (the panel's other
// values are reported, not applied), removal of an old checkpoint on a fresh run, and the
// same files in the run folder.
Result<TrainingOutcome> trainOnThisThread(const TrainingJob& job, const Progress& progress, Poster& poster) {
    pipeline::TrainingRequest request;
    request.datasetDir = job.datasetDir.toStdString();
    request.runDir = job.runDir.toStdString();
    request.settings = job.settings;
    request.settings.snapshotEvery = snapshotPeriod(job.settings);
    request.resume = job.resume;
    request.surface = job.model;
    request.stamp = job.stamp;
    request.onStart = [&poster](const pipeline::TrainingStart& start) {
        poster.stepsBegun(start);
    };
    request.callbacks.onMetrics = [&poster](const train::EvalMetrics& m) { poster.metrics(m); };
    request.callbacks.onSnapshot = [&poster](int step, const splat::SplatCloud& cloud) { poster.snapshot(step, cloud); };
    auto result = pipeline::runTraining(request, progress);
    if (!result) return result.error();
    TrainingOutcome out;
    out.plyPath = QString::fromStdString(result->cloudPath);
    out.restored = result->restored;
    out.settings = result->start.settings;
    out.cloud = std::make_shared<const splat::SplatCloud>(std::move(result->train.cloud));
    out.final = result->train.final;
    out.lossCurve = std::move(result->train.lossCurve);
    out.relocated = result->train.relocated;
    out.added = result->train.added;
    out.seconds = result->train.seconds;
    return out;
}

}  // namespace

std::function<Result<TrainingOutcome>(const Progress&)> trainingWork(TrainingJob job, JobRunner* runner,
                                                                    TrainingFeed feed) {
    return [job = std::move(job), runner, feed = std::move(feed)](const Progress& progress) {
        Poster poster(runner, feed);
        return trainOnThisThread(job, progress, poster);
    };
}

QString checkpointDir(const QString& runDir) {
    return QString::fromStdString(pipeline::runCheckpointDir(runDir.toStdString()));
}

std::optional<pipeline::CheckpointInfo> checkpointInfo(const QString& runDir) {
    if (runDir.isEmpty() || !QDir(checkpointDir(runDir)).exists(QStringLiteral("checkpoint.json"))) return std::nullopt;
    auto info = pipeline::readCheckpointInfo(checkpointDir(runDir).toStdString());
    if (!info) return std::nullopt;
    return *info;
}

int checkpointStep(const QString& runDir) {
    auto info = checkpointInfo(runDir);
    return info ? info->step : -1;
}

}  // namespace sw::editor
