#include "core/render/scan_renderer.h"

#include <algorithm>
#include <string>

#include "core/foundation/log.h"
#include "core/render/detail/gl_program.h"
#include "core/render/detail/offscreen_target.h"
#include "core/render/detail/scan_gpu_pool.h"
#include "core/render/scan_cull.h"
#include "shaders/shader_sources.h"

namespace sw::render {

using detail::GlFunctions;

static_assert(kScanPoolBlocks == detail::kMaxPoolBlocks, "the pool's blocks, as the shaders bind them");

namespace {

constexpr GLuint kLocal = 256;     // local_size_x of the scan compute passes
constexpr std::uint64_t kBlock = 512;  // scan_sort.comp s_block
constexpr GLuint kMaxGroups = 65535;
constexpr int kLevelColors = 8;
constexpr int kSortStages = 24;               // scan_sort.comp SCAN_SORT_STAGES
constexpr GLintptr kIndirectDispatch = 16;    // the dispatch records follow the draw command
constexpr std::uint64_t kMaxSortSize = std::uint64_t{1} << 31;  // draw ids and stage sizes stay in 32 bits

const Eigen::Vector3f kLevelPalette[kLevelColors] = {
    {1.00f, 1.00f, 1.00f}, {0.95f, 0.20f, 0.15f}, {1.00f, 0.55f, 0.10f}, {0.95f, 0.90f, 0.15f},
    {0.25f, 0.85f, 0.25f}, {0.15f, 0.85f, 0.90f}, {0.20f, 0.35f, 1.00f}, {0.85f, 0.25f, 0.90f}};

std::uint64_t sortSizeFor(std::uint64_t total) {
    std::uint64_t n = kBlock;
    while (n < total) n <<= 1;
    return n;
}

}  // namespace

const SettingsSchema<ScanDrawSettings>& scanDrawSchema() {
    static const SettingsSchema<ScanDrawSettings> schema = [] {
        SettingsSchema<ScanDrawSettings> s("scan-draw", "Scan view");
        s.add(&ScanDrawSettings::levelColors, "level-colors", "LOD level colours")
            .tooltip("Each splat in its chunk's level colour: white finest, then red, orange, yellow, green, cyan, blue, magenta")
            .group("View");
        s.addChoice(&ScanDrawSettings::background, "background", "Background",
                    {{Background::Grey, "grey"}, {Background::Black, "black"}, {Background::Transparent, "transparent"}})
            .group("View");
        return s;
    }();
    return schema;
}

Eigen::Vector3f scanLevelColor(int level) { return kLevelPalette[std::clamp(level, 0, kLevelColors - 1)]; }

struct ScanRenderer::Impl {
    GlFunctions gl;
    GLuint cullProgram = 0, sortProgram = 0, drawProgram = 0;
    GLuint drawnBuffer = 0, pairBuffer = 0, counterBuffer = 0, indirectBuffer = 0, vao = 0, timeQuery = 0;
    std::uint64_t pairCapacity = 0;  // pairs the pair buffer holds
    detail::ScanGpuPool pool;
    detail::OffscreenTarget target;
    std::vector<std::uint32_t> lastFirst;  // first draw id of each drawn chunk of the last draw
    std::vector<std::uint32_t> lastItem;   // its index in that draw list
    bool released = false;

    GLint at(GLuint program, const char* name) const { return gl.GetUniformLocation(program, name); }

    void dispatch(std::uint64_t threads) const {
        const std::uint64_t groups = (threads + kLocal - 1) / kLocal;
        const GLuint x = static_cast<GLuint>(std::min<std::uint64_t>(groups, kMaxGroups));
        gl.DispatchCompute(x, static_cast<GLuint>((groups + x - 1) / x), 1);
    }
    // One sort dispatch; the pad pass (mode 0) has written the group count of stage `stage`.
    void sortStep(int mode, int stage, std::uint64_t n, std::uint64_t k, std::uint64_t j) const {
        gl.Uniform1i(at(sortProgram, "u_mode"), mode);
        gl.Uniform1ui(at(sortProgram, "u_n"), static_cast<GLuint>(n));
        gl.Uniform1ui(at(sortProgram, "u_k"), static_cast<GLuint>(k));
        gl.Uniform1ui(at(sortProgram, "u_j"), static_cast<GLuint>(j));
        gl.DispatchComputeIndirect(static_cast<GLintptr>(kIndirectDispatch + 12 * stage));
        gl.MemoryBarrier(GL_SHADER_STORAGE_BARRIER_BIT);
    }
    void setDrawn(GLuint program, std::uint32_t drawn, std::uint64_t total) const {
        gl.Uniform1ui(at(program, "u_drawnCount"), drawn);
        gl.Uniform1ui(at(program, "u_drawTotal"), static_cast<GLuint>(total));
        gl.Uniform1ui(at(program, "u_blockSlots"), static_cast<GLuint>(pool.blockSlots()));
    }
    // The pool's blocks at bindings 0, 6, 7, 8 (scan_common.glsl); unused ones repeat block 0.
    void bindPool() const {
        const GLuint bindings[detail::kMaxPoolBlocks] = {0, 6, 7, 8};
        for (int b = 0; b < detail::kMaxPoolBlocks; ++b)
            gl.BindBufferBase(GL_SHADER_STORAGE_BUFFER, bindings[b], pool.splatBuffer(b < pool.blockCount() ? b : 0));
    }

