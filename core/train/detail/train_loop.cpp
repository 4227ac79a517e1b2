// train(): the step loop of trainer.h. It drives the rasterizer without autograd
// (rasterizeDirect / rasterizeBackward: the same kernels, no graph). Everything a step touches lives on the training device (parameters, Adam moments,
// every train view's ground truth, the loss sum); the loss gradient, the entropy term and
// Adam are the fused loops/kernels of train_ops.h, so a step allocates nothing beyond what the
// rasterizer needs and, on a GPU, reads nothing back until a report (loss curve, metrics,
// snapshot, checkpoint) needs it. Each report first checks the loss and the parameters: a
// non-finite one rolls back to the copy taken at the previous report (trainer.h).
#include <ATen/Parallel.h>
#include <ATen/core/grad_mode.h>
#include <c10/core/DeviceGuard.h>
#include <ATen/ops/cat.h>
#include <ATen/ops/empty.h>
#include <ATen/ops/from_blob.h>
#include <ATen/ops/stack.h>
#include <ATen/ops/sum.h>
#include <ATen/ops/zeros.h>
#include <c10/util/Exception.h>

#include <array>
#include <atomic>
#include <chrono>
#include <cmath>
#include <future>
#include <memory>
#include <new>
#include <optional>
#include <random>
#include <span>
#include <system_error>
#include <tuple>
#include <vector>

#include "core/train/checkpoint.h"
#include "core/train/device_step.h"
#include "core/train/detail/mcmc_strategy.h"
#include "core/train/detail/rasterize.h"
#include "core/train/detail/run_setup.h"
#include "core/train/detail/seeds.h"
#include "core/train/detail/train_hooks.h"
#include "core/train/detail/train_ops.h"
#include "core/train/metrics.h"
#include "core/train/trainer.h"
// After cuda/relocation_eq9.h (through mcmc_strategy.h): its unqualified log() must bind to
// ::log before the namespace sw::log exists.
#include "core/foundation/log.h"

namespace sw::train {
namespace {

using detail::IntraOpThreads;
using detail::validateInputs;

using Clock = std::chrono::steady_clock;

double msBetween(Clock::time_point a, Clock::time_point b) {
    return std::chrono::duration<double, std::milli>(b - a).count();
}

RasterizeSettings cameraOf(const TrainView& v, double background, int threads, bool cutLongLists) {
    RasterizeSettings rs;
    rs.width = v.width;
    rs.height = v.height;
    rs.fx = v.fx;
    rs.fy = v.fy;
    rs.cx = v.cx;
    rs.cy = v.cy;
    rs.worldToCamera = v.worldToCamera;
    rs.background = {background, background, background};
    rs.threads = threads;
    rs.cutLongLists = cutLongLists;
    return rs;
}

// Ground truth of view v over a grey background b: premultiplied + b·(1 − alpha). [H, W, 3]
void compositeInto(const TrainView& v, double background, std::vector<float>& out) {
    const std::size_t pixels = v.alpha.size();
    out.resize(pixels * 3);
    for (std::size_t p = 0; p < pixels; ++p)
        for (std::size_t c = 0; c < 3; ++c)
            out[p * 3 + c] = v.premultiplied[p * 3 + c] + float(background) * (1.f - v.alpha[p]);
}

// The ground truth of one train view on the training device: [H, W, 3] premultiplied colour
// and [H, W] alpha. On the CPU these alias the view's vectors; on a GPU they are uploaded once.
struct Target {
    at::Tensor premultiplied;
    at::Tensor alpha;
};

Target targetOf(const TrainView& v, const at::Device& device) {
    auto* rgb = const_cast<float*>(v.premultiplied.data());
    auto* alpha = const_cast<float*>(v.alpha.data());
    return {at::from_blob(rgb, {v.height, v.width, 3}, at::kFloat).to(device),
            at::from_blob(alpha, {v.height, v.width}, at::kFloat).to(device)};
}

at::Device deviceOf(const TrainSettings& settings, int deviceIndex) {
    return settings.device == TrainDevice::Cuda ? at::Device(at::kCUDA, c10::DeviceIndex(deviceIndex))
                                                : at::Device(at::kCPU);
}

// What a rollback restores: the parameters, their Adam moments and step count, and the
// strategy's totals, as they were after `step` steps.
struct StateCopy {
    int step = 0;
    std::array<at::Tensor, PARAM_COUNT> params, expAvg, expAvgSq;
    std::int64_t adamSteps = 0;
    int relocated = 0, added = 0;
};

class TrainLoop {
public:
    TrainLoop(const TrainInputs& inputs, const TrainSettings& settings)
        : m_data(*inputs.data), m_settings(settings), m_device(deviceOf(settings, inputs.deviceIndex)),
          m_threadShare(inputs.threadShare), m_deviceLanes(inputs.deviceLanes),
          m_onDevice(!m_device.is_cpu()), m_captureSteps(inputs.captureSteps && inputs.deviceLanes <= 1 && StepGraph::available(m_device)),
          m_state(makeParamState(inputs.initial, {meansLrAt(settings, m_data.sceneScale, inputs.startStep),
                                                  settings.quatsLr, settings.scalesLr, settings.opacitiesLr,
                                                  settings.colorsLr})),
          m_strategy(McmcSettings{settings.budget, settings.refineStart, settings.steps - settings.refineStopBeforeEnd,
                                  settings.refineEvery, settings.minOpacity, settings.noiseLr,
                                  std::uint64_t(settings.seed)}) {
        moveParamState(m_state, m_device);
        if (m_onDevice) {  // every view's ground truth in two tensors: the step's view is a row index
            std::vector<at::Tensor> rgb, alpha;
            for (const TrainView& v : m_data.train) {
                const Target t = targetOf(v, at::Device(at::kCPU));
                rgb.push_back(t.premultiplied);
                alpha.push_back(t.alpha);
            }
            m_stackedRgb = at::stack(rgb).to(m_device);
            m_stackedAlpha = at::stack(alpha).to(m_device);
            uploadSteps(inputs.startStep);
        } else {
            m_targets.reserve(m_data.train.size());
            for (const TrainView& v : m_data.train) m_targets.push_back(targetOf(v, m_device));
        }
        const TrainView& v = m_data.train.front();
        const auto options = at::TensorOptions().dtype(at::kFloat).device(m_device);
        m_gradRgb = at::empty({v.height, v.width, 3}, options);
        m_gradAlpha = at::empty({v.height, v.width}, options);
        m_lossSum = at::zeros({1}, options.dtype(at::kDouble));
    }

