#include "core/train/detail/adam.h"

#include <ATen/ops/zeros_like.h>

#include "core/foundation/check.h"
#include "core/train/detail/train_ops.h"

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

void Adam::step(const std::vector<at::Tensor*>& params, int threads, const kernels::DeviceStep* deviceStep) {
    adamUpdates({prepareStep(params, deviceStep)}, m_settings.beta1, m_settings.beta2, m_settings.eps, threads);
}

AdamJob Adam::prepareStep(const std::vector<at::Tensor*>& params, const kernels::DeviceStep* deviceStep) {
    SW_REQUIRE(params.size() == m_groups.size(), "params " << params.size() << " groups " << m_groups.size());
    AdamJob job;
    job.step = ++m_step;
    job.deviceStep = deviceStep;
    job.groups.reserve(m_groups.size());
    for (std::size_t k = 0; k < m_groups.size(); ++k) {
        Group& g = m_groups[k];
        SW_REQUIRE(params[k]->numel() == g.expAvg.numel(),
                   "group " << k << ": param " << params[k]->sizes() << " moments " << g.expAvg.sizes());
        job.groups.push_back({params[k], &g.expAvg, &g.expAvgSq, g.lr, int(k)});
    }
    return job;
}

}  // namespace sw::train
