#include "core/train/detail/mcmc_strategy.h"

#include <ATen/core/grad_mode.h>
#include <ATen/ops/empty.h>

#include <Eigen/Geometry>
#include <algorithm>
#include <cmath>
#include <vector>

#include "core/foundation/check.h"
#include "core/train/cuda/relocation_eq9.h"
#include "core/train/detail/seeds.h"
#include "core/train/detail/train_ops.h"

namespace sw::train {
namespace {

float sigmoid(float x) { return 1.f / (1.f + std::exp(-x)); }

// The opacity logits on the host: the state's own tensor on the CPU, otherwise a download of
// N floats (the only read-back of a relocation; the rows themselves never leave the device).
at::Tensor hostLogits(const ParamState& state) {
    return state.splats.opacityLogits.detach().to(at::kCPU).contiguous();
}

// Rows sampled[j] → targets[j], grouped by source (ascending) as relocateRows expects.
RelocationPlan makePlan(const std::vector<std::int64_t>& sampled, const std::vector<std::int64_t>& targets) {
    std::vector<std::size_t> order(sampled.size());
    for (std::size_t j = 0; j < order.size(); ++j) order[j] = j;
    std::stable_sort(order.begin(), order.end(), [&](std::size_t a, std::size_t b) { return sampled[a] < sampled[b]; });
    RelocationPlan plan;
    plan.offsets.push_back(0);
    for (std::size_t j : order) {
        if (plan.sources.empty() || plan.sources.back() != sampled[j]) {
            if (!plan.sources.empty()) plan.offsets.push_back(std::int64_t(plan.targets.size()));
            plan.sources.push_back(sampled[j]);
        }
        plan.targets.push_back(targets[j]);
    }
    if (!plan.sources.empty()) plan.offsets.push_back(std::int64_t(plan.targets.size()));
    return plan;
}

// `rows` rows whose first t.size(0) are t, on t's device (the new rows are all relocation
// targets, so relocateRows fills them).
at::Tensor grownRows(const at::Tensor& t, std::int64_t rows) {
    std::vector<std::int64_t> shape(t.sizes().begin(), t.sizes().end());
    shape[0] = rows;
    at::Tensor out = at::empty(shape, t.options().requires_grad(false));
    out.narrow(0, 0, t.size(0)).copy_(t);
    return out;
}

// Copies of splats: rows sampled[j] are updated by Eq. 9 (N = 1 + times sampled) and copied
// onto rows targets[j]; targets ≥ count() append rows up to newCount. The Adam moments of
// every sampled and target row are zeroed. Growing goes through the row-surgery helper, the
// edit itself is one train_ops call (CPU loop or one CUDA kernel) on the state's device.
void replicate(ParamState& state, const std::vector<std::int64_t>& sampled, const std::vector<std::int64_t>& targets,
               std::int64_t newCount, double minOpacity) {
    if (newCount > state.count()) {
        const auto grow = [&](ParamId, at::Tensor t) { return grownRows(t, newCount); };
        updateParamsWithOptimizer(state, grow, grow);
    }
    at::NoGradGuard noGrad;
    RelocationTensors tensors;
    tensors.copied = {state.splats.means.detach(), state.splats.quats.detach(), state.splats.colorLogits.detach()};
    tensors.opacityLogits = state.splats.opacityLogits.detach();
    tensors.logScales = state.splats.logScales.detach();
    for (int k = 0; k < PARAM_COUNT; ++k) {
        tensors.zeroed.push_back(state.adam.expAvg(k));
        tensors.zeroed.push_back(state.adam.expAvgSq(k));
    }
    relocateRows(tensors, makePlan(sampled, targets), minOpacity);
}

// `count` row indices drawn with replacement from `rows`, with probability ∝ opacity.
// logits: [N] host copy of the opacity logits.
std::vector<std::int64_t> sampleByOpacity(const float* logits, const std::vector<std::int64_t>& rows,
                                          std::size_t count, std::mt19937_64& rng) {
    std::vector<double> weights;
    weights.reserve(rows.size());
    for (std::int64_t i : rows) weights.push_back(double(sigmoid(logits[i])) + 1e-12);
    std::discrete_distribution<std::size_t> pick(weights.begin(), weights.end());
    std::vector<std::int64_t> out(count);
    for (auto& s : out) s = rows[pick(rng)];
    return out;
}

}  // namespace

Relocation relocationEq9(double opacity, int copies) {
    const Eq9Result r = relocationEq9Formula(opacity, copies);
    return Relocation{r.opacity, r.scaleFactor};
}

int McmcStrategy::relocateDead(ParamState& state, std::mt19937_64& rng) {
    const std::int64_t n = state.count();
    const at::Tensor logitsHost = hostLogits(state);
    const float* logits = logitsHost.data_ptr<float>();
    std::vector<std::int64_t> dead, alive;
    for (std::int64_t i = 0; i < n; ++i) (double(sigmoid(logits[i])) <= m_settings.minOpacity ? dead : alive).push_back(i);
    if (dead.empty() || alive.empty()) return 0;
    const std::vector<std::int64_t> sampled = sampleByOpacity(logits, alive, dead.size(), rng);
    replicate(state, sampled, dead, n, m_settings.minOpacity);
    m_relocatedTotal += int(dead.size());
    return int(dead.size());
}

int McmcStrategy::addToCap(ParamState& state, std::mt19937_64& rng) {
    const std::int64_t n = state.count();
    const std::int64_t target = std::min<std::int64_t>(m_settings.capMax, std::int64_t(1.05 * double(n)));
    if (target <= n || n == 0) return 0;
    std::vector<std::int64_t> all(static_cast<std::size_t>(n)), targets;
    for (std::int64_t i = 0; i < n; ++i) all[std::size_t(i)] = i;
    const at::Tensor logitsHost = hostLogits(state);
    const std::vector<std::int64_t> sampled =
        sampleByOpacity(logitsHost.data_ptr<float>(), all, std::size_t(target - n), rng);
    for (std::int64_t i = n; i < target; ++i) targets.push_back(i);
    replicate(state, sampled, targets, target, m_settings.minOpacity);
    m_addedTotal += int(target - n);
    return int(target - n);
}

void McmcStrategy::injectNoise(ParamState& state, double meansLr, std::mt19937_64& rng,
                               const kernels::DeviceStep* deviceStep) const {
    // Kheradmand et al. Eq. 10 as in gsplat: ε ~ N(0, I), Δμ = Σ·ε·σ(−100(o − 0.005))·lr·noiseLr.
    // Splats whose gate σ(·) is below 1e-7 (opacity > ~0.17) would move by < 1e-9: skipped.
    const std::int64_t n = state.count();
    const double scaler = meansLr * m_settings.noiseLr;
    at::Tensor means = state.splats.means.detach();
    if (!means.is_cpu()) {  // the same equation in one kernel, seeded from the step's engine
        meansNoiseOnDevice(means, state.splats.quats.detach(), state.splats.logScales.detach(),
                           state.splats.opacityLogits.detach(), scaler, rng(), deviceStep);
        return;
    }
    float* m = means.data_ptr<float>();
    const float* q = state.splats.quats.data_ptr<float>();
    const float* s = state.splats.logScales.data_ptr<float>();
    const float* logits = state.splats.opacityLogits.data_ptr<float>();
    std::normal_distribution<double> normal(0.0, 1.0);
    for (std::int64_t i = 0; i < n; ++i) {
        const double o = sigmoid(logits[i]);
        const double gate = 1.0 / (1.0 + std::exp(100.0 * (o - 0.005)));
        if (gate < 1e-7) continue;
        Eigen::Quaterniond rot(q[i * 4], q[i * 4 + 1], q[i * 4 + 2], q[i * 4 + 3]);
        if (rot.norm() < 1e-12) continue;
        const Eigen::Matrix3d r = rot.normalized().toRotationMatrix();
        const Eigen::Vector3d var(std::exp(2.0 * double(s[i * 3])), std::exp(2.0 * double(s[i * 3 + 1])),
                                  std::exp(2.0 * double(s[i * 3 + 2])));
        const Eigen::Matrix3d cov = r * var.asDiagonal() * r.transpose();  // Σ = R S Sᵀ Rᵀ
        const Eigen::Vector3d eps(normal(rng), normal(rng), normal(rng));
        const Eigen::Vector3d delta = cov * (eps * gate * scaler);
        for (int a = 0; a < 3; ++a) m[i * 3 + a] += float(delta[a]);
    }
}

std::uint64_t McmcStrategy::deviceNoiseSeed(int step) const {
    std::mt19937_64 noiseRng(stepSeed(m_settings.seed, step, SeedStream::Noise));
    return noiseRng();  // injectNoise's one draw on a device
}

void McmcStrategy::afterStep(ParamState& state, const RenderInfo& info, int step) {
    if (refinesAt(step)) {
        // The rows are edited where they live (train_ops relocateRows); only the opacity
        // logits come to the host, for the sampler (the same draws on every backend).
        std::mt19937_64 rng(stepSeed(m_settings.seed, step, SeedStream::Relocation));
        relocateDead(state, rng);
        addToCap(state, rng);
    }
    std::mt19937_64 noiseRng(stepSeed(m_settings.seed, step, SeedStream::Noise));
    injectNoise(state, info.meansLr, noiseRng, info.deviceStep);
    SW_REQUIRE(state.count() <= m_settings.capMax, "splats " << state.count() << " > cap " << m_settings.capMax);
}

}  // namespace sw::train
