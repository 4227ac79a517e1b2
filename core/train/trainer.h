#pragma once
// The fixed-budget trainer (PIPELINE.md §3): direct-RGB splats fitted to a NeRF-synthetic
// dataset with the CPU rasterizer, Adam with one group per parameter (gsplat's defaults) and
// the MCMC budget strategy (mcmc_strategy.h). Torch-free header: the CLI and the editor call
// train() (the editor on a worker thread) and receive metrics, snapshots and the final cloud.
//
// Each step: a random train view; a random grey background b ∈ [0, 1], the ground truth
// composited over the same b; loss = L1(rgb) + alphaWeight·L1(alpha) + entropy, where the
// entropy term is entropyWeight·ramp(step)·mean(o(1 − o)) over the splats' opacities o and
// ramp(step) = max(0, (step/steps − 0.6)/0.4) (off for the first 60% of the steps).
//
// Survives NaN: at every report (loss curve, metrics, snapshot, checkpoint) the loss sum and
// every parameter are checked; a non-finite one rolls the state back to the in-memory copy of
// the previous report (parameters, Adam moments, step; never older than the last checkpoint)
// and halves every learning rate for the rest of the run, once; a second one stops training
// with an InvalidInput error. No metrics, snapshot or checkpoint is ever taken of a
// non-finite state. Out of memory: train() refuses a run whose estimate
// (estimateTrainingBytes) exceeds what the process can still allocate, and an allocation that
// fails anyway (std::bad_alloc, libtorch's CPU or CUDA allocator) ends the run with an
// OutOfMemory error instead of an abort.
#include <atomic>
#include <cstddef>
#include <cstdint>
#include <functional>
#include <string>
#include <utility>
#include <vector>

#include "core/foundation/error.h"
#include "core/foundation/progress.h"
#include "core/foundation/schema.h"
#include "core/splat/splat_cloud.h"
#include "core/train/train_data.h"

