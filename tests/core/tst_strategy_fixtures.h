#pragma once
// Parameter-state fixtures of the MCMC strategy tests (tst_trainer_strategy, tst_trainer_cuda).
// Include after <doctest/doctest.h>.
#include <cmath>
#include <cstdint>
#include <random>

#include "core/splat/splat_cloud.h"
#include "core/train/detail/param_state.h"

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

}  // namespace sw::train::test
