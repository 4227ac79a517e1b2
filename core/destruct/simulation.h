#pragma once
// The destruction simulation (PIPELINE §7, issue 15): deterministic (explicit seed, explicit time
// steps, no wall clock) over the core slots of the baked model the game loads (SPL2 core + CHNK
// tail). A slot is never removed: a knocked-out slot is reborn one onion layer deeper,
//   position = plating + inward · step · depth,
//   inward   = normalize(mix(−normal, normalize(centroid − plating), inwardBlend)),
//   step     = max(minStep, stepShare · thickness), thickness = attrs.z · thicknessRange
// (the hull thickness measured along −normal at bake time), so holes always have a floor (never
// see-through) and shooting into a hole digs deeper. A share of the knocked-out splats also
// flies as white-hot debris (a pool beside the slots); chunks crack, then tear off whole as rigid
// bodies carrying their plating and an inward-facing underside copy, while their slots in the
// hull become the crater floor. The support graph (support_graph.h) is updated event-driven
// around each changed slot: islands of ≤ islandMax plating splats tear off, plating left over
// a pit settles to its neighbours' level, innards go dark when their chunk is all dug out.
// Slot ids in the API are the model's core indices; inside, the slots are renumbered by chunk,
// then in Morton order within the chunk, so a neighbourhood is a few cache lines of each array
// whatever the model's own order (docs/benchmarks.md, "Destruction bench": what still grows with N).
// A torn chunk is knocked out as a whole: its carried slots (plating, depth < 1 at tear time) read
// one layer deeper (depth 1, wound, heat 0.8 from the tear time, underlay colour) through the
// chunk's torn state, without a write to each slot; only its rim starts support updates (on the
// rim's neighbours outside the chunk), and a carried slot is written (materialized) the first
// time something else changes it. The ring around it (its rim slots' neighbours outside the
// chunk) reads likewise: a ring slot still plating and not wounded in its own state reads wound
// and warm through the carried chunk (static per-slot ring chunks, m_ring), and the tear's support
// update runs as one entry for the chunk: its settle checks cannot settle anything over a rim one
// layer deep, and its island checks end at once while the chunks around are solid and untouched.
// A cracked chunk's crack line (its rim slots still plating when it cracked) reads likewise: a
// line slot not written since the crack reads cracked and wound with the crack's heat (kCrackHeat
// from the crack time) through the chunk's pending crack, so cracking writes no slot of the line
// (it grows with the chunk's perimeter: 40 plating slots a crack on the test hull of 6k slots, 109
// on that of 96k). The crack beats a ring read (as its write did); a carried read keeps its flags.
// The accessors, packSlot and the shader (per-chunk records, splat_damage.glsl) all read the same
// effective state, so a tearing hit writes O(1) records for the chunk, its ring included, and a
// cracking hit none for the crack line.
#include <Eigen/Core>
#include <Eigen/Geometry>
#include <cstdint>
#include <span>
#include <string>
#include <vector>

#include "core/destruct/palette.h"
#include "core/destruct/support_graph.h"
#include "core/destruct/weapon_profile.h"
#include "core/formats/spl2.h"
#include "core/foundation/error.h"
#include "core/foundation/schema.h"

