#include "app/editor/project_controller.h"

#include <QDir>
#include <QFileInfo>
#include <QMessageBox>
#include <QTextBrowser>
#include <QTimer>
#include <utility>

#include "app/editor/ask.h"
#include "app/editor/dataset_controller.h"
#include "app/editor/demo_asset.h"
#include "app/editor/editor_document.h"
#include "app/editor/import_report.h"
#include "app/editor/job_runner.h"
#include "app/editor/model_status.h"
#include "app/editor/recent_files.h"
#include "core/foundation/log.h"
#include "core/bake/materials.h"
#include "core/pipeline/layout.h"
#include "core/project/project.h"
#include "core/render/effects_schema.h"
#include "widgets/dataset_panel.h"
#include "widgets/destruct_panel.h"
#include "widgets/effects_panel.h"
#include "widgets/foliage_panel.h"
#include "widgets/recipe_panel.h"
#include "widgets/frame_browser.h"
#include "widgets/param_panel.h"
#include "widgets/parts_panel.h"
#ifdef SW_HAVE_TRAIN
#include "core/pipeline/training_job.h"
#include "widgets/training_panel.h"
#endif

namespace sw::editor {

ProjectController::ProjectController(EditorDocument* document, Views views, QObject* parent)
    : QObject(parent), m_document(document), m_views(views), m_runner(new JobRunner(this)) {
    connect(m_runner, &JobRunner::started, this, [](const QString& what) { SW_LOG_INFO(what.toStdString()); });
    connect(m_views.recent, &RecentFiles::openRequested, this, &ProjectController::openRecent);
    connect(m_runner, &JobRunner::finished, this, [this] {
        if (!m_queuedImport) return;  // a later open waits for the cancelled import: it starts now
        QTimer::singleShot(0, this, [start = std::exchange(m_queuedImport, {})] { start(); });
    });
    m_document->setSnapshotSource([this] { return snapshot({}); });
}

bool ProjectController::startImport(const QString& what, const QString& path, ModelJob job) {
    // The latest open wins: its project state (openProject, restoreRecovered) is already the
    // document's, so an import still running for an earlier open is cancelled and its model,
    // should it arrive anyway, is dropped.
    const quint64 generation = ++m_importGeneration;
    auto start = [this, what, path, generation, job = std::move(job)] {
        m_pendingPath = path;
        m_runner->run<geometry::ImportedModel>(what, job, [this, generation](Result<geometry::ImportedModel> model) {
            if (generation != m_importGeneration) return;  // a later open replaced this one
            if (model) showModel(std::move(model).value());
            else failLoad(model.error());
        });
    };
    if (!m_runner->busy()) {
        start();
        return true;
    }
    SW_LOG_INFO(what.toStdString() << ": the running import is cancelled first");
    m_queuedImport = std::move(start);
    m_runner->cancel();
    return true;
}

void ProjectController::openModel(const QString& path) {
    if (m_document->trainingActive() && !m_projectPending) {
        // The run trains on the current model's dataset; its cloud would land on another model.
        ask(m_views.importReport->window(), QStringLiteral("confirmOpenDuringTraining"), tr("Open Model"),
            tr("A training run is going on the current model. Open %1 anyway? The run goes "
               "on; its cloud stays with the current model's run folder.")
                .arg(QFileInfo(path).fileName()),
            QMessageBox::Yes | QMessageBox::No, QMessageBox::No, [this, path](int result) {
                if (result == QMessageBox::Yes) importModel(path);
            });
        return;
    }
    importModel(path);
}

void ProjectController::importModel(const QString& path) {
    const std::string file = path.toStdString();
    const geometry::ImportSettings settings = geometry::importSchema().fromParams(m_views.importPanel->params());
    startImport(tr("Importing %1").arg(QFileInfo(path).fileName()), path,
                [file, settings](const Progress& progress) { return geometry::importModel(file, settings, progress); });
}

void ProjectController::reimport() {
    if (m_document->modelPath().isEmpty()) SW_LOG_WARN("Re-import: no model is open");
    else openModel(m_document->modelPath());
}

void ProjectController::openDemo() {
    Result<QString> path = extractDemoAsset();
    if (!path) {
        emit errorOccurred(tr("Cannot open the demo drone"), QString::fromStdString(path.error().toString()));
        emit loadFailed(QString::fromStdString(path.error().toString()));
        return;
    }
    openModel(*path);
}

void ProjectController::generateDemo() {
    Result<QString> dir = cacheFolder();
    if (!dir) {
        emit errorOccurred(tr("Cannot generate the demo drone"), QString::fromStdString(dir.error().toString()));
        return;
    }
    const QString path = *dir + QStringLiteral("/demo_drone_generated.glb");
    startImport(tr("Generating the demo drone"), path,
                makeDemoJob(m_views.demoPanel->params(), path.toStdString(),
                            geometry::importSchema().fromParams(m_views.importPanel->params())));
}

void ProjectController::failLoad(const Error& error) {
    m_recoveredPending = false;
    const QString message = QString::fromStdString(error.toString());
    if (error.code == ErrorCode::Cancelled) {
        SW_LOG_INFO("Cancelled: " << message.toStdString());
    } else {
        emit errorOccurred(tr("Cannot open model"), message);
        if (!m_pendingPath.isEmpty() && !QFileInfo::exists(m_pendingPath)) m_views.recent->remove(m_pendingPath);
    }
    m_pendingPath.clear();
    emit loadFailed(message);
}

void ProjectController::showModel(geometry::ImportedModel imported) {
    ModelPtr model = std::make_shared<const geometry::ImportedModel>(std::move(imported));
    const QString path = m_pendingPath.isEmpty() ? QString::fromStdString(model->report.path) : m_pendingPath;
    m_pendingPath.clear();
    const bool fromProject = m_projectPending && m_document->project();
    const bool recovered = std::exchange(m_recoveredPending, false) && fromProject;
    if (!fromProject) {  // a new, unsaved project state
        auto fresh = std::make_unique<project::Project>();
        fresh->modelPath = path.toStdString();
        if (auto hash = project::hashFile(fresh->modelPath)) fresh->modelHash = *hash;
        // Its dataset and runs go to a scratch cache until it is saved (then they move with it).
        if (Result<QString> user = cacheFolder())
            fresh->cacheFolder = pipeline::scratchCacheFolder(user->toStdString(), QFileInfo(path).absoluteFilePath().toStdString());
        m_document->setProject(std::move(fresh), {});
    }
    adoptModelIntoProject(model);
    m_document->setModel(model, path);
    m_document->stageTimes().record(StageTimes::Import, m_runner->lastSeconds());
    if (fromProject) {
        if (recovered) m_document->markModified();  // restored from a recovery file: not saved
        else m_document->markSaved();  // as the file says
        // The project's trained cloud comes back with it (the Floater inspector scans it).
        const QString cloud = QString::fromStdString(pipeline::trainedCloud(*m_document->project()));
        if (QFileInfo::exists(cloud)) emit trainedCloudFound(cloud);
    }
    m_views.status->showModel(*model);
    m_views.importReport->setHtml(importReportHtml(model->report));
    logImportReport(model->report);
    if (m_document->projectPath().isEmpty()) m_views.recent->add(path);
    updateTitle();
    emit modelShown(path);
}

// A model arrived: either it belongs to the project being opened (apply its parts) or it
// starts the fresh project state showModel made.
void ProjectController::adoptModelIntoProject(ModelPtr& model) {
    const bool fromProject = m_projectPending;
    m_projectPending = false;
    project::Project& project = *m_document->project();
    if (fromProject) {
        auto adjusted = std::make_shared<geometry::ImportedModel>(*model);
        if (Status s = project::applyParts(project, adjusted->mesh); !s)
            SW_LOG_WARN("Project parts not applied: " << s.error().toString());
        else
            model = adjusted;
    } else {
        m_views.datasetPanel->setOutputFolder({});
    }
    m_views.partsPanel->setMesh(std::shared_ptr<const geometry::Mesh>(model, &model->mesh));
    project.componentCount = m_views.partsPanel->components().count;
    project.partNames = m_views.partsPanel->partNames();
    m_views.datasetPanel->setMaterials(model->mesh, project.materialHsv);
    const QString cache = m_document->cacheFolder();
    const QString folder = fromProject && !cache.isEmpty() ? QDir(cache).filePath("dataset") : QString();
    if (!folder.isEmpty()) m_views.datasetPanel->setOutputFolder(folder);
    if (!folder.isEmpty() && QFileInfo::exists(QDir(folder).filePath("transforms_train.json"))) {
        m_views.dataset->showFolder(folder);
    } else {
        m_views.dataset->clearFolder();
    }
}

void ProjectController::closeModel() {
    m_document->setModel(nullptr, {});  // the model's cloud and bake go with it
    m_document->setCloud(nullptr, {});
    m_document->setProject(nullptr, {});
    m_views.dataset->clearFolder();
    m_views.importReport->clear();
    m_views.status->clearModel();  // the status bar no longer names the closed model
    m_document->markSaved();  // nothing of a model is open: nothing to save or autosave
    updateTitle();
}

void ProjectController::updateTitle() {
    QString shown = m_document->projectPath().isEmpty() ? m_document->modelPath() : m_document->projectPath();
    if (shown.isEmpty()) shown = m_document->cloudSource();
    if (shown.isEmpty()) return emit titleChanged(tr("Splatwright"));
    emit titleChanged(tr("%1 — Splatwright").arg(QFileInfo(shown).fileName()));
}

void ProjectController::openRecent(const QString& path) {
    if (path.endsWith(QLatin1String(project::kProjectExtension))) openProject(path);
    else openModel(path);
}

bool ProjectController::newProject(const QString& modelPath, const QString& projectPath) {
    auto p = project::newProject(modelPath.toStdString(), projectPath.toStdString());
    if (p) {
        p->import = geometry::importSchema().fromParams(m_views.importPanel->params());
        p->belt = m_views.datasetPanel->belt();
        p->dataset = m_views.datasetPanel->settings();
    }
    Status saved = p ? project::saveProject(*p, projectPath.toStdString()) : Status(p.error());
    if (!saved) {
        emit errorOccurred(tr("Cannot create the project"), QString::fromStdString(saved.error().toString()));
        return false;
    }
    return openProject(projectPath);
}

bool ProjectController::openProject(const QString& path) {
    auto p = project::loadProject(path.toStdString());
    if (!p) {
        emit errorOccurred(tr("Cannot open the project"), QString::fromStdString(p.error().toString()));
        if (!QFileInfo::exists(path)) m_views.recent->remove(path);
        return false;
    }
    if (Status s = project::verifyModel(*p); !s) SW_LOG_WARN("Project: " << s.error().toString());
    m_views.importPanel->setParams(geometry::importSchema().toParams(p->import));
    m_views.datasetPanel->setBelt(p->belt);
    m_views.datasetPanel->setSettings(p->dataset);
    restoreStagePanels(*p);
    const QString absolute = QFileInfo(path).absoluteFilePath();
    const QString model = QString::fromStdString(p->modelPath);
    m_document->setProject(std::make_unique<project::Project>(std::move(p).value()), absolute);
    m_projectPending = true;
    m_views.recent->add(absolute);
    openModel(model);
    return true;
}

bool ProjectController::restoreRecovered(project::Project p, const QString& projectPath) {
    m_views.importPanel->setParams(geometry::importSchema().toParams(p.import));
    m_views.datasetPanel->setBelt(p.belt);
    m_views.datasetPanel->setSettings(p.dataset);
    restoreStagePanels(p);
    const QString model = QString::fromStdString(p.modelPath);
    const QString absolute = projectPath.isEmpty() ? QString() : QFileInfo(projectPath).absoluteFilePath();
    m_document->setProject(std::make_unique<project::Project>(std::move(p)), absolute);
    m_projectPending = true;
    m_recoveredPending = true;  // shown as unsaved changes (the file on disk is older)
    openModel(model);
    return true;
}

void ProjectController::restoreStagePanels(const project::Project& p) {
#ifdef SW_HAVE_TRAIN
    if (m_stages.training) {
        if (auto training = pipeline::trainingSettings(p)) m_stages.training->setSettings(*training);
        else SW_LOG_WARN("Project: " << training.error().toString());
    }
#endif
    if (m_stages.bake) m_stages.bake->setParams(bake::bakeSchema().toParams(p.bake));
    if (m_stages.recipes) m_stages.recipes->setRecipe(p.recipe ? *p.recipe : bake::defaultRecipe());
    if (m_stages.effects) {
        m_stages.effects->knobsPanel()->setParams(render::effectsSchema().toParams(p.effects));
        m_stages.effects->timelinePanel()->setParams(render::effectTimelineSchema().toParams(p.effectTimeline));
    }
    if (m_stages.destruct) {
        m_stages.destruct->setWeapons(p.weapons);
        m_stages.destruct->setSimSettings(p.destruction);
    }
    if (m_stages.foliage) {
        m_stages.foliage->setSettings(p.foliage, p.foliagePreview);
        m_stages.foliage->setBenders(p.foliageBenders);
    }
}

void ProjectController::storeStagePanels(project::Project& p) const {
#ifdef SW_HAVE_TRAIN
    if (m_stages.training)
        if (Status s = pipeline::setTrainingSettings(p, m_stages.training->settings()); !s)
            SW_LOG_WARN("Project: training settings not saved: " << s.error().toString());
#endif
    if (m_stages.bake) p.bake = bake::bakeSchema().fromParams(m_stages.bake->params());
    if (m_stages.recipes) p.recipe = m_stages.recipes->recipe();
    if (m_stages.effects) {
        const render::EffectParams shown = m_stages.effects->effectParams();
        p.effects = render::effectsSchema().fromParams(m_stages.effects->knobsPanel()->params());
        p.effects.center = shown.center;
        p.effects.shotDirection = shown.shotDirection;
        p.effects.hitPoint = shown.hitPoint;
        p.effectTimeline = render::effectTimelineSchema().fromParams(m_stages.effects->timelinePanel()->params());
    }
    if (m_stages.destruct) {
        p.weapons = m_stages.destruct->weapons();
        p.destruction = m_stages.destruct->simSettings();
    }
    if (m_stages.foliage) {
        p.foliage = m_stages.foliage->settings();
        p.foliagePreview = m_stages.foliage->preview();
        p.foliageBenders = m_stages.foliage->keptBenders();
    }
}

Result<project::Project> ProjectController::snapshot(const QString& path) const {
    if (!m_document->project() || !m_document->model())
        return makeError(ErrorCode::InvalidInput, tr("Open a model first.").toStdString());
    project::Project p = *m_document->project();
    p.import = geometry::importSchema().fromParams(m_views.importPanel->params());
    p.belt = m_views.datasetPanel->belt();
    p.dataset = m_views.datasetPanel->settings();
    p.materialHsv = m_views.datasetPanel->materialHsv();
    p.partNames = m_views.partsPanel->partNames();
    p.componentCount = m_views.partsPanel->components().count;
    storeStagePanels(p);
    if (!path.isEmpty()) {
        const QFileInfo info(path);
        if (p.cacheFolder.empty() || info.absoluteFilePath() != m_document->projectPath())
            project::placeFolders(p, info.absoluteFilePath().toStdString(), true);  // a new place: its own folders
    }
    return p;
}

bool ProjectController::saveProject(const QString& path) {
    auto state = snapshot(path);
    if (!state) {
        emit errorOccurred(tr("Cannot save the project"), QString::fromStdString(state.error().message));
        return false;
    }
    project::Project p = std::move(state).value();
    const QFileInfo info(path);
    const QString oldCache = m_document->cacheFolder();
    const bool moved = m_document->projectPath().isEmpty();
    if (!bringCache(p)) return false;
    if (Status s = project::saveProject(p, path.toStdString()); !s) {
        // The project file was not written: the run goes back where the unsaved project finds it.
        const QString newCache = QString::fromStdString(p.cacheFolder);
        if (moved && QDir::cleanPath(oldCache) != QDir::cleanPath(newCache) && QFileInfo(newCache).isDir() &&
            !QFileInfo::exists(oldCache) && pipeline::adoptCache(newCache.toStdString(), oldCache.toStdString()))
            m_document->relocate(newCache, oldCache);
        emit errorOccurred(tr("Cannot save the project"), QString::fromStdString(s.error().toString()));
        return false;
    }
    *m_document->project() = std::move(p);
    m_document->setProjectPath(info.absoluteFilePath());
    m_document->markSaved();
    m_views.recent->add(info.absoluteFilePath());
    updateTitle();
    SW_LOG_INFO("Project saved: " << info.absoluteFilePath().toStdString());
    return true;
}

bool ProjectController::bringCache(const project::Project& saved) {
    const QString from = m_document->cacheFolder(), to = QString::fromStdString(saved.cacheFolder);
    if (from.isEmpty() || QDir::cleanPath(from) == QDir::cleanPath(to) || !QFileInfo(from).isDir()) return true;
    if (m_document->trainingActive()) {
        emit errorOccurred(tr("Cannot save the project"),
                           tr("A training run is writing into %1: save when it ends (or cancel it), so that the "
                              "run comes into the project's cache.").arg(from));
        return false;
    }
    // A project saved for the first time takes its scratch cache; Save As leaves the old project's.
    const bool scratch = m_document->projectPath().isEmpty();
    if (QFileInfo::exists(to)) {
        SW_LOG_WARN("Project: the run stays in " << from.toStdString() << ": " << to.toStdString()
                                                 << " exists already (a cache of another project of that name)");
        return true;
    }
    const Status brought = scratch ? pipeline::adoptCache(from.toStdString(), to.toStdString())
                                   : pipeline::copyCache(from.toStdString(), to.toStdString());
    if (!brought) {
        emit errorOccurred(tr("Cannot save the project"), QString::fromStdString(brought.error().toString()));
        return false;
    }
    m_document->relocate(from, to);
    SW_LOG_INFO("Project: " << (scratch ? "the dataset and runs moved to " : "the dataset and runs copied to ")
                            << to.toStdString());
    return true;
}

}  // namespace sw::editor
