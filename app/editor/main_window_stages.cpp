// MainWindow's stage docks beyond import: the Dataset panel, the frame browser, the Parts panel
// and the project file (File ▸ New/Open/Save Project). Wiring only; the work happens in
// core/dataset (DatasetRunner), core/project and the widgets.
#include <QAction>
#include <QDir>
#include <QDockWidget>
#include <QFileDialog>
#include <QFileInfo>
#include <QMessageBox>
#include <QScrollArea>
#include <QScrollBar>
#include <QStatusBar>

#include "app/editor/dataset_panel.h"
#include "app/editor/dataset_runner.h"
#include "app/editor/demo_asset.h"
#include "app/editor/main_window.h"
#include "app/editor/model_status.h"
#include "app/editor/recent_files.h"
#include "core/foundation/log.h"
#include "core/project/project.h"
#include "widgets/frame_browser.h"
#include "widgets/log_dock.h"
#include "widgets/param_panel.h"
#include "widgets/parts_panel.h"
#include "widgets/viewport.h"

namespace sw::editor {

namespace {

const render::GizmoColor kTrainColor(0.25f, 0.75f, 1.f, 1.f);
const render::GizmoColor kValColor(1.f, 0.85f, 0.2f, 1.f);
const render::GizmoColor kTestColor(1.f, 0.3f, 0.8f, 1.f);

QDockWidget* stageDock(QMainWindow* window, const QString& title, const char* name, QWidget* body) {
    auto* dock = new QDockWidget(title, window);
    dock->setObjectName(QString::fromLatin1(name));
    dock->setWidget(body);
    return dock;
}

QScrollArea* scrolledPanel(QWidget* panel) {
    auto* area = new QScrollArea;
    area->setWidgetResizable(true);
    area->setWidget(panel);
    area->setHorizontalScrollBarPolicy(Qt::ScrollBarAlwaysOff);
    area->setMinimumWidth(panel->minimumSizeHint().width() + area->verticalScrollBar()->sizeHint().width() + 4);
    return area;
}

}  // namespace

void MainWindow::createStageDocks() {
    m_datasetPanel = new DatasetPanel;
    m_datasetDock = stageDock(this, tr("Dataset"), "datasetDock", scrolledPanel(m_datasetPanel));
    addDockWidget(Qt::RightDockWidgetArea, m_datasetDock);
    m_parts = new widgets::PartsPanel;
    m_partsDock = stageDock(this, tr("Parts"), "partsDock", m_parts);
    addDockWidget(Qt::RightDockWidgetArea, m_partsDock);
    if (QDockWidget* importDock = findChild<QDockWidget*>("importDock")) {
        tabifyDockWidget(importDock, m_datasetDock);
        tabifyDockWidget(importDock, m_partsDock);
        importDock->raise();
    }
    m_frames = new widgets::FrameBrowser;
    m_framesDock = stageDock(this, tr("Frames"), "framesDock", m_frames);
    addDockWidget(Qt::BottomDockWidgetArea, m_framesDock);
    tabifyDockWidget(m_log, m_framesDock);
    m_log->raise();
    m_docks << m_datasetDock << m_partsDock << m_framesDock;
    m_datasetRunner = new DatasetRunner(this);
}

void MainWindow::connectStages() {
    connect(m_datasetPanel, &DatasetPanel::beltChanged, this, &MainWindow::updateCameraMarkers);
    connect(m_datasetPanel, &DatasetPanel::renderRequested, this, [this] { renderDataset(); });
    connect(m_datasetRunner, &DatasetRunner::started, m_status, &ModelStatus::showJob);
    connect(m_datasetRunner, &DatasetRunner::progressed, m_status, &ModelStatus::showProgress);
    connect(m_datasetRunner, &DatasetRunner::finished, m_status, &ModelStatus::hideJob);
    connect(m_status, &ModelStatus::cancelRequested, m_datasetRunner, &DatasetRunner::cancel);
    connect(m_datasetRunner, &DatasetRunner::started, this, [this](const QString& what) {
        SW_LOG_INFO(what.toStdString());
        m_datasetPanel->setBusy(true);
    });
    connect(m_datasetRunner, &DatasetRunner::finished, this, [this] { m_datasetPanel->setBusy(false); });
    connect(m_datasetRunner, &DatasetRunner::rendered, this, [this](const QString& folder, const QString& summary) {
        SW_LOG_INFO("Dataset: " << summary.toStdString() << " → " << folder.toStdString());
        showDatasetFolder(folder);
        emit datasetRendered(folder);
    });
    connect(m_datasetRunner, &DatasetRunner::failed, this, [this](const QString& message, bool cancelled) {
        if (cancelled) SW_LOG_INFO("Cancelled: " << message.toStdString());
        else showError(tr("Cannot render the dataset"), message);
        emit datasetFailed(message, cancelled);
    });
    connect(m_parts, &widgets::PartsPanel::overlayChanged, this, &MainWindow::updatePartOverlay);
    connect(m_parts, &widgets::PartsPanel::assignRequested, this, &MainWindow::assignComponentToPart);
    connect(m_parts, &widgets::PartsPanel::partsRenamed, this, [this](const std::vector<std::string>& names) {
        if (!m_model) return;
        auto next = std::make_shared<geometry::ImportedModel>(*m_model);
        next->mesh.partNames = names;
        replaceModel(next);
        if (m_project) m_project->partNames = names;
    });
    // The belt's markers show while the Dataset panel does (View ▸ Camera Markers overrides).
    connect(m_datasetDock, &QDockWidget::visibilityChanged, this, [this](bool visible) {
        findChild<QAction*>("actionCameraMarkers")->setChecked(visible);
    });
    // Picking works while the Parts panel shows, and turns the part colours on so the picked
    // component is visible; elsewhere a click stays a plain orbit click.
    connect(m_viewport, &widgets::Viewport::facePicked, this, [this](int face) {
        if (!m_partsDock->isVisible()) return;
        m_parts->selectFace(face);
        if (!m_partOverlay) findChild<QAction*>("actionPartColours")->setChecked(true);
    });
    updateCameraMarkers();
}

void MainWindow::openRecent(const QString& path) {
    if (path.endsWith(QLatin1String(project::kProjectExtension))) openProject(path);
    else openModel(path);
}

// A model arrived: either it belongs to the project being opened (apply its parts) or it
// starts a new, unsaved project state.
void MainWindow::adoptModelIntoProject(ModelPtr& model) {
    const bool fromProject = m_projectPending && m_project;
    m_projectPending = false;
    if (fromProject) {
        auto adjusted = std::make_shared<geometry::ImportedModel>(*model);
        if (Status s = project::applyParts(*m_project, adjusted->mesh); !s)
            SW_LOG_WARN("Project parts not applied: " << s.error().toString());
        else
            model = adjusted;
    } else {
        m_project = std::make_unique<project::Project>();
        m_projectPath.clear();
        m_project->modelPath = m_currentPath.toStdString();
        if (auto hash = project::hashFile(m_project->modelPath)) m_project->modelHash = *hash;
        m_datasetPanel->setOutputFolder({});
    }
    m_parts->setMesh(std::shared_ptr<const geometry::Mesh>(model, &model->mesh));
    m_project->componentCount = m_parts->components().count;
    m_project->partNames = m_parts->partNames();
    m_datasetPanel->setMaterials(model->mesh, m_project->materialHsv);
    if (fromProject && !m_project->cacheFolder.empty()) {
        const QString folder = QDir(QString::fromStdString(m_project->cacheFolder)).filePath("dataset");
        m_datasetPanel->setOutputFolder(folder);
        if (QFileInfo::exists(QDir(folder).filePath("transforms_train.json"))) showDatasetFolder(folder);
        else m_frames->clear();
    } else {
        m_frames->clear();
    }
}

void MainWindow::replaceModel(ModelPtr model) {
    m_model = std::move(model);
    m_parts->setParts(m_model->mesh.facePart, m_model->mesh.partNames);
}

void MainWindow::assignComponentToPart(int component, int part) {
    if (!m_model || !m_project || part < 0 || part >= geometry::Mesh::kMaxParts) return;
    const std::vector<int>& comp = m_parts->components().faceComponent;
    if (comp.size() != m_model->mesh.triangleCount()) return;
    auto next = std::make_shared<geometry::ImportedModel>(*m_model);
    next->mesh.facePart.resize(comp.size(), 0);
    int moved = 0;
    for (std::size_t f = 0; f < comp.size(); ++f)
        if (comp[f] == component) {
            next->mesh.facePart[f] = part;
            ++moved;
        }
    next->mesh.partNames = m_parts->partNames();
    while (int(next->mesh.partNames.size()) <= part) next->mesh.partNames.push_back("part " + std::to_string(next->mesh.partNames.size() + 1));
    project::setPartOverride(*m_project, component, part);
    m_project->partNames = next->mesh.partNames;
    SW_LOG_INFO("Parts: component " << component << " (" << moved << " faces) → " << next->mesh.partNames[std::size_t(part)]);
    replaceModel(next);
}

void MainWindow::updatePartOverlay() {
    m_viewport->setFaceColors(m_partOverlay && m_model ? m_parts->overlayColors() : std::vector<render::GizmoColor>{});
}

void MainWindow::updateCameraMarkers() {
    const dataset::BeltSettings belt = m_datasetPanel->belt();
    std::vector<render::CameraMarker> markers;
    const std::pair<dataset::Split, render::GizmoColor> splits[] = {
        {dataset::Split::Train, kTrainColor}, {dataset::Split::Val, kValColor}, {dataset::Split::Test, kTestColor}};
    for (const auto& [split, color] : splits)
        for (const dataset::CameraPose& pose : dataset::posesFor(split, belt))
            markers.push_back({pose.cameraToWorld.cast<float>(), color});
    m_viewport->setCameraMarkers(std::move(markers), float(belt.fovX));
}

QString MainWindow::defaultDatasetFolder() const {
    if (!m_datasetPanel->outputFolder().isEmpty()) return QDir::fromNativeSeparators(m_datasetPanel->outputFolder());
    if (m_project && !m_project->cacheFolder.empty())
        return QDir(QString::fromStdString(m_project->cacheFolder)).filePath("dataset");
    Result<QString> cache = cacheFolder();
    if (!cache) return {};
    return QDir(*cache).filePath(QStringLiteral("datasets/%1").arg(QFileInfo(m_currentPath).completeBaseName()));
}

bool MainWindow::renderDataset(const QString& outDir) {
    if (!m_model) {
        SW_LOG_WARN("Render dataset: no model is open");
        return false;
    }
    DatasetRunner::Job job;
    job.mesh = std::shared_ptr<const geometry::Mesh>(m_model, &m_model->mesh);  // immutable snapshot
    job.belt = m_datasetPanel->belt();
    job.settings = m_datasetPanel->settings();
    job.materialHsv = m_datasetPanel->materialHsv();
    job.outDir = outDir.isEmpty() ? defaultDatasetFolder() : outDir;
    if (job.outDir.isEmpty()) {
        showError(tr("Cannot render the dataset"), tr("No writable cache folder; choose an output folder."));
        return false;
    }
    if (!m_datasetRunner->start(std::move(job))) {
        SW_LOG_WARN("Busy: wait for the running dataset job or cancel it");
        return false;
    }
    return true;
}

bool MainWindow::showDatasetFolder(const QString& folder) {
    auto frames = loadDatasetFrames(folder);
    if (!frames) {
        SW_LOG_WARN("Frames: " << frames.error().toString());
        m_frames->clear();
        return false;
    }
    m_frames->setFrames(std::move(*frames), folder);
    m_shownDataset = folder;
    m_framesDock->raise();
    return true;
}

void MainWindow::showWorkspace(const QString& name) {
    if (name == QLatin1String("dataset")) {
        m_datasetDock->raise();
        m_framesDock->raise();
        m_viewport->frameSphere(float(m_datasetPanel->belt().radius) * 0.62f);  // the belt around the model
    } else if (name == QLatin1String("parts")) {
        m_partsDock->raise();
        findChild<QAction*>("actionPartColours")->setChecked(true);
    }
}

bool MainWindow::newProject(const QString& modelPath, const QString& projectPath) {
    auto p = project::newProject(modelPath.toStdString(), projectPath.toStdString());
    if (p) {
        p->import = geometry::importSchema().fromParams(m_importPanel->params());
        p->belt = m_datasetPanel->belt();
        p->dataset = m_datasetPanel->settings();
    }
    Status saved = p ? project::saveProject(*p, projectPath.toStdString()) : Status(p.error());
    if (!saved) {
        showError(tr("Cannot create the project"), QString::fromStdString(saved.error().toString()));
        return false;
    }
    return openProject(projectPath);
}

bool MainWindow::openProject(const QString& path) {
    auto p = project::loadProject(path.toStdString());
    if (!p) {
        showError(tr("Cannot open the project"), QString::fromStdString(p.error().toString()));
        if (!QFileInfo::exists(path)) m_recent->remove(path);
        return false;
    }
    if (Status s = project::verifyModel(*p); !s) SW_LOG_WARN("Project: " << s.error().toString());
    m_importPanel->setParams(geometry::importSchema().toParams(p->import));
    m_datasetPanel->setBelt(p->belt);
    m_datasetPanel->setSettings(p->dataset);
    m_project = std::make_unique<project::Project>(std::move(p).value());
    m_projectPath = QFileInfo(path).absoluteFilePath();
    m_projectPending = true;
    m_recent->add(m_projectPath);
    openModel(QString::fromStdString(m_project->modelPath));
    return true;
}

bool MainWindow::saveProject(const QString& path) {
    if (!m_project || !m_model) {
        showError(tr("Cannot save the project"), tr("Open a model first."));
        return false;
    }
    project::Project p = *m_project;
    p.import = geometry::importSchema().fromParams(m_importPanel->params());
    p.belt = m_datasetPanel->belt();
    p.dataset = m_datasetPanel->settings();
    p.materialHsv = m_datasetPanel->materialHsv();
    p.partNames = m_parts->partNames();
    p.componentCount = m_parts->components().count;
    const QFileInfo info(path);
    if (p.cacheFolder.empty() || QFileInfo(path).absoluteFilePath() != m_projectPath)
        p.cacheFolder = info.absoluteDir().filePath(info.completeBaseName() + QStringLiteral(".cache")).toStdString();
    if (Status s = project::saveProject(p, path.toStdString()); !s) {
        showError(tr("Cannot save the project"), QString::fromStdString(s.error().toString()));
        return false;
    }
    *m_project = std::move(p);
    m_projectPath = info.absoluteFilePath();
    m_recent->add(m_projectPath);
    setWindowTitle(tr("%1 — Splatwright").arg(info.fileName()));
    SW_LOG_INFO("Project saved: " << m_projectPath.toStdString());
    return true;
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
    if (m_projectPath.isEmpty()) browseSaveProjectAs();
    else saveProject(m_projectPath);
}

void MainWindow::browseSaveProjectAs() {
    const QFileInfo model(m_currentPath);
    const QString suggested = m_projectPath.isEmpty()
                                  ? model.absoluteDir().filePath(model.completeBaseName() + project::kProjectExtension)
                                  : m_projectPath;
    QString path = QFileDialog::getSaveFileName(this, tr("Save Project As"), suggested, tr("Splatwright projects (*.splatproj)"));
    if (path.isEmpty()) return;
    if (!path.endsWith(QLatin1String(project::kProjectExtension))) path += QLatin1String(project::kProjectExtension);
    saveProject(path);
}

}  // namespace sw::editor
