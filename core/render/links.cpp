#include "core/render/links.h"

#include <algorithm>
#include <array>
#include <string>

#include "core/foundation/check.h"
#include "core/foundation/log.h"
#include "core/render/detail/gl_program.h"
#include "core/render/detail/offscreen_target.h"
#include "core/render/effects.h"
#include "shaders/shader_sources.h"

namespace sw::render {

using detail::GlFunctions;

LinkParticle linkParticle(std::uint32_t id, std::span<const Eigen::Vector3f> base, const LinksSettings& s) {
    SW_REQUIRE(base.size() >= 2, "base points=" << base.size());
    const auto count = static_cast<std::uint32_t>(base.size());
    LinkParticle out;
    out.base = id % count;
    out.partner = (out.base + 1u + effectHash(id) % (count - 1u)) % count;
    const std::uint32_t perBase = std::max(s.particles / count, 1u);
    const float along = static_cast<float>((id / count) % perBase) / static_cast<float>(perBase);
    const Eigen::Vector3f& p = base[out.base];
    const Eigen::Vector3f& q = base[out.partner];
    out.linked = (p - q).norm() < s.threshold;
    if (out.linked) {
        out.position = p + (q - p) * along;
    } else {
        const std::uint32_t b = id * 3u + 101u;
        out.position = p + (Eigen::Vector3f(hashUnit(b), hashUnit(b + 1u), hashUnit(b + 2u)) -
                            Eigen::Vector3f::Constant(0.5f)) * (2.f * s.dustRadius);
    }
    return out;
}

std::vector<Eigen::Vector3f> effectBasePoints(const formats::Spl2Model& model, const EffectParams& effects) {
    std::vector<EffectInput> inputs;
    if (model.chunks && !model.chunks->chunks.empty()) {
        for (const auto& c : model.chunks->chunks) {
            EffectInput in;
            in.position = c.centroid;
            in.part = c.part;
            inputs.push_back(in);
        }
    } else {
        std::array<Eigen::Vector3f, kEffectParts> sum{};
        std::array<int, kEffectParts> count{};
        sum.fill(Eigen::Vector3f::Zero());
        for (std::size_t i = 0; i < model.core.size(); ++i) {
            const int p = std::clamp(static_cast<int>(model.core.attrs[i].y()) / 16, 0, kEffectParts - 1);
            sum[static_cast<std::size_t>(p)] += model.core.pos[i];
            ++count[static_cast<std::size_t>(p)];
        }
        for (int p = 0; p < kEffectParts; ++p) {
            if (count[static_cast<std::size_t>(p)] == 0) continue;
            EffectInput in;
            in.position = sum[static_cast<std::size_t>(p)] / static_cast<float>(count[static_cast<std::size_t>(p)]);
            in.part = p;
            inputs.push_back(in);
        }
    }
    if (inputs.size() > static_cast<std::size_t>(kMaxLinkBasePoints)) inputs.resize(kMaxLinkBasePoints);
    std::vector<Eigen::Vector3f> out;
    for (std::size_t i = 0; i < inputs.size(); ++i) {
        EffectInput& in = inputs[i];
        in.normal = in.position.norm() > 1e-6f ? Eigen::Vector3f(in.position.normalized()) : Eigen::Vector3f::UnitZ();
        in.id = static_cast<std::uint32_t>(i);
        out.push_back(applyEffects(in, effects).position);
    }
    return out;
}

namespace {


}  // namespace

struct LinksRenderer::Impl {
    GlFunctions gl;
    GLuint program = 0, feedbackProgram = 0, emptyArray = 0;
    std::vector<float> base;  // [count, 4]
    detail::OffscreenTarget target;
    detail::OffscreenTarget feedbackTarget;  // 1×1, bound while capturing transform feedback
    bool released = false;