    // One optimisation step; its loss is added to the device-side sum (takeLossSum). On a GPU a
    // step that neither refines nor follows a change of the cloud's tensors replays the graph
    // the previous such step recorded (StepGraph), else it launches its kernels.
    Status step(int step, StepTimings& timings) {
        if (!m_captureSteps || !replayable(step)) return runStep(step, timings);
        const std::vector<const void*> key = graphKey(step);
        if (m_graph.captured() && key == m_graphKey) {
            const auto t0 = Clock::now();
            m_graph.replay();
            replayed(step, timings, t0);
            return {};
        }
        m_graph.reset();  // its pool's memory before the new recording takes its own
        Status status;
        m_graph.capture([&] { status = runStep(step, timings); });  // host side once, kernels recorded
        if (!status) return status;
        m_graphKey = key;
        m_graph.replay();  // the recorded step runs now
        return {};
    }

    // Whether the step's launches can be replayed from a recording (a GPU, no refine, a pass
    // without read-back).
    bool replayable(int step) const {
        return m_onDevice && !m_strategy.refinesAt(step) &&
               rasterizeIsCapturable(m_state.count(), m_device, cameraOf(m_data.train.front(), 0.0, 0, cutLongLists()));
    }

    // The host side of a step whose kernels a replay ran (what runStep does besides launching).
    void replayed(int step, StepTimings& timings, Clock::time_point t0) {
        m_state.adam.setStepCount(m_state.adam.stepCount() + 1);
        m_state.adam.setLr(0, m_lrScale * meansLrAt(m_settings, m_data.sceneScale, step + 1));
        timings.steps += 1;
        timings.replayedSteps += 1;
        timings.replayMs += msBetween(t0, Clock::now());
    }

