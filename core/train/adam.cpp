#include "core/train/adam.h"

#include <ATen/ops/zeros_like.h>

#include <cmath>

#include "core/foundation/check.h"

namespace sw::train {

int Adam::addGroup(const at::Tensor& param, double lr) {
    SW_REQUIRE(param.scalar_type() == at::kFloat && param.is_contiguous(), "param " << param.toString());
    Group g;
    g.expAvg = at::zeros_like(param).detach();
    g.expAvgSq = at::zeros_like(param).detach();
    g.lr = lr;
    m_groups.push_back(std::move(g));
    return int(m_groups.size()) - 1;
}

void Adam::step(const std::vector<at::Tensor*>& params) {
    SW_REQUIRE(params.size() == m_groups.size(), "params " << params.size() << " groups " << m_groups.size());
    ++m_step;
    const double b1 = m_settings.beta1, b2 = m_settings.beta2;
    const double correction1 = 1.0 - std::pow(b1, double(m_step));
    const double correction2 = 1.0 - std::pow(b2, double(m_step));
    for (std::size_t k = 0; k < m_groups.size(); ++k) {
        at::Tensor& p = *params[k];
        const at::Tensor& grad = p.grad();
        if (!grad.defined()) continue;
        Group& g = m_groups[k];
        SW_REQUIRE(p.numel() == g.expAvg.numel() && grad.numel() == p.numel() && grad.is_contiguous() &&
                       p.is_contiguous(),
                   "group " << k << ": param " << p.sizes() << " moments " << g.expAvg.sizes());
        float* pv = p.data_ptr<float>();
        const float* gv = grad.data_ptr<float>();
        float* m = g.expAvg.data_ptr<float>();
        float* v = g.expAvgSq.data_ptr<float>();
        // Step size folds the first bias correction in; the denominator uses √v̂ = √v/√c₂.
        const float stepSize = float(g.lr / correction1);
        const float invSqrtC2 = float(1.0 / std::sqrt(correction2));
        const float eps = float(m_settings.eps), fb1 = float(b1), fb2 = float(b2);
        const std::int64_t n = p.numel();
        for (std::int64_t i = 0; i < n; ++i) {
            const float gi = gv[i];
            m[i] = fb1 * m[i] + (1.f - fb1) * gi;
            v[i] = fb2 * v[i] + (1.f - fb2) * gi * gi;
            pv[i] -= stepSize * m[i] / (std::sqrt(v[i]) * invSqrtC2 + eps);
        }
    }
}

}  // namespace sw::train
