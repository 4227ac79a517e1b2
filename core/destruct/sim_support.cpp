// The event-driven support updates around the slots a hit changed: rims turn ragged, plating over
// a pit settles, plating islands tear off, innards go dark (docs/destruction.md, "Support updates").
#include <algorithm>
#include <cmath>
#include <string>

#include "core/destruct/detail/hit_context.h"

namespace sw::destruct {

using detail::kMutualBit;
using detail::kRingHeat;
using detail::kTornEntry;

namespace {

// The slots an entry of HitContext::changed stands for: the slot itself, or for a torn chunk
// (kTornEntry | chunk) the chunk's range of a per-chunk CSR list.
struct EntrySlots {
    const std::uint32_t* first;
    const std::uint32_t* last;
};
EntrySlots entrySlots(const std::uint32_t& one, const std::vector<std::uint32_t>& offsets, const std::vector<std::uint32_t>& slots) {
    if (!(one & kTornEntry)) return {&one, &one + 1};
    const std::size_t c = one & ~kTornEntry;
    return {slots.data() + offsets[c], slots.data() + offsets[c + 1]};
}

}  // namespace

void Simulation::supportUpdate(HitContext& ctx) {
    std::uint64_t visits = 0;
    std::size_t settledFrom = 0;
    for (int pass = 0; pass < 8 && settledFrom < ctx.changed.size(); ++pass) {
        visits += settlePass(ctx, settledFrom);
        const std::size_t islandFrom = settledFrom;
        settledFrom = ctx.changed.size();
        visits += islandPass(ctx, islandFrom, settledFrom);
    }
    darkenInnards(ctx);
    ctx.report.supportVisits += visits;
    m_visitsTotal += visits;
}

std::uint64_t Simulation::settlePass(HitContext& ctx, std::size_t from) {
    // Settling and rims around every changed slot; each slot's settle check runs once a pass
    // (one that settles is a changed slot of the next pass, which checks its neighbours again).
    std::uint64_t visits = 0;
    const auto& graph = m_tables.graph;
    const std::uint16_t checked = newMark();
    for (std::size_t k = from; k < ctx.changed.size(); ++k) {
        // A torn chunk: its carried rim slots are one layer deep, and a neighbour outside the
        // chunk that lists such a slot among its own neighbours cannot hang over it (it is less
        // than two layers below any neighbour), so only the rim slots that some outer neighbour
        // does not list back (rimOneWay) run the settle checks; their ring is read through.
        const std::uint32_t one = ctx.changed[k];
        const bool torn = (one & kTornEntry) != 0;
        auto [first, last] = entrySlots(one, m_tables.rimOneWayOffsets, m_tables.rimOneWay);
        for (; first != last; ++first) {
            const std::uint32_t e = *first;
            if (torn && !m_damage.carried(e)) continue;
            // e is one of each neighbour's own neighbours (a mutual slot): a neighbour u less than
            // two layers above e cannot hang, whatever its other neighbours (see below).
            const float de = (m_damage.state[e].flags & kMutualBit) ? m_damage.depth(e) : -1.f;
            for (std::uint32_t u : supportNeighbours(e)) {
                ++visits;
                // The rim of a wound turns ragged and hot (unless it reads wound through a torn
                // chunk's ring or its chunk's crack: nothing to write, as nothing was written then).
                // (DamageState::wound without its carried test: depth(u) < 1 is not carried.)
                if (m_damage.depth(u) < 1.f && !(m_damage.state[u].flags & kWound) && !m_damage.cracked(u) && m_damage.ringSince(u) < 0.f) {
                    m_damage.state[u].flags |= kWound;
                    m_damage.heat[u].start = kRingHeat;
                    m_damage.heat[u].time = m_time;
                    m_damage.markDirty(u);
                }
                if (m_damage.state[u].mark == checked) continue;
                m_damage.state[u].mark = checked;
                const float du = m_damage.depth(u);
                if (du >= float(kMaxLayers)) continue;
                // Hanging over a pit (every neighbour two layers deeper or more): settle to the
                // neighbours' level. The first neighbour that is not that deep ends the check;
                // e is such a neighbour when it is mutual and shallower (one look, no list read).
                const float need = std::floor(du) + 2.f;
                if (de >= 0.f && de < need) {
                    ++visits;
                    continue;
                }
                const auto nb = graph.near(u);
                if (!nb.atLeast(3)) continue;
                float lowest = float(kMaxLayers);
                bool hanging = true;
                for (std::uint32_t w : nb) {
                    ++visits;
                    const float dw = m_damage.depth(w);
                    if (dw < need) {
                        hanging = false;
                        break;
                    }
                    lowest = std::min(lowest, dw);
                }
                if (hanging) {
                    setDepth(u, std::floor(lowest));
                    m_damage.state[u].flags |= kSettled | kWound;
                    refreshColor(u);
                    ctx.changed.push_back(u);
                    ++ctx.report.settled;
                }
            }
        }
    }
    return visits;
}

std::uint64_t Simulation::islandPass(HitContext& ctx, std::size_t from, std::size_t to) {
    // Islands: plating cut off from the hull, bounded flood fill (≤ islandMax + 1 slots); a fill
    // that reaches a slot already found supported in this pass stops at once, and so does one that
    // reaches a plating slot of a solid chunk none of whose members is knocked out (solidIn: it
    // reaches more than islandMax plating slots, and so does every slot reaching it).
    std::uint64_t visits = 0;
    std::uint16_t supported = newMark();
    std::vector<std::uint32_t> component;
    for (std::size_t k = from; k < to; ++k) {
        // A torn chunk: its carried rim slots' neighbours outside it. When every chunk owning a
        // slot of its ring is solid and untouched, none of them can be in an island.
        const std::uint32_t one = ctx.changed[k];
        const bool torn = (one & kTornEntry) != 0;
        if (torn) {
            const std::size_t c = one & ~kTornEntry;
            bool intact = true;
            for (std::uint32_t q = m_tables.ringChunkOffsets[c]; q < m_tables.ringChunkOffsets[c + 1] && intact; ++q) {
                const auto d = std::size_t(m_tables.ringChunk[q]);
                ++visits;
                intact = m_tables.chunkSolid[d] && m_damage.chunkKnocked[d] == 0;
            }
            if (intact) continue;
        }
        auto [first, last] = entrySlots(one, m_tables.rimOffsets, m_tables.rimSlots);
        for (; first != last; ++first) {
            if (torn && !m_damage.carried(*first)) continue;
            visits += islandsAround(ctx, *first, supported, component);
        }
    }
    return visits;
}

std::uint64_t Simulation::islandsAround(HitContext& ctx, std::uint32_t e, std::uint16_t& supported,
                                        std::vector<std::uint32_t>& component) {
    std::uint64_t visits = 0;
    const auto& graph = m_tables.graph;
    for (std::uint32_t u : supportNeighbours(e)) {
        ++visits;
        if (m_damage.depth(u) >= 1.f || m_damage.state[u].mark == supported) continue;
        if (solidIn(u)) {
            m_damage.state[u].mark = supported;
            continue;
        }
        const std::uint16_t mine = newMark(&supported);
        component.assign(1, u);
        m_damage.state[u].mark = mine;
        bool isSupported = false;
        for (std::size_t q = 0; q < component.size() && !isSupported; ++q)
            for (std::uint32_t w : graph.near(component[q])) {
                ++visits;
                if (m_damage.depth(w) >= 1.f || m_damage.state[w].mark == mine) continue;
                if (m_damage.state[w].mark == supported || component.size() >= std::size_t(m_settings.islandMax) || solidIn(w)) {
                    isSupported = true;
                    break;
                }
                m_damage.state[w].mark = mine;
                component.push_back(w);
            }
        if (isSupported || component.size() > std::size_t(m_settings.islandMax)) {
            for (std::uint32_t c : component) m_damage.state[c].mark = supported;
            continue;
        }
        const Eigen::Vector3f out = (m_tables.plating[u] - m_tables.centroid).normalized();
        tearSlots(component, -1, ctx, (out + Eigen::Vector3f(0, 0, 0.5f)).normalized() * m_profile.chunkSpeed);
        ++ctx.report.islands;
        m_events.push_back({EventType::IslandTorn, m_hits, int(m_tables.out[u]), int(component.size()),
                            "island of " + std::to_string(component.size()) + " splats torn off"});
    }
    return visits;
}

void Simulation::darkenInnards(const HitContext& ctx) {
    // Innards go dark when their chunk has nothing shallower than the innards left.
    for (std::uint32_t s : ctx.changed) {
        const auto c = (s & kTornEntry) ? std::size_t(s & ~kTornEntry) : std::size_t(m_damage.state[s].chunk);
        if (m_damage.chunkDark[c] || m_damage.chunkShallow[c] > 0 || float(m_tables.chunkSize[c]) > 0.25f * float(size())) continue;
        m_damage.chunkDark[c] = 1;
        for (std::uint32_t k = m_tables.chunkOffsets[c]; k < m_tables.chunkOffsets[c + 1]; ++k) {
            const std::uint32_t m = m_tables.chunkSlots[k];
            materialize(m);
            m_damage.state[m].flags |= kDark;
            refreshColor(m);
        }
        m_events.push_back({EventType::InnardsDark, m_hits, int(c), m_tables.chunkSize[c],
                            "chunk " + std::to_string(c) + " dug out: its innards go dark"});
    }
}

}  // namespace sw::destruct
