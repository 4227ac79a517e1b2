// MainWindow's bake workspace (issue #5 editor parts): the Bake, Floaters and Recipes docks,
// File ▸ Open Splat Cloud…, File ▸ Export (Ctrl+E, also on the toolbar) and Edit ▸ Undo/Redo
// of the Floater inspector's edits. Wiring only: BakeController does the work.
#include <QAction>
#include <QDockWidget>
#include <QFileDialog>
#include <QMenu>
#include <QMenuBar>
#include <QPushButton>
#include <QStyle>
#include <QToolBar>
#include <QUndoStack>

#include "app/editor/bake_controller.h"
#include "app/editor/bake_dock.h"
#include "app/editor/bake_runner.h"
#include "app/editor/main_window.h"
#include "app/editor/model_status.h"
#include "core/foundation/log.h"
#include "widgets/floater_panel.h"
#include "widgets/recipe_panel.h"

namespace sw::editor {

namespace {

QDockWidget* bakeDock(QMainWindow* window, const QString& title, const char* name, QWidget* body) {
    auto* dock = new QDockWidget(title, window);
    dock->setObjectName(QString::fromLatin1(name));
    dock->setWidget(body);
    window->addDockWidget(Qt::RightDockWidgetArea, dock);
    if (auto* importDock = window->findChild<QDockWidget*>(QStringLiteral("importDock"))) window->tabifyDockWidget(importDock, dock);
    return dock;
}

// The menu an existing action (by object name) sits in, or nullptr.
QMenu* menuHolding(QMainWindow* window, const char* actionName) {
    auto* action = window->findChild<QAction*>(QString::fromLatin1(actionName));
    if (!action) return nullptr;
    for (QObject* o : action->associatedObjects())
        if (auto* menu = qobject_cast<QMenu*>(o)) return menu;
    return nullptr;
}

// File ▸ Open Splat Cloud… and Export, Edit ▸ Undo/Redo, the docks in View, Export on the
// toolbar; returns the Export action.
QAction* addBakeActions(QMainWindow* window, BakeController* bake, QDockWidget* const (&docks)[3]) {
    QStyle* style = window->style();
    auto* openCloud = new QAction(style->standardIcon(QStyle::SP_DirOpenIcon), MainWindow::tr("Open Splat &Cloud…"), window);
    openCloud->setObjectName("actionOpenCloud");
    QObject::connect(openCloud, &QAction::triggered, window, [window, bake] {
        const QString path =
            QFileDialog::getOpenFileName(window, MainWindow::tr("Open Splat Cloud"), {},
                                         MainWindow::tr("Splat files (*.ply *.spz *.splat *.bin);;All files (*)"));
        if (!path.isEmpty()) bake->openSplatFile(path);
    });
    auto* exportAction = new QAction(style->standardIcon(QStyle::SP_DialogSaveButton), MainWindow::tr("&Export"), window);
    exportAction->setObjectName("actionExport");
    exportAction->setShortcut(QKeySequence(Qt::CTRL | Qt::Key_E));
    exportAction->setToolTip(MainWindow::tr("Bake when needed and write the game files into the export folder (Ctrl+E)"));
    QObject::connect(exportAction, &QAction::triggered, bake, [bake] { bake->exportTo(); });
    QAction* undo = bake->undoStack()->createUndoAction(window, MainWindow::tr("&Undo"));
    undo->setObjectName("actionUndo");
    undo->setShortcut(QKeySequence::Undo);
    QAction* redo = bake->undoStack()->createRedoAction(window, MainWindow::tr("&Redo"));
    redo->setObjectName("actionRedo");
    redo->setShortcut(QKeySequence::Redo);

    if (QMenu* file = menuHolding(window, "actionOpen")) {
        QAction* after = file->actions().value(file->actions().indexOf(window->findChild<QAction*>("actionOpenDemo")) + 1);
        file->insertAction(after, openCloud);
        QAction* quit = window->findChild<QAction*>(QStringLiteral("actionQuit"));
        file->insertAction(quit, exportAction);
        file->insertSeparator(quit);
    }
    auto* edit = new QMenu(MainWindow::tr("&Edit"), window);
    edit->addActions({undo, redo});
    if (QMenu* view = menuHolding(window, "actionResetView")) {
        window->menuBar()->insertMenu(view->menuAction(), edit);
        for (QDockWidget* dock : docks) view->addAction(dock->toggleViewAction());
    }
    if (auto* bar = window->findChild<QToolBar*>(QStringLiteral("mainToolBar"))) {
        bar->addSeparator();
        bar->addAction(exportAction);
    }
    return exportAction;
}

}  // namespace

void MainWindow::createBakeDocks() {
    auto* panel = new BakePanel;
    auto* floaters = new widgets::FloaterPanel;
    floaters->setObjectName("floaterPanel");
    auto* recipes = new widgets::RecipePanel;
    recipes->setObjectName("recipePanel");
    QDockWidget* docks[] = {bakeDock(this, tr("Bake"), "bakeDock", panel),
                            bakeDock(this, tr("Floaters"), "floaterDock", floaters),
                            bakeDock(this, tr("Recipes"), "recipeDock", recipes)};
    if (auto* importDock = findChild<QDockWidget*>(QStringLiteral("importDock"))) importDock->raise();
    m_bake = new BakeController(this, {panel->settings(), recipes, floaters, panel->report()});

    QAction* exportAction = addBakeActions(this, m_bake, docks);
    for (QDockWidget* dock : docks) m_docks << dock;

    BakeRunner* runner = m_bake->runner();
    connect(runner, &BakeRunner::started, m_status, &ModelStatus::showJob);
    connect(runner, &BakeRunner::progressed, m_status, &ModelStatus::showProgress);
    connect(runner, &BakeRunner::finished, m_status, &ModelStatus::hideJob);
    connect(m_status, &ModelStatus::cancelRequested, runner, &BakeRunner::cancel);
    connect(runner, &BakeRunner::started, panel, [panel, exportAction](const QString& what) {
        SW_LOG_INFO(what.toStdString());
        panel->setBusy(true);
        exportAction->setEnabled(false);
    });
    connect(runner, &BakeRunner::progressed, panel, &BakePanel::showProgress);
    connect(runner, &BakeRunner::finished, panel, [panel, exportAction] {
        panel->setBusy(false);
        exportAction->setEnabled(true);
    });
    connect(panel->bakeButton(), &QPushButton::clicked, m_bake, [this] { m_bake->bake(); });
    connect(panel->exportButton(), &QPushButton::clicked, exportAction, &QAction::trigger);
    connect(panel->cancelButton(), &QPushButton::clicked, runner, &BakeRunner::cancel);
    connect(recipes, &widgets::RecipePanel::applyRequested, m_bake, [this] { m_bake->bake(); });
    connect(m_bake, &BakeController::errorOccurred, this, &MainWindow::showError);
    connect(this, &MainWindow::datasetRendered, m_bake, &BakeController::setDatasetFolder);
}

}  // namespace sw::editor
