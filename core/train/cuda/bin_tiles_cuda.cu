// Tile intersection (CUDA), after 3DGS (Kerbl et al. 2023, §6): every visible splat emits one
// 64-bit key per tile of its 3σ box, key = tile << D | (bits(depth) − bits(near)): depths lie in
// [near, far] with near > 0, so their IEEE bits order like the values and D = the bits of
// bits(far) − bits(near) suffice (28 for near 0.01, far 1e4; one radix pass fewer than a full
// 32-bit depth). One stable radix sort of (key, splat) pairs
// (cub::DeviceRadixSort::SortPairs) groups the keys by tile in front-to-back order, and the
// tile boundaries of the sorted list become the CPU layout's offsets. Keys are emitted in
// splat-index order and the sort is stable, so equal depths keep index order, as in
// binTilesCpu. float64 depths are keyed by their float32 rounding (monotone, so the order only
// differs from the CPU for depths equal in float32 and different in float64).
//
// Dense binning (binTilesDenseCuda), for small clouds where N × tiles is small (a 6,000-splat
// boss at 400²: 3.75 M pairs): no per-pair keys and no read-back. The N splats are ranked by
// (depth key, index) (a stable depth sort), then one block per tile scans the depth-ordered
// rectangles and keeps the splats that cover it, in order: the same lists as the sorted keys
// give, in a buffer with room for N per tile, so the step never waits on the host for the count.
#include <cub/device/device_radix_sort.cuh>
#include <cub/device/device_scan.cuh>

#include <cstdio>
#include <cstdlib>
#include <cstring>

#include "core/train/cuda/device_math.cuh"
#include "core/train/cuda/rasterize_cuda.h"

