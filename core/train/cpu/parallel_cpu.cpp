// parallelFor: a small std::thread work loop shared by the CPU kernels. Work items are
// handed out through an atomic counter; determinism is the caller's job (each item writes
// only its own outputs), so results never depend on the thread count or the schedule.
// Exception-safe: a thread that cannot be started leaves its share to the others, and the first
// exception of any item (std::bad_alloc, say) stops the loop and is rethrown to the caller once
// every thread has joined. Also the run-time choice of the kernels' SIMD path (cpuSimd).
#include <algorithm>
#include <atomic>
#include <exception>
#include <mutex>
#include <thread>
#include <vector>

#include "core/train/rasterize_kernels.h"

namespace sw::train::kernels {
namespace {

bool cpuHasAvx2() {
    static const bool has = [] {
        __builtin_cpu_init();
        return __builtin_cpu_supports("avx2") != 0;
    }();
    return has;
}

std::atomic<bool> g_avx2Allowed{true};

}  // namespace

CpuSimd cpuSimd() {
    return cpuHasAvx2() && g_avx2Allowed.load(std::memory_order_relaxed) ? CpuSimd::Avx2 : CpuSimd::Baseline;
}

void setCpuSimd(CpuSimd simd) {
    g_avx2Allowed.store(simd == CpuSimd::Avx2, std::memory_order_relaxed);
}

void parallelFor(int64_t count, int threads, const std::function<void(int64_t)>& fn) {
    if (count <= 0) return;
    const int64_t workers = std::clamp<int64_t>(threads, 1, count);
    if (workers == 1) {
        for (int64_t i = 0; i < count; ++i) fn(i);
        return;
    }
    // Hand out small chunks (about 32 per worker) so uneven tiles balance: the few dense tiles
    // at the centre of a view can hold most of the work, and a large last chunk would leave
    // the other workers idle.
    const int64_t chunk = std::max<int64_t>(1, count / (workers * 32));
    std::atomic<int64_t> next{0};
    std::mutex failureMutex;
    std::exception_ptr failure;
    auto work = [&] {
        try {
            for (;;) {
                const int64_t begin = next.fetch_add(chunk);
                if (begin >= count) return;
                const int64_t end = std::min(count, begin + chunk);
                for (int64_t i = begin; i < end; ++i) fn(i);
            }
        } catch (...) {
            next.store(count);  // the others stop at their next chunk
            const std::lock_guard<std::mutex> lock(failureMutex);
            if (!failure) failure = std::current_exception();
        }
    };
    std::vector<std::thread> pool;
    try {
        pool.reserve(static_cast<size_t>(workers - 1));
        for (int64_t t = 1; t < workers; ++t) pool.emplace_back(work);
    } catch (const std::exception&) {  // no memory for a thread or its stack: fewer workers
    }
    work();
    for (auto& th : pool) th.join();
    if (failure) std::rethrow_exception(failure);
}

}  // namespace sw::train::kernels
