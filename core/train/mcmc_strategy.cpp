#include "core/train/mcmc_strategy.h"

#include <Eigen/Geometry>
#include <algorithm>
#include <cmath>
#include <limits>
#include <vector>

#include "core/foundation/check.h"
#include "core/train/seeds.h"

namespace sw::train {
namespace {

float sigmoid(float x) { return 1.f / (1.f + std::exp(-x)); }

// Copies of splats: rows sampled[j] are updated by Eq. 9 (N = 1 + times sampled) and copied
// onto rows targets[j]; targets ≥ count() append rows up to newCount. The Adam moments of
// every sampled and target row are zeroed. One call of the row-surgery helper.
void replicate(ParamState& state, const std::vector<std::int64_t>& sampled, const std::vector<std::int64_t>& targets,
               std::int64_t newCount, double minOpacity) {
    const std::int64_t n = state.count();
    std::vector<int> copies(std::size_t(n), 0);
    for (std::int64_t s : sampled) ++copies[std::size_t(s)];
    std::vector<std::int64_t> unique;
    std::vector<float> newLogit(static_cast<std::size_t>(n)), logFactor(static_cast<std::size_t>(n));
    const float* logits = state.splats.opacityLogits.data_ptr<float>();
    const double maxOpacity = 1.0 - double(std::numeric_limits<float>::epsilon());
    for (std::int64_t i = 0; i < n; ++i) {
        if (copies[std::size_t(i)] == 0) continue;
        unique.push_back(i);
        const Relocation r = relocationEq9(sigmoid(logits[i]), copies[std::size_t(i)] + 1);
        const double o = std::clamp(r.opacity, minOpacity, maxOpacity);
        newLogit[std::size_t(i)] = float(std::log(o / (1.0 - o)));
        logFactor[std::size_t(i)] = float(std::log(r.scaleFactor));
    }
    const auto paramFn = [&](ParamId id, at::Tensor t) {
        if (newCount > n) t = growRows(t, newCount);
        float* v = t.data_ptr<float>();
        for (std::int64_t i : unique) {
            if (id == ParamId::OpacityLogits) v[i] = newLogit[std::size_t(i)];
            if (id == ParamId::LogScales)
                for (int a = 0; a < 3; ++a) v[i * 3 + a] += logFactor[std::size_t(i)];
        }
        for (std::size_t j = 0; j < sampled.size(); ++j) copyRow(t, sampled[j], targets[j]);
        return t;
    };
    const auto momentFn = [&](ParamId, at::Tensor m) {
        if (newCount > n) m = growRows(m, newCount);
        for (std::size_t j = 0; j < sampled.size(); ++j) {
            zeroRow(m, sampled[j]);
            zeroRow(m, targets[j]);
        }
        return m;
    };
    updateParamsWithOptimizer(state, paramFn, momentFn);
}

// `count` row indices drawn with replacement from `rows`, with probability ∝ opacity.
std::vector<std::int64_t> sampleByOpacity(const ParamState& state, const std::vector<std::int64_t>& rows,
                                          std::size_t count, std::mt19937_64& rng) {
    const float* logits = state.splats.opacityLogits.data_ptr<float>();
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
    const int n = std::clamp(copies, 1, MAX_COPIES);
    Relocation r;
    r.opacity = 1.0 - std::pow(1.0 - opacity, 1.0 / n);
    double denominator = 0;
    for (int i = 1; i <= n; ++i) {
        double binomial = 1;  // C(i − 1, k), updated along k
        for (int k = 0; k < i; ++k) {
            const double sign = (k % 2 == 0) ? 1.0 : -1.0;
            denominator += binomial * sign * std::pow(r.opacity, k + 1) / std::sqrt(double(k + 1));
            binomial = binomial * double(i - 1 - k) / double(k + 1);
        }
    }
    r.scaleFactor = denominator > 0 ? opacity / denominator : 1.0;
    if (!std::isfinite(r.scaleFactor) || r.scaleFactor <= 0) r.scaleFactor = 1.0;
    return r;
}

int McmcStrategy::relocateDead(ParamState& state, std::mt19937_64& rng) {
    const std::int64_t n = state.count();
    const float* logits = state.splats.opacityLogits.data_ptr<float>();
    std::vector<std::int64_t> dead, alive;
    for (std::int64_t i = 0; i < n; ++i) (double(sigmoid(logits[i])) <= m_settings.minOpacity ? dead : alive).push_back(i);
    if (dead.empty() || alive.empty()) return 0;
    const std::vector<std::int64_t> sampled = sampleByOpacity(state, alive, dead.size(), rng);
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
    const std::vector<std::int64_t> sampled = sampleByOpacity(state, all, std::size_t(target - n), rng);
    for (std::int64_t i = n; i < target; ++i) targets.push_back(i);
    replicate(state, sampled, targets, target, m_settings.minOpacity);
    m_addedTotal += int(target - n);
    return int(target - n);
}

void McmcStrategy::injectNoise(ParamState& state, double meansLr, std::mt19937_64& rng) const {
    // Kheradmand et al. Eq. 10 as in gsplat: ε ~ N(0, I), Δμ = Σ·ε·σ(−100(o − 0.005))·lr·noiseLr.
    // Splats whose gate σ(·) is below 1e-7 (opacity > ~0.17) would move by < 1e-9: skipped.
    const std::int64_t n = state.count();
    const double scaler = meansLr * m_settings.noiseLr;
    at::Tensor means = state.splats.means.detach();
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

void McmcStrategy::afterStep(ParamState& state, const RenderInfo& info, int step) {
    if (step > m_settings.refineStart && step < m_settings.refineStop && step % m_settings.refineEvery == 0) {
        std::mt19937_64 rng(stepSeed(m_settings.seed, step, SeedStream::Relocation));
        relocateDead(state, rng);
        addToCap(state, rng);
    }
    std::mt19937_64 noiseRng(stepSeed(m_settings.seed, step, SeedStream::Noise));
    injectNoise(state, info.meansLr, noiseRng);
    SW_REQUIRE(state.count() <= m_settings.capMax, "splats " << state.count() << " > cap " << m_settings.capMax);
}

}  // namespace sw::train
