#pragma once
// CUDA kernels of the training step's element-wise pieces (core/train/train_ops.h): device
// pointers, one stream, torch-free. The host (train_ops.cpp, mcmc_ops.cpp) validates shapes and passes
// torch's current stream. float32 only.
#include <cstdint>

#include "core/train/cuda/rasterize_cuda.h"
#include "core/train/device_step.h"

namespace sw::train::kernels {

// The element-wise kernels below each take a table of jobs and run them all in one launch
// (one per MAX_FUSED_JOBS): a training's step is one job; K trainings advanced in lockstep
// (detail/train_hooks.h trainLockstep) are K jobs of one launch. A job's `step` (device_step.h,
// on the device) when set replaces the scalars it stands for.
inline constexpr int MAX_FUSED_JOBS = 16;
inline constexpr int MAX_FUSED_ADAM_GROUPS = 48;  // groups of every job, one launch (kernel arguments ≤ 4 KB)

// L1 loss gradient of train_ops.h::l1LossGradient over `pixels` pixels; atomically adds the
// loss to *lossSum (device float64). rgb, gradRgb: [pixels, 3]; alpha, gradAlpha: [pixels];
// gtRgb (premultiplied) [pixels, 3] and gtAlpha [pixels], or with `step` every train view's
// stacked ([views, pixels, ...]), of which the kernel reads row step->view (and step->background).
struct LossJobCuda {
    const float* rgb = nullptr;
    const float* alpha = nullptr;
    const float* gtRgb = nullptr;
    const float* gtAlpha = nullptr;
    float* gradRgb = nullptr;
    float* gradAlpha = nullptr;
    double* lossSum = nullptr;
    const DeviceStep* step = nullptr;
    int64_t pixels = 0;
    float background = 0;
    float alphaWeight = 0;
};
void l1LossGradientCuda(const LossJobCuda* jobs, int count, CudaStream stream);

// Entropy term of train_ops.h::entropyGradient over n logits; adds to grad and *lossSum
// (weight: step->entropyWeight with `step`).
struct EntropyJobCuda {
    const float* logits = nullptr;
    float* grad = nullptr;
    double* lossSum = nullptr;
    const DeviceStep* step = nullptr;
    int64_t n = 0;
    float weight = 0;
};
void entropyGradientCuda(const EntropyJobCuda* jobs, int count, CudaStream stream);

// *current = table[*counter] (the last entry past the end), then ++*counter; one small block.
void selectDeviceStepCuda(const DeviceStep* table, int32_t count, int32_t* counter, DeviceStep* current,
                          CudaStream stream);

// One Adam parameter group of one training.
struct AdamGroupCuda {
    float* param = nullptr;
    const float* grad = nullptr;
    float* expAvg = nullptr;
    float* expAvgSq = nullptr;
    int64_t count = 0;          // elements
    float stepSize = 0;         // lr / (1 − β₁ᵗ); with `step`: its adamStepSize[group]
    float invSqrtC2 = 1;        // 1/√(1 − β₂ᵗ); with `step`: its adamInvSqrtC2
    const DeviceStep* step = nullptr;  // the group's training's step, or null
    int32_t group = 0;          // the group's index in its optimizer
};
// Every group in one launch (one per MAX_FUSED_ADAM_GROUPS).
void adamUpdateCuda(const AdamGroupCuda* groups, int groupCount, float beta1, float beta2, float eps,
                    CudaStream stream);

// MCMC position noise of train_ops.h::meansNoiseOnDevice over n rows (scaler and seed: the
// step's with `step`).
void meansNoiseCuda(float* means, const float* quats, const float* logScales, const float* opacityLogits, int64_t n,
                    float scaler, uint64_t seed, const DeviceStep* step, CudaStream stream);

}  // namespace sw::train::kernels
