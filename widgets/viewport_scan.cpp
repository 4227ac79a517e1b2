// Viewport's scans (issue 36 item 5): the per-frame streaming loop over the open scans, drawn by
// the GPU scan renderer (core/render/scan_renderer.h) in the viewport's context. Per frame: the
// ScanSet plans the view, the renderer syncs with the pool (uploads with a fence each, fences
// that have landed), and the pool's draw list is drawn: cull, sort and draw on the GPU, so the
// CPU work of a frame is one pair of numbers per drawn chunk, not per splat.
#include <QCoreApplication>
#include <QOpenGLContext>
#include <QOpenGLExtraFunctions>
#include <QTimer>
#include <algorithm>
#include <chrono>
#include <cmath>
#include <numbers>

#include "core/foundation/log.h"
#include "core/lod/scan_set.h"
#include "core/render/scan_renderer.h"
#include "widgets/scan_hud.h"
#include "widgets/viewport.h"
#include "widgets/viewport_impl.h"

#ifndef GL_MAX_SHADER_STORAGE_BLOCK_SIZE
#define GL_MAX_SHADER_STORAGE_BLOCK_SIZE 0x90DE
#endif

namespace sw::widgets {

namespace {

// The splats left after the GPU's cull are read back (a stall) on every this many scan frames,
// and on a frame whose draw list holds another number of splats than the last counted one.
constexpr std::uint64_t kCountEvery = 16;

}  // namespace

struct ScanView {
    std::shared_ptr<lod::ScanSet> scans;
    std::unique_ptr<render::ScanRenderer> renderer;  // of the current context and pool
    std::uint64_t generation = ~std::uint64_t{0};    // the pool the renderer was made for
    std::uint64_t poolBytes = 0;                     // its GPU pool's bytes
    std::uint64_t maxBlock = 0;                      // the context's largest storage block × the pool's blocks
    std::uint64_t cappedBudget = 0;                  // the budget last reported as capped
    std::uint64_t countedSplats = ~std::uint64_t{0};  // the draw list's splats at the last count
    bool broken = false;                             // creating it failed in this context (reported)
    bool framed = false;
    bool tickQueued = false;

