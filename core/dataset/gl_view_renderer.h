#pragma once
// ViewRenderer over core/render's MeshRenderer: the dataset's views drawn with OpenGL in the
// caller's current context (a HeadlessContext in the CLI, the viewport's in the editor).
#include <memory>

#include "core/dataset/dataset_stage.h"
#include "core/render/gl_loader.h"

namespace sw::dataset {

// OpenGL projection for pinhole intrinsics (pixel centres at +0.5, image rows top to bottom
// after read-back), depth range [nearPlane, farPlane].
Eigen::Matrix4f projectionFromIntrinsics(const Intrinsics& k, float nearPlane, float farPlane);

class GlViewRenderer final : public ViewRenderer {
public:
    // The context behind `loader` must be current for create(), every call and destruction.
    static Result<std::unique_ptr<GlViewRenderer>> create(const render::GlProcLoader& loader, int msaaSamples);
    ~GlViewRenderer() override;

    Status setScene(const LitMesh& lit, const LightingSettings& lighting) override;
    Result<Rgba8Image> render(const CameraPose& pose, const Intrinsics& intrinsics) override;

private:
    struct Impl;
    explicit GlViewRenderer(std::unique_ptr<Impl> impl);
    std::unique_ptr<Impl> m_impl;
};

}  // namespace sw::dataset
