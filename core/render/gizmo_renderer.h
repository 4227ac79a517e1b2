#pragma once
// Editor gizmos drawn over the mesh in the host's framebuffer: coloured lines (camera
// frustums), round points (camera positions) and blended triangles (the part colour overlay).
// Like MeshRenderer, the host owns the context: every call needs it current, and release()
// frees the GL objects. Geometry set with set*() is uploaded lazily by the next draw.
#include <Eigen/Core>
#include <memory>
#include <vector>

#include "core/foundation/error.h"
#include "core/foundation/image_io.h"
#include "core/render/gl_loader.h"

namespace sw::render {

// Unaligned so a vertex is 7 tightly packed floats (the vertex buffer layout).
using GizmoColor = Eigen::Matrix<float, 4, 1, Eigen::DontAlign>;

struct GizmoVertex {
    Eigen::Vector3f position;  // model space
    GizmoColor color;          // straight RGBA in [0, 1], sRGB
};

// A camera to mark: its pose (columns right, up, back, position; OpenGL camera convention,
// looking down −Z) and colour.
struct CameraMarker {
    Eigen::Matrix4f cameraToWorld = Eigen::Matrix4f::Identity();
    GizmoColor color = GizmoColor::Ones();
};

// Appends the 8 edges (16 vertices) of a small view pyramid: apex at the camera, square base
// `depth` in front of it spanning the horizontal field of view fovXDeg.
void appendFrustumLines(std::vector<GizmoVertex>& lines, const CameraMarker& marker, float depth, float fovXDeg);

class GizmoRenderer {
public:
    static Result<std::unique_ptr<GizmoRenderer>> create(const GlProcLoader& loader);
    ~GizmoRenderer();
    GizmoRenderer(const GizmoRenderer&) = delete;
    GizmoRenderer& operator=(const GizmoRenderer&) = delete;

    void setLines(std::vector<GizmoVertex> vertices);      // [2·L] vertex pairs
    void setPoints(std::vector<GizmoVertex> vertices, float sizePx = 7.f);
    void setTriangles(std::vector<GizmoVertex> vertices);  // [3·T], alpha-blended, pulled towards the eye
    void clear();
    // Off: everything is drawn over the framebuffer without the depth test (a selection
    // highlight that shows through). On by default.
    void setDepthTest(bool on);
    std::size_t lineCount() const;
    std::size_t pointCount() const;
    std::size_t triangleCount() const;

    // Draws over what is in `framebuffer` (GL name) without clearing, depth-tested against it.
    Status draw(const Eigen::Matrix4f& view, const Eigen::Matrix4f& projection, int width, int height,
                unsigned framebuffer);
    // Clears an own MSAA target to grey (0.5) and draws only the gizmos; rows top to bottom.
    Result<Rgba8Image> renderImage(const Eigen::Matrix4f& view, const Eigen::Matrix4f& projection, int width,
                                   int height, int samples = 4);

    void release();

private:
    struct Impl;
    explicit GizmoRenderer(std::unique_ptr<Impl> impl);
    std::unique_ptr<Impl> m_impl;
};

}  // namespace sw::render
