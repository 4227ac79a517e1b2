#pragma once
// Densification / budget strategies behind one small interface (the shape of gsplat's
// strategy/base.py): the trainer calls afterStep once per step, after the optimizer update,
// with what the step's render produced. Torch-facing: core/train only.
#include <ATen/core/Tensor.h>

#include "core/train/detail/param_state.h"

namespace sw::train::kernels {
struct DeviceStep;  // device_step.h
}

namespace sw::train {

// What one training step's render tells a strategy.
struct RenderInfo {
    at::Tensor radii;     // [N] int32 screen radius in pixels of this step's view, 0 = culled
    int width = 0;        // image size of the view, pixels
    int height = 0;
    int step = 0;         // 0-based index of the step just taken
    int totalSteps = 0;
    double meansLr = 0;   // learning rate of the means at this step (drives MCMC's noise)
    // CUDA (train_ops.h DeviceSteps::slot()): the step's scalars on the device; the noise then
    // reads its scale and seed there (the trainer put the same values in).
    const kernels::DeviceStep* deviceStep = nullptr;
};

class Strategy {
public:
    virtual ~Strategy() = default;
    // May edit rows of the state, only through updateParamsWithOptimizer (param_state.h) or
    // train_ops.h's relocateRows (which edits every parameter and its Adam moments together, in
    // place on the state's device), and must never grow it beyond the strategy's cap.
    virtual void afterStep(ParamState& state, const RenderInfo& info, int step) = 0;
};

}  // namespace sw::train
