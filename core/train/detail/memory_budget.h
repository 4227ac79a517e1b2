#pragma once
// How much memory this process can still allocate, for refusing a training run up front
// (trainer.h checkTrainingMemory) instead of failing deep inside an allocation. Linux: the
// smallest of MemAvailable + SwapFree (/proc/meminfo), the address-space limit (RLIMIT_AS,
// `ulimit -v`) minus the current virtual size (/proc/self/statm), and the cgroup v2 limit
// (memory.max − memory.current + inactive file cache). Elsewhere, or where nothing can be read: no limit known.
#include <cstdint>

namespace sw::train::detail {

inline constexpr std::uint64_t UNKNOWN_LIMIT = UINT64_MAX;

std::uint64_t availableMemoryBytes();

}  // namespace sw::train::detail
