#include "core/render/splat_renderer.h"

#include <algorithm>
#include <cmath>
#include <string>

#include "core/foundation/check.h"
#include "core/foundation/log.h"
#include "core/render/detail/gl_program.h"
#include "core/render/detail/offscreen_target.h"
#include "core/render/detail/splat_buffers.h"
#include "core/render/detail/splat_uniforms.h"
#include "shaders/shader_sources.h"

namespace sw::render {

using detail::GlFunctions;

float headingFromView(const Eigen::Matrix4f& view) {
    // Eye in model space: −Rᵀ t. Heading 0 = eye on −Y, 90 = eye on +X.
    const Eigen::Vector3f eye = -view.topLeftCorner<3, 3>().transpose() * view.topRightCorner<3, 1>();
    float h = std::atan2(eye.x(), -eye.y()) * (180.f / 3.14159265f);
    if (h < 0.f) h += 360.f;
    return h >= 360.f ? 0.f : h;
}

int headingSector(float headingDeg) {
    float h = std::fmod(headingDeg, 360.f);
    if (h < 0.f) h += 360.f;
    return std::clamp(static_cast<int>(std::floor(h / (360.f / formats::kSpl2Buckets))), 0, formats::kSpl2Buckets - 1);
}

std::vector<int> shapeClassesBySize(std::span<const float> areas) {
    std::vector<int> classes(areas.size(), 1);
    if (areas.empty()) return classes;
    std::vector<float> sorted(areas.begin(), areas.end());
    std::sort(sorted.begin(), sorted.end());
    const auto quantile = [&](double q) {
        return sorted[static_cast<std::size_t>(std::floor(q * static_cast<double>(sorted.size() - 1)))];
    };
    const float p40 = quantile(0.40), p85 = quantile(0.85);
    for (std::size_t i = 0; i < areas.size(); ++i) {
        if (areas[i] >= p85) classes[i] = 2;
        else if (areas[i] <= p40) classes[i] = 0;
    }
    return classes;
}

namespace {

constexpr GLenum kFragmentShaderInvocations = 0x82F4;  // GL_FRAGMENT_SHADER_INVOCATIONS_ARB

std::string prepareSource() {
    return std::string(shaders::kSplatHashGlsl) + shaders::kSplatEffectsGlsl + shaders::kSplatLookGlsl +
           shaders::kSplatDamageGlsl + shaders::kSplatPrepareComp;
}

constexpr GLuint kPrepareGroup = 64;  // local_size_x of splat_prepare.comp

// Shape classes of core then shell: attrs.w when any is set, else by size percentile.
std::vector<int> shapeClasses(const formats::Spl2Model& m) {
    std::vector<int> out;
    std::vector<float> areas;
    bool given = false;
    for (const auto* part : {&m.core, &m.shell}) {
        for (std::size_t i = 0; i < part->size(); ++i) {
            out.push_back(static_cast<int>(std::lround(part->attrs[i].w())));
            areas.push_back(part->ax0[i].norm() * part->ax1[i].norm());
            given = given || out.back() != 0;
        }
    }
    return given ? out : shapeClassesBySize(areas);
}

}  // namespace

struct SplatRenderer::Impl {
    GlFunctions gl;
    GLuint coreProgram = 0, shellProgram = 0, prepareProgram = 0;
    GLuint primitiveQuery = 0;
    GLuint fragmentQuery = 0;  // 0 without ARB_pipeline_statistics_query
    detail::SplatBuffers buffers;
    formats::Spl2Model modelCopy;  // kept to rebuild buffers when the floater mask changes
    std::vector<int> shapes;
    bool loaded = false;
    detail::OffscreenTarget target;
    SplatDrawStats stats;
    bool released = false;
    SplatDamageParams damage;

    // Core splats the core pass draws: the LOD k, plus the damage pool when it is on.
    int coreDrawCount(int k) const {
        return k + (buffers.damage ? std::clamp(damage.poolCount, 0, buffers.poolCapacity) : 0);
    }
    void setDamageUniforms(bool shell, int k);

