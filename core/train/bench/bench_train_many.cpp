// bench_train_many: K trainings in one process, side by side (issue 17). Not a test. Usage:
//   bench_train_many <cpu|cuda> <steps> <budget> <res> <dataset-dir[:seed]>...
// Loads every dataset once, initialises each job from its visual hull, then runs the jobs
//   1. one after another (each job alone on the device: the sequential baseline), and
//   2. all at once through trainMany (batch.h, the path of `splatwright-cli batch`): one lane
//      (host thread) per job; on CUDA each training issues its kernels on a stream of its own
//      (OwnStream, train_ops.h), so one job's host work (launches, the per-step sync of its own
//      stream) overlaps the others' kernels instead of time-slicing the GPU as separate
//      processes do; on the CPU the lanes split the cores (no oversubscription);
//   3. on CUDA, in lockstep (detail/train_hooks.h trainLockstep) twice: one graph per tick with
//      the K's loss, entropy and Adam fused into one launch each, and with a whole step per branch.
// Prints the wall time of both phases, their ratio, and each job's final metrics in both phases
// (same seed → the same run: quality must agree within the run-to-run noise of one run).
#include <algorithm>
#include <chrono>
#include <cstdio>
#include <cstdlib>
#include <ctime>
#include <string>
#include <thread>
#include <vector>

#include <ATen/ATen.h>

#include "core/train/batch.h"
#include "core/train/detail/train_hooks.h"
#include "core/train/init_cloud.h"
#include "core/train/trainer.h"

namespace {

using namespace sw::train;
using Clock = std::chrono::steady_clock;

// SW_CAPTURE_STEPS=0: every step launches its kernels (TrainInputs::captureSteps), for A/B runs.
bool captureSteps() {
    const char* v = std::getenv("SW_CAPTURE_STEPS");
    return !(v && std::string(v) == "0");
}

struct Job {
    std::string dataset;
    int seed = 1;
    int data = 0;  // index into the loaded datasets
    sw::splat::SplatCloud initial;
    EvalMetrics alone, together;
    double aloneSeconds = 0, togetherSeconds = 0;
};

double since(Clock::time_point t) { return std::chrono::duration<double>(Clock::now() - t).count(); }

bool runJob(const TrainData& data, Job& job, TrainSettings settings, int threads) {
    settings.seed = job.seed;
    settings.threads = threads;
    const auto t0 = Clock::now();
    TrainInputs inputs{&data, job.initial, 0, {}};
    inputs.captureSteps = captureSteps();
    auto result = train(inputs, settings);
    if (!result) {
        std::fprintf(stderr, "bench_train_many: %s: %s\n", job.dataset.c_str(), result.error().toString().c_str());
        return false;
    }
    job.aloneSeconds = since(t0);
    job.alone = result->final;
    return true;
}

}  // namespace

