// MainWindow's bake workspace (issue #5 editor parts): the Bake, Floaters and Recipes docks,
// File ▸ Open Splat Cloud… and File ▸ Export (Ctrl+E, also on the toolbar). Wiring only:
// BakeController does the work.
#include <QAction>
#include <QDockWidget>
#include <QFileDialog>
#include <QPushButton>
#include <QStatusBar>

#include "app/editor/bake_controller.h"
#include "app/editor/dock_util.h"
#include "app/editor/job_runner.h"
#include "app/editor/main_window.h"
#include "app/editor/project_controller.h"
#include "core/foundation/log.h"
#include "widgets/bake_panel.h"
#include "widgets/floater_panel.h"
#include "widgets/recipe_panel.h"
#include "widgets/selection_panel.h"
#include "app/editor/selection_controller.h"
#include <QLabel>

namespace sw::editor {

void MainWindow::createBakeDocks() {
    auto* panel = new widgets::BakePanel;
    auto* floaters = new widgets::FloaterPanel;
    floaters->setObjectName("floaterPanel");
    auto* recipes = new widgets::RecipePanel;
    recipes->setObjectName("recipePanel");
    recipes->setUndoStack(m_document->undoStack());  // recipe edits are undoable
    m_docks << (m_dock.bake = addDock(this, {tr("Bake"), "bakeDock", panel, Qt::RightDockWidgetArea, m_importDock}))
            << (m_dock.floaters = addDock(this, {tr("Floaters"), "floaterDock", floaters, Qt::RightDockWidgetArea, m_importDock}))
            << (m_dock.recipes = addDock(this, {tr("Recipes"), "recipeDock", recipes, Qt::RightDockWidgetArea, m_importDock,
                                                DockScroll::Plain}));  // its table scrolls in a narrow dock
    // Selection and manual cleanup (issue 16): the viewport's tools, the edits on the selection.
    auto* selection = new widgets::SelectionPanel(m_viewport);
    selection->setObjectName("selectionPanel");
    m_docks << (m_dock.selection = addDock(this, {tr("Selection"), "selectionDock", selection, Qt::RightDockWidgetArea,
                                                  m_importDock, DockScroll::Fitted}));
    m_importDock->raise();
    m_bake = new BakeController(
        m_document, {panel->settings(), recipes, floaters, panel->report(), m_viewport, m_viewControls}, m_actions, this);
    auto* selectionCount = new QLabel;
    selectionCount->setObjectName("selectionCount");
    statusBar()->addPermanentWidget(selectionCount);
    (m_selection = new SelectionController(m_document, m_bake, m_viewport, selection, selectionCount, this))
        ->setObjectName("selectionController");

    QAction* exportAction = m_actions.exportModel;
    connect(m_actions.openCloud, &QAction::triggered, this, [this] {
        const QString path = QFileDialog::getOpenFileName(this, tr("Open Splat Cloud"), {},
                                                          tr("Splat files (*.ply *.spz *.splat *.sog meta.json lod-meta.json *.bin);;All files (*)"));
        if (!path.isEmpty()) m_bake->openSplatFileWhenIdle(path);
    });
    connect(exportAction, &QAction::triggered, m_bake, [this] { m_bake->exportTo(); });

    JobRunner* runner = m_bake->runner();
    connectJobs(runner);
    connect(runner, &JobRunner::started, panel, [panel, exportAction](const QString& what) {
        SW_LOG_INFO(what.toStdString());
        panel->setBusy(true);
        exportAction->setEnabled(false);
    });
    connect(runner, &JobRunner::progressed, panel, &widgets::BakePanel::showProgress);
    connect(runner, &JobRunner::finished, panel, [panel, exportAction] {
        panel->setBusy(false);
        exportAction->setEnabled(true);
    });
    connect(panel->bakeButton(), &QPushButton::clicked, m_bake, [this] { m_bake->bake(); });
    connect(panel->exportButton(), &QPushButton::clicked, exportAction, &QAction::trigger);
    connect(panel->cancelButton(), &QPushButton::clicked, runner, &JobRunner::cancel);
    connect(recipes, &widgets::RecipePanel::applyRequested, m_bake, [this] { m_bake->bake(); });
    connect(m_bake, &BakeController::errorOccurred, this, &MainWindow::showError);
    connect(m_bake, &BakeController::foreignCloudRead, this, &MainWindow::askAboutForeignCloud);
    connect(m_projects, &ProjectController::trainedCloudFound, m_bake, [this](const QString& path) {
        m_bake->openSplatFileWhenIdle(path);
    });
    connect(m_bake, &BakeController::statusMessage, statusBar(), &QStatusBar::showMessage);
}

}  // namespace sw::editor
