// Torn pieces and debris: tearing chunks and islands off as rigid bodies drawn with a few copies
// of their splats, and the bodies' and debris' flight.
#include <algorithm>
#include <cmath>
#include <string>

#include "core/destruct/detail/hit_context.h"

namespace sw::destruct {

using detail::kRingHeat;
using detail::kTornEntry;

float Simulation::pieceScale(int carried, int copies, double disc, double surface, double source) const {
    if (copies <= 0 || carried <= copies || source <= 0) return 1.f;
    const double perCopy = std::min(double(m_settings.pieceCoverage) * surface, disc) / double(copies);
    return float(std::max(1.0, std::sqrt(perCopy / source)));
}

int Simulation::newBody(int chunk, const Eigen::Vector3f& velocity) {
    const int bi = m_pieces.allocBody();
    Body& b = m_pieces.bodies[std::size_t(bi)];
    b = Body{};
    b.chunk = chunk;
    b.birth = m_time;
    b.velocity = velocity;
    b.spin = randomUnit() * (m_profile.chunkSpin * (0.5f + 0.5f * random01()));
    return bi;
}

bool Simulation::addCopy(int body, std::uint32_t s, PoolKind kind, float scale, HitContext& ctx) {
    const int e = m_pieces.alloc();
    if (e < 0) {
        ctx.report.poolFull = true;
        return false;
    }
    PoolEntry& p = m_pieces.entries[std::size_t(e)];
    p.source = m_tables.out[s];
    p.kind = kind;
    p.body = body;
    p.birth = m_time;
    p.scale = scale;
    p.color = kind == PoolKind::ChunkPlating ? m_damage.layerColor[s] : undersideColor(m_tables.material[s], m_tables.palette);
    m_pieces.bodies[std::size_t(body)].pool.push_back(std::uint32_t(e));
    return true;
}

void Simulation::tearSlots(const std::vector<std::uint32_t>& slots, int chunk, HitContext& ctx,
                           const Eigen::Vector3f& velocity) {
    const int bi = newBody(chunk, velocity);
    Eigen::Vector3f sum = Eigen::Vector3f::Zero();
    int carried = 0;
    double disc = 0, surface = 0;
    for (std::uint32_t s : slots)
        if (m_damage.depth(s) < 1.f) sum += m_tables.plating[s], ++carried, disc += double(m_tables.disc[s]), surface += double(m_tables.surface[s]);
    m_pieces.bodies[std::size_t(bi)].pivot = carried ? Eigen::Vector3f(sum / float(carried)) : m_tables.plating[slots.front()];
    // The copies the piece is drawn with: every k-th carried slot (k = carried / copies, evenly over
    // the member order), each copy larger so that together they cover the piece (pieceScale).
    const int copies[2] = {std::min(carried, m_settings.chunkCopies), std::min(carried, std::max(1, m_settings.chunkCopies / 2))};
    const PoolKind kinds[2] = {PoolKind::ChunkPlating, PoolKind::ChunkUnderside};
    int index = 0;
    int next[2] = {0, 0};  // next carried index that gets a copy, per kind
    int made[2] = {0, 0};
    for (std::uint32_t s : slots) {
        if (m_damage.depth(s) >= 1.f) continue;  // already dug: nothing of it is left to carry
        for (int k = 0; k < 2; ++k) {
            if (index != next[k] || made[k] >= copies[k]) continue;
            ++made[k];
            next[k] = int((std::int64_t(made[k]) * carried) / copies[k]);
            addCopy(bi, s, kinds[k], pieceScale(carried, copies[k], disc, surface, double(m_tables.disc[s])), ctx);
        }
        ++index;
        // Inside a torn chunk (all neighbours in it) a slot sets off no support work: its rim does.
        knock(s, ctx, false, Eigen::Vector3f::Zero(), 0.8f, chunk < 0 || m_tables.onRim[s] != 0);
    }
}

void Simulation::placeChunkCopies(int c, int body, int plating, HitContext& ctx) {
    // The copies the piece is drawn with: evenly over the member order (Morton order, so spread over
    // the piece), the first carried slot at or after each mark within a few probes; each copy
    // larger so that together they cover the piece (pieceScale).
    const auto cc = std::size_t(c);
    const std::uint32_t first = m_tables.chunkOffsets[cc], members = std::uint32_t(m_tables.chunkSize[cc]);
    constexpr std::uint32_t kProbes = 8;
    const int wanted[2] = {std::min(plating, m_settings.chunkCopies), std::min(plating, std::max(1, m_settings.chunkCopies / 2))};
    const PoolKind kinds[2] = {PoolKind::ChunkPlating, PoolKind::ChunkUnderside};
    // The carried slots' discs and surface: the chunk's, in proportion (no walk over the members).
    const double share = double(plating) / double(m_tables.chunkSize[cc]);
    const double disc = m_tables.chunkDisc[cc] * share, surface = m_tables.chunkSurface[cc] * share;
    std::vector<std::uint32_t> sources;
    for (int k = 0; k < 2; ++k) {
        sources.clear();
        for (int j = 0; j < wanted[k]; ++j) {
            const std::uint32_t from = std::uint32_t((std::uint64_t(j) * members) / std::uint32_t(wanted[k]));
            const std::uint32_t to = std::min(std::uint32_t((std::uint64_t(j + 1) * members) / std::uint32_t(wanted[k])), from + kProbes);
            for (std::uint32_t m = from; m < to; ++m) {
                ++ctx.report.tearProbes;
                const std::uint32_t s = m_tables.chunkSlots[first + m];
                if (m_damage.state[s].depth < 1.f) {
                    sources.push_back(s);
                    break;
                }
            }
        }
        for (std::uint32_t s : sources)
            if (!addCopy(body, s, kinds[k], pieceScale(plating, int(sources.size()), disc, surface, double(m_tables.disc[s])), ctx)) break;
    }
}

void Simulation::tearChunk(int c, HitContext& ctx, const Eigen::Vector3f& velocity) {
    const auto cc = std::size_t(c);
    if (m_damage.chunkTorn[cc] || ctx.budget <= 0 || m_tables.chunkSize[cc] == 0) return;
    if (float(m_tables.chunkSize[cc]) > 0.25f * float(size())) return;  // no chunk tail: the whole model is one chunk
    m_damage.chunkTorn[cc] = 1;
    --ctx.budget;
    m_damage.crackOrder.erase(std::remove(m_damage.crackOrder.begin(), m_damage.crackOrder.end(), c), m_damage.crackOrder.end());
    ctx.report.torn.push_back(c);
    const int plating = m_tables.chunkSize[cc] - m_damage.chunkKnocked[cc];  // the carried slots (depth < 1)
    const int bi = newBody(c, velocity);
    m_pieces.bodies[std::size_t(bi)].pivot = plating > 0 ? Eigen::Vector3f((m_damage.chunkPlatingSum[cc] / double(plating)).cast<float>())
                                                         : m_tables.plating[m_tables.chunkSlots[m_tables.chunkOffsets[cc]]];
    placeChunkCopies(c, bi, plating, ctx);
    // Every carried slot one layer deeper at once (the chunk's carried state), its accounting per
    // (chunk, part) pair; the rim starts the support updates (inside, every neighbour went too).
    m_damage.chunkKnocked[cc] = m_tables.chunkSize[cc];
    for (std::uint32_t q = m_tables.pairOffsets[cc]; q < m_tables.pairOffsets[cc + 1]; ++q) {
        const int delta = m_tables.pairSize[q] - m_damage.pairKnocked[q];
        m_damage.pairKnocked[q] = m_tables.pairSize[q];
        if (delta > 0) addPartKnocked(m_tables.pairPart[q], delta);
    }
    m_damage.chunkPlatingSum[cc] = Eigen::Vector3d::Zero();
    m_damage.chunkCarried[cc] = 1;
    m_damage.chunkTornAt[cc] = m_time;
    ++m_damage.chunkVersion;
    ctx.report.carried += plating;
    // The rim's support events as one entry (supportUpdate). The ring around the chunk turns wound
    // and warm through the chunk's carried state (DamageState::ringSince), except the few ring
    // slots whose two ring chunks are others: written here, as the support update would.
    ctx.changed.push_back(kTornEntry | std::uint32_t(c));
    for (std::uint32_t k = m_tables.ringExtraOffsets[cc]; k < m_tables.ringExtraOffsets[cc + 1]; ++k) {
        const std::uint32_t u = m_tables.ringExtra[k];
        if (m_damage.depth(u) >= 1.f || m_damage.wound(u)) continue;
        m_damage.state[u].flags |= kWound;
        m_damage.heat[u].start = kRingHeat;
        m_damage.heat[u].time = m_time;
        m_damage.markDirty(u);
    }
    m_events.push_back({EventType::ChunkTorn, m_hits, c, plating,
                        "chunk " + std::to_string(c) + " torn off (" + std::to_string(plating) + " plating splats)"});
}

Eigen::Vector3f Simulation::poolPosition(std::size_t e) const {
    const PoolEntry& p = m_pieces.entries[e];
    switch (p.kind) {
    case PoolKind::Free: return Eigen::Vector3f::Zero();
    case PoolKind::Debris: {
        const float age = m_time - p.birth;
        return p.start + p.velocity * age + Eigen::Vector3f(0.f, 0.f, -0.5f * m_settings.gravity * age * age);
    }
    default: {
        const Body& b = m_pieces.bodies[std::size_t(p.body)];
        const std::uint32_t i = m_tables.in[p.source];
        Eigen::Vector3f local = m_tables.plating[i];
        if (p.kind == PoolKind::ChunkUnderside) local += m_tables.inward[i] * (m_tables.step[i] * m_settings.undersideOffset);
        return b.pivot + b.rotation * (local - b.pivot) + b.translation;
    }
    }
}

bool Simulation::poolVisible(std::size_t e) const { return m_pieces.entries[e].kind != PoolKind::Free; }

void Simulation::step(float dt) {
    if (!(dt > 0.f)) return;
    m_time += dt;
    const Eigen::Vector3f g(0.f, 0.f, -m_settings.gravity);
    for (Body& b : m_pieces.bodies) {
        if (!b.alive) continue;
        b.velocity += g * dt;
        b.translation += b.velocity * dt;
        const float w = b.spin.norm();
        if (w > 0.f) b.rotation = (Eigen::Quaternionf(Eigen::AngleAxisf(w * dt, b.spin / w)) * b.rotation).normalized();
        if (m_time - b.birth > m_settings.bodyLifetime || (b.pivot + b.translation).z() < m_settings.floorZ) {
            b.alive = false;
            for (std::uint32_t e : b.pool) m_pieces.release(e);
            b.pool.clear();
        }
    }
    for (std::uint32_t e = 0; e < m_pieces.high; ++e) {
        const PoolEntry& p = m_pieces.entries[e];
        if (p.kind != PoolKind::Debris) continue;
        if (m_time - p.birth > m_settings.debrisLifetime || poolPosition(e).z() < m_settings.floorZ) m_pieces.release(e);
    }
    while (m_pieces.high > 0 && m_pieces.entries[m_pieces.high - 1].kind == PoolKind::Free) --m_pieces.high;
}

}  // namespace sw::destruct
