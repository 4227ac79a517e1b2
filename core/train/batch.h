#pragma once
// Many trainings in one process (issue 17): the device-assignment layer and trainMany().
// Torch-free, like trainer.h.
//
// Workers and lanes: a batch has one worker per chosen CUDA device (device indices in the
// CUDA_VISIBLE_DEVICES style, "0,2", over the devices this process sees), or, without a
// device, one CPU worker. A worker packs up to `pack` trainings at a time: it has that many
// lanes, each a host thread that takes the next waiting job (in job order) when it is free.
// The host threads are shared without oversubscription: the lanes' rasterizer threads add up
// to the host threads (every lane gets at least one), so on the CPU K lanes split the cores
// and a training's result does not change (the CPU kernels give the same bits for any thread
// count, every random draw comes from the job's own seed: trainer.h).
//
// A batched CUDA path plugs in under trainMany(): a worker whose device can advance
// its K jobs together takes a group of up to `pack` jobs at once instead of one per lane
// (BatchWorker::lanes stays the pack size; runOnLanes is the CPU and per-job CUDA schedule).
#include <atomic>
#include <functional>
#include <string>
#include <vector>

#include "core/foundation/error.h"
#include "core/foundation/progress.h"
#include "core/train/trainer.h"

namespace sw::train {

// Host threads this process may run on: the CPUs of its affinity mask (taskset, cgroup cpusets,
// Slurm's binding), no more than SLURM_CPUS_PER_TASK when set, at least 1.
int hostThreads();

// "0,2,3" → {0, 2, 3}: CUDA_VISIBLE_DEVICES-style device indices, each in [0, deviceCount).
// Empty text → every device 0..deviceCount−1; "none" or "-1" → no device (the CPU). Errors
// (InvalidInput naming the text): not a number, out of range, repeated.
Result<std::vector<int>> parseDeviceList(const std::string& text, int deviceCount);

struct BatchWorker {
    TrainDevice device = TrainDevice::Cpu;
    int deviceIndex = 0;              // CUDA device ordinal; 0 on the CPU
    std::vector<int> laneThreads;     // rasterizer threads of each lane (size = lanes)
};

// The workers for `jobCount` jobs: one CUDA worker per entry of `cudaDevices` (in that order),
// or one CPU worker when it is empty. Each gets min(pack, its share of the jobs) lanes (at
// least 1); `pack` ≤ 0 means "as many as the host threads" on the CPU and 4 per GPU. The
// host threads are split over every lane, the remainder to the first lanes, each lane ≥ 1:
// their sum is hostThreads whenever there are at least as many threads as lanes (CPU lanes
// are never more than the threads).
std::vector<BatchWorker> planWorkers(const std::vector<int>& cudaDevices, int hostThreads, int pack, int jobCount);

// Where one job runs.
struct Lane {
    int worker = 0;  // index into the plan
    int lane = 0;    // lane of that worker
    TrainDevice device = TrainDevice::Cpu;
    int deviceIndex = 0;
    int threads = 1;                          // the lane's share when its job starts
    // The lane's live share: when lanes of the same worker run out of jobs, their threads go to
    // the lanes still running (TrainInputs::threadShare reads it every pass). Never null.
    const std::atomic<int>* share = nullptr;
};

// Runs run(job, lane) once for every job 0..jobCount−1 on the plan's lanes (one host thread
// per lane; a free lane takes the lowest job not yet started) and returns when all are done.
// A lane runs one job at a time, so a worker never runs more than its lane count at once; a
// lane that finds no job left hands its threads to its worker's running lanes (Lane::share), so
// the worker's threads stay in use to the end and never exceed its total.
// `run` must not throw (results and errors are the caller's, per job). A thread that cannot be
// started leaves its jobs to the others; with none at all the jobs run on the calling thread.
void runOnLanes(int jobCount, const std::vector<BatchWorker>& workers,
                const std::function<void(int job, const Lane& lane)>& run);

struct TrainJob {
    TrainInputs inputs;               // inputs.data must outlive trainMany
    TrainSettings settings;           // device and threads are set by the lane
    TrainCallbacks callbacks;         // called on the job's lane thread
    Progress progress;                // the job's progress and cancel (polled while it trains)
};

struct BatchOptions {
    std::vector<int> cudaDevices;     // empty: the CPU
    int pack = 0;                     // trainings at a time per worker; 0 = auto (planWorkers)
    int hostThreads = 0;              // 0 = hostThreads()
};

// Trains every job (train() on its lane, with the lane's device and threads) and returns the
// results in job order; one job's error never stops the others. A cancelled `progress`
// (token or interrupt) gives the jobs not yet started a Cancelled error; a running job stops on
// its own progress (give every job the batch's token to cancel them all). A job trained here
// equals the same job trained alone with the same seed.
std::vector<Result<TrainResult>> trainMany(std::vector<TrainJob> jobs, const BatchOptions& options = {},
                                           const Progress& progress = {});

}  // namespace sw::train
