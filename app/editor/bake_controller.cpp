#include "app/editor/bake_controller.h"

#include <QAction>
#include <QComboBox>
#include <QDir>
#include <QFileInfo>
#include <QTimer>
#include <QUndoStack>
#include <algorithm>
#include <cmath>
#include <numeric>
#include <utility>

#include "app/editor/editor_document.h"
#include "app/editor/job_runner.h"
#include "core/bake/cloud_fit.h"
#include "core/formats/cloud_io.h"
#include "core/formats/spl2.h"
#include "core/foundation/log.h"
#include "core/render/cloud_preview.h"
#include "widgets/floater_panel.h"
#include "widgets/view_controls.h"
#include "widgets/viewport.h"

namespace sw::editor {

BakeController::BakeController(EditorDocument* document, Panels panels, const EditorActions& actions, QObject* parent)
    : QObject(parent), m_document(document), m_panels(panels), m_actions(actions), m_runner(new JobRunner(this)) {
    connect(m_document, &EditorDocument::cloudChanged, this, &BakeController::onCloudChanged);
    connect(m_panels.floaters, &widgets::FloaterPanel::rerunRequested, this, [this] { scanFloaters(); });
    connect(m_panels.floaters, &widgets::FloaterPanel::deleteRequested, this, &BakeController::deleteSplats);
    connect(m_panels.floaters, &widgets::FloaterPanel::keepRequested, this, &BakeController::keepSplats);
    connect(m_panels.floaters, &widgets::FloaterPanel::highlightChanged, this, &BakeController::highlight);
    connect(m_panels.floaters, &widgets::FloaterPanel::frameRequested, this, &BakeController::frameSplats);
    connect(m_panels.viewport, &widgets::Viewport::frameRendered, this, &BakeController::keepHighlight);
    connect(m_runner, &JobRunner::started, this, [this] { m_panels.floaters->setBusy(true); });
    connect(m_runner, &JobRunner::finished, this, [this] {
        m_panels.floaters->setBusy(false);
        if (!m_openWhenIdle.isEmpty()) {  // the job was of the previous cloud: nothing follows it
            m_rebakeQueued = m_bakeWhenIdle = false;
            QTimer::singleShot(0, this, [this, path = std::exchange(m_openWhenIdle, {})] { openSplatFile(path); });
            return;
        }
        if (m_rebakeQueued && m_bakeStale) {
            m_rebakeQueued = false;
            rebakeSoon();
        }
        if (m_bakeWhenIdle) {
            m_bakeWhenIdle = false;
            QTimer::singleShot(0, this, [this] { bake(); });
        }
    });
}

BakeController::~BakeController() = default;

QUndoStack* BakeController::undoStack() const { return m_document->undoStack(); }

void BakeController::onCloudChanged() {
    if (m_applying) return;
    // A cloud from elsewhere (training, another file): the inspector's state and edits are void.
    m_state = {m_document->cloud(), nullptr, {}, {}, {}, false};
    if (m_state.cloud) {
        m_state.ids.resize(m_state.cloud->size());
        std::iota(m_state.ids.begin(), m_state.ids.end(), 0u);
    }
    obsoleteCloudEdits();
    emit hiddenChanged();
    m_baked.reset();
    m_bakeStale = m_rebakeQueued = m_bakeWhenIdle = false;
    m_openedSize = m_state.cloud ? m_state.cloud->size() : 0;
    m_preview.reset();
    m_previewIndex.clear();
    m_mask.clear();
    m_highlighting = false;
    m_panels.floaters->clearScan(m_state.cloud ? tr("%1 splats: press Re-run to find floaters.").arg(m_state.cloud->size())
                                               : tr("No splat cloud: open one (File ▸ Open Splat Cloud…) or train."));
}

void BakeController::applyState(const CloudState& state, bool cloudChanged) {
    // An edit while the baked model shows: it stays in the view and is baked again.
    const bool bakedShown = cloudChanged && m_baked && m_panels.viewport->splatModel().get() == &m_baked->spl2;
    m_state = state;
    if (bakedShown) m_bakeStale = true;  // before the view hears of it: the gone splats stay hidden
    if (cloudChanged) {
        m_applying = true;
        if (bakedShown) m_document->editCloud(state.cloud);
        else m_document->setCloud(state.cloud, m_document->cloudSource());
        m_applying = false;
        m_preview.reset();  // rebuilt for the new cloud by highlight()
    }
    if (bakedShown) {
        rebakeSoon();
    } else {
        m_baked.reset();  // baked with another cloud or keep list
        m_bakeStale = false;
    }
    refreshFloaterPanel();
}

void BakeController::rebakeSoon() {
    if (m_runner->busy()) {
        m_rebakeQueued = true;
        return;
    }
    QTimer::singleShot(0, this, [this] {
        if (!m_bakeStale) return;
        if (m_runner->busy()) m_rebakeQueued = true;
        else bake();
    });
}

void BakeController::refreshFloaterPanel() {
    if (!m_state.scan) return;
    m_panels.floaters->setScan(m_state.scan->floaters, m_state.scan->distance, m_state.keep, m_state.ids,
                               m_state.scanFromBake ? widgets::FloaterPanel::Source::Bake
                                                    : widgets::FloaterPanel::Source::Scan);  // → highlight()
}

void BakeController::openSplatFileWhenIdle(const QString& path) {
    if (!m_runner->busy()) {
        openSplatFile(path);
        return;
    }
    SW_LOG_INFO("Opening " << QFileInfo(path).fileName().toStdString() << ": the job of the cloud shown is cancelled first");
    m_openWhenIdle = path;
    m_runner->cancel();
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
        [file](const Progress& progress) -> Result<std::shared_ptr<const splat::SplatCloud>> {
            auto cloud = formats::readSplatCloud(file, formats::Axes::Standard, progress);
            if (!cloud) return cloud.error();
            SW_TRY(cloud->validate(file));
            return std::make_shared<const splat::SplatCloud>(std::move(*cloud));
        },
        [this, path](Result<std::shared_ptr<const splat::SplatCloud>> cloud) {
            if (!cloud) return failOpen(cloud.error());
            const QString cache = m_document->cacheFolder();
            const bool ownRun = !cache.isEmpty() && QFileInfo(path).absoluteFilePath().startsWith(QDir(cache).absolutePath() + '/');
            if (ModelPtr model = m_document->model(); model && !ownRun) {
                // another trainer's cloud of this model's dataset is stored unturned (cloud_fit.h)
                splat::SplatCloud turned = **cloud;
                if (const std::string why = bake::orientOnModel(turned, path.toStdString(), model->mesh); !why.empty()) {
                    SW_LOG_INFO(why);
                    *cloud = std::make_shared<const splat::SplatCloud>(std::move(turned));
                }
                const bake::CloudFit fit = bake::cloudFit(**cloud, geometry::computeBounds(model->mesh));
                if (!fit.fits) {
                    SW_LOG_INFO("Opened splat cloud " << path.toStdString() << ": " << (*cloud)->size() << " splats; "
                                << int(std::lround(100.0 * fit.inside)) << " % of them lie within the open model, "
                                << "at " << fit.sizeRatio << " times its size: not a training of it");
                    emit foreignCloudRead(path, *cloud, fit.inside, fit.sizeRatio);
                    return;
                }
            }
            showCloud(path, *cloud, true);
        });
}

void BakeController::showCloud(const QString& path, std::shared_ptr<const splat::SplatCloud> cloud, bool scan) {
    m_document->setCloud(cloud, path);
    SW_LOG_INFO("Opened splat cloud " << path.toStdString() << ": " << cloud->size() << " splats");
    restoreCloudEdits(path);
    if (scan && m_document->model()) scanFloaters();
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
            m_state.scanFromBake = false;
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
