#pragma once
// The destruction simulation (PIPELINE §7, issue 15): deterministic (explicit seed, explicit time
// steps, no wall clock) over the core slots of the baked model the game loads (SPL2 core + CHNK
// tail). A slot is never removed: a knocked-out slot is reborn one onion layer deeper; chunks
// crack, then tear off whole as rigid bodies; islands tear off, plating over a pit settles,
// innards go dark. How it works, its data layout and its read-through state: docs/destruction.md,
// "The simulation". Pieces: detail/slot_tables.h (static tables, slot_build.cpp),
// detail/damage_state.h (dynamic state and its effective read), detail/piece_pool.h (pool and
// bodies); sim_hit.cpp (hits), sim_support.cpp (support updates), sim_pieces.cpp (tearing,
// bodies, debris).
#include <Eigen/Core>
#include <cstdint>
#include <string>
#include <vector>

#include "core/destruct/damage_view.h"
#include "core/destruct/detail/damage_state.h"
#include "core/destruct/detail/piece_pool.h"
#include "core/destruct/detail/slot_tables.h"
#include "core/destruct/palette.h"
#include "core/destruct/sim_types.h"
#include "core/destruct/support_graph.h"
#include "core/destruct/weapon_profile.h"
#include "core/formats/spl2.h"
#include "core/foundation/error.h"

namespace sw::destruct {

class Simulation {
public:
    // model: the baked SPL2 (core slots, CHNK tail). Errors: InvalidInput for an empty core or a
    // model validateSpl2 rejects (naming `what`), settings out of the schema's ranges.
    static Result<Simulation> create(const formats::Spl2Model& model, const SimSettings& settings = {},
                                     const std::string& what = "model");

    void setProfile(const WeaponProfile& profile) { m_profile = profile; }
    const WeaponProfile& profile() const { return m_profile; }

    // One hit with the current profile's parameters; damage, origin, direction and kind from `hit`.
    HitReport hit(const Hit& hit);
    HitReport hit(float damage, const Eigen::Vector3f& origin, const Eigen::Vector3f& direction, HitKind kind);
    // The profile's own damage and kind.
    HitReport fire(const Eigen::Vector3f& origin, const Eigen::Vector3f& direction);

    // Advances bodies and debris by dt seconds (semi-implicit Euler, fixed order).
    void step(float dt);
    // Lerps every hole back toward the plating by `amount` of its remaining depth (0..1): depth ·=
    // 1 − amount; at 1 everything is restored exactly (positions, colours, chunks, parts, pools).
    void heal(float amount);

    // State. Slot ids are the model's core indices.
    std::size_t size() const { return m_tables.plating.size(); }
    float time() const { return m_time; }
    int hits() const { return m_hits; }
    Eigen::Vector3f position(std::size_t slot) const { return posIn(m_tables.in[slot]); }  // current centre
    std::vector<Eigen::Vector3f> positions() const;  // [model core index]
    Eigen::Vector3f inward(std::size_t slot) const { return m_tables.inward[m_tables.in[slot]]; }
    float layerStep(std::size_t slot) const { return m_tables.step[m_tables.in[slot]]; }
    float depth(std::size_t slot) const { return m_damage.depth(m_tables.in[slot]); }
    int level(std::size_t slot) const { return m_damage.level(m_tables.in[slot]); }  // colour layer: ceil(depth) clamped to kMaxLayers
    std::uint8_t flags(std::size_t slot) const { return m_damage.flags(m_tables.in[slot]); }
    // Colour the slot is drawn with at the current time (layer colour, then the black-body heat).
    Eigen::Vector3f displayColor(std::size_t slot) const;
    Eigen::Vector3f layerColorOf(std::size_t slot) const { return layerColorIn(m_tables.in[slot]); }
    float heat0(std::size_t slot) const { return m_damage.heatOf(m_tables.in[slot]).start; }
    float heatTime(std::size_t slot) const { return m_damage.heatOf(m_tables.in[slot]).time; }
    // The support-graph neighbours of a slot, nearest first.
    std::vector<std::uint32_t> neighbours(std::size_t slot) const;
    const std::vector<Event>& events() const { return m_events; }
    SimStats stats() const;
    std::uint64_t totalSupportVisits() const { return m_visitsTotal; }
    const DamagePalette& palette() const { return m_tables.palette; }
    const Eigen::Vector3f& centroid() const { return m_tables.centroid; }
    const SimSettings& settings() const { return m_settings; }
    // The support graph (its slot ids are the internal order: use neighbours() for model ids).
    const SupportGraph& graph() const { return m_tables.graph; }

