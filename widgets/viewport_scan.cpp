// Viewport's scans (issue 36 item 5): the per-frame streaming loop over the open scans and the
// draw step. The draw step is ScanChunkRenderer, one small class: uploads issued with a GL fence,
// the fences that have landed, a draw of the draw list. This one assembles the drawable chunks
// into one cloud only when the draw list changes and draws it through the splat path
// (SplatRenderer via render::previewModelFromCloud); a GPU renderer of the pool's chunks takes
// its place behind the same three calls.
#include <QOpenGLContext>
#include <QOpenGLExtraFunctions>
#include <QTimer>
#include <chrono>
#include <cmath>
#include <numbers>
#include <unordered_map>

#include "core/foundation/log.h"
#include "core/lod/scan_set.h"
#include "core/render/cloud_preview.h"
#include "widgets/scan_hud.h"
#include "widgets/viewport.h"
#include "widgets/viewport_impl.h"

namespace sw::widgets {

namespace {

// Level colours of the false-colour view, finest first (cycled past eight levels).
const Eigen::Vector3f LEVEL_COLOURS[] = {{0.90f, 0.15f, 0.15f}, {0.95f, 0.55f, 0.10f}, {0.92f, 0.88f, 0.15f},
                                         {0.25f, 0.80f, 0.25f}, {0.15f, 0.80f, 0.85f}, {0.20f, 0.35f, 0.95f},
                                         {0.60f, 0.30f, 0.90f}, {0.92f, 0.40f, 0.70f}};

// The draw step: chunks uploaded with a fence, drawn once their fence has landed.
class ScanChunkRenderer {
public:
    // Issues the uploads of `items` (their chunk data must be read now: the pointers die at the
    // pool's next update) and a fence after them.
    void issueUploads(QOpenGLContext* ctx, const std::vector<lod::DrawItem>& items) {
        if (items.empty()) return;
        for (const lod::DrawItem& item : items) {
            m_staged[item.key.packed()] = lod::unpackChunk(*item.chunk);
            m_inFlight.push_back(item.key);
        }
        Fence fence{ctx->extraFunctions()->glFenceSync(GL_SYNC_GPU_COMMANDS_COMPLETE, 0), std::move(m_inFlight)};
        m_inFlight.clear();
        m_fences.push_back(std::move(fence));
    }
    // The uploads whose fence has landed (polled without waiting); each is reported once.
    std::vector<lod::ChunkKey> landed(QOpenGLContext* ctx) {
        std::vector<lod::ChunkKey> out;
        QOpenGLExtraFunctions* gl = ctx->extraFunctions();
        for (auto it = m_fences.begin(); it != m_fences.end();) {
            const GLenum state = it->sync ? gl->glClientWaitSync(it->sync, 0, 0) : GL_ALREADY_SIGNALED;
            if (state != GL_ALREADY_SIGNALED && state != GL_CONDITION_SATISFIED) {
                ++it;
                continue;
            }
            if (it->sync) gl->glDeleteSync(it->sync);
            out.insert(out.end(), it->keys.begin(), it->keys.end());
            it = m_fences.erase(it);
        }
        return out;
    }
    bool waiting() const { return !m_fences.empty(); }
    // Forgets uploads of chunks the pool no longer holds.
    template <class Gone>
    void forget(Gone gone) {
        for (auto it = m_staged.begin(); it != m_staged.end();) {
            lod::ChunkKey key{std::uint32_t(it->first >> 40), std::uint32_t((it->first >> 8) & 0xffffffffu),
                              std::uint32_t(it->first & 0xffu)};
            it = gone(key) ? m_staged.erase(it) : std::next(it);
        }
    }
    // Draws the chunks of `list` (all uploaded); assembles them again only when the list or the
    // colouring changed. Returns the splats drawn per level.
    Status draw(const std::vector<lod::DrawItem>& list, bool falseColour, const render::Camera& camera,
                const render::SplatRenderSettings& settings, unsigned framebuffer, std::vector<std::uint64_t>& levelSplats) {
        std::vector<std::uint64_t> keys;
        for (const lod::DrawItem& item : list) keys.push_back(item.key.packed());
        if (keys != m_drawn || falseColour != m_falseColour || !m_renderer->hasModel()) {
            m_drawn = std::move(keys);
            m_falseColour = falseColour;
            m_levels.clear();
            splat::SplatCloud cloud;
            for (const lod::DrawItem& item : list) {
                const auto found = m_staged.find(item.key.packed());
                const splat::SplatCloud chunk = found != m_staged.end() ? found->second : lod::unpackChunk(*item.chunk);
                if (m_levels.size() <= item.key.level) m_levels.resize(item.key.level + 1, 0);
                m_levels[item.key.level] += chunk.size();
                append(cloud, chunk, falseColour ? &LEVEL_COLOURS[item.key.level % std::size(LEVEL_COLOURS)] : nullptr);
            }
            m_count = cloud.size();
            if (m_count > 0) SW_TRY(m_renderer->setModel(render::previewModelFromCloud(cloud)));
        }
        levelSplats = m_levels;
        render::SplatRenderSettings s = settings;
        if (m_count == 0) s.drawCore = s.drawShell = false;
        return m_renderer->draw(camera, s, framebuffer);
    }
    Status create(QOpenGLContext* ctx) {
        auto renderer = render::SplatRenderer::create(
            [ctx](const char* name) { return reinterpret_cast<void*>(ctx->getProcAddress(name)); });
        if (!renderer) return renderer.error();
        m_renderer = std::move(*renderer);
        m_drawn.clear();
        return {};
    }
    bool ready() const { return m_renderer != nullptr; }
    // Frees the GL objects (context current); what was staged is kept, the fences count as landed.
    void release(QOpenGLContext* ctx) {
        for (Fence& fence : m_fences) {
            if (fence.sync && ctx) ctx->extraFunctions()->glDeleteSync(fence.sync);
            fence.sync = nullptr;
        }
        if (m_renderer) m_renderer->release();
        m_renderer.reset();
        m_drawn.clear();
    }
    void reset() {  // a new pool: nothing of the old one is drawn
        m_staged.clear();
        m_fences.clear();
        m_drawn.clear();
    }

private:
    struct Fence {
        GLsync sync = nullptr;
        std::vector<lod::ChunkKey> keys;
    };
    static void append(splat::SplatCloud& to, const splat::SplatCloud& from, const Eigen::Vector3f* colour) {
        to.positions.insert(to.positions.end(), from.positions.begin(), from.positions.end());
        to.rotations.insert(to.rotations.end(), from.rotations.begin(), from.rotations.end());
        to.scales.insert(to.scales.end(), from.scales.begin(), from.scales.end());
        to.opacities.insert(to.opacities.end(), from.opacities.begin(), from.opacities.end());
        if (colour) to.colors.insert(to.colors.end(), from.size(), *colour);
        else to.colors.insert(to.colors.end(), from.colors.begin(), from.colors.end());
    }

