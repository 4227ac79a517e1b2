// Backward pass of the tile compositor (CUDA). The recurrences are the CPU backend's
// (rasterize_bwd_cpu.cpp, after the 3DGS reference backward, Kerbl et al. 2023): per pixel the
// contributors are walked back to front from the last one, recovering Tᵢ = Tᵢ₊₁ / (1 − αᵢ) and
// the colour behind each splat, Bᵢ₋₁ = αᵢ cᵢ + (1 − αᵢ) Bᵢ; ∂C/∂cᵢ = αᵢ Tᵢ, ∂C/∂αᵢ = Tᵢ (cᵢ − Bᵢ),
// and the same for alpha (c = 1) and depth (c = z). One 8×8 block per quarter tile and segment of
// the tile's list (rasterize_cuda.h, SegmentStates) walks shared-memory batches from the end of
// its pixels' longest walk inside the segment, each pixel starting from the forward's record at
// the segment's end (or from its last contributor); per splat, the ten gradient terms of a warp
// are summed with shuffles and lane 0 adds them to the splat's row with atomicAdd (so the
// summation order, and the last bits, vary from run to run).
#include "core/train/cuda/device_math.cuh"
#include "core/train/cuda/rasterize_cuda.h"
#include "core/train/cuda/tile_block.cuh"
#include "core/train/device_step.h"

