#include "app/editor/main_window.h"

#include <QAction>
#include <QActionGroup>
#include <QApplication>
#include <QCloseEvent>
#include <QDockWidget>
#include <QFileDialog>
#include <QFileInfo>
#include <QMenuBar>
#include <QMessageBox>
#include <QPushButton>
#include <QStatusBar>
#include <QStyle>
#include <QTextBrowser>
#include <QTimer>
#include <QToolBar>
#include <QUndoStack>

#include "app/editor/ask.h"
#include "app/editor/autosave.h"
#include "app/editor/bake_controller.h"
#include "app/editor/dataset_controller.h"
#include "app/editor/demo_command.h"
#include "app/editor/dock_util.h"
#include "app/editor/editor_document.h"
#include "app/editor/job_runner.h"
#include "app/editor/model_status.h"
#include "app/editor/project_controller.h"
#include "app/editor/recent_files.h"
#ifdef SW_HAVE_TRAIN
#include "app/editor/training_dock.h"
#include "widgets/training_panel.h"
#endif
#include "core/foundation/log.h"
#include "core/project/project.h"
#include "widgets/dataset_panel.h"
#include "widgets/destruct_panel.h"
#include "widgets/effects_panel.h"
#include "widgets/log_dock.h"
#include "widgets/param_panel.h"
#include "widgets/parts_panel.h"
#include "widgets/view_controls.h"
#include "widgets/viewport.h"

