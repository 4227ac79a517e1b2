#pragma once
// The scalars of one training step that change from step to step (the view's camera and
// ground truth, the background, the entropy weight, Adam's step sizes, the MCMC noise's scale
// and seed), laid out for the GPU. The trainer (detail/train_loop.cpp) fills one DeviceStep per
// step of the run on the host, from the same seeds and schedules as its CPU path, and uploads
// them once; each step on the device first copies its entry to a fixed slot (train_ops.h,
// selectDeviceStep) and every kernel of the step reads its scalars from that slot instead of
// taking them as launch arguments. A step's kernel launches are then the same for every step,
// so the whole step can be captured once as a CUDA graph and replayed (train_ops.h, StepGraph).
// Torch-free, plain data; the CPU path never reads it.
#include <cstdint>

#include "core/train/rasterize_kernels.h"

namespace sw::train::kernels {

inline constexpr int MAX_ADAM_GROUPS = 8;

struct DeviceStep {
    KernelCamera camera;            // the step's view (its own `step` pointer is null)
    float background[3] = {0, 0, 0};  // grey composited behind the splats and the ground truth
    int32_t view = 0;                // index of the train view (row of the stacked ground truth)
    float entropyWeight = 0;         // opacity entropy weight (0: the term is off)
    float adamInvSqrtC2 = 1;         // 1/√(1 − β₂ᵗ) at this step's Adam time t
    float adamStepSize[MAX_ADAM_GROUPS] = {};  // lr of group g / (1 − β₁ᵗ)
    float noiseScaler = 0;           // MCMC noise: meansLr · noiseLr
    uint64_t noiseSeed = 0;          // MCMC noise: the step's Philox key
};

}  // namespace sw::train::kernels