    // A step with every kernel launched; on a GPU its scalars come from the step table
    // (uploadSteps), so its launches are the ones a replayed graph repeats.
    Status runStep(int step, StepTimings& timings) {
        StepPhases p;
        SW_TRY(forwardPhase(step, p));
        if (p.slot)
            l1LossGradientOfSteps({lossOf(p)});
        else
            l1LossGradient(p.pass->out.rgb, p.pass->out.alpha, m_targets[p.view].premultiplied, m_targets[p.view].alpha,
                           p.background, m_settings.alphaWeight, m_gradRgb, m_gradAlpha, m_lossSum, threads());
        p.t2 = Clock::now();
        backwardPhase(p);
        if (const std::optional<EntropyTerm> term = entropyOf(p)) entropyGradients({*term});
        const AdamSettings& adam = m_state.adam.settings();
        adamUpdates({adamOf(p)}, adam.beta1, adam.beta2, adam.eps, threads());
        finishPhase(p, timings);
        return {};
    }

    // A step in the phases runStep takes them in; a tick of K trainings in lockstep
    // (trainLockstep) runs each phase of all K, the element-wise ones (loss, entropy, Adam) as
    // one launch for all K. The tensors of a phase live here until the step is done.
    struct StepPhases {
        int step = 0;
        const kernels::DeviceStep* slot = nullptr;  // a GPU's step scalars
        std::size_t view = 0;
        double background = 0;
        std::optional<RasterizePass> pass;
        std::array<at::Tensor, 5> grads;  // the backward's (Adam releases the parameters' references)
        Clock::time_point t0, t1, t2, t3, t4;
    };

    // The step's scalars (a GPU: the next table entry to the slot) and the forward pass.
    Status forwardPhase(int step, StepPhases& p) {
        p.step = step;
        p.t0 = Clock::now();
        if (m_onDevice) {
            selectDeviceStep(m_deviceSteps);
            p.slot = m_deviceSteps.slot();
        }
        std::tie(p.view, p.background) = drawStep(step);
        RasterizeSettings camera = cameraOf(m_data.train[p.view], p.background, threads(), cutLongLists());
        camera.deviceStep = p.slot;
        auto pass = rasterizeDirect(m_state.splats, camera);
        if (!pass) return pass.error();
        p.pass.emplace(std::move(*pass));
        p.t1 = Clock::now();
        return {};
    }

    // The loss gradient of a GPU step (its view and background read on the device).
    StepLoss lossOf(StepPhases& p) {
        return {&p.pass->out.rgb, &p.pass->out.alpha, &m_stackedRgb, &m_stackedAlpha, &m_deviceSteps,
                m_settings.alphaWeight, &m_gradRgb, &m_gradAlpha, &m_lossSum};
    }

    // The image gradients through the rasterizer by hand (no autograd graph): the parameters'
    // gradients are undefined before (Adam releases them), as autograd would leave them.
    void backwardPhase(StepPhases& p) {
        p.grads = rasterizeBackward(*p.pass, m_gradRgb, m_gradAlpha);
        for (int k = 0; k < 5; ++k) m_state.param(ParamId(k)).mutable_grad() = p.grads[std::size_t(k)];
        p.t3 = Clock::now();
    }

    // The entropy term of the step (its loss to the sum), when it is on.
    std::optional<EntropyTerm> entropyOf(StepPhases& p) {
        const double w = entropyWeightAt(m_settings, p.step);
        at::Tensor& logits = m_state.splats.opacityLogits;
        if (!(w > 0 && logits.grad().defined())) return std::nullopt;
        m_entropyLogits = logits.detach();
        m_entropyGrad = logits.mutable_grad();
        return EntropyTerm{&m_entropyLogits, &m_entropyGrad, w, &m_lossSum, p.slot};
    }

    // The step's Adam update (Adam's time advances; the update releases the gradients).
    AdamJob adamOf(StepPhases& p) { return m_state.adam.prepareStep(m_state.paramPointers(), p.slot); }

    // After the update: the strategy's step (relocation, noise), the next step's rate, timings.
    void finishPhase(StepPhases& p, StepTimings& timings) {
        p.t4 = Clock::now();
        const double lr = m_lrScale * meansLrAt(m_settings, m_data.sceneScale, p.step);
        const TrainView& view = m_data.train[p.view];
        m_strategy.afterStep(m_state,
                             RenderInfo{p.pass->out.radii, view.width, view.height, p.step, m_settings.steps, lr, p.slot},
                             p.step);
        m_state.adam.setLr(0, m_lrScale * meansLrAt(m_settings, m_data.sceneScale, p.step + 1));
        const auto t5 = Clock::now();
        timings.steps += 1;
        timings.forwardMs += msBetween(p.t0, p.t1);
        timings.lossMs += msBetween(p.t1, p.t2);
        timings.backwardMs += msBetween(p.t2, p.t3);
        timings.optimizerMs += msBetween(p.t3, p.t4);
        timings.strategyMs += msBetween(p.t4, t5);
    }

