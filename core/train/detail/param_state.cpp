#include "core/train/detail/param_state.h"

#include <ATen/core/grad_mode.h>
#include <ATen/ops/empty.h>

#include <algorithm>
#include <cmath>

#include "core/foundation/check.h"

namespace sw::train {
namespace {

float logit(float p) {
    const float q = std::clamp(p, 1e-6f, 1.f - 1e-6f);
    return std::log(q / (1.f - q));
}

float sigmoid(float x) { return 1.f / (1.f + std::exp(-x)); }

}  // namespace

const char* paramName(ParamId id) {
    switch (id) {
        case ParamId::Means: return "means";
        case ParamId::Quats: return "quats";
        case ParamId::LogScales: return "scales";
        case ParamId::OpacityLogits: return "opacities";
        case ParamId::ColorLogits: return "colors";
    }
    return "?";
}

at::Tensor& ParamState::param(ParamId id) {
    switch (id) {
        case ParamId::Means: return splats.means;
        case ParamId::Quats: return splats.quats;
        case ParamId::LogScales: return splats.logScales;
        case ParamId::OpacityLogits: return splats.opacityLogits;
        case ParamId::ColorLogits: return splats.colorLogits;
    }
    SW_REQUIRE(false, "param id " << int(id));
    return splats.means;
}

const at::Tensor& ParamState::param(ParamId id) const { return const_cast<ParamState*>(this)->param(id); }

std::vector<at::Tensor*> ParamState::paramPointers() {
    std::vector<at::Tensor*> out;
    for (ParamId id : ALL_PARAMS) out.push_back(&param(id));
    return out;
}

ParamState makeParamState(const splat::SplatCloud& cloud, const std::array<double, PARAM_COUNT>& lrs,
                          AdamSettings adam) {
    const auto n = std::int64_t(cloud.size());
    ParamState state{{}, Adam(adam)};
    at::Tensor means = at::empty({n, 3}, at::kFloat), quats = at::empty({n, 4}, at::kFloat);
    at::Tensor scales = at::empty({n, 3}, at::kFloat), opac = at::empty({n}, at::kFloat);
    at::Tensor colors = at::empty({n, 3}, at::kFloat);
    float *m = means.data_ptr<float>(), *q = quats.data_ptr<float>(), *s = scales.data_ptr<float>();
    float *o = opac.data_ptr<float>(), *c = colors.data_ptr<float>();
    for (std::int64_t i = 0; i < n; ++i) {
        const auto k = std::size_t(i);
        for (int a = 0; a < 3; ++a) {
            m[i * 3 + a] = cloud.positions[k][a];
            s[i * 3 + a] = std::log(std::max(cloud.scales[k][a], 1e-12f));
            c[i * 3 + a] = logit(cloud.colors[k][a]);
        }
        for (int a = 0; a < 4; ++a) q[i * 4 + a] = cloud.rotations[k][a];
        o[i] = logit(cloud.opacities[k]);
    }
    state.splats = {means.requires_grad_(), quats.requires_grad_(), scales.requires_grad_(), opac.requires_grad_(),
                    colors.requires_grad_()};
    for (int k = 0; k < PARAM_COUNT; ++k) state.adam.addGroup(state.param(ALL_PARAMS[std::size_t(k)]), lrs[std::size_t(k)]);
    return state;
}

void moveParamState(ParamState& state, const at::Device& device) {
    if (state.splats.means.device() == device) return;
    const auto move = [&](ParamId, at::Tensor t) { return t.to(device); };
    updateParamsWithOptimizer(state, move, move);
}

splat::SplatCloud toCloud(const SplatTensors& splats) {
    splat::SplatCloud cloud;
    const auto n = splats.means.size(0);
    cloud.resize(std::size_t(n));
    const auto host = [](const at::Tensor& t) { return t.detach().to(at::kCPU).contiguous(); };
    const at::Tensor mT = host(splats.means), qT = host(splats.quats), sT = host(splats.logScales);
    const at::Tensor oT = host(splats.opacityLogits), cT = host(splats.colorLogits);
    const float *m = mT.data_ptr<float>(), *q = qT.data_ptr<float>();
    const float *s = sT.data_ptr<float>(), *o = oT.data_ptr<float>();
    const float* c = cT.data_ptr<float>();
    for (std::int64_t i = 0; i < n; ++i) {
        const auto k = std::size_t(i);
        cloud.positions[k] = {m[i * 3], m[i * 3 + 1], m[i * 3 + 2]};
        const Eigen::Vector4f quat(q[i * 4], q[i * 4 + 1], q[i * 4 + 2], q[i * 4 + 3]);
        cloud.rotations[k] = quat.norm() > 1e-12f ? quat.normalized() : Eigen::Vector4f(1, 0, 0, 0);
        cloud.scales[k] = {std::exp(s[i * 3]), std::exp(s[i * 3 + 1]), std::exp(s[i * 3 + 2])};
        cloud.opacities[k] = sigmoid(o[i]);
        cloud.colors[k] = {sigmoid(c[i * 3]), sigmoid(c[i * 3 + 1]), sigmoid(c[i * 3 + 2])};
    }
    return cloud;
}

void updateParamsWithOptimizer(ParamState& state, const ParamFn& paramFn, const MomentFn& momentFn) {
    at::NoGradGuard noGrad;
    for (int k = 0; k < PARAM_COUNT; ++k) {
        const ParamId id = ALL_PARAMS[std::size_t(k)];
        at::Tensor value = paramFn(id, state.param(id).detach());
        state.param(id) = value.contiguous().requires_grad_();
        state.adam.expAvg(k) = momentFn(id, state.adam.expAvg(k)).contiguous();
        state.adam.expAvgSq(k) = momentFn(id, state.adam.expAvgSq(k)).contiguous();
    }
    const std::int64_t n = state.count();
    for (int k = 0; k < PARAM_COUNT; ++k) {
        const at::Tensor& p = state.param(ALL_PARAMS[std::size_t(k)]);
        SW_REQUIRE(p.size(0) == n && state.adam.expAvg(k).sizes() == p.sizes() &&
                       state.adam.expAvgSq(k).sizes() == p.sizes(),
                   paramName(ALL_PARAMS[std::size_t(k)]) << ": param " << p.sizes() << " exp_avg "
                                                         << state.adam.expAvg(k).sizes() << ", " << n << " splats");
    }
}

}  // namespace sw::train