    // Chunks and parts.
    int chunkOf(std::size_t slot) const { return m_tables.chunk[m_tables.in[slot]]; }
    int partOf(std::size_t slot) const { return m_tables.part[m_tables.in[slot]]; }
    int chunkCount() const { return int(m_tables.chunkSize.size()); }
    int partCount() const { return int(m_tables.partSize.size()); }
    int partSize(int part) const { return m_tables.partSize[std::size_t(part)]; }
    int partKnocked(int part) const { return m_damage.partKnocked[std::size_t(part)]; }
    bool chunkCracked(int c) const { return m_damage.chunkCracked[std::size_t(c)] != 0; }
    bool chunkTorn(int c) const { return m_damage.chunkTorn[std::size_t(c)] != 0; }
    Eigen::Vector3f chunkCentroid(int c) const { return m_tables.chunkCentroid[std::size_t(c)]; }
    // Per chunk, summed over the members: the slots' drawn 3σ disc areas (π · 9 |ax0| |ax1|) and the
    // surface they stand for (π r² / degree: on a surface a radius-r disc of the support graph holds
    // `degree` slots).
    double chunkDisc(int c) const { return m_tables.chunkDisc[std::size_t(c)]; }
    double chunkSurface(int c) const { return m_tables.chunkSurface[std::size_t(c)]; }

    // Pieces and debris.
    const std::vector<PoolEntry>& pool() const { return m_pieces.entries; }
    std::uint32_t poolHighWater() const { return m_pieces.high; }
    const std::vector<Body>& bodies() const { return m_pieces.bodies; }
    // Current centre of a pool entry (chunk copies follow their body, debris its ballistic path).
    Eigen::Vector3f poolPosition(std::size_t entry) const;
    bool poolVisible(std::size_t entry) const;
    // Drawn size of one of `copies` copies standing for a piece of `carried` slots whose discs add up
    // to `disc` and cover `surface`; `source` is the disc of the slot the copy copies. The copies
    // share min(pieceCoverage × surface, disc) equally: together they cover the piece, never with
    // more area than its own splats, and a copy of a big plate is not drawn bigger than a copy of a
    // dot. Never below 1 (a copy is at least its splat); 1 when every carried slot has its copy.
    float pieceScale(int carried, int copies, double disc, double surface, double source) const;

    // The renderer's read: the stored state and the chunk records (damage_view.h), and what changed
    // since the last call (partial uploads): slot ids, pool entries.
    DamageView damage() const { return DamageView(m_damage, m_tables.in); }
    std::vector<std::uint32_t> takeDirtySlots();
    std::vector<std::uint32_t> takeDirtyPool() { return m_pieces.takeDirty(); }

    // Tests and tools.
    // Knocks one slot one layer deeper (no debris) and runs the support updates around it, as a
    // hit's knock-out does ("dig here"). Returns the support visits.
    std::uint64_t knockOut(std::uint32_t slot);
    // Every byte of the dynamic state (depths, flags, colours, heat as the accessors read them,
    // pools, bodies, RNG, events), for the determinism tests.
    std::vector<std::uint8_t> serializeState() const;
    // Writes every read-through state (carried slots, rings, crack lines) into the slots' own state;
    // the accessors read the same before and after. Partial heals start with it; tests compare.
    void materializeAll();

private:
    Simulation() = default;
    struct HitContext;
    // Internal slot ids (the renumbered order) from here on.
    Eigen::Vector3f posIn(std::uint32_t i) const {
        const float d = m_damage.depth(i);
        return d == 0.f ? m_tables.plating[i] : Eigen::Vector3f(m_tables.plating[i] + m_tables.inward[i] * (m_tables.step[i] * d));
    }
    Eigen::Vector3f layerColorIn(std::uint32_t i) const;
    // A plating slot of a solid chunk none of whose members is knocked out: it reaches more than
    // islandMax plating slots.
    bool solidIn(std::uint32_t i) const {
        const auto c = std::size_t(m_damage.state[i].chunk);
        return m_tables.chunkSolid[c] && m_damage.chunkKnocked[c] == 0;
    }
    // The neighbours a changed slot's support update looks at: all of them, or only those outside
    // its chunk while the slot is carried off by its torn chunk.
    SupportGraph::Near supportNeighbours(std::uint32_t i) const {
        if (!(m_damage.state[i].flags & detail::kRimBit) || !m_damage.carried(i)) return m_tables.graph.near(i);
        const std::uint32_t r = m_tables.onRim[i] - 1;
        return SupportGraph::Near({m_tables.rimOuter.data() + m_tables.rimOuterOffsets[r],
                                   m_tables.rimOuter.data() + m_tables.rimOuterOffsets[r + 1]});
    }
    // Writes a crack line, carried or ring slot's effective state into its own arrays (before
    // anything changes it): the crack first (it came first, and a ring read never follows it).
    void materialize(std::uint32_t i) {
        if (m_damage.cracked(i)) materializeCrack(i);
        if (m_damage.carried(i)) materializeCarried(i);
        else if (const float since = m_damage.ringSince(i); since >= 0.f) materializeRing(i, since);
    }
    void materializeCrack(std::uint32_t i);
    void materializeCarried(std::uint32_t i);
    void materializeRing(std::uint32_t i, float since);
    void setDepth(std::uint32_t slot, float depth);
    void refreshColor(std::uint32_t slot);
    void addPartKnocked(int part, int delta);  // knocked-out count of a part, fires its threshold event
    int partNeed(int part) const;
    // A mark value no slot carries yet (SlotState::mark). The footprint search, each support
    // pass's settle checks and island fills each take fresh ones; one mark is 16 bits so that a
    // slot's state is 8 bytes. When the values run out, every mark is cleared (once per 65,535
    // marks, hundreds of hits), except `keep`'s, which is renumbered.
    std::uint16_t newMark(std::uint16_t* keep = nullptr);
    float random01();
    Eigen::Vector3f randomUnit();