namespace sw::destruct {

struct SimSettings {
    std::uint32_t seed = 1;
    float inwardBlend = 0.35f;     // 0: straight along −normal, 1: toward the centroid
    float thicknessRange = 0.4f;   // model units of attrs.z = 1 (the bake's thickness-range)
    float stepShare = 0.3f;        // layer step as a share of the local hull thickness
    float minStep = 0.012f;        // model units, for open plates (thickness 0)
    int islandMax = 24;            // plating islands up to this many splats tear off
    float partThreshold = 0.3f;    // share of a part's splats knocked out that silences it
    float gravity = 3.f;           // model units / s², along −Z
    float floorZ = -1.5f;          // bodies and debris below this vanish
    float bodyLifetime = 5.f;      // s
    float debrisLifetime = 2.f;    // s
    float debrisScale = 0.6f;      // debris splats are drawn this much smaller
    float undersideOffset = 0.5f;  // underside copy sits this many layer steps inside the plating
    int poolCapacity = 16384;      // debris + chunk copies alive at once
    // What the pool holds (drawn as extra instances every frame, so this is the frame budget under
    // fire): a torn piece carries at most chunkCopies plating copies and half as many underside
    // copies, each drawn larger so that together they cover pieceCoverage times the piece's surface
    // (pieceScale); at most debrisMax debris splats fly at once (a hit while they all fly throws none).
    int chunkCopies = 8;
    float pieceCoverage = 1.f;     // the copies' drawn area over the piece's surface area
    int debrisMax = 384;
    SupportGraphSettings graph;
};
const SettingsSchema<SimSettings>& simSchema();

// Slot flags.
enum SlotFlag : std::uint8_t {
    kWound = 1,    // rim or crater floor: the shape mask turns ragged
    kDark = 2,     // innards whose chunk is dug out
    kCracked = 4,  // on a crack line (rim of a cracked chunk, railgun channel)
    kSettled = 8,  // unsupported plating that settled to its neighbours' level
};

enum class PoolKind : std::uint8_t { Free = 0, ChunkPlating = 1, ChunkUnderside = 2, Debris = 3 };

struct PoolEntry {
    std::uint32_t source = 0;  // slot it copies (model core index)
    PoolKind kind = PoolKind::Free;
    int body = -1;             // chunk body (chunk kinds)
    float birth = 0;           // s
    Eigen::Vector3f start = Eigen::Vector3f::Zero();     // debris: position at birth
    Eigen::Vector3f velocity = Eigen::Vector3f::Zero();  // debris: model units / s
    Eigen::Vector3f color = Eigen::Vector3f::Zero();     // chunk: colour of the copy
    float heat0 = 0;
    float scale = 1;           // chunk copies: drawn this much larger (one copy stands for several slots)
};

struct Body {
    int chunk = -1;            // torn chunk id, −1 for an island
    Eigen::Vector3f pivot = Eigen::Vector3f::Zero();        // centroid at tear time
    Eigen::Vector3f translation = Eigen::Vector3f::Zero();  // pivot displacement since then
    Eigen::Vector3f velocity = Eigen::Vector3f::Zero();
    Eigen::Quaternionf rotation = Eigen::Quaternionf::Identity();
    Eigen::Vector3f spin = Eigen::Vector3f::Zero();          // angular velocity, rad / s
    float birth = 0;
    std::vector<std::uint32_t> pool;  // its pool entries
    bool alive = true;
};

struct Hit {
    float damage = 40.f;
    Eigen::Vector3f origin = Eigen::Vector3f(0.f, -3.f, 0.f);  // model space
    Eigen::Vector3f direction = Eigen::Vector3f(0.f, 1.f, 0.f);
    HitKind kind = HitKind::Shot;
};

enum class EventType { ChunkCracked, ChunkTorn, IslandTorn, Settled, InnardsDark, PartThreshold };
struct Event {
    EventType type;
    int hit = 0;     // hit index (1-based)
    int id = 0;      // chunk, part or slot
    int count = 0;   // splats involved (part: knocked-out count when it fired)
    std::string text;
};

struct HitReport {
    bool missed = true;
    int index = 0;                    // 1-based hit number
    std::uint32_t impactSlot = 0;
    Eigen::Vector3f impact = Eigen::Vector3f::Zero();
    Eigen::Vector3f exit = Eigen::Vector3f::Zero();  // PIERCE: the exit point
    std::uint32_t exitSlot = 0;
    std::vector<std::uint32_t> knocked;  // slots knocked one layer deeper one by one, in order
    int carried = 0;                     // slots knocked one layer deeper as parts of torn chunks (not in knocked)
    std::vector<int> cracked, torn;      // chunk ids, in order
    int islands = 0, settled = 0, debris = 0, channel = 0;
    std::uint64_t supportVisits = 0;     // slots examined by the support updates of this hit
    int tearProbes = 0;                  // member slots read to place torn chunks' copies
    int cellsVisited = 0;                // grid cells the ray and line queries of this hit looked at
    bool poolFull = false;
};

struct SimStats {
    int hits = 0;
    int damaged = 0;                          // slots with depth > 0
    std::array<int, kMaxLayers + 1> perLayer{};  // slots per level 0..4
    int chunksCracked = 0, chunksTorn = 0, islandsTorn = 0;
    int bodiesAlive = 0, debrisAlive = 0, poolUsed = 0;
    std::vector<float> partHealth;            // [parts] 1 − knocked / size
};

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

