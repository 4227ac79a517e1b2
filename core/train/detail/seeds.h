#pragma once
// Explicit per-step seeds: every random draw of step k comes from an engine seeded by
// (run seed, k, stream), so a run is reproducible and a resumed run draws what an
// uninterrupted one would have. No global random state anywhere in training.
#include <cstdint>

namespace sw::train {

enum class SeedStream : std::uint64_t { View = 1, Background = 2, Relocation = 3, Noise = 4 };

// SplitMix64 finaliser (Steele, Lea & Flood, "Fast Splittable Pseudorandom Number
// Generators", OOPSLA 2014) over the three inputs.
inline std::uint64_t stepSeed(std::uint64_t seed, std::int64_t step, SeedStream stream) {
    std::uint64_t z = seed * 0x9E3779B97F4A7C15ull + std::uint64_t(step) * 0xBF58476D1CE4E5B9ull +
                      std::uint64_t(stream) * 0x94D049BB133111EBull;
    z = (z ^ (z >> 30)) * 0xBF58476D1CE4E5B9ull;
    z = (z ^ (z >> 27)) * 0x94D049BB133111EBull;
    return z ^ (z >> 31);
}

}  // namespace sw::train
