#pragma once
// The simulation's dynamic damage state (internal slot ids) and its effective read: a slot of a
// torn chunk, of a torn chunk's ring or of a cracked chunk's crack line reads through its chunk
// until something writes it (docs/destruction.md, "Read-through state"). The accessors, packSlot
// and the shader (splat_damage.glsl) all read this same effective state.
#include <Eigen/Core>
#include <algorithm>
#include <cmath>
#include <cstdint>
#include <vector>

#include "core/destruct/detail/slot_tables.h"

namespace sw::destruct::detail {

inline constexpr float kTornHeat = 0.8f;   // heat of a torn chunk's crater floor at tear time
inline constexpr float kRingHeat = 0.5f;   // heat of a wound's rim (the ring around a torn chunk) when it turns ragged
inline constexpr float kCrackHeat = 0.6f;  // heat of a crack line at the crack

// The per-slot fields every support-update visit reads, side by side (one cache line holds eight
// slots: a neighbourhood in the renumbered order is a few lines, not one per field and array).
struct SlotState {
    float depth = 0;         // onion depth as stored (a carried slot reads through its chunk)
    std::uint16_t mark = 0;  // footprint, settle-check and island-fill marks (Simulation::newMark)
    std::uint8_t flags = 0;  // SlotFlag | static bits (slot_tables.h) | kDirtyBit
    std::uint8_t chunk = 0;  // = SlotTables::chunk (SPL2 has at most 256 chunks)
};
static_assert(sizeof(SlotState) == 8);

// Heat at its last change and when that was, side by side (a write is one cache line).
struct Heat {
    float start = 0, time = 0;
};

struct DamageState {
    // Per slot.
    std::vector<SlotState> state;
    std::vector<Heat> heat;
    std::vector<Eigen::Vector3f> layerColor;
    // Static: the (at most two) chunks whose tear ring the slot lies on, low byte first (the same
    // chunk twice for one), valid where kRingBit is set (SlotTables::ring, moved here: only the
    // read-through needs it).
    std::vector<std::uint16_t> ring;
    // Per chunk.
    std::vector<int> chunkKnocked, chunkShallow;  // plating knocked out; slots with level < 3
    std::vector<std::uint8_t> chunkCracked, chunkTorn, chunkDark;
    std::vector<std::uint8_t> chunkCarried;  // torn as a whole, its carried slots read through it
    std::vector<float> chunkTornAt;
    std::vector<std::uint8_t> chunkCrackPending;  // cracked, its crack line read through it
    std::vector<float> chunkCrackedAt;
    std::vector<Eigen::Vector3d> chunkPlatingSum;  // plating positions of the slots with depth < 1
    std::uint64_t chunkVersion = 0;  // bumped whenever a chunk's carried or crack state changes
    std::vector<int> crackOrder;     // cracked, not yet torn, in crack order
    // Per (chunk, part) pair and per part.
    std::vector<int> pairKnocked;  // slots with depth ≥ 1
    std::vector<int> partKnocked;
    std::vector<std::uint8_t> partFired;
    // Slots changed since the renderer last took them (kDirtyBit set).
    std::vector<std::uint32_t> dirty;

    // Carried off by its torn chunk and not written since (reads as depth 1, wound, torn heat).
    bool carried(std::uint32_t i) const { return state[i].depth < 1.f && chunkCarried[state[i].chunk]; }
    float depth(std::uint32_t i) const { return carried(i) ? 1.f : state[i].depth; }
    // Colour layer: ceil(depth) clamped to kMaxLayers.
    int level(std::uint32_t i) const { return std::min(kMaxLayers, int(std::ceil(depth(i) - 1e-6f))); }
    // On the crack line of its chunk (a rim slot plating at the crack: its stored depth, as every
    // write since would have materialized it) and not written since (kCracked in its own flags: the
    // crack wrote it; a slot a pierce channel cracked before the crack is written by the crack): it
    // reads as the crack used to write it (kCracked | kWound, kCrackHeat at the crack time).
    bool cracked(std::uint32_t i) const {
        const SlotState& st = state[i];
        return (st.flags & (kRimBit | kCracked)) == kRimBit && chunkCrackPending[st.chunk] && st.depth < 1.f;
    }
    // On the ring of a carried chunk, plating and not wounded in its own state or by a crack: it
    // reads as the tear's support update used to write it (wound, kRingHeat at the earliest such
    // tear time). Returns that tear time, or a negative number. (Not for a slot carried off itself.)
    float ringSince(std::uint32_t i) const {
        const SlotState& st = state[i];
        if ((st.flags & (kRingBit | kWound)) != kRingBit || st.depth >= 1.f) return -1.f;
        return ringSinceSlow(i);
    }
    float ringSinceSlow(std::uint32_t i) const {
        if (cracked(i)) return -1.f;  // the crack wrote it wound (before or after the tear)
        const std::uint16_t r = ring[i];
        const auto a = std::size_t(r & 0xFF), b = std::size_t(r >> 8);
        const float ta = chunkCarried[a] ? chunkTornAt[a] : -1.f, tb = chunkCarried[b] ? chunkTornAt[b] : -1.f;
        return ta < 0.f ? tb : (tb < 0.f ? ta : std::min(ta, tb));
    }
    bool wound(std::uint32_t i) const { return (state[i].flags & kWound) || carried(i) || cracked(i) || ringSince(i) >= 0.f; }
    std::uint8_t flags(std::uint32_t i) const {
        std::uint8_t f = std::uint8_t(state[i].flags & ~(kStaticBits | kDirtyBit));
        if (cracked(i)) f |= kCracked | kWound;
        return carried(i) || ringSince(i) >= 0.f ? std::uint8_t(f | kWound) : f;
    }
    Heat heatOf(std::uint32_t i) const {
        if (carried(i)) return {kTornHeat, chunkTornAt[state[i].chunk]};
        if (cracked(i)) return {kCrackHeat, chunkCrackedAt[state[i].chunk]};
        if (const float since = ringSince(i); since >= 0.f) return {kRingHeat, since};
        return heat[i];
    }
    // The pristine state: every slot plating, nothing cracked or torn, nothing dirty (the static
    // bits from `t` on the first call, kept after).
    void reset(const SlotTables& t);
    void markDirty(std::uint32_t i) {
        if (state[i].flags & kDirtyBit) return;
        state[i].flags |= kDirtyBit;
        dirty.push_back(i);
    }
};

}  // namespace sw::destruct::detail
