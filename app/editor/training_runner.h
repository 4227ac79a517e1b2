#pragma once
// Trains a splat cloud (core/train train()) on a worker thread, the way DatasetRunner renders:
// progress through queuedProgress (throttled, queued to the GUI thread), cancel at the next
// step (the last checkpoint stays intact), results and failures as signals on the GUI thread.
//
// A job loads the dataset folder, starts from the model's surface (a mesh is given), the
// dataset's visual hull, or the run folder's checkpoint (resume), trains with checkpoints in
// <runDir>/checkpoint and writes <runDir>/cloud.ply. The live preview is time-based: the
// trainer offers a snapshot every few steps and the runner forwards one at most every
// PREVIEW_INTERVAL_MS, and never while the GUI has not taken the previous one, so a slow
// viewport cannot be flooded. One job at a time.
#include <QObject>
#include <QString>
#include <memory>
#include <thread>
#include <utility>
#include <vector>

#include "core/foundation/progress.h"
#include "core/geometry/mesh.h"
#include "core/splat/splat_cloud.h"
#include "core/train/trainer.h"

namespace sw::editor {

class TrainingRunner : public QObject {
    Q_OBJECT
public:
    static constexpr int PREVIEW_INTERVAL_MS = 400;

    struct Job {
        QString datasetDir;  // NeRF-synthetic folder (transforms_*.json + RGBA images)
        QString runDir;      // checkpoint/ and cloud.ply go here (created)
        sw::train::TrainSettings settings;
        std::shared_ptr<const sw::geometry::Mesh> mesh;  // surface initialisation; null: visual hull
        bool resume = false;  // start from <runDir>/checkpoint instead
    };

    struct Outcome {
        std::shared_ptr<const sw::splat::SplatCloud> cloud;
        sw::train::EvalMetrics final;
        std::vector<std::pair<int, double>> lossCurve;  // (step, mean loss of ≤ 100 steps)
        QString plyPath;
        int relocated = 0, added = 0;
        double seconds = 0;
    };

    explicit TrainingRunner(QObject* parent = nullptr);
    ~TrainingRunner() override;  // cancels a running job and waits for it

    bool busy() const { return m_busy; }
    bool start(Job job);  // false while another job runs
    void cancel();

    static QString checkpointDir(const QString& runDir);
    // The step of the checkpoint in `runDir` (read from its checkpoint.json), or -1.
    static int checkpointStep(const QString& runDir);

signals:
    void started(const QString& what);
    void progressed(double fraction, const QString& message);
    // The step loop begins (after loading and initialising) with `splats` start splats.
    void stepsBegun(int startStep, int steps, int splats);
    void metricsReady(const sw::train::EvalMetrics& metrics);
    void snapshotReady(int step, std::shared_ptr<const sw::splat::SplatCloud> cloud);
    void trained(std::shared_ptr<const sw::editor::TrainingRunner::Outcome> outcome);
    void failed(const QString& message, bool cancelled);
    void finished();

private:
    void deliver(Result<Outcome> result);

    std::thread m_worker;
    std::shared_ptr<sw::CancelToken> m_cancel;
    bool m_busy = false;
};

}  // namespace sw::editor
