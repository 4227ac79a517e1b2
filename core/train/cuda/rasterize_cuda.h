#pragma once
// CUDA kernels of the splat rasterizer: the same contract as the CPU kernels
// (rasterize_kernels.h: SplatParams, Projected, Images, ProjectedGrads, ParamGrads,
// ImageGrads, KernelCamera), on device pointers and one CUDA stream. Torch-free, like the CPU
// kernels; the host (cuda/rasterize_host_cuda.cpp) validates, allocates every buffer below and
// passes torch's current stream. Templates over float and double.
//
// Method: 3D Gaussian Splatting (Kerbl et al., SIGGRAPH 2023, §6): per-splat EWA projection,
// duplication of each splat once per 16×16 tile its 3σ box touches with a 64-bit key
// (tile << 32 | depth bits), one radix sort of the keys (cub::DeviceRadixSort), per-tile ranges,
// then one thread block per tile compositing front to back from shared-memory batches. The
// backward pass walks the same lists back to front and accumulates per-splat gradients with a
// warp reduction followed by one atomicAdd per warp, so it is not bit-deterministic (the CPU
// backend is); the parity tests state the tolerance.
#include <cstddef>
#include <cstdint>
#include <functional>

#include "core/train/rasterize_kernels.h"

struct CUstream_st;

