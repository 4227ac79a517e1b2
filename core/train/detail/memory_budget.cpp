#include "core/train/detail/memory_budget.h"

#include <algorithm>
#include <fstream>
#include <string>

#if defined(__linux__)
#include <sys/resource.h>
#include <unistd.h>
#endif

namespace sw::train::detail {
namespace {

// The value of "<key>: <n> kB" in /proc/meminfo, in bytes, or UNKNOWN_LIMIT.
std::uint64_t meminfoBytes(const std::string& key) {
    std::ifstream in("/proc/meminfo");
    std::string name;
    std::uint64_t kib = 0;
    std::string unit;
    while (in >> name >> kib) {
        std::getline(in, unit);
        if (name == key + ":") return kib * 1024;
    }
    return UNKNOWN_LIMIT;
}

// A file holding one number ("max" or unreadable: UNKNOWN_LIMIT).
std::uint64_t numberIn(const char* path) {
    std::ifstream in(path);
    std::uint64_t value = 0;
    if (in >> value) return value;
    return UNKNOWN_LIMIT;
}

// The value of "<key> <n>" in a cgroup's memory.stat, in bytes, or 0.
std::uint64_t cgroupStat(const std::string& key) {
    std::ifstream in("/sys/fs/cgroup/memory.stat");
    std::string name;
    std::uint64_t value = 0;
    while (in >> name >> value)
        if (name == key) return value;
    return 0;
}

}  // namespace

std::uint64_t availableMemoryBytes() {
    std::uint64_t available = UNKNOWN_LIMIT;
#if defined(__linux__)
    const std::uint64_t physical = meminfoBytes("MemAvailable");
    if (physical != UNKNOWN_LIMIT) {
        const std::uint64_t swap = meminfoBytes("SwapFree");
        available = physical + (swap == UNKNOWN_LIMIT ? 0 : swap);
    }
    rlimit limit{};
    if (getrlimit(RLIMIT_AS, &limit) == 0 && limit.rlim_cur != RLIM_INFINITY) {
        std::ifstream statm("/proc/self/statm");
        std::uint64_t pages = 0;
        statm >> pages;
        const std::uint64_t used = pages * std::uint64_t(sysconf(_SC_PAGESIZE));
        const std::uint64_t cap = std::uint64_t(limit.rlim_cur);
        available = std::min(available, cap > used ? cap - used : 0);
    }
    const std::uint64_t cgroupMax = numberIn("/sys/fs/cgroup/memory.max");
    const std::uint64_t cgroupUsed = numberIn("/sys/fs/cgroup/memory.current");
    if (cgroupMax != UNKNOWN_LIMIT && cgroupUsed != UNKNOWN_LIMIT) {
        const std::uint64_t reclaimable = cgroupStat("inactive_file");  // page cache the kernel gives back
        const std::uint64_t used = cgroupUsed > reclaimable ? cgroupUsed - reclaimable : 0;
        available = std::min(available, cgroupMax > used ? cgroupMax - used : 0);
    }
#endif
    return available;
}

}  // namespace sw::train::detail