int main(int argc, char** argv) {
    if (argc < 6) {
        std::fprintf(stderr, "usage: bench_train_many <cpu|cuda> <steps> <budget> <res> <dataset-dir[:seed]>...\n");
        return 2;
    }
    TrainSettings settings;
    settings.device = std::string(argv[1]) == "cuda" ? TrainDevice::Cuda : TrainDevice::Cpu;
    settings.steps = std::atoi(argv[2]);
    settings.budget = std::atoi(argv[3]);
    settings.resolution = std::atoi(argv[4]);
    settings.evalEvery = settings.steps;  // metrics at the end only
    std::vector<std::string> dirs;
    std::vector<TrainData> datasets;
    std::vector<Job> jobs;
    for (int a = 5; a < argc; ++a) {
        Job job;
        job.dataset = argv[a];
        if (const auto colon = job.dataset.rfind(':'); colon != std::string::npos) {
            job.seed = std::atoi(job.dataset.c_str() + colon + 1);
            job.dataset.resize(colon);
        }
        const auto known = std::find(dirs.begin(), dirs.end(), job.dataset);
        job.data = int(known - dirs.begin());
        if (known == dirs.end()) {
            auto data = loadDataset(job.dataset, LoadSettings{settings.resolution, 8});
            if (!data) return std::fprintf(stderr, "bench_train_many: %s\n", data.error().toString().c_str()), 1;
            dirs.push_back(job.dataset);
            datasets.push_back(std::move(*data));
        }
        InitSettings init;
        init.count = settings.budget;
        init.seed = std::uint32_t(job.seed);
        auto initial = initFromVisualHull(datasets[std::size_t(job.data)], init);
        if (!initial) return std::fprintf(stderr, "bench_train_many: %s\n", initial.error().toString().c_str()), 1;
        job.initial = std::move(*initial);
        jobs.push_back(std::move(job));
    }
    const int K = int(jobs.size());
    const int cores = int(std::max(1u, std::thread::hardware_concurrency()));
    if (settings.device == TrainDevice::Cuda) {
        if (!cudaDeviceAvailable() || at::ones({1}, at::Device(at::kCUDA, 0)).sum().item<float>() != 1.f)
            return std::fprintf(stderr, "bench_train_many: no CUDA device\n"), 1;
    }
    // Warm-up (CUDA context, kernels' first launch, allocator pools): a short run, not timed.
    {
        TrainSettings warm = settings;
        warm.steps = std::min(200, settings.steps);
        warm.evalEvery = warm.steps;
        Job w = jobs.front();
        if (!runJob(datasets[std::size_t(w.data)], w, warm, cores)) return 1;
    }

    const auto s0 = Clock::now();
    for (Job& job : jobs)
        if (!runJob(datasets[std::size_t(job.data)], job, settings, cores)) return 1;
    const double sequential = since(s0);

    // Together: trainMany (batch.h), the path `splatwright-cli batch` takes, with all K packed on
    // one worker (CUDA device 0, or the CPU with the cores split over the K lanes).
    std::vector<TrainJob> batch;
    for (const Job& job : jobs) {
        TrainJob t;
        t.inputs = TrainInputs{&datasets[std::size_t(job.data)], job.initial, 0, {}};
        t.inputs.captureSteps = captureSteps();
        t.settings = settings;
        t.settings.seed = job.seed;
        batch.push_back(std::move(t));
    }
    BatchOptions options;
    if (settings.device == TrainDevice::Cuda) options.cudaDevices = {0};
    options.pack = K;
    const std::clock_t cpu0 = std::clock();
    const auto c0 = Clock::now();
    std::vector<sw::Result<TrainResult>> results = trainMany(std::move(batch), options);
    const double together = since(c0);
    const double cpuSeconds = double(std::clock() - cpu0) / CLOCKS_PER_SEC;
    for (int k = 0; k < K; ++k) {
        if (!results[std::size_t(k)]) {
            std::fprintf(stderr, "bench_train_many: %s: %s\n", jobs[std::size_t(k)].dataset.c_str(),
                         results[std::size_t(k)].error().toString().c_str());
            return 1;
        }
        jobs[std::size_t(k)].together = results[std::size_t(k)]->final;
        jobs[std::size_t(k)].togetherSeconds = results[std::size_t(k)]->seconds;
    }

    // Lockstep (CUDA): one thread advances all K, the replayable steps of a tick as one graph;
    // fused (the loss, entropy and Adam of the K as one launch each between the branches) and
    // with each training's whole step on a branch.
    struct Lockstep {
        const char* name;
        bool fuse;
        double seconds = 0;
        std::vector<TrainResult> results;
    };
    std::vector<Lockstep> locksteps;
    if (settings.device == TrainDevice::Cuda) {
        std::vector<TrainInputs> inputs;
        std::vector<TrainSettings> perJob;
        for (const Job& job : jobs) {
            inputs.push_back(TrainInputs{&datasets[std::size_t(job.data)], job.initial, 0, {}});
            perJob.push_back(settings);
            perJob.back().seed = job.seed;
            perJob.back().threads = cores;
        }
        for (const bool fuse : {true, false}) {
            Lockstep run{fuse ? "fused" : "branches", fuse, 0, {}};
            const auto l0 = Clock::now();
            auto r = sw::train::detail::trainLockstep(inputs, perJob, fuse);
            run.seconds = since(l0);
            if (!r) {
                std::fprintf(stderr, "bench_train_many: lockstep: %s\n", r.error().toString().c_str());
                return 1;
            }
            run.results = std::move(*r);
            locksteps.push_back(std::move(run));
        }
    }

    std::printf("bench_train_many: %d jobs, %s, %d steps, budget %d, %d² (%d host cores)\n", K, argv[1], settings.steps,
                settings.budget, settings.resolution, cores);
    for (const Lockstep& run : locksteps) {
        std::printf("  lockstep %-8s %6.2f s wall (one thread, one graph per tick over the K%s)\n", run.name, run.seconds,
                    run.fuse ? ", loss/entropy/Adam one launch each" : ", a whole step per branch");
        for (std::size_t k = 0; k < run.results.size(); ++k) {
            const StepTimings& t = run.results[k].timings;
            std::printf("    job %zu: PSNR %.2f dB L1 %.4f opaque %.1f%% splats %d, %d of %d steps replayed; host "
                        "%.0f ms in the launched steps (strategy %.0f ms), %.0f ms in replays\n",
                        k, run.results[k].final.valPsnr, run.results[k].final.valL1,
                        100 * run.results[k].final.opaqueShare, run.results[k].final.splats, t.replayedSteps, t.steps,
                        t.forwardMs + t.lossMs + t.backwardMs + t.optimizerMs + t.strategyMs, t.strategyMs, t.replayMs);
        }
    }
    std::printf("  sequential   %8.2f s wall (%.2f s per job)\n", sequential, sequential / K);
    std::printf("  together     %8.2f s wall, %.2f s CPU (%.2f× wall)\n", together, cpuSeconds, cpuSeconds / together);
    std::printf("  speed-up     %8.2f× (sequential ÷ together)\n", sequential / together);
    for (const Job& j : jobs)
        std::printf("  %s seed %d: alone %.2f s PSNR %.2f dB L1 %.4f opaque %.1f%% splats %d | together %.2f s "
                    "PSNR %.2f dB L1 %.4f opaque %.1f%% splats %d\n",
                    j.dataset.c_str(), j.seed, j.aloneSeconds, j.alone.valPsnr, j.alone.valL1, 100 * j.alone.opaqueShare,
                    j.alone.splats, j.togetherSeconds, j.together.valPsnr, j.together.valL1,
                    100 * j.together.opaqueShare, j.together.splats);
    return 0;
}