    // What a report checks, in one read-back (waits for a GPU's queued work once): the summed
    // loss of the steps since the last call, and whether every parameter is finite (a sum in
    // float64 of finite float32 values is finite; a NaN or an infinity anywhere makes it not).
    struct Report {
        double lossSum = 0;
        bool paramsFinite = true;
    };
    Report takeReport() {
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

    // Renders every validation view on the training device, then scores the views on the
    // host in parallel (one task per view: SSIM dominates, ~30 ms per 400² view), summing in
    // view order so the result does not depend on the scheduling.
    EvalMetrics evaluate(int stepsDone) {
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

    // A copy of the state after `stepsDone` steps, on the training device.
    StateCopy copyState(int stepsDone) {
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

    // Restores `copy` (which stays usable) and scales every learning rate by `lrScale` from
    // now on; the loss accumulated since the copy is dropped.
    void restore(const StateCopy& copy, double lrScale) {
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

    ParamState& state() { return m_state; }
    const McmcStrategy& strategy() const { return m_strategy; }

private:
    // The rasterizer's threads for the next pass: the batch lane's live share when given.
    int threads() const {
        if (m_threadShare) return std::max(1, m_threadShare->load(std::memory_order_relaxed));
        return m_settings.threads;
    }

    bool cutLongLists() const { return m_deviceLanes <= 1; }

    // The view index and background of `step` (the same draws on every device).
    std::pair<std::size_t, double> drawStep(int step) const {
        std::mt19937_64 viewRng(stepSeed(std::uint64_t(m_settings.seed), step, SeedStream::View));
        std::mt19937_64 bgRng(stepSeed(std::uint64_t(m_settings.seed), step, SeedStream::Background));
        const std::size_t index = std::uniform_int_distribution<std::size_t>(0, m_data.train.size() - 1)(viewRng);
        return {index, std::uniform_real_distribution<double>(0.0, 1.0)(bgRng)};
    }

    // The scalars of steps fromStep … steps − 1 for the device (device_step.h), computed as the
    // CPU path computes them from the host state now: Adam's time goes on from its step count,
    // the means' rate follows the schedule × m_lrScale, the other groups keep their rates.
    void uploadSteps(int fromStep) {
        const AdamSettings& adam = m_state.adam.settings();
        std::vector<kernels::DeviceStep> table;
        table.reserve(std::size_t(std::max(1, m_settings.steps - fromStep)));
        for (int s = fromStep; s < std::max(m_settings.steps, fromStep + 1); ++s) {
            const auto [index, background] = drawStep(s);
            kernels::DeviceStep d;
            d.camera = detail::kernelCamera(cameraOf(m_data.train[index], background, 0, cutLongLists()));
            for (float& b : d.background) b = float(background);
            d.view = std::int32_t(index);
            d.entropyWeight = float(entropyWeightAt(m_settings, s));
            const double t = double(m_state.adam.stepCount() + (s - fromStep) + 1);
            const double correction1 = 1.0 - std::pow(adam.beta1, t);
            d.adamInvSqrtC2 = float(1.0 / std::sqrt(1.0 - std::pow(adam.beta2, t)));
            const double meansLr = m_lrScale * meansLrAt(m_settings, m_data.sceneScale, s);
            for (int k = 0; k < m_state.adam.groupCount() && k < kernels::MAX_ADAM_GROUPS; ++k)
                d.adamStepSize[k] = float((k == 0 ? meansLr : m_state.adam.lr(k)) / correction1);
            d.noiseScaler = float(meansLr * m_strategy.noiseLr());
            d.noiseSeed = m_strategy.deviceNoiseSeed(s);
            table.push_back(d);
        }
        m_deviceSteps = uploadDeviceSteps(table, m_device);
    }

public:
    // What a recorded step depends on besides the step table: the cloud's size, the addresses of
    // every parameter and Adam moment, and whether the entropy term runs.
    std::vector<const void*> graphKey(int step) {
        std::vector<const void*> key{reinterpret_cast<const void*>(std::intptr_t(m_state.count())),
                                     reinterpret_cast<const void*>(std::intptr_t(entropyWeightAt(m_settings, step) > 0))};
        for (int k = 0; k < PARAM_COUNT; ++k) {
            key.push_back(m_state.param(ALL_PARAMS[std::size_t(k)]).data_ptr());
            key.push_back(m_state.adam.expAvg(k).data_ptr());
            key.push_back(m_state.adam.expAvgSq(k).data_ptr());
        }
        return key;
    }

private:
    const TrainData& m_data;
    TrainSettings m_settings;
    at::Device m_device;
    const std::atomic<int>* m_threadShare;
    int m_deviceLanes;  // trainings sharing the GPU (TrainInputs::deviceLanes)
    bool m_onDevice;      // a GPU: the step's scalars come from m_deviceSteps
    bool m_captureSteps;  // a GPU and TrainInputs::captureSteps: steps replay m_graph
    ParamState m_state;
    McmcStrategy m_strategy;
    std::vector<Target> m_targets;  // CPU: per train view (a GPU step reads the stacks below)
    at::Tensor m_stackedRgb, m_stackedAlpha;  // GPU: [views, H, W, 3] and [views, H, W]
    DeviceSteps m_deviceSteps;                // GPU: one entry per step from the last upload
    StepGraph m_graph;                        // GPU: the last recorded step
    std::vector<const void*> m_graphKey;      // what m_graph was recorded with (graphKey)
    at::Tensor m_gradRgb;    // [H, W, 3] d loss / d rgb
    at::Tensor m_gradAlpha;  // [H, W]    d loss / d alpha
    at::Tensor m_lossSum;    // [1] float64: summed loss since the last takeLossSum()
    at::Tensor m_entropyLogits, m_entropyGrad;  // the step's entropy term's views (entropyOf)
    double m_lrScale = 1.0;  // 0.5 after a rollback
};

// Why a report's state cannot be kept, or empty when it can.
std::string nonFiniteReason(const TrainLoop::Report& report) {
    if (!std::isfinite(report.lossSum)) return "non-finite loss";
    if (!report.paramsFinite) return "non-finite parameters";
    return {};
}

Result<TrainResult> runLoop(const TrainInputs& inputs, const TrainSettings& settings, const Progress& progress,
                            const TrainCallbacks& callbacks, const detail::TrainHooks& hooks) {
    const auto start = Clock::now();
    const auto elapsed = [&] { return msBetween(start, Clock::now()) / 1000.0; };
    const auto cancelled = [&](int step) {
        return makeError(ErrorCode::Cancelled, "training cancelled at step " + std::to_string(step),
                         inputs.checkpointDir);
    };
    TrainLoop loop(inputs, settings);
    TrainResult result;
    StateCopy lastGood = loop.copyState(inputs.startStep);
    const bool checkpoints = !inputs.checkpointDir.empty();
    double lossSum = 0, evalLossSum = 0;
    int lossCount = 0, evalLossCount = 0, pending = 0;
    for (int step = inputs.startStep; step < settings.steps; ++step) {
        if (progress.cancelled()) return cancelled(step);
        SW_TRY(loop.step(step, result.timings));
        if (hooks.afterStep) hooks.afterStep(step, loop.state());
        ++pending;
        const int done = step + 1;
        const bool last = done == settings.steps;
        const bool curve = done % 100 == 0 || last;
        const bool eval = done % settings.evalEvery == 0 || last;
        const bool snapshot = callbacks.onSnapshot && (done % settings.snapshotEvery == 0 || last);
        const bool checkpoint = checkpoints && (done % settings.checkpointEvery == 0 || last);
        if (curve || eval || snapshot || checkpoint) {
            const TrainLoop::Report report = loop.takeReport();  // the only read-back between reports
            const double sum = report.lossSum;
            const std::string bad = nonFiniteReason(report);
            if (!bad.empty()) {
                if (result.rollbacks > 0)
                    return makeError(ErrorCode::InvalidInput,
                                     bad + " between steps " + std::to_string(lastGood.step) + " and " +
                                         std::to_string(done) + ", again after rolling back once and halving the "
                                         "learning rates: training diverged; lower the learning rates or check the "
                                         "dataset for NaN",
                                     inputs.checkpointDir);
                SW_LOG_WARN("training: " << bad << " between steps " << lastGood.step << " and " << done
                                         << ": rolled back to step " << lastGood.step
                                         << " and halved the learning rates");
                loop.restore(lastGood, 0.5);
                ++result.rollbacks;
                pending = 0;
                step = lastGood.step - 1;  // the loop's ++step resumes at lastGood.step
                continue;
            }
            lossSum += sum;
            evalLossSum += sum;
            lossCount += pending;
            evalLossCount += pending;
            pending = 0;
            lastGood = loop.copyState(done);
        }
        if (curve) {
            result.lossCurve.emplace_back(done, lossSum / std::max(1, lossCount));
            lossSum = 0;
            lossCount = 0;
        }
        if (eval) {
            EvalMetrics m = loop.evaluate(done);
            m.trainLoss = evalLossSum / std::max(1, evalLossCount);
            m.seconds = elapsed();
            evalLossSum = 0;
            evalLossCount = 0;
            result.history.push_back(m);
            if (callbacks.onMetrics) callbacks.onMetrics(m);
        }
        if (snapshot) callbacks.onSnapshot(done, toCloud(loop.state().splats));
        if (checkpoint) {
            Checkpoint cp{done, std::uint64_t(settings.seed), trainSchema().toParams(settings).toJson(),
                          toCloud(loop.state().splats)};
            SW_TRY(writeCheckpoint(inputs.checkpointDir, cp));
        }
        progress.report(double(done) / settings.steps, "step " + std::to_string(done) + "/" + std::to_string(settings.steps));
    }
    if (result.history.empty()) result.history.push_back(loop.evaluate(settings.steps));
    result.final = result.history.back();
    result.cloud = toCloud(loop.state().splats);
    result.relocated = loop.strategy().relocatedTotal();
    result.added = loop.strategy().addedTotal();
    result.seconds = elapsed();
    return result;
}

// The first line of a libtorch error, without its backtrace.
std::string firstLine(const char* text) {
    std::string line(text ? text : "");
    if (const auto eol = line.find('\n'); eol != std::string::npos) line.resize(eol);
    return line;
}

Error outOfMemory(const TrainSettings& settings, const std::string& detail) {
    return makeError(ErrorCode::OutOfMemory, "out of memory while training a budget of " +
                                                 std::to_string(settings.budget) + " splats (" + detail +
                                                 "); lower the budget (--budget) or the resolution (--res)");
}

}  // namespace

namespace detail {

Result<TrainResult> trainWithHooks(const TrainInputs& inputs, const TrainSettings& settings, const Progress& progress,
                                   const TrainCallbacks& callbacks, const TrainHooks& hooks) {
    SW_TRY(validateInputs(inputs, settings));
    const TrainView& first = inputs.data->train.front();
    SW_TRY(checkTrainingMemory(settings, first.width, first.height));
    // The trainer's boundary: an allocation that fails anyway, in libtorch or ours, becomes an
    // error value; nothing escapes as an abort.
    try {
        const IntraOpThreads intraOp(settings.threads);
        const c10::DeviceGuard onDevice(deviceOf(settings, inputs.deviceIndex));  // the lane's GPU (batch.h)
        const OwnStream ownStream(deviceOf(settings, inputs.deviceIndex));  // lanes overlap on the GPU
        return runLoop(inputs, settings, progress, callbacks, hooks);
    } catch (const c10::OutOfMemoryError& e) {
        return outOfMemory(settings, firstLine(e.what_without_backtrace()));
    } catch (const c10::Error& e) {
        const std::string what = firstLine(e.what_without_backtrace());
        if (what.find("memory") != std::string::npos || what.find("allocate") != std::string::npos)
            return outOfMemory(settings, what);
        return makeError(ErrorCode::Internal, "training failed in libtorch: " + what);
    } catch (const std::bad_alloc&) {
        return outOfMemory(settings, "an allocation failed");
    } catch (const std::system_error& e) {  // std::thread: no memory for a worker's stack
        if (e.code() == std::errc::resource_unavailable_try_again || e.code() == std::errc::not_enough_memory)
            return outOfMemory(settings, e.what());
        return makeError(ErrorCode::Internal, std::string("training failed: ") + e.what());
    }
}

// One recorded tick of the replayable trainings `members`: each one's forward pass on a branch
// of its own, then the loss gradients of all of them in one launch, the backward passes on the
// branches, the entropy terms and the Adam updates of all of them in one launch each, and the
// strategies' steps (the noise) on the branches. The steps' tensors live until the recording ends.
void captureFusedTick(StepGraph& group, std::vector<std::unique_ptr<TrainLoop>>& loops, const std::vector<int>& members,
                      int step, std::vector<TrainResult>& results, Status& status) {
    std::vector<TrainLoop::StepPhases> phases(members.size());
    const auto loopOf = [&](int b) -> TrainLoop& { return *loops[std::size_t(members[std::size_t(b)])]; };
    const AdamSettings adam = loopOf(0).state().adam.settings();
    for (std::size_t b = 0; b < members.size(); ++b) {
        const AdamSettings& other = loopOf(int(b)).state().adam.settings();
        SW_REQUIRE(other.beta1 == adam.beta1 && other.beta2 == adam.beta2 && other.eps == adam.eps,
                   "lockstep: one Adam launch needs the same betas and eps in every training");
    }
    const int k = int(members.size());
    group.captureStages(k, {
        {true, [&](int b) {
             Status s = loopOf(b).forwardPhase(step, phases[std::size_t(b)]);
             if (!s && status) status = s;
         }},
        {false, [&](int) {
             if (!status) return;
             std::vector<StepLoss> jobs;
             for (int b = 0; b < k; ++b) jobs.push_back(loopOf(b).lossOf(phases[std::size_t(b)]));
             l1LossGradientOfSteps(jobs);
             for (auto& p : phases) p.t2 = Clock::now();
         }},
        {true, [&](int b) {
             if (status) loopOf(b).backwardPhase(phases[std::size_t(b)]);
         }},
        {false, [&](int) {
             if (!status) return;
             std::vector<EntropyTerm> terms;
             std::vector<AdamJob> updates;
             for (int b = 0; b < k; ++b)
                 if (const std::optional<EntropyTerm> term = loopOf(b).entropyOf(phases[std::size_t(b)])) terms.push_back(*term);
             for (int b = 0; b < k; ++b) updates.push_back(loopOf(b).adamOf(phases[std::size_t(b)]));
             entropyGradients(terms);
             adamUpdates(updates, adam.beta1, adam.beta2, adam.eps);
         }},
        {true, [&](int b) {
             if (status)
                 loopOf(b).finishPhase(phases[std::size_t(b)], results[std::size_t(members[std::size_t(b)])].timings);
         }},
    });
}

Result<std::vector<TrainResult>> trainLockstep(const std::vector<TrainInputs>& inputs,
                                               const std::vector<TrainSettings>& settings, bool fuse) {
    if (inputs.empty() || inputs.size() != settings.size())
        return makeError(ErrorCode::InvalidInput, "lockstep training needs one settings per input");
    const int steps = settings.front().steps, k = int(inputs.size());
    for (std::size_t j = 0; j < inputs.size(); ++j) {
        SW_TRY(validateInputs(inputs[j], settings[j]));
        if (settings[j].device != TrainDevice::Cuda || settings[j].steps != steps || inputs[j].startStep != 0)
            return makeError(ErrorCode::InvalidInput, "lockstep training: every job on CUDA, from step 0, same steps");
    }
    try {
        const IntraOpThreads intraOp(settings.front().threads);
        const at::Device device = deviceOf(settings.front(), inputs.front().deviceIndex);
        const c10::DeviceGuard onDevice(device);
        const OwnStream ownStream(device);
        const auto start = Clock::now();
        std::vector<std::unique_ptr<TrainLoop>> loops;
        std::vector<TrainResult> results(inputs.size());
        for (std::size_t j = 0; j < inputs.size(); ++j) {
            TrainInputs in = inputs[j];
            in.deviceLanes = k;  // the GPU is shared: uncut lists, as trainMany's lanes
            in.captureSteps = false;  // the group records
            loops.push_back(std::make_unique<TrainLoop>(in, settings[j]));
        }
        std::vector<double> lossSum(inputs.size(), 0), evalLossSum(inputs.size(), 0);
        int lossCount = 0, evalLossCount = 0, pending = 0;
        StepGraph group;
        std::vector<const void*> groupKey;
        std::vector<int> members, launched;
        for (int step = 0; step < steps; ++step) {
            members.clear();
            launched.clear();
            for (int j = 0; j < k; ++j) (loops[std::size_t(j)]->replayable(step) ? members : launched).push_back(j);
            if (!launched.empty()) {  // refine steps read back and plan on the host: side by side
                std::vector<Status> status(launched.size());
                runSideBySide(int(launched.size()), device, [&](int b) {
                    const int j = launched[std::size_t(b)];
                    status[std::size_t(b)] = loops[std::size_t(j)]->runStep(step, results[std::size_t(j)].timings);
                });
                for (const Status& s : status) SW_TRY(s);
            }
            if (!members.empty()) {
                std::vector<const void*> key;
                for (int j : members) {
                    key.push_back(reinterpret_cast<const void*>(std::intptr_t(j)));
                    const std::vector<const void*> own = loops[std::size_t(j)]->graphKey(step);
                    key.insert(key.end(), own.begin(), own.end());
                }
                const auto t0 = Clock::now();
                if (group.captured() && key == groupKey) {
                    group.replay();
                    for (int j : members) loops[std::size_t(j)]->replayed(step, results[std::size_t(j)].timings, t0);
                } else {
                    Status status;
                    if (fuse)
                        captureFusedTick(group, loops, members, step, results, status);
                    else
                        group.captureBranches(int(members.size()), [&](int b) {
                            const int j = members[std::size_t(b)];
                            Status s = loops[std::size_t(j)]->runStep(step, results[std::size_t(j)].timings);
                            if (!s && status) status = s;
                        });
                    if (!status) return status.error();
                    groupKey = key;
                    group.replay();
                }
            }
            const int done = step + 1;
            const bool last = done == steps;
            const bool eval = done % settings.front().evalEvery == 0 || last;
            ++pending;
            if (done % 100 == 0 || last || eval) {
                for (int j = 0; j < k; ++j) {
                    const TrainLoop::Report report = loops[std::size_t(j)]->takeReport();
                    const std::string bad = nonFiniteReason(report);
                    if (!bad.empty())
                        return makeError(ErrorCode::InvalidInput, "lockstep training " + std::to_string(j) + ": " + bad +
                                                                      " before step " + std::to_string(done));
                    lossSum[std::size_t(j)] += report.lossSum;
                    evalLossSum[std::size_t(j)] += report.lossSum;
                }
                lossCount += pending;
                evalLossCount += pending;
                pending = 0;
                if (done % 100 == 0 || last) {
                    for (int j = 0; j < k; ++j) {
                        results[std::size_t(j)].lossCurve.emplace_back(done, lossSum[std::size_t(j)] / lossCount);
                        lossSum[std::size_t(j)] = 0;
                    }
                    lossCount = 0;
                }
            }
            if (eval) {  // the K evaluations side by side (renders on the GPU, scores on the host)
                std::vector<EvalMetrics> metrics(static_cast<std::size_t>(k));
                runSideBySide(k, device, [&](int j) { metrics[std::size_t(j)] = loops[std::size_t(j)]->evaluate(done); });
                for (int j = 0; j < k; ++j) {
                    EvalMetrics& m = metrics[std::size_t(j)];
                    m.trainLoss = evalLossSum[std::size_t(j)] / std::max(1, evalLossCount);
                    m.seconds = msBetween(start, Clock::now()) / 1000.0;
                    evalLossSum[std::size_t(j)] = 0;
                    results[std::size_t(j)].history.push_back(m);
                }
            }
            if (eval) evalLossCount = 0;
        }
        for (int j = 0; j < k; ++j) {
            TrainResult& r = results[std::size_t(j)];
            r.final = r.history.back();
            r.cloud = toCloud(loops[std::size_t(j)]->state().splats);
            r.relocated = loops[std::size_t(j)]->strategy().relocatedTotal();
            r.added = loops[std::size_t(j)]->strategy().addedTotal();
            r.seconds = msBetween(start, Clock::now()) / 1000.0;
        }
        return results;
    } catch (const c10::Error& e) {
        return makeError(ErrorCode::Internal, "lockstep training failed in libtorch: " + firstLine(e.what_without_backtrace()));
    }
}

}  // namespace detail

Result<TrainResult> train(const TrainInputs& inputs, const TrainSettings& settings, const Progress& progress,
                          const TrainCallbacks& callbacks) {
    return detail::trainWithHooks(inputs, settings, progress, callbacks, {});
}

}  // namespace sw::train
