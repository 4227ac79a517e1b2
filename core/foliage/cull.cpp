#include "core/foliage/cull.h"

#include "core/foliage/look.h"

namespace sw::foliage {

FrustumPlanes frustumPlanes(const Eigen::Matrix4f& viewProj) {
    FrustumPlanes planes;
    for (int k = 0; k < 3; ++k) {
        planes[static_cast<std::size_t>(2 * k)] = (viewProj.row(3) + viewProj.row(k)).transpose();
        planes[static_cast<std::size_t>(2 * k + 1)] = (viewProj.row(3) - viewProj.row(k)).transpose();
    }
    for (Eigen::Vector4f& p : planes) p /= p.head<3>().norm();
    return planes;
}

float copyCullRadius(const Eigen::Vector3f& boundCentre, float boundRadius) {
    return boundCentre.norm() + 3.f * boundRadius;
}

bool copyVisible(const FoliageInstance& copy, float cullRadius, const FadeRange& fade, const FrustumPlanes* planes,
                 const Eigen::Vector3f& camera) {
    if (fadeCulled((copy.origin - camera).norm(), fade)) return false;
    if (!planes) return true;
    const float r = copy.metresPerUnit * cullRadius;
    for (const Eigen::Vector4f& p : *planes)
        if (p.head<3>().dot(copy.origin) + p.w() < -r) return false;
    return true;
}

std::vector<std::uint32_t> visibleCopyIndices(std::span<const FoliageInstance> copies, float cullRadius,
                                              const FadeRange& fade, const Eigen::Matrix4f* viewProj,
                                              const Eigen::Vector3f& camera) {
    FrustumPlanes planes;
    if (viewProj) planes = frustumPlanes(*viewProj);
    std::vector<std::uint32_t> out;
    out.reserve(copies.size());
    for (std::size_t i = 0; i < copies.size(); ++i)
        if (copyVisible(copies[i], cullRadius, fade, viewProj ? &planes : nullptr, camera))
            out.push_back(static_cast<std::uint32_t>(i));
    return out;
}

std::size_t copyBand(float distance, float width, std::size_t bands) {
    const float b = distance / width;  // as foliage_cull.comp: min(uint(d / width), bands - 1)
    if (!(b < static_cast<float>(bands - 1))) return bands - 1;
    return b > 0.f ? static_cast<std::size_t>(b) : 0;
}

float bandWidth(const FadeRange& fade, float range, std::size_t bands) {
    return (fade.active() ? fade.end : range) / static_cast<float>(bands);
}

std::vector<std::vector<std::uint32_t>> visibleCopyBands(std::span<const FoliageInstance> copies, float cullRadius,
                                                         const FadeRange& fade, const Eigen::Matrix4f* viewProj,
                                                         const Eigen::Vector3f& camera, std::size_t bands,
                                                         float width) {
    std::vector<std::vector<std::uint32_t>> out(bands);
    for (std::uint32_t i : visibleCopyIndices(copies, cullRadius, fade, viewProj, camera))
        out[copyBand((copies[i].origin - camera).norm(), width, bands)].push_back(i);
    return out;
}

}  // namespace sw::foliage