namespace sw::train::kernels {

using CudaStream = CUstream_st*;  // cudaStream_t without the CUDA headers
// Device scratch allocator supplied by the host; the memory must stay valid until the work
// queued on the stream has finished (torch's caching allocator gives stream-ordered reuse).
using DeviceAlloc = std::function<void*(size_t bytes)>;

// Projection (cuda/project_cuda.cu). Writes every row of `out` (culled rows: radius 0,
// zeros elsewhere) and tilesTouched[i], the number of tiles in splat i's 3σ box (0 if culled).
// tilesTouched: [N] int32.
template <class T>
void projectForwardCuda(const SplatParams<T>& params, const KernelCamera& cam, const Projected<T>& out,
                        int32_t* tilesTouched, CudaStream stream);
// Chain rule from projected-quantity gradients to parameter gradients (culled rows → 0).
template <class T>
void projectBackwardCuda(const SplatParams<T>& params, const KernelCamera& cam, const Projected<T>& proj,
                         const ProjectedGrads<T>& grads, const ParamGrads<T>& out, CudaStream stream);

// Tile intersection (cuda/bin_tiles_cuda.cu). First: inclusive prefix sum of tilesTouched
// into tileEnds ([N] int32) and the total number M of (tile, splat) pairs; this copies one
// integer to the host, so it synchronises the stream.
int64_t countTileEntriesCuda(const int32_t* tilesTouched, int32_t* tileEnds, int64_t count,
                             const DeviceAlloc& alloc, CudaStream stream);
// Then: emits the M keys, sorts them and writes the bins in binTilesCpu's layout (every tile
// of each splat's box; the CPU keeps only the box's tiles its footprint reaches): tile t lists
// splats[offsets[t] .. offsets[t+1]) in front-to-back order, ties by splat index.
// offsets: [tilesX·tilesY + 1] int32; splats: [M] int32.
template <class T>
void binTilesCuda(const Projected<T>& proj, const int32_t* tileEnds, int64_t count, int64_t entries,
                  const KernelCamera& cam, int32_t* offsets, int32_t* splats, const DeviceAlloc& alloc,
                  CudaStream stream);

// The same bins without a host round trip, for small clouds (denseBinningFits): one stable
// depth ranking of the N splats, then each tile keeps the depth-ordered splats whose 3σ box
// covers it. Same offsets/splats layout as binTilesCuda; splats needs room for N·tiles entries.
inline constexpr int64_t DENSE_BINNING_MAX_SPLATS = 16384;              // the ranking is O(N²)
inline constexpr int64_t DENSE_BINNING_MAX_ENTRIES = int64_t(1) << 25;  // 128 MiB of int32
bool denseBinningFits(int64_t count, const KernelCamera& cam);
template <class T>
void binTilesDenseCuda(const Projected<T>& proj, int64_t count, const KernelCamera& cam, int32_t* offsets,
                       int32_t* splats, const DeviceAlloc& alloc, CudaStream stream);

// Cuts in the long tile lists, for the backward's load balance. The backward's launch waits on
// the pixels with the longest walks (a few tiles in the middle of the model), so each tile's
// list is cut into at most `perTile` segments of segmentLength(len, perTile) entries: where a
// pixel's forward walk crosses a cut, the forward records its transmittance and the colour and
// depth composited so far, and a pixel that crossed one also keeps its final colour and depth;
// the backward then walks every segment in a block of its own, starting from the colour behind
// the cut, Bᵢ = (final − so far) / Tᵢ. perTile = 1: no cuts, nothing recorded (very large
// images, where the tile blocks alone fill the GPU).
template <class T>
struct SegmentStates {
    T* cuts = nullptr;    // [tiles][perTile − 1][5 (T, r, g, b, depth so far)][256 pixels]
    T* finalColour = nullptr;  // [H·W][4] rgb over the background, depth (pixels that crossed a cut)
    int32_t perTile = 1;
};
inline constexpr int32_t SEGMENT_MIN = 32;         // entries (H200, 400², 6000 splats: 32 beat 64 and 128)
inline constexpr int32_t SEGMENT_GRAIN = 32;       // cuts fall on multiples of this many entries
inline constexpr int32_t SEGMENT_MAX_PER_TILE = 16;
inline constexpr int64_t SEGMENT_BLOCKS = 12288;  // tiles × perTile at most (≤ 48 MiB of records)
// Segments a tile of the camera's grid may be cut into (1 … SEGMENT_MAX_PER_TILE).
inline int32_t segmentsPerTile(const KernelCamera& cam) {
    const int64_t tiles = int64_t(cam.tilesX()) * cam.tilesY();
    const int64_t k = tiles > 0 ? SEGMENT_BLOCKS / tiles : 1;
    return int32_t(k < 1 ? 1 : k > SEGMENT_MAX_PER_TILE ? SEGMENT_MAX_PER_TILE : k);
}
// Entries per segment of a list of `len` entries cut into at most `perTile` segments: at least
// SEGMENT_MIN and a multiple of SEGMENT_GRAIN (the forward looks for a cut once per run of that
// many entries, not at every entry).
#ifdef __CUDACC__
__host__ __device__
#endif
inline int32_t segmentLength(int32_t len, int32_t perTile) {
    const int32_t even = (len + perTile - 1) / perTile;
    return even > SEGMENT_MIN ? (even + SEGMENT_GRAIN - 1) / SEGMENT_GRAIN * SEGMENT_GRAIN : SEGMENT_MIN;
}

// Front-to-back compositing (cuda/rasterize_fwd_cuda.cu). background: host array [3].
// segments.data: room for the cut records when segments.perTile > 1.
template <class T>
void rasterizeForwardCuda(const Projected<T>& proj, const int32_t* offsets, const int32_t* splats,
                          const KernelCamera& cam, const T* background, const Images<T>& out,
                          const SegmentStates<T>& segments, CudaStream stream);

// Back-to-front gradient pass (cuda/rasterize_bwd_cuda.cu); `grads` must be zero-filled.
// `segments`: the forward's records (same perTile).
template <class T>
void rasterizeBackwardCuda(const Projected<T>& proj, const int32_t* offsets, const int32_t* splats,
                           const KernelCamera& cam, const T* background, const Images<T>& fwd,
                           const SegmentStates<T>& segments, const ImageGrads<T>& dImages,
                           const ProjectedGrads<T>& grads, CudaStream stream);

}  // namespace sw::train::kernels