    void setUniforms(GLuint prog, const Eigen::Matrix4f& view, const Eigen::Matrix4f& proj, const LinksSettings& s) const {
        const auto at = [&](const char* n) { return gl.GetUniformLocation(prog, n); };
        gl.UniformMatrix4fv(at("u_view"), 1, GL_FALSE, view.data());
        gl.UniformMatrix4fv(at("u_projection"), 1, GL_FALSE, proj.data());
        gl.Uniform4fv(at("u_base"), static_cast<GLsizei>(base.size() / 4), base.data());
        gl.Uniform1i(at("u_baseCount"), static_cast<int>(base.size() / 4));
        gl.Uniform1ui(at("u_particles"), s.particles);
        gl.Uniform1f(at("u_threshold"), s.threshold);
        gl.Uniform1f(at("u_dustRadius"), s.dustRadius);
        gl.Uniform1f(at("u_size"), s.particleSize);
        gl.Uniform3f(at("u_linkColor"), s.linkColor.x(), s.linkColor.y(), s.linkColor.z());
        gl.Uniform3f(at("u_dustColor"), s.dustColor.x(), s.dustColor.y(), s.dustColor.z());
        gl.Uniform1i(at("u_gammaOut"), 0);
    }
};

Result<std::unique_ptr<LinksRenderer>> LinksRenderer::create(const GlProcLoader& loader) {
    auto gl = detail::loadGlFunctions(loader);
    if (!gl) return gl.error();
    detail::drainGlErrors(*gl, "host");
    const std::string vs = std::string(shaders::kSplatHashGlsl) + shaders::kLinksVert;
    auto program = detail::buildProgram(*gl, "links", vs.c_str(), shaders::kLinksFrag);
    if (!program) return program.error();
    auto feedback = detail::buildProgram(*gl, "links_feedback", vs.c_str(), shaders::kLinksFrag, {"tf_pos", "tf_linked"});
    if (!feedback) {
        gl->DeleteProgram(*program);
        return feedback.error();
    }
    auto impl = std::make_unique<Impl>();
    impl->gl = *gl;
    impl->program = *program;
    impl->feedbackProgram = *feedback;
    gl->GenVertexArrays(1, &impl->emptyArray);  // core profile: a VAO must be bound, even empty
    auto renderer = std::unique_ptr<LinksRenderer>(new LinksRenderer(std::move(impl)));
    if (Status s = detail::gpuStatus(*gl, "building the links programs"); !s) {
        renderer->release();
        return s.error();
    }
    return renderer;
}

LinksRenderer::LinksRenderer(std::unique_ptr<Impl> impl) : m_impl(std::move(impl)) {}

LinksRenderer::~LinksRenderer() {
    if (!m_impl->released) SW_LOG_WARN("LinksRenderer destroyed without release(): its GL objects leak with the context");
}

Status LinksRenderer::setBasePoints(std::span<const Eigen::Vector3f> points) {
    if (points.size() < 2 || points.size() > static_cast<std::size_t>(kMaxLinkBasePoints))
        return makeError(ErrorCode::InvalidInput,
                         "links need 2.." + std::to_string(kMaxLinkBasePoints) + " base points, got " +
                             std::to_string(points.size()));
    m_impl->base.clear();
    for (const auto& p : points) m_impl->base.insert(m_impl->base.end(), {p.x(), p.y(), p.z(), 1.f});
    return {};
}

Status LinksRenderer::drawOver(const Eigen::Matrix4f& view, const Eigen::Matrix4f& projection,
                               const LinksSettings& s, unsigned framebuffer) {
    if (m_impl->released) return makeError(ErrorCode::Gpu, "renderer used after release()");
    if (m_impl->base.size() < 8) return makeError(ErrorCode::InvalidInput, "links drawn without base points");
    const GlFunctions& gl = m_impl->gl;
    gl.BindFramebuffer(GL_FRAMEBUFFER, framebuffer);
    gl.Viewport(0, 0, s.width, s.height);
    gl.UseProgram(m_impl->program);
    m_impl->setUniforms(m_impl->program, view, projection, s);
    gl.Enable(GL_DEPTH_TEST);
    gl.DepthMask(GL_FALSE);
    gl.Enable(GL_BLEND);
    gl.BlendFuncSeparate(GL_ONE, GL_ONE, GL_ONE, GL_ONE);  // additive glow
    gl.BindVertexArray(m_impl->emptyArray);
    gl.Uniform1i(gl.GetUniformLocation(m_impl->program, "u_feedback"), 0);
    gl.Uniform1i(gl.GetUniformLocation(m_impl->program, "u_points"), s.pointSprites ? 1 : 0);
    gl.Uniform1f(gl.GetUniformLocation(m_impl->program, "u_pointScale"), projection(1, 1) * 0.5f * float(s.height));
    if (s.pointSprites) {
        gl.Enable(GL_PROGRAM_POINT_SIZE);
        gl.DrawArrays(GL_POINTS, 0, static_cast<GLsizei>(s.particles));
        gl.Disable(GL_PROGRAM_POINT_SIZE);
    } else {
        gl.DrawArrays(GL_TRIANGLES, 0, static_cast<GLsizei>(s.particles * 6u));
    }
    gl.BindVertexArray(0);
    gl.Disable(GL_BLEND);
    gl.DepthMask(GL_TRUE);
    gl.UseProgram(0);
    return detail::gpuStatus(gl, "drawing the links");
}

Result<Rgba8Image> LinksRenderer::renderImage(const Eigen::Matrix4f& view, const Eigen::Matrix4f& projection,
                                              const LinksSettings& s) {
    SW_TRY(renderOffscreen(view, projection, s));
    const GlFunctions& gl = m_impl->gl;
    Rgba8Image image = detail::readTarget(gl, m_impl->target);
    gl.BindFramebuffer(GL_FRAMEBUFFER, 0);
    SW_TRY(detail::gpuStatus(gl, "reading the links image back"));
    return image;
}

Status LinksRenderer::renderOffscreen(const Eigen::Matrix4f& view, const Eigen::Matrix4f& projection,
                                      const LinksSettings& s) {
    SW_REQUIRE(s.width > 0 && s.height > 0, "width=" << s.width << " height=" << s.height);
    const GlFunctions& gl = m_impl->gl;
    SW_TRY(detail::ensureTarget(gl, m_impl->target, s.width, s.height, s.samples));
    gl.BindFramebuffer(GL_FRAMEBUFFER, m_impl->target.msaaFramebuffer);
    const float bg = s.background == Background::Grey ? 0.5f : 0.f;
    detail::clearFrame(gl, bg, bg, bg, s.background == Background::Transparent ? 0.f : 1.f);
    SW_TRY(drawOver(view, projection, s, m_impl->target.msaaFramebuffer));
    gl.Finish();
    return detail::gpuStatus(gl, "finishing the links frame");
}

Result<std::vector<LinkParticle>> LinksRenderer::particles(const LinksSettings& s) {
    if (m_impl->released) return makeError(ErrorCode::Gpu, "renderer used after release()");
    if (m_impl->base.size() < 8) return makeError(ErrorCode::InvalidInput, "links read without base points");
    const GlFunctions& gl = m_impl->gl;
    const std::size_t n = s.particles;
    std::vector<float> raw(n * 4);
    // A draw needs a complete framebuffer even with rasterizer discard (surfaceless contexts have none).
    SW_TRY(detail::ensureTarget(gl, m_impl->feedbackTarget, 1, 1, 0));
    gl.BindFramebuffer(GL_FRAMEBUFFER, m_impl->feedbackTarget.msaaFramebuffer);
    GLuint buffer = 0;
    gl.GenBuffers(1, &buffer);
    gl.BindBuffer(GL_TRANSFORM_FEEDBACK_BUFFER, buffer);
    gl.BufferData(GL_TRANSFORM_FEEDBACK_BUFFER, static_cast<GLsizeiptr>(raw.size() * sizeof(float)), nullptr,
                  GL_STREAM_READ);
    gl.BindBufferBase(GL_TRANSFORM_FEEDBACK_BUFFER, 0, buffer);
    gl.UseProgram(m_impl->feedbackProgram);
    m_impl->setUniforms(m_impl->feedbackProgram, Eigen::Matrix4f::Identity(), Eigen::Matrix4f::Identity(), s);
    gl.Enable(GL_RASTERIZER_DISCARD);
    gl.BindVertexArray(m_impl->emptyArray);
    gl.BeginTransformFeedback(GL_POINTS);
    gl.Uniform1i(gl.GetUniformLocation(m_impl->feedbackProgram, "u_feedback"), 1);
    gl.Uniform1i(gl.GetUniformLocation(m_impl->feedbackProgram, "u_points"), 0);
    gl.DrawArrays(GL_POINTS, 0, static_cast<GLsizei>(n));
    gl.EndTransformFeedback();
    gl.Disable(GL_RASTERIZER_DISCARD);
    gl.GetBufferSubData(GL_TRANSFORM_FEEDBACK_BUFFER, 0, static_cast<GLsizeiptr>(raw.size() * sizeof(float)), raw.data());
    gl.BindBufferBase(GL_TRANSFORM_FEEDBACK_BUFFER, 0, 0);
    gl.DeleteBuffers(1, &buffer);
    gl.BindFramebuffer(GL_FRAMEBUFFER, 0);
    gl.BindVertexArray(0);
    gl.UseProgram(0);
    SW_TRY(detail::gpuStatus(gl, "reading the link particles back"));
    std::vector<LinkParticle> out(n);
    const auto count = static_cast<std::uint32_t>(m_impl->base.size() / 4);
    for (std::size_t i = 0; i < n; ++i) {
        out[i].position = Eigen::Vector3f(raw[i * 4], raw[i * 4 + 1], raw[i * 4 + 2]);
        out[i].linked = raw[i * 4 + 3] > 0.5f;
        out[i].base = static_cast<std::uint32_t>(i) % count;
        out[i].partner = (out[i].base + 1u + effectHash(static_cast<std::uint32_t>(i)) % (count - 1u)) % count;
    }
    return out;
}

void LinksRenderer::release() {
    if (m_impl->released) return;
    const GlFunctions& gl = m_impl->gl;
    detail::releaseTarget(gl, m_impl->target);
    detail::releaseTarget(gl, m_impl->feedbackTarget);
    for (GLuint* p : {&m_impl->program, &m_impl->feedbackProgram})
        if (*p) gl.DeleteProgram(*p);
    if (m_impl->emptyArray) gl.DeleteVertexArrays(1, &m_impl->emptyArray);
    m_impl->released = true;
}

}  // namespace sw::render