namespace sw::train::kernels {
namespace {

using namespace device;

constexpr int TERMS = 10;  // mean2d 2, conic 3, opacity 1, colour 3, depth 1
constexpr unsigned FULL_MASK = 0xffffffffu;

template <class T>
struct BatchSplat {
    T u, v, a, b, c, opacity, col[3], depth;
    int32_t index;
};

template <class T>
__device__ void addWarpSums(T (&v)[TERMS], const ProjectedGrads<T>& grads, int32_t g) {
#pragma unroll
    for (int k = 0; k < TERMS; ++k)
#pragma unroll
        for (int offset = 16; offset > 0; offset >>= 1) v[k] += __shfl_down_sync(FULL_MASK, v[k], offset);
    if ((threadIdx.x + threadIdx.y * blockDim.x) % 32 != 0) return;
    atomicAdd(grads.mean2d + 2 * g, v[0]);
    atomicAdd(grads.mean2d + 2 * g + 1, v[1]);
    atomicAdd(grads.conic + 3 * g, v[2]);
    atomicAdd(grads.conic + 3 * g + 1, v[3]);
    atomicAdd(grads.conic + 3 * g + 2, v[4]);
    atomicAdd(grads.opacity + g, v[5]);
    atomicAdd(grads.color + 3 * g, v[6]);
    atomicAdd(grads.color + 3 * g + 1, v[7]);
    atomicAdd(grads.color + 3 * g + 2, v[8]);
    atomicAdd(grads.depth + g, v[9]);
}

// Per-pixel state of the back-to-front walk.
template <class T>
struct PixelState {
    T trans, behind[3], behindAlpha = 0, behindDepth = 0;
    T dRgb[3] = {0, 0, 0}, dAlpha = 0, dDepth = 0;
    T fx, fy;
};

// Gradient terms of splat s at this pixel (zero when it did not contribute), updating the walk.
template <class T>
__device__ void splatTerms(const BatchSplat<T>& s, PixelState<T>& p, T (&v)[TERMS]) {
    const T dx = s.u - p.fx, dy = s.v - p.fy;
    const T power = -T(0.5) * (s.a * dx * dx + s.c * dy * dy) - s.b * dx * dy;
    if (power > 0) return;
    const T gauss = dExpFast(power), o = s.opacity;
    const T alpha = min(T(ALPHA_MAX), o * gauss);
    if (alpha < T(ALPHA_MIN)) return;
    p.trans /= (1 - alpha);
    const T w = alpha * p.trans;
    T dA = 0;
#pragma unroll
    for (int c = 0; c < 3; ++c) {
        v[6 + c] = w * p.dRgb[c];
        dA += (s.col[c] - p.behind[c]) * p.dRgb[c];
        p.behind[c] = alpha * s.col[c] + (1 - alpha) * p.behind[c];
    }
    v[9] = w * p.dDepth;
    dA += (1 - p.behindAlpha) * p.dAlpha + (s.depth - p.behindDepth) * p.dDepth;
    dA *= p.trans;
    p.behindAlpha = alpha + (1 - alpha) * p.behindAlpha;
    p.behindDepth = alpha * s.depth + (1 - alpha) * p.behindDepth;
    if (o * gauss > T(ALPHA_MAX)) return;  // clamped: α does not depend on o or G
    v[5] = gauss * dA;
    const T dPower = o * gauss * dA;
    v[0] = -(s.a * dx + s.b * dy) * dPower;
    v[1] = -(s.b * dx + s.c * dy) * dPower;
    v[2] = T(-0.5) * dx * dx * dPower;
    v[3] = -dx * dy * dPower;
    v[4] = T(-0.5) * dy * dy * dPower;
}

template <class T, int SUB>
__global__ void __launch_bounds__(SUB * SUB)
    rasterizeBackwardKernel(Projected<T> proj, const int32_t* __restrict__ offsets,
                            const int32_t* __restrict__ splats, KernelCamera cam, T bg0, T bg1, T bg2,
                            Images<T> fwd, SegmentStates<T> segments, ImageGrads<T> dImages,
                            ProjectedGrads<T> grads) {
    constexpr int PIXELS = SUB * SUB, PARTS = TILE_SIZE / SUB;  // a block covers SUB × SUB pixels of a tile
    __shared__ BatchSplat<T> batch[PIXELS];
    __shared__ int32_t maxLast;
    const TilePixel at = tilePixel<SUB>(cam);
    const int tile = at.tile, px = at.px, py = at.py, tid = at.tid;
    const int part = at.part;
    const bool inside = at.inside;
    const int64_t pix = int64_t(py) * cam.width + px;
    const int32_t begin = offsets[tile], len = offsets[tile + 1] - begin;
    const int32_t segment = int32_t(blockIdx.y), segLen = segmentLength(len, segments.perTile);
    const int32_t segStart = segment * segLen, segEnd = min(segStart + segLen, len);
    if (segment > 0 && segStart >= len) return;  // the whole block: this tile has fewer segments

    stepBackground(cam, bg0, bg1, bg2);  // a training step's background (device_step.h)
    PixelState<T> p;
    p.fx = T(px) + T(0.5);
    p.fy = T(py) + T(0.5);
    p.behind[0] = bg0; p.behind[1] = bg1; p.behind[2] = bg2;
    p.trans = inside ? fwd.finalT[pix] : T(1);
    const int32_t last = inside ? fwd.lastCount[pix] : 0;
    const int32_t walkEnd = min(last, segEnd);  // this block walks list entries [segStart, walkEnd)
    if (last > segEnd) {  // the walk goes on past this segment: start from the forward's record at its end
        constexpr int TILE_PIXELS = TILE_SIZE * TILE_SIZE;
        const int inTile = (part / PARTS * SUB + int(threadIdx.y)) * TILE_SIZE + part % PARTS * SUB + int(threadIdx.x);
        const T* r = segments.cuts + (int64_t(tile) * (segments.perTile - 1) + segment) * 5 * TILE_PIXELS + inTile;
        const T* f = segments.finalColour + 4 * pix;
        const T inv = 1 / r[0];  // Bᵢ = (final − so far) / Tᵢ
        p.behindAlpha = 1 - p.trans * inv;
        p.trans = r[0];
        p.behind[0] = (f[0] - r[TILE_PIXELS]) * inv;
        p.behind[1] = (f[1] - r[2 * TILE_PIXELS]) * inv;
        p.behind[2] = (f[2] - r[3 * TILE_PIXELS]) * inv;
        p.behindDepth = (f[3] - r[4 * TILE_PIXELS]) * inv;
    }
    if (inside) {
        if (dImages.rgb)
            for (int c = 0; c < 3; ++c) p.dRgb[c] = dImages.rgb[3 * pix + c];
        if (dImages.alpha) p.dAlpha = dImages.alpha[pix];
        if (dImages.depth) p.dDepth = dImages.depth[pix];
    }
    if (tid == 0) maxLast = 0;
    __syncthreads();
    atomicMax(&maxLast, walkEnd);
    __syncthreads();

    for (int32_t stop = maxLast; stop > segStart; stop -= PIXELS) {
        const int32_t start = max(segStart, stop - PIXELS);
        __syncthreads();  // the previous batch has been read by everyone
        if (start + tid < stop) {
            const int32_t g = splats[begin + start + tid];
            batch[tid] = {proj.mean2d[2 * g], proj.mean2d[2 * g + 1], proj.conic[3 * g], proj.conic[3 * g + 1],
                          proj.conic[3 * g + 2], proj.opacity[g], {proj.color[3 * g], proj.color[3 * g + 1],
                          proj.color[3 * g + 2]}, proj.depth[g], g};
        }
        __syncthreads();
        for (int j = stop - start - 1; j >= 0; --j) {
            T v[TERMS] = {};
            const bool mine = start + j < walkEnd;
            if (mine) splatTerms(batch[j], p, v);
            bool any = false;
#pragma unroll
            for (int k = 0; k < TERMS; ++k) any = any || v[k] != T(0);
            if (__any_sync(FULL_MASK, any)) addWarpSums(v, grads, batch[j].index);
        }
    }
}

}  // namespace

template <class T>
void rasterizeBackwardCuda(const Projected<T>& proj, const int32_t* offsets, const int32_t* splats,
                           const KernelCamera& cam, const T* background, const Images<T>& fwd,
                           const SegmentStates<T>& segments, const ImageGrads<T>& dImages,
                           const ProjectedGrads<T>& grads, CudaStream stream) {
    const unsigned tiles = unsigned(tilesX(cam) * tilesY(cam));
    // A block per 8 × 8 quarter of a tile (four blocks walk the same list, each from its own
    // pixels' longest prefix): the launch waits on the tiles with the longest lists, and a
    // quarter spreads one such tile over four multiprocessors (H200, ncu: 148 -> 127 µs per
    // launch at 400², 6000 splats; the forward, which stops early, was 59 vs 62 µs: kept whole).
    constexpr int SUB = TILE_SIZE / 2;
    // A second grid dimension for the segments of the long lists (SegmentStates): the longest
    // walk is then at most a segment's length, not a whole list's.
    const dim3 grid(tiles * 4, unsigned(segments.perTile));
    rasterizeBackwardKernel<T, SUB><<<grid, dim3(SUB, SUB), 0, stream>>>(
        proj, offsets, splats, cam, background[0], background[1], background[2], fwd, segments, dImages, grads);
    checkLaunch("rasterizeBackwardKernel");
}

template void rasterizeBackwardCuda<float>(const Projected<float>&, const int32_t*, const int32_t*,
                                           const KernelCamera&, const float*, const Images<float>&,
                                           const SegmentStates<float>&, const ImageGrads<float>&,
                                           const ProjectedGrads<float>&, CudaStream);
template void rasterizeBackwardCuda<double>(const Projected<double>&, const int32_t*, const int32_t*,
                                            const KernelCamera&, const double*, const Images<double>&,
                                            const SegmentStates<double>&, const ImageGrads<double>&,
                                            const ProjectedGrads<double>&, CudaStream);

}  // namespace sw::train::kernels