    // Hits (sim_hit.cpp).
    void toModel(HitReport& report) const;  // internal slot ids of a report → model ids
    void cascade(HitContext& ctx, const Eigen::Vector3f& p, const Eigen::Vector3f& d);
    void hitSurface(HitContext& ctx, std::size_t damage);  // shot, blast, epicentre
    void hitMelee(HitContext& ctx, std::size_t damage);
    void hitPierce(HitContext& ctx, const Eigen::Vector3f& origin, std::size_t damage, float rayT);
    void footprintSurface(std::uint32_t start, const Eigen::Vector3f& p, const Eigen::Vector3f& d, float radius,
                          float band, bool radial, std::size_t limit, std::vector<std::uint32_t>& out);
    // Knock-out of one slot (deeper by one layer), with optional debris; queues support events.
    // support = false: the slot is inside a torn chunk (every neighbour torn with it), so it sets
    // off no support update (the chunk's rim does).
    void knock(std::uint32_t slot, HitContext& ctx, bool debris, const Eigen::Vector3f& debrisDir, float heat,
               bool support = true);
    void chunkAccounting(HitContext& ctx, const Eigen::Vector3f& impact, const Eigen::Vector3f& direction);
    void crackChunk(int chunk, HitContext& ctx);
    // Support updates (sim_support.cpp).
    void supportUpdate(HitContext& ctx);
    std::uint64_t settlePass(HitContext& ctx, std::size_t from);
    std::uint64_t islandPass(HitContext& ctx, std::size_t from, std::size_t to);
    std::uint64_t islandsAround(HitContext& ctx, std::uint32_t e, std::uint16_t& supported, std::vector<std::uint32_t>& component);
    void darkenInnards(const HitContext& ctx);
    // Torn pieces (sim_pieces.cpp).
    void tearChunk(int chunk, HitContext& ctx, const Eigen::Vector3f& velocity);
    void tearSlots(const std::vector<std::uint32_t>& slots, int chunk, HitContext& ctx, const Eigen::Vector3f& velocity);
    int newBody(int chunk, const Eigen::Vector3f& velocity);
    // A copy of slot `slot` riding on `body`; false (and the report says so) when the pool is full.
    bool addCopy(int body, std::uint32_t slot, PoolKind kind, float scale, HitContext& ctx);
    void placeChunkCopies(int chunk, int body, int plating, HitContext& ctx);

    SimSettings m_settings;
    WeaponProfile m_profile;
    detail::SlotTables m_tables;  // static
    detail::DamageState m_damage;
    detail::PiecePool m_pieces;
    std::vector<Event> m_events;
    std::size_t m_eventsBeforeHeal = 0;  // events up to the last full heal (stats count the islands after it)
    std::uint16_t m_markNow = 0;
    std::uint64_t m_rng = 0;
    std::uint64_t m_visitsTotal = 0;
    float m_time = 0;
    int m_hits = 0;
};

}  // namespace sw::destruct
