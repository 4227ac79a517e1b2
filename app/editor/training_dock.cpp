#include "app/editor/training_dock.h"

#include "app/editor/dock_util.h"

#include <QScrollArea>

#include <QAction>
#include <QDir>
#include <QFileInfo>
#include <QDateTime>
#include <QMessageBox>
#include <algorithm>

#include "app/editor/ask.h"
#include "app/editor/dataset_controller.h"
#include "app/editor/editor_document.h"
#include "app/editor/job_runner.h"
#include "app/editor/loss_history.h"
#include "core/foundation/log.h"
#include "core/pipeline/layout.h"
#include "core/project/project.h"
#include "widgets/param_panel.h"
#include "widgets/loss_chart.h"
#include "widgets/training_panel.h"

namespace sw::editor {

TrainingDock::TrainingDock(EditorDocument* document, DatasetController* dataset, const EditorActions& actions,
                           QWidget* parent)
    : QDockWidget(tr("Training"), parent),
      m_document(document),
      m_dataset(dataset),
      m_actions(actions),
      m_panel(new widgets::TrainingPanel),
      m_runner(new JobRunner(this)) {
    setObjectName("trainingDock");
    setWidget(m_panel);  // its form scrolls above a splitter, the chart below: both fit a short dock (1280×800)
    // Another model opened while a run goes: the run's preview is not of that model.
    connect(m_document, &EditorDocument::modelChanged, this, [this] {
        if (m_runner->busy() && m_document->modelPath() != m_runModel &&
            m_document->cloudSource() == QLatin1String("training"))
            m_document->setCloud(nullptr, {});
    });
    connect(m_panel, &widgets::TrainingPanel::startRequested, this, [this] { start(false); });
    connect(m_panel, &widgets::TrainingPanel::resumeRequested, this, [this] { start(true); });
    connect(m_panel, &widgets::TrainingPanel::cancelRequested, this, &TrainingDock::cancel);
    connect(this, &QDockWidget::visibilityChanged, this, [this](bool visible) {
        if (visible) refreshResume();
    });
    connect(m_dataset, &DatasetController::rendered, this, [this](const QString& folder) {
        refreshResume();
        if (!m_waitingForDataset) return;
        m_waitingForDataset = false;
        if (!startOn(folder, false)) m_panel->setRunning(false);
    });
    connect(m_dataset, &DatasetController::failed, this, [this](const QString& message, bool cancelled) {
        if (!m_waitingForDataset) return;
        m_waitingForDataset = false;
        m_panel->setRunning(false);
        if (cancelled) m_panel->showMessage(tr("Cancelled while rendering the dataset."));
        else fail(tr("Cannot render the dataset to train on: %1").arg(message));
    });
    connect(m_runner, &JobRunner::started, this, [this] { m_document->setTrainingActive(true); });
    connect(m_runner, &JobRunner::finished, this, [this] { m_document->setTrainingActive(m_waitingForDataset); });
    connect(m_runner, &JobRunner::started, this, [this](const QString& what) {
        m_panel->setRunning(true);
        m_panel->showMessage(tr("%1: %2").arg(what, m_runDir));
        m_actions.grey->trigger();  // the preview is judged on grey, like the training views' backgrounds
    });
    connect(m_runner, &JobRunner::progressed, m_panel, &widgets::TrainingPanel::showProgress);
    connect(this, &TrainingDock::stepsBegun, this, [this](int startStep, int steps, int splats) {
        SW_LOG_INFO("Training: " << splats << " start splats, steps " << startStep << ".." << steps);
        m_panel->beginSteps(startStep, steps);
        m_historyShown = m_runDir;
        if (startStep == 0) return removeLossHistory(m_runDir);  // a fresh run starts a fresh curve
        // A resume continues the curve up to the checkpoint's step (later points were trained by
        // steps the checkpoint does not hold).
        auto history = readLossHistory(m_runDir);
        if (!history) {
            SW_LOG_WARN("Training: " << history.error().toString());
            return;
        }
        history->truncateAfter(startStep);
        m_panel->chart()->setHistory(history->loss, history->psnr);
        m_panel->chart()->setStepRange(0, steps);
    });
    connect(this, &TrainingDock::metricsReady, this, [this](const train::EvalMetrics& m) {
        SW_LOG_INFO("Training step " << m.step << ": loss " << m.trainLoss << ", val L1 " << m.valL1 << ", PSNR "
                                     << m.valPsnr << " dB, SSIM " << m.valSsim << " (on "
                                     << train::valBackgroundName(m.valBackground) << "), opaque " << 100 * m.opaqueShare
                                     << "%, outside " << m.outsideSilhouette << ", " << m.splats << " splats");
        m_panel->showMetrics(m);
        saveHistory();
    });
    // Another project or dataset: the idle chart shows that run folder's history.
    connect(m_document, &EditorDocument::projectChanged, this, &TrainingDock::refreshResume);
    connect(m_document, &EditorDocument::modelChanged, this, &TrainingDock::refreshResume);  // the project's folders need its model
    connect(m_document, &EditorDocument::datasetChanged, this, &TrainingDock::refreshResume);
}

void TrainingDock::saveHistory() {
    if (m_runDir.isEmpty()) return;
    LossHistory history{m_panel->chart()->lossPoints(), m_panel->chart()->psnrPoints()};
    if (Status s = writeLossHistory(m_runDir, history); !s) SW_LOG_WARN("Training: " << s.error().toString());
}

bool TrainingDock::showRunHistory() {
    if (m_runner->busy() || m_waitingForDataset) return true;
    const QString run = runFolder();
    m_historyShown = run;
    auto history = run.isEmpty() ? Result<LossHistory>(LossHistory{}) : readLossHistory(run);
    if (!history) {
        SW_LOG_WARN("Training: " << history.error().toString());
        m_panel->chart()->setHistory({}, {});
        return false;
    }
    m_panel->chart()->setHistory(history->loss, history->psnr);
    return true;
}

QString TrainingDock::datasetFolder() const { return m_document->datasetFolder(); }

QString TrainingDock::runFolder() const { return runFolderFor(datasetFolder(), nullptr); }

QString TrainingDock::runFolderFor(const QString& dataset, pipeline::StageStamp* stamp) const {
    if (dataset.isEmpty()) return {};
    // The project's own dataset trains into its training folder (stamped as the CLI stamps it);
    // any other dataset (a folder the artist chose, one opened on its own) beside it.
    project::Project shown;
    if (auto snapshot = m_document->snapshot()) shown = std::move(*snapshot);
    return QString::fromStdString(pipeline::trainingDirFor(shown, dataset.toStdString(), stamp));
}

void TrainingDock::refreshResume() {
    const QString run = runFolder();
    if (run != m_historyShown) showRunHistory();
    auto info = checkpointInfo(run);
    if (!info) return m_panel->setResumeStep(-1);
    // A checkpoint trained on an older render of the dataset folder is not offered.
    const QFileInfo checkpoint(QDir(checkpointDir(run)).filePath(QStringLiteral("checkpoint.json")));
    const QFileInfo dataset(QDir(datasetFolder()).filePath(QStringLiteral("transforms_train.json")));
    if (dataset.exists() && dataset.lastModified() > checkpoint.lastModified()) {
        m_panel->setResumeStep(-1, tr("The checkpoint at step %1 was trained on an earlier render of the dataset")
                                       .arg(info->step));
        return;
    }
    m_panel->setResumeStep(info->step);  // offered while below Steps (the panel checks)
}

bool TrainingDock::confirm(const QString& objectName, const QString& text, std::function<void()> then) {
    if (!m_askFirst) {
        then();
        return true;
    }
    ask(this, objectName, windowTitle(), text, QMessageBox::Yes | QMessageBox::No, QMessageBox::No,
        [then = std::move(then)](int result) {
            if (result == QMessageBox::Yes) then();
        });
    return true;
}

bool TrainingDock::start(bool resume) {
    if (m_runner->busy() || m_waitingForDataset) return false;
    if (!resume) {
        // A fresh run replaces the run folder's checkpoint (core/pipeline): ask first.
        if (const int step = checkpointStep(runFolder()); step >= 0)
            return confirm(QStringLiteral("confirmNewRun"),
                           tr("Start a new run? It replaces the checkpoint at step %1 (Resume continues that run).")
                               .arg(step),
                           [this] { startConfirmed(false); });
    }
    return startConfirmed(resume);
}

bool TrainingDock::startConfirmed(bool resume) {
    if (m_runner->busy() || m_waitingForDataset) return false;
    const QString dataset = datasetFolder();
    if (!dataset.isEmpty()) return startOn(dataset, resume);
    if (resume || !m_document->model()) {
        fail(tr("No dataset to train on: open a model (Start renders its dataset first) or render a dataset."));
        return false;
    }
    if (!m_dataset->render()) {
        fail(tr("Cannot render the dataset to train on; see the log."));
        return false;
    }
    m_waitingForDataset = true;
    m_panel->setRunning(true);
    m_panel->showMessage(tr("Rendering the dataset first, then training…"));
    return true;
}

bool TrainingDock::startOn(const QString& dataset, bool resume) {
    TrainingJob job;
    job.datasetDir = dataset;
    job.runDir = runFolderFor(dataset, &job.stamp);
    job.settings = m_panel->settings();
    job.resume = resume;
    if (ModelPtr model = m_document->model(); model && !resume) job.model = model;  // start on its surface
    m_runDir = job.runDir;
    m_runModel = m_document->modelPath();
    m_runStartedAt = QDateTime::currentDateTime();
    TrainingFeed feed;
    feed.stepsBegun = [this](const pipeline::TrainingStart& start) {
        // A resume runs with the checkpoint's settings (as `splatwright-cli train --resume`):
        // the panel shows what runs, and the log says which of its values were not used.
        for (const std::string& line : start.restored) SW_LOG_INFO("Resume: " << line);
        if (!start.restored.empty()) {
            m_panel->setSettings(start.settings);
            m_panel->showMessage(tr("Resumed with the checkpoint's settings (%1 changed; see the log).")
                                     .arg(int(start.restored.size())));
        }
        emit stepsBegun(start.startStep, start.settings.steps, start.startSplats);
    };
    feed.metrics = [this](const train::EvalMetrics& m) { emit metricsReady(m); };
    feed.snapshot = [this](int, std::shared_ptr<const splat::SplatCloud> cloud) {
        emit snapshotArrived();
        // A cloud belongs to its model: after another model was opened, the run's previews and
        // its result stay in its run folder.
        if (m_document->modelPath() == m_runModel) m_document->setCloud(std::move(cloud), QStringLiteral("training"));
    };
    const bool started = m_runner->run<TrainingOutcome>(resume ? tr("Resuming the training") : tr("Training"),
                                                        trainingWork(std::move(job), m_runner, std::move(feed)),
                                                        [this](Result<TrainingOutcome> result) { deliver(std::move(result)); });
    if (!started) {
        fail(tr("Busy: a training run is going; cancel it first."));
        return false;
    }
    SW_LOG_INFO("Training on " << dataset.toStdString() << " → " << m_runDir.toStdString());
    return true;
}

void TrainingDock::cancel() {
    if (m_waitingForDataset) return m_dataset->cancel();
    if (!m_runner->busy()) return;
    // Nothing of this run is saved until its first checkpoint: cancelling loses it, so ask.
    const QFileInfo checkpoint(QDir(checkpointDir(m_runDir)).filePath(QStringLiteral("checkpoint.json")));
    if (!checkpoint.exists() || checkpoint.lastModified() < m_runStartedAt)
        confirm(QStringLiteral("confirmCancel"),
                tr("No checkpoint of this run yet: cancelling loses its steps. Cancel the training?"),
                [this] { m_runner->cancel(); });
    else
        m_runner->cancel();
}

void TrainingDock::cancelNow() {
    if (m_waitingForDataset) m_dataset->cancel();
    else m_runner->cancel();
}

void TrainingDock::fail(const QString& message) {
    SW_LOG_ERROR("Training: " << message.toStdString());
    m_panel->showError(message);
}

void TrainingDock::deliver(Result<TrainingOutcome> result) {
    m_panel->setRunning(false);
    if (result) {
        auto out = std::make_shared<const TrainingOutcome>(std::move(result).value());
        if (m_document->modelPath() == m_runModel) m_document->setCloud(out->cloud, out->plyPath);
        else SW_LOG_INFO("Training: the run's cloud stays in " << out->plyPath.toStdString()
                                                              << " (another model is open now; File ▸ Open Splat Cloud… opens it)");
        const QString summary = tr("Trained %1 splats in %2 s (relocated %3, added %4) → %5")
                                    .arg(out->final.splats).arg(out->seconds, 0, 'f', 1)
                                    .arg(out->relocated).arg(out->added).arg(out->plyPath);
        SW_LOG_INFO(summary.toStdString());
        if (m_document->modelPath() == m_runModel) m_document->stageTimes().record(StageTimes::Training, m_runner->lastSeconds());
        m_panel->showFinal(out->final, out->lossCurve, summary);
        saveHistory();
        emit trained(out);
        refreshResume();
        return;
    }
    const QString message = QString::fromStdString(result.error().toString());
    const bool cancelled = result.error().code == ErrorCode::Cancelled;
    refreshResume();
    if (!cancelled) {
        fail(message);
    } else {
        const int step = checkpointStep(m_runDir);
        SW_LOG_INFO("Training cancelled: " << message.toStdString());
        m_panel->showMessage(step >= 0 ? tr("Cancelled; Resume continues from the checkpoint at step %1.").arg(step)
                                       : tr("Cancelled before the first checkpoint."));
        m_panel->showStopped(tr("Cancelled"));
    }
    emit failed(message, cancelled);
}

}  // namespace sw::editor