    std::unique_ptr<render::SplatRenderer> m_renderer;
    std::unordered_map<std::uint64_t, splat::SplatCloud> m_staged;  // uploaded chunks
    std::vector<lod::ChunkKey> m_inFlight;
    std::vector<Fence> m_fences;
    std::vector<std::uint64_t> m_drawn;  // packed keys of the assembled cloud
    std::vector<std::uint64_t> m_levels;
    std::size_t m_count = 0;
    bool m_falseColour = false;
};

}  // namespace

struct ScanView {
    std::shared_ptr<lod::ScanSet> scans;
    std::uint64_t generation = ~std::uint64_t{0};
    ScanChunkRenderer renderer;
    bool framed = false;
    bool tickQueued = false;
};

void Viewport::setScans(std::shared_ptr<lod::ScanSet> scans) {
    if (!m_impl->scan) m_impl->scan = std::make_shared<ScanView>();
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
    QOpenGLContext* ctx = context();
    if (!sv.renderer.ready()) SW_TRY(sv.renderer.create(ctx));
    if (sv.generation != set.generation()) {  // the pool was made again (settings, another scan)
        sv.renderer.reset();
        sv.generation = set.generation();
        m_impl->scanStats.failedChunks = 0;
    }
    lod::ResidentPool& pool = *set.pool();
    // Uploads of earlier frames whose fence has landed are drawable from this frame on.
    for (const lod::ChunkKey& key : sv.renderer.landed(ctx)) pool.fenceSignalled(key);
    const render::Camera& camera = m_impl->camera;
    lod::View view;
    view.position = camera.eye();
    view.fovY = camera.fovYDeg * std::numbers::pi_v<float> / 180.f;
    view.viewportHeight = height;
    auto plans = set.plan({view});
    if (!plans) return plans.error();
    const lod::ViewPlan& plan = plans->front();
    sv.renderer.issueUploads(ctx, pool.takeUploads());
    sv.renderer.forget([&pool](const lod::ChunkKey& key) { return pool.state(key) == lod::ChunkState::Absent; });
    const std::vector<lod::DrawItem> list = pool.drawList(plan.selection);
    render::SplatRenderSettings s = m_impl->splatSettings(width, height);
    s.drawCore = s.drawShell = true;
    s.overlay = render::SplatOverlay::None;  // a scan has no parts, materials or chunks of a bake
    s.coreCount = -1;
    s.cel = false;  // a scan's colour is lit already
    ScanStats& stats = m_impl->scanStats;
    SW_TRY(sv.renderer.draw(list, m_impl->lodFalseColour, camera, s, framebuffer, stats.levelSplats));
    stats.residentBytes = pool.residentBytes();
    stats.budgetBytes = set.settings().stream.pool().byteBudget;
    stats.drawableChunks = plan.drawableChunks;
    stats.pendingChunks = plan.wantedChunks - plan.drawableChunks;
    stats.splatsSelected = plan.selection.splats;
    stats.overBudget = plan.selection.overBudget;
    stats.splatsDrawn = 0;
    for (std::uint64_t n : stats.levelSplats) stats.splatsDrawn += n;
    stats.frameMs = std::chrono::duration<double, std::milli>(std::chrono::steady_clock::now() - start).count();
    ++stats.frames;
    const std::vector<Error> failures = pool.failures();
    for (std::size_t i = stats.failedChunks; i < failures.size(); ++i) SW_LOG_ERROR("Scan: " << failures[i].toString());
    stats.failedChunks = failures.size();
    if (m_impl->hud) m_impl->hud->showStats(stats);
    // Chunks still on their way: keep the frames coming until the picture is complete.
    if ((plan.loadingChunks > 0 || sv.renderer.waiting()) && !sv.tickQueued) {
        sv.tickQueued = true;
        QTimer::singleShot(15, this, [this] {
            if (m_impl->scan) m_impl->scan->tickQueued = false;
            update();
        });
    }
    return {};
}

void Viewport::releaseScans() {
    if (m_impl->scan) m_impl->scan->renderer.release(context());
}

}  // namespace sw::widgets
