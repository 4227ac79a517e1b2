// MainWindow's splat view (issues #5.5, #6.2, #6.3, #6.5 editor parts): the View controls
// (on the View toolbar), the Effects and Game scale docks, and what the viewport shows when the
// document's cloud or baked model changes (the baked model with its floater mask, else the
// cloud turned into a preview model on a worker thread, else the mesh). Wiring only.
#include <QAction>
#include <QDockWidget>
#include <functional>
#include <thread>

#include "app/editor/dock_util.h"
#include "app/editor/editor_document.h"
#include "app/editor/main_window.h"
#include "core/foundation/log.h"
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

// The camera/background actions (View menu) and the View controls show the same state.
void linkViewActions(const EditorActions& a, widgets::Viewport* viewport, widgets::ViewControls* controls) {
    const auto syncActions = [a, viewport] {
        a.orbit->setChecked(viewport->cameraMode() == widgets::Viewport::CameraMode::Orbit);
        a.turntable->setChecked(viewport->cameraMode() == widgets::Viewport::CameraMode::Turntable);
        a.grey->setChecked(viewport->background() == widgets::Viewport::Background::Grey);
        a.black->setChecked(viewport->background() == widgets::Viewport::Background::Black);
    };
    QObject::connect(controls, &widgets::ViewControls::changed, controls, syncActions);
    for (QAction* action : {a.orbit, a.turntable, a.grey, a.black})
        QObject::connect(action, &QAction::triggered, controls, &widgets::ViewControls::sync);
}

}  // namespace

void MainWindow::createViewDocks() {
    auto* effects = m_effects = new widgets::EffectsPanel;
    effects->setObjectName("effectsPanel");
    auto* gameScale = new widgets::GameScalePanel(m_viewport);
    gameScale->setObjectName("gameScalePanel");
    QDockWidget* gameDock = nullptr;
    m_docks << addDock(this, {tr("Effects"), "effectsDock", effects, Qt::RightDockWidgetArea, m_importDock,
                              DockScroll::Plain})
            << (gameDock = addDock(this, {tr("Game scale"), "gameScaleDock", gameScale, Qt::RightDockWidgetArea,
                                          m_importDock, DockScroll::Plain}));
    // The Destruction dock (issue 15): shoots the document's baked model.
    auto* destruction = new widgets::DestructPanel(m_viewport);
    destruction->setObjectName("destructPanel");
    destruction->profilePanel()->setUndoStack(m_document->undoStack());  // weapon profile edits are undoable
    m_docks << addDock(this, {tr("Destruction"), "destructDock", destruction, Qt::RightDockWidgetArea, m_importDock,
                              DockScroll::Fitted});
    connect(m_document, &EditorDocument::spl2Changed, destruction, [this, destruction] {
        if (Status s = destruction->setModel(m_document->spl2()); !s) SW_LOG_WARN("Destruction: " << s.error().toString());
    });
    m_importDock->raise();

    linkViewActions(m_actions, m_viewport, m_viewControls);
    m_legend = new widgets::OverlayLegend(m_viewport);
    connect(m_viewControls, &widgets::ViewControls::changed, this, &MainWindow::updateLegend);
    connect(effects, &widgets::EffectsPanel::effectsChanged, m_viewport, &widgets::Viewport::setEffects);
    connect(m_viewport, &widgets::Viewport::splatPicked, effects,
            [effects](const Eigen::Vector3f& point, int) { effects->pickPoint(point); });

    connect(gameDock, &QDockWidget::visibilityChanged, gameScale, [this, gameScale](bool visible) {
        if (visible && m_viewport->splatModel() && gameScale->image().isNull()) gameScale->refresh();
    });

    auto* builder = new CloudPreviewBuilder(this);
    const auto show = [this, effects, gameScale, gameDock](std::shared_ptr<const formats::Spl2Model> model,
                                                           std::vector<std::uint8_t> mask) {
        m_viewport->setSplatModel(model, std::move(mask));
        m_viewport->setContent(model ? widgets::Viewport::Content::Splats : widgets::Viewport::Content::Mesh);
        effects->setModel(model);
        m_viewControls->sync();
        updateLegend();
        if (model && !gameDock->visibleRegion().isEmpty()) gameScale->refresh();
    };
    const auto showCurrent = [this, builder, show] {
        if (Spl2Ptr spl2 = m_document->spl2()) {
            builder->cancelPending();
            show(spl2, m_document->floaterMask());
        } else if (CloudPtr cloud = m_document->cloud(); cloud && !cloud->empty()) {
            SW_LOG_INFO("Viewport: preparing " << cloud->size() << " splats for display");
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
