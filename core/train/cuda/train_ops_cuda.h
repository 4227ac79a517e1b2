#pragma once
// CUDA kernels of the training step's element-wise pieces (core/train/train_ops.h): device
// pointers, one stream, torch-free. The host (train_ops.cpp) validates shapes and passes
// torch's current stream. float32 only.
#include <cstdint>

#include "core/train/cuda/rasterize_cuda.h"
#include "core/train/device_step.h"

namespace sw::train::kernels {

// Every kernel below takes an optional device step (device_step.h, on the device): when it is
// set, the kernel reads the step's scalars from it instead of the arguments they replace.

// L1 loss gradient of train_ops.h::l1LossGradient over `pixels` pixels; atomically adds the
// loss to *lossSum (device float64). rgb, gradRgb: [pixels, 3]; alpha, gradAlpha: [pixels];
// gtPremultiplied [pixels, 3] and gtAlpha [pixels], or with `step` every train view's stacked
// ([views, pixels, ...]), of which the kernel reads row step->view (and step->background).
void l1LossGradientCuda(const float* rgb, const float* alpha, const float* gtPremultiplied, const float* gtAlpha,
                        int64_t pixels, float background, float alphaWeight, float* gradRgb, float* gradAlpha,
                        double* lossSum, const DeviceStep* step, CudaStream stream);

// Entropy term of train_ops.h::entropyGradient over n logits; adds to grad and *lossSum
// (weight: step->entropyWeight with `step`).
void entropyGradientCuda(const float* logits, float* grad, int64_t n, float weight, double* lossSum,
                         const DeviceStep* step, CudaStream stream);

// *current = table[*counter] (the last entry past the end), then ++*counter; one small block.
void selectDeviceStepCuda(const DeviceStep* table, int32_t count, int32_t* counter, DeviceStep* current,
                          CudaStream stream);

struct AdamGroupCuda {
    float* param = nullptr;
    const float* grad = nullptr;
    float* expAvg = nullptr;
    float* expAvgSq = nullptr;
    int64_t count = 0;          // elements
    float stepSize = 0;         // lr / (1 − β₁ᵗ); with a device step: its adamStepSize[group]
    int32_t group = 0;          // the group's index in the optimizer
};
// One launch for up to MAX_ADAM_GROUPS groups; invSqrtC2 = 1/√(1 − β₂ᵗ) (or the step's).
void adamUpdateCuda(const AdamGroupCuda* groups, int groupCount, float beta1, float beta2, float eps,
                    float invSqrtC2, const DeviceStep* step, CudaStream stream);

// MCMC position noise of train_ops.h::meansNoiseOnDevice over n rows (scaler and seed: the
// step's with `step`).
void meansNoiseCuda(float* means, const float* quats, const float* logScales, const float* opacityLogits, int64_t n,
                    float scaler, uint64_t seed, const DeviceStep* step, CudaStream stream);

}  // namespace sw::train::kernels
