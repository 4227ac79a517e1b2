#include "core/render/gizmo_renderer.h"

#include <cmath>

#include "core/foundation/check.h"
#include "core/foundation/log.h"
#include "core/render/detail/gl_functions.h"
#include "core/render/detail/gl_program.h"
#include "core/render/detail/offscreen_target.h"

// Generated from shaders/gizmo.{vert,frag} by shaders/embed_shaders.cmake.
namespace sw::shaders {
extern const char* const kGizmoVert;
extern const char* const kGizmoFrag;
}  // namespace sw::shaders

namespace sw::render {

using detail::GlFunctions;

void appendFrustumLines(std::vector<GizmoVertex>& lines, const CameraMarker& marker, float depth, float fovXDeg) {
    const Eigen::Vector3f right = marker.cameraToWorld.block<3, 1>(0, 0).normalized();
    const Eigen::Vector3f up = marker.cameraToWorld.block<3, 1>(0, 1).normalized();
    const Eigen::Vector3f back = marker.cameraToWorld.block<3, 1>(0, 2).normalized();
    const Eigen::Vector3f apex = marker.cameraToWorld.block<3, 1>(0, 3);
    const float half = depth * std::tan(fovXDeg * 0.5f * 3.14159265f / 180.f);
    const Eigen::Vector3f centre = apex - back * depth;
    const Eigen::Vector3f corners[4] = {centre + half * (right + up), centre + half * (-right + up),
                                        centre + half * (-right - up), centre + half * (right - up)};
    for (int i = 0; i < 4; ++i) {
        lines.push_back({apex, marker.color});
        lines.push_back({corners[i], marker.color});
        lines.push_back({corners[i], marker.color});
        lines.push_back({corners[(i + 1) % 4], marker.color});
    }
}

struct GizmoRenderer::Impl {
    GlFunctions gl;
    GLuint program = 0;
    GLint view = -1, projection = -1, pointSize = -1, roundPoints = -1;
    GLuint vertexArray = 0, vertexBuffer = 0;
    std::vector<GizmoVertex> lines, points, triangles;
    float pointSizePx = 7.f;
    bool dirty = true;
    bool released = false;
    bool depthTest = true;
    detail::OffscreenTarget target;

