#pragma once
// The CPU side of the scan renderer's per-frame cull and sort (scan_renderer.h), pure math: the
// uniforms the compute pass gets and the reference it must match. A splat is visible when its
// centre lies in front of the near plane and the sphere of radius 3 σ_max about it is not wholly
// outside the left, right, bottom, top or far plane; visible splats are drawn in the order of
// lod::sortBackToFront (farthest along the view direction first, draw-list order on ties).
#include <Eigen/Core>
#include <array>
#include <vector>

#include "core/lod/sort.h"

namespace sw::render {

struct ScanFrame {
    Eigen::Vector3f eye = Eigen::Vector3f::Zero();      // camera centre, model space
    Eigen::Vector3f forward = -Eigen::Vector3f::UnitZ();  // unit view direction, model space
    // left, right, bottom, top, near, far of projection · view: n·p + d ≥ 0 inside, |n| = 1.
    std::array<Eigen::Vector4f, 6> planes;
};

ScanFrame scanFrame(const Eigen::Matrix4f& view, const Eigen::Matrix4f& projection);

// σ of a packed splat per axis (the dequantised scales).
Eigen::Vector3f packedSigma(const lod::PackedSplat& s);

// Whether a splat at p with largest σ `sigmaMax` is drawn; `margin` (model units) widens the
// test (> 0) or narrows it (< 0), for checks at float precision.
bool scanSplatVisible(const ScanFrame& frame, const Eigen::Vector3f& p, float sigmaMax, float margin = 0.f);

// The CPU path: the visible splats of `drawList` in drawing order (indices into the draw list).
std::vector<lod::SortedSplat> scanDrawOrder(const ScanFrame& frame, const std::vector<lod::DrawItem>& drawList,
                                            float margin = 0.f);

}  // namespace sw::render