    Status ensurePairs(std::uint64_t n) {
        if (n <= pairCapacity) return {};
        GLint64 maxBlock = 0;
        gl.GetInteger64v(GL_MAX_SHADER_STORAGE_BLOCK_SIZE, &maxBlock);
        if (maxBlock > 0 && n * 8 > static_cast<std::uint64_t>(maxBlock))
            return makeError(ErrorCode::OutOfMemory, "the scan sort of " + std::to_string(n) +
                                                         " splats exceeds this GL's largest storage block; lower the splat budget");
        gl.BindBuffer(GL_SHADER_STORAGE_BUFFER, pairBuffer);
        gl.BufferData(GL_SHADER_STORAGE_BUFFER, static_cast<GLsizeiptr>(n * 8), nullptr, GL_DYNAMIC_COPY);
        gl.BindBuffer(GL_SHADER_STORAGE_BUFFER, 0);
        pairCapacity = n;
        return detail::gpuStatus(gl, "allocating the scan sort");
    }

    // Cull + keys, padding + indirect command, bitonic sort.
    void computePasses(const ScanFrame& frame, std::uint32_t drawn, std::uint64_t total, std::uint64_t n) const {
        const GLuint zero = 0;
        gl.BindBuffer(GL_SHADER_STORAGE_BUFFER, counterBuffer);
        gl.BufferSubData(GL_SHADER_STORAGE_BUFFER, 0, sizeof zero, &zero);
        gl.BindBuffer(GL_SHADER_STORAGE_BUFFER, 0);
        bindPool();
        gl.BindBufferBase(GL_SHADER_STORAGE_BUFFER, 1, pool.tableBuffer());
        gl.BindBufferBase(GL_SHADER_STORAGE_BUFFER, 2, drawnBuffer);
        gl.BindBufferBase(GL_SHADER_STORAGE_BUFFER, 3, pairBuffer);
        gl.BindBufferBase(GL_SHADER_STORAGE_BUFFER, 4, counterBuffer);
        gl.BindBufferBase(GL_SHADER_STORAGE_BUFFER, 5, indirectBuffer);
        gl.UseProgram(cullProgram);
        setDrawn(cullProgram, drawn, total);
        gl.Uniform3f(at(cullProgram, "u_eye"), frame.eye.x(), frame.eye.y(), frame.eye.z());
        gl.Uniform3f(at(cullProgram, "u_forward"), frame.forward.x(), frame.forward.y(), frame.forward.z());
        gl.Uniform4fv(at(cullProgram, "u_planes"), 6, frame.planes[0].data());
        dispatch(total);
        gl.MemoryBarrier(GL_SHADER_STORAGE_BARRIER_BIT);
        gl.UseProgram(sortProgram);
        gl.Uniform1i(at(sortProgram, "u_mode"), 0);
        gl.Uniform1ui(at(sortProgram, "u_n"), static_cast<GLuint>(n));
        dispatch(n);
        gl.MemoryBarrier(GL_SHADER_STORAGE_BARRIER_BIT | GL_COMMAND_BARRIER_BIT);
        gl.BindBuffer(GL_DISPATCH_INDIRECT_BUFFER, indirectBuffer);
        sortStep(1, 0, n, 0, 0);
        int stage = 1;
        for (std::uint64_t k = 2 * kBlock; k <= n; k <<= 1, ++stage) {
            for (std::uint64_t j = k / 2; j >= kBlock; j >>= 1) sortStep(2, stage, n, k, j);
            sortStep(3, stage, n, k, 0);
        }
        gl.BindBuffer(GL_DISPATCH_INDIRECT_BUFFER, 0);
        gl.MemoryBarrier(GL_SHADER_STORAGE_BARRIER_BIT | GL_COMMAND_BARRIER_BIT);
    }