namespace sw::editor {

using widgets::Viewport;

MainWindow::MainWindow(QWidget* parent) : QMainWindow(parent), m_document(new EditorDocument(this)) {
    setObjectName("mainWindow");
    setWindowTitle(tr("Splatwright"));
    m_recent = new RecentFiles(this);
    m_status = new ModelStatus(statusBar());
    createActions();
    createDocks();
    createStageDocks();
    createBakeDocks();
    createViewDocks();
    createFoliageDock();
    createScanDock();
    ProjectController::StagePanels stages;
#ifdef SW_HAVE_TRAIN
    stages.training = m_training->panel();
#endif
    stages.bake = m_bake->panels().settings;
    stages.recipes = m_bake->panels().recipes;
    stages.effects = m_effects;
    stages.destruct = m_destruct;
    stages.foliage = m_foliage;
    m_projects->setStagePanels(stages);
    m_bake->setWeaponSource([this] { return m_destruct->weapons(); });
    // Every settings field is undoable (Edit ▸ Undo), on the document's one stack.
    std::vector<widgets::ParamPanel*> panels = {m_importPanel, m_demoPanel, m_datasetPanel->beltPanel(),
                                                m_datasetPanel->datasetPanel(), stages.bake,
                                                m_effects->knobsPanel(), m_effects->timelinePanel()};
#ifdef SW_HAVE_TRAIN
    panels.push_back(m_training->panel()->paramPanel());
#endif
    for (widgets::ParamPanel* panel : panels) panel->setUndoStack(m_document->undoStack());
    m_autosave = new AutosaveController(m_document, m_projects, this);
    createLayoutActions();
    createMenusAndToolbar();
    connectProjects();
    connectStages();
    createAutosave();
    resize(1280, 800);
    arrangeDefaultLayout();
}

MainWindow::~MainWindow() = default;

JobRunner* MainWindow::modelJobs() const { return m_projects->runner(); }

void MainWindow::createActions() {
    EditorActions& a = m_actions;
    const auto make = [this](const char* name, const QString& text, QObject* parent = nullptr) {
        auto* action = new QAction(text, parent ? parent : this);
        action->setObjectName(QString::fromLatin1(name));
        return action;
    };
    a.open = make("actionOpen", tr("&Open Model…"));
    a.open->setIcon(style()->standardIcon(QStyle::SP_DialogOpenButton));
    a.open->setShortcut(QKeySequence::Open);
    a.openDemo = make("actionOpenDemo", tr("Open &Demo Drone"));
    a.openDemo->setIcon(style()->standardIcon(QStyle::SP_FileIcon));
    a.openCloud = make("actionOpenCloud", tr("Open Splat &Cloud…"));
    a.openCloud->setIcon(style()->standardIcon(QStyle::SP_DirOpenIcon));
    a.newProject = make("actionNewProject", tr("&New Project from Model…"));
    a.newProject->setShortcut(QKeySequence::New);
    a.openProject = make("actionOpenProject", tr("Open &Project…"));
    a.openProject->setShortcut(QKeySequence(Qt::CTRL | Qt::SHIFT | Qt::Key_O));
    a.saveProject = make("actionSaveProject", tr("&Save Project"));
    a.saveProject->setIcon(style()->standardIcon(QStyle::SP_DialogSaveButton));
    a.saveProject->setShortcut(QKeySequence::Save);
    a.saveProjectAs = make("actionSaveProjectAs", tr("Save Project &As…"));
    a.saveProjectAs->setShortcut(QKeySequence::SaveAs);
    a.exportModel = make("actionExport", tr("&Export"));
    a.exportModel->setIcon(style()->standardIcon(QStyle::SP_DialogSaveButton));
    a.exportModel->setShortcut(QKeySequence(Qt::CTRL | Qt::Key_E));
    a.exportModel->setToolTip(tr("Bake when needed and write the game files into the export folder (Ctrl+E)"));
    a.quit = make("actionQuit", tr("&Quit"));
    a.quit->setShortcut(QKeySequence::Quit);

    // Undo/Redo as QUndoStack's own actions show them ("&Undo Change Seed"), but with the
    // prefix asked for again each time, so a language switch reaches them.
    QUndoStack* stack = m_document->undoStack();
    a.undo = make("actionUndo", tr("&Undo"));
    a.undo->setShortcut(QKeySequence::Undo);
    a.redo = make("actionRedo", tr("&Redo"));
    a.redo->setShortcut(QKeySequence::Redo);
    connect(a.undo, &QAction::triggered, stack, &QUndoStack::undo);
    connect(a.redo, &QAction::triggered, stack, &QUndoStack::redo);
    for (auto signal : {&QUndoStack::canUndoChanged, &QUndoStack::canRedoChanged})
        connect(stack, signal, this, &MainWindow::setUndoTexts);
    for (auto signal : {&QUndoStack::undoTextChanged, &QUndoStack::redoTextChanged})
        connect(stack, signal, this, &MainWindow::setUndoTexts);
    setUndoTexts();

    auto* cameras = new QActionGroup(this);
    a.orbit = make("actionOrbit", tr("&Orbit Camera"), cameras);
    a.turntable = make("actionTurntable", tr("&Game Camera"), cameras);  // the turntable the game shows
    a.fly = make("actionFly", tr("&Fly Camera"), cameras);  // through a large scan (main_window_scan.cpp)
    auto* backgrounds = new QActionGroup(this);
    a.grey = make("actionGrey", tr("&Grey Background"), backgrounds);
    a.black = make("actionBlack", tr("&Black Background"), backgrounds);
    for (QAction* act : {a.orbit, a.turntable, a.fly, a.grey, a.black}) act->setCheckable(true);
    a.roundSplats = make("actionRoundSplats", tr("Round &Splats (Alpha-to-Coverage)"));
    a.roundSplats->setCheckable(true);
    a.roundSplats->setStatusTip(tr("The game's optional alpha-to-coverage splats: one triangle per core splat cut to its "
                                   "shape by coverage (about twice as fast on software OpenGL); off: the polygon fans, "
                                   "the default look. The game-scale views follow."));
    a.resetView = make("actionResetView", tr("&Reset View"));
    a.resetView->setShortcut(Qt::Key_Home);
    a.markers = make("actionCameraMarkers", tr("Camera &Markers"));
    a.markers->setCheckable(true);
    a.partColours = make("actionPartColours", tr("&Part Colours"));
    a.partColours->setCheckable(true);
    a.about = make("actionAbout", tr("&About Splatwright"));

    connect(a.open, &QAction::triggered, this, &MainWindow::browseModel);
    connect(a.openDemo, &QAction::triggered, this, &MainWindow::openDemo);
    connect(a.quit, &QAction::triggered, this, &QWidget::close);
    connect(a.about, &QAction::triggered, this, &MainWindow::showAbout);
    connect(a.newProject, &QAction::triggered, this, &MainWindow::browseNewProject);
    connect(a.openProject, &QAction::triggered, this, &MainWindow::browseOpenProject);
    connect(a.saveProject, &QAction::triggered, this, &MainWindow::saveProjectOrAs);
    connect(a.saveProjectAs, &QAction::triggered, this, &MainWindow::browseSaveProjectAs);
    connect(a.partColours, &QAction::toggled, this, [this](bool on) {
        m_partOverlay = on;
        updatePartOverlay();
    });
}

void MainWindow::createMenusAndToolbar() {
    EditorActions& a = m_actions;
    a.fileMenu = menuBar()->addMenu(tr("&File"));
    a.fileMenu->addAction(a.open);
    a.recentMenu = a.fileMenu->addMenu(tr("Open &Recent"));
    m_recent->attachMenu(a.recentMenu);
    a.fileMenu->addActions({a.openDemo, a.openCloud, a.openScan, a.buildLod});
    a.fileMenu->addSeparator();
    a.fileMenu->addActions({a.newProject, a.openProject, a.saveProject, a.saveProjectAs});
    a.fileMenu->addSeparator();
    a.fileMenu->addAction(a.exportModel);
    a.fileMenu->addSeparator();
    a.autosaveMenu = a.fileMenu->addMenu(tr("A&utosave"));
    a.autosaveMenu->setObjectName("autosaveMenu");
    a.fileMenu->addSeparator();
    a.fileMenu->addAction(a.quit);

    a.editMenu = menuBar()->addMenu(tr("&Edit"));
    a.editMenu->addActions({a.undo, a.redo});

    a.viewMenu = menuBar()->addMenu(tr("&View"));
    a.viewMenu->addActions({a.orbit, a.turntable, a.fly});
    a.viewMenu->addSeparator();
    a.viewMenu->addActions({a.grey, a.black});
    a.viewMenu->addSeparator();
    a.viewMenu->addAction(a.roundSplats);
    a.viewMenu->addActions({a.scanHud, a.lodFalseColour});
    a.viewMenu->addSeparator();
    a.viewMenu->addAction(a.resetView);
    a.viewMenu->addSeparator();
    a.viewMenu->addActions({a.markers, a.partColours});
    a.viewMenu->addSeparator();
    for (QDockWidget* dock : m_docks) a.viewMenu->addAction(dock->toggleViewAction());
    a.viewMenu->addSeparator();
    a.viewMenu->addAction(a.resetLayout);
    a.viewMenu->addMenu(a.languageMenu);

    QMenu* help = menuBar()->addMenu(tr("&Help"));
    help->addAction(a.about);

    a.mainToolBar = addToolBar(tr("Main"));
    a.mainToolBar->setObjectName("mainToolBar");
    a.mainToolBar->setToolButtonStyle(Qt::ToolButtonTextBesideIcon);
    a.mainToolBar->addActions({a.open, a.openDemo, a.saveProject});
    a.mainToolBar->addSeparator();
    a.mainToolBar->addAction(a.resetView);
    a.mainToolBar->addSeparator();
    a.mainToolBar->addAction(a.exportModel);

    // Camera mode and background are also on the View toolbar, kept in sync with these actions.
    auto* bar = new QToolBar(tr("View"), this);
    bar->setObjectName("viewToolBar");
    bar->addWidget(m_viewControls);
    addToolBarBreak();
    addToolBar(bar);
}

void MainWindow::createDocks() {
    setDockNestingEnabled(true);
    m_viewport = new Viewport;
    m_viewport->setObjectName("viewport");
    m_viewport->setMinimumSize(320, 240);
    m_viewControls = new widgets::ViewControls(m_viewport);
    m_viewControls->setObjectName("viewControls");
    QDockWidget* viewDock = m_dock.viewport = addDock(this, {tr("Viewport"), "viewportDock", m_viewport, Qt::LeftDockWidgetArea});

    m_importPanel = new widgets::ParamPanel(geometry::importSchema().schema());
    QPushButton* reimport = m_importPanel->addActionButton(tr("Re-import"));
    reimport->setObjectName("reimport");
    m_importDock = m_dock.import = addDock(this, {tr("Import"), "importDock", m_importPanel, Qt::RightDockWidgetArea, nullptr,
                                  DockScroll::Fitted});
    m_demoPanel = new widgets::ParamPanel(demoParamSchema());
    QPushButton* generate = m_demoPanel->addActionButton(tr("Generate"));
    generate->setObjectName("generateDemo");
    QDockWidget* demoDock = m_dock.demo = addDock(this, {tr("Demo drone"), "demoDock", m_demoPanel, Qt::RightDockWidgetArea,
                                           m_importDock, DockScroll::Fitted});
    m_importDock->raise();

    m_log = new widgets::LogDock(this);
    m_dock.log = m_log;
    addDockWidget(Qt::BottomDockWidgetArea, m_log);
    m_report = new QTextBrowser;
    m_report->setObjectName("importReport");
    m_report->setPlaceholderText(tr("Open a model to see its import report."));
    QDockWidget* reportDock = m_dock.report = addDock(this, {tr("Import report"), "reportDock", m_report, Qt::BottomDockWidgetArea, m_log});
    m_log->raise();

    m_docks = {viewDock, m_importDock, demoDock, m_log, reportDock};
    resizeDocks({viewDock, m_importDock}, {900, 340}, Qt::Horizontal);
    resizeDocks({viewDock, m_log}, {600, 170}, Qt::Vertical);
    connect(m_viewport, &Viewport::frameRendered, m_status, &ModelStatus::showFrameTime);
    connect(m_viewport, &Viewport::renderError, this,
            [](const QString& message) { SW_LOG_ERROR("Viewport: " << message.toStdString()); });

    EditorActions& a = m_actions;
    a.orbit->setChecked(m_viewport->cameraMode() == Viewport::CameraMode::Orbit);
    a.turntable->setChecked(!a.orbit->isChecked());
    a.grey->setChecked(m_viewport->background() == Viewport::Background::Grey);
    a.black->setChecked(!a.grey->isChecked());
    connect(a.orbit, &QAction::triggered, this, [this] { m_viewport->setCameraMode(Viewport::CameraMode::Orbit); });
    connect(a.turntable, &QAction::triggered, this, [this] { m_viewport->setCameraMode(Viewport::CameraMode::Turntable); });
    connect(a.grey, &QAction::triggered, this, [this] { m_viewport->setBackground(Viewport::Background::Grey); });
    connect(a.black, &QAction::triggered, this, [this] { m_viewport->setBackground(Viewport::Background::Black); });
    a.roundSplats->setChecked(m_viewport->roundSplats());
    connect(a.roundSplats, &QAction::toggled, m_viewport, &Viewport::setRoundSplats);
    connect(a.resetView, &QAction::triggered, this, [this] { m_viewport->resetView(); });
    m_viewport->setCameraMarkersVisible(false);  // shown with the Dataset panel (connectStages)
    connect(a.markers, &QAction::toggled, m_viewport, &Viewport::setCameraMarkersVisible);
    connect(m_document, &EditorDocument::modelChanged, this, [this] {
        ModelPtr model = m_document->model();
        m_viewport->setMesh(model ? std::shared_ptr<const geometry::Mesh>(model, &model->mesh) : nullptr);
        updatePartOverlay();
    });
    connect(reimport, &QPushButton::clicked, this, [this] { m_projects->reimport(); });
    connect(generate, &QPushButton::clicked, this, [this] { m_projects->generateDemo(); });
}

void MainWindow::createAutosave() {
    // File ▸ Autosave: how often the unsaved changes go to the recovery file.
    auto* group = new QActionGroup(this);
    for (const int minutes : {0, 1, 2, 5, 10, 15}) {
        QAction* act = m_actions.autosaveMenu->addAction(QString());
        act->setObjectName(QStringLiteral("autosave%1").arg(minutes));
        act->setData(minutes);
        act->setCheckable(true);
        act->setChecked(minutes == m_autosave->intervalMinutes());
        group->addAction(act);
        connect(act, &QAction::triggered, m_autosave, [this, minutes] { m_autosave->setIntervalMinutes(minutes); });
    }
    setAutosaveTexts();
    // The unsaved cloud edits go beside each autosave; a restored autosave brings them back.
    connect(m_autosave, &AutosaveController::autosaved, m_bake, [this](const QString& path) {
        m_bake->saveCloudEditsTo(AutosaveController::cloudEditsOf(path));
    });
    connect(m_autosave, &AutosaveController::recovered, m_bake, [this](const QString& path) {
        m_bake->takeEditsFrom(AutosaveController::cloudEditsOf(path));
    });
    // And after each stage completes (queued: the stage's results are in the document first).
    const auto later = [this] { QTimer::singleShot(0, m_autosave, [this] { m_autosave->autosaveNow(); }); };
    connect(m_dataset, &DatasetController::rendered, this, later);
    connect(m_bake->runner(), &JobRunner::finished, this, later);
#ifdef SW_HAVE_TRAIN
    connect(m_training->runner(), &JobRunner::finished, this, later);
#endif
    connect(m_projects->runner(), &JobRunner::finished, this, later);
}

void MainWindow::setUndoTexts() {
    const QUndoStack* stack = m_document->undoStack();
    const auto label = [](QString prefix, const QString& command) {
        return command.isEmpty() ? prefix : prefix + QLatin1Char(' ') + command;
    };
    m_actions.undo->setText(label(tr("&Undo"), stack->undoText()));
    m_actions.undo->setEnabled(stack->canUndo());
    m_actions.redo->setText(label(tr("&Redo"), stack->redoText()));
    m_actions.redo->setEnabled(stack->canRedo());
}

void MainWindow::setAutosaveTexts() {
    for (QAction* act : m_actions.autosaveMenu->actions()) {
        const int minutes = act->data().toInt();
        act->setText(minutes == 0 ? tr("Off") : tr("Every %n minute(s)", nullptr, minutes));
    }
}

void MainWindow::connectJobs(JobRunner* runner) {
    connect(runner, &JobRunner::started, m_status, &ModelStatus::showJob);
    connect(runner, &JobRunner::progressed, m_status, &ModelStatus::showProgress);
    connect(runner, &JobRunner::finished, m_status, &ModelStatus::hideJob);
    connect(m_status, &ModelStatus::cancelRequested, runner, &JobRunner::cancel);
}

void MainWindow::connectProjects() {
    connectJobs(m_projects->runner());
    for (QAction* act : {m_actions.open, m_actions.openDemo}) {
        connect(m_projects->runner(), &JobRunner::started, act, [act] { act->setEnabled(false); });
        connect(m_projects->runner(), &JobRunner::finished, act, [act] { act->setEnabled(true); });
    }
    connect(m_projects, &ProjectController::modelShown, this, &MainWindow::modelShown);
    connect(m_projects, &ProjectController::loadFailed, this, &MainWindow::loadFailed);
    connect(m_projects, &ProjectController::titleChanged, this, &QWidget::setWindowTitle);
    connect(m_projects, &ProjectController::errorOccurred, this, &MainWindow::showError);
}

void MainWindow::openModel(const QString& path) { m_projects->openModel(path); }

void MainWindow::openDemo() { m_projects->openDemo(); }

bool MainWindow::newProject(const QString& modelPath, const QString& projectPath) {
    return m_projects->newProject(modelPath, projectPath);
}

bool MainWindow::openProject(const QString& path) { return m_projects->openProject(path); }

bool MainWindow::saveProject(const QString& path) {
    if (!m_projects->saveProject(path)) return false;
    m_bake->saveCloudEdits();  // beside the project's trained cloud (logged when it fails)
    return true;
}

void MainWindow::updatePartOverlay() {
    m_viewport->setFaceColors(m_partOverlay && m_document->model() ? m_parts->overlayColors()
                                                                   : std::vector<render::GizmoColor>{});
    if (m_legend) updateLegend();
}

void MainWindow::showError(const QString& title, const QString& message) {
    SW_LOG_ERROR(title.toStdString() << ": " << message.toStdString());
    // Window-modal but not blocking: no nested event loop inside a slot, and tests can read it.
    auto* box = new QMessageBox(QMessageBox::Critical, title, message, QMessageBox::Ok, this);
    box->setObjectName("errorBox");
    box->setAttribute(Qt::WA_DeleteOnClose);
    box->open();
}

void MainWindow::closeEvent(QCloseEvent* event) {
    const bool training = m_document->trainingActive();
    const bool modified = m_document->model() && m_document->isModified();
    if (m_quitConfirmed || (!training && !modified)) {
        m_autosave->removeRecoveryFiles();  // a clean quit: nothing to recover next time
        saveLayout();
        QMainWindow::closeEvent(event);
        return;
    }
    event->ignore();
    for (QMessageBox* asking : findChildren<QMessageBox*>(QStringLiteral("confirmQuit")))
        if (asking->isVisible()) return;  // already asking
    QStringList lines;
    if (training) lines << tr("A training run is going: quitting cancels it (its last checkpoint stays).");
    if (modified) lines << tr("The project has unsaved changes.");
    const auto buttons = modified ? QMessageBox::Save | QMessageBox::Discard | QMessageBox::Cancel
                                  : QMessageBox::Yes | QMessageBox::Cancel;
    QMessageBox* box = ask(this, QStringLiteral("confirmQuit"), tr("Quit Splatwright"), lines.join(QLatin1Char('\n')),
                           buttons, QMessageBox::Cancel, [this](int result) {
        if (result == QMessageBox::Save) {
            saveProjectOrAs();
            if (m_document->isModified()) return;  // not saved (cancelled or failed): stay
        } else if (result != QMessageBox::Discard && result != QMessageBox::Yes) {
            return;
        }
        quitNow();
    });
    box->setIcon(QMessageBox::Warning);
    if (!modified) box->button(QMessageBox::Yes)->setText(tr("Quit"));
}

void MainWindow::quitNow() {
    m_quitConfirmed = true;
#ifdef SW_HAVE_TRAIN
    if (m_document->trainingActive()) {  // close once the run has stopped (cancel keeps the checkpoint)
        connect(m_training->runner(), &JobRunner::finished, this, &QWidget::close, Qt::QueuedConnection);
        m_training->cancelNow();
        return;
    }
#endif
    close();
}

void MainWindow::showAbout() {
    QMessageBox::about(this, tr("About Splatwright"),
                       tr("<h3>Splatwright %1</h3><p>Turns textured game models into budgeted, "
                          "destructible Gaussian-splat assets.</p>")
                           .arg(QApplication::applicationVersion()));
}

void MainWindow::browseModel() {
    const QString path = QFileDialog::getOpenFileName(this, tr("Open Model"), {},
                                                      tr("Models (*.glb *.gltf *.fbx *.obj);;All files (*)"));
    if (!path.isEmpty()) openModel(path);
}

void MainWindow::browseNewProject() {
    const QString model = QFileDialog::getOpenFileName(this, tr("New Project from Model"), {},
                                                       tr("Models (*.glb *.gltf *.fbx *.obj);;All files (*)"));
    if (model.isEmpty()) return;
    const QFileInfo info(model);
    const QString suggested = info.absoluteDir().filePath(info.completeBaseName() + project::kProjectExtension);
    const QString path = QFileDialog::getSaveFileName(this, tr("Save New Project"), suggested, tr("Splatwright projects (*.splatproj)"));
    if (!path.isEmpty()) newProject(model, path);
}

void MainWindow::browseOpenProject() {
    const QString path = QFileDialog::getOpenFileName(this, tr("Open Project"), {}, tr("Splatwright projects (*.splatproj)"));
    if (!path.isEmpty()) openProject(path);
}

void MainWindow::saveProjectOrAs() {
    if (m_document->projectPath().isEmpty()) browseSaveProjectAs();
    else saveProject(m_document->projectPath());
}

void MainWindow::browseSaveProjectAs() {
    const QFileInfo model(m_document->modelPath());
    const QString suggested = m_document->projectPath().isEmpty()
                                  ? model.absoluteDir().filePath(model.completeBaseName() + project::kProjectExtension)
                                  : m_document->projectPath();
    QString path = QFileDialog::getSaveFileName(this, tr("Save Project As"), suggested, tr("Splatwright projects (*.splatproj)"));
    if (path.isEmpty()) return;
    if (!path.endsWith(QLatin1String(project::kProjectExtension))) path += QLatin1String(project::kProjectExtension);
    saveProject(path);
}

}  // namespace sw::editor
