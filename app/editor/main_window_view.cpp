// MainWindow's splat view (issues #5.5, #6.2, #6.3, #6.5 editor parts): the View toolbar
// (ViewControls), the Effects and Game scale docks, and what the viewport shows when the
// current cloud or baked model changes (the baked model with its floater mask, else the cloud
// turned into a preview model on a worker thread, else the mesh). Wiring only.
#include <QAction>
#include <QDockWidget>
#include <QMenu>
#include <QScrollArea>
#include <QToolBar>
#include <functional>
#include <thread>

#include "app/editor/main_window.h"
#include "core/foundation/log.h"
#include "core/render/cloud_preview.h"
#include "core/splat/splat_cloud.h"
#include "widgets/effects_panel.h"
#include "widgets/game_scale_panel.h"
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

// The main toolbar's camera/background actions and the View toolbar show the same state.
void linkViewActions(QMainWindow* window, widgets::Viewport* viewport, widgets::ViewControls* controls) {
    const auto syncActions = [window, viewport] {
        const std::pair<const char*, bool> states[] = {
            {"actionOrbit", viewport->cameraMode() == widgets::Viewport::CameraMode::Orbit},
            {"actionTurntable", viewport->cameraMode() == widgets::Viewport::CameraMode::Turntable},
            {"actionGrey", viewport->background() == widgets::Viewport::Background::Grey},
            {"actionBlack", viewport->background() == widgets::Viewport::Background::Black}};
        for (const auto& [name, on] : states)
            if (auto* action = window->findChild<QAction*>(QString::fromLatin1(name))) action->setChecked(on);
    };
    QObject::connect(controls, &widgets::ViewControls::changed, window, syncActions);
    for (const char* name : {"actionOrbit", "actionTurntable", "actionGrey", "actionBlack"})
        if (auto* action = window->findChild<QAction*>(QString::fromLatin1(name)))
            QObject::connect(action, &QAction::triggered, controls, &widgets::ViewControls::sync);
}

QDockWidget* viewDock(QMainWindow* window, const QString& title, const char* name, QWidget* body) {
    auto* dock = new QDockWidget(title, window);
    dock->setObjectName(QString::fromLatin1(name));
    auto* area = new QScrollArea;
    area->setWidgetResizable(true);
    area->setWidget(body);
    dock->setWidget(area);
    window->addDockWidget(Qt::RightDockWidgetArea, dock);
    if (auto* importDock = window->findChild<QDockWidget*>(QStringLiteral("importDock")))
        window->tabifyDockWidget(importDock, dock);
    return dock;
}

}  // namespace

void MainWindow::createViewDocks() {
    auto* controls = new widgets::ViewControls(m_viewport);
    controls->setObjectName("viewControls");
    auto* bar = new QToolBar(tr("View"), this);
    bar->setObjectName("viewToolBar");
    bar->addWidget(controls);
    addToolBarBreak();
    addToolBar(bar);

    auto* effects = new widgets::EffectsPanel;
    effects->setObjectName("effectsPanel");
    auto* gameScale = new widgets::GameScalePanel(m_viewport);
    gameScale->setObjectName("gameScalePanel");
    QDockWidget* docks[] = {viewDock(this, tr("Effects"), "effectsDock", effects),
                            viewDock(this, tr("Game scale"), "gameScaleDock", gameScale)};
    if (auto* importDock = findChild<QDockWidget*>(QStringLiteral("importDock"))) importDock->raise();
    if (auto* reset = findChild<QAction*>(QStringLiteral("actionResetView"))) {
        for (QObject* o : reset->associatedObjects())
            if (auto* menu = qobject_cast<QMenu*>(o))
                for (QDockWidget* dock : docks) menu->addAction(dock->toggleViewAction());
    }
    for (QDockWidget* dock : docks) m_docks << dock;

    linkViewActions(this, m_viewport, controls);
    connect(effects, &widgets::EffectsPanel::effectsChanged, m_viewport, &widgets::Viewport::setEffects);
    connect(m_viewport, &widgets::Viewport::splatPicked, effects,
            [effects](const Eigen::Vector3f& point, int) { effects->pickPoint(point); });

    connect(docks[1], &QDockWidget::visibilityChanged, gameScale, [this, gameScale](bool visible) {
        if (visible && m_viewport->splatModel() && gameScale->image().isNull()) gameScale->refresh();
    });

    auto* builder = new CloudPreviewBuilder(this);
    const auto show = [this, controls, effects, gameScale, docks](std::shared_ptr<const formats::Spl2Model> model,
                                                                  std::vector<std::uint8_t> mask) {
        m_viewport->setSplatModel(model, std::move(mask));
        m_viewport->setContent(model ? widgets::Viewport::Content::Splats : widgets::Viewport::Content::Mesh);
        effects->setModel(model);
        controls->sync();
        if (model && !docks[1]->visibleRegion().isEmpty()) gameScale->refresh();
    };
    const auto showCurrent = [this, builder, show] {
        if (m_spl2) {
            builder->cancelPending();
            show(m_spl2, m_floaterMask);
        } else if (m_cloud && !m_cloud->empty()) {
            SW_LOG_INFO("Viewport: preparing " << m_cloud->size() << " splats for display");
            builder->build(m_cloud, [show](std::shared_ptr<const formats::Spl2Model> model) { show(model, {}); });
        } else {
            builder->cancelPending();
            show(nullptr, {});
        }
    };
    connect(this, &MainWindow::cloudChanged, this, showCurrent);
    connect(this, &MainWindow::spl2Changed, this, showCurrent);
}

}  // namespace sw::editor
