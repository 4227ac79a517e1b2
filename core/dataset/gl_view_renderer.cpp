#include "core/dataset/gl_view_renderer.h"

#include "core/render/mesh_renderer.h"

namespace sw::dataset {

Eigen::Matrix4f projectionFromIntrinsics(const Intrinsics& k, float n, float f) {
    Eigen::Matrix4f p = Eigen::Matrix4f::Zero();
    const auto w = static_cast<float>(k.width), h = static_cast<float>(k.height);
    p(0, 0) = 2.f * static_cast<float>(k.fx) / w;
    p(1, 1) = 2.f * static_cast<float>(k.fy) / h;
    p(0, 2) = 1.f - 2.f * static_cast<float>(k.cx) / w;
    p(1, 2) = 2.f * static_cast<float>(k.cy) / h - 1.f;
    p(2, 2) = -(f + n) / (f - n);
    p(2, 3) = -2.f * f * n / (f - n);
    p(3, 2) = -1.f;
    return p;
}

struct GlViewRenderer::Impl {
    std::unique_ptr<render::MeshRenderer> renderer;
    render::RenderSettings settings;
};

GlViewRenderer::GlViewRenderer(std::unique_ptr<Impl> impl) : m_impl(std::move(impl)) {}

GlViewRenderer::~GlViewRenderer() {
    if (m_impl->renderer) m_impl->renderer->release();
}

Result<std::unique_ptr<GlViewRenderer>> GlViewRenderer::create(const render::GlProcLoader& loader, int msaaSamples) {
    auto renderer = render::MeshRenderer::create(loader);
    if (!renderer) return renderer.error();
    auto impl = std::make_unique<Impl>();
    impl->renderer = std::move(*renderer);
    impl->settings.background = render::Background::Transparent;
    impl->settings.samples = msaaSamples;
    impl->settings.maskPerSample = true;  // cut-outs as Cycles samples them (issue 14: foliage)
    return std::unique_ptr<GlViewRenderer>(new GlViewRenderer(std::move(impl)));
}

Status GlViewRenderer::setScene(const LitMesh& lit, const LightingSettings& lighting) {
    SW_TRY(m_impl->renderer->setMesh(lit.mesh, lit.irradiance, lit.irradianceBack));
    std::vector<render::ColorAdjust> adjust;
    for (const HsvAdjust& h : lighting.materialHsv) adjust.push_back({h.hueShift, h.saturation, h.value});
    m_impl->renderer->setColorAdjust(std::move(adjust));
    m_impl->settings.shading = lighting.recipe == Recipe::Ao     ? render::Shading::Ao
                               : lighting.recipe == Recipe::Cel  ? render::Shading::Cel
                                                                 : render::Shading::Flat;
    return {};
}

Result<Rgba8Image> GlViewRenderer::render(const CameraPose& pose, const Intrinsics& k) {
    m_impl->settings.width = k.width;
    m_impl->settings.height = k.height;
    const Eigen::Matrix4f view = pose.cameraToWorld.inverse().cast<float>();  // OpenGL camera convention
    return m_impl->renderer->renderImage(view, projectionFromIntrinsics(k, 0.05f, 20.f), m_impl->settings);
}

}  // namespace sw::dataset
