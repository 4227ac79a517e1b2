// Dispatcher and CPU loops of train_ops.h for the loss, the entropy term, Adam and the per-step
// scalars; the CUDA kernels (cuda/train_ops_cuda.cu) run on torch's current stream of the
// tensors' device in SPLATWRIGHT_CUDA builds. The streams and graphs: step_graph.cpp; the MCMC
// relocation and noise: mcmc_ops.cpp.
#include "core/train/detail/train_ops.h"

#include <ATen/ops/from_blob.h>
#include <ATen/ops/zeros.h>

#include <algorithm>
#include <cmath>
#include <vector>

#include "core/foundation/check.h"
#include "core/train/detail/train_ops_checks.h"
#include "core/train/device_step.h"
#include "core/train/rasterize_kernels.h"
#ifdef SW_HAVE_CUDA
#include "core/train/cuda/train_ops_cuda.h"
#endif

namespace sw::train {
namespace {

using detail::noBackend;
using detail::requireFloat;
using detail::requireLossSum;
#ifdef SW_HAVE_CUDA
using detail::streamOf;
#endif

// The loss sums in fixed blocks of pixels, added in block order: the same value for any
// thread count. The gradient is per pixel.
double l1LossCpu(const float* rgb, const float* alpha, const float* gtRgb, const float* gtAlpha, std::size_t pixels,
                 float b, double alphaWeight, float* gRgb, float* gAlpha, int threads) {
    const float rgbScale = 1.f / float(pixels * 3), alphaScale = float(alphaWeight) / float(pixels);
    constexpr std::size_t BLOCK = 8192;
    const std::size_t blocks = (pixels + BLOCK - 1) / BLOCK;
    std::vector<double> rgbSums(blocks, 0.0), alphaSums(blocks, 0.0);
    kernels::parallelFor(std::int64_t(blocks), kernels::threadsOrCores(threads), [&](std::int64_t block) {
        const std::size_t begin = std::size_t(block) * BLOCK, end = std::min(pixels, begin + BLOCK);
        // One sum per channel (four independent additions per pixel, not one chain); the sign
        // without branches: float(d > 0)·s − float(d < 0)·s is s, −s or 0 (also for NaN).
        double channelSum[3] = {0, 0, 0}, alphaSum = 0;
        for (std::size_t p = begin; p < end; ++p) {
            const float a = gtAlpha[p];
            for (std::size_t c = 0; c < 3; ++c) {
                const float d = rgb[p * 3 + c] - (gtRgb[p * 3 + c] + b * (1.f - a));
                channelSum[c] += double(std::abs(d));
                gRgb[p * 3 + c] = float(d > 0) * rgbScale - float(d < 0) * rgbScale;
            }
            const float d = alpha[p] - a;
            alphaSum += double(std::abs(d));
            gAlpha[p] = float(d > 0) * alphaScale - float(d < 0) * alphaScale;
        }
        rgbSums[std::size_t(block)] = channelSum[0] + channelSum[1] + channelSum[2];
        alphaSums[std::size_t(block)] = alphaSum;
    });
    double rgbSum = 0, alphaSum = 0;
    for (std::size_t k = 0; k < blocks; ++k) {
        rgbSum += rgbSums[k];
        alphaSum += alphaSums[k];
    }
    return rgbSum / double(pixels * 3) + alphaWeight * alphaSum / double(pixels);
}

// Element-wise, in blocks over all groups' elements: the same bits for any thread count.
void adamCpu(const std::vector<const AdamGroupRef*>& groups, float b1, float b2, float eps, float invSqrtC2,
             double correction1, int threads) {
    constexpr std::int64_t BLOCK = 4096;
    struct Range {
        const AdamGroupRef* group;
        std::int64_t begin, end;
    };
    std::vector<Range> ranges;
    for (const AdamGroupRef* g : groups)
        for (std::int64_t begin = 0; begin < g->param->numel(); begin += BLOCK)
            ranges.push_back({g, begin, std::min(g->param->numel(), begin + BLOCK)});
    kernels::parallelFor(std::int64_t(ranges.size()), kernels::threadsOrCores(threads), [&](std::int64_t r) {
        const Range& range = ranges[std::size_t(r)];
        const AdamGroupRef& group = *range.group;
        const float stepSize = float(group.lr / correction1);
        float* pv = group.param->data_ptr<float>();
        const float* gv = group.param->grad().data_ptr<float>();
        float* m = group.expAvg->data_ptr<float>();
        float* v = group.expAvgSq->data_ptr<float>();
        for (std::int64_t i = range.begin; i < range.end; ++i) {
            const float gi = gv[i];
            m[i] = b1 * m[i] + (1.f - b1) * gi;
            v[i] = b2 * v[i] + (1.f - b2) * gi * gi;
            pv[i] -= stepSize * m[i] / (std::sqrt(v[i]) * invSqrtC2 + eps);
        }
    });
}

}  // namespace

void l1LossGradient(const at::Tensor& rgb, const at::Tensor& alpha, const at::Tensor& gtPremultiplied,
                    const at::Tensor& gtAlpha, double background, double alphaWeight, at::Tensor& gradRgb,
                    at::Tensor& gradAlpha, at::Tensor& lossSum, int threads) {
    const std::int64_t pixels = alpha.numel();
    requireFloat(alpha, alpha, pixels, "alpha");
    requireFloat(rgb, alpha, pixels * 3, "rgb");
    requireFloat(gtPremultiplied, alpha, pixels * 3, "gtPremultiplied");
    requireFloat(gtAlpha, alpha, pixels, "gtAlpha");
    requireFloat(gradRgb, alpha, pixels * 3, "gradRgb");
    requireFloat(gradAlpha, alpha, pixels, "gradAlpha");
    requireLossSum(lossSum, alpha);
    if (alpha.is_cpu()) {
        lossSum.data_ptr<double>()[0] +=
            l1LossCpu(rgb.data_ptr<float>(), alpha.data_ptr<float>(), gtPremultiplied.data_ptr<float>(),
                      gtAlpha.data_ptr<float>(), std::size_t(pixels), float(background), alphaWeight,
                      gradRgb.data_ptr<float>(), gradAlpha.data_ptr<float>(), threads);
        return;
    }
#ifdef SW_HAVE_CUDA
    if (alpha.is_cuda()) {
        const kernels::LossJobCuda job{rgb.data_ptr<float>(),      alpha.data_ptr<float>(),     gtPremultiplied.data_ptr<float>(),
                                       gtAlpha.data_ptr<float>(),  gradRgb.data_ptr<float>(),   gradAlpha.data_ptr<float>(),
                                       lossSum.data_ptr<double>(), nullptr,                     pixels,
                                       float(background),          float(alphaWeight)};
        return kernels::l1LossGradientCuda(&job, 1, streamOf(alpha));
    }
#endif
    noBackend(alpha);
}

const kernels::DeviceStep* DeviceSteps::slot() const {
    return current.defined() ? static_cast<const kernels::DeviceStep*>(current.data_ptr()) : nullptr;
}

DeviceSteps uploadDeviceSteps(const std::vector<kernels::DeviceStep>& steps, const at::Device& device) {
    SW_REQUIRE(!steps.empty(), "uploadDeviceSteps: no steps");
    constexpr auto size = std::int64_t(sizeof(kernels::DeviceStep));
    auto* bytes = const_cast<kernels::DeviceStep*>(steps.data());
    const auto options = at::TensorOptions().dtype(at::kByte).device(device);
    DeviceSteps out;
    out.table = at::from_blob(bytes, {std::int64_t(steps.size()) * size}, at::kByte).to(device);
    out.current = at::zeros({size}, options);
    out.counter = at::zeros({1}, options.dtype(at::kInt));
    out.steps = std::int64_t(steps.size());
    return out;
}

void selectDeviceStep(DeviceSteps& steps) {
    SW_REQUIRE(steps.table.defined() && !steps.table.is_cpu(), "selectDeviceStep: no table on a device");
#ifdef SW_HAVE_CUDA
    if (steps.table.is_cuda())
        return kernels::selectDeviceStepCuda(static_cast<const kernels::DeviceStep*>(steps.table.data_ptr()),
                                             std::int32_t(steps.steps), steps.counter.data_ptr<std::int32_t>(),
                                             static_cast<kernels::DeviceStep*>(steps.current.data_ptr()),
                                             streamOf(steps.table));
#endif
    noBackend(steps.table);
}

void l1LossGradientOfStep(const at::Tensor& rgb, const at::Tensor& alpha, const at::Tensor& gtPremultiplied,
                          const at::Tensor& gtAlpha, const DeviceSteps& steps, double alphaWeight,
                          at::Tensor& gradRgb, at::Tensor& gradAlpha, at::Tensor& lossSum) {
    l1LossGradientOfSteps({{&rgb, &alpha, &gtPremultiplied, &gtAlpha, &steps, alphaWeight, &gradRgb, &gradAlpha, &lossSum}});
}

void l1LossGradientOfSteps(const std::vector<StepLoss>& jobs) {
    if (jobs.empty()) return;
    const at::Tensor& first = *jobs.front().alpha;
#ifdef SW_HAVE_CUDA
    std::vector<kernels::LossJobCuda> packed;
#endif
    for (const StepLoss& j : jobs) {
        const std::int64_t pixels = j.alpha->numel();
        const std::int64_t views = j.gtAlpha->dim() == 3 ? j.gtAlpha->size(0) : 0;
        requireFloat(*j.alpha, first, pixels, "alpha");
        requireFloat(*j.rgb, first, pixels * 3, "rgb");
        requireFloat(*j.gtPremultiplied, first, views * pixels * 3, "stacked gtPremultiplied");
        requireFloat(*j.gtAlpha, first, views * pixels, "stacked gtAlpha");
        requireFloat(*j.gradRgb, first, pixels * 3, "gradRgb");
        requireFloat(*j.gradAlpha, first, pixels, "gradAlpha");
        requireLossSum(*j.lossSum, first);
        SW_REQUIRE(j.steps && j.steps->slot() != nullptr && j.steps->current.device() == first.device(),
                   "l1LossGradientOfSteps: no steps");
#ifdef SW_HAVE_CUDA
        packed.push_back({j.rgb->data_ptr<float>(), j.alpha->data_ptr<float>(), j.gtPremultiplied->data_ptr<float>(),
                          j.gtAlpha->data_ptr<float>(), j.gradRgb->data_ptr<float>(), j.gradAlpha->data_ptr<float>(),
                          j.lossSum->data_ptr<double>(), j.steps->slot(), pixels, 0.f, float(j.alphaWeight)});
#endif
    }
#ifdef SW_HAVE_CUDA
    if (first.is_cuda()) return kernels::l1LossGradientCuda(packed.data(), int(packed.size()), streamOf(first));
#endif
    noBackend(first);
}

void entropyGradient(const at::Tensor& logits, at::Tensor& grad, double weight, at::Tensor& lossSum,
                     const kernels::DeviceStep* step) {
    entropyGradients({{&logits, &grad, weight, &lossSum, step}});
}

void entropyGradients(const std::vector<EntropyTerm>& terms) {
    if (terms.empty()) return;
    const at::Tensor& first = *terms.front().logits;
    for (const EntropyTerm& t : terms) {
        const std::int64_t n = t.logits->numel();
        requireFloat(*t.logits, first, n, "logits");
        requireFloat(*t.grad, first, n, "grad");
        requireLossSum(*t.lossSum, first);
    }
    if (first.is_cpu()) {
        for (const EntropyTerm& t : terms) {  // the step's weight on the device is t.weight too
            const std::int64_t n = t.logits->numel();
            const float* l = t.logits->data_ptr<float>();
            float* g = t.grad->data_ptr<float>();
            const float scale = float(t.weight / double(n));
            double entropy = 0;
            for (std::int64_t i = 0; i < n; ++i) {
                const float o = 1.f / (1.f + std::exp(-l[i]));
                entropy += double(o * (1.f - o));
                g[i] += scale * o * (1.f - o) * (1.f - 2.f * o);  // d/dl of o(1 − o), o = σ(l)
            }
            t.lossSum->data_ptr<double>()[0] += entropy * t.weight / double(std::max<std::int64_t>(1, n));
        }
        return;
    }
#ifdef SW_HAVE_CUDA
    if (first.is_cuda()) {
        std::vector<kernels::EntropyJobCuda> packed;
        for (const EntropyTerm& t : terms)
            packed.push_back({t.logits->data_ptr<float>(), t.grad->data_ptr<float>(), t.lossSum->data_ptr<double>(),
                              t.step, t.logits->numel(), float(t.weight)});
        return kernels::entropyGradientCuda(packed.data(), int(packed.size()), streamOf(first));
    }
#endif
    noBackend(first);
}

void adamUpdate(const std::vector<AdamGroupRef>& groups, double beta1, double beta2, double eps, std::int64_t step,
                int threads, const kernels::DeviceStep* deviceStep) {
    adamUpdates({{groups, step, deviceStep}}, beta1, beta2, eps, threads);
}

void adamUpdates(const std::vector<AdamJob>& jobs, double beta1, double beta2, double eps, int threads) {
    std::vector<std::vector<const AdamGroupRef*>> active(jobs.size());
    const at::Tensor* first = nullptr;
    for (std::size_t j = 0; j < jobs.size(); ++j)
        for (const AdamGroupRef& g : jobs[j].groups) {
            if (!g.param->grad().defined()) continue;
            if (!first) first = g.param;
            const std::int64_t n = g.param->numel();
            requireFloat(*g.param, *first, n, "param");
            requireFloat(g.param->grad(), *first, n, "grad");
            requireFloat(*g.expAvg, *first, n, "exp_avg");
            requireFloat(*g.expAvgSq, *first, n, "exp_avg_sq");
            active[j].push_back(&g);
        }
    if (!first) return;
    // Gradients are released after the update (PyTorch's zero_grad(set_to_none=True)): the next
    // backward pass then hands its fresh gradient tensors over instead of adding them to zeros.
    const auto releaseGrads = [&] {
        for (const auto& groups : active)
            for (const AdamGroupRef* g : groups) g->param->mutable_grad() = at::Tensor();
    };
    const auto correction1 = [&](const AdamJob& j) { return 1.0 - std::pow(beta1, double(j.step)); };
    const auto invSqrtC2 = [&](const AdamJob& j) { return float(1.0 / std::sqrt(1.0 - std::pow(beta2, double(j.step)))); };
    if (first->is_cpu()) {  // one training after another (a device step's sizes are the same values)
        for (std::size_t j = 0; j < jobs.size(); ++j)
            if (!active[j].empty())
                adamCpu(active[j], float(beta1), float(beta2), float(eps), invSqrtC2(jobs[j]), correction1(jobs[j]), threads);
        return releaseGrads();
    }
#ifdef SW_HAVE_CUDA
    if (first->is_cuda()) {  // every group of every training in one launch
        std::vector<kernels::AdamGroupCuda> packed;
        for (std::size_t j = 0; j < jobs.size(); ++j)
            for (const AdamGroupRef* g : active[j]) {
                SW_REQUIRE(g->index >= 0 && g->index < kernels::MAX_ADAM_GROUPS, "Adam group index " << g->index);
                packed.push_back({g->param->data_ptr<float>(), g->param->grad().data_ptr<float>(),
                                  g->expAvg->data_ptr<float>(), g->expAvgSq->data_ptr<float>(), g->param->numel(),
                                  float(g->lr / correction1(jobs[j])), invSqrtC2(jobs[j]), jobs[j].deviceStep,
                                  std::int32_t(g->index)});
            }
        kernels::adamUpdateCuda(packed.data(), int(packed.size()), float(beta1), float(beta2), float(eps), streamOf(*first));
        return releaseGrads();  // the caching allocator reuses their memory in stream order
    }
#endif
    noBackend(*first);
}

}  // namespace sw::train