    // State.
    std::size_t size() const { return m_plating.size(); }
    float time() const { return m_time; }
    int hits() const { return m_hits; }
    Eigen::Vector3f position(std::size_t slot) const { return posIn(m_in[slot]); }  // current centre
    std::vector<Eigen::Vector3f> positions() const;  // [model core index]
    Eigen::Vector3f inward(std::size_t slot) const { return m_inward[m_in[slot]]; }
    float layerStep(std::size_t slot) const { return m_step[m_in[slot]]; }
    float depth(std::size_t slot) const { return depthIn(m_in[slot]); }
    int level(std::size_t slot) const { return levelIn(m_in[slot]); }  // colour layer: ceil(depth) clamped to kMaxLayers
    std::uint8_t flags(std::size_t slot) const { return flagsIn(m_in[slot]); }
    // Colour the slot is drawn with at the current time (layer colour, then the black-body heat).
    Eigen::Vector3f displayColor(std::size_t slot) const;
    Eigen::Vector3f layerColorOf(std::size_t slot) const { return layerColorIn(m_in[slot]); }
    float heat0(std::size_t slot) const { return heatIn(m_in[slot]).start; }
    float heatTime(std::size_t slot) const { return heatIn(m_in[slot]).time; }
    // The support-graph neighbours of a slot, nearest first (model core indices).
    std::vector<std::uint32_t> neighbours(std::size_t slot) const;
    const std::vector<PoolEntry>& pool() const { return m_pool; }
    std::uint32_t poolHighWater() const { return m_poolHigh; }
    const std::vector<Body>& bodies() const { return m_bodies; }
    // Current centre of a pool entry (chunk copies follow their body, debris its ballistic path).
    Eigen::Vector3f poolPosition(std::size_t entry) const;
    bool poolVisible(std::size_t entry) const;
    const std::vector<Event>& events() const { return m_events; }
    SimStats stats() const;
    // The support graph (its slot ids are the internal order: use neighbours() for model ids).
    const SupportGraph& graph() const { return m_graph; }
    const DamagePalette& palette() const { return m_palette; }
    const Eigen::Vector3f& centroid() const { return m_centroid; }
    const SimSettings& settings() const { return m_settings; }
    // Per chunk, summed over the members: the slots' drawn 3σ disc areas (π · 9 |ax0| |ax1|) and the
    // surface they stand for (π r² / degree: on a surface a radius-r disc of the support graph holds
    // `degree` slots).
    double chunkDisc(int c) const { return m_chunkDisc[std::size_t(c)]; }
    double chunkSurface(int c) const { return m_chunkSurface[std::size_t(c)]; }
    // Drawn size of one of `copies` copies standing for a piece of `carried` slots whose discs add up
    // to `disc` and cover `surface`; `source` is the disc of the slot the copy copies. The copies
    // share min(pieceCoverage × surface, disc) equally: together they cover the piece, never with
    // more area than its own splats, and a copy of a big plate is not drawn bigger than a copy of a
    // dot. Never below 1 (a copy is at least its splat); 1 when every carried slot has its copy.
    float pieceScale(int carried, int copies, double disc, double surface, double source) const;
    int chunkOf(std::size_t slot) const { return m_chunk[m_in[slot]]; }
    int partOf(std::size_t slot) const { return m_part[m_in[slot]]; }
    int chunkCount() const { return int(m_chunkSize.size()); }
    int partCount() const { return int(m_partSize.size()); }
    int partSize(int part) const { return m_partSize[std::size_t(part)]; }
    int partKnocked(int part) const { return m_partKnocked[std::size_t(part)]; }
    bool chunkCracked(int c) const { return m_chunkCracked[std::size_t(c)] != 0; }
    bool chunkTorn(int c) const { return m_chunkTorn[std::size_t(c)] != 0; }
    // Torn as a whole: its slots still at depth < 1 in the stored state read as carried off (the
    // renderer's per-chunk record: packChunks); tornAt is the tear time.
    bool chunkCarried(int c) const { return m_chunkCarried[std::size_t(c)] != 0; }
    float chunkTornAt(int c) const { return m_chunkTornAt[std::size_t(c)]; }
    // Cracked, its crack line read through the chunk (the renderer's per-chunk record: packChunks);
    // crackedAt is the crack time. Pending until a heal (a chunk cracks once between full heals).
    bool chunkCrackPending(int c) const { return m_chunkCrackPending[std::size_t(c)] != 0; }
    float chunkCrackedAt(int c) const { return m_chunkCrackedAt[std::size_t(c)]; }
    // Bumped whenever a chunk's carried or crack state changes (the render sync uploads the chunk records then).
    std::uint64_t chunkStateVersion() const { return m_chunkVersion; }
    // Stored (not yet materialized) slot state, for the renderer's slot records: depth < 1 in a
    // carried chunk means "read through the chunk"; everything else is the slot's own state.
    float storedDepth(std::size_t slot) const { return m_state[m_in[slot]].depth; }
    // Static: the (at most two) other chunks whose tear ring the slot lies on (it is a neighbour of
    // one of their rim slots), for the renderer's slot records: a slot still plating and not
    // wounded in its own state reads wound and warm (kRingHeat from the earliest tear time) while
    // one of them is carried. ringChunks returns how many (0..2) and writes them to c[0], c[1].
    int ringChunks(std::size_t slot, int* c) const;
    // Static: the slot is on its chunk's rim (the crack line when the chunk cracks), for the
    // renderer's slot records: while its chunk's crack is pending, a record that says plating and
    // not cracked reads the crack through the chunk.
    bool onChunkRim(std::size_t slot) const { return (m_state[m_in[slot]].flags & kRimBit) != 0; }
    // Stored flags (SlotFlags) of a slot, without the read-through of its chunk or ring.
    std::uint8_t storedFlags(std::size_t slot) const { return std::uint8_t(m_state[m_in[slot]].flags & 0x0F); }
    Eigen::Vector3f chunkCentroid(int c) const { return m_chunkCentroid[std::size_t(c)]; }
    std::uint64_t totalSupportVisits() const { return m_visitsTotal; }