    void drawPass(const Eigen::Matrix4f& view, const Eigen::Matrix4f& projection, const ScanDrawSettings& s,
                  std::uint32_t drawn, std::uint64_t total) const {
        gl.Disable(GL_DEPTH_TEST);
        gl.DepthMask(GL_FALSE);
        gl.Disable(GL_CULL_FACE);
        gl.Enable(GL_BLEND);
        gl.BlendFuncSeparate(GL_SRC_ALPHA, GL_ONE_MINUS_SRC_ALPHA, GL_ONE, GL_ONE_MINUS_SRC_ALPHA);
        gl.UseProgram(drawProgram);
        setDrawn(drawProgram, drawn, total);
        gl.UniformMatrix4fv(at(drawProgram, "u_view"), 1, GL_FALSE, view.data());
        gl.UniformMatrix4fv(at(drawProgram, "u_projection"), 1, GL_FALSE, projection.data());
        gl.Uniform2f(at(drawProgram, "u_viewport"), static_cast<float>(s.width), static_cast<float>(s.height));
        gl.Uniform1i(at(drawProgram, "u_falseColor"), s.levelColors ? 1 : 0);
        float colors[kLevelColors * 4];
        for (int i = 0; i < kLevelColors; ++i) {
            const Eigen::Vector3f c = kLevelPalette[i];
            colors[4 * i] = c.x(), colors[4 * i + 1] = c.y(), colors[4 * i + 2] = c.z(), colors[4 * i + 3] = 1.f;
        }
        gl.Uniform4fv(at(drawProgram, "u_levelColors"), kLevelColors, colors);
        gl.BindVertexArray(vao);
        gl.BindBuffer(GL_DRAW_INDIRECT_BUFFER, indirectBuffer);
        gl.DrawArraysIndirect(GL_TRIANGLE_STRIP, nullptr);
        gl.BindBuffer(GL_DRAW_INDIRECT_BUFFER, 0);
        gl.BindVertexArray(0);
        gl.Disable(GL_BLEND);
        gl.DepthMask(GL_TRUE);
    }

