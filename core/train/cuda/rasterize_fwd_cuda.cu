// Front-to-back compositing (CUDA), after 3DGS (Kerbl et al. 2023, §6 and eq. 3): one 16×16
// thread block per tile, one thread per pixel; the tile's depth-sorted splats are staged in
// shared memory in batches of 256 (one per thread) and every pixel walks them in order with the
// CPU backend's rules (rasterize_fwd_cpu.cpp): αᵢ = min(0.99, oᵢ·exp(−½ dᵀ Σ'⁻¹ d)), skipped
// when the exponent is positive or α < 1/255, and the walk stops before a splat that would
// bring T below 1e-4. A block stops loading batches once all its pixels are done. Where a
// pixel's walk crosses a cut of the tile's list (rasterize_cuda.h, SegmentStates) it records its
// transmittance and the colour and depth so far, and keeps its final colour and depth: where the
// backward's segment ending at that cut starts.
#include "core/train/cuda/device_math.cuh"
#include "core/train/cuda/rasterize_cuda.h"
#include "core/train/cuda/tile_block.cuh"
#include "core/train/device_step.h"

namespace sw::train::kernels {
namespace {

using namespace device;

template <class T>
struct BatchSplat {
    T u, v, a, b, c, opacity, r, g, bl, depth;
};

template <class T, int SUB>
__global__ void __launch_bounds__(SUB * SUB)
    rasterizeForwardKernel(Projected<T> proj, const int32_t* __restrict__ offsets,
                           const int32_t* __restrict__ splats, KernelCamera cam, T bg0, T bg1, T bg2,
                           Images<T> out, SegmentStates<T> segments) {
    static_assert(SUB == TILE_SIZE, "the cut records are laid out per whole tile");
    static_assert(SUB * SUB % SEGMENT_GRAIN == 0 && SEGMENT_MIN % SEGMENT_GRAIN == 0,
                  "a batch holds whole runs of SEGMENT_GRAIN entries");
    constexpr int PIXELS = SUB * SUB;  // a block covers SUB × SUB pixels of a tile (tile_block.cuh)
    __shared__ BatchSplat<T> batch[PIXELS];
    const TilePixel at = tilePixel<SUB>(cam);
    const int tile = at.tile, px = at.px, py = at.py, tid = at.tid;
    const bool inside = at.inside;
    const T fx = T(px) + T(0.5), fy = T(py) + T(0.5);
    const int32_t begin = offsets[tile], end = offsets[tile + 1];
    stepBackground(cam, bg0, bg1, bg2);  // a training step's background (device_step.h)

    T trans = 1, rgb[3] = {0, 0, 0}, depth = 0;
    int32_t last = 0;
    bool done = !inside;
    const int32_t cuts = segments.perTile - 1, segLen = segmentLength(end - begin, segments.perTile);
    T* const record = cuts > 0 ? segments.cuts + int64_t(tile) * cuts * 5 * PIXELS + tid : nullptr;
    int32_t crossed = 0, nextCut = cuts > 0 ? segLen : INT32_MAX;  // list position of the next cut
    for (int32_t start = begin; start < end; start += PIXELS) {
        if (__syncthreads_count(done) == PIXELS) break;  // also guards the batch reuse
        if (start + tid < end) {
            const int32_t g = splats[start + tid];
            batch[tid] = {proj.mean2d[2 * g], proj.mean2d[2 * g + 1], proj.conic[3 * g], proj.conic[3 * g + 1],
                          proj.conic[3 * g + 2], proj.opacity[g], proj.color[3 * g], proj.color[3 * g + 1],
                          proj.color[3 * g + 2], proj.depth[g]};
        }
        __syncthreads();
        const int count = min(PIXELS, int(end - start));
        // Cuts fall on multiples of SEGMENT_GRAIN (segmentLength), so they are checked per run of
        // SEGMENT_GRAIN entries, not per entry.
        for (int j0 = 0; !done && j0 < count; j0 += SEGMENT_GRAIN) {
            if (start - begin + j0 == nextCut) {  // rare: at most perTile − 1 times per pixel
                T* r = record + int64_t(crossed) * 5 * PIXELS;
                r[0] = trans;
                r[PIXELS] = rgb[0];
                r[2 * PIXELS] = rgb[1];
                r[3 * PIXELS] = rgb[2];
                r[4 * PIXELS] = depth;
                ++crossed;
                nextCut = crossed < cuts ? nextCut + segLen : INT32_MAX;
            }
            const int jEnd = min(count, j0 + SEGMENT_GRAIN);
            for (int j = j0; j < jEnd; ++j) {
                const BatchSplat<T>& s = batch[j];
                const T dx = s.u - fx, dy = s.v - fy;
                const T power = -T(0.5) * (s.a * dx * dx + s.c * dy * dy) - s.b * dx * dy;
                if (power > 0) continue;
                const T alpha = min(T(ALPHA_MAX), s.opacity * dExpFast(power));
                if (alpha < T(ALPHA_MIN)) continue;
                const T next = trans * (1 - alpha);
                if (next < T(TRANSMITTANCE_MIN)) {
                    done = true;
                    break;
                }
                const T w = alpha * trans;
                rgb[0] += s.r * w;
                rgb[1] += s.g * w;
                rgb[2] += s.bl * w;
                depth += s.depth * w;
                trans = next;
                last = start - begin + j + 1;
            }
        }
    }
    if (!inside) return;
    const int64_t pix = int64_t(py) * cam.width + px;
    const T colour[3] = {rgb[0] + trans * bg0, rgb[1] + trans * bg1, rgb[2] + trans * bg2};
    if (crossed > 0) {
        T* f = segments.finalColour + 4 * pix;
        f[0] = colour[0];
        f[1] = colour[1];
        f[2] = colour[2];
        f[3] = depth;
    }
    out.rgb[3 * pix] = colour[0];
    out.rgb[3 * pix + 1] = colour[1];
    out.rgb[3 * pix + 2] = colour[2];
    out.alpha[pix] = 1 - trans;
    out.depth[pix] = depth;
    out.finalT[pix] = trans;
    out.lastCount[pix] = last;
}

}  // namespace

template <class T>
void rasterizeForwardCuda(const Projected<T>& proj, const int32_t* offsets, const int32_t* splats,
                          const KernelCamera& cam, const T* background, const Images<T>& out,
                          const SegmentStates<T>& segments, CudaStream stream) {
    const unsigned tiles = unsigned(tilesX(cam) * tilesY(cam));
    rasterizeForwardKernel<T, TILE_SIZE><<<tiles, dim3(TILE_SIZE, TILE_SIZE), 0, stream>>>(
        proj, offsets, splats, cam, background[0], background[1], background[2], out, segments);
    checkLaunch("rasterizeForwardKernel");
}

template void rasterizeForwardCuda<float>(const Projected<float>&, const int32_t*, const int32_t*,
                                          const KernelCamera&, const float*, const Images<float>&,
                                          const SegmentStates<float>&, CudaStream);
template void rasterizeForwardCuda<double>(const Projected<double>&, const int32_t*, const int32_t*,
                                           const KernelCamera&, const double*, const Images<double>&,
                                           const SegmentStates<double>&, CudaStream);

}  // namespace sw::train::kernels