    // Changed since the last call (for the renderer's partial uploads): slot ids, pool entries.
    std::vector<std::uint32_t> takeDirtySlots();
    std::vector<std::uint32_t> takeDirtyPool();

    // Knocks one slot one layer deeper (no debris) and runs the support updates around it, as a
    // hit's knock-out does; for tests and the editor's "dig here". Returns the support visits.
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
    // Internal slot ids (the renumbered order).
    static constexpr float kTornHeat = 0.8f;  // heat of a torn chunk's crater floor at tear time
    static constexpr float kRingHeat = 0.5f;  // heat of a wound's rim (the ring around a torn chunk) when it turns ragged
    static constexpr float kCrackHeat = 0.6f; // heat of a crack line at the crack
    // Carried off by its torn chunk and not written since (reads as depth 1, wound, torn heat).
    bool carriedIn(std::uint32_t i) const { return m_state[i].depth < 1.f && m_chunkCarried[m_state[i].chunk]; }
    float depthIn(std::uint32_t i) const { return carriedIn(i) ? 1.f : m_state[i].depth; }
    // Bits of SlotState::flags beside the SlotFlags (not part of flags()). Static, kept by heal:
    // kMutualBit: every support-graph neighbour of the slot has the slot among its own neighbours;
    // kRimBit: the slot is on its chunk's rim (m_onRim ≠ 0); kRingBit: the slot is on the tear ring
    // of one or two other chunks (m_ring). kDirtyBit: in m_dirty (markDirty).
    static constexpr std::uint8_t kMutualBit = 0x80, kRimBit = 0x40, kRingBit = 0x10;
    static constexpr std::uint8_t kStaticBits = kMutualBit | kRimBit | kRingBit;
    static constexpr std::uint8_t kDirtyBit = 0x20;
    // On the crack line of its chunk (a rim slot plating at the crack: its stored depth, as every
    // write since would have materialized it) and not written since (kCracked in its own flags: the
    // crack wrote it; a slot a pierce channel cracked before the crack is written by the crack): it
    // reads as the crack used to write it (kCracked | kWound, kCrackHeat at the crack time).
    bool crackedIn(std::uint32_t i) const {
        const SlotState& st = m_state[i];
        return (st.flags & (kRimBit | kCracked)) == kRimBit && m_chunkCrackPending[st.chunk] && st.depth < 1.f;
    }
    // On the ring of a carried chunk, plating and not wounded in its own state or by a crack: it
    // reads as the tear's support update used to write it (wound, kRingHeat at the earliest such
    // tear time). Returns that tear time, or a negative number. (Not for a slot carried off itself.)
    float ringSinceIn(std::uint32_t i) const {
        const SlotState& st = m_state[i];
        if ((st.flags & (kRingBit | kWound)) != kRingBit || st.depth >= 1.f) return -1.f;
        return ringSinceSlow(i);
    }
    float ringSinceSlow(std::uint32_t i) const {
        if (crackedIn(i)) return -1.f;  // the crack wrote it wound (before or after the tear)
        const std::uint16_t r = m_ring[i];
        const auto a = std::size_t(r & 0xFF), b = std::size_t(r >> 8);
        const float ta = m_chunkCarried[a] ? m_chunkTornAt[a] : -1.f, tb = m_chunkCarried[b] ? m_chunkTornAt[b] : -1.f;
        return ta < 0.f ? tb : (tb < 0.f ? ta : std::min(ta, tb));
    }
    bool woundIn(std::uint32_t i) const {
        return (m_state[i].flags & kWound) || carriedIn(i) || crackedIn(i) || ringSinceIn(i) >= 0.f;
    }
    std::uint8_t flagsIn(std::uint32_t i) const {
        std::uint8_t f = std::uint8_t(m_state[i].flags & ~(kStaticBits | kDirtyBit));
        if (crackedIn(i)) f |= kCracked | kWound;
        return carriedIn(i) || ringSinceIn(i) >= 0.f ? std::uint8_t(f | kWound) : f;
    }
    Eigen::Vector3f layerColorIn(std::uint32_t i) const;
    Eigen::Vector3f posIn(std::uint32_t i) const {
        const float d = depthIn(i);
        return d == 0.f ? m_plating[i] : Eigen::Vector3f(m_plating[i] + m_inward[i] * (m_step[i] * d));
    }
    int levelIn(std::uint32_t i) const;
    // Writes a crack line, carried or ring slot's effective state into its own arrays (before
    // anything changes it): the crack first (it came first, and a ring read never follows it).
    void materialize(std::uint32_t i) {
        if (crackedIn(i)) materializeCrack(i);
        if (carriedIn(i)) materializeCarried(i);
        else if (const float since = ringSinceIn(i); since >= 0.f) materializeRing(i, since);
    }
    void materializeCrack(std::uint32_t i);
    void materializeCarried(std::uint32_t i);
    void materializeRing(std::uint32_t i, float since);
    void toModel(HitReport& report) const;  // internal slot ids of a report → model ids
    // Knock-out of one slot (deeper by one layer), with optional debris; queues support events.
    // support = false: the slot is inside a torn chunk (every neighbour torn with it), so it sets
    // off no support update (the chunk's rim does).
    void knock(std::uint32_t slot, HitContext& ctx, bool debris, const Eigen::Vector3f& debrisDir, float heat,
               bool support = true);
    void setDepth(std::uint32_t slot, float depth);
    void addPartKnocked(int part, int delta);  // knocked-out count of a part, fires its threshold event
    void markDirty(std::uint32_t slot);
    void refreshColor(std::uint32_t slot);
    void supportUpdate(HitContext& ctx);
    void tearChunk(int chunk, HitContext& ctx, const Eigen::Vector3f& velocity);
    void tearSlots(const std::vector<std::uint32_t>& slots, int chunk, HitContext& ctx, const Eigen::Vector3f& velocity);
    void crackChunk(int chunk, HitContext& ctx);
    void chunkAccounting(HitContext& ctx, const Eigen::Vector3f& impact, const Eigen::Vector3f& direction);
    int allocPool();
    int allocBody();
    int partNeed(int part) const;
    void freePool(std::uint32_t entry);
    float random01();
    Eigen::Vector3f randomUnit();
    void footprintSurface(const HitContext& ctx, std::uint32_t start, const Eigen::Vector3f& p, const Eigen::Vector3f& d,
                          float radius, float band, bool radial, std::size_t limit, std::vector<std::uint32_t>& out);

