// MainWindow's stage docks beyond import: the Dataset panel, the frame browser, the Parts panel
// and the Training dock, with the controllers that do their work (DatasetController,
// ProjectController, TrainingDock). Wiring only.
#include <QAction>
#include <QDockWidget>

#include "app/editor/dataset_controller.h"
#include "app/editor/dock_util.h"
#include "app/editor/editor_document.h"
#include "app/editor/job_runner.h"
#include "app/editor/main_window.h"
#include "app/editor/project_controller.h"
#ifdef SW_HAVE_TRAIN
#include "app/editor/training_dock.h"
#endif
#include "widgets/dataset_panel.h"
#include "widgets/foliage_panel.h"
#include "widgets/frame_browser.h"
#include "widgets/log_dock.h"
#include "widgets/parts_panel.h"
#include "widgets/viewport.h"

namespace sw::editor {

void MainWindow::createStageDocks() {
    m_datasetPanel = new widgets::DatasetPanel;
    m_datasetDock = m_dock.dataset = addDock(this, {tr("Dataset"), "datasetDock", m_datasetPanel, Qt::RightDockWidgetArea, m_importDock,
                                   DockScroll::Fitted});
    m_parts = new widgets::PartsPanel;
    m_partsDock = m_dock.parts = addDock(this, {tr("Parts"), "partsDock", m_parts, Qt::RightDockWidgetArea, m_importDock});
    m_importDock->raise();
    m_frames = new widgets::FrameBrowser;
    m_framesDock = m_dock.frames = addDock(this, {tr("Frames"), "framesDock", m_frames, Qt::BottomDockWidgetArea, m_log});
    m_log->raise();
    m_docks << m_datasetDock << m_partsDock << m_framesDock;

    m_dataset = new DatasetController(m_document, {m_datasetPanel, m_frames, m_viewport}, this);
    m_projects = new ProjectController(
        m_document, {m_importPanel, m_demoPanel, m_datasetPanel, m_parts, m_report, m_status, m_recent, m_dataset}, this);
#ifdef SW_HAVE_TRAIN
    m_training = new TrainingDock(m_document, m_dataset, m_actions, this);
    m_dock.training = m_training;
    addDockWidget(Qt::RightDockWidgetArea, m_training);
    tabifyDockWidget(m_datasetDock, m_training);
    m_docks << m_training;
#endif
}

void MainWindow::connectStages() {
    connectJobs(m_dataset->runner());
    connect(m_dataset, &DatasetController::rendered, this, &MainWindow::datasetRendered);
    connect(m_dataset, &DatasetController::failed, this, &MainWindow::datasetFailed);
    connect(m_dataset, &DatasetController::errorOccurred, this, &MainWindow::showError);
    connect(m_dataset, &DatasetController::framesShown, m_framesDock, &QDockWidget::raise);
    connect(m_parts, &widgets::PartsPanel::overlayChanged, this, &MainWindow::updatePartOverlay);
    connect(m_parts, &widgets::PartsPanel::assignRequested, m_projects, &ProjectController::assignComponentToPart);
    connect(m_parts, &widgets::PartsPanel::partsRenamed, m_projects, &ProjectController::renameParts);
    // The belt's markers show while the Dataset panel does (View ▸ Camera Markers overrides).
    connect(m_datasetDock, &QDockWidget::visibilityChanged, m_actions.markers, &QAction::setChecked);
    // Picking works while the Parts panel shows, and turns the part colours on so the picked
    // component is visible; elsewhere a click stays a plain orbit click.
    connect(m_viewport, &widgets::Viewport::facePicked, this, [this](int face) {
        if (!m_partsDock->isVisible()) return;
        m_parts->selectFace(face);
        if (!m_partOverlay) m_actions.partColours->setChecked(true);
    });
}

void MainWindow::showWorkspace(const QString& name) {
    if (name == QLatin1String("dataset")) {
        m_datasetDock->raise();
        m_framesDock->raise();
        m_viewport->frameSphere(float(m_datasetPanel->belt().radius) * 0.62f);  // the belt around the model
    } else if (name == QLatin1String("parts")) {
        m_partsDock->raise();
        m_actions.partColours->setChecked(true);
    } else if (name == QLatin1String("foliage")) {  // the dock with the open model previewed as foliage
        foliage::FoliagePreviewSettings preview = m_foliage->preview();
        preview.enabled = true;
        m_foliage->setSettings(m_foliage->settings(), preview);
        m_dock.foliage->raise();
    } else {  // a dock by its short name (screenshots of one dock in the default layout)
        const std::pair<const char*, QDockWidget*> docks[] = {
            {"training", m_dock.training}, {"bake", m_dock.bake}, {"game-scale", m_dock.gameScale}, {"log", m_dock.log}};
        for (const auto& [dockName, dock] : docks)
            if (dock && name == QLatin1String(dockName)) dock->raise();
    }
}

}  // namespace sw::editor
