#include "core/train/batch.h"

#include <sched.h>

#include <algorithm>
#include <cstdlib>
#include <atomic>
#include <mutex>
#include <set>
#include <sstream>
#include <system_error>
#include <thread>

namespace sw::train {

int hostThreads() {
    int threads = std::max(1, int(std::thread::hardware_concurrency()));
    cpu_set_t set;
    CPU_ZERO(&set);
    if (sched_getaffinity(0, sizeof set, &set) == 0) threads = std::max(1, CPU_COUNT(&set));
    // A Slurm task without CPU binding (task/none) still owns only its --cpus-per-task.
    if (const char* slurm = std::getenv("SLURM_CPUS_PER_TASK")) {
        const int given = std::atoi(slurm);
        if (given > 0) threads = std::min(threads, given);
    }
    return threads;
}

Result<std::vector<int>> parseDeviceList(const std::string& text, int deviceCount) {
    std::vector<int> out;
    if (text.empty()) {
        for (int d = 0; d < deviceCount; ++d) out.push_back(d);
        return out;
    }
    if (text == "none" || text == "-1") return out;
    const auto bad = [&](const std::string& why) {
        return makeError(ErrorCode::InvalidInput, "device list '" + text + "': " + why);
    };
    std::set<int> seen;
    std::stringstream in(text);
    std::string item;
    while (std::getline(in, item, ',')) {
        if (item.empty() || item.size() > 6 || item.find_first_not_of("0123456789") != std::string::npos)
            return bad("'" + item + "' is not a device index (0, 1, ...)");
        const int d = std::stoi(item);
        if (d >= deviceCount)
            return bad("device " + item + " does not exist (" + std::to_string(deviceCount) + " visible)");
        if (!seen.insert(d).second) return bad("device " + item + " is listed twice");
        out.push_back(d);
    }
    if (!text.empty() && text.back() == ',') return bad("ends with a comma");
    return out;
}

std::vector<BatchWorker> planWorkers(const std::vector<int>& cudaDevices, int threads, int pack, int jobCount) {
    threads = std::max(1, threads);
    jobCount = std::max(1, jobCount);
    std::vector<BatchWorker> workers;
    if (cudaDevices.empty()) {
        const int lanes = std::clamp(pack > 0 ? pack : threads, 1, std::min(threads, jobCount));
        workers.push_back({TrainDevice::Cpu, 0, std::vector<int>(std::size_t(lanes), 0)});
    } else {
        const int n = int(cudaDevices.size());
        const int share = (jobCount + n - 1) / n;  // jobs per device when spread evenly
        const int lanes = std::clamp(pack > 0 ? pack : 4, 1, share);
        for (int d : cudaDevices) workers.push_back({TrainDevice::Cuda, d, std::vector<int>(std::size_t(lanes), 0)});
    }
    int total = 0;
    for (const BatchWorker& w : workers) total += int(w.laneThreads.size());
    int k = 0;
    for (BatchWorker& w : workers)
        for (int& t : w.laneThreads) {
            t = std::max(1, threads / total + (k < threads % total ? 1 : 0));
            ++k;
        }
    return workers;
}

void runOnLanes(int jobCount, const std::vector<BatchWorker>& workers,
                const std::function<void(int job, const Lane& lane)>& run) {
    if (jobCount <= 0) return;
    std::vector<BatchWorker> plan = workers;
    if (plan.empty()) plan.push_back({TrainDevice::Cpu, 0, {1}});
    std::vector<Lane> lanes;
    std::vector<int> workerTotal(plan.size(), 0);
    for (int w = 0; w < int(plan.size()); ++w) {
        if (plan[std::size_t(w)].laneThreads.empty()) plan[std::size_t(w)].laneThreads.push_back(1);
        for (int l = 0; l < int(plan[std::size_t(w)].laneThreads.size()); ++l) {
            const int t = std::max(1, plan[std::size_t(w)].laneThreads[std::size_t(l)]);
            lanes.push_back({w, l, plan[std::size_t(w)].device, plan[std::size_t(w)].deviceIndex, t, nullptr});
            workerTotal[std::size_t(w)] += t;
        }
    }
    // Round-robin over the workers first (lane 0 of every worker, then lane 1, ...), so that a
    // batch smaller than the lanes spreads over the devices instead of filling the first.
    std::stable_sort(lanes.begin(), lanes.end(), [](const Lane& a, const Lane& b) { return a.lane < b.lane; });
    std::vector<std::atomic<int>> shares(lanes.size());
    std::vector<char> active(lanes.size(), 1);
    for (std::size_t i = 0; i < lanes.size(); ++i) {
        shares[i].store(lanes[i].threads);
        lanes[i].share = &shares[i];
    }
    std::mutex mutex;
    // Lane i found no job left: its worker's threads are split over the worker's lanes still running.
    const auto retire = [&](std::size_t i) {
        const std::lock_guard<std::mutex> lock(mutex);
        active[i] = 0;
        const int w = lanes[i].worker;
        std::vector<std::size_t> running;
        for (std::size_t k = 0; k < lanes.size(); ++k)
            if (active[k] && lanes[k].worker == w) running.push_back(k);
        if (running.empty()) return;
        const int total = workerTotal[std::size_t(w)], n = int(running.size());
        for (int r = 0; r < n; ++r)
            shares[running[std::size_t(r)]].store(std::max(1, total / n + (r < total % n ? 1 : 0)));
    };
    std::atomic<int> next{0};
    const auto work = [&](std::size_t i) {
        for (int job = next.fetch_add(1); job < jobCount; job = next.fetch_add(1)) {
            Lane lane = lanes[i];
            lane.threads = shares[i].load();
            run(job, lane);
        }
        retire(i);
    };
    std::vector<std::thread> pool;
    pool.reserve(lanes.size());
    for (std::size_t i = 1; i < lanes.size(); ++i) {
        try {
            pool.emplace_back(work, i);
        } catch (const std::system_error&) {  // no thread: the others take its jobs
            for (std::size_t k = i; k < lanes.size(); ++k) retire(k);
            break;
        }
    }
    work(0);
    for (std::thread& t : pool) t.join();
}

std::vector<Result<TrainResult>> trainMany(std::vector<TrainJob> jobs, const BatchOptions& options,
                                           const Progress& progress) {
    const int count = int(jobs.size());
    std::vector<Result<TrainResult>> results(jobs.size(), Result<TrainResult>(makeError(ErrorCode::Cancelled,
                                                                                          "training not started")));
    const auto workers = planWorkers(options.cudaDevices, options.hostThreads > 0 ? options.hostThreads : hostThreads(),
                                     options.pack, count);
    runOnLanes(count, workers, [&](int j, const Lane& lane) {
        TrainJob& job = jobs[std::size_t(j)];
        if (progress.cancelled()) {
            results[std::size_t(j)] = makeError(ErrorCode::Cancelled, "batch cancelled before this training started",
                                                job.inputs.checkpointDir);
            return;
        }
        job.settings.device = lane.device;
        job.settings.threads = lane.threads;
        job.inputs.deviceIndex = lane.deviceIndex;
        job.inputs.threadShare = lane.share;
        job.inputs.deviceLanes = int(workers.empty() ? 1 : workers[std::size_t(lane.worker)].laneThreads.size());
        results[std::size_t(j)] = train(job.inputs, job.settings, job.progress, job.callbacks);
    });
    return results;
}

}  // namespace sw::train
