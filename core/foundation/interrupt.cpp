#include "core/foundation/interrupt.h"

#include <time.h>
#include <unistd.h>

#include <atomic>
#include <csignal>
#include <cstring>
#include <mutex>

#include "core/foundation/error.h"

namespace sw {
namespace {

std::atomic<bool> g_interrupted{false};
std::atomic<int> g_signals{0};
std::atomic<bool> g_handlersInstalled{false};

// Fixed slots the signal handler can read without allocating: a path is published by storing
// its slot's `used` flag after the bytes are written.
constexpr int kSlots = 64;
constexpr std::size_t kPathMax = 1024;
struct Slot {
    std::atomic<bool> used{false};
    char path[kPathMax];
};
Slot g_slots[kSlots];
std::mutex g_slotMutex;

std::atomic<long long> g_firstSignalMs{0};

long long monotonicMs() {  // clock_gettime is async-signal-safe
    timespec t{};
    ::clock_gettime(CLOCK_MONOTONIC, &t);
    return static_cast<long long>(t.tv_sec) * 1000 + t.tv_nsec / 1000000;
}

extern "C" void onInterruptSignal(int) {
    g_interrupted.store(true);
    // One Ctrl-C (or `timeout -s INT`, which signals the process and then its group) can arrive
    // twice within a moment: only a signal a second after the first means "stop at once".
    if (g_signals.load() > 0 && monotonicMs() - g_firstSignalMs.load() < 1000) return;
    if (g_signals.fetch_add(1) == 0) {
        g_firstSignalMs.store(monotonicMs());
        static const char note[] = "\nsplatwright-cli: cancelling (press Ctrl-C again to stop at once)\n";
        [[maybe_unused]] const auto n = ::write(STDERR_FILENO, note, sizeof note - 1);
        return;
    }
    for (Slot& slot : g_slots)
        if (slot.used.load()) ::unlink(slot.path);
    static const char note[] = "splatwright-cli: error: cancelled\n";
    [[maybe_unused]] const auto n = ::write(STDERR_FILENO, note, sizeof note - 1);
    ::_exit(exitCodeFor(ErrorCode::Cancelled));
}

}  // namespace

void installInterruptHandlers() {
    struct sigaction action {};
    action.sa_handler = onInterruptSignal;
    sigemptyset(&action.sa_mask);
    action.sa_flags = SA_RESTART;
    ::sigaction(SIGINT, &action, nullptr);
    ::sigaction(SIGTERM, &action, nullptr);
    g_handlersInstalled.store(true);
}

bool interruptHandlersInstalled() { return g_handlersInstalled.load(std::memory_order_relaxed); }

bool interruptRequested() { return g_interrupted.load(std::memory_order_relaxed); }

void requestInterrupt() { g_interrupted.store(true); }

void clearInterrupt() {
    g_interrupted.store(false);
    g_signals.store(0);
}

InterruptCleanup::InterruptCleanup(const std::string& path) {
    if (path.size() + 1 > kPathMax) return;
    std::lock_guard lock(g_slotMutex);
    for (int i = 0; i < kSlots; ++i) {
        Slot& slot = g_slots[i];
        if (slot.used.load()) continue;
        std::memcpy(slot.path, path.c_str(), path.size() + 1);
        slot.used.store(true);
        m_slot = i;
        return;
    }
}

InterruptCleanup::~InterruptCleanup() {
    if (m_slot < 0) return;
    std::lock_guard lock(g_slotMutex);
    g_slots[m_slot].used.store(false);
}

}  // namespace sw
