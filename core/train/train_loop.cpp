// train(): the step loop of trainer.h. The only translation unit of the trainer that drives
// autograd; the loss gradient, the entropy term and Adam are fused loops on raw buffers, so a
// step allocates nothing beyond what the rasterizer needs.
#include <ATen/core/grad_mode.h>
#include <ATen/ops/empty.h>
#include <torch/csrc/autograd/autograd.h>

#include <chrono>
#include <cmath>
#include <random>

#include "core/train/checkpoint.h"
#include "core/train/mcmc_strategy.h"
#include "core/train/metrics.h"
#include "core/train/rasterize.h"
#include "core/train/seeds.h"
#include "core/train/trainer.h"

namespace sw::train {
namespace {

using Clock = std::chrono::steady_clock;

double msBetween(Clock::time_point a, Clock::time_point b) {
    return std::chrono::duration<double, std::milli>(b - a).count();
}

RasterizeSettings cameraOf(const TrainView& v, double background, int threads) {
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

Status validateInputs(const TrainInputs& inputs, const TrainSettings& settings) {
    if (!inputs.data || inputs.data->train.empty() || inputs.data->val.empty())
        return makeError(ErrorCode::InvalidInput, "training needs at least one train and one validation view");
    if (settings.budget < 1)
        return makeError(ErrorCode::InvalidInput, "budget must be at least 1 splat, got " + std::to_string(settings.budget));
    if (inputs.initial.empty()) return makeError(ErrorCode::InvalidInput, "the start cloud has no splats");
    if (int(inputs.initial.size()) > settings.budget)
        return makeError(ErrorCode::InvalidInput, "the start cloud has " + std::to_string(inputs.initial.size()) +
                                                      " splats, more than the budget of " + std::to_string(settings.budget) +
                                                      " (a smaller budget is a retrain from a fresh start, never a slice)");
    SW_TRY(inputs.initial.validate("start cloud"));
    const TrainView& first = inputs.data->train.front();
    for (const auto* views : {&inputs.data->train, &inputs.data->val})
        for (const TrainView& v : *views)
            if (v.width != first.width || v.height != first.height || v.alpha.size() != std::size_t(v.width * v.height))
                return makeError(ErrorCode::InvalidInput, "views differ in size from " + first.imagePath, v.imagePath);
    return {};
}

class TrainLoop {
public:
    TrainLoop(const TrainInputs& inputs, const TrainSettings& settings)
        : m_data(*inputs.data), m_settings(settings),
          m_state(makeParamState(inputs.initial, {meansLrAt(settings, m_data.sceneScale, inputs.startStep),
                                                  settings.quatsLr, settings.scalesLr, settings.opacitiesLr,
                                                  settings.colorsLr})),
          m_strategy(McmcSettings{settings.budget, settings.refineStart, settings.steps - settings.refineStopBeforeEnd,
                                  settings.refineEvery, settings.minOpacity, settings.noiseLr,
                                  std::uint64_t(settings.seed)}) {
        const TrainView& v = m_data.train.front();
        m_gradRgb = at::empty({v.height, v.width, 3}, at::kFloat);
        m_gradAlpha = at::empty({v.height, v.width}, at::kFloat);
    }

    // One optimisation step; returns its loss or the rasterizer's error.
    Result<double> step(int step, StepTimings& timings) {
        const auto t0 = Clock::now();
        std::mt19937_64 viewRng(stepSeed(std::uint64_t(m_settings.seed), step, SeedStream::View));
        std::mt19937_64 bgRng(stepSeed(std::uint64_t(m_settings.seed), step, SeedStream::Background));
        const TrainView& view = m_data.train[std::uniform_int_distribution<std::size_t>(0, m_data.train.size() - 1)(viewRng)];
        const double background = std::uniform_real_distribution<double>(0.0, 1.0)(bgRng);
        auto out = rasterize(m_state.splats, cameraOf(view, background, m_settings.threads));
        if (!out) return out.error();
        const auto t1 = Clock::now();
        double loss = lossGradient(view, background, *out);
        const auto t2 = Clock::now();
        torch::autograd::backward({out->rgb, out->alpha}, {m_gradRgb, m_gradAlpha});
        const auto t3 = Clock::now();
        loss += optimize(step);
        const auto t4 = Clock::now();
        const double lr = meansLrAt(m_settings, m_data.sceneScale, step);
        m_strategy.afterStep(m_state, RenderInfo{out->radii, view.width, view.height, step, m_settings.steps, lr}, step);
        m_state.adam.setLr(0, meansLrAt(m_settings, m_data.sceneScale, step + 1));
        const auto t5 = Clock::now();
        timings.steps += 1;
        timings.forwardMs += msBetween(t0, t1);
        timings.lossMs += msBetween(t1, t2);
        timings.backwardMs += msBetween(t2, t3);
        timings.optimizerMs += msBetween(t3, t4);
        timings.strategyMs += msBetween(t4, t5);
        return loss;
    }

    EvalMetrics evaluate(int stepsDone) {
        at::NoGradGuard noGrad;
        EvalMetrics m;
        m.step = stepsDone;
        std::vector<float> gt, rendered;
        for (const TrainView& v : m_data.val) {
            auto out = rasterize(m_state.splats, cameraOf(v, m_settings.valBackground, m_settings.threads));
            if (!out) continue;
            compositeInto(v, m_settings.valBackground, gt);
            const at::Tensor rgbT = out->rgb.contiguous();
            const float* rgb = rgbT.data_ptr<float>();
            rendered.assign(rgb, rgb + gt.size());
            m.valL1 += meanAbsError(rendered, gt);
            m.valPsnr += psnr(rendered, gt);
            m.valSsim += v.width >= 11 && v.height >= 11 ? ssim(rendered, gt, v.width, v.height, 3) : 1.0;
        }
        const double n = double(m_data.val.size());
        m.valL1 /= n;
        m.valPsnr /= n;
        m.valSsim /= n;
        const splat::SplatCloud cloud = toCloud(m_state.splats);
        m.splats = int(cloud.size());
        m.opaqueShare = opaqueShare(cloud.opacities);
        m.outsideSilhouette = countOutsideSilhouette(cloud, m_data.val);
        return m;
    }

    ParamState& state() { return m_state; }
    const McmcStrategy& strategy() const { return m_strategy; }

private:
    // Fills m_gradRgb/m_gradAlpha with d(loss)/d(image) of L1(rgb) + alphaWeight·L1(alpha).
    double lossGradient(const TrainView& v, double background, const RasterizeOutput& out) {
        const at::Tensor rgbT = out.rgb.contiguous(), alphaT = out.alpha.contiguous();
        const float* rgb = rgbT.data_ptr<float>();
        const float* alpha = alphaT.data_ptr<float>();
        float* gRgb = m_gradRgb.data_ptr<float>();
        float* gAlpha = m_gradAlpha.data_ptr<float>();
        const std::size_t pixels = v.alpha.size();
        const float rgbScale = 1.f / float(pixels * 3), alphaScale = float(m_settings.alphaWeight) / float(pixels);
        const float b = float(background);
        double rgbSum = 0, alphaSum = 0;
        for (std::size_t p = 0; p < pixels; ++p) {
            const float a = v.alpha[p];
            for (std::size_t c = 0; c < 3; ++c) {
                const float d = rgb[p * 3 + c] - (v.premultiplied[p * 3 + c] + b * (1.f - a));
                rgbSum += double(std::abs(d));
                gRgb[p * 3 + c] = d > 0 ? rgbScale : (d < 0 ? -rgbScale : 0.f);
            }
            const float d = alpha[p] - a;
            alphaSum += double(std::abs(d));
            gAlpha[p] = d > 0 ? alphaScale : (d < 0 ? -alphaScale : 0.f);
        }
        return rgbSum / double(pixels * 3) + m_settings.alphaWeight * alphaSum / double(pixels);
    }

    // Adds the entropy gradient, runs Adam, clears the gradients; returns the entropy loss.
    double optimize(int step) {
        const double w = entropyWeightAt(m_settings, step);
        double entropy = 0;
        at::Tensor& logits = m_state.splats.opacityLogits;
        if (w > 0 && logits.grad().defined()) {
            const std::int64_t n = logits.size(0);
            const float* l = logits.data_ptr<float>();
            float* g = logits.mutable_grad().data_ptr<float>();
            const float scale = float(w / double(n));
            for (std::int64_t i = 0; i < n; ++i) {
                const float o = 1.f / (1.f + std::exp(-l[i]));
                entropy += double(o * (1.f - o));
                g[i] += scale * o * (1.f - o) * (1.f - 2.f * o);  // d/dl of o(1 − o), o = σ(l)
            }
            entropy *= w / double(n);
        }
        m_state.adam.step(m_state.paramPointers());
        for (at::Tensor* p : m_state.paramPointers())
            if (p->grad().defined()) p->mutable_grad().zero_();
        return entropy;
    }

    const TrainData& m_data;
    TrainSettings m_settings;
    ParamState m_state;
    McmcStrategy m_strategy;
    at::Tensor m_gradRgb;    // [H, W, 3] d loss / d rgb
    at::Tensor m_gradAlpha;  // [H, W]    d loss / d alpha
};

}  // namespace

Result<TrainResult> train(const TrainInputs& inputs, const TrainSettings& settings, const Progress& progress,
                          const TrainCallbacks& callbacks) {
    SW_TRY(validateInputs(inputs, settings));
    const auto start = Clock::now();
    const auto elapsed = [&] { return msBetween(start, Clock::now()) / 1000.0; };
    TrainLoop loop(inputs, settings);
    TrainResult result;
    double lossSum = 0, evalLossSum = 0;
    int lossCount = 0, evalLossCount = 0;
    for (int step = inputs.startStep; step < settings.steps; ++step) {
        if (progress.cancelled()) return makeError(ErrorCode::Cancelled, "training cancelled at step " + std::to_string(step));
        auto loss = loop.step(step, result.timings);
        if (!loss) return loss.error();
        lossSum += *loss;
        evalLossSum += *loss;
        ++lossCount;
        ++evalLossCount;
        const int done = step + 1;
        if (done % 100 == 0 || done == settings.steps) {
            result.lossCurve.emplace_back(done, lossSum / lossCount);
            lossSum = 0;
            lossCount = 0;
        }
        if (done % settings.evalEvery == 0 || done == settings.steps) {
            EvalMetrics m = loop.evaluate(done);
            m.trainLoss = evalLossSum / std::max(1, evalLossCount);
            m.seconds = elapsed();
            evalLossSum = 0;
            evalLossCount = 0;
            result.history.push_back(m);
            if (callbacks.onMetrics) callbacks.onMetrics(m);
        }
        if (callbacks.onSnapshot && (done % settings.snapshotEvery == 0 || done == settings.steps))
            callbacks.onSnapshot(done, toCloud(loop.state().splats));
        if (!inputs.checkpointDir.empty() && (done % settings.checkpointEvery == 0 || done == settings.steps)) {
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

}  // namespace sw::train