    // The renderer for the current context and pool (context current): the budget capped at what
    // the GPU pool's storage blocks hold (the Log told once), made again for a new pool or budget,
    // and the pool loaded anew when the context went and took the uploads with it.
    Status prepare(QOpenGLContext* ctx) {
        lod::ScanSet& set = *scans;
        if (maxBlock == 0) {
            GLint64 largest = 0;
            ctx->extraFunctions()->glGetInteger64v(GL_MAX_SHADER_STORAGE_BLOCK_SIZE, &largest);
            maxBlock = std::uint64_t(std::max<GLint64>(largest, 0)) * render::kScanPoolBlocks;
        }
        if (set.byteCap() != maxBlock) SW_TRY(set.setByteCap(maxBlock));
        const std::uint64_t budget = set.settings().stream.pool().byteBudget;
        if (budget > set.poolByteBudget() && cappedBudget != budget) {
            cappedBudget = budget;
            const double mib = 1.0 / 1048576.0;
            SW_LOG_WARN(QCoreApplication::translate("sw::widgets::Viewport",
                                                    "Scan: the memory budget of %1 MB is more than this GPU holds in "
                                                    "four storage blocks; streaming within %2 MB")
                            .arg(double(budget) * mib, 0, 'f', 0)
                            .arg(double(set.poolByteBudget()) * mib, 0, 'f', 0)
                            .toStdString());
        }
        if (!renderer && generation == set.generation()) SW_TRY(set.reloadPool());  // after a float or re-dock
        if (renderer && generation == set.generation() && poolBytes == set.poolByteBudget()) return {};
        release();
        auto made = render::ScanRenderer::create(
            [ctx](const char* name) { return reinterpret_cast<void*>(ctx->getProcAddress(name)); }, set.poolByteBudget());
        if (!made) {
            broken = true;
            return made.error();
        }
        renderer = std::move(*made);
        generation = set.generation();
        poolBytes = set.poolByteBudget();
        return {};
    }
    void release() {
        if (renderer) renderer->release();
        renderer.reset();
        maxBlock = 0;
        broken = false;
    }
};

void Viewport::setScans(std::shared_ptr<lod::ScanSet> scans) {
    if (!m_impl->scan) m_impl->scan = std::make_shared<ScanView>();
    if (m_impl->scan->scans != scans) {  // another set: its pool is not the one the renderer holds
        m_impl->scan->generation = ~std::uint64_t{0};
        m_impl->scan->cappedBudget = 0;
    }
    m_impl->scan->scans = std::move(scans);
    m_impl->scan->framed = false;
    m_impl->scanStats = {};
    scansChanged();
}

bool Viewport::showsScans() const { return m_impl->scan && m_impl->scan->scans && !m_impl->scan->scans->empty(); }

void Viewport::scansChanged() {
    if (!m_impl->hud) {
        m_impl->hud = new ScanHud(this);
        m_impl->hud->move(8, 8);
    }
    m_impl->hud->setVisible(m_impl->hudVisible && showsScans());
    if (showsScans() && !m_impl->scan->framed) m_impl->scan->framed = frameScans();
    if (!showsScans()) m_impl->scanStats = {};
    sceneChanged();
}

const Viewport::ScanStats& Viewport::scanStats() const { return m_impl->scanStats; }

void Viewport::setLodFalseColour(bool on) {
    m_impl->lodFalseColour = on;
    update();
}

bool Viewport::lodFalseColour() const { return m_impl->lodFalseColour; }

void Viewport::setHudVisible(bool on) {
    m_impl->hudVisible = on;
    if (m_impl->hud) m_impl->hud->setVisible(on && showsScans());
}

bool Viewport::hudVisible() const { return m_impl->hudVisible; }

QString Viewport::hudText() const { return m_impl->hud ? m_impl->hud->text() : QString(); }

bool Viewport::frameScans() {
    if (!showsScans()) return false;
    Eigen::AlignedBox3f box;
    for (const lod::LodTree* tree : m_impl->scan->scans->trees())
        if (!tree->nodes.empty()) box.extend(tree->nodes.front().bounds);
    if (box.isEmpty()) return false;
    const float aspect = height() > 0 ? float(width()) / float(height()) : 1.f;
    m_impl->camera.frame(geometry::Bounds{box.min(), box.max()}, aspect);
    if (m_impl->fly) m_impl->flySpeed = 0.02f * m_impl->camera.sceneRadius;
    update();
    return true;
}

Status Viewport::drawScansInto(unsigned framebuffer, int width, int height) {
    const auto start = std::chrono::steady_clock::now();
    ScanView& sv = *m_impl->scan;
    lod::ScanSet& set = *sv.scans;
    if (sv.broken) return {};  // creating the renderer failed in this context (reported)
    const std::uint64_t generation = sv.generation;
    SW_TRY(sv.prepare(context()));
    if (sv.generation != generation) m_impl->scanStats.failedChunks = 0;  // a new pool, its own failures
    if (!set.pool()) return makeError(ErrorCode::InvalidInput, "no resident pool for the open scans");
    lod::ResidentPool& pool = *set.pool();
    const render::Camera& camera = m_impl->camera;
    lod::View view;
    view.position = camera.eye();
    view.fovY = camera.fovYDeg * std::numbers::pi_v<float> / 180.f;
    view.viewportHeight = height;
    const float aspect = float(std::max(width, 1)) / float(std::max(height, 1));
    view.setFrustum(camera.projection(aspect) * camera.view());  // leaves out of view: not drawn, not counted
    auto plans = set.plan({view});
    if (!plans) return plans.error();
    const lod::ViewPlan& plan = plans->front();
    SW_TRY(sv.renderer->sync(pool));
    const std::vector<lod::DrawItem> list = pool.drawList(plan.selection);
    ScanStats& stats = m_impl->scanStats;
    stats.levelSplats.clear();
    std::uint64_t listSplats = 0;
    for (const lod::DrawItem& item : list) {
        if (stats.levelSplats.size() <= item.key.level) stats.levelSplats.resize(item.key.level + 1, 0);
        stats.levelSplats[item.key.level] += item.chunk->splats.size();
        listSplats += item.chunk->splats.size();
    }
    render::ScanDrawSettings s;
    s.width = std::max(width, 1);
    s.height = std::max(height, 1);
    s.background = m_impl->background == Background::Grey ? render::Background::Grey : render::Background::Black;
    s.levelColors = m_impl->lodFalseColour;
    s.countSplats = stats.frames % kCountEvery == 0 || listSplats != sv.countedSplats;
    if (s.countSplats) sv.countedSplats = listSplats;
    auto drawn = sv.renderer->draw(camera.view(), camera.projection(aspect), list, s, framebuffer);
    if (!drawn) return drawn.error();
    stats.splatsDrawn = drawn->splatsSubmitted;
    if (drawn->splatsDrawn >= 0) stats.splatsVisible = drawn->splatsDrawn;
    const render::ScanPoolStats gpu = sv.renderer->poolStats();
    stats.gpuUsedBytes = gpu.usedBytes;
    stats.gpuCapacityBytes = gpu.capacityBytes;
    stats.residentBytes = pool.residentBytes();
    stats.budgetBytes = set.poolByteBudget();
    stats.drawableChunks = plan.drawableChunks;
    stats.pendingChunks = plan.wantedChunks - plan.drawableChunks;
    stats.splatsSelected = plan.selection.splats;
    stats.overBudget = plan.selection.overBudget;
    stats.frameMs = std::chrono::duration<double, std::milli>(std::chrono::steady_clock::now() - start).count();
    ++stats.frames;
    const std::vector<Error> failures = pool.failures();
    for (std::size_t i = stats.failedChunks; i < failures.size(); ++i) SW_LOG_ERROR("Scan: " << failures[i].toString());
    stats.failedChunks = failures.size();
    if (m_impl->hud) m_impl->hud->showStats(stats);
    // Chunks still on their way (loading, or uploaded before their fence): keep the frames coming
    // until the picture is complete.
    if ((plan.loadingChunks > 0 || gpu.fencesPending > 0) && !sv.tickQueued) {
        sv.tickQueued = true;
        QTimer::singleShot(15, this, [this] {
            if (m_impl->scan) m_impl->scan->tickQueued = false;
            update();
        });
    }
    return {};
}

void Viewport::releaseScans() {
    if (m_impl->scan) m_impl->scan->release();
}

}  // namespace sw::widgets
