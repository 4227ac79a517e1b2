// Dispatcher and CPU loops of train_ops.h; the CUDA kernels (cuda/train_ops_cuda.cu) run on
// torch's current stream of the tensors' device in SPLATWRIGHT_CUDA builds.
#include "core/train/detail/train_ops.h"

#include <ATen/ops/from_blob.h>
#include <ATen/ops/zeros.h>

#include <algorithm>
#include <cmath>
#include <cstring>
#include <exception>
#include <thread>

#include "core/foundation/check.h"
#include "core/train/cuda/relocation_eq9.h"
#include "core/train/device_step.h"
#include "core/train/rasterize_kernels.h"
#ifdef SW_HAVE_CUDA
#include <ATen/cuda/CUDAGraph.h>
#include <c10/cuda/CUDAException.h>
#include <c10/cuda/CUDAGuard.h>
#include <c10/cuda/CUDAStream.h>

#include "core/train/cuda/relocate_cuda.h"
#include "core/train/cuda/train_ops_cuda.h"
#endif

namespace sw::train {
namespace {

void requireFloat(const at::Tensor& t, const at::Tensor& like, std::int64_t numel, const char* what) {
    SW_REQUIRE(t.defined() && t.scalar_type() == at::kFloat && t.is_contiguous() && t.device() == like.device() &&
                   t.numel() == numel,
               what << ": " << (t.defined() ? t.toString() : "undefined") << " numel " << t.numel() << ", expected "
                    << numel << " on " << like.device());
}

void requireLossSum(const at::Tensor& lossSum, const at::Tensor& like) {
    SW_REQUIRE(lossSum.scalar_type() == at::kDouble && lossSum.numel() == 1 && lossSum.device() == like.device(),
               "lossSum " << lossSum.toString() << " on " << lossSum.device());
}

#ifdef SW_HAVE_CUDA
kernels::CudaStream streamOf(const at::Tensor& t) {
    return c10::cuda::getCurrentCUDAStream(t.device().index()).stream();
}
#endif

}  // namespace

OwnStream::OwnStream(const at::Device& device) {
#ifdef SW_HAVE_CUDA
    if (device.is_cuda())
        m_guard = std::make_shared<c10::cuda::CUDAStreamGuard>(c10::cuda::getStreamFromPool(false, device.index()));
#else
    (void)device;
#endif
}

OwnStream::~OwnStream() = default;

void runSideBySide(int n, const at::Device& device, const std::function<void(int)>& body) {
    if (n <= 0) return;
    std::vector<std::exception_ptr> errors(static_cast<std::size_t>(n));
#ifdef SW_HAVE_CUDA
    std::vector<cudaEvent_t> events;  // the fork, then each body's join
    const auto destroyEvents = [&] {
        for (cudaEvent_t e : events) (void)cudaEventDestroy(e);
    };
    const bool cuda = device.is_cuda();
    if (cuda) {
        events.resize(std::size_t(n) + 1, nullptr);
        for (cudaEvent_t& e : events) C10_CUDA_CHECK(cudaEventCreateWithFlags(&e, cudaEventDisableTiming));
        C10_CUDA_CHECK(cudaEventRecord(events.back(), c10::cuda::getCurrentCUDAStream(device.index()).stream()));
    }
#endif
    const auto run = [&](int j) {
        try {
#ifdef SW_HAVE_CUDA
            if (cuda) {
                const c10::cuda::CUDAGuard onDevice(device.index());
                const c10::cuda::CUDAStream side = c10::cuda::getStreamFromPool(false, device.index());
                const c10::cuda::CUDAStreamGuard onSide(side);
                C10_CUDA_CHECK(cudaStreamWaitEvent(side.stream(), events.back(), 0));
                body(j);
                C10_CUDA_CHECK(cudaEventRecord(events[std::size_t(j)], side.stream()));
                return;
            }
#endif
            body(j);
        } catch (...) {
            errors[std::size_t(j)] = std::current_exception();
        }
    };
    {
        std::vector<std::thread> threads;
        for (int j = 1; j < n; ++j) threads.emplace_back(run, j);
        run(0);  // the calling thread takes the first
        for (std::thread& t : threads) t.join();
    }
#ifdef SW_HAVE_CUDA
    if (cuda) {
        const cudaStream_t main = c10::cuda::getCurrentCUDAStream(device.index()).stream();
        for (int j = 0; j < n; ++j)
            if (!errors[std::size_t(j)]) C10_CUDA_CHECK(cudaStreamWaitEvent(main, events[std::size_t(j)], 0));
        destroyEvents();
    }
#else
    (void)device;
#endif
    for (const std::exception_ptr& e : errors)
        if (e) std::rethrow_exception(e);
}

namespace {

[[noreturn]] void noBackend(const at::Tensor& t) {
    SW_REQUIRE(false, "no training-op backend for device " << t.device());
    std::abort();
}

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

std::int64_t rowWidth(const at::Tensor& t) { return t.size(0) > 0 ? t.numel() / t.size(0) : 0; }

// Rows in range; sources distinct, targets distinct, no target a source; offsets consistent.
void requirePlan(const RelocationPlan& plan, std::int64_t rows) {
    const std::size_t u = plan.sources.size();
    SW_REQUIRE(plan.offsets.size() == u + 1 && plan.offsets.front() == 0 &&
                   plan.offsets.back() == std::int64_t(plan.targets.size()),
               "relocation plan: " << u << " sources, " << plan.offsets.size() << " offsets, " << plan.targets.size()
                                   << " targets");
    std::vector<char> used(std::size_t(rows), 0);
    const auto mark = [&](std::int64_t row) {
        SW_REQUIRE(row >= 0 && row < rows && !used[std::size_t(row)], "relocation row " << row << " of " << rows);
        used[std::size_t(row)] = 1;
    };
    for (std::size_t k = 0; k < u; ++k) {
        SW_REQUIRE(plan.offsets[k] <= plan.offsets[k + 1], "relocation offsets decrease at " << k);
        mark(plan.sources[k]);
    }
    for (std::int64_t row : plan.targets) mark(row);
}

// The CPU loop of relocateRows (the CUDA kernel, cuda/relocate_cuda.cu, does the same per
// (source, tensor) pair): Eq. 9 on the source, then copies and zeroed moments.
void relocateRowsCpu(const RelocationTensors& t, const RelocationPlan& plan, double minOpacity) {
    float* logits = t.opacityLogits.data_ptr<float>();
    float* logScales = t.logScales.data_ptr<float>();
    const auto copyRows = [&](const at::Tensor& tensor, std::int64_t s, std::int64_t begin, std::int64_t end) {
        const std::int64_t w = rowWidth(tensor);
        float* d = tensor.data_ptr<float>();
        for (std::int64_t j = begin; j < end; ++j)
            std::memcpy(d + plan.targets[std::size_t(j)] * w, d + s * w, std::size_t(w) * sizeof(float));
    };
    for (std::size_t u = 0; u < plan.sources.size(); ++u) {
        const std::int64_t s = plan.sources[u], begin = plan.offsets[u], end = plan.offsets[u + 1];
        const Eq9Row r = relocationEq9Row(logits[s], int(end - begin) + 1, minOpacity);  // N = source + copies
        logits[s] = r.logit;
        for (int a = 0; a < 3; ++a) logScales[s * 3 + a] += r.logScaleDelta;
        for (const at::Tensor& p : t.copied) copyRows(p, s, begin, end);
        copyRows(t.opacityLogits, s, begin, end);
        copyRows(t.logScales, s, begin, end);
        for (const at::Tensor& m : t.zeroed) {
            const std::int64_t w = rowWidth(m);
            float* d = m.data_ptr<float>();
            std::fill_n(d + s * w, w, 0.f);
            for (std::int64_t j = begin; j < end; ++j) std::fill_n(d + plan.targets[std::size_t(j)] * w, w, 0.f);
        }
    }
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

StepGraph::StepGraph() = default;
StepGraph::~StepGraph() { reset(); }

bool StepGraph::available(const at::Device& device) {
#ifdef SW_HAVE_CUDA
    return device.is_cuda();
#else
    (void)device;
    return false;
#endif
}

void StepGraph::capture(const std::function<void()>& body) {
    reset();
#ifdef SW_HAVE_CUDA
    auto graph = std::make_shared<at::cuda::CUDAGraph>();
    // Thread-local: the other trainings of this process (batch.h lanes, threads of their own)
    // keep reading back and allocating while this thread records.
    graph->capture_begin({0, 0}, cudaStreamCaptureModeThreadLocal);
    try {
        body();
    } catch (...) {
        try {
            graph->capture_end();  // ends the recording; the body's error is the one to report
        } catch (...) {
        }
        throw;
    }
    graph->capture_end();
    m_graph = graph;
    m_captured = true;
#else
    (void)body;
    SW_REQUIRE(false, "StepGraph: this build has no CUDA backend");
#endif
}

void StepGraph::captureBranches(int branches, const std::function<void(int branch)>& body) {
    captureStages(branches, {{true, body}});
}

void StepGraph::captureStages(int branches, const std::vector<Stage>& stages) {
    reset();
#ifdef SW_HAVE_CUDA
    const c10::cuda::CUDAStream main = c10::cuda::getCurrentCUDAStream();
    std::vector<c10::cuda::CUDAStream> side;
    for (int tries = 0; int(side.size()) < branches && tries < 64; ++tries) {  // distinct from main and each other
        const c10::cuda::CUDAStream s = c10::cuda::getStreamFromPool(false, main.device_index());
        bool fresh = s != main;
        for (const auto& t : side) fresh = fresh && s != t;
        if (fresh) side.push_back(s);
    }
    SW_REQUIRE(int(side.size()) == branches, "StepGraph: " << side.size() << " streams for " << branches << " branches");
    std::vector<cudaEvent_t> events;  // per branched stage: the fork, then each branch's join
    const auto newEvent = [&] {
        events.push_back(nullptr);
        C10_CUDA_CHECK(cudaEventCreateWithFlags(&events.back(), cudaEventDisableTiming));
        return events.back();
    };
    const auto destroyEvents = [&] {
        for (cudaEvent_t e : events) (void)cudaEventDestroy(e);
    };
    auto graph = std::make_shared<at::cuda::CUDAGraph>();
    graph->capture_begin({0, 0}, cudaStreamCaptureModeThreadLocal);
    try {
        for (const Stage& stage : stages) {
            if (!stage.branched) {
                stage.body(-1);
                continue;
            }
            const cudaEvent_t fork = newEvent();
            C10_CUDA_CHECK(cudaEventRecord(fork, main.stream()));
            for (int b = 0; b < branches; ++b) {
                C10_CUDA_CHECK(cudaStreamWaitEvent(side[std::size_t(b)].stream(), fork, 0));
                {
                    const c10::cuda::CUDAStreamGuard onSide(side[std::size_t(b)]);
                    stage.body(b);
                }
                const cudaEvent_t join = newEvent();
                C10_CUDA_CHECK(cudaEventRecord(join, side[std::size_t(b)].stream()));
                C10_CUDA_CHECK(cudaStreamWaitEvent(main.stream(), join, 0));
            }
        }
    } catch (...) {
        try {
            graph->capture_end();
        } catch (...) {
        }
        destroyEvents();
        throw;
    }
    graph->capture_end();
    destroyEvents();
    m_graph = graph;
    m_captured = true;
#else
    (void)branches;
    (void)stages;
    SW_REQUIRE(false, "StepGraph: this build has no CUDA backend");
#endif
}

void StepGraph::replay() {
    SW_REQUIRE(m_captured, "StepGraph::replay before capture");
#ifdef SW_HAVE_CUDA
    static_cast<at::cuda::CUDAGraph*>(m_graph.get())->replay();
#endif
}

void StepGraph::reset() {
#ifdef SW_HAVE_CUDA
    // Replays may still run: let them finish before the graph and its pool go. (A new recording
    // follows a refine step, which has just waited for the stream anyway.)
    if (m_captured) c10::cuda::getCurrentCUDAStream().synchronize();
#endif
    m_graph.reset();  // frees the graph and returns its pool's memory
    m_captured = false;
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

void relocateRows(const RelocationTensors& tensors, const RelocationPlan& plan, double minOpacity) {
    const at::Tensor& logits = tensors.opacityLogits;
    const std::int64_t n = logits.numel();
    requireFloat(logits, logits, n, "opacityLogits");
    requireFloat(tensors.logScales, logits, n * 3, "logScales");
    for (const auto* group : {&tensors.copied, &tensors.zeroed})
        for (const at::Tensor& t : *group) requireFloat(t, logits, n * rowWidth(t), "relocated tensor");
    for (const auto* group : {&tensors.copied, &tensors.zeroed})
        for (const at::Tensor& t : *group) SW_REQUIRE(t.dim() >= 1 && t.size(0) == n, "rows " << t.sizes() << " vs " << n);
    requirePlan(plan, n);
    if (plan.sources.empty()) return;
    if (logits.is_cpu()) return relocateRowsCpu(tensors, plan, minOpacity);
#ifdef SW_HAVE_CUDA
    if (logits.is_cuda()) {
        using kernels::RelocationRole;
        const std::size_t count = tensors.copied.size() + 1 + tensors.zeroed.size();
        SW_REQUIRE(count <= std::size_t(kernels::MAX_RELOCATION_TENSORS), "relocation tensors " << count);
        std::vector<kernels::RelocationTensorCuda> packed;
        packed.push_back({logits.data_ptr<float>(), tensors.logScales.data_ptr<float>(), 1, RelocationRole::Eq9});
        for (const at::Tensor& t : tensors.copied)
            packed.push_back({t.data_ptr<float>(), nullptr, rowWidth(t), RelocationRole::Copy});
        for (const at::Tensor& t : tensors.zeroed)
            packed.push_back({t.data_ptr<float>(), nullptr, rowWidth(t), RelocationRole::Zero});
        // The plan as one index tensor [sources | offsets | targets], one upload.
        std::vector<std::int64_t> index(plan.sources);
        index.insert(index.end(), plan.offsets.begin(), plan.offsets.end());
        index.insert(index.end(), plan.targets.begin(), plan.targets.end());
        const at::Tensor onDevice =
            at::from_blob(index.data(), {std::int64_t(index.size())}, at::kLong).to(logits.device());
        const std::int64_t* base = onDevice.data_ptr<std::int64_t>();
        const auto u = std::int64_t(plan.sources.size());
        return kernels::relocateRowsCuda(packed.data(), int(packed.size()), base, base + u, base + 2 * u + 1, u,
                                         minOpacity, streamOf(logits));
    }
#endif
    noBackend(logits);
}

void meansNoiseOnDevice(at::Tensor& means, const at::Tensor& quats, const at::Tensor& logScales,
                        const at::Tensor& opacityLogits, double scaler, std::uint64_t seed,
                        const kernels::DeviceStep* step) {
    const std::int64_t n = opacityLogits.numel();
    requireFloat(means, means, n * 3, "means");
    requireFloat(quats, means, n * 4, "quats");
    requireFloat(logScales, means, n * 3, "logScales");
    requireFloat(opacityLogits, means, n, "opacityLogits");
#ifdef SW_HAVE_CUDA
    if (means.is_cuda())
        return kernels::meansNoiseCuda(means.data_ptr<float>(), quats.data_ptr<float>(), logScales.data_ptr<float>(),
                                       opacityLogits.data_ptr<float>(), n, float(scaler), seed, step,
                                       streamOf(means));
#else
    (void)scaler;
    (void)seed;
    (void)step;
#endif
    noBackend(means);
}

}  // namespace sw::train
