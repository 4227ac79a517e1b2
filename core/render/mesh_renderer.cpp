#include "core/render/mesh_renderer.h"

#include <algorithm>
#include <cmath>

#include "core/foundation/check.h"
#include "core/foundation/log.h"
#include "core/render/detail/gl_functions.h"
#include "core/render/detail/gl_program.h"
#include "core/render/detail/mesh_buffers.h"
#include "core/render/detail/offscreen_target.h"
#include "shaders/shader_sources.h"

namespace sw::render {

using detail::GlFunctions;

namespace {

// Uniform locations of mesh.vert / mesh.frag.
struct MeshUniforms {
    GLint view = -1, projection = -1, baseColorTexture = -1, hasTexture = -1, baseColorFactor = -1;
    GLint alphaMask = -1, alphaCutoff = -1, premultiplied = -1, levelZero = -1, flatNormals = -1, gammaOut = -1;
    GLint shading = -1, sunView = -1, hsvAdjust = -1;
};

MeshUniforms locateUniforms(const GlFunctions& gl, GLuint program) {
    MeshUniforms u;
    u.view = gl.GetUniformLocation(program, "u_view");
    u.projection = gl.GetUniformLocation(program, "u_projection");
    u.baseColorTexture = gl.GetUniformLocation(program, "u_baseColorTexture");
    u.hasTexture = gl.GetUniformLocation(program, "u_hasTexture");
    u.baseColorFactor = gl.GetUniformLocation(program, "u_baseColorFactor");
    u.alphaMask = gl.GetUniformLocation(program, "u_alphaMask");
    u.alphaCutoff = gl.GetUniformLocation(program, "u_alphaCutoff");
    u.premultiplied = gl.GetUniformLocation(program, "u_premultiplied");
    u.levelZero = gl.GetUniformLocation(program, "u_levelZero");
    u.flatNormals = gl.GetUniformLocation(program, "u_flatNormals");
    u.gammaOut = gl.GetUniformLocation(program, "u_gammaOut");
    u.shading = gl.GetUniformLocation(program, "u_shading");
    u.sunView = gl.GetUniformLocation(program, "u_sunView");
    u.hsvAdjust = gl.GetUniformLocation(program, "u_hsvAdjust");
    return u;
}


}  // namespace

struct MeshRenderer::Impl {
    GlFunctions gl;
    GLuint program = 0;
    MeshUniforms uniforms;
    detail::MeshBuffers mesh;
    bool meshLoaded = false;
    detail::OffscreenTarget target;
    DrawStats stats;
    bool released = false;
    std::vector<ColorAdjust> colorAdjust;  // [materials]

