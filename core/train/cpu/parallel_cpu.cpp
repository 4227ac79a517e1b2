// parallelFor: a small std::thread work loop shared by the CPU kernels. Work items are
// handed out through an atomic counter; determinism is the caller's job (each item writes
// only its own outputs), so results never depend on the thread count or the schedule.
// The helper threads belong to the calling thread (a thread_local team, started on first use
// and kept until that thread ends), so a training step's many short loops do not each start
// and join threads, and K trainings on K threads of one process (batch.h) keep separate teams.
// Exception-safe: a thread that cannot be started leaves its share to the others, and the first
// exception of any item (std::bad_alloc, say) stops the loop and is rethrown to the caller once
// every helper has finished it. Also the run-time choice of the kernels' SIMD path (cpuSimd).
#include <algorithm>
#include <atomic>
#include <condition_variable>
#include <cstdint>
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

// Helper threads of one calling thread. run(n, work) has n helpers call work() while the caller
// calls it too, and returns once every helper is done; helpers sleep between runs.
class Team {
public:
    Team() = default;
    Team(const Team&) = delete;
    Team& operator=(const Team&) = delete;
    ~Team() {
        {
            const std::lock_guard<std::mutex> lock(m_mutex);
            m_stop = true;
        }
        m_wake.notify_all();
        for (std::thread& t : m_threads) t.join();
    }

    // Returns how many helpers ran work (fewer than asked when threads cannot be started).
    // work must not throw.
    int run(int helpers, void (*work)(void*), void* context) {
        while (int(m_threads.size()) < helpers) {
            try {
                const int index = int(m_threads.size());
                m_threads.emplace_back([this, index] { loop(index); });
            } catch (const std::exception&) {  // no memory for a thread or its stack: fewer helpers
                break;
            }
        }
        helpers = std::min(helpers, int(m_threads.size()));
        if (helpers > 0) {
            const std::lock_guard<std::mutex> lock(m_mutex);
            m_work = work;
            m_context = context;
            m_wanted = helpers;
            m_pending = helpers;
            ++m_generation;
        }
        if (helpers > 0) m_wake.notify_all();
        work(context);
        if (helpers > 0) {
            std::unique_lock<std::mutex> lock(m_mutex);
            m_done.wait(lock, [&] { return m_pending == 0; });
        }
        return helpers;
    }

private:
    void loop(int index) {
        std::uint64_t seen = 0;
        for (;;) {
            void (*work)(void*) = nullptr;
            void* context = nullptr;
            {
                std::unique_lock<std::mutex> lock(m_mutex);
                m_wake.wait(lock, [&] { return m_stop || (m_generation != seen && index < m_wanted); });
                if (m_stop) return;
                seen = m_generation;
                work = m_work;
                context = m_context;
            }
            work(context);
            bool last = false;
            {
                const std::lock_guard<std::mutex> lock(m_mutex);
                last = --m_pending == 0;
            }
            if (last) m_done.notify_one();
        }
    }

    std::mutex m_mutex;
    std::condition_variable m_wake, m_done;
    std::vector<std::thread> m_threads;
    void (*m_work)(void*) = nullptr;
    void* m_context = nullptr;
    std::uint64_t m_generation = 0;
    int m_wanted = 0, m_pending = 0;
    bool m_stop = false;
};

}  // namespace

CpuSimd cpuSimd() {
    return cpuHasAvx2() && g_avx2Allowed.load(std::memory_order_relaxed) ? CpuSimd::Avx2 : CpuSimd::Baseline;
}

void setCpuSimd(CpuSimd simd) {
    g_avx2Allowed.store(simd == CpuSimd::Avx2, std::memory_order_relaxed);
}

int threadsOrCores(int threads) {
    return threads > 0 ? threads : std::max(1, int(std::thread::hardware_concurrency()));
}

void parallelFor(int64_t count, int threads, const std::function<void(int64_t)>& fn) {
    if (count <= 0) return;
    // A loop started from inside another one's item runs on its caller alone (its team is busy).
    thread_local bool inLoop = false;
    const int64_t workers = inLoop ? 1 : std::clamp<int64_t>(threads, 1, count);
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
    thread_local Team team;
    inLoop = true;
    team.run(int(workers - 1), [](void* w) { (*static_cast<decltype(work)*>(w))(); }, &work);
    inLoop = false;
    if (failure) std::rethrow_exception(failure);
}

}  // namespace sw::train::kernels
