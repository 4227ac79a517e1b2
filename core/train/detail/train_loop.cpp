// TrainLoop (detail/train_loop.h): its set-up (parameters, Adam, strategy, every train view's
// ground truth and, on a GPU, the table of step scalars) and one step in its phases.
#include "core/train/detail/train_loop.h"

#include <ATen/ops/empty.h>
#include <ATen/ops/from_blob.h>
#include <ATen/ops/stack.h>
#include <ATen/ops/zeros.h>

#include <algorithm>
#include <cmath>
#include <random>
#include <tuple>

#include "core/train/detail/seeds.h"
#include "core/train/device_step.h"

namespace sw::train::detail {
namespace {

Target targetOf(const TrainView& v, const at::Device& device) {
    auto* rgb = const_cast<float*>(v.premultiplied.data());
    auto* alpha = const_cast<float*>(v.alpha.data());
    return {at::from_blob(rgb, {v.height, v.width, 3}, at::kFloat).to(device),
            at::from_blob(alpha, {v.height, v.width}, at::kFloat).to(device)};
}

}  // namespace

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

at::Device deviceOf(const TrainSettings& settings, int deviceIndex) {
    return settings.device == TrainDevice::Cuda ? at::Device(at::kCUDA, c10::DeviceIndex(deviceIndex))
                                                : at::Device(at::kCPU);
}

TrainLoop::TrainLoop(const TrainInputs& inputs, const TrainSettings& settings)
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

Status TrainLoop::step(int step, StepTimings& timings) {
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

bool TrainLoop::replayable(int step) const {
    return m_onDevice && !m_strategy.refinesAt(step) &&
           rasterizeIsCapturable(m_state.count(), m_device, cameraOf(m_data.train.front(), 0.0, 0, cutLongLists()));
}

void TrainLoop::replayed(int step, StepTimings& timings, Clock::time_point t0) {
    m_state.adam.setStepCount(m_state.adam.stepCount() + 1);
    m_state.adam.setLr(0, m_lrScale * meansLrAt(m_settings, m_data.sceneScale, step + 1));
    timings.steps += 1;
    timings.replayedSteps += 1;
    timings.replayMs += msBetween(t0, Clock::now());
}

Status TrainLoop::runStep(int step, StepTimings& timings) {
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

Status TrainLoop::forwardPhase(int step, StepPhases& p) {
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

StepLoss TrainLoop::lossOf(StepPhases& p) {
    return {&p.pass->out.rgb, &p.pass->out.alpha, &m_stackedRgb, &m_stackedAlpha, &m_deviceSteps,
            m_settings.alphaWeight, &m_gradRgb, &m_gradAlpha, &m_lossSum};
}

void TrainLoop::backwardPhase(StepPhases& p) {
    p.grads = rasterizeBackward(*p.pass, m_gradRgb, m_gradAlpha);
    for (int k = 0; k < 5; ++k) m_state.param(ParamId(k)).mutable_grad() = p.grads[std::size_t(k)];
    p.t3 = Clock::now();
}

std::optional<EntropyTerm> TrainLoop::entropyOf(StepPhases& p) {
    const double w = entropyWeightAt(m_settings, p.step);
    at::Tensor& logits = m_state.splats.opacityLogits;
    if (!(w > 0 && logits.grad().defined())) return std::nullopt;
    m_entropyLogits = logits.detach();
    m_entropyGrad = logits.mutable_grad();
    return EntropyTerm{&m_entropyLogits, &m_entropyGrad, w, &m_lossSum, p.slot};
}

AdamJob TrainLoop::adamOf(StepPhases& p) { return m_state.adam.prepareStep(m_state.paramPointers(), p.slot); }

void TrainLoop::finishPhase(StepPhases& p, StepTimings& timings) {
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

std::vector<const void*> TrainLoop::graphKey(int step) {
    std::vector<const void*> key{reinterpret_cast<const void*>(std::intptr_t(m_state.count())),
                                 reinterpret_cast<const void*>(std::intptr_t(entropyWeightAt(m_settings, step) > 0))};
    for (int k = 0; k < PARAM_COUNT; ++k) {
        key.push_back(m_state.param(ALL_PARAMS[std::size_t(k)]).data_ptr());
        key.push_back(m_state.adam.expAvg(k).data_ptr());
        key.push_back(m_state.adam.expAvgSq(k).data_ptr());
    }
    return key;
}

int TrainLoop::threads() const {
    if (m_threadShare) return std::max(1, m_threadShare->load(std::memory_order_relaxed));
    return m_settings.threads;
}

std::pair<std::size_t, double> TrainLoop::drawStep(int step) const {
    std::mt19937_64 viewRng(stepSeed(std::uint64_t(m_settings.seed), step, SeedStream::View));
    std::mt19937_64 bgRng(stepSeed(std::uint64_t(m_settings.seed), step, SeedStream::Background));
    const std::size_t index = std::uniform_int_distribution<std::size_t>(0, m_data.train.size() - 1)(viewRng);
    return {index, std::uniform_real_distribution<double>(0.0, 1.0)(bgRng)};
}

void TrainLoop::uploadSteps(int fromStep) {
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

}  // namespace sw::train::detail
