#pragma once
// The simulation's state as the splat renderer's per-slot damage buffers (core/render's
// SplatDamage*, shaders/splat_damage.glsl): plain float records, packed here so the renderer
// knows nothing of the simulation. The shader derives positions from these with the same
// formulas as Simulation::position / poolPosition (tests compare them, read back).
//   slot  [n_core, 8]:  depth, heat0, heat time, flags | layer colour rgb, ring (1: none, else
//                       2 + the chunks whose tear ring the slot lies on: first + 256 · second),
//                       + kGpuSlotCrackLine on its chunk's rim (static: the crack line)
//   pool  [capacity, 12]: source slot, kind (0 free, 1 chunk plating, 2 underside, 3 debris),
//                         body, birth | debris start xyz, heat0 | debris velocity xyz, 0 or copy colour rgb, scale
//   body  [bodies, 12]:   rotation quaternion x y z w | pivot xyz, alive | translation xyz, 0
//   chunk [chunks, 4]:    carried (torn off as a whole) 0/1, tear time, crack pending 0/1, crack time
// A slot record holds the state the accessors read when it was packed; a slot carried off by its
// chunk later (record depth < 1, chunk carried) is read through the chunk record by the shader,
// so tearing a chunk uploads one chunk record, not the chunk's slots; likewise a slot on the ring
// around a carried chunk (record: plating, not wound) reads wound with the ring's heat (kRingHeat
// from the tear time, detail/damage_state.h), so the tear uploads none of its ring either; and a
// slot on the crack line of a chunk whose crack is pending (record: on the rim, depth < 1, not
// cracked) reads cracked and wound with the crack's heat (kCrackHeat from the crack time) before
// the carried or ring read, so a crack uploads one chunk record, not its line.
#include <cstdint>
#include <span>
#include <vector>

#include "core/destruct/simulation.h"

namespace sw::destruct {

inline constexpr int kGpuSlotFloats = 8;
inline constexpr int kGpuPoolFloats = 12;
inline constexpr int kGpuBodyFloats = 12;
inline constexpr int kGpuChunkFloats = 4;
inline constexpr int kGpuSlotCrackLine = 1 << 17;  // added to a slot record's ring float (above any ring value)

void packSlot(const Simulation& sim, std::uint32_t slot, float* out);       // kGpuSlotFloats
void packPoolEntry(const Simulation& sim, std::uint32_t entry, float* out);  // kGpuPoolFloats
std::vector<float> packSlots(const Simulation& sim);                         // [n_core × 8]
std::vector<float> packPool(const Simulation& sim);                          // [capacity × 12]
std::vector<float> packBodies(const Simulation& sim);                        // [bodies × 12]
std::vector<float> packChunks(const Simulation& sim);                        // [chunks × 4]

}  // namespace sw::destruct
