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

template void binTilesCuda<float>(const Projected<float>&, const int32_t*, int64_t, int64_t, const KernelCamera&,
                                  int32_t*, int32_t*, const DeviceAlloc&, CudaStream);
template void binTilesCuda<double>(const Projected<double>&, const int32_t*, int64_t, int64_t,
                                   const KernelCamera&, int32_t*, int32_t*, const DeviceAlloc&, CudaStream);

}  // namespace sw::train::kernels
