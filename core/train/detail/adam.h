#pragma once
// Adam (Kingma & Ba, "Adam: A Method for Stochastic Optimization", ICLR 2015, Algorithm 1)
// on float32 tensors, one group per parameter tensor, updated in place by train_ops.h's
// adamUpdate (one fused loop per group on the CPU, one kernel for all groups on CUDA). The first and second moments are plain tensors with the parameter's shape,
// so a strategy can move, append or zero rows (see param_state.h). Torch-facing: core/train only.
#include <ATen/core/Tensor.h>

#include <cstdint>
#include <vector>

#include "core/train/detail/train_ops.h"

namespace sw::train {

struct AdamSettings {
    double beta1 = 0.9;
    double beta2 = 0.999;
    double eps = 1e-15;  // gsplat's value: splat gradients are tiny
};

class Adam {
public:
    explicit Adam(AdamSettings settings = {}) : m_settings(settings) {}

    // Adds a group for `param` (float32, contiguous) with zeroed moments; returns its index.
    int addGroup(const at::Tensor& param, double lr);
    int groupCount() const { return int(m_groups.size()); }

    double lr(int group) const { return m_groups.at(std::size_t(group)).lr; }
    void setLr(int group, double lr) { m_groups.at(std::size_t(group)).lr = lr; }

    // One Adam update of every group: params[g] -= lr·m̂/(√v̂ + eps) from params[g].grad(),
    // which is released afterwards (undefined; the next backward pass defines it again). A group whose parameter has no gradient is skipped (its
    // moments stay as they are). Parameters, gradients and moments share one device.
    // Precondition: params[g] has the shape of the group's moments. threads: the CPU loop's
    // threads (0: every core); the result does not depend on it.
    // deviceStep (CUDA, train_ops.h DeviceSteps): the step sizes are read on the device; the
    // trainer computed them for this update's t and the groups' learning rates.
    void step(const std::vector<at::Tensor*>& params, int threads = 1, const kernels::DeviceStep* deviceStep = nullptr);
    // step() without the update: advances the time step and returns the update for
    // train_ops.h's adamUpdates, which runs several optimizers' updates in one launch.
    AdamJob prepareStep(const std::vector<at::Tensor*>& params, const kernels::DeviceStep* deviceStep = nullptr);
    const AdamSettings& settings() const { return m_settings; }

    std::int64_t stepCount() const { return m_step; }
    void setStepCount(std::int64_t step) { m_step = step; }

    // The moments of a group: [N, ...] float32, rows aligned with the parameter rows.
    at::Tensor& expAvg(int group) { return m_groups.at(std::size_t(group)).expAvg; }
    at::Tensor& expAvgSq(int group) { return m_groups.at(std::size_t(group)).expAvgSq; }

private:
    struct Group {
        at::Tensor expAvg;    // first moment m
        at::Tensor expAvgSq;  // second moment v
        double lr = 0;
    };
    AdamSettings m_settings;
    std::vector<Group> m_groups;
    std::int64_t m_step = 0;
};

}  // namespace sw::train