namespace sw::train::kernels {

namespace device {

void checkLaunch(const char* what) {
    const cudaError_t err = cudaGetLastError();
    if (err != cudaSuccess) {
        std::fprintf(stderr, "splatwright: CUDA launch of %s failed: %s\n", what, cudaGetErrorString(err));
        std::abort();
    }
}

}  // namespace device

namespace {

using namespace device;

void checkCuda(cudaError_t err, const char* what) {
    if (err != cudaSuccess) {
        std::fprintf(stderr, "splatwright: %s failed: %s\n", what, cudaGetErrorString(err));
        std::abort();
    }
}

template <class T>
__global__ void emitKeysKernel(const T* mean2d, const int32_t* radius, const T* depth, const int32_t* tileEnds,
                               int64_t count, KernelCamera cam, uint32_t nearBits, int depthBits, uint64_t* keys,
                               int32_t* values) {
    const int64_t i = int64_t(blockIdx.x) * blockDim.x + threadIdx.x;
    if (i >= count || radius[i] == 0) return;
    const TileRect r = tileRect(mean2d[2 * i], mean2d[2 * i + 1], radius[i], cam);
    int64_t slot = i == 0 ? 0 : tileEnds[i - 1];
    const uint64_t depthKey = __float_as_uint(float(depth[i])) - nearBits;
    const int tx = tilesX(cam);
    for (int y = r.y0; y < r.y1; ++y)
        for (int x = r.x0; x < r.x1; ++x) {
            keys[slot] = (uint64_t(y * tx + x) << depthBits) | depthKey;
            values[slot] = int32_t(i);
            ++slot;
        }
}

// offsets[t] = first sorted entry whose tile is ≥ t, for t in [0, tiles]; entry m's thread
// fills the offsets of every tile in (tile(m−1), tile(m)], entry M's thread those up to tiles.
__global__ void tileOffsetsKernel(const uint64_t* keys, int64_t entries, int depthBits, int tiles, int32_t* offsets) {
    const int64_t m = int64_t(blockIdx.x) * blockDim.x + threadIdx.x;
    if (m > entries) return;
    const int cur = m < entries ? int(keys[m] >> depthBits) : tiles;
    const int prev = m > 0 ? int(keys[m - 1] >> depthBits) : -1;
    for (int t = prev + 1; t <= cur; ++t) offsets[t] = int32_t(m);
}

// Bits needed to hold values in [0, count).
int bitsFor(int64_t count) {
    int bits = 1;
    while ((int64_t(1) << bits) < count) ++bits;
    return bits;
}

uint32_t floatBits(double value) {
    const float f = float(value);
    uint32_t bits;
    std::memcpy(&bits, &f, sizeof bits);
    return bits;
}

unsigned blocksFor(int64_t count) { return unsigned((count + LINEAR_BLOCK - 1) / LINEAR_BLOCK); }

// Dense binning, step 1: each splat's depth key (culled splats: 1 << depthBits, after every
// visible one) and its tile rectangle packed in 4 bytes (x0, y0, x1, y1; empty when culled).
template <class T>
__global__ void depthKeysKernel(const T* mean2d, const int32_t* radius, const T* depth, int64_t count,
                                KernelCamera cam, uint32_t nearBits, int depthBits, uint32_t* keys,
                                uint32_t* rects) {
    const int64_t i = int64_t(blockIdx.x) * blockDim.x + threadIdx.x;
    if (i >= count) return;
    if (radius[i] == 0) {
        keys[i] = 1u << depthBits;
        rects[i] = 0;
        return;
    }
    keys[i] = __float_as_uint(float(depth[i])) - nearBits;
    const TileRect r = tileRect(mean2d[2 * i], mean2d[2 * i + 1], radius[i], cam);
    rects[i] = uint32_t(r.x0) | uint32_t(r.y0) << 8 | uint32_t(r.x1) << 16 | uint32_t(r.y1) << 24;
}

// Step 2: the rank of every splat in (key, index) order, i.e. a stable sort by depth, by
// counting: block (x, y) compares its 256 splats with the RANK_CHUNK splats of chunk y held in
// shared memory (every thread reads the same word: a broadcast). (key, index) pairs are unique,
// so the ranks are a permutation. rank must be zeroed. O(N²) work spread over the whole GPU:
// for the N ≤ DENSE_BINNING_MAX_SPLATS of this path, a few µs (a radix sort of 6,000 keys is
// four launch-bound passes, ~40 µs).
constexpr int RANK_CHUNK = 1024;

__global__ void __launch_bounds__(LINEAR_BLOCK)
    depthRankKernel(const uint32_t* keys, int64_t count, int32_t* rank) {
    __shared__ uint64_t chunk[RANK_CHUNK];
    const int64_t j0 = int64_t(blockIdx.y) * RANK_CHUNK;
    for (int t = int(threadIdx.x); t < RANK_CHUNK; t += blockDim.x) {
        const int64_t j = j0 + t;
        chunk[t] = j < count ? (uint64_t(keys[j]) << 32 | uint64_t(j)) : ~uint64_t(0);
    }
    __syncthreads();
    const int64_t i = int64_t(blockIdx.x) * blockDim.x + threadIdx.x;
    if (i >= count) return;
    const uint64_t mine = uint64_t(keys[i]) << 32 | uint64_t(i);
    int32_t before = 0;
#pragma unroll 8
    for (int t = 0; t < RANK_CHUNK; ++t) before += chunk[t] < mine ? 1 : 0;
    if (before > 0) atomicAdd(rank + i, before);
}

// Step 3: the splats and their rectangles in depth order; the rectangles' tail up to `padded`
// (a multiple of 4) is empty, so the tile scans read them four at a time.
__global__ void scatterKernel(const int32_t* rank, const uint32_t* rects, int64_t count, int64_t padded,
                              int32_t* sorted, uint32_t* sortedRects) {
    const int64_t i = int64_t(blockIdx.x) * blockDim.x + threadIdx.x;
    if (i < count) {
        sorted[rank[i]] = int32_t(i);
        sortedRects[rank[i]] = rects[i];
    } else if (i < padded) {
        sortedRects[i] = 0;
    }
}

__device__ __forceinline__ int covers(uint32_t r, int tx, int ty) {
    return int(tx >= int(r & 0xffu)) & int(ty >= int(r >> 8 & 0xffu)) & int(tx < int(r >> 16 & 0xffu)) &
           int(ty < int(r >> 24));
}

// Step 4: one block per tile counts the splats whose rectangle covers it (four per load).
__global__ void __launch_bounds__(LINEAR_BLOCK)
    tileCountKernel(const uint4* sortedRects, int64_t quads, int tilesPerRow, int32_t* counts) {
    __shared__ int32_t total;
    const int tile = int(blockIdx.x), tx = tile % tilesPerRow, ty = tile / tilesPerRow;
    if (threadIdx.x == 0) total = 0;
    __syncthreads();
    int32_t mine = 0;
    for (int64_t q = threadIdx.x; q < quads; q += blockDim.x) {
        const uint4 r = sortedRects[q];
        mine += covers(r.x, tx, ty) + covers(r.y, tx, ty) + covers(r.z, tx, ty) + covers(r.w, tx, ty);
    }
    for (int offset = 16; offset > 0; offset >>= 1) mine += __shfl_down_sync(0xffffffffu, mine, offset);
    if (threadIdx.x % 32 == 0 && mine > 0) atomicAdd(&total, mine);
    __syncthreads();
    if (threadIdx.x == 0) counts[tile] = total;
}

// Step 5: one block per tile finds its offset (the counts of the tiles before it) and writes its
// list in depth order: thread t takes splats 4t..4t+3 of each batch of 4 × 256, and a block
// scan of the per-thread hit counts gives every hit its place.
__global__ void __launch_bounds__(LINEAR_BLOCK)
    tileFillKernel(const int32_t* sorted, const uint4* sortedRects, int64_t quads, int tilesPerRow, int tiles,
                   const int32_t* counts, int32_t* offsets, int32_t* splats) {
    constexpr int WARPS = LINEAR_BLOCK / 32;
    __shared__ int32_t warpSums[WARPS];
    __shared__ int32_t base;
    const int tile = int(blockIdx.x), tx = tile % tilesPerRow, ty = tile / tilesPerRow;
    const int lane = int(threadIdx.x) % 32, warp = int(threadIdx.x) / 32;
    int32_t before = 0;
    for (int t = int(threadIdx.x); t < tile; t += blockDim.x) before += counts[t];
    for (int offset = 16; offset > 0; offset >>= 1) before += __shfl_down_sync(0xffffffffu, before, offset);
    if (threadIdx.x == 0) base = 0;
    __syncthreads();
    if (lane == 0 && before > 0) atomicAdd(&base, before);
    __syncthreads();
    int32_t cursor = base;
    if (threadIdx.x == 0) {
        offsets[tile] = cursor;
        if (tile == tiles - 1) offsets[tiles] = cursor + counts[tile];
    }
    for (int64_t start = 0; start < quads; start += blockDim.x) {
        const int64_t q = start + threadIdx.x;
        const uint4 r = q < quads ? sortedRects[q] : make_uint4(0, 0, 0, 0);
        const int h0 = covers(r.x, tx, ty), h1 = covers(r.y, tx, ty), h2 = covers(r.z, tx, ty),
                  h3 = covers(r.w, tx, ty);
        const int mine = h0 + h1 + h2 + h3;
        int scan = mine;  // inclusive scan over the warp
        for (int offset = 1; offset < 32; offset <<= 1) {
            const int up = __shfl_up_sync(0xffffffffu, scan, offset);
            if (lane >= offset) scan += up;
        }
        if (lane == 31) warpSums[warp] = scan;
        __syncthreads();
        int32_t at = cursor + scan - mine, all = 0;
        for (int w = 0; w < WARPS; ++w) {
            if (w < warp) at += warpSums[w];
            all += warpSums[w];
        }
        if (mine > 0) {
            const int64_t k = 4 * q;
            if (h0) splats[at++] = sorted[k];
            if (h1) splats[at++] = sorted[k + 1];
            if (h2) splats[at++] = sorted[k + 2];
            if (h3) splats[at] = sorted[k + 3];
        }
        cursor += all;
        __syncthreads();  // warpSums is rewritten by the next batch
    }
}

}  // namespace

int64_t countTileEntriesCuda(const int32_t* tilesTouched, int32_t* tileEnds, int64_t count, const DeviceAlloc& alloc,
                             CudaStream stream) {
    if (count == 0) return 0;
    size_t tempBytes = 0;
    checkCuda(cub::DeviceScan::InclusiveSum(nullptr, tempBytes, tilesTouched, tileEnds, count, stream),
              "cub::DeviceScan::InclusiveSum (size)");
    checkCuda(cub::DeviceScan::InclusiveSum(alloc(tempBytes), tempBytes, tilesTouched, tileEnds, count, stream),
              "cub::DeviceScan::InclusiveSum");
    int32_t total = 0;
    checkCuda(cudaMemcpyAsync(&total, tileEnds + count - 1, sizeof total, cudaMemcpyDeviceToHost, stream),
              "cudaMemcpyAsync (tile entries)");
    checkCuda(cudaStreamSynchronize(stream), "cudaStreamSynchronize (tile entries)");
    return total;
}

template <class T>
void binTilesCuda(const Projected<T>& proj, const int32_t* tileEnds, int64_t count, int64_t entries,
                  const KernelCamera& cam, int32_t* offsets, int32_t* splats, const DeviceAlloc& alloc,
                  CudaStream stream) {
    const int tiles = tilesX(cam) * tilesY(cam);
    const uint32_t nearBits = floatBits(cam.nearPlane);
    const int depthBits = bitsFor(int64_t(floatBits(cam.farPlane) - nearBits) + 1);
    if (entries > 0) {
        auto* keysIn = static_cast<uint64_t*>(alloc(size_t(entries) * sizeof(uint64_t)));
        auto* keysOut = static_cast<uint64_t*>(alloc(size_t(entries) * sizeof(uint64_t)));
        auto* valuesIn = static_cast<int32_t*>(alloc(size_t(entries) * sizeof(int32_t)));
        emitKeysKernel<T><<<blocksFor(count), LINEAR_BLOCK, 0, stream>>>(proj.mean2d, proj.radius, proj.depth,
                                                                         tileEnds, count, cam, nearBits, depthBits,
                                                                         keysIn, valuesIn);
        checkLaunch("emitKeysKernel");
        const int endBit = depthBits + bitsFor(tiles);
        size_t tempBytes = 0;
        checkCuda(cub::DeviceRadixSort::SortPairs(nullptr, tempBytes, keysIn, keysOut, valuesIn, splats,
                                                  entries, 0, endBit, stream),
                  "cub::DeviceRadixSort::SortPairs (size)");
        checkCuda(cub::DeviceRadixSort::SortPairs(alloc(tempBytes), tempBytes, keysIn, keysOut, valuesIn, splats,
                                                  entries, 0, endBit, stream),
                  "cub::DeviceRadixSort::SortPairs");
        tileOffsetsKernel<<<blocksFor(entries + 1), LINEAR_BLOCK, 0, stream>>>(keysOut, entries, depthBits, tiles,
                                                                                offsets);
    } else {
        tileOffsetsKernel<<<1, LINEAR_BLOCK, 0, stream>>>(nullptr, 0, depthBits, tiles, offsets);
    }
    checkLaunch("tileOffsetsKernel");
}

bool denseBinningFits(int64_t count, const KernelCamera& cam) {
    const int64_t tiles = int64_t(tilesX(cam)) * tilesY(cam);
    return count > 0 && count <= DENSE_BINNING_MAX_SPLATS && count * tiles <= DENSE_BINNING_MAX_ENTRIES &&
           tilesX(cam) <= 255 && tilesY(cam) <= 255;  // a rectangle packs in 4 × 8 bits
}

template <class T>
void binTilesDenseCuda(const Projected<T>& proj, int64_t count, const KernelCamera& cam, int32_t* offsets,
                       int32_t* splats, const DeviceAlloc& alloc, CudaStream stream) {
    const int tx = tilesX(cam), tiles = tx * tilesY(cam);
    const uint32_t nearBits = floatBits(cam.nearPlane);
    const int depthBits = bitsFor(int64_t(floatBits(cam.farPlane) - nearBits) + 1);
    const int64_t padded = (count + 3) / 4 * 4;
    auto* keys = static_cast<uint32_t*>(alloc(size_t(count) * sizeof(uint32_t)));
    auto* rects = static_cast<uint32_t*>(alloc(size_t(count) * sizeof(uint32_t)));
    auto* rank = static_cast<int32_t*>(alloc(size_t(count) * sizeof(int32_t)));
    auto* sorted = static_cast<int32_t*>(alloc(size_t(padded) * sizeof(int32_t)));
    auto* sortedRects = static_cast<uint32_t*>(alloc(size_t(padded) * sizeof(uint32_t)));
    auto* counts = static_cast<int32_t*>(alloc(size_t(tiles) * sizeof(int32_t)));
    checkCuda(cudaMemsetAsync(rank, 0, size_t(count) * sizeof(int32_t), stream), "cudaMemsetAsync (ranks)");
    depthKeysKernel<T><<<blocksFor(count), LINEAR_BLOCK, 0, stream>>>(proj.mean2d, proj.radius, proj.depth, count,
                                                                      cam, nearBits, depthBits, keys, rects);
    checkLaunch("depthKeysKernel");
    const dim3 rankGrid(blocksFor(count), unsigned((count + RANK_CHUNK - 1) / RANK_CHUNK));
    depthRankKernel<<<rankGrid, LINEAR_BLOCK, 0, stream>>>(keys, count, rank);
    checkLaunch("depthRankKernel");
    scatterKernel<<<blocksFor(padded), LINEAR_BLOCK, 0, stream>>>(rank, rects, count, padded, sorted, sortedRects);
    checkLaunch("scatterKernel");
    const auto* quadsOf = reinterpret_cast<const uint4*>(sortedRects);  // the allocator aligns to 512 bytes
    tileCountKernel<<<unsigned(tiles), LINEAR_BLOCK, 0, stream>>>(quadsOf, padded / 4, tx, counts);
    checkLaunch("tileCountKernel");
    tileFillKernel<<<unsigned(tiles), LINEAR_BLOCK, 0, stream>>>(sorted, quadsOf, padded / 4, tx, tiles, counts,
                                                                 offsets, splats);
    checkLaunch("tileFillKernel");
}

template void binTilesDenseCuda<float>(const Projected<float>&, int64_t, const KernelCamera&, int32_t*, int32_t*,
                                       const DeviceAlloc&, CudaStream);
template void binTilesDenseCuda<double>(const Projected<double>&, int64_t, const KernelCamera&, int32_t*, int32_t*,
                                        const DeviceAlloc&, CudaStream);

template void binTilesCuda<float>(const Projected<float>&, const int32_t*, int64_t, int64_t, const KernelCamera&,
                                  int32_t*, int32_t*, const DeviceAlloc&, CudaStream);
template void binTilesCuda<double>(const Projected<double>&, const int32_t*, int64_t, int64_t,
                                   const KernelCamera&, int32_t*, int32_t*, const DeviceAlloc&, CudaStream);

}  // namespace sw::train::kernels
