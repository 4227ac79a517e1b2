#pragma once
// The demo generator's only source of randomness: std::mt19937 with an explicit seed. Its
// output sequence is fixed by the C++ standard; the std::*_distribution classes are not (they
// differ between standard libraries), so the conversions to floats and ranges are done here.
#include <cstdint>
#include <random>

#include "core/foundation/hash.h"

namespace sw::demo::detail {

class Rng {
public:
    explicit Rng(std::uint32_t seed) : m_engine(seed) {}

    // Uniform in [0, 1), 24 bits of resolution.
    float uniform() { return unitFloat24(static_cast<std::uint32_t>(m_engine())); }
    // Uniform in [lo, hi).
    float range(float lo, float hi) { return lo + (hi - lo) * uniform(); }
    // Uniform integer in [0, n); n > 0. Multiply-shift keeps the bias below 2^-32 · n.
    int below(int n) {
        return static_cast<int>((static_cast<std::uint64_t>(m_engine()) * static_cast<std::uint64_t>(n)) >> 32);
    }
    bool chance(float p) { return uniform() < p; }
    // A fresh seed for an independent sub-stream (e.g. the texture painter).
    std::uint32_t fork() { return static_cast<std::uint32_t>(m_engine()); }

private:
    std::mt19937 m_engine;
};

}  // namespace sw::demo::detail
