#pragma once
// Memory estimates before large allocations: a stage that is about to allocate a buffer sized
// by the user's input or settings asks checkAllocation() first and refuses with a clear
// OutOfMemory error (CLI exit 7) instead of aborting with std::bad_alloc or thrashing.
#include <cstdint>
#include <string>
#include <string_view>

#include "core/foundation/error.h"

namespace sw {

// Bytes this process can still allocate: the smaller of the system's available memory
// (MemAvailable) and what the address-space limit (ulimit -v) leaves. UINT64_MAX when unknown.
std::uint64_t allocatableBytes();

// The most resident memory this process has held so far (VmHWM), and what it holds now (VmRSS),
// in bytes; 0 when unknown.
std::uint64_t peakResidentBytes();
std::uint64_t residentBytes();

// OutOfMemory "<what> needs N MiB but only M MiB are available" when `bytes` exceeds
// allocatableBytes(); `path` names the file or output it is for.
Status checkAllocation(std::uint64_t bytes, std::string_view what, const std::string& path = {});

// a * b * c ... saturating at UINT64_MAX (sizes computed from untrusted counts).
std::uint64_t mulSaturating(std::uint64_t a, std::uint64_t b);

}  // namespace sw
