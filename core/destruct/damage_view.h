#pragma once
// A read-only view of the simulation's stored damage state, for the renderer's slot and chunk
// records (gpu_state.h): what each slot holds in its own state and what its chunk, or the chunks
// whose tear ring it lies on, say about it. The shader adds the read-through (a carried slot, a
// ring slot, a crack line) from the chunk records; the Simulation's accessors read the same
// effective state (docs/destruction.md, "Read-through state"). Slot ids are model core indices.
// A view is valid while the Simulation it came from is alive and not moved.
#include <cstdint>
#include <vector>

#include "core/destruct/detail/damage_state.h"

namespace sw::destruct {

class DamageView {
public:
    DamageView(const detail::DamageState& damage, const std::vector<std::uint32_t>& in) : m_damage(&damage), m_in(&in) {}

    // Stored (not yet materialized) slot state: depth < 1 in a carried chunk means "read through
    // the chunk"; everything else is the slot's own state.
    float storedDepth(std::size_t slot) const { return m_damage->state[id(slot)].depth; }
    // Stored flags (SlotFlags) of a slot, without the read-through of its chunk or ring.
    std::uint8_t storedFlags(std::size_t slot) const { return std::uint8_t(m_damage->state[id(slot)].flags & 0x0F); }
    // Static: the (at most two) other chunks whose tear ring the slot lies on (it is a neighbour of
    // one of their rim slots): a slot still plating and not wounded in its own state reads wound
    // and warm (from the earliest tear time) while one of them is carried. Returns how many (0..2)
    // and writes them to c[0], c[1].
    int ringChunks(std::size_t slot, int* c) const {
        const std::uint32_t i = id(slot);
        if (!(m_damage->state[i].flags & detail::kRingBit)) return 0;
        c[0] = m_damage->ring[i] & 0xFF;
        c[1] = m_damage->ring[i] >> 8;
        return c[0] == c[1] ? 1 : 2;
    }
    // Static: the slot is on its chunk's rim (the crack line when the chunk cracks): while its
    // chunk's crack is pending, a record that says plating and not cracked reads the crack.
    bool onChunkRim(std::size_t slot) const { return (m_damage->state[id(slot)].flags & detail::kRimBit) != 0; }

    // Torn as a whole: its slots still at depth < 1 in the stored state read as carried off;
    // tornAt is the tear time.
    bool chunkCarried(int c) const { return m_damage->chunkCarried[std::size_t(c)] != 0; }
    float chunkTornAt(int c) const { return m_damage->chunkTornAt[std::size_t(c)]; }
    // Cracked, its crack line read through the chunk; crackedAt is the crack time. Pending until a
    // heal (a chunk cracks once between full heals).
    bool chunkCrackPending(int c) const { return m_damage->chunkCrackPending[std::size_t(c)] != 0; }
    float chunkCrackedAt(int c) const { return m_damage->chunkCrackedAt[std::size_t(c)]; }
    // Bumped whenever a chunk's carried or crack state changes (the render sync uploads the chunk
    // records then).
    std::uint64_t chunkStateVersion() const { return m_damage->chunkVersion; }

private:
    std::uint32_t id(std::size_t slot) const { return (*m_in)[slot]; }
    const detail::DamageState* m_damage;
    const std::vector<std::uint32_t>* m_in;
};

}  // namespace sw::destruct
