// Simulation::hit and what it sets off: footprints per hit kind, knock-outs, chunk cracking (the
// support updates: sim_support.cpp; tearing: sim_pieces.cpp).
#include <algorithm>
#include <cmath>
#include <queue>
#include <string>

#include "core/destruct/detail/hit_context.h"

namespace sw::destruct {

HitReport Simulation::hit(float damage, const Eigen::Vector3f& origin, const Eigen::Vector3f& direction, HitKind kind) {
    return hit(Hit{damage, origin, direction, kind});
}

HitReport Simulation::fire(const Eigen::Vector3f& origin, const Eigen::Vector3f& direction) {
    return hit(Hit{m_profile.damage, origin, direction, m_profile.kind});
}

HitReport Simulation::hit(const Hit& h) {
    HitContext ctx;
    ctx.report.index = ++m_hits;
    const float len = h.direction.norm();
    if (!(len > 1e-6f) || !h.origin.allFinite() || !std::isfinite(h.damage)) return ctx.report;
    const Eigen::Vector3f d = h.direction / len;
    const auto ray = m_tables.graph.raycast(h.origin, d, m_tables.graph.radius() * 0.75f);
    ctx.report.cellsVisited += m_tables.graph.lastCellsVisited();
    if (!ray) return ctx.report;
    const std::uint32_t s0 = ray->slot;
    const Eigen::Vector3f p = m_tables.plating[s0];
    ctx.report.missed = false;
    ctx.report.impactSlot = s0;
    ctx.report.impact = p;
    ctx.impact = p;
    ctx.direction = d;
    ctx.kind = h.kind;
    ctx.budget = m_profile.chunkBudget;
    const std::size_t damage = std::size_t(std::max(0.f, std::round(h.damage)));
    if (m_profile.cascade && h.kind != HitKind::Melee) cascade(ctx, p, d);
    switch (h.kind) {
    case HitKind::Shot:
    case HitKind::Blast:
    case HitKind::Epicenter: hitSurface(ctx, damage); break;
    case HitKind::Melee: hitMelee(ctx, damage); break;
    case HitKind::Pierce: hitPierce(ctx, h.origin, damage, ray->t); break;
    }
    supportUpdate(ctx);
    toModel(ctx.report);
    return ctx.report;
}

void Simulation::cascade(HitContext& ctx, const Eigen::Vector3f& p, const Eigen::Vector3f& d) {
    // Cannon cascade: chunks cracked before tear off first, in the order they cracked.
    const std::vector<int> order = m_damage.crackOrder;
    for (int c : order)
        if (ctx.budget > 0 && (m_tables.chunkCentroid[std::size_t(c)] - p).norm() <= m_profile.cascadeRadius) {
            const Eigen::Vector3f out = (m_tables.chunkCentroid[std::size_t(c)] - m_tables.centroid).normalized();
            tearChunk(c, ctx, (out - d * 0.3f + Eigen::Vector3f(0, 0, 0.3f)).normalized() * m_profile.chunkSpeed);
        }
}

void Simulation::hitSurface(HitContext& ctx, std::size_t damage) {
    // Shot and blast: a crater across the ray (a blast twice as wide, radial); epicentre: radial,
    // debris thrown up and away from the impact. Then chunks crack or tear.
    const WeaponProfile& w = m_profile;
    const Eigen::Vector3f p = ctx.impact, d = ctx.direction;
    const bool blast = ctx.kind == HitKind::Blast, epicenter = ctx.kind == HitKind::Epicenter;
    std::vector<std::uint32_t> foot;
    if (epicenter)
        footprintSurface(ctx.report.impactSlot, p, d, w.radius, w.band, true, damage, foot);
    else
        footprintSurface(ctx.report.impactSlot, p, d, w.radius * (blast ? 2.f : 1.f), w.band * (blast ? 2.f : 1.f), blast, damage, foot);
    for (std::uint32_t s : foot) {
        const bool debris = random01() < w.debrisShare;
        if (epicenter) {
            const Eigen::Vector3f away = (m_tables.plating[s] - p).normalized() + Eigen::Vector3f::UnitZ();
            knock(s, ctx, debris, away.normalized(), 1.f);
        } else {
            knock(s, ctx, debris, (-d + m_tables.normal[s]).normalized(), 1.f);
        }
    }
    chunkAccounting(ctx, p, d);
}

void Simulation::hitMelee(HitContext& ctx, std::size_t damage) {
    // A dent across the ray, deepest at the centre, never through the plating.
    const WeaponProfile& w = m_profile;
    const Eigen::Vector3f p = ctx.impact, d = ctx.direction;
    std::vector<std::uint32_t> foot;
    footprintSurface(ctx.report.impactSlot, p, d, w.radius, w.band, false, damage, foot);
    for (std::uint32_t s : foot) {
        const Eigen::Vector3f v = m_tables.plating[s] - p;
        const float r = (v - v.dot(d) * d).norm() / w.radius;
        const float dent = 0.9f * (1.f - r);
        if (dent <= m_damage.depth(s) || m_damage.depth(s) >= 1.f) continue;
        setDepth(s, std::min(dent, 0.95f));
        m_damage.state[s].flags |= kWound;
        ctx.report.knocked.push_back(s);
        ctx.changed.push_back(s);
    }
}

void Simulation::hitPierce(HitContext& ctx, const Eigen::Vector3f& origin, std::size_t damage, float rayT) {
    const WeaponProfile& w = m_profile;
    const std::uint32_t s0 = ctx.report.impactSlot;
    const Eigen::Vector3f p = ctx.impact, d = ctx.direction;
    // Spall at the entry.
    std::vector<std::uint32_t> foot;
    footprintSurface(s0, p, d, w.spallRadius, w.band, false, damage, foot);
    for (std::uint32_t s : foot) knock(s, ctx, random01() < w.debrisShare, (-d + m_tables.normal[s]).normalized(), 1.f);
    // Crack channel along the bolt, and the exit on the far side.
    const auto line = m_tables.graph.alongLine(origin, d, std::min(w.channelRadius, m_tables.graph.radius()));
    ctx.report.cellsVisited += m_tables.graph.lastCellsVisited();
    std::uint32_t exitSlot = s0;
    if (!line.empty() && line.back().t > rayT) exitSlot = line.back().slot;
    for (const auto& l : line) {
        const std::uint32_t s = l.slot;
        if (m_damage.flags(s) & kCracked) continue;
        materialize(s);
        m_damage.state[s].flags |= kCracked | kWound;
        m_damage.heat[s].start = std::max(m_damage.heat[s].start * std::exp(-w.cooling * (m_time - m_damage.heat[s].time)), 0.7f);
        m_damage.heat[s].time = m_time;
        m_damage.markDirty(s);
        ++ctx.report.channel;
    }
    ctx.report.exitSlot = exitSlot;
    ctx.report.exit = m_tables.plating[exitSlot];
    const int ce = m_damage.state[exitSlot].chunk;
    const auto cce = std::size_t(ce);
    if (!m_damage.chunkTorn[cce] && float(m_tables.chunkSize[cce]) <= 0.25f * float(size())) {
        tearChunk(ce, ctx, d * w.chunkSpeed);
    } else if (ctx.budget > 0) {  // no tearable chunk there: tear a disc of the exit side
        std::vector<std::uint32_t> disc;
        footprintSurface(exitSlot, m_tables.plating[exitSlot], -d, w.spallRadius * 1.5f, w.band, false, 100, disc);
        disc.erase(std::remove_if(disc.begin(), disc.end(), [&](std::uint32_t s) { return m_damage.depth(s) >= 1.f; }), disc.end());
        if (!disc.empty()) {
            --ctx.budget;
            tearSlots(disc, -1, ctx, d * w.chunkSpeed);
        }
    }
}

void Simulation::knock(std::uint32_t s, HitContext& ctx, bool debris, const Eigen::Vector3f& debrisDir, float heat,
                       bool support) {
    if (debris && m_pieces.debrisAlive < m_settings.debrisMax) {
        const int e = m_pieces.alloc();
        if (e < 0) {
            ctx.report.poolFull = true;
        } else {
            PoolEntry& p = m_pieces.entries[std::size_t(e)];
            p.source = m_tables.out[s];
            p.kind = PoolKind::Debris;
            p.birth = m_time;
            p.start = posIn(s);
            const Eigen::Vector3f v = (debrisDir + randomUnit() * 0.6f).normalized();
            p.velocity = v * (m_profile.debrisSpeed * (0.5f + random01()));
            p.heat0 = 1.f;
            ++m_pieces.debrisAlive;
            ++ctx.report.debris;
        }
    }
    materialize(s);
    setDepth(s, std::min(float(kMaxLayers), std::floor(m_damage.state[s].depth) + 1.f));
    m_damage.state[s].flags |= kWound;
    m_damage.heat[s].start = heat;
    m_damage.heat[s].time = m_time;
    refreshColor(s);
    ctx.report.knocked.push_back(s);
    if (support) ctx.changed.push_back(s);
}

std::uint64_t Simulation::knockOut(std::uint32_t modelSlot) {
    const std::uint32_t slot = m_tables.in[modelSlot];
    HitContext ctx;
    ctx.impact = m_tables.plating[slot];
    knock(slot, ctx, false, Eigen::Vector3f::Zero(), 0.f);
    supportUpdate(ctx);
    return ctx.report.supportVisits;
}

void Simulation::footprintSurface(std::uint32_t start, const Eigen::Vector3f& p, const Eigen::Vector3f& d, float radius,
                                  float band, bool radial, std::size_t limit, std::vector<std::uint32_t>& out) {
    const auto priority = [&](std::uint32_t j) {
        const Eigen::Vector3f v = m_tables.plating[j] - p;
        return radial ? v.norm() : (v - v.dot(d) * d).norm();
    };
    const auto accept = [&](std::uint32_t j) {
        if (priority(j) > radius) return false;
        return radial || (m_tables.plating[j] - p).dot(-d) >= -band;
    };
    using Item = std::pair<float, std::uint32_t>;
    std::priority_queue<Item, std::vector<Item>, std::greater<Item>> open;
    const std::uint16_t seen = newMark();
    open.push({priority(start), start});
    m_damage.state[start].mark = seen;
    while (!open.empty() && out.size() < limit) {
        const std::uint32_t j = open.top().second;
        open.pop();
        if (m_damage.depth(j) < float(kMaxLayers)) out.push_back(j);  // fully dug slots let the crater widen
        for (std::uint32_t u : m_tables.graph.near(j)) {
            if (m_damage.state[u].mark == seen || !accept(u)) continue;
            m_damage.state[u].mark = seen;
            open.push({priority(u), u});
        }
    }
}

void Simulation::crackChunk(int c, HitContext& ctx) {
    const auto cc = std::size_t(c);
    if (m_damage.chunkCracked[cc] || m_damage.chunkTorn[cc]) return;
    m_damage.chunkCracked[cc] = 1;
    m_damage.crackOrder.push_back(c);
    ctx.report.cracked.push_back(c);
    // Crack line along the rim (members touching another chunk) still plating: it reads cracked
    // through the chunk (DamageState::cracked), none of its slots written here, except those a pierce channel
    // cracked before (kCracked in their own flags says "written since the crack"); and a few chips.
    m_damage.chunkCrackPending[cc] = 1;
    m_damage.chunkCrackedAt[cc] = m_time;
    std::vector<std::uint32_t> rim;
    for (std::uint32_t k = m_tables.rimOffsets[cc]; k < m_tables.rimOffsets[cc + 1]; ++k) {
        const std::uint32_t s = m_tables.rimSlots[k];
        if (m_damage.depth(s) >= 1.f) continue;
        rim.push_back(s);
        if (m_damage.state[s].flags & kCracked) materializeCrack(s);
    }
    ++m_damage.chunkVersion;
    const int chips = std::min<int>(3, int(rim.size()));
    for (int k = 0; k < chips; ++k) {
        const std::uint32_t s = rim[std::size_t(random01() * float(rim.size())) % rim.size()];
        if (m_damage.depth(s) < 1.f) knock(s, ctx, true, (m_tables.plating[s] - m_tables.centroid).normalized(), 0.9f);
    }
    m_events.push_back({EventType::ChunkCracked, m_hits, c, int(rim.size()),
                        "chunk " + std::to_string(c) + " cracked (" + std::to_string(rim.size()) + " splats on the crack line)"});
}

void Simulation::chunkAccounting(HitContext& ctx, const Eigen::Vector3f& p, const Eigen::Vector3f& d) {
    std::vector<int> touched;
    for (std::uint32_t s : ctx.report.knocked)
        if (std::find(touched.begin(), touched.end(), int(m_damage.state[s].chunk)) == touched.end()) touched.push_back(m_damage.state[s].chunk);
    if (ctx.kind == HitKind::Epicenter)  // radial: nearest chunk first
        std::stable_sort(touched.begin(), touched.end(), [&](int a, int b) {
            return (m_tables.chunkCentroid[std::size_t(a)] - p).squaredNorm() < (m_tables.chunkCentroid[std::size_t(b)] - p).squaredNorm();
        });
    for (int c : touched) {
        const auto cc = std::size_t(c);
        if (m_damage.chunkTorn[cc] || m_tables.chunkSize[cc] == 0) continue;
        const float share = float(m_damage.chunkKnocked[cc]) / float(m_tables.chunkSize[cc]);
        if (share >= m_profile.tearShare && ctx.budget > 0) {
            Eigen::Vector3f v;
            if (ctx.kind == HitKind::Epicenter)
                v = ((m_tables.chunkCentroid[cc] - p).normalized() + Eigen::Vector3f::UnitZ()).normalized();
            else
                v = ((m_tables.chunkCentroid[cc] - m_tables.centroid).normalized() * 0.7f - d * 0.3f + Eigen::Vector3f(0, 0, 0.3f)).normalized();
            tearChunk(c, ctx, v * m_profile.chunkSpeed);
        } else if (share >= m_profile.crackShare) {
            crackChunk(c, ctx);
        }
    }
}

void Simulation::toModel(HitReport& r) const {
    for (std::uint32_t& s : r.knocked) s = m_tables.out[s];
    if (!r.missed) {
        r.impactSlot = m_tables.out[r.impactSlot];
        r.exitSlot = m_tables.out[r.exitSlot];
    }
}

}  // namespace sw::destruct