    // Runs the prepare pass over the first `count` splats of the core (shell = false) or shell
    // records into that pass's prepared buffer (no barrier: the caller issues one).
    // Core invocations from poolBase on draw damage pool entries (poolBase < 0: none).
    void prepare(const Eigen::Matrix4f& view, const Eigen::Matrix4f& proj, const SplatRenderSettings& s, bool shell,
                 int count, int poolBase = -1);

    // The prepare passes of what draw() will draw, then one storage barrier.
    void prepareAll(const Eigen::Matrix4f& view, const Eigen::Matrix4f& proj, const SplatRenderSettings& s);

    void drawCore(const SplatRenderSettings& s);
    void drawShell(const Eigen::Matrix4f& view, const SplatRenderSettings& s);
};

Result<std::unique_ptr<SplatRenderer>> SplatRenderer::create(const GlProcLoader& loader) {
    auto gl = detail::loadGlFunctions(loader);
    if (!gl) return gl.error();
    detail::drainGlErrors(*gl, "host");
    const std::string coreFs = std::string(shaders::kSplatShapeGlsl) + shaders::kSplatCoreFrag;
    const std::string prepareCs = prepareSource();
    const Result<GLuint> programs[] = {
        detail::buildProgram(*gl, "splat_core", shaders::kSplatCoreVert, coreFs.c_str()),
        detail::buildProgram(*gl, "splat_shell", shaders::kSplatShellVert, shaders::kSplatShellFrag),
        detail::buildComputeProgram(*gl, "splat_prepare", prepareCs.c_str())};
    for (const auto& program : programs) {
        if (program) continue;
        for (const auto& built : programs)
            if (built) gl->DeleteProgram(*built);
        return program.error();
    }
    auto impl = std::make_unique<Impl>();
    impl->gl = *gl;
    impl->coreProgram = *programs[0];
    impl->shellProgram = *programs[1];
    impl->prepareProgram = *programs[2];
    gl->GenQueries(1, &impl->primitiveQuery);
    if (detail::hasExtension(*gl, "GL_ARB_pipeline_statistics_query")) gl->GenQueries(1, &impl->fragmentQuery);
    auto renderer = std::unique_ptr<SplatRenderer>(new SplatRenderer(std::move(impl)));
    if (Status s = detail::gpuStatus(*gl, "building the splat programs"); !s) {
        renderer->release();
        return s.error();
    }
    return renderer;
}

SplatRenderer::SplatRenderer(std::unique_ptr<Impl> impl) : m_impl(std::move(impl)) {}

SplatRenderer::~SplatRenderer() {
    if (!m_impl->released) SW_LOG_WARN("SplatRenderer destroyed without release(): its GL objects leak with the context");
}

Status SplatRenderer::setModel(const formats::Spl2Model& model, std::span<const std::uint8_t> floaterMask) {
    if (m_impl->released) return makeError(ErrorCode::Gpu, "renderer used after release()");
    SW_TRY(formats::validateSpl2(model, "splat model"));
    const std::size_t n = model.core.size() + model.shell.size();
    if (!floaterMask.empty() && floaterMask.size() != n)
        return makeError(ErrorCode::InvalidInput, "floater mask has " + std::to_string(floaterMask.size()) +
                                                      " flags for " + std::to_string(n) + " splats");
    m_impl->modelCopy = model;
    m_impl->shapes = shapeClasses(model);
    detail::uploadSplats(m_impl->gl, m_impl->buffers, model, floaterMask, m_impl->shapes);
    m_impl->loaded = true;
    return detail::gpuStatus(m_impl->gl, "uploading the splat model");
}

Status SplatRenderer::setFloaterMask(std::span<const std::uint8_t> floaterMask) {
    if (!m_impl->loaded) return makeError(ErrorCode::InvalidInput, "no splat model to flag floaters on");
    const formats::Spl2Model model = m_impl->modelCopy;
    return setModel(model, floaterMask);
}

bool SplatRenderer::hasModel() const { return m_impl->loaded; }
int SplatRenderer::coreCount() const { return m_impl->buffers.coreCount; }
int SplatRenderer::shellCount() const { return m_impl->buffers.shellCount; }
const formats::Spl2Model& SplatRenderer::model() const { return m_impl->modelCopy; }

void SplatRenderer::Impl::prepare(const Eigen::Matrix4f& view, const Eigen::Matrix4f& proj,
                                  const SplatRenderSettings& s, bool shell, int count, int poolBase) {
    gl.UseProgram(prepareProgram);
    detail::setLookUniforms(gl, prepareProgram, view, proj, s, shell ? static_cast<unsigned>(buffers.coreCount) : 0u);
    gl.Uniform1ui(gl.GetUniformLocation(prepareProgram, "u_count"), static_cast<GLuint>(count));
    gl.Uniform1i(gl.GetUniformLocation(prepareProgram, "u_shell"), shell ? 1 : 0);
    setDamageUniforms(shell, poolBase < 0 ? count : poolBase);
    gl.BindBufferBase(GL_SHADER_STORAGE_BUFFER, 0, shell ? buffers.shellBuffer : buffers.coreBuffer);
    gl.BindBufferBase(GL_SHADER_STORAGE_BUFFER, 1, shell ? buffers.shellPrepared : buffers.corePrepared);
    gl.DispatchCompute((static_cast<GLuint>(count) + kPrepareGroup - 1) / kPrepareGroup, 1, 1);
}

void SplatRenderer::Impl::setDamageUniforms(bool /*shell: uses the attachment*/, int k) {
    const GLuint p = prepareProgram;
    const bool on = buffers.damage;
    gl.Uniform1i(gl.GetUniformLocation(p, "u_damage"), on ? 1 : 0);
    gl.Uniform1ui(gl.GetUniformLocation(p, "u_poolBase"), static_cast<GLuint>(std::max(0, k)));
    const SplatDamageParams& d = damage;
    gl.Uniform3f(gl.GetUniformLocation(p, "u_dCentroid"), d.centroid.x(), d.centroid.y(), d.centroid.z());
    const float onion[4] = {d.inwardBlend, d.stepShare, d.minStep, d.thicknessRange};
    const float motion[4] = {d.undersideOffset, d.gravity, d.cooling, d.debrisScale};
    gl.Uniform4fv(gl.GetUniformLocation(p, "u_dOnion"), 1, onion);
    gl.Uniform4fv(gl.GetUniformLocation(p, "u_dMotion"), 1, motion);
    gl.Uniform1f(gl.GetUniformLocation(p, "u_dTime"), d.time);
    gl.Uniform3f(gl.GetUniformLocation(p, "u_dUnderlay"), d.underlayTint.x(), d.underlayTint.y(), d.underlayTint.z());
    gl.Uniform1i(gl.GetUniformLocation(p, "u_dChunks"), on ? buffers.chunkCount : 0);
    gl.BindBufferBase(GL_SHADER_STORAGE_BUFFER, 2, buffers.damageSlots);
    gl.BindBufferBase(GL_SHADER_STORAGE_BUFFER, 3, buffers.damagePool);
    gl.BindBufferBase(GL_SHADER_STORAGE_BUFFER, 4, buffers.damageBodies);
    gl.BindBufferBase(GL_SHADER_STORAGE_BUFFER, 5, buffers.damageShell);
    gl.BindBufferBase(GL_SHADER_STORAGE_BUFFER, 6, buffers.damageChunks);
}

void SplatRenderer::Impl::prepareAll(const Eigen::Matrix4f& view, const Eigen::Matrix4f& proj,
                                     const SplatRenderSettings& s) {
    const int k = s.coreCount < 0 ? buffers.coreCount : std::min(s.coreCount, buffers.coreCount);
    const bool core = s.drawCore && coreDrawCount(k) > 0, shell = s.drawShell && buffers.shellCount > 0;
    if (core) prepare(view, proj, s, false, coreDrawCount(k), k);
    if (shell) prepare(view, proj, s, true, buffers.shellCount);
    if (core || shell) gl.MemoryBarrier(GL_SHADER_STORAGE_BARRIER_BIT);
}

void SplatRenderer::Impl::drawCore(const SplatRenderSettings& s) {
    const int k = coreDrawCount(s.coreCount < 0 ? buffers.coreCount : std::min(s.coreCount, buffers.coreCount));
    stats.coreDrawn = k;
    if (k == 0) return;
    gl.UseProgram(coreProgram);
    gl.Uniform1i(gl.GetUniformLocation(coreProgram, "u_round"), s.roundSplats ? 1 : 0);
    gl.Uniform1i(gl.GetUniformLocation(coreProgram, "u_gammaOut"), s.linearTarget ? 1 : 0);
    gl.DepthMask(GL_TRUE);
    gl.Disable(GL_BLEND);
    if (s.roundSplats) gl.Enable(GL_SAMPLE_ALPHA_TO_COVERAGE);
    gl.BindVertexArray(buffers.coreArray);
    gl.BindBufferBase(GL_SHADER_STORAGE_BUFFER, 1, buffers.corePrepared);
    if (s.countPrimitives) gl.BeginQuery(GL_PRIMITIVES_GENERATED, primitiveQuery);
    if (s.roundSplats) {
        // One triangle per splat, non-indexed: llvmpipe's linear vertex path, no index fetch.
        gl.DrawArrays(GL_TRIANGLES, 0, 3 * k);
    } else {
        const bool octagons = !s.shapeClasses;
        gl.BindBuffer(GL_ELEMENT_ARRAY_BUFFER, octagons ? buffers.octagonIndex : buffers.shapeIndex);
        const int perSplat = 3 * (octagons ? detail::kOctagonTriangles : detail::kShapeTriangles);
        for (int first = 0; first < k; first += detail::kCoreBatch) {
            const int count = std::min(detail::kCoreBatch, k - first);
            gl.DrawElementsBaseVertex(GL_TRIANGLES, count * perSplat, GL_UNSIGNED_INT, nullptr,
                                      first * detail::kCoreRing);
        }
    }
    if (s.countPrimitives) {
        gl.EndQuery(GL_PRIMITIVES_GENERATED);
        GLuint primitives = 0;
        gl.GetQueryObjectuiv(primitiveQuery, GL_QUERY_RESULT, &primitives);
        stats.corePrimitives = primitives;
    }
    gl.Disable(GL_SAMPLE_ALPHA_TO_COVERAGE);
}

void SplatRenderer::Impl::drawShell(const Eigen::Matrix4f& view, const SplatRenderSettings& s) {
    stats.sector = headingSector(headingFromView(view));
    if (buffers.shellCount == 0) return;
    detail::selectShellOrder(gl, buffers, stats.sector);
    gl.UseProgram(shellProgram);
    gl.Uniform1i(gl.GetUniformLocation(shellProgram, "u_gammaOut"), s.linearTarget ? 1 : 0);
    gl.DepthMask(GL_FALSE);  // sorted, blended: test against the core, do not write
    gl.Enable(GL_BLEND);
    gl.BlendFuncSeparate(GL_SRC_ALPHA, GL_ONE_MINUS_SRC_ALPHA, GL_ONE, GL_ONE_MINUS_SRC_ALPHA);
    gl.BindVertexArray(buffers.shellArray);
    gl.BindBufferBase(GL_SHADER_STORAGE_BUFFER, 1, buffers.shellPrepared);
    gl.DrawElements(GL_TRIANGLES, buffers.shellCount * 6, GL_UNSIGNED_INT, nullptr);
    stats.shellDrawn = buffers.shellCount;
    gl.Disable(GL_BLEND);
    gl.DepthMask(GL_TRUE);
}

Status SplatRenderer::draw(const Camera& camera, const SplatRenderSettings& settings, unsigned framebuffer) {
    const float aspect = static_cast<float>(settings.width) / static_cast<float>(settings.height);
    return draw(camera.view(), camera.projection(aspect), settings, framebuffer);
}

Status SplatRenderer::draw(const Eigen::Matrix4f& view, const Eigen::Matrix4f& projection,
                           const SplatRenderSettings& settings, unsigned framebuffer) {
    SW_REQUIRE(settings.width > 0 && settings.height > 0, "width=" << settings.width << " height=" << settings.height);
    if (m_impl->released) return makeError(ErrorCode::Gpu, "renderer used after release()");
    const GlFunctions& gl = m_impl->gl;
    m_impl->stats = SplatDrawStats{};
    // Both prepare passes run before the clear and the draws, behind one barrier: llvmpipe
    // implements glMemoryBarrier as a full finish, so a barrier between the core and shell draws
    // would wait for the core's rasterization and the clear.
    if (m_impl->loaded) m_impl->prepareAll(view, projection, settings);
    gl.BindFramebuffer(GL_FRAMEBUFFER, framebuffer);
    gl.Viewport(0, 0, settings.width, settings.height);
    gl.Enable(GL_DEPTH_TEST);
    gl.DepthFunc(GL_LESS);
    gl.Disable(GL_CULL_FACE);  // splats are two-sided
    gl.Disable(GL_SCISSOR_TEST);
    gl.Enable(GL_MULTISAMPLE);
    gl.Disable(GL_SAMPLE_SHADING);  // one shader run per pixel (a host's mesh pass may have left it on)
    const float bg = settings.background == Background::Grey ? 0.5f : 0.f;
    detail::clearFrame(gl, bg, bg, bg, settings.background == Background::Transparent ? 0.f : 1.f);
    const bool countFragments = settings.countFragments && m_impl->fragmentQuery != 0;
    if (countFragments) gl.BeginQuery(kFragmentShaderInvocations, m_impl->fragmentQuery);
    if (m_impl->loaded) {
        if (settings.drawCore) m_impl->drawCore(settings);
        if (settings.drawShell) m_impl->drawShell(view, settings);
    }
    if (countFragments) {
        gl.EndQuery(kFragmentShaderInvocations);
        GLuint fragments = 0;
        gl.GetQueryObjectuiv(m_impl->fragmentQuery, GL_QUERY_RESULT, &fragments);
        m_impl->stats.fragments = fragments;
    }
    m_impl->stats.orderUploads = m_impl->buffers.orderUploads;
    gl.BindVertexArray(0);
    gl.UseProgram(0);
    return detail::gpuStatus(gl, "drawing the splats");
}

Result<Rgba8Image> SplatRenderer::renderImage(const Camera& camera, const SplatRenderSettings& settings) {
    const float aspect = static_cast<float>(settings.width) / static_cast<float>(settings.height);
    return renderImage(camera.view(), camera.projection(aspect), settings);
}

Result<Rgba8Image> SplatRenderer::renderImage(const Eigen::Matrix4f& view, const Eigen::Matrix4f& projection,
                                              const SplatRenderSettings& settings) {
    SW_REQUIRE(settings.width > 0 && settings.height > 0, "width=" << settings.width << " height=" << settings.height);
    if (m_impl->released) return makeError(ErrorCode::Gpu, "renderer used after release()");
    return detail::renderIntoTarget(
        m_impl->gl, m_impl->target, settings.width, settings.height, settings.samples,
        [&](GLuint fbo) { return draw(view, projection, settings, fbo); }, "reading the splat image back");
}

Status SplatRenderer::renderOffscreen(const Eigen::Matrix4f& view, const Eigen::Matrix4f& projection,
                                      const SplatRenderSettings& settings) {
    if (m_impl->released) return makeError(ErrorCode::Gpu, "renderer used after release()");
    const GlFunctions& gl = m_impl->gl;
    SW_TRY(detail::ensureTarget(gl, m_impl->target, settings.width, settings.height, settings.samples));
    SW_TRY(draw(view, projection, settings, m_impl->target.msaaFramebuffer));
    gl.Finish();
    gl.BindFramebuffer(GL_FRAMEBUFFER, 0);
    return detail::gpuStatus(gl, "finishing the splat frame");
}

Result<std::vector<Eigen::Vector3f>> SplatRenderer::coreCentres(const EffectParams& effects) {
    if (m_impl->released) return makeError(ErrorCode::Gpu, "renderer used after release()");
    const GlFunctions& gl = m_impl->gl;
    const int n = m_impl->buffers.coreCount;
    std::vector<Eigen::Vector3f> out(static_cast<std::size_t>(n));
    if (n == 0) return out;
    // The prepare pass the core draw runs, read back: record word 4 is the displaced centre.
    SplatRenderSettings settings;
    settings.effects = effects;
    m_impl->prepare(Eigen::Matrix4f::Identity(), Eigen::Matrix4f::Identity(), settings, false, n);
    gl.MemoryBarrier(GL_BUFFER_UPDATE_BARRIER_BIT);
    std::vector<float> prepared(static_cast<std::size_t>(n) * detail::kPreparedFloats);
    gl.BindBuffer(GL_SHADER_STORAGE_BUFFER, m_impl->buffers.corePrepared);
    gl.GetBufferSubData(GL_SHADER_STORAGE_BUFFER, 0, static_cast<GLsizeiptr>(prepared.size() * sizeof(float)),
                        prepared.data());
    gl.BindBuffer(GL_SHADER_STORAGE_BUFFER, 0);
    gl.UseProgram(0);
    for (std::size_t i = 0; i < out.size(); ++i) {
        const float* r = prepared.data() + i * detail::kPreparedFloats + 16;
        out[i] = Eigen::Vector3f(r[0], r[1], r[2]);
    }
    SW_TRY(detail::gpuStatus(gl, "reading the effect positions back"));
    return out;
}

Status SplatRenderer::enableDamage(int poolCapacity) {
    if (!m_impl->loaded) return makeError(ErrorCode::InvalidInput, "no splat model to damage");
    if (poolCapacity < 0 || poolCapacity > (1 << 22))
        return makeError(ErrorCode::InvalidInput, "damage pool capacity " + std::to_string(poolCapacity) + " is out of range");
    detail::allocateDamage(m_impl->gl, m_impl->buffers, poolCapacity, 64);
    m_impl->damage = SplatDamageParams{};
    return detail::gpuStatus(m_impl->gl, "allocating the damage buffers");
}

void SplatRenderer::disableDamage() {
    if (m_impl->loaded && m_impl->buffers.damage) detail::allocateDamage(m_impl->gl, m_impl->buffers, -1, 0);
}

bool SplatRenderer::damageEnabled() const { return m_impl->buffers.damage; }

Status SplatRenderer::updateDamageSlots(std::span<const float> all, std::span<const std::uint32_t> dirty) {
    auto& b = m_impl->buffers;
    if (!b.damage) return makeError(ErrorCode::InvalidInput, "damage path is off (enableDamage first)");
    if (all.size() != static_cast<std::size_t>(b.coreCount) * kDamageSlotFloats)
        return makeError(ErrorCode::InvalidInput, "damage slot records: " + std::to_string(all.size()) + " floats for " +
                                                      std::to_string(b.coreCount) + " core splats");
    for (const std::uint32_t i : dirty)
        if (i >= static_cast<std::uint32_t>(b.coreCount)) return makeError(ErrorCode::InvalidInput, "damage slot " + std::to_string(i) + " out of range");
    detail::uploadRecords(m_impl->gl, b.damageSlots, all, kDamageSlotFloats, dirty, b.damageBytes);
    return detail::gpuStatus(m_impl->gl, "uploading the damage slots");
}

Status SplatRenderer::updateDamagePool(std::span<const float> all, std::span<const std::uint32_t> dirty) {
    auto& b = m_impl->buffers;
    if (!b.damage) return makeError(ErrorCode::InvalidInput, "damage path is off (enableDamage first)");
    if (all.size() != static_cast<std::size_t>(b.poolCapacity) * kDamagePoolFloats)
        return makeError(ErrorCode::InvalidInput, "damage pool records: " + std::to_string(all.size()) + " floats for a pool of " +
                                                      std::to_string(b.poolCapacity));
    for (const std::uint32_t i : dirty)
        if (i >= static_cast<std::uint32_t>(b.poolCapacity)) return makeError(ErrorCode::InvalidInput, "pool entry " + std::to_string(i) + " out of range");
    detail::uploadRecords(m_impl->gl, b.damagePool, all, kDamagePoolFloats, dirty, b.damageBytes);
    return detail::gpuStatus(m_impl->gl, "uploading the damage pool");
}

Status SplatRenderer::updateDamageBodies(std::span<const float> bodies) {
    auto& b = m_impl->buffers;
    const GlFunctions& gl = m_impl->gl;
    if (!b.damage) return makeError(ErrorCode::InvalidInput, "damage path is off (enableDamage first)");
    if (bodies.size() % kDamageBodyFloats != 0) return makeError(ErrorCode::InvalidInput, "body records are not whole");
    if (bodies.empty()) return {};
    const int count = static_cast<int>(bodies.size() / kDamageBodyFloats);
    gl.BindBuffer(GL_SHADER_STORAGE_BUFFER, b.damageBodies);
    if (count > b.bodyCapacity) {
        b.bodyCapacity = std::max(count, 2 * b.bodyCapacity);
        gl.BufferData(GL_SHADER_STORAGE_BUFFER, static_cast<GLsizeiptr>(std::size_t(b.bodyCapacity) * kDamageBodyFloats * sizeof(float)),
                      nullptr, GL_DYNAMIC_DRAW);
    }
    gl.BufferSubData(GL_SHADER_STORAGE_BUFFER, 0, static_cast<GLsizeiptr>(bodies.size() * sizeof(float)), bodies.data());
    gl.BindBuffer(GL_SHADER_STORAGE_BUFFER, 0);
    b.damageBytes += bodies.size() * sizeof(float);
    return detail::gpuStatus(gl, "uploading the damage bodies");
}

Status SplatRenderer::updateDamageChunks(std::span<const float> chunks) {
    auto& b = m_impl->buffers;
    const GlFunctions& gl = m_impl->gl;
    if (!b.damage) return makeError(ErrorCode::InvalidInput, "damage path is off (enableDamage first)");
    if (chunks.size() % kDamageChunkFloats != 0) return makeError(ErrorCode::InvalidInput, "chunk records are not whole");
    if (chunks.empty()) return {};
    const int count = static_cast<int>(chunks.size() / kDamageChunkFloats);
    gl.BindBuffer(GL_SHADER_STORAGE_BUFFER, b.damageChunks);
    if (count != b.chunkCount)
        gl.BufferData(GL_SHADER_STORAGE_BUFFER, static_cast<GLsizeiptr>(chunks.size() * sizeof(float)), chunks.data(), GL_DYNAMIC_DRAW);
    else
        gl.BufferSubData(GL_SHADER_STORAGE_BUFFER, 0, static_cast<GLsizeiptr>(chunks.size() * sizeof(float)), chunks.data());
    gl.BindBuffer(GL_SHADER_STORAGE_BUFFER, 0);
    b.chunkCount = count;
    b.damageBytes += chunks.size() * sizeof(float);
    return detail::gpuStatus(gl, "uploading the damage chunks");
}

Status SplatRenderer::setDamageShellSlots(std::span<const std::uint32_t> coreSlot) {
    auto& b = m_impl->buffers;
    if (!b.damage) return makeError(ErrorCode::InvalidInput, "damage path is off (enableDamage first)");
    if (coreSlot.size() != static_cast<std::size_t>(b.shellCount))
        return makeError(ErrorCode::InvalidInput, "shell attachment: " + std::to_string(coreSlot.size()) + " slots for " +
                                                      std::to_string(b.shellCount) + " shell splats");
    // Per shell splat: the core slot and its chunk (a carried chunk hides the slot's shell too).
    const auto* tail = m_impl->modelCopy.chunks ? &*m_impl->modelCopy.chunks : nullptr;
    std::vector<float> slots(2 * coreSlot.size());
    for (std::size_t i = 0; i < coreSlot.size(); ++i) {
        if (coreSlot[i] >= static_cast<std::uint32_t>(b.coreCount)) return makeError(ErrorCode::InvalidInput, "shell attachment out of range");
        slots[2 * i] = static_cast<float>(coreSlot[i]);
        slots[2 * i + 1] = tail && coreSlot[i] < tail->coreChunk.size() ? static_cast<float>(tail->coreChunk[coreSlot[i]]) : 0.f;
    }
    std::vector<std::uint32_t> all(coreSlot.size());
    for (std::uint32_t i = 0; i < all.size(); ++i) all[i] = i;
    detail::uploadRecords(m_impl->gl, b.damageShell, slots, 2, all, b.damageBytes);
    return detail::gpuStatus(m_impl->gl, "uploading the shell attachment");
}

void SplatRenderer::setDamageParams(const SplatDamageParams& params) { m_impl->damage = params; }

std::uint64_t SplatRenderer::damageBytesUploaded() const { return m_impl->buffers.damageBytes; }

Result<std::vector<Eigen::Vector3f>> SplatRenderer::damagedCentres(std::vector<std::uint8_t>* visible,
                                                                   std::vector<Eigen::Vector4f>* looks) {
    if (m_impl->released) return makeError(ErrorCode::Gpu, "renderer used after release()");
    const GlFunctions& gl = m_impl->gl;
    const int n = m_impl->coreDrawCount(m_impl->buffers.coreCount);
    std::vector<Eigen::Vector3f> out(static_cast<std::size_t>(n));
    if (visible) visible->assign(out.size(), 1);
    if (looks) looks->assign(out.size(), Eigen::Vector4f::Zero());
    if (n == 0) return out;
    SplatRenderSettings settings;
    m_impl->prepare(Eigen::Matrix4f::Identity(), Eigen::Matrix4f::Identity(), settings, false, n,
                    m_impl->buffers.coreCount);
    gl.MemoryBarrier(GL_BUFFER_UPDATE_BARRIER_BIT);
    std::vector<float> prepared(static_cast<std::size_t>(n) * detail::kPreparedFloats);
    gl.BindBuffer(GL_SHADER_STORAGE_BUFFER, m_impl->buffers.corePrepared);
    gl.GetBufferSubData(GL_SHADER_STORAGE_BUFFER, 0, static_cast<GLsizeiptr>(prepared.size() * sizeof(float)),
                        prepared.data());
    gl.BindBuffer(GL_SHADER_STORAGE_BUFFER, 0);
    gl.UseProgram(0);
    for (std::size_t i = 0; i < out.size(); ++i) {
        const float* r = prepared.data() + i * detail::kPreparedFloats + 16;
        out[i] = Eigen::Vector3f(r[0], r[1], r[2]);
        if (visible) (*visible)[i] = r[3] > 0.5f ? 1 : 0;
        const float* look = prepared.data() + i * detail::kPreparedFloats + 12;  // record [3]
        if (looks) (*looks)[i] = Eigen::Vector4f(look[0], look[1], look[2], look[3]);
    }
    SW_TRY(detail::gpuStatus(gl, "reading the damaged positions back"));
    return out;
}

const SplatDrawStats& SplatRenderer::lastDrawStats() const { return m_impl->stats; }

void SplatRenderer::release() {
    if (m_impl->released) return;
    const GlFunctions& gl = m_impl->gl;
    detail::releaseSplats(gl, m_impl->buffers);
    detail::releaseTarget(gl, m_impl->target);
    for (GLuint* p : {&m_impl->coreProgram, &m_impl->shellProgram, &m_impl->prepareProgram})
        if (*p) gl.DeleteProgram(*p);
    if (m_impl->primitiveQuery) gl.DeleteQueries(1, &m_impl->primitiveQuery);
    if (m_impl->fragmentQuery) gl.DeleteQueries(1, &m_impl->fragmentQuery);
    m_impl->loaded = false;
    m_impl->released = true;
}

bool SplatRenderer::released() const { return m_impl->released; }

}  // namespace sw::render
