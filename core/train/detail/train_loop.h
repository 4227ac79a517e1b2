#pragma once
// One training's step loop state (trainer.h): TrainLoop drives the rasterizer without autograd
// (rasterizeDirect / rasterizeBackward: the same kernels, no graph). Everything a step touches
// lives on the training device (parameters, Adam moments, every train view's ground truth, the
// loss sum); the loss gradient, the entropy term and Adam are the fused loops/kernels of
// train_ops.h, so a step allocates nothing beyond what the rasterizer needs and, on a GPU,
// reads nothing back until a report (loss curve, metrics, snapshot, checkpoint) needs it. Each
// report first checks the loss and the parameters: a non-finite one rolls back to the copy
// taken at the previous report (trainer.h).
//
// Files: train_loop.cpp (set-up and the step's phases), train_loop_report.cpp (the report's
// read-back, the evaluation, the rollback copy), train_run.cpp (train(): the loop over steps
// and its reports), train_lockstep.cpp (K trainings in lockstep, train_hooks.h).
// Torch-facing: core/train only.
#include <ATen/core/Tensor.h>

#include <array>
#include <atomic>
#include <chrono>
#include <cstddef>
#include <cstdint>
#include <optional>
#include <string>
#include <utility>
#include <vector>

#include "core/foundation/error.h"
#include "core/train/detail/mcmc_strategy.h"
#include "core/train/detail/param_state.h"
#include "core/train/detail/rasterize.h"
#include "core/train/detail/train_ops.h"
#include "core/train/trainer.h"

namespace sw::train::detail {

using Clock = std::chrono::steady_clock;

inline double msBetween(Clock::time_point a, Clock::time_point b) {
    return std::chrono::duration<double, std::milli>(b - a).count();
}

// The rasterizer's camera for view v over a grey background.
RasterizeSettings cameraOf(const TrainView& v, double background, int threads, bool cutLongLists);

// The device a training runs on: the CPU, or CUDA device `deviceIndex`.
at::Device deviceOf(const TrainSettings& settings, int deviceIndex);

// The ground truth of one train view on the training device: [H, W, 3] premultiplied colour
// and [H, W] alpha. On the CPU these alias the view's vectors; on a GPU they are uploaded once.
struct Target {
    at::Tensor premultiplied;
    at::Tensor alpha;
};

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
    TrainLoop(const TrainInputs& inputs, const TrainSettings& settings);

    // One optimisation step; its loss is added to the device-side sum (takeReport). On a GPU a
    // step that neither refines nor follows a change of the cloud's tensors replays the graph
    // the previous such step recorded (StepGraph), else it launches its kernels.
    Status step(int step, StepTimings& timings);

    // Whether the step's launches can be replayed from a recording (a GPU, no refine, a pass
    // without read-back).
    bool replayable(int step) const;

    // The host side of a step whose kernels a replay ran (what runStep does besides launching).
    void replayed(int step, StepTimings& timings, Clock::time_point t0);

    // A step with every kernel launched; on a GPU its scalars come from the step table
    // (uploadSteps), so its launches are the ones a replayed graph repeats.
    Status runStep(int step, StepTimings& timings);

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
    Status forwardPhase(int step, StepPhases& p);
    // The loss gradient of a GPU step (its view and background read on the device).
    StepLoss lossOf(StepPhases& p);
    // The image gradients through the rasterizer by hand (no autograd graph): the parameters'
    // gradients are undefined before (Adam releases them), as autograd would leave them.
    void backwardPhase(StepPhases& p);
    // The entropy term of the step (its loss to the sum), when it is on.
    std::optional<EntropyTerm> entropyOf(StepPhases& p);
    // The step's Adam update (Adam's time advances; the update releases the gradients).
    AdamJob adamOf(StepPhases& p);
    // After the update: the strategy's step (relocation, noise), the next step's rate, timings.
    void finishPhase(StepPhases& p, StepTimings& timings);

    // What a report checks, in one read-back (waits for a GPU's queued work once): the summed
    // loss of the steps since the last call, and whether every parameter is finite (a sum in
    // float64 of finite float32 values is finite; a NaN or an infinity anywhere makes it not).
    struct Report {
        double lossSum = 0;
        bool paramsFinite = true;
    };
    Report takeReport();

    // Renders every validation view on the training device, then scores the views on the
    // host in parallel (one task per view: SSIM dominates, ~30 ms per 400² view), summing in
    // view order so the result does not depend on the scheduling.
    EvalMetrics evaluate(int stepsDone);

    // A copy of the state after `stepsDone` steps, on the training device.
    StateCopy copyState(int stepsDone);

    // Restores `copy` (which stays usable) and scales every learning rate by `lrScale` from
    // now on; the loss accumulated since the copy is dropped.
    void restore(const StateCopy& copy, double lrScale);

    // What a recorded step depends on besides the step table: the cloud's size, the addresses of
    // every parameter and Adam moment, and whether the entropy term runs.
    std::vector<const void*> graphKey(int step);

    ParamState& state() { return m_state; }
    const McmcStrategy& strategy() const { return m_strategy; }

private:
    // The rasterizer's threads for the next pass: the batch lane's live share when given.
    int threads() const;
    bool cutLongLists() const { return m_deviceLanes <= 1; }
    // The view index and background of `step` (the same draws on every device).
    std::pair<std::size_t, double> drawStep(int step) const;
    // The scalars of steps fromStep … steps − 1 for the device (device_step.h), computed as the
    // CPU path computes them from the host state now: Adam's time goes on from its step count,
    // the means' rate follows the schedule × m_lrScale, the other groups keep their rates.
    void uploadSteps(int fromStep);

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
    at::Tensor m_lossSum;    // [1] float64: summed loss since the last takeReport()
    at::Tensor m_entropyLogits, m_entropyGrad;  // the step's entropy term's views (entropyOf)
    double m_lrScale = 1.0;  // 0.5 after a rollback
};

// Why a report's state cannot be kept, or empty when it can.
std::string nonFiniteReason(const TrainLoop::Report& report);

// The first line of a libtorch error, without its backtrace.
std::string firstLine(const char* text);

}  // namespace sw::train::detail
