#pragma once
// Internal to the CPU kernels: the splats of one tile gathered into a contiguous array in
// depth order, so the per-pixel loops read sequential memory instead of chasing indices.
#include <cmath>
#include <vector>

#include "core/train/rasterize_kernels.h"

namespace sw::train::kernels {

template <class T>
struct TileSplat {
    T u, v;            // mean2d, pixels
    T a, b, c;         // conic
    T opacity;
    T skipBelow;       // power < skipBelow ⇒ α < ALPHA_MIN for sure (exp avoided)
    int32_t index;     // splat id
};

// Log-space margin of the skip prefilter; powers within it take the exact α < ALPHA_MIN test,
// so the prefilter never changes which splats are blended.
constexpr double SKIP_MARGIN = 1e-3;

template <class T>
void gatherTile(const Projected<T>& proj, const TileBins& bins, int tile, std::vector<TileSplat<T>>& out) {
    const int32_t begin = bins.offsets[size_t(tile)], end = bins.offsets[size_t(tile) + 1];
    out.resize(size_t(end - begin));
    for (int32_t k = begin; k < end; ++k) {
        const int32_t g = bins.splats[size_t(k)];
        const T o = proj.opacity[g];
        out[size_t(k - begin)] = {proj.mean2d[2 * g], proj.mean2d[2 * g + 1], proj.conic[3 * g],
                                  proj.conic[3 * g + 1], proj.conic[3 * g + 2], o,
                                  std::log(T(ALPHA_MIN) / o) - T(SKIP_MARGIN), g};
    }
}

// Exponent −½ dᵀ Σ'⁻¹ d of the Gaussian at pixel centre (px, py), d = mean − pixel.
template <class T>
T gaussPower(const TileSplat<T>& s, T px, T py, T& dx, T& dy) {
    dx = s.u - px;
    dy = s.v - py;
    return -T(0.5) * (s.a * dx * dx + s.c * dy * dy) - s.b * dx * dy;
}

}  // namespace sw::train::kernels
