#include "core/render/splat_renderer.h"

#include <algorithm>
#include <cmath>
#include <string>

#include "core/foundation/check.h"
#include "core/foundation/log.h"
#include "core/render/detail/gl_program.h"
#include "core/render/detail/splat_renderer_impl.h"
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
    const std::vector<float> prepared = m_impl->readPrepared(settings, n);
    for (std::size_t i = 0; i < out.size(); ++i) {
        const float* r = prepared.data() + i * detail::kPreparedFloats + 16;
        out[i] = Eigen::Vector3f(r[0], r[1], r[2]);
    }
    SW_TRY(detail::gpuStatus(gl, "reading the effect positions back"));
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
