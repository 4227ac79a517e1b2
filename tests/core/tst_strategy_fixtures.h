#pragma once
// Parameter-state fixtures of the MCMC strategy tests (tst_trainer_strategy, tst_trainer_cuda).
// Include after <doctest/doctest.h>.
#include <ATen/ATen.h>

#include <algorithm>
#include <cmath>
#include <cstdint>
#include <random>
#include <vector>

#include "core/splat/splat_cloud.h"
#include "core/train/detail/param_state.h"
#include "core/train/detail/train_ops.h"

namespace sw::train::test {

// n splats with random means, scales ≈ exp(−3), opacity 0.001 for the first `dead` rows and
// 0.3–0.9 otherwise; Adam moments filled with ones. On the CPU.
inline ParamState makeStrategyState(int n, int dead, std::uint64_t seed) {
    std::mt19937_64 rng(seed);
    std::uniform_real_distribution<float> u(-1.f, 1.f);
    sw::splat::SplatCloud cloud;
    cloud.resize(std::size_t(n));
    for (int i = 0; i < n; ++i) {
        cloud.positions[std::size_t(i)] = {u(rng), u(rng), u(rng)};
        cloud.scales[std::size_t(i)] = Eigen::Vector3f::Constant(std::exp(-3.f + 0.5f * u(rng)));
        cloud.opacities[std::size_t(i)] = i < dead ? 0.001f : 0.3f + 0.6f * (0.5f + 0.5f * u(rng));
    }
    ParamState state = makeParamState(cloud, {1e-3, 1e-3, 1e-3, 1e-3, 1e-3});
    for (int k = 0; k < PARAM_COUNT; ++k) {
        state.adam.expAvg(k).fill_(1.f);
        state.adam.expAvgSq(k).fill_(1.f);
    }
    return state;
}

// Opacity of splat i (sigmoid of its logit; CPU state).
inline float opacityOf(const ParamState& s, std::int64_t i) {
    return 1.f / (1.f + std::exp(-s.splats.opacityLogits.data_ptr<float>()[i]));
}

// Three trainings' entropy terms and Adam updates, once one training after another
// (entropyGradient, Adam::step) and once fused (entropyGradients, Adam::prepareStep +
// adamUpdates: one launch each on CUDA), from the same states (sizes 40, 57, 74; Adam times 1,
// 4, 7; seeded gradients) on `device`. The largest differences between the two: of any
// parameter or moment element (absolute), of the loss sums (relative); and whether both left
// every gradient released and every Adam time one step on.
struct FusedDifference {
    double element = 0, lossSum = 0;
    bool released = true, timed = true;
};
inline FusedDifference fusedAgainstSingle(const at::Device& device) {
    constexpr int K = 3;
    std::vector<ParamState> single, fused;
    for (int k = 0; k < K; ++k) {
        single.push_back(makeStrategyState(40 + 17 * k, 5, 20 + std::uint64_t(k)));
        fused.push_back(makeStrategyState(40 + 17 * k, 5, 20 + std::uint64_t(k)));
    }
    std::vector<at::Tensor> singleLoss, fusedLoss;
    const auto options = at::TensorOptions().dtype(at::kDouble).device(device);
    for (int k = 0; k < K; ++k) {
        for (auto* s : {&single[std::size_t(k)], &fused[std::size_t(k)]}) {
            s->adam.setStepCount(3 * k);
            moveParamState(*s, device);
            at::manual_seed(100 + std::uint64_t(k));  // the same gradients in both sets
            for (int g = 0; g < PARAM_COUNT; ++g) {
                at::Tensor& param = s->param(ALL_PARAMS[std::size_t(g)]);
                param.mutable_grad() = at::randn(param.sizes(), param.options().requires_grad(false)) * 1e-3;
            }
        }
        singleLoss.push_back(at::zeros({1}, options));
        fusedLoss.push_back(at::zeros({1}, options));
    }
    const auto weight = [](int k) { return 0.5 + 0.25 * k; };
    for (int k = 0; k < K; ++k) {  // one after another
        ParamState& s = single[std::size_t(k)];
        at::Tensor grad = s.splats.opacityLogits.mutable_grad();
        entropyGradient(s.splats.opacityLogits.detach(), grad, weight(k), singleLoss[std::size_t(k)]);
        s.adam.step(s.paramPointers());
    }
    std::vector<at::Tensor> logits(K), grads(K);
    std::vector<EntropyTerm> terms;
    std::vector<AdamJob> jobs;
    for (int k = 0; k < K; ++k) {
        ParamState& s = fused[std::size_t(k)];
        logits[std::size_t(k)] = s.splats.opacityLogits.detach();
        grads[std::size_t(k)] = s.splats.opacityLogits.mutable_grad();
        terms.push_back({&logits[std::size_t(k)], &grads[std::size_t(k)], weight(k), &fusedLoss[std::size_t(k)], nullptr});
    }
    entropyGradients(terms);
    for (int k = 0; k < K; ++k) jobs.push_back(fused[std::size_t(k)].adam.prepareStep(fused[std::size_t(k)].paramPointers()));
    const AdamSettings& adam = fused.front().adam.settings();
    adamUpdates(jobs, adam.beta1, adam.beta2, adam.eps);
    FusedDifference d;
    for (int k = 0; k < K; ++k) {
        ParamState &a = single[std::size_t(k)], &b = fused[std::size_t(k)];
        d.timed = d.timed && a.adam.stepCount() == 3 * k + 1 && b.adam.stepCount() == 3 * k + 1;
        for (int g = 0; g < PARAM_COUNT; ++g) {
            const at::Tensor &pa = a.param(ALL_PARAMS[std::size_t(g)]), &pb = b.param(ALL_PARAMS[std::size_t(g)]);
            d.released = d.released && !pa.grad().defined() && !pb.grad().defined();
            for (const auto& [x, y] : {std::pair{pa.detach(), pb.detach()}, std::pair{a.adam.expAvg(g), b.adam.expAvg(g)},
                                       std::pair{a.adam.expAvgSq(g), b.adam.expAvgSq(g)}})
                d.element = std::max(d.element, (x - y).abs().max().item<double>());
        }
        const double la = singleLoss[std::size_t(k)].item<double>(), lb = fusedLoss[std::size_t(k)].item<double>();
        d.lossSum = std::max(d.lossSum, std::abs(la - lb) / std::max(1e-300, std::abs(la)));
    }
    return d;
}

}  // namespace sw::train::test