    void drawMesh(const Eigen::Matrix4f& view, const Eigen::Matrix4f& projection, const RenderSettings& settings);
};

namespace {

// Straight (un-premultiplied) colour from the MSAA resolve over a transparent background.
void unpremultiply(Rgba8Image& image) {
    for (std::size_t i = 0; i + 3 < image.rgba.size(); i += 4) {
        const int a = image.rgba[i + 3];
        if (a == 0 || a == 255) continue;
        for (int c = 0; c < 3; ++c)
            image.rgba[i + c] = static_cast<std::uint8_t>(std::min(255, (image.rgba[i + c] * 255 + a / 2) / a));
    }
}

}  // namespace

Result<std::unique_ptr<MeshRenderer>> MeshRenderer::create(const GlProcLoader& loader) {
    auto gl = detail::loadGlFunctions(loader);
    if (!gl) return gl.error();
    // Errors left by the host are not ours.
    detail::drainGlErrors(*gl, "host");
    auto program = detail::buildProgram(*gl, "mesh", shaders::kMeshVert, shaders::kMeshFrag);
    if (!program) return program.error();
    auto impl = std::make_unique<Impl>();
    impl->gl = *gl;
    impl->program = *program;
    impl->uniforms = locateUniforms(impl->gl, impl->program);
    if (Status s = detail::gpuStatus(impl->gl, "building the mesh program"); !s) {
        impl->gl.DeleteProgram(impl->program);
        return s.error();
    }
    return std::unique_ptr<MeshRenderer>(new MeshRenderer(std::move(impl)));
}

MeshRenderer::MeshRenderer(std::unique_ptr<Impl> impl) : m_impl(std::move(impl)) {}

MeshRenderer::~MeshRenderer() {
    if (!m_impl->released) {
        SW_LOG_WARN("MeshRenderer destroyed without release(): its GL objects leak with the context");
    }
}

Status MeshRenderer::setMesh(const geometry::Mesh& mesh, std::span<const float> skyVisibility) {
    if (m_impl->released) return makeError(ErrorCode::Gpu, "renderer used after release()");
    SW_TRY(detail::validateMesh(mesh));
    if (!skyVisibility.empty() && skyVisibility.size() != mesh.vertexCount())
        return makeError(ErrorCode::InvalidInput, "sky visibility has " + std::to_string(skyVisibility.size()) +
                                                      " values for " + std::to_string(mesh.vertexCount()) + " vertices");
    clearMesh();
    m_impl->mesh = detail::uploadMesh(m_impl->gl, mesh, {skyVisibility, {}, {}});
    m_impl->meshLoaded = true;
    return detail::gpuStatus(m_impl->gl, "uploading the mesh");
}

Status MeshRenderer::setMesh(const geometry::Mesh& mesh, std::span<const Eigen::Vector3f> light,
                             std::span<const Eigen::Vector3f> lightBack) {
    if (m_impl->released) return makeError(ErrorCode::Gpu, "renderer used after release()");
    SW_TRY(detail::validateMesh(mesh));
    for (const auto* l : {&light, &lightBack})
        if (!l->empty() && l->size() != mesh.vertexCount())
            return makeError(ErrorCode::InvalidInput, "baked light has " + std::to_string(l->size()) + " values for " +
                                                          std::to_string(mesh.vertexCount()) + " vertices");
    clearMesh();
    m_impl->mesh = detail::uploadMesh(m_impl->gl, mesh, {{}, light, lightBack});
    m_impl->meshLoaded = true;
    return detail::gpuStatus(m_impl->gl, "uploading the mesh");
}

void MeshRenderer::clearMesh() {
    if (m_impl->meshLoaded) detail::releaseMesh(m_impl->gl, m_impl->mesh);
    m_impl->meshLoaded = false;
}

bool MeshRenderer::hasMesh() const { return m_impl->meshLoaded; }

void MeshRenderer::setColorAdjust(std::vector<ColorAdjust> perMaterial) { m_impl->colorAdjust = std::move(perMaterial); }

void MeshRenderer::Impl::drawMesh(const Eigen::Matrix4f& view, const Eigen::Matrix4f& projection,
                                  const RenderSettings& settings) {
    stats = DrawStats{};
    if (!meshLoaded) return;
    gl.UseProgram(program);
    gl.Uniform1i(uniforms.shading, static_cast<int>(settings.shading));
    const Eigen::Vector3f sun = (view.topLeftCorner<3, 3>() * settings.sunDirection.normalized()).normalized();
    gl.Uniform3f(uniforms.sunView, sun.x(), sun.y(), sun.z());
    gl.UniformMatrix4fv(uniforms.view, 1, GL_FALSE, view.data());  // Eigen is column-major, like GL
    gl.UniformMatrix4fv(uniforms.projection, 1, GL_FALSE, projection.data());
    gl.Uniform1i(uniforms.flatNormals, mesh.hasNormals ? 0 : 1);
    gl.Uniform1i(uniforms.gammaOut, 0);  // our targets store sRGB bytes
    gl.Uniform1i(uniforms.baseColorTexture, 0);
    gl.ActiveTexture(GL_TEXTURE0);
    gl.BindVertexArray(mesh.vertexArray);
    for (const detail::MaterialRange& r : mesh.ranges) {
        gl.Uniform4fv(uniforms.baseColorFactor, 1, r.baseColorFactor.data());
        const ColorAdjust adjust = r.material >= 0 && static_cast<std::size_t>(r.material) < colorAdjust.size()
                                       ? colorAdjust[static_cast<std::size_t>(r.material)] : ColorAdjust{};
        gl.Uniform3f(uniforms.hsvAdjust, adjust.hueShift, adjust.saturation, adjust.value);
        const std::vector<GLuint>& set = r.premultiplied ? mesh.premultipliedTextures : mesh.textures;
        const GLuint texture = r.texture >= 0 ? set[static_cast<std::size_t>(r.texture)] : 0;
        gl.Uniform1i(uniforms.hasTexture, texture != 0 ? 1 : 0);
        gl.Uniform1i(uniforms.premultiplied, r.premultiplied ? 1 : 0);
        gl.BindTexture(GL_TEXTURE_2D, texture);
        gl.Uniform1i(uniforms.alphaMask, r.alphaMask ? 1 : 0);
        gl.Uniform1f(uniforms.alphaCutoff, r.alphaCutoff);
        const bool perSample = settings.maskPerSample && r.alphaMask && settings.samples > 1;
        if (perSample) {
            gl.Enable(GL_SAMPLE_SHADING);
            gl.MinSampleShading(1.f);
        }
        gl.Uniform1i(uniforms.levelZero, perSample ? 1 : 0);
        gl.DrawElements(GL_TRIANGLES, r.indexCount, GL_UNSIGNED_INT,
                        reinterpret_cast<const void*>(r.firstIndex * sizeof(GLuint)));
        if (perSample) gl.Disable(GL_SAMPLE_SHADING);
        ++stats.drawCalls;
    }
    stats.triangles = mesh.triangles;
    gl.BindTexture(GL_TEXTURE_2D, 0);
    gl.BindVertexArray(0);
    gl.UseProgram(0);
}

Status MeshRenderer::draw(const Camera& camera, const RenderSettings& settings, unsigned framebuffer) {
    const float aspect = static_cast<float>(settings.width) / static_cast<float>(settings.height);
    return draw(camera.view(), camera.projection(aspect), settings, framebuffer);
}

Status MeshRenderer::draw(const Eigen::Matrix4f& view, const Eigen::Matrix4f& projection,
                          const RenderSettings& settings, unsigned framebuffer) {
    SW_REQUIRE(settings.width > 0 && settings.height > 0, "width=" << settings.width << " height=" << settings.height);
    if (m_impl->released) return makeError(ErrorCode::Gpu, "renderer used after release()");
    const GlFunctions& gl = m_impl->gl;
    gl.BindFramebuffer(GL_FRAMEBUFFER, framebuffer);
    gl.Viewport(0, 0, settings.width, settings.height);
    gl.Enable(GL_DEPTH_TEST);
    gl.DepthFunc(GL_LESS);
    gl.Disable(GL_BLEND);
    gl.Disable(GL_CULL_FACE);  // open plates and mixed winding: show both sides
    gl.Disable(GL_SCISSOR_TEST);
    const float bg = settings.background == Background::Grey ? 0.5f : 0.f;
    detail::clearFrame(gl, bg, bg, bg, settings.background == Background::Transparent ? 0.f : 1.f);
    m_impl->drawMesh(view, projection, settings);
    return detail::gpuStatus(gl, "drawing the mesh");
}

Result<Rgba8Image> MeshRenderer::renderImage(const Camera& camera, const RenderSettings& settings) {
    const float aspect = static_cast<float>(settings.width) / static_cast<float>(settings.height);
    return renderImage(camera.view(), camera.projection(aspect), settings);
}

Result<Rgba8Image> MeshRenderer::renderImage(const Eigen::Matrix4f& view, const Eigen::Matrix4f& projection,
                                             const RenderSettings& settings) {
    SW_REQUIRE(settings.width > 0 && settings.height > 0, "width=" << settings.width << " height=" << settings.height);
    if (m_impl->released) return makeError(ErrorCode::Gpu, "renderer used after release()");
    auto image = detail::renderIntoTarget(
        m_impl->gl, m_impl->target, settings.width, settings.height, settings.samples,
        [&](GLuint fbo) { return draw(view, projection, settings, fbo); }, "reading the image back");
    if (!image) return image.error();
    if (settings.background == Background::Transparent) unpremultiply(*image);
    return image;
}

const DrawStats& MeshRenderer::lastDrawStats() const { return m_impl->stats; }

void MeshRenderer::release() {
    if (m_impl->released) return;
    clearMesh();
    detail::releaseTarget(m_impl->gl, m_impl->target);
    if (m_impl->program) m_impl->gl.DeleteProgram(m_impl->program);
    m_impl->program = 0;
    m_impl->released = true;
}

bool MeshRenderer::released() const { return m_impl->released; }

}  // namespace sw::render
