// MainWindow's splat view (issues #5.5, #6.2, #6.3, #6.5 editor parts): the View controls
// (on the View toolbar), the Effects and Game scale docks, and what the viewport shows when the
// document's cloud or baked model changes (the baked model with its floater mask, else the
// cloud turned into a preview model on a worker thread, else the mesh). Wiring only.
#include <QAction>
#include <QDirIterator>
#include <QDockWidget>
#include <algorithm>
#include <functional>
#include <thread>

#include "app/editor/bake_controller.h"
#include "app/editor/dock_util.h"
#include "app/editor/editor_document.h"
#include "app/editor/main_window.h"
#include "core/project/project.h"
#include "core/foundation/log.h"
#include "core/formats/cloud_io.h"
#include "core/formats/spl2.h"
#include "core/render/cloud_preview.h"
#include "core/splat/splat_cloud.h"
#include "widgets/destruct_panel.h"
#include "widgets/effects_panel.h"
#include "widgets/game_scale_panel.h"
#include "widgets/param_panel.h"
#include "widgets/overlay_legend.h"
#include "widgets/parts_panel.h"
#include "widgets/view_controls.h"
#include "widgets/viewport.h"

namespace sw::editor {

namespace {

// Turns a cloud into a drawable model (render::previewModelFromCloud sorts 64 shell orders) on
// a worker thread and delivers it on the GUI thread. One build at a time; a newer request
// supersedes an older one (its result is dropped). The destructor waits for the thread.
class CloudPreviewBuilder : public QObject {
public:
    using Done = std::function<void(std::shared_ptr<const formats::Spl2Model>)>;

    explicit CloudPreviewBuilder(QObject* parent) : QObject(parent) {}
    ~CloudPreviewBuilder() override {
        if (m_worker.joinable()) m_worker.join();
    }

    void build(std::shared_ptr<const splat::SplatCloud> cloud, Done done) {
        if (m_worker.joinable()) m_worker.join();  // the previous build, superseded below
        const quint64 generation = ++m_generation;
        m_worker = std::thread([this, cloud = std::move(cloud), done = std::move(done), generation] {
            auto model = std::make_shared<const formats::Spl2Model>(render::previewModelFromCloud(*cloud));
            // Queued to this object: dropped if it is gone (the destructor joins first anyway).
            QMetaObject::invokeMethod(
                this, [this, model, done, generation] {
                    if (generation == m_generation) done(model);
                },
                Qt::QueuedConnection);
        });
    }

