#pragma once
// Draws an sw::geometry::Mesh textured with a readable headlight shading, into the host's
// framebuffer or into its own MSAA offscreen target read back as an image. The host owns the
// context: every call needs it current, and release() frees all GL objects (call it before the
// context goes away, e.g. on QOpenGLContext::aboutToBeDestroyed).
#include <memory>

#include "core/foundation/error.h"
#include "core/foundation/image_io.h"
#include "core/geometry/mesh.h"
#include "core/render/camera.h"
#include "core/render/gl_loader.h"

namespace sw::render {

enum class Background { Grey, Black };  // grey = 0.5 (128 in 8-bit), black = 0

struct RenderSettings {
    int width = 800;   // px, > 0
    int height = 600;  // px, > 0
    Background background = Background::Grey;
    int samples = 4;   // MSAA samples of the offscreen target (clamped to the driver's maximum)
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
    Status setMesh(const geometry::Mesh& mesh);
    void clearMesh();
    bool hasMesh() const;

    // Clears and draws into `framebuffer` (GL name, 0 = default) of width × height pixels.
    // ErrorCode::Gpu when GL reports an error.
    Status draw(const Camera& camera, const RenderSettings& settings, unsigned framebuffer);
    // Draws into the offscreen MSAA target and reads it back (rows top to bottom). Restores the
    // framebuffer binding the host had.
    Result<Rgba8Image> renderImage(const Camera& camera, const RenderSettings& settings);
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
