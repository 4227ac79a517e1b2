#pragma once
// Device helpers shared by the CUDA kernels: float/double math overloads, the camera's tile
// grid, and the tile rectangle of a projected splat (exactly the CPU binning's rule,
// rasterize_fwd_cpu.cpp tileRect, evaluated in double).
#include <cuda_runtime.h>

#include <cstdint>
#include <type_traits>

#include "core/train/rasterize_kernels.h"

namespace sw::train::kernels::device {

constexpr int BLOCK_PIXELS = TILE_SIZE * TILE_SIZE;  // threads per tile block, one per pixel
constexpr int LINEAR_BLOCK = 256;                    // threads per block of per-splat kernels

template <class T>
__device__ __forceinline__ T dExp(T x) {
    if constexpr (std::is_same_v<T, float>) return expf(x);
    else return exp(x);
}

// exp for the compositing kernels: the hardware approximation (__expf, ~2 ulp over the
// exponents the kernels see, ≤ 0) in float32; the forward and backward passes both use it, so
// the backward recovers exactly the forward's α and transmittance.
template <class T>
__device__ __forceinline__ T dExpFast(T x) {
    if constexpr (std::is_same_v<T, float>) return __expf(x);
    else return exp(x);
}

template <class T>
__device__ __forceinline__ T dSqrt(T x) {
    if constexpr (std::is_same_v<T, float>) return sqrtf(x);
    else return sqrt(x);
}

template <class T>
__device__ __forceinline__ T dCeil(T x) {
    if constexpr (std::is_same_v<T, float>) return ceilf(x);
    else return ceil(x);
}

template <class T>
__device__ __forceinline__ T dFloor(T x) {
    if constexpr (std::is_same_v<T, float>) return floorf(x);
    else return floor(x);
}

template <class T>
__device__ __forceinline__ T dClamp(T x, T lo, T hi) {
    return x < lo ? lo : (x > hi ? hi : x);
}

template <class T>
__device__ __forceinline__ T sigmoid(T x) {
    return T(1) / (T(1) + dExp(-x));
}

__host__ __device__ inline int tilesX(const KernelCamera& cam) { return (cam.width + TILE_SIZE - 1) / TILE_SIZE; }
__host__ __device__ inline int tilesY(const KernelCamera& cam) { return (cam.height + TILE_SIZE - 1) / TILE_SIZE; }

struct TileRect {
    int x0, y0, x1, y1;  // tiles [x0, x1) × [y0, y1)
};

// The 3σ radius box of splat i in tiles, the same arithmetic as the CPU binning (double).
template <class T>
__device__ inline TileRect tileRect(T u0, T v0, int32_t radius, const KernelCamera& cam) {
    const double u = double(u0), v = double(v0), r = radius, ts = TILE_SIZE;
    const int tx = tilesX(cam), ty = tilesY(cam);
    auto cell = [](double value, int limit) { return int(dClamp(floor(value), 0.0, double(limit))); };
    return {cell((u - r) / ts, tx), cell((v - r) / ts, ty), cell((u + r + ts - 1) / ts, tx),
            cell((v + r + ts - 1) / ts, ty)};
}

// Launch check: a failed launch is a programming error (bad configuration), not an input error.
void checkLaunch(const char* what);

}  // namespace sw::train::kernels::device
