#include "core/render/scan_cull.h"

#include <algorithm>
#include <cmath>

#include "core/lod/selection.h"

namespace sw::render {

ScanFrame scanFrame(const Eigen::Matrix4f& view, const Eigen::Matrix4f& projection) {
    ScanFrame f;
    const Eigen::Matrix3f r = view.topLeftCorner<3, 3>();
    f.eye = -(r.transpose() * view.topRightCorner<3, 1>());
    f.forward = -r.row(2).transpose().normalized();
    f.planes = lod::frustumPlanes(projection * view);
    return f;
}

Eigen::Vector3f packedSigma(const lod::PackedSplat& s) {
    Eigen::Vector3f sigma;
    for (int k = 0; k < 3; ++k)
        sigma[k] = std::exp(lod::kLogScaleMin +
                            (lod::kLogScaleMax - lod::kLogScaleMin) * static_cast<float>(s.logScale[k]) / 255.0f);
    return sigma;
}

bool scanSplatVisible(const ScanFrame& frame, const Eigen::Vector3f& p, float sigmaMax, float margin) {
    const auto distance = [&](int i) { return frame.planes[static_cast<std::size_t>(i)].head<3>().dot(p) + frame.planes[static_cast<std::size_t>(i)].w(); };
    if (distance(4) < -margin) return false;
    const float radius = 3.0f * sigmaMax + margin;
    for (int i = 0; i < 6; ++i)
        if (i != 4 && distance(i) < -radius) return false;
    return true;
}

std::vector<lod::SortedSplat> scanDrawOrder(const ScanFrame& frame, const std::vector<lod::DrawItem>& drawList,
                                            float margin) {
    std::vector<lod::SortedSplat> order = lod::sortBackToFront(drawList, frame.eye, frame.forward);
    std::erase_if(order, [&](const lod::SortedSplat& s) {
        const lod::PackedChunk& chunk = *drawList[s.item].chunk;
        return !scanSplatVisible(frame, lod::packedPosition(chunk, s.splat), packedSigma(chunk.splats[s.splat]).maxCoeff(), margin);
    });
    return order;
}

}  // namespace sw::render
