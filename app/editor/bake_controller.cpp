#include "app/editor/bake_controller.h"

#include <QAction>
#include <QComboBox>
#include <QFileInfo>
#include <QUndoStack>
#include <algorithm>

#include "app/editor/editor_document.h"
#include "app/editor/job_runner.h"
#include "core/formats/cloud_io.h"
#include "core/formats/spl2.h"
#include "core/foundation/log.h"
#include "core/render/cloud_preview.h"
#include "widgets/floater_panel.h"
#include "widgets/view_controls.h"
#include "widgets/viewport.h"

namespace sw::editor {

// One undoable inspector edit: redo applies `after`, undo restores `before`.
class BakeController::StateCommand : public QUndoCommand {
public:
    StateCommand(BakeController* owner, const QString& text, CloudState before, CloudState after, bool cloudChanged)
        : QUndoCommand(text), m_owner(owner), m_before(std::move(before)), m_after(std::move(after)),
          m_cloudChanged(cloudChanged) {}
    void redo() override { m_owner->applyState(m_after, m_cloudChanged); }
    void undo() override { m_owner->applyState(m_before, m_cloudChanged); }

private:
    BakeController* m_owner;
    CloudState m_before, m_after;
    bool m_cloudChanged;
};

namespace {

// The splats of `cloud` whose flag is 0, with every per-splat array filtered alike.
template <class T>
std::vector<T> keepUnflagged(const std::vector<T>& values, const std::vector<std::uint8_t>& drop, std::size_t stride = 1) {
    std::vector<T> out;
    if (values.empty()) return out;
    out.reserve(values.size());
    for (std::size_t i = 0; i < drop.size(); ++i)
        if (!drop[i]) out.insert(out.end(), values.begin() + std::ptrdiff_t(i * stride), values.begin() + std::ptrdiff_t((i + 1) * stride));
    return out;
}

splat::SplatCloud withoutSplats(const splat::SplatCloud& c, const std::vector<std::uint8_t>& drop) {
    splat::SplatCloud out;
    out.shDegree = c.shDegree;
    out.positions = keepUnflagged(c.positions, drop);
    out.rotations = keepUnflagged(c.rotations, drop);
    out.scales = keepUnflagged(c.scales, drop);
    out.opacities = keepUnflagged(c.opacities, drop);
    out.colors = keepUnflagged(c.colors, drop);
    out.normals = keepUnflagged(c.normals, drop);
    out.shRest = keepUnflagged(c.shRest, drop, std::size_t(splat::shRestCount(c.shDegree)) * 3);
    return out;
}

bake::FloaterScan scanWithout(const bake::FloaterScan& s, const std::vector<std::uint8_t>& drop) {
    bake::FloaterScan out;
    const bake::FloaterResult& f = s.floaters;
    out.floaters.far = keepUnflagged(f.far, drop);
    out.floaters.detached = keepUnflagged(f.detached, drop);
    out.floaters.silhouette = keepUnflagged(f.silhouette, drop);
    out.floaters.dataset = keepUnflagged(f.dataset, drop);
    out.floaters.removed = keepUnflagged(f.removed, drop);
    out.distance = keepUnflagged(s.distance, drop);
    bake::FloaterReport& r = out.floaters.report;
    r = f.report;
    r.far = int(std::count(out.floaters.far.begin(), out.floaters.far.end(), 1));
    r.detached = int(std::count(out.floaters.detached.begin(), out.floaters.detached.end(), 1));
    r.silhouette = int(std::count(out.floaters.silhouette.begin(), out.floaters.silhouette.end(), 1));
    r.dataset = int(std::count(out.floaters.dataset.begin(), out.floaters.dataset.end(), 1));
    r.removed = int(std::count(out.floaters.removed.begin(), out.floaters.removed.end(), 1));
    return out;
}

std::vector<std::uint8_t> flagsOf(const std::vector<int>& splats, std::size_t n) {
    std::vector<std::uint8_t> flags(n, 0);
    for (int i : splats)
        if (i >= 0 && std::size_t(i) < n) flags[std::size_t(i)] = 1;
    return flags;
}

}  // namespace

BakeController::BakeController(EditorDocument* document, Panels panels, const EditorActions& actions, QObject* parent)
    : QObject(parent), m_document(document), m_panels(panels), m_actions(actions), m_runner(new JobRunner(this)) {
    connect(m_document, &EditorDocument::cloudChanged, this, &BakeController::onCloudChanged);
    connect(m_panels.floaters, &widgets::FloaterPanel::rerunRequested, this, [this] { scanFloaters(); });
    connect(m_panels.floaters, &widgets::FloaterPanel::deleteRequested, this, &BakeController::deleteSplats);
    connect(m_panels.floaters, &widgets::FloaterPanel::keepRequested, this, &BakeController::keepSplats);
    connect(m_panels.floaters, &widgets::FloaterPanel::highlightChanged, this, &BakeController::highlight);
    connect(m_panels.viewport, &widgets::Viewport::frameRendered, this, &BakeController::keepHighlight);
    connect(m_runner, &JobRunner::started, this, [this] { m_panels.floaters->setBusy(true); });
    connect(m_runner, &JobRunner::finished, this, [this] { m_panels.floaters->setBusy(false); });
}

BakeController::~BakeController() = default;

QUndoStack* BakeController::undoStack() const { return m_document->undoStack(); }

void BakeController::onCloudChanged() {
    if (m_applying) return;
    // A cloud from elsewhere (training, another file): the inspector's state and edits are void.
    m_state = {m_document->cloud(), nullptr, {}};
    // The inspector's edits were of the old cloud: they leave the undo stack (settings edits on
    // it stay undoable).
    for (int i = 0; i < undoStack()->count(); ++i)
        if (auto* edit = dynamic_cast<const StateCommand*>(undoStack()->command(i)))
            const_cast<StateCommand*>(edit)->setObsolete(true);
    m_baked.reset();
    m_preview.reset();
    m_previewIndex.clear();
    m_mask.clear();
    m_highlighting = false;
    m_panels.floaters->clearScan(m_state.cloud ? tr("%1 splats: press Re-run to find floaters.").arg(m_state.cloud->size())
                                               : tr("No splat cloud: open one (File ▸ Open Splat Cloud…) or train."));
}

void BakeController::applyState(const CloudState& state, bool cloudChanged) {
    if (cloudChanged) {
        m_applying = true;
        m_document->setCloud(state.cloud, m_document->cloudSource());
        m_applying = false;
        m_preview.reset();  // rebuilt for the new cloud by highlight()
    }
    m_state = state;
    m_baked.reset();  // baked with another cloud or keep list
    refreshFloaterPanel();
}

void BakeController::refreshFloaterPanel() {
    if (!m_state.scan) return;
    m_panels.floaters->setScan(m_state.scan->floaters, m_state.scan->distance, m_state.keep);  // → highlight()
}

bool BakeController::openSplatFile(const QString& path) {
    const std::string file = path.toStdString();
    const QString ext = QFileInfo(path).suffix().toLower();
    if (ext == QLatin1String("bin") || ext == QLatin1String("spl2")) {
        return m_runner->run<std::shared_ptr<const formats::Spl2Model>>(
            tr("Opening %1").arg(QFileInfo(path).fileName()),
            [file](const Progress&) -> Result<std::shared_ptr<const formats::Spl2Model>> {
                auto model = formats::readSpl2(file);
                if (!model) return model.error();
                return std::make_shared<const formats::Spl2Model>(std::move(*model));
            },
            [this, path](Result<std::shared_ptr<const formats::Spl2Model>> model) {
                if (!model) return failOpen(model.error());
                m_document->setCloud(nullptr, {});
                m_highlighting = false;
                m_document->setSpl2(*model, {});
                SW_LOG_INFO("Opened baked model " << path.toStdString() << ": " << (*model)->core.size() << " core + "
                                                  << (*model)->shell.size() << " shell splats");
            });
    }
    return m_runner->run<std::shared_ptr<const splat::SplatCloud>>(
        tr("Opening %1").arg(QFileInfo(path).fileName()),
        [file](const Progress&) -> Result<std::shared_ptr<const splat::SplatCloud>> {
            auto cloud = formats::readSplatCloud(file);
            if (!cloud) return cloud.error();
            SW_TRY(cloud->validate(file));
            return std::make_shared<const splat::SplatCloud>(std::move(*cloud));
        },
        [this, path](Result<std::shared_ptr<const splat::SplatCloud>> cloud) {
            if (!cloud) return failOpen(cloud.error());
            m_document->setCloud(*cloud, path);
            SW_LOG_INFO("Opened splat cloud " << path.toStdString() << ": " << (*cloud)->size() << " splats");
            if (m_document->model()) scanFloaters();
        });
}

void BakeController::failOpen(const Error& error) {
    reportFailure(tr("Cannot open splat file"), error);
    emit errorOccurred(tr("Cannot open splat file"), QString::fromStdString(error.toString()));
}

Result<std::optional<bake::DatasetViews>> BakeController::loadViews(const std::string& dir, const Progress& progress) {
    if (dir.empty()) return std::optional<bake::DatasetViews>();
    auto loaded = bake::loadDatasetViews(dir, progress);
    if (!loaded) return loaded.error();
    return std::optional<bake::DatasetViews>(std::move(*loaded));
}

bool BakeController::scanFloaters() {
    auto cloud = m_document->cloud();
    ModelPtr model = m_document->model();
    if (!cloud || !model) {
        SW_LOG_WARN("Floaters: open a splat cloud and the model it was trained on first");
        return false;
    }
    const bake::BakeSettings settings = currentSettings();
    const std::string datasetDir = resolveDatasetFolder().toStdString();
    const bool started = m_runner->run<std::shared_ptr<const bake::FloaterScan>>(
        tr("Finding floaters"),
        [cloud, model, settings, datasetDir](const Progress& progress) -> Result<std::shared_ptr<const bake::FloaterScan>> {
            auto views = loadViews(datasetDir, progress.sub(0, 0.2));
            if (!views) return views.error();
            auto scan = bake::scanFloaters(*cloud, model->mesh, *views ? &**views : nullptr, settings, progress.sub(0.2, 1));
            if (!scan) return scan.error();
            return std::make_shared<const bake::FloaterScan>(std::move(*scan));
        },
        [this, cloud](Result<std::shared_ptr<const bake::FloaterScan>> scan) {
            if (!scan) return reportFailure(tr("Cannot find floaters"), scan.error());
            if (m_document->cloud() != cloud) return;  // the cloud changed meanwhile
            m_state.scan = *scan;
            const bake::FloaterReport& r = (*scan)->floaters.report;
            SW_LOG_INFO("Floaters: far " << r.far << ", detached " << r.detached << ", silhouette " << r.silhouette
                                         << ", dataset " << (r.datasetSkipped ? std::string("skipped") : std::to_string(r.dataset))
                                         << "; flagged for removal " << r.removed);
            refreshFloaterPanel();
            emit floatersScanned();
        });
    if (!started) SW_LOG_WARN("Busy: wait for the running bake job or cancel it");
    return started;
}

void BakeController::pushState(const QString& text, CloudState next, bool cloudChanged) {
    undoStack()->push(new StateCommand(this, text, m_state, std::move(next), cloudChanged));
}

void BakeController::deleteSplats(const std::vector<int>& splats) {
    if (!m_state.cloud || splats.empty() || m_runner->busy()) return;
    const std::vector<std::uint8_t> drop = flagsOf(splats, m_state.cloud->size());
    const auto n = std::count(drop.begin(), drop.end(), 1);
    if (std::size_t(n) >= m_state.cloud->size()) {
        SW_LOG_WARN("Floaters: refusing to delete every splat");
        return;
    }
    CloudState next;
    next.cloud = std::make_shared<const splat::SplatCloud>(withoutSplats(*m_state.cloud, drop));
    if (m_state.scan) next.scan = std::make_shared<const bake::FloaterScan>(scanWithout(*m_state.scan, drop));
    next.keep = keepUnflagged(m_state.keep, drop);
    SW_LOG_INFO("Floaters: deleted " << n << " splats");
    pushState(tr("Delete %1 splats").arg(n), std::move(next), true);
}

void BakeController::keepSplats(const std::vector<int>& splats) {
    if (!m_state.cloud || splats.empty() || m_runner->busy()) return;
    CloudState next = m_state;
    if (next.keep.empty()) next.keep.assign(m_state.cloud->size(), 0);
    for (int i : splats)
        if (i >= 0 && std::size_t(i) < next.keep.size()) next.keep[std::size_t(i)] = 1;
    SW_LOG_INFO("Floaters: keeping " << splats.size() << " splats in the bake");
    pushState(tr("Keep %1 splats").arg(splats.size()), std::move(next), false);
}

void BakeController::highlight(const std::vector<int>& splats) {
    if (!m_state.cloud) return;
    if (!m_preview) {
        m_preview = std::make_shared<const formats::Spl2Model>(
            render::previewModelFromCloud(*m_state.cloud, 0.9f, 40.f, &m_previewIndex));
    }
    m_mask.assign(m_preview->core.size() + m_preview->shell.size(), 0);
    for (int i : splats)
        if (i >= 0 && std::size_t(i) < m_previewIndex.size()) m_mask[std::size_t(m_previewIndex[std::size_t(i)])] = 1;
    m_highlighting = true;
    widgets::Viewport* view = m_panels.viewport;
    if (showsCloudPreview()) view->setFloaterMask(m_mask);
    else view->setSplatModel(m_preview, m_mask);
    m_highlighted = view->splatModel().get();
    view->setContent(widgets::Viewport::Content::Splats);
    setOverlay(render::SplatOverlay::Floater);
    m_actions.grey->trigger();
}

void BakeController::setOverlay(render::SplatOverlay overlay) {
    // Through the View controls' combo, so it shows the overlay in use.
    QComboBox* box = m_panels.viewControls->overlayBox();
    box->setCurrentIndex(box->findData(int(overlay)));
    m_panels.viewport->setSplatOverlay(overlay);
}

bool BakeController::showsCloudPreview() const {
    // The viewport's own preview of the current cloud (main_window_view.cpp builds it with the
    // same previewModelFromCloud, so the splat order matches m_previewIndex).
    const auto shown = m_panels.viewport->splatModel();
    return shown && shown != m_document->spl2() && shown->core.size() + shown->shell.size() == m_mask.size();
}

void BakeController::keepHighlight() {
    // The viewport replaced the model (its cloud preview arrived late, without the mask).
    widgets::Viewport* view = m_panels.viewport;
    if (!m_highlighting || view->splatModel().get() == m_highlighted || !showsCloudPreview()) return;
    m_highlighted = view->splatModel().get();
    view->setFloaterMask(m_mask);
}

}  // namespace sw::editor
