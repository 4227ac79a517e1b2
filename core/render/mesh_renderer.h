#pragma once
// Draws an sw::geometry::Mesh textured with a readable headlight shading, into the host's
// framebuffer or into its own MSAA offscreen target read back as an image. The host owns the
// context: every call needs it current, and release() frees all GL objects (call it before the
// context goes away, e.g. on QOpenGLContext::aboutToBeDestroyed).
#include <memory>
#include <span>
#include <vector>

#include "core/foundation/error.h"
#include "core/foundation/image_io.h"
#include "core/geometry/mesh.h"
#include "core/render/camera.h"
#include "core/render/gl_loader.h"

namespace sw::render {

// grey = 0.5 (128 in 8-bit), black = 0; transparent = alpha 0, so the read-back alpha is the
// coverage (MSAA-resolved) and colours are returned un-premultiplied (straight alpha).
enum class Background { Grey, Black, Transparent };

// Headlight is the inspection look of the viewport; the others are the dataset lighting
// recipes of PIPELINE §2 (flat: albedo; ao: linear albedo × baked dome light, the side facing
// the camera; cel: toon bands).
enum class Shading { Headlight, Flat, Ao, Cel };

// Per-material colour adjustment in HSV, applied to the base colour (gamma space).
struct ColorAdjust {
    float hueShift = 0.f;    // degrees
    float saturation = 1.f;  // multiplier
    float value = 1.f;       // multiplier
};

struct RenderSettings {
    int width = 800;   // px, > 0
    int height = 600;  // px, > 0
    Background background = Background::Grey;
    int samples = 4;   // MSAA samples of the offscreen target (clamped to the driver's maximum)
    Shading shading = Shading::Headlight;
    // Cel: direction towards the sun in model space (normalised when used).
    Eigen::Vector3f sunDirection = Eigen::Vector3f(0.4f, -0.5f, 0.77f);
    // glTF MASK materials tested at every MSAA sample against the full-resolution texture
    // (bilinear, no mip level), so thin cut-outs (foliage needles) cover a pixel by the share of
    // samples that land on them, as a path tracer's samples see them (the dataset sets it; the
    // default tests once per pixel at the pixel's mip level, whose averaged alpha thickens
    // cut-outs with a low cutoff and thins those with a high one).
    bool maskPerSample = false;
};

// What the last draw did, for frame statistics and tests.
struct DrawStats {
    int drawCalls = 0;
    std::size_t triangles = 0;
};

class MeshRenderer {
public:
    // Resolves GL functions through `loader` and compiles the shaders (context current).
    // ErrorCode::Gpu with the driver's log when that fails.
    static Result<std::unique_ptr<MeshRenderer>> create(const GlProcLoader& loader);
    // Does not touch GL; objects not freed by release() leak (a warning is logged).
    ~MeshRenderer();
    MeshRenderer(const MeshRenderer&) = delete;
    MeshRenderer& operator=(const MeshRenderer&) = delete;

    // Uploads `mesh` (copies it; the mesh may be freed afterwards), replacing the previous one.
    // ErrorCode::InvalidInput for out-of-range indices or mismatched attribute sizes.
    // skyVisibility: [V] baked per-vertex sky visibility in [0, 1] for Shading::Ao (empty = 1).
    Status setMesh(const geometry::Mesh& mesh, std::span<const float> skyVisibility = {});
    // The same with baked dome light for Shading::Ao: [V] linear RGB factors of the linear
    // albedo on the front (winding) side and the back side of each vertex (core/dataset's
    // irradiance.h); an empty back uses the front.
    Status setMesh(const geometry::Mesh& mesh, std::span<const Eigen::Vector3f> light,
                   std::span<const Eigen::Vector3f> lightBack);
    // [materials] HSV adjustment per material of the current mesh; missing entries = identity.
    void setColorAdjust(std::vector<ColorAdjust> perMaterial);
    void clearMesh();
    bool hasMesh() const;

    // Clears (colour, depth and stencil) and draws into `framebuffer` (GL name, 0 = default) of width × height pixels.
    // ErrorCode::Gpu when GL reports an error.
    Status draw(const Camera& camera, const RenderSettings& settings, unsigned framebuffer);
    // The same with explicit model→view and view→clip matrices (OpenGL conventions), for
    // cameras given as poses and intrinsics (the dataset stage).
    Status draw(const Eigen::Matrix4f& view, const Eigen::Matrix4f& projection, const RenderSettings& settings,
                unsigned framebuffer);
    // Draws into the offscreen MSAA target and reads it back (rows top to bottom). Restores the
    // framebuffer binding the host had.
    Result<Rgba8Image> renderImage(const Camera& camera, const RenderSettings& settings);
    Result<Rgba8Image> renderImage(const Eigen::Matrix4f& view, const Eigen::Matrix4f& projection,
                                   const RenderSettings& settings);
    const DrawStats& lastDrawStats() const;

    // Frees every GL object (context current). Afterwards only destruction is valid; calls
    // to draw/setMesh return ErrorCode::Gpu.
    void release();
    bool released() const;

private:
    struct Impl;
    explicit MeshRenderer(std::unique_ptr<Impl> impl);
    std::unique_ptr<Impl> m_impl;
};

}  // namespace sw::render
