// What a report of TrainLoop (detail/train_loop.h) does: the one read-back of the summed loss
// and the parameters' finiteness, the evaluation on the validation views (metrics.h), and the
// copy of the state a rollback restores.
#include <ATen/core/grad_mode.h>
#include <ATen/ops/cat.h>
#include <ATen/ops/sum.h>

#include <array>
#include <cmath>
#include <future>
#include <span>

#include "core/train/detail/train_loop.h"
#include "core/train/metrics.h"

namespace sw::train::detail {
namespace {

// Ground truth of view v over a grey background b: premultiplied + b·(1 − alpha). [H, W, 3]
void compositeInto(const TrainView& v, double background, std::vector<float>& out) {
    const std::size_t pixels = v.alpha.size();
    out.resize(pixels * 3);
    for (std::size_t p = 0; p < pixels; ++p)
        for (std::size_t c = 0; c < 3; ++c)
            out[p * 3 + c] = v.premultiplied[p * 3 + c] + float(background) * (1.f - v.alpha[p]);
}

}  // namespace

TrainLoop::Report TrainLoop::takeReport() {
    at::NoGradGuard noGrad;
    std::vector<at::Tensor> parts{m_lossSum};
    for (ParamId id : ALL_PARAMS) parts.push_back(m_state.param(id).detach().sum(at::kDouble).reshape({1}));
    const at::Tensor host = at::cat(parts).to(at::kCPU);
    const double* v = host.data_ptr<double>();
    m_lossSum.zero_();
    double params = 0;
    for (std::size_t k = 1; k < parts.size(); ++k) params += v[k];
    return {v[0], std::isfinite(params)};
}

EvalMetrics TrainLoop::evaluate(int stepsDone) {
    at::NoGradGuard noGrad;
    EvalMetrics m;
    m.step = stepsDone;
    std::vector<std::future<std::array<double, 3>>> scores;
    for (const TrainView& v : m_data.val) {
        auto out = rasterize(m_state.splats, cameraOf(v, m_settings.valBackground, threads(), false));  // no backward
        if (!out) continue;
        at::Tensor rgbT = out->rgb.to(at::kCPU).contiguous();
        scores.push_back(std::async(std::launch::async, [this, &v, rgbT] {
            std::vector<float> gt;
            compositeInto(v, m_settings.valBackground, gt);
            const std::span<const float> rendered(rgbT.data_ptr<float>(), gt.size());
            const double s = v.width >= 11 && v.height >= 11 ? ssim(rendered, gt, v.width, v.height, 3) : 1.0;
            return std::array<double, 3>{meanAbsError(rendered, gt), psnr(rendered, gt), s};
        }));
    }
    for (auto& f : scores) {
        const std::array<double, 3> score = f.get();
        m.valL1 += score[0];
        m.valPsnr += score[1];
        m.valSsim += score[2];
    }
    const double n = double(m_data.val.size());
    m.valL1 /= n;
    m.valPsnr /= n;
    m.valSsim /= n;
    m.valBackground = m_settings.valBackground;
    const splat::SplatCloud cloud = toCloud(m_state.splats);
    m.splats = int(cloud.size());
    m.opaqueShare = opaqueShare(cloud.opacities);
    m.outsideSilhouette = countOutsideSilhouette(cloud, m_data.val);
    return m;
}

StateCopy TrainLoop::copyState(int stepsDone) {
    at::NoGradGuard noGrad;
    StateCopy copy;
    copy.step = stepsDone;
    for (int k = 0; k < PARAM_COUNT; ++k) {
        copy.params[std::size_t(k)] = m_state.param(ALL_PARAMS[std::size_t(k)]).detach().clone();
        copy.expAvg[std::size_t(k)] = m_state.adam.expAvg(k).clone();
        copy.expAvgSq[std::size_t(k)] = m_state.adam.expAvgSq(k).clone();
    }
    copy.adamSteps = m_state.adam.stepCount();
    copy.relocated = m_strategy.relocatedTotal();
    copy.added = m_strategy.addedTotal();
    return copy;
}

void TrainLoop::restore(const StateCopy& copy, double lrScale) {
    at::NoGradGuard noGrad;
    for (int k = 0; k < PARAM_COUNT; ++k) {
        const ParamId id = ALL_PARAMS[std::size_t(k)];
        m_state.param(id) = copy.params[std::size_t(k)].clone().requires_grad_();
        m_state.adam.expAvg(k) = copy.expAvg[std::size_t(k)].clone();
        m_state.adam.expAvgSq(k) = copy.expAvgSq[std::size_t(k)].clone();
    }
    m_state.adam.setStepCount(copy.adamSteps);
    m_strategy.restoreTotals(copy.relocated, copy.added);
    m_lrScale = lrScale;
    const std::array<double, PARAM_COUNT> lrs = {meansLrAt(m_settings, m_data.sceneScale, copy.step),
                                                 m_settings.quatsLr, m_settings.scalesLr,
                                                 m_settings.opacitiesLr, m_settings.colorsLr};
    for (int k = 0; k < PARAM_COUNT; ++k) m_state.adam.setLr(k, m_lrScale * lrs[std::size_t(k)]);
    m_lossSum.zero_();
    if (m_onDevice) uploadSteps(copy.step);  // the halved rates, Adam's restored time
    m_graph.reset();  // the restored tensors live elsewhere
}

std::string nonFiniteReason(const TrainLoop::Report& report) {
    if (!std::isfinite(report.lossSum)) return "non-finite loss";
    if (!report.paramsFinite) return "non-finite parameters";
    return {};
}

}  // namespace sw::train::detail
