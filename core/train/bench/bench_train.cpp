// bench_train: the training loop's cost per step, split by phase, and the full-run wall time.
// Not a test. Usage:
//   bench_train [dataset-dir | synthetic] [steps] [splats=6000] [res=400] [entropy-weight=1] [cpu|cuda]
//               [eval-every=steps] [val-background=0.5]
// With a dataset folder (NeRF-synthetic) the default is a full run of 6000 steps initialised
// from the visual hull; "synthetic" renders 1500 ground-truth Gaussians from 60 belt views in
// code and defaults to 300 steps (the refine window is scaled to the run). Prints ms per step
// for projection, rasterize forward (binning + compositing), loss, backward, optimizer and
// strategy; the wall time; and the speed ratio against the gsplat CUDA reference of
// PIPELINE.md §3 (6000 steps in 21.5 s on an RTX 3060).
#include <chrono>
#include <ctime>
#include <cstdio>
#include <cstdlib>
#include <string>
#include <thread>
#include <vector>

#include <ATen/ATen.h>

#include "core/train/init_cloud.h"
#include "core/train/detail/param_state.h"
#include "core/train/rasterize_kernels.h"
#include "core/train/synthetic_data.h"
#include "core/train/trainer.h"

namespace {

constexpr double REFERENCE_SECONDS = 21.5;  // gsplat, 6000 steps at 400², RTX 3060 (PIPELINE §3)

// Median-free mean ms of the projection kernel alone on the final cloud over the train views.
double projectionMs(const sw::splat::SplatCloud& cloud, const sw::train::TrainData& data, int threads) {
    using namespace sw::train;
    const ParamState state = makeParamState(cloud, {0, 0, 0, 0, 0});
    const auto n = state.count();
    kernels::SplatParams<float> params{state.splats.means.data_ptr<float>(), state.splats.quats.data_ptr<float>(),
                                       state.splats.logScales.data_ptr<float>(),
                                       state.splats.opacityLogits.data_ptr<float>(),
                                       state.splats.colorLogits.data_ptr<float>(), n};
    std::vector<float> mean2d(std::size_t(n) * 2), conic(std::size_t(n) * 3), depth(static_cast<std::size_t>(n)),
        opacity(static_cast<std::size_t>(n)), color(std::size_t(n) * 3);
    std::vector<std::int32_t> radius(static_cast<std::size_t>(n));
    const kernels::Projected<float> out{mean2d.data(), conic.data(), depth.data(), opacity.data(), color.data(),
                                        radius.data()};
    const int views = std::min<int>(50, int(data.train.size()));
    const auto t0 = std::chrono::steady_clock::now();
    for (int k = 0; k < views; ++k) {
        const TrainView& v = data.train[std::size_t(k)];
        kernels::KernelCamera cam;
        cam.width = v.width;
        cam.height = v.height;
        cam.fx = v.fx;
        cam.fy = v.fy;
        cam.cx = v.cx;
        cam.cy = v.cy;
        cam.nearPlane = 0.01;
        cam.farPlane = 1e4;
        for (int i = 0; i < 16; ++i) cam.worldToCamera[i] = v.worldToCamera[std::size_t(i)];
        kernels::projectForwardCpu(params, cam, out, threads > 0 ? threads : int(std::thread::hardware_concurrency()));
    }
    return std::chrono::duration<double, std::milli>(std::chrono::steady_clock::now() - t0).count() / views;
}

}  // namespace

