#include "app/editor/training_runner.h"

#include "app/editor/queued_progress.h"

#include <QDir>
#include <QFile>
#include <QJsonDocument>
#include <QJsonObject>
#include <QPointer>
#include <atomic>
#include <chrono>
#include <exception>
#include <filesystem>

#include "core/formats/ply.h"
#include "core/train/checkpoint.h"
#include "core/train/init_cloud.h"

namespace sw::editor {

namespace {

using Clock = std::chrono::steady_clock;
using Job = TrainingRunner::Job;
using Outcome = TrainingRunner::Outcome;

// Snapshot period in steps: every step on the CPU (copying the cloud is < 1% of a step there);
// on CUDA a snapshot is a device-to-host copy and a sync, so only every 20 steps.
int snapshotPeriod(const train::TrainSettings& s) { return s.device == train::TrainDevice::Cuda ? 20 : 1; }

// Worker-thread side of the signals: each call posts to the GUI thread (nothing once the
// runner is gone); snapshots are rate-limited (see training_runner.h).
class Poster {
public:
    explicit Poster(TrainingRunner* runner) : m_runner(runner) {}

    template <class F>
    void post(F fn) const {
        QPointer<TrainingRunner> runner = m_runner;
        QMetaObject::invokeMethod(runner.data(), [runner, fn = std::move(fn)] {
            if (runner) fn(*runner);
        }, Qt::QueuedConnection);
    }

    void snapshot(int step, const splat::SplatCloud& cloud) {
        const auto now = Clock::now();
        if (m_pending->load() || now - m_lastPreview < std::chrono::milliseconds(TrainingRunner::PREVIEW_INTERVAL_MS)) return;
        m_lastPreview = now;
        m_pending->store(true);
        auto copy = std::make_shared<const splat::SplatCloud>(cloud);
        post([step, copy, pending = m_pending](TrainingRunner& r) {
            emit r.snapshotReady(step, copy);
            pending->store(false);  // the GUI has taken it (the slots ran)
        });
    }

private:
    QPointer<TrainingRunner> m_runner;
    std::shared_ptr<std::atomic<bool>> m_pending = std::make_shared<std::atomic<bool>>(false);
    Clock::time_point m_lastPreview{};
};

Result<train::TrainInputs> startInputs(const Job& job, const train::TrainData& data, const train::TrainSettings& s,
                                       const Progress& progress) {
    train::TrainInputs inputs;
    inputs.data = &data;
    inputs.checkpointDir = TrainingRunner::checkpointDir(job.runDir).toStdString();
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

Result<Outcome> trainOnThisThread(const Job& job, const Progress& progress, Poster& poster) {
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

    const int startStep = inputs->startStep, splats = int(inputs->initial.size());
    poster.post([startStep, steps = s.steps, splats](TrainingRunner& r) { emit r.stepsBegun(startStep, steps, splats); });
    train::TrainCallbacks callbacks;
    callbacks.onMetrics = [&poster](const train::EvalMetrics& m) {
        poster.post([m](TrainingRunner& r) { emit r.metricsReady(m); });
    };
    callbacks.onSnapshot = [&poster](int step, const splat::SplatCloud& cloud) { poster.snapshot(step, cloud); };
    auto result = train::train(*inputs, s, progress, callbacks);
    if (!result) return result.error();

    std::error_code ec;
    std::filesystem::create_directories(job.runDir.toStdString(), ec);
    if (ec) return makeError(ErrorCode::Io, "cannot create the run folder: " + ec.message(), job.runDir.toStdString());
    Outcome out;
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

TrainingRunner::TrainingRunner(QObject* parent) : QObject(parent) {}

TrainingRunner::~TrainingRunner() {
    cancel();
    if (m_worker.joinable()) m_worker.join();
}

void TrainingRunner::cancel() {
    if (m_cancel) m_cancel->cancel();
}

QString TrainingRunner::checkpointDir(const QString& runDir) {
    return QDir(runDir).filePath(QStringLiteral("checkpoint"));
}

int TrainingRunner::checkpointStep(const QString& runDir) {
    QFile file(QDir(checkpointDir(runDir)).filePath(QStringLiteral("checkpoint.json")));
    if (runDir.isEmpty() || !file.open(QIODevice::ReadOnly)) return -1;
    const QJsonObject json = QJsonDocument::fromJson(file.readAll()).object();
    return json.contains(QLatin1String("step")) ? json.value(QLatin1String("step")).toInt(-1) : -1;
}

bool TrainingRunner::start(Job job) {
    if (m_busy) return false;
    if (m_worker.joinable()) m_worker.join();
    m_busy = true;
    m_cancel = std::make_shared<CancelToken>();
    emit started(job.resume ? tr("Resuming the training") : tr("Training"));

    QPointer<TrainingRunner> self(this);
    const Progress progress = queuedProgress(this, m_cancel);
    m_worker = std::thread([self, job = std::move(job), progress] {
        Poster poster(self.data());
        Result<Outcome> result = makeError(ErrorCode::Internal, "not run");
        try {
            result = trainOnThisThread(job, progress, poster);
        } catch (const std::exception& e) {
            result = makeError(ErrorCode::Internal, std::string("unexpected error: ") + e.what());
        }
        auto shared = std::make_shared<Result<Outcome>>(std::move(result));
        poster.post([shared](TrainingRunner& r) { r.deliver(std::move(*shared)); });
    });
    return true;
}

void TrainingRunner::deliver(Result<Outcome> result) {
    m_busy = false;
    if (result.ok()) emit trained(std::make_shared<const Outcome>(std::move(result).value()));
    else emit failed(QString::fromStdString(result.error().toString()), result.error().code == ErrorCode::Cancelled);
    emit finished();
}

}  // namespace sw::editor
