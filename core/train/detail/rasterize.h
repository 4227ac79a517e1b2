#pragma once
// Differentiable Gaussian-splat rasterizer (3D Gaussian Splatting, Kerbl et al. 2023) as a
// libtorch autograd function. Torch-facing: include only from core/train and its tests.
//
// Camera convention (OpenCV): camera space is x right, y down, z forward; a splat is kept
// when nearPlane ≤ z ≤ farPlane. Pixel (i, j) has its centre at (i + 0.5, j + 0.5) and a
// camera-space point projects to u = fx·x/z + cx, v = fy·y/z + cy. Datasets in the
// NeRF/OpenGL convention (camera looks down −z, y up) convert their camera-to-world matrix
// C by flipping its y and z columns before inverting: worldToCamera = (C·diag(1,−1,−1,1))⁻¹.
//
// Outputs are differentiable w.r.t. means, quats, logScales, opacityLogits and colorLogits;
// the camera and background are constants. On the CPU the backward pass is deterministic
// (bit-identical gradients for any thread count); the CUDA backend (SPLATWRIGHT_CUDA builds,
// tensors on a CUDA device) sums gradients with atomics, so its last bits vary between runs.
#include <ATen/core/Tensor.h>

#include <array>
#include <memory>

#include "core/foundation/error.h"

namespace sw::train {

namespace kernels {
struct KernelCamera;  // rasterize_kernels.h
struct DeviceStep;    // device_step.h
}

struct RasterizeSettings {
    int width = 0, height = 0;               // image size, pixels
    double fx = 0, fy = 0, cx = 0, cy = 0;   // intrinsics, pixels
    double nearPlane = 0.01, farPlane = 1e4;  // camera-space z range kept
    std::array<double, 3> background = {0, 0, 0};  // rgb composited behind the splats
    // Row-major world-to-camera transform [R | t; 0 0 0 1].
    std::array<double, 16> worldToCamera = {1, 0, 0, 0, 0, 1, 0, 0, 0, 0, 1, 0, 0, 0, 0, 1};
    int threads = 0;  // CPU worker threads; 0 = std::thread::hardware_concurrency()
    // CUDA: walk long tile lists in cut segments in the backward pass (cuda/rasterize_cuda.h,
    // SegmentStates). It shortens one pass's critical path (one training alone: 2.0 -> 1.5 s on an
    // H200) and costs throughput (records written and read), so trainings that share a GPU turn it
    // off. Same gradients to rounding either way; the CPU backend ignores it.
    bool cutLongLists = true;
    // CUDA training steps (train_ops.h DeviceSteps::slot()): the projection takes the camera and
    // the compositing the background from this device address, so the pass's launches are the
    // same for every view; the fields above then give only the image size. CPU: must be null.
    const kernels::DeviceStep* deviceStep = nullptr;
};

// The trainable parameters of N splats (PIPELINE.md §3). All tensors share one device and one
// floating dtype (float32 for training, float64 for the reference tests).
struct SplatTensors {
    at::Tensor means;          // [N, 3] world space
    at::Tensor quats;          // [N, 4] (w, x, y, z), normalised inside
    at::Tensor logScales;      // [N, 3] log of the axis standard deviations
    at::Tensor opacityLogits;  // [N]    opacity = sigmoid(logit)
    at::Tensor colorLogits;    // [N, 3] rgb = sigmoid(logit)
};

struct RasterizeOutput {
    at::Tensor rgb;    // [H, W, 3] colour composited over settings.background
    at::Tensor alpha;  // [H, W]    1 − final transmittance
    at::Tensor depth;  // [H, W]    Σ wᵢ zᵢ (alpha-weighted camera z; divide by alpha for mean depth)
    at::Tensor radii;  // [N] int32 screen radius in pixels, 0 = culled (not differentiable)
};

// Renders the splats. Returns InvalidInput for inconsistent shapes, dtypes or settings and
// Unsupported for a device without a backend (CPU always; CUDA when built with SPLATWRIGHT_CUDA).
Result<RasterizeOutput> rasterize(const SplatTensors& splats, const RasterizeSettings& settings);

// The same pass without autograd, for the training loop's hot path: the same kernels and
// outputs as rasterize(); what backward needs stays in the pass, and rasterizeBackward returns
// the five parameter gradients (means, quats, logScales, opacityLogits, colorLogits) for the
// image gradients (rgb [H, W, 3], alpha [H, W]; the depth gets none). No autograd graph is
// built, so a step pays no engine bookkeeping and, on CUDA, several trainings of one process
// do not queue behind the autograd engine's one worker thread per device. One backward per pass.
struct RasterizePass {
    RasterizeOutput out;
    std::shared_ptr<void> state;  // the backend's saved tensors
};
Result<RasterizePass> rasterizeDirect(const SplatTensors& splats, const RasterizeSettings& settings);
std::array<at::Tensor, 5> rasterizeBackward(RasterizePass& pass, const at::Tensor& gradRgb, const at::Tensor& gradAlpha);

// True when a pass of `count` splats with these settings on `device` (forward and backward)
// only queues device work whose sizes depend on nothing but count and the image size, with no
// read-back: what a captured step graph needs (CUDA builds, the dense binning of small clouds).
bool rasterizeIsCapturable(std::int64_t count, const at::Device& device, const RasterizeSettings& settings);

// True when this build has the CUDA backend (SPLATWRIGHT_CUDA) and libtorch sees a CUDA device:
// what a device choice in the CLI or the Training panel offers "cuda" on.
bool cudaBackendAvailable();
// CUDA devices this process sees (after CUDA_VISIBLE_DEVICES); 0 without the backend.
int cudaDeviceCount();

namespace detail {
// The kernels' camera for these settings (both backends and the kernel-level tests).
kernels::KernelCamera kernelCamera(const RasterizeSettings& s);
}  // namespace detail

}  // namespace sw::train
