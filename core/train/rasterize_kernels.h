#pragma once
// Kernel contract of the splat rasterizer: plain C++ on raw pointers, no torch, so the CPU
// kernels compile fast and the later CUDA backend can share the same signatures. The host
// (rasterize.cpp) validates tensors, allocates every buffer below and picks the backend.
//
// Method: 3D Gaussian Splatting (Kerbl et al., SIGGRAPH 2023): EWA projection of each
// Gaussian (Zwicker et al., "EWA Volume Splatting", 2001, eq. 31: Σ' = J W Σ Wᵀ Jᵀ; 3DGS eq. 5),
// 16×16 tile binning, per-tile depth order and front-to-back α compositing (3DGS eq. 3).
// All kernels are templates over the scalar type, instantiated for float and double.
#include <cstdint>
#include <functional>
#include <vector>

namespace sw::train::kernels {

constexpr int TILE_SIZE = 16;                 // tile edge, pixels
constexpr double ALPHA_MAX = 0.99;            // α = min(ALPHA_MAX, o·G)
constexpr double ALPHA_MIN = 1.0 / 255.0;     // α below this is skipped
constexpr double TRANSMITTANCE_MIN = 1e-4;    // stop before T would drop below this
constexpr double COV2D_DILATION = 0.3;        // px², added to the 2D covariance diagonal
constexpr double SIGMA_EXTENT = 3.0;          // screen radius = 3σ of the major axis

// Pinhole camera, OpenCV convention: camera space x right, y down, looking down +z.
// Pixel (i, j) has its centre at (i + 0.5, j + 0.5); u = fx·x/z + cx, v = fy·y/z + cy.
struct DeviceStep;  // device_step.h

struct KernelCamera {
    int width = 0, height = 0;        // pixels
    double fx = 0, fy = 0, cx = 0, cy = 0;
    double nearPlane = 0, farPlane = 0;  // camera-space z range kept
    double worldToCamera[16] = {};    // row-major 4×4, [R | t; 0 0 0 1]
    // CUDA kernels only (the CPU kernels ignore it): when set, the projection reads this
    // camera's intrinsics and pose, and the compositing its background, from the training
    // step's scalars on the device, so one captured step graph serves every view
    // (device_step.h). The fields above then give only the image size, which every view shares.
    const DeviceStep* step = nullptr;
    int tilesX() const { return (width + TILE_SIZE - 1) / TILE_SIZE; }
    int tilesY() const { return (height + TILE_SIZE - 1) / TILE_SIZE; }
};

// Per-splat parameters (PIPELINE.md §3), N splats.
template <class T>
struct SplatParams {
    const T* means = nullptr;          // [N, 3] world space
    const T* quats = nullptr;          // [N, 4] (w, x, y, z), any norm > 0
    const T* logScales = nullptr;      // [N, 3] log of the three axis std-devs
    const T* opacityLogits = nullptr;  // [N]    opacity = sigmoid(logit)
    const T* colorLogits = nullptr;    // [N, 3] rgb = sigmoid(logit)
    int64_t count = 0;
};

// Projection results, one row per splat. radius == 0 marks a culled splat (behind the
// near plane, past the far plane, degenerate, or off screen); its other rows are unspecified.
template <class T>
struct Projected {
    T* mean2d = nullptr;     // [N, 2] pixels
    T* conic = nullptr;      // [N, 3] (a, b, c) of the inverse 2D covariance [[a, b], [b, c]]
    T* depth = nullptr;      // [N]    camera-space z
    T* opacity = nullptr;    // [N]    sigmoid(opacity logit)
    T* color = nullptr;      // [N, 3] sigmoid(colour logit)
    int32_t* radius = nullptr;  // [N] screen radius in pixels, 0 = culled
};

// Splats per tile in front-to-back order: tile t lists splats[offsets[t] .. offsets[t+1]).
struct TileBins {
    std::vector<int32_t> offsets;  // [tilesX·tilesY + 1]
    std::vector<int32_t> splats;   // [M] splat indices
};

// Per-pixel images. Forward writes them; backward reads finalT/lastCount.
template <class T>
struct Images {
    T* rgb = nullptr;          // [H, W, 3] colour over the background
    T* alpha = nullptr;        // [H, W]    1 − final transmittance
    T* depth = nullptr;        // [H, W]    Σ wᵢ·zᵢ (not normalised; divide by alpha for mean z)
    T* finalT = nullptr;       // [H, W]    final transmittance
    int32_t* lastCount = nullptr;  // [H, W] entries of the tile list walked up to the last contributor
};

// Gradients w.r.t. the projected quantities, one row per splat.
template <class T>
struct ProjectedGrads {
    T* mean2d = nullptr;   // [N, 2]
    T* conic = nullptr;    // [N, 3] (a, b, c)
    T* depth = nullptr;    // [N]
    T* opacity = nullptr;  // [N]
    T* color = nullptr;    // [N, 3]
};

// Gradients w.r.t. the splat parameters (same layout as SplatParams).
template <class T>
struct ParamGrads {
    T* means = nullptr;          // [N, 3]
    T* quats = nullptr;          // [N, 4]
    T* logScales = nullptr;      // [N, 3]
    T* opacityLogits = nullptr;  // [N]
    T* colorLogits = nullptr;    // [N, 3]
};

// Per-pixel incoming gradients; a null pointer means zero.
template <class T>
struct ImageGrads {
    const T* rgb = nullptr;    // [H, W, 3]
    const T* alpha = nullptr;  // [H, W]
    const T* depth = nullptr;  // [H, W]
};

// project_cpu.cpp: EWA projection, parallel over splats.
template <class T>
void projectForwardCpu(const SplatParams<T>& params, const KernelCamera& cam, const Projected<T>& out,
                       int threads);
// Chain rule from projected-quantity gradients to parameter gradients (culled rows → 0).
template <class T>
void projectBackwardCpu(const SplatParams<T>& params, const KernelCamera& cam,
                        const Projected<T>& proj, const ProjectedGrads<T>& grads,
                        const ParamGrads<T>& out, int threads);

// rasterize_fwd_cpu.cpp: depth-sort and bin the visible splats into tiles: the tiles of each
// splat's radius box that its pixel footprint (α ≥ 1/255 possible) reaches, a subset of the
// box the CUDA binning uses; the tiles left out would add nothing to any pixel.
template <class T>
TileBins binTilesCpu(const Projected<T>& proj, int64_t count, const KernelCamera& cam, int threads = 1);
// Front-to-back compositing, parallel over tiles. background: [3].
template <class T>
void rasterizeForwardCpu(const Projected<T>& proj, const TileBins& bins, const KernelCamera& cam,
                         const T* background, const Images<T>& out, int threads);

// rasterize_bwd_cpu.cpp: back-to-front gradient pass. Each tile writes its own slice of a
// per-(tile, splat) buffer; slices are then summed per splat in tile order, so the result is
// bit-identical for any thread count. `grads` must be zero-filled by the caller.
template <class T>
void rasterizeBackwardCpu(const Projected<T>& proj, const TileBins& bins, const KernelCamera& cam,
                          const T* background, const Images<T>& fwd, const ImageGrads<T>& dImages,
                          const ProjectedGrads<T>& grads, int threads);

// Instruction set of the CPU compositing kernels (rasterizeForwardCpu/BackwardCpu, float only;
// double always takes the baseline). The binary targets plain x86-64; the AVX2 path is a clone
// of the same source compiled with __attribute__((target("avx2"))), 8 floats a vector instead
// of 4, picked at run time when __builtin_cpu_supports("avx2"), so the binary runs on any
// x86-64 CPU. FMA is left out on purpose: without contraction both paths round every operation
// alike and give bit-identical images and gradients (tst_rasterize checks it); FMA would save
// only ≈ 5 % of the instructions.
enum class CpuSimd { Baseline, Avx2 };
// The path in use: Avx2 when the CPU supports it, unless setCpuSimd chose Baseline.
CpuSimd cpuSimd();
// For tests and benchmarks that compare the paths; Avx2 on a CPU without it stays Baseline.
// Call it while no kernel runs.
void setCpuSimd(CpuSimd simd);

// Runs fn(i) for i in [0, count) on `threads` std::threads (dynamic scheduling); fn must only
// write data owned by index i.
void parallelFor(int64_t count, int threads, const std::function<void(int64_t)>& fn);
// A thread count as the settings give it: `threads`, or every core when it is 0 or less.
int threadsOrCores(int threads);

}  // namespace sw::train::kernels
