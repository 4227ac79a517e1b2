#pragma once
// Stateless integer hashing for deterministic, seedable pseudo-randomness (the demo painter's
// value noise, the irradiance gather's ray jitter): the same bits on every compiler and
// standard library, unlike the std::*_distribution classes.
#include <cstdint>

namespace sw {

// lowbias32 (Chris Wellons, "Prospecting for Hash Functions", 2018): a full-avalanche 32-bit
// integer hash.
constexpr std::uint32_t lowbias32(std::uint32_t x) {
    x ^= x >> 16;
    x *= 0x7feb352dU;
    x ^= x >> 15;
    x *= 0x846ca68bU;
    x ^= x >> 16;
    return x;
}

// Uniform in [0, 1) from the top 24 bits of `bits` (every value exactly representable).
constexpr float unitFloat24(std::uint32_t bits) { return static_cast<float>(bits >> 8) * (1.0f / 16777216.0f); }

}  // namespace sw
