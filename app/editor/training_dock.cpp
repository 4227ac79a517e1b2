#include "app/editor/training_dock.h"

#include <QAction>
#include <QDir>
#include <QFileInfo>

#include "app/editor/dataset_runner.h"
#include "app/editor/main_window.h"
#include "app/editor/training_runner.h"
#include "core/foundation/log.h"
#include "core/project/project.h"
#include "widgets/frame_browser.h"
#include "widgets/training_panel.h"
#include "widgets/viewport.h"

namespace sw::editor {
namespace {

QString runFolderFor(const QString& dataset, const project::Project* project) {
    if (dataset.isEmpty()) return {};
    if (project && !project->cacheFolder.empty())
        return QDir(QString::fromStdString(project->cacheFolder)).filePath(QStringLiteral("training"));
    return QDir::cleanPath(QFileInfo(dataset).absoluteFilePath()) + QStringLiteral(".training");
}

}  // namespace

TrainingDock::TrainingDock(MainWindow* window)
    : QDockWidget(tr("Training"), window),
      m_window(window),
      m_panel(new widgets::TrainingPanel),
      m_runner(new TrainingRunner(this)) {
    setObjectName("trainingDock");
    setWidget(m_panel);
    connect(m_panel, &widgets::TrainingPanel::startRequested, this, [this] { start(false); });
    connect(m_panel, &widgets::TrainingPanel::resumeRequested, this, [this] { start(true); });
    connect(m_panel, &widgets::TrainingPanel::cancelRequested, this, &TrainingDock::cancel);
    connect(this, &QDockWidget::visibilityChanged, this, [this](bool visible) {
        if (visible) refreshResume();
    });
    connect(m_window, &MainWindow::datasetRendered, this, [this](const QString& folder) {
        refreshResume();
        if (!m_waitingForDataset) return;
        m_waitingForDataset = false;
        if (!startOn(folder, false)) m_panel->setRunning(false);
    });
    connect(m_window, &MainWindow::datasetFailed, this, [this](const QString& message, bool cancelled) {
        if (!m_waitingForDataset) return;
        m_waitingForDataset = false;
        m_panel->setRunning(false);
        if (cancelled) m_panel->showMessage(tr("Cancelled while rendering the dataset."));
        else fail(tr("Cannot render the dataset to train on: %1").arg(message));
    });
    connectRunner();
}

QString TrainingDock::datasetFolder() const {
    return m_window->frameBrowser()->frameCount() > 0 ? m_window->shownDatasetFolder() : QString();
}

QString TrainingDock::runFolder() const { return runFolderFor(datasetFolder(), m_window->project()); }

void TrainingDock::refreshResume() {
    m_panel->setResumeStep(TrainingRunner::checkpointStep(runFolder()));
}

bool TrainingDock::start(bool resume) {
    if (m_runner->busy() || m_waitingForDataset) return false;
    const QString dataset = datasetFolder();
    if (!dataset.isEmpty()) return startOn(dataset, resume);
    if (resume || !m_window->currentModel()) {
        fail(tr("No dataset to train on: open a model (Start renders its dataset first) or render a dataset."));
        return false;
    }
    if (!m_window->renderDataset()) {
        fail(tr("Cannot render the dataset to train on; see the log."));
        return false;
    }
    m_waitingForDataset = true;
    m_panel->setRunning(true);
    m_panel->showMessage(tr("Rendering the dataset first, then training…"));
    return true;
}

bool TrainingDock::startOn(const QString& dataset, bool resume) {
    TrainingRunner::Job job;
    job.datasetDir = dataset;
    job.runDir = runFolderFor(dataset, m_window->project());
    job.settings = m_panel->settings();
    job.resume = resume;
    if (ModelPtr model = m_window->currentModel(); model && !resume)
        job.mesh = std::shared_ptr<const geometry::Mesh>(model, &model->mesh);  // start on its surface
    m_runDir = job.runDir;
    if (!m_runner->start(std::move(job))) {
        fail(tr("Busy: a training run is going; cancel it first."));
        return false;
    }
    SW_LOG_INFO("Training on " << dataset.toStdString() << " → " << m_runDir.toStdString());
    return true;
}

void TrainingDock::cancel() {
    if (m_waitingForDataset) m_window->datasetRunner()->cancel();
    else m_runner->cancel();
}

void TrainingDock::fail(const QString& message) {
    SW_LOG_ERROR("Training: " << message.toStdString());
    m_panel->showError(message);
}

void TrainingDock::connectRunner() {
    connect(m_runner, &TrainingRunner::started, this, [this](const QString& what) {
        m_panel->setRunning(true);
        m_panel->showMessage(tr("%1: %2").arg(what, m_runDir));
        // The preview is judged on grey, like the training views' backgrounds.
        if (auto* grey = m_window->findChild<QAction*>("actionGrey")) grey->trigger();
        else m_window->viewport()->setBackground(widgets::Viewport::Background::Grey);
    });
    connect(m_runner, &TrainingRunner::progressed, m_panel, &widgets::TrainingPanel::showProgress);
    connect(m_runner, &TrainingRunner::stepsBegun, this, [this](int startStep, int steps, int splats) {
        SW_LOG_INFO("Training: " << splats << " start splats, steps " << startStep << ".." << steps);
        m_panel->beginSteps(startStep, steps);
    });
    connect(m_runner, &TrainingRunner::metricsReady, this, [this](const train::EvalMetrics& m) {
        SW_LOG_INFO("Training step " << m.step << ": loss " << m.trainLoss << ", val L1 " << m.valL1 << ", PSNR "
                                     << m.valPsnr << " dB, SSIM " << m.valSsim << " (on "
                                     << train::valBackgroundName(m.valBackground) << "), opaque " << 100 * m.opaqueShare
                                     << "%, outside " << m.outsideSilhouette << ", " << m.splats << " splats");
        m_panel->showMetrics(m);
    });
    connect(m_runner, &TrainingRunner::snapshotReady, this,
            [this](int, std::shared_ptr<const splat::SplatCloud> cloud) {
                m_window->setCurrentCloud(std::move(cloud), QStringLiteral("training"));
            });
    connect(m_runner, &TrainingRunner::trained, this, [this](std::shared_ptr<const TrainingRunner::Outcome> out) {
        m_window->setCurrentCloud(out->cloud, out->plyPath);
        const QString summary = tr("Trained %1 splats in %2 s (relocated %3, added %4) → %5")
                                    .arg(out->final.splats).arg(out->seconds, 0, 'f', 1)
                                    .arg(out->relocated).arg(out->added).arg(out->plyPath);
        SW_LOG_INFO(summary.toStdString());
        m_panel->setRunning(false);
        m_panel->showFinal(out->final, out->lossCurve, summary);
    });
    connect(m_runner, &TrainingRunner::failed, this, [this](const QString& message, bool cancelled) {
        m_panel->setRunning(false);
        refreshResume();
        if (!cancelled) {
            fail(message);
            return;
        }
        const int step = TrainingRunner::checkpointStep(m_runDir);
        SW_LOG_INFO("Training cancelled: " << message.toStdString());
        m_panel->showMessage(step >= 0 ? tr("Cancelled; Resume continues from the checkpoint at step %1.").arg(step)
                                       : tr("Cancelled before the first checkpoint."));
    });
    connect(m_runner, &TrainingRunner::finished, this, &TrainingDock::refreshResume);
}

}  // namespace sw::editor
