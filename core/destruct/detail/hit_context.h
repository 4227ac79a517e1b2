#pragma once
// What one hit carries through its knock-outs, tears and support updates (sim_hit.cpp,
// sim_support.cpp, sim_pieces.cpp).
#include <cstdint>
#include <vector>

#include "core/destruct/simulation.h"

namespace sw::destruct {

namespace detail {
// An entry of HitContext::changed that stands for a chunk torn off as a whole (kTornEntry | chunk):
// its carried rim slots, which the support update reads through the chunk's static lists.
inline constexpr std::uint32_t kTornEntry = 0x80000000u;
}  // namespace detail

struct Simulation::HitContext {
    HitReport report;                    // internal slot ids until toModel
    std::vector<std::uint32_t> changed;  // slots whose depth changed this hit (support events), torn chunks
    int budget = 0;                      // chunks left to tear
    Eigen::Vector3f impact = Eigen::Vector3f::Zero(), direction = Eigen::Vector3f::UnitY();
    HitKind kind = HitKind::Shot;
};

}  // namespace sw::destruct