    void unbind() const {
        for (GLuint b = 0; b < 9; ++b) gl.BindBufferBase(GL_SHADER_STORAGE_BUFFER, b, 0);
        gl.UseProgram(0);
    }
};

Result<std::unique_ptr<ScanRenderer>> ScanRenderer::create(const GlProcLoader& loader, std::uint64_t poolBytes,
                                                           std::uint64_t blockBytes) {
    auto gl = detail::loadGlFunctions(loader);
    if (!gl) return gl.error();
    detail::drainGlErrors(*gl, "host");
    auto impl = std::make_unique<Impl>();
    impl->gl = *gl;
    const std::string version = "#version 450 core\n";
    const std::string cull = version + shaders::kScanCommonGlsl + shaders::kScanCullComp;
    const std::string sort = version + shaders::kScanSortComp;
    const std::string vert = version + shaders::kScanCommonGlsl + shaders::kScanSplatVert;
    const std::string frag = version + shaders::kScanSplatFrag;
    auto cullProgram = detail::buildComputeProgram(*gl, "scan_cull", cull.c_str());
    if (!cullProgram) return cullProgram.error();
    impl->cullProgram = *cullProgram;
    auto sortProgram = detail::buildComputeProgram(*gl, "scan_sort", sort.c_str());
    if (!sortProgram) return sortProgram.error();
    impl->sortProgram = *sortProgram;
    auto drawProgram = detail::buildProgram(*gl, "scan_splat", vert.c_str(), frag.c_str());
    if (!drawProgram) return drawProgram.error();
    impl->drawProgram = *drawProgram;
    std::unique_ptr<ScanRenderer> renderer(new ScanRenderer(std::move(impl)));
    Impl& m = *renderer->m_impl;
    if (Status s = m.pool.init(m.gl, poolBytes, blockBytes); !s) {
        renderer->release();
        return s.error();
    }
    for (GLuint* b : {&m.drawnBuffer, &m.pairBuffer, &m.counterBuffer, &m.indirectBuffer}) m.gl.GenBuffers(1, b);
    m.gl.BindBuffer(GL_SHADER_STORAGE_BUFFER, m.counterBuffer);
    m.gl.BufferData(GL_SHADER_STORAGE_BUFFER, 4, nullptr, GL_DYNAMIC_COPY);
    m.gl.BindBuffer(GL_SHADER_STORAGE_BUFFER, m.indirectBuffer);
    m.gl.BufferData(GL_SHADER_STORAGE_BUFFER, kIndirectDispatch + 12 * kSortStages, nullptr, GL_DYNAMIC_COPY);
    m.gl.BindBuffer(GL_SHADER_STORAGE_BUFFER, 0);
    m.gl.GenVertexArrays(1, &m.vao);
    m.gl.GenQueries(1, &m.timeQuery);
    if (Status s = detail::gpuStatus(m.gl, "creating the scan renderer"); !s) {
        renderer->release();
        return s.error();
    }
    return renderer;
}

ScanRenderer::ScanRenderer(std::unique_ptr<Impl> impl) : m_impl(std::move(impl)) {}

ScanRenderer::~ScanRenderer() {
    if (!m_impl->released) SW_LOG_WARN("ScanRenderer destroyed without release(): its GL objects leak with the context");
}

Status ScanRenderer::uploadChunks(lod::ResidentPool& pool) { return m_impl->pool.upload(pool); }

std::size_t ScanRenderer::pollFences(lod::ResidentPool& pool) { return m_impl->pool.pollFences(pool); }

Status ScanRenderer::sync(lod::ResidentPool& pool) {
    SW_TRY(uploadChunks(pool));
    pollFences(pool);
    return {};
}

Result<ScanDrawStats> ScanRenderer::draw(const Eigen::Matrix4f& view, const Eigen::Matrix4f& projection,
                                         const std::vector<lod::DrawItem>& drawList, const ScanDrawSettings& settings,
                                         unsigned framebuffer) {
    if (settings.width <= 0 || settings.height <= 0)
        return makeError(ErrorCode::InvalidInput, "scan view of " + std::to_string(settings.width) + " x " +
                                                      std::to_string(settings.height) + " pixels");
    Impl& m = *m_impl;
    const GlFunctions& gl = m.gl;
    ScanDrawStats stats;
    std::vector<std::uint32_t> drawn;  // (table index, first draw id) per drawn chunk
    m.lastFirst.clear();
    m.lastItem.clear();
    std::uint64_t total = 0;
    for (std::size_t i = 0; i < drawList.size(); ++i) {
        const detail::ScanGpuChunk* c = m.pool.drawable(drawList[i].key);
        if (!c) {
            ++stats.skipped;
            continue;
        }
        if (c->count == 0) continue;
        drawn.push_back(c->table);
        drawn.push_back(static_cast<std::uint32_t>(total));
        m.lastFirst.push_back(static_cast<std::uint32_t>(total));
        m.lastItem.push_back(static_cast<std::uint32_t>(i));
        total += c->count;
        if (total > kMaxSortSize)
            return makeError(ErrorCode::InvalidInput, "a scan draw of more than " + std::to_string(kMaxSortSize) +
                                                          " splats; lower the splat budget");
    }
    stats.chunks = m.lastItem.size();
    stats.splatsSubmitted = total;
    gl.BindFramebuffer(GL_FRAMEBUFFER, framebuffer);
    gl.Viewport(0, 0, settings.width, settings.height);
    gl.Disable(GL_SCISSOR_TEST);
    const float bg = settings.background == Background::Grey ? 0.5f : 0.f;
    detail::clearFrame(gl, bg, bg, bg, settings.background == Background::Transparent ? 0.f : 1.f);
    if (total == 0) {
        stats.splatsDrawn = settings.countSplats ? 0 : -1;
        stats.gpuMs = settings.timeGpu ? 0.0 : -1.0;
        return stats;
    }
    const std::uint64_t n = sortSizeFor(total);
    SW_TRY(m.ensurePairs(n));
    stats.sortSize = n;
    gl.BindBuffer(GL_SHADER_STORAGE_BUFFER, m.drawnBuffer);
    gl.BufferData(GL_SHADER_STORAGE_BUFFER, static_cast<GLsizeiptr>(drawn.size() * 4), drawn.data(), GL_STREAM_DRAW);
    gl.BindBuffer(GL_SHADER_STORAGE_BUFFER, 0);
    if (settings.timeGpu) gl.BeginQuery(GL_TIME_ELAPSED, m.timeQuery);
    const ScanFrame frame = scanFrame(view, projection);
    m.computePasses(frame, static_cast<std::uint32_t>(m.lastItem.size()), total, n);
    m.drawPass(view, projection, settings, static_cast<std::uint32_t>(m.lastItem.size()), total);
    if (settings.timeGpu) {
        gl.EndQuery(GL_TIME_ELAPSED);
        GLuint64 ns = 0;
        gl.GetQueryObjectui64v(m.timeQuery, GL_QUERY_RESULT, &ns);
        stats.gpuMs = static_cast<double>(ns) * 1e-6;
    }
    if (settings.countSplats) {
        GLuint visible = 0;
        gl.MemoryBarrier(GL_BUFFER_UPDATE_BARRIER_BIT);
        gl.BindBuffer(GL_SHADER_STORAGE_BUFFER, m.counterBuffer);
        gl.GetBufferSubData(GL_SHADER_STORAGE_BUFFER, 0, 4, &visible);
        gl.BindBuffer(GL_SHADER_STORAGE_BUFFER, 0);
        stats.splatsDrawn = visible;
    }
    m.unbind();
    SW_TRY(detail::gpuStatus(gl, "drawing the scan"));
    return stats;
}

Result<Rgba8Image> ScanRenderer::renderImage(const Eigen::Matrix4f& view, const Eigen::Matrix4f& projection,
                                             const std::vector<lod::DrawItem>& drawList,
                                             const ScanDrawSettings& settings, ScanDrawStats* stats) {
    return detail::renderIntoTarget(
        m_impl->gl, m_impl->target, settings.width, settings.height, settings.samples,
        [&](GLuint framebuffer) -> Status {
            auto drawn = draw(view, projection, drawList, settings, framebuffer);
            if (!drawn) return drawn.error();
            if (stats) *stats = *drawn;
            return {};
        },
        "the scan image");
}

Result<ScanDrawStats> ScanRenderer::renderOffscreen(const Eigen::Matrix4f& view, const Eigen::Matrix4f& projection,
                                                    const std::vector<lod::DrawItem>& drawList,
                                                    const ScanDrawSettings& settings) {
    const GlFunctions& gl = m_impl->gl;
    GLint hostDraw = 0;
    gl.GetIntegerv(GL_DRAW_FRAMEBUFFER_BINDING, &hostDraw);
    SW_TRY(detail::ensureTarget(gl, m_impl->target, settings.width, settings.height, settings.samples));
    auto stats = draw(view, projection, drawList, settings, m_impl->target.msaaFramebuffer);
    gl.Finish();
    gl.BindFramebuffer(GL_DRAW_FRAMEBUFFER, static_cast<GLuint>(hostDraw));
    return stats;
}

Result<std::vector<lod::SortedSplat>> ScanRenderer::lastOrder() {
    Impl& m = *m_impl;
    const GlFunctions& gl = m.gl;
    std::vector<lod::SortedSplat> order;
    if (m.lastItem.empty()) return order;
    gl.MemoryBarrier(GL_BUFFER_UPDATE_BARRIER_BIT);
    GLuint visible = 0;
    gl.BindBuffer(GL_SHADER_STORAGE_BUFFER, m.counterBuffer);
    gl.GetBufferSubData(GL_SHADER_STORAGE_BUFFER, 0, 4, &visible);
    std::vector<GLuint> pairs(static_cast<std::size_t>(visible) * 2);
    gl.BindBuffer(GL_SHADER_STORAGE_BUFFER, m.pairBuffer);
    if (visible > 0) gl.GetBufferSubData(GL_SHADER_STORAGE_BUFFER, 0, static_cast<GLsizeiptr>(pairs.size() * 4), pairs.data());
    gl.BindBuffer(GL_SHADER_STORAGE_BUFFER, 0);
    SW_TRY(detail::gpuStatus(gl, "reading the scan order back"));
    order.reserve(visible);
    for (std::size_t i = 0; i < visible; ++i) {
        const std::uint32_t id = pairs[2 * i + 1];
        const std::size_t c = static_cast<std::size_t>(std::upper_bound(m.lastFirst.begin(), m.lastFirst.end(), id) -
                                                       m.lastFirst.begin()) - 1;
        order.push_back({m.lastItem[c], id - m.lastFirst[c]});
    }
    return order;
}

ScanPoolStats ScanRenderer::poolStats() const {
    const detail::ScanPoolCounts c = m_impl->pool.counts();
    return {c.capacityBytes, c.usedBytes, c.peakBytes, c.chunks, c.waiting, c.fencesPending, c.repacks, c.uploadedBytes};
}

void ScanRenderer::release() {
    Impl& m = *m_impl;
    if (m.released) return;
    const GlFunctions& gl = m.gl;
    m.pool.release();
    for (GLuint* b : {&m.drawnBuffer, &m.pairBuffer, &m.counterBuffer, &m.indirectBuffer})
        if (*b) gl.DeleteBuffers(1, b);
    if (m.vao) gl.DeleteVertexArrays(1, &m.vao);
    if (m.timeQuery) gl.DeleteQueries(1, &m.timeQuery);
    for (GLuint p : {m.cullProgram, m.sortProgram, m.drawProgram})
        if (p) gl.DeleteProgram(p);
    detail::releaseTarget(gl, m.target);
    m.released = true;
}

}  // namespace sw::render
