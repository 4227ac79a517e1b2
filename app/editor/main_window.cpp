#include "app/editor/main_window.h"

#include <QAction>
#include <QActionGroup>
#include <QApplication>
#include <QDockWidget>
#include <QFileDialog>
#include <QFileInfo>
#include <QMenuBar>
#include <QMessageBox>
#include <QPushButton>
#include <QScrollArea>
#include <QScrollBar>
#include <QStatusBar>
#include <QStyle>
#include <QTextBrowser>
#include <QToolBar>

#include "app/editor/demo_asset.h"
#include "app/editor/demo_command.h"
#include "app/editor/import_report.h"
#include "app/editor/model_status.h"
#include "app/editor/recent_files.h"
#ifdef SW_HAVE_TRAIN
#include "app/editor/training_dock.h"
#endif
#include "core/project/project.h"
#include "core/foundation/log.h"
#include "widgets/log_dock.h"
#include "widgets/param_panel.h"
#include "widgets/viewport.h"

namespace sw::editor {

using widgets::Viewport;

struct MainWindow::Actions {
    QAction* open = nullptr;
    QAction* openDemo = nullptr;
    QAction* quit = nullptr;
    QAction* orbit = nullptr;
    QAction* turntable = nullptr;
    QAction* grey = nullptr;
    QAction* black = nullptr;
    QAction* resetView = nullptr;
    QAction* about = nullptr;
    QAction* newProject = nullptr;
    QAction* openProject = nullptr;
    QAction* saveProject = nullptr;
    QAction* saveProjectAs = nullptr;
    QAction* markers = nullptr;
    QAction* partColours = nullptr;
    QMenu* recentMenu = nullptr;
};

namespace {

QDockWidget* makeDock(QMainWindow* window, const QString& title, const char* name, QWidget* body) {
    auto* dock = new QDockWidget(title, window);
    dock->setObjectName(QString::fromLatin1(name));
    dock->setWidget(body);
    return dock;
}

QScrollArea* scrolled(QWidget* panel) {
    auto* area = new QScrollArea;
    area->setWidgetResizable(true);
    area->setWidget(panel);
    // Wide enough for the longest translated label: no horizontal scrolling in any language.
    area->setHorizontalScrollBarPolicy(Qt::ScrollBarAlwaysOff);
    area->setMinimumWidth(panel->minimumSizeHint().width() + area->verticalScrollBar()->sizeHint().width() + 4);
    return area;
}

}  // namespace

MainWindow::MainWindow(QWidget* parent) : QMainWindow(parent), m_actions(std::make_unique<Actions>()) {
    setObjectName("mainWindow");
    setWindowTitle(tr("Splatwright"));
    m_loader = new ModelLoader(this);
    m_recent = new RecentFiles(this);
    m_status = new ModelStatus(statusBar());
    createDocks();
    createStageDocks();
#ifdef SW_HAVE_TRAIN
    m_training = new TrainingDock(this);
    addDockWidget(Qt::RightDockWidgetArea, m_training);
    if (auto* datasetDock = findChild<QDockWidget*>("datasetDock")) tabifyDockWidget(datasetDock, m_training);
    m_docks << m_training;
#endif
    createActions();
    createMenusAndToolbar();
    connectLoader();
    connectStages();
    createBakeDocks();
    createViewDocks();
    resize(1280, 800);
}

MainWindow::~MainWindow() = default;

void MainWindow::createDocks() {
    setDockNestingEnabled(true);
    m_viewport = new Viewport;
    m_viewport->setObjectName("viewport");
    m_viewport->setMinimumSize(320, 240);
    auto* viewDock = makeDock(this, tr("Viewport"), "viewportDock", m_viewport);
    addDockWidget(Qt::LeftDockWidgetArea, viewDock);

    m_importPanel = new widgets::ParamPanel(geometry::importSchema().schema());
    QPushButton* reimport = m_importPanel->addActionButton(tr("Re-import"));
    reimport->setObjectName("reimport");
    connect(reimport, &QPushButton::clicked, this, [this] {
        if (m_currentPath.isEmpty()) SW_LOG_WARN("Re-import: no model is open");
        else openModel(m_currentPath);
    });
    auto* importDock = makeDock(this, tr("Import"), "importDock", scrolled(m_importPanel));
    addDockWidget(Qt::RightDockWidgetArea, importDock);

    m_demoPanel = new widgets::ParamPanel(demoParamSchema());
    QPushButton* generate = m_demoPanel->addActionButton(tr("Generate"));
    generate->setObjectName("generateDemo");
    connect(generate, &QPushButton::clicked, this, &MainWindow::generateDemo);
    auto* demoDock = makeDock(this, tr("Demo drone"), "demoDock", scrolled(m_demoPanel));
    addDockWidget(Qt::RightDockWidgetArea, demoDock);
    tabifyDockWidget(importDock, demoDock);
    importDock->raise();

    m_log = new widgets::LogDock(this);
    addDockWidget(Qt::BottomDockWidgetArea, m_log);
    m_report = new QTextBrowser;
    m_report->setObjectName("importReport");
    m_report->setPlaceholderText(tr("Open a model to see its import report."));
    auto* reportDock = makeDock(this, tr("Import report"), "reportDock", m_report);
    addDockWidget(Qt::BottomDockWidgetArea, reportDock);
    tabifyDockWidget(m_log, reportDock);
    m_log->raise();

    m_docks = {viewDock, importDock, demoDock, m_log, reportDock};
    resizeDocks({viewDock, importDock}, {900, 340}, Qt::Horizontal);
    resizeDocks({viewDock, m_log}, {600, 170}, Qt::Vertical);
    connect(m_viewport, &Viewport::frameRendered, m_status, &ModelStatus::showFrameTime);
    connect(m_viewport, &Viewport::renderError, this,
            [](const QString& message) { SW_LOG_ERROR("Viewport: " << message.toStdString()); });
}

void MainWindow::createActions() {
    Actions& a = *m_actions;
    a.open = new QAction(style()->standardIcon(QStyle::SP_DialogOpenButton), tr("&Open Model…"), this);
    a.open->setShortcut(QKeySequence::Open);
    connect(a.open, &QAction::triggered, this, &MainWindow::browseModel);
    a.openDemo = new QAction(style()->standardIcon(QStyle::SP_FileIcon), tr("Open &Demo Drone"), this);
    connect(a.openDemo, &QAction::triggered, this, &MainWindow::openDemo);
    a.quit = new QAction(tr("&Quit"), this);
    a.quit->setShortcut(QKeySequence::Quit);
    connect(a.quit, &QAction::triggered, this, &QWidget::close);

    auto* cameras = new QActionGroup(this);
    a.orbit = new QAction(tr("&Orbit Camera"), cameras);
    a.turntable = new QAction(tr("&Turntable Camera"), cameras);
    auto* backgrounds = new QActionGroup(this);
    a.grey = new QAction(tr("&Grey Background"), backgrounds);
    a.black = new QAction(tr("&Black Background"), backgrounds);
    for (QAction* act : {a.orbit, a.turntable, a.grey, a.black}) act->setCheckable(true);
    a.orbit->setChecked(m_viewport->cameraMode() == Viewport::CameraMode::Orbit);
    a.turntable->setChecked(!a.orbit->isChecked());
    a.grey->setChecked(m_viewport->background() == Viewport::Background::Grey);
    a.black->setChecked(!a.grey->isChecked());
    connect(a.orbit, &QAction::triggered, this, [this] { m_viewport->setCameraMode(Viewport::CameraMode::Orbit); });
    connect(a.turntable, &QAction::triggered, this, [this] { m_viewport->setCameraMode(Viewport::CameraMode::Turntable); });
    connect(a.grey, &QAction::triggered, this, [this] { m_viewport->setBackground(Viewport::Background::Grey); });
    connect(a.black, &QAction::triggered, this, [this] { m_viewport->setBackground(Viewport::Background::Black); });
    a.resetView = new QAction(tr("&Reset View"), this);
    a.resetView->setShortcut(Qt::Key_Home);
    connect(a.resetView, &QAction::triggered, this, [this] { m_viewport->resetView(); });
    a.about = new QAction(tr("&About Splatwright"), this);
    connect(a.about, &QAction::triggered, this, &MainWindow::showAbout);
    a.newProject = new QAction(tr("&New Project from Model…"), this);
    a.newProject->setShortcut(QKeySequence::New);
    connect(a.newProject, &QAction::triggered, this, &MainWindow::browseNewProject);
    a.openProject = new QAction(tr("Open &Project…"), this);
    a.openProject->setShortcut(QKeySequence(Qt::CTRL | Qt::SHIFT | Qt::Key_O));
    connect(a.openProject, &QAction::triggered, this, &MainWindow::browseOpenProject);
    a.saveProject = new QAction(style()->standardIcon(QStyle::SP_DialogSaveButton), tr("&Save Project"), this);
    a.saveProject->setShortcut(QKeySequence::Save);
    connect(a.saveProject, &QAction::triggered, this, &MainWindow::saveProjectOrAs);
    a.saveProjectAs = new QAction(tr("Save Project &As…"), this);
    a.saveProjectAs->setShortcut(QKeySequence::SaveAs);
    connect(a.saveProjectAs, &QAction::triggered, this, &MainWindow::browseSaveProjectAs);
    a.markers = new QAction(tr("Camera &Markers"), this);
    a.markers->setCheckable(true);
    m_viewport->setCameraMarkersVisible(false);  // shown with the Dataset panel (connectStages)
    a.markers->setChecked(false);
    connect(a.markers, &QAction::toggled, m_viewport, &Viewport::setCameraMarkersVisible);
    a.partColours = new QAction(tr("&Part Colours"), this);
    a.partColours->setCheckable(true);
    connect(a.partColours, &QAction::toggled, this, [this](bool on) {
        m_partOverlay = on;
        updatePartOverlay();
    });
    const std::pair<QAction*, const char*> names[] = {
        {a.open, "actionOpen"}, {a.openDemo, "actionOpenDemo"}, {a.quit, "actionQuit"},
        {a.orbit, "actionOrbit"}, {a.turntable, "actionTurntable"}, {a.grey, "actionGrey"},
        {a.black, "actionBlack"}, {a.resetView, "actionResetView"}, {a.about, "actionAbout"},
        {a.newProject, "actionNewProject"}, {a.openProject, "actionOpenProject"},
        {a.saveProject, "actionSaveProject"}, {a.saveProjectAs, "actionSaveProjectAs"},
        {a.markers, "actionCameraMarkers"}, {a.partColours, "actionPartColours"}};
    for (const auto& [action, name] : names) action->setObjectName(QString::fromLatin1(name));
}

void MainWindow::createMenusAndToolbar() {
    Actions& a = *m_actions;
    QMenu* file = menuBar()->addMenu(tr("&File"));
    file->addAction(a.open);
    a.recentMenu = file->addMenu(tr("Open &Recent"));
    m_recent->attachMenu(a.recentMenu);
    connect(m_recent, &RecentFiles::openRequested, this, &MainWindow::openRecent);
    file->addAction(a.openDemo);
    file->addSeparator();
    file->addActions({a.newProject, a.openProject, a.saveProject, a.saveProjectAs});
    file->addSeparator();
    file->addAction(a.quit);

    QMenu* view = menuBar()->addMenu(tr("&View"));
    view->addActions({a.orbit, a.turntable});
    view->addSeparator();
    view->addActions({a.grey, a.black});
    view->addSeparator();
    view->addAction(a.resetView);
    view->addSeparator();
    view->addActions({a.markers, a.partColours});
    view->addSeparator();
    for (QDockWidget* dock : m_docks) view->addAction(dock->toggleViewAction());

    QMenu* help = menuBar()->addMenu(tr("&Help"));
    help->addAction(a.about);

    QToolBar* bar = addToolBar(tr("Main"));
    bar->setObjectName("mainToolBar");
    bar->setToolButtonStyle(Qt::ToolButtonTextBesideIcon);
    bar->addActions({a.open, a.openDemo, a.saveProject});
    bar->addSeparator();
    bar->addAction(a.resetView);
    // Camera mode and background are on the View toolbar (main_window_view.cpp), kept in sync
    // with the View menu's actions.
}

void MainWindow::connectLoader() {
    connect(m_loader, &ModelLoader::started, m_status, &ModelStatus::showJob);
    connect(m_loader, &ModelLoader::progressed, m_status, &ModelStatus::showProgress);
    connect(m_loader, &ModelLoader::finished, m_status, &ModelStatus::hideJob);
    connect(m_status, &ModelStatus::cancelRequested, m_loader, &ModelLoader::cancel);
    for (QAction* act : {m_actions->open, m_actions->openDemo}) {
        connect(m_loader, &ModelLoader::started, act, [act] { act->setEnabled(false); });
        connect(m_loader, &ModelLoader::finished, act, [act] { act->setEnabled(true); });
    }
    connect(m_loader, &ModelLoader::started, this, [](const QString& what) { SW_LOG_INFO(what.toStdString()); });
    connect(m_loader, &ModelLoader::loaded, this, &MainWindow::showModel);
    connect(m_loader, &ModelLoader::failed, this, [this](const QString& message, bool cancelled) {
        if (cancelled) {
            SW_LOG_INFO("Cancelled: " << message.toStdString());
        } else {
            showError(tr("Cannot open model"), message);
            if (!m_pendingPath.isEmpty() && !QFileInfo::exists(m_pendingPath)) m_recent->remove(m_pendingPath);
        }
        m_pendingPath.clear();
        emit loadFailed(message);
    });
}

void MainWindow::openModel(const QString& path) {
    if (!m_loader->importFile(path, geometry::importSchema().fromParams(m_importPanel->params()))) {
        SW_LOG_WARN("Busy: wait for the running job or cancel it");
        return;
    }
    m_pendingPath = path;
}

void MainWindow::openDemo() {
    Result<QString> path = extractDemoAsset();
    if (!path) {
        showError(tr("Cannot open the demo drone"), QString::fromStdString(path.error().toString()));
        emit loadFailed(QString::fromStdString(path.error().toString()));
        return;
    }
    openModel(*path);
}

void MainWindow::generateDemo() {
    Result<QString> dir = cacheFolder();
    if (!dir) {
        showError(tr("Cannot generate the demo drone"), QString::fromStdString(dir.error().toString()));
        return;
    }
    const QString path = *dir + QStringLiteral("/demo_drone_generated.glb");
    if (!m_loader->start(tr("Generating the demo drone"),
                         makeDemoJob(m_demoPanel->params(), path.toStdString(),
                                     geometry::importSchema().fromParams(m_importPanel->params()))))
        SW_LOG_WARN("Busy: wait for the running job or cancel it");
    else
        m_pendingPath = path;
}

void MainWindow::showModel(ModelPtr model) {
    m_currentPath = m_pendingPath.isEmpty() ? QString::fromStdString(model->report.path) : m_pendingPath;
    m_pendingPath.clear();
    adoptModelIntoProject(model);  // project parts and HSV (main_window_stages.cpp)
    m_model = model;
    m_viewport->setMesh(std::shared_ptr<const geometry::Mesh>(model, &model->mesh));
    updatePartOverlay();
    m_status->showModel(*model);
    m_report->setHtml(importReportHtml(model->report));
    logImportReport(model->report);
    if (m_projectPath.isEmpty()) m_recent->add(m_currentPath);
    setWindowTitle(tr("%1 — Splatwright").arg(QFileInfo(m_projectPath.isEmpty() ? m_currentPath : m_projectPath).fileName()));
    emit modelShown(m_currentPath);
}

void MainWindow::showError(const QString& title, const QString& message) {
    SW_LOG_ERROR(title.toStdString() << ": " << message.toStdString());
    // Window-modal but not blocking: no nested event loop inside a slot, and tests can read it.
    auto* box = new QMessageBox(QMessageBox::Critical, title, message, QMessageBox::Ok, this);
    box->setObjectName("errorBox");
    box->setAttribute(Qt::WA_DeleteOnClose);
    box->open();
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

}  // namespace sw::editor
