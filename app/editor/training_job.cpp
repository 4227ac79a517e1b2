#include "app/editor/training_job.h"

#include <QDir>
#include <atomic>
#include <chrono>
#include <filesystem>

#include "app/editor/job_runner.h"
#include "core/formats/ply.h"
#include "core/train/checkpoint.h"
#include "core/train/init_cloud.h"
#include "core/train/train_data.h"

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

    void stepsBegun(int startStep, int steps, int splats) {
        m_runner->post([feed = m_feed, startStep, steps, splats] { feed.stepsBegun(startStep, steps, splats); });
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

Result<train::TrainInputs> startInputs(const TrainingJob& job, const train::TrainData& data,
                                       const train::TrainSettings& s, const Progress& progress) {
    train::TrainInputs inputs;
    inputs.data = &data;
    inputs.checkpointDir = checkpointDir(job.runDir).toStdString();
    if (job.resume) {
        auto cp = train::readCheckpoint(inputs.checkpointDir);
        if (!cp) return cp.error();
        if (cp->step >= s.steps)
            return makeError(ErrorCode::InvalidInput, "the checkpoint is at step " + std::to_string(cp->step) + " of " +
                                                          std::to_string(s.steps) + "; raise Steps to continue",
                             inputs.checkpointDir);
        inputs.initial = std::move(cp->cloud);
        inputs.startStep = cp->step;
        return inputs;
    }
    // A fresh run replaces the folder's checkpoint, so Resume never mixes two runs.
    std::error_code ec;
    std::filesystem::remove_all(inputs.checkpointDir, ec);
    train::InitSettings init;
    init.count = s.budget;
    init.seed = std::uint64_t(s.seed);
    auto cloud = job.mesh ? train::initFromSurface(*job.mesh, init) : train::initFromVisualHull(data, init, progress);
    if (!cloud) return cloud.error();
    inputs.initial = std::move(*cloud);
    return inputs;
}

Result<TrainingOutcome> trainOnThisThread(const TrainingJob& job, const Progress& progress, Poster& poster) {
    train::TrainSettings s = job.settings;
    s.snapshotEvery = snapshotPeriod(s);
    if (s.device == train::TrainDevice::Cuda && !train::cudaDeviceAvailable())
        return makeError(ErrorCode::Gpu, "CUDA device requested, but this build or machine has none; choose the cpu device");
    const std::string dir = job.datasetDir.toStdString();
    if (dir.empty() || !std::filesystem::is_directory(dir))
        return makeError(ErrorCode::Io, "no such dataset folder; render the dataset first", dir);
    progress.report(0, "loading the dataset");
    auto data = train::loadDataset(dir, {s.resolution, 8}, progress.sub(0, 0.8));
    if (!data) return data.error();
    progress.report(0.8, job.resume ? "reading the checkpoint" : "initialising the splats");
    auto inputs = startInputs(job, *data, s, progress.sub(0.8, 1));
    if (!inputs) return inputs.error();

    poster.stepsBegun(inputs->startStep, s.steps, int(inputs->initial.size()));
    train::TrainCallbacks callbacks;
    callbacks.onMetrics = [&poster](const train::EvalMetrics& m) { poster.metrics(m); };
    callbacks.onSnapshot = [&poster](int step, const splat::SplatCloud& cloud) { poster.snapshot(step, cloud); };
    auto result = train::train(*inputs, s, progress, callbacks);
    if (!result) return result.error();

    std::error_code ec;
    std::filesystem::create_directories(job.runDir.toStdString(), ec);
    if (ec) return makeError(ErrorCode::Io, "cannot create the run folder: " + ec.message(), job.runDir.toStdString());
    TrainingOutcome out;
    out.plyPath = QDir(job.runDir).filePath(QStringLiteral("cloud.ply"));
    SW_TRY(formats::writePly(out.plyPath.toStdString(), result->cloud));
    out.cloud = std::make_shared<const splat::SplatCloud>(std::move(result->cloud));
    out.final = result->final;
    out.lossCurve = std::move(result->lossCurve);
    out.relocated = result->relocated;
    out.added = result->added;
    out.seconds = result->seconds;
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

QString checkpointDir(const QString& runDir) { return QDir(runDir).filePath(QStringLiteral("checkpoint")); }

int checkpointStep(const QString& runDir) {
    if (runDir.isEmpty() || !QDir(checkpointDir(runDir)).exists(QStringLiteral("checkpoint.json"))) return -1;
    auto checkpoint = train::readCheckpoint(checkpointDir(runDir).toStdString());
    return checkpoint ? checkpoint->step : -1;
}

}  // namespace sw::editor