int main(int argc, char** argv) {
    using namespace sw::train;
    const std::string source = argc > 1 ? argv[1] : "synthetic";
    const bool synthetic = source == "synthetic";
    TrainSettings settings;
    settings.steps = argc > 2 ? std::atoi(argv[2]) : (synthetic ? 300 : 6000);
    settings.budget = argc > 3 ? std::atoi(argv[3]) : 6000;
    settings.resolution = argc > 4 ? std::atoi(argv[4]) : 400;
    if (argc > 5) settings.entropyWeight = std::atof(argv[5]);
    if (argc > 6 && std::string(argv[6]) == "cuda") settings.device = TrainDevice::Cuda;
    if (settings.steps < 6000) {  // keep relocation inside a short run
        settings.refineStart = settings.steps / 12;
        settings.refineStopBeforeEnd = settings.steps / 6;
        settings.refineEvery = std::max(1, settings.steps / 60);
    }
    settings.evalEvery = argc > 7 ? std::max(1, std::atoi(argv[7])) : settings.steps;
    if (argc > 8) settings.valBackground = std::atof(argv[8]);

    const auto t0 = std::chrono::steady_clock::now();
    sw::Result<TrainData> data = synthetic
        ? makeSyntheticData({1500, 60, 4, settings.resolution, 0.05, 7})
        : loadDataset(source, LoadSettings{settings.resolution, 8});
    if (!data) {
        std::fprintf(stderr, "bench_train: %s\n", data.error().toString().c_str());
        return 1;
    }
    InitSettings init;
    init.count = settings.budget;
    init.seed = 1;
    auto initial = initFromVisualHull(*data, init);
    if (!initial) {
        std::fprintf(stderr, "bench_train: %s\n", initial.error().toString().c_str());
        return 1;
    }
    const double loadSeconds = std::chrono::duration<double>(std::chrono::steady_clock::now() - t0).count();
    TrainInputs inputs{&*data, std::move(*initial), 0, {}};
    inputs.captureSteps = !(std::getenv("SW_CAPTURE_STEPS") && std::string(std::getenv("SW_CAPTURE_STEPS")) == "0");
    double contextSeconds = 0;  // CUDA context creation, outside the timed run
    if (settings.device == TrainDevice::Cuda) {
        const auto c0 = std::chrono::steady_clock::now();
        if (!cudaDeviceAvailable() || at::ones({1}, at::Device(at::kCUDA, 0)).sum().item<float>() != 1.f) {
            std::fprintf(stderr, "bench_train: no CUDA device\n");
            return 1;
        }
        contextSeconds = std::chrono::duration<double>(std::chrono::steady_clock::now() - c0).count();
    }
    const std::clock_t cpu0 = std::clock();  // process CPU time: robust on a shared, loaded machine
    auto result = train(inputs, settings);
    const double cpuMsPerStep = 1000.0 * double(std::clock() - cpu0) / CLOCKS_PER_SEC / std::max(1, settings.steps);
    if (!result) {
        std::fprintf(stderr, "bench_train: %s\n", result.error().toString().c_str());
        return 1;
    }
    const StepTimings& t = result->timings;
    const double n = std::max(1, t.steps);
    // On CUDA the phases are host times of asynchronous launches; the CPU projection kernel is not timed.
    const double projMs = settings.device == TrainDevice::Cpu ? projectionMs(result->cloud, *data, settings.threads) : 0.0;
    const double stepMs = (t.forwardMs + t.lossMs + t.backwardMs + t.optimizerMs + t.strategyMs + t.replayMs) / n;
    std::printf("bench_train: %s, %zu train views at %dx%d, budget %d (init %zu), %d steps, %u threads\n",
                synthetic ? "synthetic" : source.c_str(), data->train.size(), data->train.front().width,
                data->train.front().height, settings.budget, inputs.initial.size(), settings.steps,
                std::thread::hardware_concurrency());
    std::printf("  load + init        %8.2f s\n", loadSeconds);
    if (settings.device == TrainDevice::Cuda)
        std::printf("  CUDA context       %8.2f s (before train(); the wall time below includes the upload)\n",
                    contextSeconds);
    std::printf("  projection         %8.2f ms/step (kernel alone, final cloud)\n", projMs);
    std::printf("  rasterize forward  %8.2f ms/step (binning + compositing)\n", t.forwardMs / n - projMs);
    std::printf("  loss               %8.2f ms/step\n", t.lossMs / n);
    std::printf("  backward           %8.2f ms/step\n", t.backwardMs / n);
    std::printf("  optimizer          %8.2f ms/step\n", t.optimizerMs / n);
    std::printf("  strategy           %8.2f ms/step\n", t.strategyMs / n);
    if (settings.device == TrainDevice::Cuda)
        std::printf("  graph replays      %8.2f ms/step (%d of %d steps replayed a captured step; SW_CAPTURE_STEPS=0: "
                    "none)\n",
                    t.replayMs / n, t.replayedSteps, t.steps);
    std::printf("  step total         %8.2f ms/step\n", stepMs);
    std::printf("  CPU time           %8.2f ms/step (all threads; ÷ cores for an idle machine's wall time)\n", cpuMsPerStep);
    std::printf("  wall time          %8.2f s for %d steps (6000 steps: %.1f s)\n", result->seconds, settings.steps,
                stepMs * 6000 / 1000.0);
    std::printf("  vs gsplat CUDA     %8.2fx slower (reference %.1f s for 6000 steps)\n",
                stepMs * 6000 / 1000.0 / REFERENCE_SECONDS, REFERENCE_SECONDS);
    std::printf("  final (val on %s): val L1 %.4f, PSNR %.2f dB, SSIM %.4f, opaque %.1f%%, outside %d, splats %d, "
                "relocated %d\n",
                valBackgroundName(result->final.valBackground).c_str(), result->final.valL1, result->final.valPsnr, result->final.valSsim, 100 * result->final.opaqueShare,
                result->final.outsideSilhouette, result->final.splats, result->relocated);
    for (const auto& [step, loss] : result->lossCurve)
        if (step % std::max(100, settings.steps / 10) == 0) std::printf("  loss @%5d  %.5f\n", step, loss);
    return 0;
}
