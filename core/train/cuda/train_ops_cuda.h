#pragma once
// CUDA kernels of the training step's element-wise pieces (core/train/train_ops.h): device
// pointers, one stream, torch-free. The host (train_ops.cpp) validates shapes and passes
// torch's current stream. float32 only.
#include <cstdint>

#include "core/train/cuda/rasterize_cuda.h"

namespace sw::train::kernels {

// L1 loss gradient of train_ops.h::l1LossGradient over `pixels` pixels; atomically adds the
// loss to *lossSum (device float64). rgb, gtPremultiplied, gradRgb: [pixels, 3];
// alpha, gtAlpha, gradAlpha: [pixels].
void l1LossGradientCuda(const float* rgb, const float* alpha, const float* gtPremultiplied, const float* gtAlpha,
                        int64_t pixels, float background, float alphaWeight, float* gradRgb, float* gradAlpha,
                        double* lossSum, CudaStream stream);

// Entropy term of train_ops.h::entropyGradient over n logits; adds to grad and *lossSum.
void entropyGradientCuda(const float* logits, float* grad, int64_t n, float weight, double* lossSum,
                         CudaStream stream);

inline constexpr int MAX_ADAM_GROUPS = 8;
struct AdamGroupCuda {
    float* param = nullptr;
    const float* grad = nullptr;
    float* expAvg = nullptr;
    float* expAvgSq = nullptr;
    int64_t count = 0;          // elements
    float stepSize = 0;         // lr / (1 − β₁ᵗ)
};
// One launch for up to MAX_ADAM_GROUPS groups; invSqrtC2 = 1/√(1 − β₂ᵗ).
void adamUpdateCuda(const AdamGroupCuda* groups, int groupCount, float beta1, float beta2, float eps,
                    float invSqrtC2, CudaStream stream);

// MCMC position noise of train_ops.h::meansNoiseOnDevice over n rows.
void meansNoiseCuda(float* means, const float* quats, const float* logScales, const float* opacityLogits, int64_t n,
                    float scaler, uint64_t seed, CudaStream stream);

}  // namespace sw::train::kernels
