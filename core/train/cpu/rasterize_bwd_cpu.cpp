// Backward pass of the tile compositor (CPU). Per pixel, the contributors are walked back to
// front from the last one, recovering Tᵢ = Tᵢ₊₁ / (1 − αᵢ) and the colour "behind" each splat,
// Bᵢ₋₁ = αᵢ cᵢ + (1 − αᵢ) Bᵢ with B = background after the last one; then
// ∂C/∂cᵢ = αᵢ Tᵢ and ∂C/∂αᵢ = Tᵢ (cᵢ − Bᵢ) (3DGS reference backward, Kerbl et al. 2023).
// The same recurrences give alpha (c = 1, background 0) and depth (c = z, background 0).
// Determinism: each tile writes its own slice of a per-(tile, splat) buffer, and the slices
// are reduced per splat in tile order; no atomics, same bits for any thread count.
// Within a tile the walk is splat-major over each splat's pixel footprint (see tile_splats.h).
#include <algorithm>
#include <cmath>
#include <memory>
#include <vector>
#include <type_traits>

#include "core/train/rasterize_kernels.h"
#include "core/train/cpu/tile_splats.h"

namespace sw::train::kernels {
namespace {

constexpr int PAIR_STRIDE = 10;  // mean2d 2, conic 3, opacity 1, colour 3, depth 1

// Per-pixel backward state of one tile, indexed by local pixel ly·TILE_SIZE + lx: the running
// transmittance, the colour/alpha/depth composited behind the current splat, and dL/dpixel.
template <class T>
struct TileState {
    static constexpr int PIXELS = TILE_SIZE * TILE_SIZE;
    T trans[PIXELS], behind[3][PIXELS], behindAlpha[PIXELS], behindDepth[PIXELS];
    T dRgb[3][PIXELS], dAlpha[PIXELS], dDepth[PIXELS];
    int32_t last[PIXELS];
    uint32_t activeBits[TILE_SIZE];  // per row: bit lx set once the walk reached pixel lx's last contributor
    int32_t byLast[PIXELS];          // pixel indices by decreasing last
};

// Back-propagates splat k through the pixels of its footprint that it lies in front of the last
// contributor of; each pixel sees its splats in the same back-to-front order as a per-pixel
// walk. The row loop is branch-free (pick() masks) so it vectorises; pixel sums go into one
// lane per tile column and the lanes are summed left to right, a fixed order for any thread
// count. out: [PAIR_STRIDE] this (tile, splat) entry.
template <class T, int VEC>
SW_KERNEL_INLINE void backwardSplat(const TileSplat<T>& s, int32_t k, int x0, int y0, int w, int h, TileState<T>& st,
                                    T* out) {
    const PixelSpan ys = pixelSpan(double(s.v), s.extentY, y0, h);
    T lanes[PAIR_STRIDE][TILE_SIZE];
    for (int j = 0; j < PAIR_STRIDE; ++j) std::fill(lanes[j], lanes[j] + TILE_SIZE, T(0));
    // Locals, so the compiler need not reload them after the stores into st.
    const T u = s.u, a = s.a, b = s.b, c = s.c, o = s.opacity, skipBelow = s.skipBelow, z = s.depth;
    const T lo = s.powerLo, hi = s.powerHi, alphaMax = s.alphaMax;
    const T col[3] = {s.color[0], s.color[1], s.color[2]};
    RowSpans spans;
    if (ys.lo <= ys.hi) rowSpans(s, x0, y0, spans);
    for (int py = ys.lo; py <= ys.hi; ++py) {
        // Only pixels whose last contributor is behind splat k (active ones) take part.
        const int ly = py - y0;
        const PixelSpan active = openSpan({x0 + spans.lo[ly], x0 + spans.hi[ly]}, st.activeBits[ly], x0);
        if (active.lo > active.hi) continue;
        const PixelSpan xs = vectorSpan<VEC>(active, x0, w);
        const T dy = s.v - (T(py) + T(0.5));
        const int row = (py - y0) * TILE_SIZE - x0;
        const T cdy = c * dy * dy, bdy = b * dy;
        for (int px = xs.lo; px <= xs.hi; ++px) {
            const int p = row + px, lane = px - x0;
            const T dx = u - (T(px) + T(0.5));
            const T power = gaussPower(a, dx, cdy, bdy);
            const T gauss = expNonPositive(std::min(std::max(power, lo), hi));
            const T alpha = std::min(alphaMax, o * gauss);
            const bool hit = (k < st.last[p]) & (power <= 0) & (power >= skipBelow) & (alpha >= T(ALPHA_MIN));
            const bool unclamped = hit & (o * gauss <= alphaMax);  // unclamped: α depends on o and G
            const T trans = st.trans[p] / (1 - alpha);  // transmittance in front of this splat
            const T wgt = alpha * trans;
            const T dR = st.dRgb[0][p], dG = st.dRgb[1][p], dB = st.dRgb[2][p], dD = st.dDepth[p];
            const T bR = st.behind[0][p], bG = st.behind[1][p], bB = st.behind[2][p];
            const T bA = st.behindAlpha[p], bD = st.behindDepth[p];
            T dAlpha = (col[0] - bR) * dR;
            dAlpha += (col[1] - bG) * dG;
            dAlpha += (col[2] - bB) * dB;
            dAlpha += (1 - bA) * st.dAlpha[p] + (z - bD) * dD;
            dAlpha *= trans;
            lanes[6][lane] += pick(hit, wgt * dR, T(0));
            lanes[7][lane] += pick(hit, wgt * dG, T(0));
            lanes[8][lane] += pick(hit, wgt * dB, T(0));
            lanes[9][lane] += pick(hit, wgt * dD, T(0));
            st.trans[p] = pick(hit, trans, st.trans[p]);
            st.behind[0][p] = pick(hit, alpha * col[0] + (1 - alpha) * bR, bR);
            st.behind[1][p] = pick(hit, alpha * col[1] + (1 - alpha) * bG, bG);
            st.behind[2][p] = pick(hit, alpha * col[2] + (1 - alpha) * bB, bB);
            st.behindAlpha[p] = pick(hit, alpha + (1 - alpha) * bA, bA);
            st.behindDepth[p] = pick(hit, alpha * z + (1 - alpha) * bD, bD);
            const T dPower = o * gauss * dAlpha;
            lanes[5][lane] += pick(unclamped, gauss * dAlpha, T(0));
            lanes[0][lane] += pick(unclamped, -(a * dx + b * dy) * dPower, T(0));
            lanes[1][lane] += pick(unclamped, -(b * dx + c * dy) * dPower, T(0));
            lanes[2][lane] += pick(unclamped, T(-0.5) * dx * dx * dPower, T(0));
            lanes[3][lane] += pick(unclamped, -dx * dy * dPower, T(0));
            lanes[4][lane] += pick(unclamped, T(-0.5) * dy * dy * dPower, T(0));
        }
    }
    for (int j = 0; j < PAIR_STRIDE; ++j) {
        T sum = 0;
        for (int lane = 0; lane < w; ++lane) sum += lanes[j][lane];
        out[j] = sum;
    }
}

template <class T>
void loadTileState(const KernelCamera& cam, const T* background, const Images<T>& fwd, const ImageGrads<T>& d,
                   int x0, int y0, int w, int h, TileState<T>& st) {
    for (int ly = 0; ly < h; ++ly) {
        const int64_t pix0 = int64_t(y0 + ly) * cam.width + x0;
        T* const dRgb[3] = {st.dRgb[0] + ly * TILE_SIZE, st.dRgb[1] + ly * TILE_SIZE, st.dRgb[2] + ly * TILE_SIZE};
        for (int lx = 0; lx < w; ++lx) {
            const int p = ly * TILE_SIZE + lx;
            st.trans[p] = fwd.finalT[pix0 + lx];
            st.last[p] = fwd.lastCount[pix0 + lx];
            for (int c = 0; c < 3; ++c) st.behind[c][p] = background[c];
            st.behindAlpha[p] = 0;
            st.behindDepth[p] = 0;
        }
        // The incoming gradients, zero where an image has none (null pointer).
        if (d.rgb)
            for (int lx = 0; lx < w; ++lx)
                for (int c = 0; c < 3; ++c) dRgb[c][lx] = d.rgb[3 * (pix0 + lx) + c];
        else
            for (int c = 0; c < 3; ++c) std::fill(dRgb[c], dRgb[c] + w, T(0));
        T* const dAlpha = st.dAlpha + ly * TILE_SIZE;
        T* const dDepth = st.dDepth + ly * TILE_SIZE;
        if (d.alpha)
            std::copy(d.alpha + pix0, d.alpha + pix0 + w, dAlpha);
        else
            std::fill(dAlpha, dAlpha + w, T(0));
        if (d.depth)
            std::copy(d.depth + pix0, d.depth + pix0 + w, dDepth);
        else
            std::fill(dDepth, dDepth + w, T(0));
    }
}

// One tile, rows of VEC-wide vectors (see backwardTile and backwardTileAvx2 below).
template <class T, int VEC>
SW_KERNEL_INLINE void backwardTileBody(const std::vector<TileSplat<T>>& prepared, const TileBins& bins,
                                       const KernelCamera& cam, const T* background, const Images<T>& fwd,
                                       const ImageGrads<T>& dImages, T* pairGrads, int tile) {
    const int32_t begin = bins.offsets[size_t(tile)];
    if (begin == bins.offsets[size_t(tile) + 1]) return;
    const int x0 = (tile % cam.tilesX()) * TILE_SIZE, y0 = (tile / cam.tilesX()) * TILE_SIZE;
    const int w = std::min(TILE_SIZE, cam.width - x0), h = std::min(TILE_SIZE, cam.height - y0);
    thread_local std::vector<TileSplat<T>> splats;
    thread_local std::vector<int32_t> byLastStart;
    TileState<T> st;  // on the stack (~14 KiB for float): plain, non-aliased memory for the vectoriser
    loadTileState(cam, background, fwd, dImages, x0, y0, w, h, st);
    // Pixels by decreasing last contributor (a counting sort; the order among equal ones does
    // not matter: the walk below adds every pixel with last > k before splat k).
    int32_t maxLast = 0;
    for (int ly = 0; ly < h; ++ly)
        for (int lx = 0; lx < w; ++lx) maxLast = std::max(maxLast, st.last[ly * TILE_SIZE + lx]);
    byLastStart.assign(size_t(maxLast) + 2, 0);
    for (int ly = 0; ly < h; ++ly)
        for (int lx = 0; lx < w; ++lx) ++byLastStart[size_t(maxLast - st.last[ly * TILE_SIZE + lx]) + 1];
    for (size_t v = 1; v < byLastStart.size(); ++v) byLastStart[v] += byLastStart[v - 1];
    const int pixels = w * h;
    for (int ly = 0; ly < h; ++ly)
        for (int lx = 0; lx < w; ++lx) {
            const int p = ly * TILE_SIZE + lx;
            st.byLast[byLastStart[size_t(maxLast - st.last[p])]++] = p;
        }
    std::fill(st.activeBits, st.activeBits + TILE_SIZE, 0u);
    const int32_t count = bins.offsets[size_t(tile) + 1] - begin;
    std::fill(pairGrads + PAIR_STRIDE * int64_t(begin + maxLast), pairGrads + PAIR_STRIDE * int64_t(begin + count),
              T(0));
    gatherTile(prepared, bins, tile, maxLast, splats);  // the splats in front of some pixel's last
    int joined = 0;
    for (int32_t k = maxLast - 1; k >= 0; --k) {
        for (; joined < pixels && st.last[st.byLast[joined]] > k; ++joined)
            st.activeBits[st.byLast[joined] / TILE_SIZE] |= 1u << (st.byLast[joined] % TILE_SIZE);
        backwardSplat<T, VEC>(splats[size_t(k)], k, x0, y0, w, h, st, pairGrads + PAIR_STRIDE * int64_t(begin + k));
    }
}

// Baseline x86-64 (SSE2, 4 floats or 2 doubles a vector).
template <class T>
void backwardTile(const std::vector<TileSplat<T>>& prepared, const TileBins& bins, const KernelCamera& cam,
                  const T* background, const Images<T>& fwd, const ImageGrads<T>& dImages, T* pairGrads, int tile) {
    backwardTileBody<T, 4>(prepared, bins, cam, background, fwd, dImages, pairGrads, tile);
}

// The same source compiled for AVX2 (8 floats a vector); chosen at run time (cpuSimd()).
__attribute__((target("avx2"))) void backwardTileAvx2(const std::vector<TileSplat<float>>& prepared,
                                                      const TileBins& bins, const KernelCamera& cam,
                                                      const float* background, const Images<float>& fwd,
                                                      const ImageGrads<float>& dImages, float* pairGrads, int tile) {
    backwardTileBody<float, 8>(prepared, bins, cam, background, fwd, dImages, pairGrads, tile);
}

}  // namespace

template <class T>
void rasterizeBackwardCpu(const Projected<T>& proj, const TileBins& bins, const KernelCamera& cam,
                          const T* background, const Images<T>& fwd, const ImageGrads<T>& dImages,
                          const ProjectedGrads<T>& grads, int threads) {
    // Left uninitialised: every entry is written by its tile (zero where the splat touched no pixel).
    // Reused across calls (grown, never shrunk): a fresh multi-MiB buffer per step costs page faults.
    thread_local std::vector<T> pairGradsCache;
    const size_t pairValues = bins.splats.size() * PAIR_STRIDE;
    if (pairGradsCache.size() < pairValues) pairGradsCache.resize(pairValues);
    T* const pairGrads = pairGradsCache.data();
    const int64_t tiles = int64_t(cam.tilesX()) * cam.tilesY();
    // Reused across calls (no allocation per step). Bound to a local reference because the
    // workers' lambda would otherwise name each worker's own thread_local instance.
    thread_local std::vector<TileSplat<T>> preparedCache;
    std::vector<TileSplat<T>>& prepared = preparedCache;
    prepareSplats(proj, bins, prepared, threads);
    bool avx2 = false;
    if constexpr (std::is_same_v<T, float>) avx2 = cpuSimd() == CpuSimd::Avx2;
    thread_local std::vector<int32_t> orderCache;
    std::vector<int32_t>& order = orderCache;
    tilesByWork(bins, order);
    parallelFor(tiles, threads, [&](int64_t k) {
        const int32_t tile = order[size_t(k)];
        if constexpr (std::is_same_v<T, float>) {
            if (avx2) return backwardTileAvx2(prepared, bins, cam, background, fwd, dImages, pairGrads, int(tile));
        }
        backwardTile(prepared, bins, cam, background, fwd, dImages, pairGrads, int(tile));
    });
    // Fixed-order reduction: entries are visited tile by tile, whatever thread wrote them.
    for (size_t k = 0; k < bins.splats.size(); ++k) {
        const int64_t g = bins.splats[k];
        const T* p = pairGrads + PAIR_STRIDE * k;
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
