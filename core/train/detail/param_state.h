#pragma once
// The trainable splat parameters and their Adam state, kept row-aligned. Every change of rows
// (relocation, appending, resetting) goes through updateParamsWithOptimizer, the one helper
// that edits a parameter tensor and the matching optimizer moments together (the role of
// gsplat's strategy/ops.py::_update_param_with_optimizer). Torch-facing: core/train only.
#include <ATen/core/Tensor.h>

#include <array>
#include <functional>
#include <vector>

#include "core/splat/splat_cloud.h"
#include "core/train/detail/adam.h"
#include "core/train/detail/rasterize.h"

namespace sw::train {

// Parameter groups, in the order of SplatTensors and of the Adam groups.
enum class ParamId { Means, Quats, LogScales, OpacityLogits, ColorLogits };
inline constexpr int PARAM_COUNT = 5;
inline constexpr std::array<ParamId, PARAM_COUNT> ALL_PARAMS = {
    ParamId::Means, ParamId::Quats, ParamId::LogScales, ParamId::OpacityLogits, ParamId::ColorLogits};
const char* paramName(ParamId id);  // "means", "quats", "scales", "opacities", "colors"

struct ParamState {
    SplatTensors splats;  // leaf tensors, float32, contiguous, requires_grad
    Adam adam;            // group k belongs to ALL_PARAMS[k]

    at::Tensor& param(ParamId id);
    const at::Tensor& param(ParamId id) const;
    std::vector<at::Tensor*> paramPointers();  // in ALL_PARAMS order, for Adam::step
    std::int64_t count() const { return splats.means.size(0); }
};

// Tensors from a cloud (logits of opacity and colour clamped to [1e-6, 1 − 1e-6], log scales,
// quaternions as stored) with one Adam group per parameter at lrs[k] for ALL_PARAMS[k].
ParamState makeParamState(const splat::SplatCloud& cloud, const std::array<double, PARAM_COUNT>& lrs,
                          AdamSettings adam = {});

// Moves the parameters and their Adam moments to `device` (fresh leaves without gradients);
// nothing happens when they are already there. The trainer moves the state once, before the
// loop; a strategy that edits rows on the host moves it there and back.
void moveParamState(ParamState& state, const at::Device& device);

// The cloud in editor units: normalised quaternions, linear scales, opacity and colour through
// the sigmoid. A copy on the host (from any device): training can go on while the caller uses it.
splat::SplatCloud toCloud(const SplatTensors& splats);

// paramFn(id, value) returns the parameter's new value (the same tensor edited in place, or a
// new one with a different row count); momentFn(id, moment) does the same for each Adam moment
// (called for exp_avg and exp_avg_sq). Runs without autograd; afterwards the parameters are
// fresh leaves without gradients. Precondition (checked): all rows stay aligned.
using ParamFn = std::function<at::Tensor(ParamId id, at::Tensor value)>;
using MomentFn = std::function<at::Tensor(ParamId id, at::Tensor moment)>;
void updateParamsWithOptimizer(ParamState& state, const ParamFn& paramFn, const MomentFn& momentFn);

}  // namespace sw::train