    SimSettings m_settings;
    WeaponProfile m_profile;
    SupportGraph m_graph;
    DamagePalette m_palette;
    Eigen::Vector3f m_centroid = Eigen::Vector3f::Zero();
    // Static, per slot (internal order): m_out[internal] = model index, m_in[model] = internal.
    std::vector<std::uint32_t> m_in, m_out;
    std::vector<Eigen::Vector3f> m_plating, m_normal, m_inward, m_color;
    std::vector<float> m_step;
    std::vector<float> m_disc, m_surface;  // drawn 3σ disc area; surface area the slot stands for
    std::vector<int> m_chunk, m_part, m_material;
    // Static, per chunk / part.
    std::vector<std::uint32_t> m_chunkOffsets, m_chunkSlots;  // CSR members
    std::vector<double> m_chunkDisc, m_chunkSurface;          // Σ m_disc, Σ m_surface over the members
    std::vector<std::uint32_t> m_rimOffsets, m_rimSlots;      // CSR members with a neighbour in another chunk
    std::vector<std::uint32_t> m_onRim;                       // [slots] 0, or 1 + its index in m_rimSlots
    // Per rim slot (m_rimSlots order, CSR): its neighbours outside its chunk, nearest first. A torn
    // chunk's rim slot starts support updates on these only (its neighbours inside the chunk are
    // the crater floor torn with it: none of them turns into a ragged rim or an island).
    std::vector<std::uint32_t> m_rimOuterOffsets, m_rimOuter;
    // The tear ring (the rim slots' neighbours outside the chunk) as static per-slot data: m_ring[i]
    // holds the (at most two) chunks whose ring slot i lies on, low byte first (the same chunk twice
    // for one), valid where kRingBit is set. A tear then writes none of its ring: the accessors,
    // packSlot and the shader read a ring slot of a carried chunk as wound and warm (ringSinceIn).
    // A slot on the rings of more than two chunks is listed, per further chunk, in m_ringExtra
    // (CSR per chunk): that chunk's tear writes it, as the support update used to.
    std::vector<std::uint16_t> m_ring;
    std::vector<std::uint32_t> m_ringExtraOffsets, m_ringExtra;
    // Per chunk, static: the rim slots some outer neighbour of which does not list them back (their
    // tear still runs the settle checks of those neighbours), CSR; the other chunks that own a slot
    // of its ring (CSR); and whether the chunk's members, alone, are strongly connected in the
    // support graph and more than islandMax (while none of them is knocked out, each reaches more
    // than islandMax plating slots: no island can hold one).
    std::vector<std::uint32_t> m_rimOneWayOffsets, m_rimOneWay;
    std::vector<std::uint32_t> m_ringChunkOffsets;
    std::vector<std::uint8_t> m_ringChunk;
    std::vector<std::uint8_t> m_chunkSolid;
    bool solidIn(std::uint32_t i) const {
        const auto c = std::size_t(m_state[i].chunk);
        return m_chunkSolid[c] && m_chunkKnocked[c] == 0;
    }
    // The neighbours a changed slot's support update looks at: all of them, or only those outside
    // its chunk while the slot is carried off by its torn chunk.
    SupportGraph::Near supportNeighbours(std::uint32_t i) const {
        if (!(m_state[i].flags & kRimBit) || !carriedIn(i)) return m_graph.near(i);
        const std::uint32_t r = m_onRim[i] - 1;
        return SupportGraph::Near({m_rimOuter.data() + m_rimOuterOffsets[r], m_rimOuter.data() + m_rimOuterOffsets[r + 1]});
    }
    std::vector<int> m_chunkSize;
    std::vector<Eigen::Vector3f> m_chunkCentroid;
    std::vector<int> m_partSize;
    // (chunk, part) pairs: CSR per chunk, the slot's pair, each pair's part and size (a torn
    // chunk's part accounting is one update per pair).
    std::vector<std::uint32_t> m_pairOffsets, m_pairOf;
    std::vector<int> m_pairPart, m_pairSize;
    // Dynamic.
    // The per-slot fields every support-update visit reads, side by side (one cache line holds four
    // slots: a neighbourhood in the renumbered order is a few lines, not one per field and array).
    struct SlotState {
        float depth = 0;           // onion depth as stored (a carried slot reads through its chunk)
        std::uint16_t mark = 0;    // footprint, settle-check and island-fill marks (newMark)
        std::uint8_t flags = 0;    // SlotFlag
        std::uint8_t chunk = 0;    // = m_chunk (SPL2 has at most 256 chunks)
    };
    static_assert(sizeof(SlotState) == 8);
    std::vector<SlotState> m_state;
    // Heat at its last change and when that was, side by side (a write is one cache line).
    struct Heat {
        float start = 0, time = 0;
    };
    std::vector<Heat> m_heat;
    Heat heatIn(std::uint32_t i) const {
        if (carriedIn(i)) return {kTornHeat, m_chunkTornAt[m_state[i].chunk]};
        if (crackedIn(i)) return {kCrackHeat, m_chunkCrackedAt[m_state[i].chunk]};
        if (const float since = ringSinceIn(i); since >= 0.f) return {kRingHeat, since};
        return m_heat[i];
    }
    std::vector<Eigen::Vector3f> m_layerColor;
    std::vector<int> m_chunkKnocked, m_chunkShallow;  // plating knocked out; slots with level < 3
    std::vector<std::uint8_t> m_chunkCracked, m_chunkTorn, m_chunkDark;
    std::vector<std::uint8_t> m_chunkCarried;  // torn as a whole, its carried slots read through it
    std::vector<float> m_chunkTornAt;
    // Cracked, its crack line read through it (crackedIn), and when.
    std::vector<std::uint8_t> m_chunkCrackPending;
    std::vector<float> m_chunkCrackedAt;
    std::vector<int> m_pairKnocked;                    // slots with depth ≥ 1 per (chunk, part) pair
    std::vector<Eigen::Vector3d> m_chunkPlatingSum;   // plating positions of the slots with depth < 1
    std::uint64_t m_chunkVersion = 0;
    std::vector<int> m_crackOrder;  // cracked, not yet torn, in crack order
    std::vector<int> m_partKnocked;
    std::vector<std::uint8_t> m_partFired;
    std::vector<PoolEntry> m_pool;
    std::vector<std::uint32_t> m_poolFree;  // LIFO
    std::uint32_t m_poolHigh = 0;
    int m_debrisAlive = 0;
    std::vector<Body> m_bodies;
    std::vector<Event> m_events;
    // A mark value no slot carries yet (SlotState::mark). The footprint search, each support
    // pass's settle checks and island fills each take fresh ones; one mark is 16 bits so that a
    // slot's state is 8 bytes (eight slots a cache line). When the values run out, every mark is
    // cleared (once per 65,535 marks, hundreds of hits), except `keep`'s, which is renumbered.
    std::uint16_t newMark(std::uint16_t* keep = nullptr);
    std::uint16_t m_markNow = 0;
    std::vector<std::uint8_t> m_poolDirtyFlag;
    std::vector<std::uint32_t> m_dirty, m_poolDirty;
    std::uint64_t m_rng = 0;
    std::uint64_t m_visitsTotal = 0;
    float m_time = 0;
    int m_hits = 0;
};

}  // namespace sw::destruct
