// The simulation's state: creation, heal, the writes every change goes through (depth, colour,
// part accounting, read-through materialization), queries, stats and the serialized state.
#include "core/destruct/simulation.h"

#include <algorithm>
#include <cmath>
#include <limits>
#include <utility>

namespace sw::destruct {

using detail::Heat;
using detail::kCrackHeat;
using detail::kDirtyBit;
using detail::kRingHeat;
using detail::kStaticBits;
using detail::kTornHeat;
using detail::SlotState;

Result<Simulation> Simulation::create(const formats::Spl2Model& model, const SimSettings& settings,
                                      const std::string& what) {
    if (model.core.size() == 0) return makeError(ErrorCode::InvalidInput, "the model has no core splats to destroy", what);
    SW_TRY(formats::validateSpl2(model, what));
    SW_TRY(validateSimSettings(settings));
    auto tables = detail::buildSlotTables(model, settings, what);
    if (!tables) return tables.error();
    Simulation sim;
    sim.m_settings = settings;
    sim.m_tables = std::move(*tables);
    sim.m_damage.ring = std::move(sim.m_tables.ring);
    sim.heal(1.f);  // the pristine dynamic state
    return sim;
}

void Simulation::heal(float amount) {
    const std::size_t n = size();
    const bool first = m_damage.heat.size() != n;
    if (amount >= 1.f || first) {
        m_damage.reset(m_tables);
        m_pieces.reset(m_settings.poolCapacity);
        m_markNow = 0;
        if (first) {
            m_rng = 0x9E3779B97F4A7C15ull ^ (std::uint64_t(m_settings.seed) * 0xD1B54A32D192ED03ull);
            m_time = 0.f;
            m_hits = 0;
        } else {
            for (std::uint32_t i = 0; i < n; ++i) m_damage.markDirty(i);
            m_pieces.markAllDirty();
            m_eventsBeforeHeal = m_events.size();  // the islands torn so far are healed too
        }
        return;
    }
    if (amount <= 0.f) return;
    materializeAll();
    for (std::uint32_t i = 0; i < n; ++i) {
        if (m_damage.state[i].depth == 0.f) continue;
        const int before = m_damage.level(i);
        float d = m_damage.state[i].depth * (1.f - amount);
        if (d < 1e-4f) d = 0.f;
        setDepth(i, d);
        if (m_damage.level(i) != before) refreshColor(i);
        if (d == 0.f)
            m_damage.state[i].flags &= kStaticBits | kDirtyBit, m_damage.heat[i].start = 0.f, m_damage.layerColor[i] = m_tables.color[i];
        m_damage.markDirty(i);
    }
}

Eigen::Vector3f Simulation::layerColorIn(std::uint32_t i) const {
    if (!m_damage.carried(i)) return m_damage.layerColor[i];
    return layerColor(1, m_tables.color[i], m_tables.material[i], m_tables.plating[i], m_tables.out[i], m_tables.palette,
                      (m_damage.state[i].flags & kDark) != 0);
}

void Simulation::materializeCrack(std::uint32_t i) {
    // What cracking the chunk wrote on each slot of its line.
    m_damage.state[i].flags |= kCracked | kWound;
    m_damage.heat[i].start = kCrackHeat;
    m_damage.heat[i].time = m_damage.chunkCrackedAt[m_damage.state[i].chunk];
    m_damage.markDirty(i);
}

void Simulation::materializeCarried(std::uint32_t i) {
    // What knocking the slot at tear time wrote (tearChunk did the accounting for the whole chunk).
    m_damage.heat[i].start = kTornHeat;
    m_damage.heat[i].time = m_damage.chunkTornAt[m_damage.state[i].chunk];
    m_damage.state[i].flags |= kWound;
    m_damage.layerColor[i] = layerColorIn(i);
    m_damage.state[i].depth = 1.f;
    m_damage.markDirty(i);
}

void Simulation::materializeRing(std::uint32_t i, float since) {
    // What the tear's support update wrote on the ring before it was read through the chunk.
    m_damage.state[i].flags |= kWound;
    m_damage.heat[i].start = kRingHeat;
    m_damage.heat[i].time = since;
    m_damage.markDirty(i);
}

void Simulation::materializeAll() {
    bool any = false;
    for (std::size_t c = 0; c < m_damage.chunkCarried.size(); ++c) any = any || m_damage.chunkCarried[c] || m_damage.chunkCrackPending[c];
    if (!any) return;
    // Every slot (a ring reaches into the chunks around a carried one); then no chunk is carried
    // and no crack pending.
    for (std::uint32_t i = 0; i < m_damage.state.size(); ++i) materialize(i);
    for (std::size_t c = 0; c < m_damage.chunkCarried.size(); ++c) {
        if (!m_damage.chunkCarried[c] && !m_damage.chunkCrackPending[c]) continue;
        m_damage.chunkCarried[c] = 0;
        m_damage.chunkCrackPending[c] = 0;
        ++m_damage.chunkVersion;
    }
}

std::vector<Eigen::Vector3f> Simulation::positions() const {
    std::vector<Eigen::Vector3f> out(size());
    for (std::uint32_t k = 0; k < out.size(); ++k) out[m_tables.out[k]] = posIn(k);
    return out;
}

std::vector<std::uint32_t> Simulation::neighbours(std::size_t slot) const {
    std::vector<std::uint32_t> out;
    for (std::uint32_t u : m_tables.graph.neighbours(m_tables.in[slot])) out.push_back(m_tables.out[u]);
    return out;
}

Eigen::Vector3f Simulation::displayColor(std::size_t slot) const {
    const Eigen::Vector3f base = layerColorOf(slot);
    const float h = heatAt(heat0(slot), m_profile.cooling, m_time - heatTime(slot));
    return base + (blackBody(h) - base) * std::min(1.f, 2.f * h);
}

void Simulation::setDepth(std::uint32_t i, float d) {
    materialize(i);
    const float before = m_damage.state[i].depth;
    const bool wasPlating = before < 1.f, isPlating = d < 1.f;
    const bool wasShallow = m_damage.level(i) < 3;
    m_damage.state[i].depth = std::min(d, float(kMaxLayers));
    const bool isShallow = m_damage.level(i) < 3;
    // The chunk from the slot state, the part from the (chunk, part) pair: no reads of the chunk and part tables.
    const auto c = std::size_t(m_damage.state[i].chunk);
    if (wasPlating != isPlating) {
        const int delta = isPlating ? -1 : 1;
        const std::uint32_t pair = m_tables.pairOf[i];
        m_damage.chunkKnocked[c] += delta;
        m_damage.pairKnocked[pair] += delta;
        m_damage.chunkPlatingSum[c] -= double(delta) * m_tables.plating[i].cast<double>();
        addPartKnocked(m_tables.pairPart[pair], delta);
    }
    if (wasShallow != isShallow) m_damage.chunkShallow[c] += isShallow ? 1 : -1;
    m_damage.markDirty(i);
}

void Simulation::addPartKnocked(int part, int delta) {
    const auto p = std::size_t(part);
    const int before = m_damage.partKnocked[p];
    m_damage.partKnocked[p] += delta;
    const int need = partNeed(part);
    if (delta > 0 && !m_damage.partFired[p] && m_damage.partKnocked[p] >= need) {
        // Fires at the count that reached the threshold (one by one, or inside a torn chunk).
        m_damage.partFired[p] = 1;
        const int count = std::max(before + 1, need);
        const int pct = int(std::lround(100.0 * count / std::max(1, m_tables.partSize[p])));
        m_events.push_back({EventType::PartThreshold, m_hits, part, count,
                            "part " + std::to_string(p) + " silenced: " + std::to_string(count) + " of " +
                                std::to_string(m_tables.partSize[p]) + " splats knocked out (" + std::to_string(pct) + " %)"});
    }
}

int Simulation::partNeed(int part) const {
    return std::max(1, int(std::ceil(m_settings.partThreshold * float(m_tables.partSize[std::size_t(part)]) - 1e-4f)));
}

std::uint16_t Simulation::newMark(std::uint16_t* keep) {
    if (m_markNow == std::numeric_limits<std::uint16_t>::max()) {
        for (SlotState& st : m_damage.state) st.mark = keep && st.mark == *keep ? 1 : 0;
        m_markNow = keep ? 1 : 0;
        if (keep) *keep = 1;
    }
    return ++m_markNow;
}

void Simulation::refreshColor(std::uint32_t i) {
    materialize(i);
    const int l = m_damage.level(i);
    m_damage.layerColor[i] = l == 0 ? m_tables.color[i]
                                    : layerColor(l, m_tables.color[i], m_tables.material[i], m_tables.plating[i], m_tables.out[i],
                                                 m_tables.palette, (m_damage.state[i].flags & kDark) != 0);
    m_damage.markDirty(i);
}

std::vector<std::uint32_t> Simulation::takeDirtySlots() {
    std::vector<std::uint32_t> out;
    out.swap(m_damage.dirty);
    for (std::uint32_t& i : out) m_damage.state[i].flags &= std::uint8_t(~kDirtyBit), i = m_tables.out[i];
    std::sort(out.begin(), out.end());
    return out;
}

float Simulation::random01() {
    // SplitMix64 (Steele, Lea & Flood 2014): 24 bits → exact float in [0, 1).
    std::uint64_t z = (m_rng += 0x9E3779B97F4A7C15ull);
    z = (z ^ (z >> 30)) * 0xBF58476D1CE4E5B9ull;
    z = (z ^ (z >> 27)) * 0x94D049BB133111EBull;
    z ^= z >> 31;
    return float(z >> 40) / 16777216.f;
}

Eigen::Vector3f Simulation::randomUnit() {
    const float z = 2.f * random01() - 1.f, a = 6.2831853f * random01();
    const float r = std::sqrt(std::max(0.f, 1.f - z * z));
    return {r * std::cos(a), r * std::sin(a), z};
}

SimStats Simulation::stats() const {
    SimStats s;
    s.hits = m_hits;
    for (std::size_t i = 0; i < size(); ++i) {
        if (m_damage.depth(std::uint32_t(i)) > 0.f) ++s.damaged;
        ++s.perLayer[std::size_t(m_damage.level(std::uint32_t(i)))];
    }
    for (std::size_t c = 0; c < m_tables.chunkSize.size(); ++c) {
        s.chunksCracked += m_damage.chunkCracked[c] ? 1 : 0;
        s.chunksTorn += m_damage.chunkTorn[c] ? 1 : 0;
    }
    for (std::size_t k = m_eventsBeforeHeal; k < m_events.size(); ++k)
        s.islandsTorn += m_events[k].type == EventType::IslandTorn ? 1 : 0;
    for (const Body& b : m_pieces.bodies) s.bodiesAlive += b.alive ? 1 : 0;
    for (std::uint32_t e = 0; e < m_pieces.high; ++e) {
        s.debrisAlive += m_pieces.entries[e].kind == PoolKind::Debris ? 1 : 0;
        s.poolUsed += m_pieces.entries[e].kind != PoolKind::Free ? 1 : 0;
    }
    for (std::size_t p = 0; p < m_tables.partSize.size(); ++p)
        s.partHealth.push_back(m_tables.partSize[p] ? 1.f - float(m_damage.partKnocked[p]) / float(m_tables.partSize[p]) : 1.f);
    return s;
}

namespace {
template <class T>
void put(std::vector<std::uint8_t>& out, const T& v) {
    const auto* b = reinterpret_cast<const std::uint8_t*>(&v);
    out.insert(out.end(), b, b + sizeof(T));
}
template <class T>
void putAll(std::vector<std::uint8_t>& out, const std::vector<T>& v) {
    put(out, v.size());
    for (const T& x : v) put(out, x);
}
}  // namespace

std::vector<std::uint8_t> Simulation::serializeState() const {
    // The slots as the accessors read them (a carried or ring slot reads the same whether or not it
    // has been materialized yet), internal order.
    std::vector<std::uint8_t> out;
    const std::size_t n = m_tables.plating.size();
    put(out, n);
    for (std::uint32_t i = 0; i < n; ++i) {
        const Heat h = m_damage.heatOf(i);
        put(out, m_damage.depth(i)), put(out, h.start);
        put(out, h.time), put(out, m_damage.flags(i));
        const Eigen::Vector3f c = layerColorIn(i);
        put(out, c.x()), put(out, c.y()), put(out, c.z());
    }
    putAll(out, m_damage.chunkKnocked);
    putAll(out, m_damage.chunkShallow);
    putAll(out, m_damage.chunkCracked);
    putAll(out, m_damage.chunkTorn);
    putAll(out, m_damage.crackOrder);
    putAll(out, m_damage.partKnocked);
    for (const PoolEntry& p : m_pieces.entries) {
        put(out, p.source), put(out, p.kind), put(out, p.body), put(out, p.birth), put(out, p.heat0), put(out, p.scale);
        for (const auto* v : {&p.start, &p.velocity, &p.color}) put(out, v->x()), put(out, v->y()), put(out, v->z());
    }
    putAll(out, m_pieces.freeList);
    for (const Body& b : m_pieces.bodies) {
        put(out, b.chunk), put(out, b.birth), put(out, b.alive);
        for (const auto* v : {&b.pivot, &b.translation, &b.velocity, &b.spin}) put(out, v->x()), put(out, v->y()), put(out, v->z());
        put(out, b.rotation.w()), put(out, b.rotation.x()), put(out, b.rotation.y()), put(out, b.rotation.z());
        putAll(out, b.pool);
    }
    for (const Event& e : m_events) put(out, int(e.type)), put(out, e.hit), put(out, e.id), put(out, e.count);
    put(out, m_rng);
    put(out, m_time);
    put(out, m_hits);
    put(out, m_pieces.debrisAlive);
    return out;
}
}  // namespace sw::destruct