    void cancelPending() { ++m_generation; }

private:
    std::thread m_worker;
    quint64 m_generation = 0;  // GUI thread only
};

// The project's clouds and bakes for the game-scale A/B compare: .ply/.spz/.bin under its cache
// folder (trainings, checkpoints, bakes) and in the export folder, newest first, at most 40.
QStringList compareCandidates(const QStringList& folders) {
    QFileInfoList found;
    for (const QString& folder : folders) {
        if (folder.isEmpty()) continue;
        QDirIterator it(folder, {"*.ply", "*.spz", "*.bin"}, QDir::Files, QDirIterator::Subdirectories);
        while (it.hasNext() && found.size() < 200) found << QFileInfo(it.next());
    }
    std::sort(found.begin(), found.end(), [](const QFileInfo& a, const QFileInfo& b) { return a.lastModified() > b.lastModified(); });
    QStringList paths;
    for (const QFileInfo& info : found)
        if (!paths.contains(info.absoluteFilePath()) && paths.size() < 40) paths << info.absoluteFilePath();
    return paths;
}

// A compare source as a drawable model: an SPL2 bake as it is, a cloud as the preview model.
Result<std::shared_ptr<const formats::Spl2Model>> loadCompareModel(const QString& path) {
    if (path.endsWith(QLatin1String(".bin"), Qt::CaseInsensitive)) {
        auto model = formats::readSpl2(path.toStdString());
        if (!model) return model.error();
        return std::make_shared<const formats::Spl2Model>(std::move(*model));
    }
    auto cloud = formats::readSplatCloud(path.toStdString());
    if (!cloud) return cloud.error();
    if (cloud->empty()) return makeError(ErrorCode::InvalidInput, "the cloud has no splats", path.toStdString());
    return std::make_shared<const formats::Spl2Model>(render::previewModelFromCloud(*cloud));
}

// The camera/background actions (View menu) and the View controls show the same state.
void linkViewActions(const EditorActions& a, widgets::Viewport* viewport, widgets::ViewControls* controls) {
    const auto syncActions = [a, viewport] {
        a.orbit->setChecked(viewport->cameraMode() == widgets::Viewport::CameraMode::Orbit);
        a.turntable->setChecked(viewport->cameraMode() == widgets::Viewport::CameraMode::Turntable);
        a.fly->setChecked(viewport->cameraMode() == widgets::Viewport::CameraMode::Fly);
        a.grey->setChecked(viewport->background() == widgets::Viewport::Background::Grey);
        a.black->setChecked(viewport->background() == widgets::Viewport::Background::Black);
    };
    QObject::connect(controls, &widgets::ViewControls::changed, controls, syncActions);
    for (QAction* action : {a.orbit, a.turntable, a.fly, a.grey, a.black})
        QObject::connect(action, &QAction::triggered, controls, &widgets::ViewControls::sync);
}

}  // namespace

void MainWindow::createViewDocks() {
    auto* effects = m_effects = new widgets::EffectsPanel;
    effects->setObjectName("effectsPanel");
    auto* gameScale = new widgets::GameScalePanel(m_viewport);
    gameScale->setObjectName("gameScalePanel");
    QDockWidget* gameDock = nullptr;
    m_docks << (m_dock.effects = addDock(this, {tr("Effects"), "effectsDock", effects, Qt::RightDockWidgetArea, m_importDock,
                                                DockScroll::Plain}))
            << (gameDock = m_dock.gameScale = addDock(this, {tr("Game scale"), "gameScaleDock", gameScale, Qt::RightDockWidgetArea,
                                          m_importDock, DockScroll::None}));  // its sheet scrolls or fits by itself
    // The Destruction dock (issue 15): shoots the document's baked model.
    auto* destruction = m_destruct = new widgets::DestructPanel(m_viewport);
    destruction->setObjectName("destructPanel");
    destruction->profilePanel()->setUndoStack(m_document->undoStack());  // weapon profile edits are undoable
    destruction->settingsPanel()->setUndoStack(m_document->undoStack());
    m_docks << (m_dock.destruct = addDock(this, {tr("Destruction"), "destructDock", destruction, Qt::RightDockWidgetArea,
                                                 m_importDock, DockScroll::Fitted}));
    connect(m_document, &EditorDocument::spl2Changed, destruction, [this, destruction] {
        if (Status s = destruction->setModel(m_document->spl2()); !s) SW_LOG_WARN("Destruction: " << s.error().toString());
    });
    // The part bars carry the model's part names (renamed in the Parts dock).
    const auto partNames = [this, destruction] {
        QStringList names;
        if (const project::Project* p = m_document->project())
            for (const std::string& name : p->partNames) names << QString::fromStdString(name);
        destruction->setPartNames(names);
    };
    connect(m_document, &EditorDocument::modelChanged, destruction, partNames);
    connect(m_document, &EditorDocument::modelEdited, destruction, partNames);
    connect(m_document, &EditorDocument::projectChanged, destruction, partNames);
    m_importDock->raise();

    linkViewActions(m_actions, m_viewport, m_viewControls);
    m_legend = new widgets::OverlayLegend(m_viewport);
    connect(m_viewControls, &widgets::ViewControls::changed, this, &MainWindow::updateLegend);
    connect(effects, &widgets::EffectsPanel::effectsChanged, m_viewport, &widgets::Viewport::setEffects);
    connect(m_viewport, &widgets::Viewport::splatPicked, effects,
            [effects](const Eigen::Vector3f& point, int) { effects->pickPoint(point); });

    // The game-scale sheet follows the model and its look (refreshed while shown, else when shown).
    connect(gameDock, &QDockWidget::visibilityChanged, gameScale, [gameScale](bool visible) {
        if (visible && gameScale->isStale()) gameScale->scheduleRefresh();
    });
    connect(m_viewControls, &widgets::ViewControls::changed, gameScale, &widgets::GameScalePanel::scheduleRefresh);
    gameScale->setCompareSources(
        [this] { return compareCandidates({m_document->cacheFolder(), m_bake ? m_bake->exportFolder() : QString()}); },
        loadCompareModel);
    for (auto signal : {&EditorDocument::projectChanged, &EditorDocument::cloudChanged, &EditorDocument::spl2Changed})
        connect(m_document, signal, gameScale, &widgets::GameScalePanel::refillCompareLists);
    connect(effects, &widgets::EffectsPanel::effectsChanged, gameScale, &widgets::GameScalePanel::scheduleRefresh);

    auto* builder = new CloudPreviewBuilder(this);
    const auto show = [this, effects, gameScale](std::shared_ptr<const formats::Spl2Model> model,
                                                           std::vector<std::uint8_t> mask) {
        m_viewport->setSplatModel(model, std::move(mask));
        m_viewport->setContent(model ? widgets::Viewport::Content::Splats : widgets::Viewport::Content::Mesh);
        effects->setModel(model);
        m_viewControls->sync();
        updateLegend();
        gameScale->scheduleRefresh();
    };
    const auto showCurrent = [this, builder, show] {
        if (Spl2Ptr spl2 = m_document->spl2()) {
            builder->cancelPending();
            show(spl2, m_document->floaterMask());
        } else if (CloudPtr cloud = m_document->cloud(); cloud && !cloud->empty()) {
            builder->build(cloud, [show](std::shared_ptr<const formats::Spl2Model> model) { show(model, {}); });
        } else {
            builder->cancelPending();
            show(nullptr, {});
        }
    };
    connect(m_document, &EditorDocument::cloudChanged, this, showCurrent);
    connect(m_document, &EditorDocument::spl2Changed, this, showCurrent);
}

void MainWindow::updateLegend() {
    QStringList names;
    for (const std::string& name : m_parts->partNames()) names << QString::fromStdString(name);
    const auto model = m_viewport->splatModel();
    if (m_viewport->content() == widgets::Viewport::Content::Splats && model) {
        const int chunks = model->chunks ? int(model->chunks->chunks.size()) : 0;
        m_legend->showSplatOverlay(m_viewport->splatOverlay(), names, chunks);
    } else if (m_viewport->content() == widgets::Viewport::Content::Mesh && m_partOverlay && m_document->model()) {
        m_legend->showMeshParts(names);
    } else {
        m_legend->clear();
    }
}

}  // namespace sw::editor
