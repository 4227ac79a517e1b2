// Backward pass of the tile compositor (CPU). Per pixel, the contributors are walked back to
// front from the last one, recovering Tᵢ = Tᵢ₊₁ / (1 − αᵢ) and the colour "behind" each splat,
// Bᵢ₋₁ = αᵢ cᵢ + (1 − αᵢ) Bᵢ with B = background after the last one; then
// ∂C/∂cᵢ = αᵢ Tᵢ and ∂C/∂αᵢ = Tᵢ (cᵢ − Bᵢ) (3DGS reference backward, Kerbl et al. 2023).
// The same recurrences give alpha (c = 1, background 0) and depth (c = z, background 0).
// Determinism: each tile accumulates into its own slice of a per-(tile, splat) buffer, and the
// slices are reduced per splat in tile order; no atomics, same bits for any thread count.
#include <algorithm>
#include <cmath>

#include "core/train/rasterize_kernels.h"
#include "core/train/tile_splats.h"

namespace sw::train::kernels {
namespace {

constexpr int PAIR_STRIDE = 10;  // mean2d 2, conic 3, opacity 1, colour 3, depth 1

template <class T>
struct PixelGrad {
    T rgb[3] = {0, 0, 0};
    T alpha = 0, depth = 0;
};

template <class T>
PixelGrad<T> pixelGrad(const ImageGrads<T>& d, int64_t pix) {
    PixelGrad<T> g;
    if (d.rgb)
        for (int c = 0; c < 3; ++c) g.rgb[c] = d.rgb[3 * pix + c];
    if (d.alpha) g.alpha = d.alpha[pix];
    if (d.depth) g.depth = d.depth[pix];
    return g;
}

template <class T>
void backwardPixel(const Projected<T>& proj, const std::vector<TileSplat<T>>& splats, int32_t begin, T fx, T fy,
                   T trans, int32_t last, const T* background, const PixelGrad<T>& dp, T* pairGrads) {
    T behind[3] = {background[0], background[1], background[2]};
    T behindAlpha = 0, behindDepth = 0;
    for (int32_t k = last - 1; k >= 0; --k) {
        const TileSplat<T>& s = splats[size_t(k)];
        T dx, dy;
        const T power = gaussPower(s, fx, fy, dx, dy);
        if (power > 0 || power < s.skipBelow) continue;
        const T gauss = std::exp(power), o = s.opacity;
        const T alpha = std::min(T(ALPHA_MAX), o * gauss);
        if (alpha < T(ALPHA_MIN)) continue;
        trans /= (1 - alpha);  // transmittance in front of this splat
        const T w = alpha * trans;
        const T* col = proj.color + 3 * s.index;
        const T z = proj.depth[s.index];
        T* out = pairGrads + PAIR_STRIDE * (begin + k);
        T dAlpha = 0;
        for (int c = 0; c < 3; ++c) {
            out[6 + c] += w * dp.rgb[c];
            dAlpha += (col[c] - behind[c]) * dp.rgb[c];
            behind[c] = alpha * col[c] + (1 - alpha) * behind[c];
        }
        out[9] += w * dp.depth;
        dAlpha += (1 - behindAlpha) * dp.alpha + (z - behindDepth) * dp.depth;
        dAlpha *= trans;
        behindAlpha = alpha + (1 - alpha) * behindAlpha;
        behindDepth = alpha * z + (1 - alpha) * behindDepth;
        if (o * gauss > T(ALPHA_MAX)) continue;  // clamped: α does not depend on o or G
        out[5] += gauss * dAlpha;
        const T dPower = o * gauss * dAlpha;
        out[0] += -(s.a * dx + s.b * dy) * dPower;
        out[1] += -(s.b * dx + s.c * dy) * dPower;
        out[2] += T(-0.5) * dx * dx * dPower;
        out[3] += -dx * dy * dPower;
        out[4] += T(-0.5) * dy * dy * dPower;
    }
}

template <class T>
void backwardTile(const Projected<T>& proj, const TileBins& bins, const KernelCamera& cam, const T* background,
                  const Images<T>& fwd, const ImageGrads<T>& dImages, T* pairGrads, int tile) {
    const int tx = tile % cam.tilesX(), ty = tile / cam.tilesX();
    const int32_t begin = bins.offsets[size_t(tile)];
    if (begin == bins.offsets[size_t(tile) + 1]) return;
    thread_local std::vector<TileSplat<T>> splats;
    gatherTile(proj, bins, tile, splats);
    for (int py = ty * TILE_SIZE; py < std::min(cam.height, (ty + 1) * TILE_SIZE); ++py) {
        for (int px = tx * TILE_SIZE; px < std::min(cam.width, (tx + 1) * TILE_SIZE); ++px) {
            const int64_t pix = int64_t(py) * cam.width + px;
            backwardPixel(proj, splats, begin, T(px) + T(0.5), T(py) + T(0.5), fwd.finalT[pix], fwd.lastCount[pix],
                          background, pixelGrad(dImages, pix), pairGrads);
        }
    }
}

}  // namespace

template <class T>
void rasterizeBackwardCpu(const Projected<T>& proj, const TileBins& bins, const KernelCamera& cam,
                          const T* background, const Images<T>& fwd, const ImageGrads<T>& dImages,
                          const ProjectedGrads<T>& grads, int threads) {
    std::vector<T> pairGrads(bins.splats.size() * PAIR_STRIDE, T(0));
    parallelFor(int64_t(cam.tilesX()) * cam.tilesY(), threads, [&](int64_t tile) {
        backwardTile(proj, bins, cam, background, fwd, dImages, pairGrads.data(), int(tile));
    });
    // Fixed-order reduction: entries are visited tile by tile, whatever thread wrote them.
    for (size_t k = 0; k < bins.splats.size(); ++k) {
        const int64_t g = bins.splats[k];
        const T* p = pairGrads.data() + PAIR_STRIDE * k;
        grads.mean2d[2 * g] += p[0];
        grads.mean2d[2 * g + 1] += p[1];
        for (int c = 0; c < 3; ++c) grads.conic[3 * g + c] += p[2 + c];
        grads.opacity[g] += p[5];
        for (int c = 0; c < 3; ++c) grads.color[3 * g + c] += p[6 + c];
        grads.depth[g] += p[9];
    }
}

template void rasterizeBackwardCpu<float>(const Projected<float>&, const TileBins&, const KernelCamera&, const float*,
                                          const Images<float>&, const ImageGrads<float>&,
                                          const ProjectedGrads<float>&, int);
template void rasterizeBackwardCpu<double>(const Projected<double>&, const TileBins&, const KernelCamera&,
                                           const double*, const Images<double>&, const ImageGrads<double>&,
                                           const ProjectedGrads<double>&, int);

}  // namespace sw::train::kernels