namespace sw::train {

// Where the parameters, the Adam state and the target images live; the rasterizer dispatches
// on it (rasterize.h). Cuda needs a SPLATWRIGHT_CUDA build and a device (cudaDeviceAvailable()).
enum class TrainDevice { Cpu, Cuda };

struct TrainSettings {
    int budget = 6000;              // hard cap on the number of splats
    int steps = 6000;
    int resolution = 400;           // training image width, px
    int seed = 1;
    double meansLr = 1.6e-4;        // × scene scale, decays exponentially to meansLrFinal×
    double meansLrFinal = 0.01;
    double scalesLr = 5e-3;
    double quatsLr = 1e-3;
    double opacitiesLr = 5e-2;
    double colorsLr = 2.5e-3;
    double alphaWeight = 0.3;       // weight of L1(alpha)
    double entropyWeight = 3.0;     // weight of mean o(1 − o) at the last step
    double entropyStart = 0.6;      // share of steps before the entropy ramp starts
    int refineStart = 500;          // MCMC relocation window and period, steps
    int refineStopBeforeEnd = 1000;
    int refineEvery = 100;
    double minOpacity = 0.005;      // MCMC: dead at or below this opacity
    double noiseLr = 5e5;           // MCMC: position-noise multiplier
    int evalEvery = 1000;           // validation metrics period, steps
    int checkpointEvery = 1000;     // checkpoint period, steps (needs a checkpoint folder)
    int snapshotEvery = 100;        // snapshot callback period, steps
    // Grey level the validation views and their renders are composited over for the metrics:
    // 0.5 (the grey yardstick of gsplat users and the article, which judges silhouettes on
    // grey); 1 = white reads ~5 dB lower on the same cloud. Named in every printout
    // (valBackgroundName).
    double valBackground = 0.5;
    int threads = 0;                // rasterizer threads (and libtorch's on this thread); 0 = all cores
    TrainDevice device = TrainDevice::Cpu;
};
// The schema declares the budget presets boss (6000), small (2000) and hologram (1800), plus
// "custom" (any other values): trainPresets() lists them for a panel's preset box (name, label,
// the values they set), ParamSet::applyPreset applies one, ParamSet::presetName names the
// current one.
const SettingsSchema<TrainSettings>& trainSchema();
inline const std::vector<ParamPreset>& trainPresets() { return trainSchema().schema().presets(); }

// True when this build has the CUDA backend and a CUDA device is present: whether the device
// choice may offer "cuda" (the Training panel hides the row otherwise).
bool cudaDeviceAvailable();
// CUDA devices this process sees (after CUDA_VISIBLE_DEVICES); 0 without a CUDA build or device.
int cudaDeviceCount();

// Entropy weight at 0-based `step`: entropyWeight·max(0, (step/steps − start)/(1 − start)).
double entropyWeightAt(const TrainSettings& settings, int step);
// Means learning rate at `step`: meansLr·sceneScale·meansLrFinal^(step/steps) (gsplat's
// ExponentialLR with γ = 0.01^(1/steps)).
double meansLrAt(const TrainSettings& settings, double sceneScale, int step);

struct TrainInputs {
    const TrainData* data = nullptr;  // required
    splat::SplatCloud initial;        // start cloud: initialisation or a checkpoint's cloud
    int startStep = 0;                // steps already done (resuming a checkpoint; Adam moments restart at 0)
    std::string checkpointDir;        // empty: no checkpoints
    int deviceIndex = 0;              // CUDA device ordinal for device cuda (batch.h lanes)
    // When set, the rasterizer's threads are read from here before every pass instead of
    // settings.threads (a batch lane's share, raised when other lanes run out of jobs; the
    // result does not depend on it). Must outlive train().
    const std::atomic<int>* threadShare = nullptr;
    // Trainings running on this GPU at the same time (a batch worker's lanes). Above 1 the
    // rasterizer's latency trade (RasterizeSettings::cutLongLists) is off: the GPU is full anyway.
    int deviceLanes = 1;
    // CUDA: record a step as a graph once and replay it for the following steps while the
    // cloud's tensors stay where they are (train_ops.h StepGraph: one launch per step instead
    // of a dozen). Off: every step launches its kernels. The same computation either way. Only
    // for a training alone on its GPU (deviceLanes 1): on an H200 it takes one run from
    // 1.54–1.56 to 1.46–1.52 s, but five packed lanes replaying graphs took 4.03 s against
    // 3.68–3.78 s launching (docs/cuda.md).
    bool captureSteps = true;
};

struct EvalMetrics {
    int step = 0;                 // steps completed
    int splats = 0;
    double trainLoss = 0;         // mean loss over the steps since the previous report
    double valL1 = 0, valPsnr = 0, valSsim = 0;  // means over the validation views
    double valBackground = 0.5;   // grey level the validation views were composited over
    double opaqueShare = 0;       // share of splats with opacity > 0.9
    int outsideSilhouette = 0;    // see metrics.h countOutsideSilhouette (validation views)
    double seconds = 0;           // wall time since train() started
};

// Accumulated milliseconds per phase over `steps` steps.
struct StepTimings {
    int steps = 0;
    double forwardMs = 0;    // rasterize(): projection, binning, compositing
    double lossMs = 0;       // ground truth composite and loss gradient
    double backwardMs = 0;   // autograd through the rasterizer
    double optimizerMs = 0;  // entropy gradient, Adam, gradient reset
    double strategyMs = 0;   // MCMC relocation and noise
    int replayedSteps = 0;   // CUDA: steps run as a replay of a captured step graph (all phases)
    double replayMs = 0;     // their host time (the phases above hold the other steps)
};

struct TrainResult {
    splat::SplatCloud cloud;
    EvalMetrics final;
    std::vector<EvalMetrics> history;              // every evalEvery steps and at the end
    std::vector<std::pair<int, double>> lossCurve;  // (step, mean loss of the last ≤ 100 steps)
    StepTimings timings;
    int relocated = 0;  // dead splats moved by MCMC
    int added = 0;      // splats added to reach the cap
    int rollbacks = 0;  // non-finite steps survived by a rollback (0 or 1; then the learning rates were halved)
    double seconds = 0;
};

// "white" (1), "black" (0) or "grey 0.5": how printouts of validation metrics name their
// background (TrainSettings::valBackground).
std::string valBackgroundName(double grey);

// The validation metrics of a run as JSON (one object per report: step, splats, train loss,
// val L1/PSNR/SSIM, the background as grey level and name, opaque share, outside count,
// seconds), for a metrics.json beside the cloud.
std::string metricsJson(const TrainResult& result);
// The reports of a metricsJson text, in order (a field it lacks keeps EvalMetrics' default).
// Parse errors (naming `path`): not JSON, no "metrics" list, a report that is not an object.
Result<std::vector<EvalMetrics>> metricsFromJson(const std::string& text, const std::string& path = {});

// Bytes a run of these settings may need on the host beyond the loaded dataset: parameters,
// gradients, Adam moments, the rollback copy, projection and tile buffers and cloud copies
// for `settings.budget` splats (the cap the cloud may grow to), plus the per-pixel buffers of
// width×height images. A deliberate over-estimate (≈ 1 KiB a splat); GPU memory is not
// estimated (a failing CUDA allocation still ends as OutOfMemory).
std::uint64_t estimateTrainingBytes(const TrainSettings& settings, int width, int height);

// OutOfMemory when estimateTrainingBytes exceeds `availableBytes`, with a message giving both
// figures and what to lower. The first overload takes the memory this process can still get
// (the smallest of available physical memory and swap, the address-space limit (ulimit -v)
// and the cgroup limit). train() calls it itself; callers should call it before initialising
// a start cloud of `budget` splats (initFromVisualHull/initFromSurface allocate that much).
Status checkTrainingMemory(const TrainSettings& settings, int width, int height);
Status checkTrainingMemory(const TrainSettings& settings, int width, int height, std::uint64_t availableBytes);

struct TrainCallbacks {
    std::function<void(const EvalMetrics&)> onMetrics;
    // A copy of the cloud every settings.snapshotEvery steps (for a live preview).
    std::function<void(int step, const splat::SplatCloud&)> onSnapshot;
};

// Runs steps startStep..steps−1. Errors: device cuda without a CUDA build or device (Gpu); no
// data, budget < 1, a start cloud empty or larger than the budget, views of different sizes,
// a second non-finite loss or parameter after the one rollback (InvalidInput); not enough
// memory, refused up front or failing during the run (OutOfMemory); cancelled at any step
// (Cancelled, path = the checkpoint folder, whose last checkpoint stays intact); checkpoint
// write failures (Io).
Result<TrainResult> train(const TrainInputs& inputs, const TrainSettings& settings, const Progress& progress = {},
                          const TrainCallbacks& callbacks = {});

}  // namespace sw::train
