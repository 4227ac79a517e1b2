#include "core/foundation/memory.h"

#include <sys/resource.h>

#include <algorithm>

#include <cstdio>
#include <fstream>
#include <limits>
#include <sstream>

namespace sw {
namespace {

constexpr std::uint64_t kUnknown = std::numeric_limits<std::uint64_t>::max();

// A /proc key's value in kB (e.g. "MemAvailable:" in /proc/meminfo, "VmSize:" in
// /proc/self/status), in bytes, or kUnknown. Line by line: status has lines whose value is not
// a number ("Name:  splatwright-cli"), which must not end the search.
std::uint64_t procKilobytes(const char* file, const std::string& key) {
    std::ifstream in(file);
    std::string line;
    while (std::getline(in, line)) {
        if (line.compare(0, key.size(), key) != 0) continue;
        std::istringstream fields(line.substr(key.size()));
        std::uint64_t value = 0;
        if (fields >> value) return value * 1024;
        return kUnknown;
    }
    return kUnknown;
}

std::string mib(std::uint64_t bytes) {
    char text[32];
    std::snprintf(text, sizeof text, "%.0f MiB", double(bytes) / (1024.0 * 1024.0));
    return text;
}

}  // namespace

std::uint64_t mulSaturating(std::uint64_t a, std::uint64_t b) {
    if (a != 0 && b > kUnknown / a) return kUnknown;
    return a * b;
}

std::uint64_t allocatableBytes() {
    std::uint64_t available = procKilobytes("/proc/meminfo", "MemAvailable:");
    rlimit limit{};
    if (::getrlimit(RLIMIT_AS, &limit) == 0 && limit.rlim_cur != RLIM_INFINITY) {
        const std::uint64_t used = procKilobytes("/proc/self/status", "VmSize:");
        const std::uint64_t cap = std::uint64_t(limit.rlim_cur);
        const std::uint64_t left = used == kUnknown ? cap : (cap > used ? cap - used : 0);
        available = std::min(available, left);
    }
    return available;
}

std::uint64_t peakResidentBytes() {
    const std::uint64_t bytes = procKilobytes("/proc/self/status", "VmHWM:");  // read in kB, returned in bytes
    return bytes == kUnknown ? 0 : bytes;
}

std::uint64_t residentBytes() {
    const std::uint64_t bytes = procKilobytes("/proc/self/status", "VmRSS:");
    return bytes == kUnknown ? 0 : bytes;
}

Status checkAllocation(std::uint64_t bytes, std::string_view what, const std::string& path) {
    const std::uint64_t available = allocatableBytes();
    if (bytes <= available) return {};
    const std::string need = bytes == kUnknown ? "more than 16 EiB" : mib(bytes);
    return makeError(ErrorCode::OutOfMemory,
                     std::string(what) + " needs " + need + " but only " + mib(available) + " are available", path);
}

}  // namespace sw