    void upload();
    void drawAll(const Eigen::Matrix4f& v, const Eigen::Matrix4f& p);
};

Result<std::unique_ptr<GizmoRenderer>> GizmoRenderer::create(const GlProcLoader& loader) {
    auto gl = detail::loadGlFunctions(loader);
    if (!gl) return gl.error();
    detail::drainGlErrors(*gl, "host");
    auto program = detail::buildProgram(*gl, "gizmo", shaders::kGizmoVert, shaders::kGizmoFrag);
    if (!program) return program.error();
    auto impl = std::make_unique<Impl>();
    impl->gl = *gl;
    impl->program = *program;
    impl->view = gl->GetUniformLocation(*program, "u_view");
    impl->projection = gl->GetUniformLocation(*program, "u_projection");
    impl->pointSize = gl->GetUniformLocation(*program, "u_pointSize");
    impl->roundPoints = gl->GetUniformLocation(*program, "u_roundPoints");
    gl->GenVertexArrays(1, &impl->vertexArray);
    gl->GenBuffers(1, &impl->vertexBuffer);
    gl->BindVertexArray(impl->vertexArray);
    gl->BindBuffer(GL_ARRAY_BUFFER, impl->vertexBuffer);
    static_assert(sizeof(GizmoVertex) == 7 * sizeof(float), "GizmoVertex must be tightly packed");
    gl->EnableVertexAttribArray(0);
    gl->VertexAttribPointer(0, 3, GL_FLOAT, GL_FALSE, sizeof(GizmoVertex), nullptr);
    gl->EnableVertexAttribArray(1);
    gl->VertexAttribPointer(1, 4, GL_FLOAT, GL_FALSE, sizeof(GizmoVertex), reinterpret_cast<const void*>(3 * sizeof(float)));
    gl->BindVertexArray(0);
    gl->BindBuffer(GL_ARRAY_BUFFER, 0);
    const std::string errors = detail::drainGlErrors(*gl, "creating the gizmo renderer");
    auto renderer = std::unique_ptr<GizmoRenderer>(new GizmoRenderer(std::move(impl)));
    if (!errors.empty()) {
        renderer->release();
        return makeError(ErrorCode::Gpu, errors);
    }
    return renderer;
}

GizmoRenderer::GizmoRenderer(std::unique_ptr<Impl> impl) : m_impl(std::move(impl)) {}

GizmoRenderer::~GizmoRenderer() {
    if (!m_impl->released) SW_LOG_WARN("GizmoRenderer destroyed without release(): its GL objects leak with the context");
}

void GizmoRenderer::setLines(std::vector<GizmoVertex> vertices) {
    SW_REQUIRE(vertices.size() % 2 == 0, "line vertices=" << vertices.size());
    m_impl->lines = std::move(vertices);
    m_impl->dirty = true;
}

void GizmoRenderer::setPoints(std::vector<GizmoVertex> vertices, float sizePx) {
    m_impl->points = std::move(vertices);
    m_impl->pointSizePx = sizePx;
    m_impl->dirty = true;
}

void GizmoRenderer::setTriangles(std::vector<GizmoVertex> vertices) {
    SW_REQUIRE(vertices.size() % 3 == 0, "triangle vertices=" << vertices.size());
    m_impl->triangles = std::move(vertices);
    m_impl->dirty = true;
}

void GizmoRenderer::clear() {
    m_impl->lines.clear();
    m_impl->points.clear();
    m_impl->triangles.clear();
    m_impl->dirty = true;
}

void GizmoRenderer::setDepthTest(bool on) { m_impl->depthTest = on; }

std::size_t GizmoRenderer::lineCount() const { return m_impl->lines.size() / 2; }
std::size_t GizmoRenderer::pointCount() const { return m_impl->points.size(); }
std::size_t GizmoRenderer::triangleCount() const { return m_impl->triangles.size() / 3; }

// One buffer: [triangles | lines | points].
void GizmoRenderer::Impl::upload() {
    std::vector<GizmoVertex> all;
    all.reserve(triangles.size() + lines.size() + points.size());
    all.insert(all.end(), triangles.begin(), triangles.end());
    all.insert(all.end(), lines.begin(), lines.end());
    all.insert(all.end(), points.begin(), points.end());
    gl.BindBuffer(GL_ARRAY_BUFFER, vertexBuffer);
    gl.BufferData(GL_ARRAY_BUFFER, static_cast<GLsizeiptr>(all.size() * sizeof(GizmoVertex)), all.data(), GL_DYNAMIC_DRAW);
    gl.BindBuffer(GL_ARRAY_BUFFER, 0);
    dirty = false;
}

void GizmoRenderer::Impl::drawAll(const Eigen::Matrix4f& v, const Eigen::Matrix4f& p) {
    if (dirty) upload();
    gl.UseProgram(program);
    gl.UniformMatrix4fv(view, 1, GL_FALSE, v.data());
    gl.UniformMatrix4fv(projection, 1, GL_FALSE, p.data());
    gl.Uniform1f(pointSize, pointSizePx);
    gl.Uniform1i(roundPoints, 0);
    gl.BindVertexArray(vertexArray);
    if (depthTest) gl.Enable(GL_DEPTH_TEST);
    else gl.Disable(GL_DEPTH_TEST);
    gl.DepthFunc(GL_LEQUAL);
    gl.Enable(GL_BLEND);
    gl.BlendFuncSeparate(GL_SRC_ALPHA, GL_ONE_MINUS_SRC_ALPHA, GL_ONE, GL_ONE_MINUS_SRC_ALPHA);
    const auto count = [](const std::vector<GizmoVertex>& list) { return static_cast<GLsizei>(list.size()); };
    if (!triangles.empty()) {
        // The overlay lies on the mesh's own faces: pull it towards the eye and keep depth.
        gl.Enable(GL_POLYGON_OFFSET_FILL);
        gl.PolygonOffset(-1.f, -2.f);
        gl.DepthMask(GL_FALSE);
        gl.DrawArrays(GL_TRIANGLES, 0, count(triangles));
        gl.DepthMask(GL_TRUE);
        gl.Disable(GL_POLYGON_OFFSET_FILL);
    }
    if (!lines.empty()) gl.DrawArrays(GL_LINES, count(triangles), count(lines));
    if (!points.empty()) {
        gl.Enable(GL_PROGRAM_POINT_SIZE);
        gl.Uniform1i(roundPoints, 1);
        gl.DrawArrays(GL_POINTS, count(triangles) + count(lines), count(points));
        gl.Disable(GL_PROGRAM_POINT_SIZE);
    }
    gl.Disable(GL_BLEND);
    gl.DepthFunc(GL_LESS);
    gl.BindVertexArray(0);
    gl.UseProgram(0);
}

Status GizmoRenderer::draw(const Eigen::Matrix4f& view, const Eigen::Matrix4f& projection, int width, int height,
                           unsigned framebuffer) {
    SW_REQUIRE(width > 0 && height > 0, "width=" << width << " height=" << height);
    if (m_impl->released) return makeError(ErrorCode::Gpu, "gizmo renderer used after release()");
    const GlFunctions& gl = m_impl->gl;
    gl.BindFramebuffer(GL_FRAMEBUFFER, framebuffer);
    gl.Viewport(0, 0, width, height);
    m_impl->drawAll(view, projection);
    const std::string errors = detail::drainGlErrors(gl, "drawing gizmos");
    if (!errors.empty()) return makeError(ErrorCode::Gpu, errors);
    return {};
}

Result<Rgba8Image> GizmoRenderer::renderImage(const Eigen::Matrix4f& view, const Eigen::Matrix4f& projection,
                                              int width, int height, int samples) {
    if (m_impl->released) return makeError(ErrorCode::Gpu, "gizmo renderer used after release()");
    const GlFunctions& gl = m_impl->gl;
    SW_TRY(detail::ensureTarget(gl, m_impl->target, width, height, samples));
    gl.BindFramebuffer(GL_FRAMEBUFFER, m_impl->target.msaaFramebuffer);
    gl.Viewport(0, 0, width, height);
    detail::clearFrame(gl, 0.5f, 0.5f, 0.5f, 1.f);
    SW_TRY(draw(view, projection, width, height, m_impl->target.msaaFramebuffer));
    Rgba8Image image = detail::readTarget(gl, m_impl->target);
    gl.BindFramebuffer(GL_FRAMEBUFFER, 0);
    const std::string errors = detail::drainGlErrors(gl, "reading gizmos back");
    if (!errors.empty()) return makeError(ErrorCode::Gpu, errors);
    return image;
}

void GizmoRenderer::release() {
    if (m_impl->released) return;
    const GlFunctions& gl = m_impl->gl;
    detail::releaseTarget(gl, m_impl->target);
    if (m_impl->vertexBuffer) gl.DeleteBuffers(1, &m_impl->vertexBuffer);
    if (m_impl->vertexArray) gl.DeleteVertexArrays(1, &m_impl->vertexArray);
    if (m_impl->program) gl.DeleteProgram(m_impl->program);
    m_impl->vertexBuffer = m_impl->vertexArray = m_impl->program = 0;
    m_impl->released = true;
}

}  // namespace sw::render
