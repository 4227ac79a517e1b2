// Simulation::hit and what it sets off: footprints per hit kind, knock-outs, chunk cracking and
// tearing, the event-driven support updates (islands, settling, innards going dark).
#include <algorithm>
#include <cmath>
#include <queue>

#include "core/destruct/simulation.h"

namespace sw::destruct {

// An entry of HitContext::changed that stands for a chunk torn off as a whole (kTornEntry | chunk):
// its carried rim slots, which the support update reads through the chunk's static lists.
constexpr std::uint32_t kTornEntry = 0x80000000u;

struct Simulation::HitContext {
    HitReport report;
    std::vector<std::uint32_t> changed;  // slots whose depth changed this hit (support events), torn chunks
    int budget = 0;                      // chunks left to tear
    Eigen::Vector3f impact = Eigen::Vector3f::Zero(), direction = Eigen::Vector3f::UnitY();
    HitKind kind = HitKind::Shot;
};

int Simulation::partNeed(int part) const {
    return std::max(1, int(std::ceil(m_settings.partThreshold * float(m_partSize[std::size_t(part)]) - 1e-4f)));
}

int Simulation::allocBody() {
    for (std::size_t b = 0; b < m_bodies.size(); ++b)
        if (!m_bodies[b].alive) return int(b);
    m_bodies.emplace_back();
    return int(m_bodies.size() - 1);
}

void Simulation::knock(std::uint32_t s, HitContext& ctx, bool debris, const Eigen::Vector3f& debrisDir, float heat,
                       bool support) {
    if (debris && m_debrisAlive < m_settings.debrisMax) {
        const int e = allocPool();
        if (e < 0) {
            ctx.report.poolFull = true;
        } else {
            PoolEntry& p = m_pool[std::size_t(e)];
            p.source = m_out[s];
            p.kind = PoolKind::Debris;
            p.birth = m_time;
            p.start = posIn(s);
            const Eigen::Vector3f v = (debrisDir + randomUnit() * 0.6f).normalized();
            p.velocity = v * (m_profile.debrisSpeed * (0.5f + random01()));
            p.heat0 = 1.f;
            ++m_debrisAlive;
            ++ctx.report.debris;
        }
    }
    materialize(s);
    setDepth(s, std::min(float(kMaxLayers), std::floor(m_state[s].depth) + 1.f));
    m_state[s].flags |= kWound;
    m_heat[s].start = heat;
    m_heat[s].time = m_time;
    refreshColor(s);
    ctx.report.knocked.push_back(s);
    if (support) ctx.changed.push_back(s);
}

std::uint64_t Simulation::knockOut(std::uint32_t modelSlot) {
    const std::uint32_t slot = m_in[modelSlot];
    HitContext ctx;
    ctx.impact = m_plating[slot];
    knock(slot, ctx, false, Eigen::Vector3f::Zero(), 0.f);
    supportUpdate(ctx);
    return ctx.report.supportVisits;
}

void Simulation::footprintSurface(const HitContext& ctx, std::uint32_t start, const Eigen::Vector3f& p,
                                  const Eigen::Vector3f& d, float radius, float band, bool radial, std::size_t limit,
                                  std::vector<std::uint32_t>& out) {
    (void)ctx;
    const auto priority = [&](std::uint32_t j) {
        const Eigen::Vector3f v = m_plating[j] - p;
        return radial ? v.norm() : (v - v.dot(d) * d).norm();
    };
    const auto accept = [&](std::uint32_t j) {
        if (priority(j) > radius) return false;
        return radial || (m_plating[j] - p).dot(-d) >= -band;
    };
    using Item = std::pair<float, std::uint32_t>;
    std::priority_queue<Item, std::vector<Item>, std::greater<Item>> open;
    const std::uint16_t seen = newMark();
    open.push({priority(start), start});
    m_state[start].mark = seen;
    while (!open.empty() && out.size() < limit) {
        const std::uint32_t j = open.top().second;
        open.pop();
        if (depthIn(j) < float(kMaxLayers)) out.push_back(j);  // fully dug slots let the crater widen
        for (std::uint32_t u : m_graph.near(j)) {
            if (m_state[u].mark == seen || !accept(u)) continue;
            m_state[u].mark = seen;
            open.push({priority(u), u});
        }
    }
}

void Simulation::crackChunk(int c, HitContext& ctx) {
    const auto cc = std::size_t(c);
    if (m_chunkCracked[cc] || m_chunkTorn[cc]) return;
    m_chunkCracked[cc] = 1;
    m_crackOrder.push_back(c);
    ctx.report.cracked.push_back(c);
    // Crack line along the rim (members touching another chunk) still plating: it reads cracked
    // through the chunk (crackedIn), none of its slots written here, except those a pierce channel
    // cracked before (kCracked in their own flags says "written since the crack"); and a few chips.
    m_chunkCrackPending[cc] = 1;
    m_chunkCrackedAt[cc] = m_time;
    std::vector<std::uint32_t> rim;
    for (std::uint32_t k = m_rimOffsets[cc]; k < m_rimOffsets[cc + 1]; ++k) {
        const std::uint32_t s = m_rimSlots[k];
        if (depthIn(s) >= 1.f) continue;
        rim.push_back(s);
        if (m_state[s].flags & kCracked) materializeCrack(s);
    }
    ++m_chunkVersion;
    const int chips = std::min<int>(3, int(rim.size()));
    for (int k = 0; k < chips; ++k) {
        const std::uint32_t s = rim[std::size_t(random01() * float(rim.size())) % rim.size()];
        if (depthIn(s) < 1.f) knock(s, ctx, true, (m_plating[s] - m_centroid).normalized(), 0.9f);
    }
    m_events.push_back({EventType::ChunkCracked, m_hits, c, int(rim.size()),
                        "chunk " + std::to_string(c) + " cracked (" + std::to_string(rim.size()) + " splats on the crack line)"});
}

float Simulation::pieceScale(int carried, int copies, double disc, double surface, double source) const {
    if (copies <= 0 || carried <= copies || source <= 0) return 1.f;
    const double perCopy = std::min(double(m_settings.pieceCoverage) * surface, disc) / double(copies);
    return float(std::max(1.0, std::sqrt(perCopy / source)));
}

void Simulation::tearSlots(const std::vector<std::uint32_t>& slots, int chunk, HitContext& ctx,
                           const Eigen::Vector3f& velocity) {
    const int bi = allocBody();
    Body& b = m_bodies[std::size_t(bi)];
    b = Body{};
    b.chunk = chunk;
    b.birth = m_time;
    b.velocity = velocity;
    b.spin = randomUnit() * (m_profile.chunkSpin * (0.5f + 0.5f * random01()));
    Eigen::Vector3f sum = Eigen::Vector3f::Zero();
    int carried = 0;
    double disc = 0, surface = 0;
    for (std::uint32_t s : slots)
        if (depthIn(s) < 1.f) sum += m_plating[s], ++carried, disc += double(m_disc[s]), surface += double(m_surface[s]);
    b.pivot = carried ? Eigen::Vector3f(sum / float(carried)) : m_plating[slots.front()];
    // The copies the piece is drawn with: every k-th carried slot (k = carried / copies, evenly over
    // the member order), each copy larger so that together they cover the piece (pieceScale).
    const int copies[2] = {std::min(carried, m_settings.chunkCopies), std::min(carried, std::max(1, m_settings.chunkCopies / 2))};
    const PoolKind kinds[2] = {PoolKind::ChunkPlating, PoolKind::ChunkUnderside};
    int index = 0;
    int next[2] = {0, 0};  // next carried index that gets a copy, per kind
    int made[2] = {0, 0};
    for (std::uint32_t s : slots) {
        if (depthIn(s) >= 1.f) continue;  // already dug: nothing of it is left to carry
        for (int k = 0; k < 2; ++k) {
            if (index != next[k] || made[k] >= copies[k]) continue;
            ++made[k];
            next[k] = int((std::int64_t(made[k]) * carried) / copies[k]);
            const int e = allocPool();
            if (e < 0) {
                ctx.report.poolFull = true;
                continue;
            }
            PoolEntry& p = m_pool[std::size_t(e)];
            p.source = m_out[s];
            p.kind = kinds[k];
            p.body = bi;
            p.birth = m_time;
            p.scale = pieceScale(carried, copies[k], disc, surface, double(m_disc[s]));
            p.color = kinds[k] == PoolKind::ChunkPlating ? m_layerColor[s] : undersideColor(m_material[s], m_palette);
            m_bodies[std::size_t(bi)].pool.push_back(std::uint32_t(e));
        }
        ++index;
        // Inside a torn chunk (all neighbours in it) a slot sets off no support work: its rim does.
        knock(s, ctx, false, Eigen::Vector3f::Zero(), 0.8f, chunk < 0 || m_onRim[s] != 0);
    }
}

void Simulation::tearChunk(int c, HitContext& ctx, const Eigen::Vector3f& velocity) {
    const auto cc = std::size_t(c);
    if (m_chunkTorn[cc] || ctx.budget <= 0 || m_chunkSize[cc] == 0) return;
    if (float(m_chunkSize[cc]) > 0.25f * float(size())) return;  // no chunk tail: the whole model is one chunk
    m_chunkTorn[cc] = 1;
    --ctx.budget;
    m_crackOrder.erase(std::remove(m_crackOrder.begin(), m_crackOrder.end(), c), m_crackOrder.end());
    ctx.report.torn.push_back(c);
    const int plating = m_chunkSize[cc] - m_chunkKnocked[cc];  // the carried slots (depth < 1)
    const std::uint32_t first = m_chunkOffsets[cc], members = std::uint32_t(m_chunkSize[cc]);
    const int bi = allocBody();
    Body& b = m_bodies[std::size_t(bi)];
    b = Body{};
    b.chunk = c;
    b.birth = m_time;
    b.velocity = velocity;
    b.spin = randomUnit() * (m_profile.chunkSpin * (0.5f + 0.5f * random01()));
    b.pivot = plating > 0 ? Eigen::Vector3f((m_chunkPlatingSum[cc] / double(plating)).cast<float>()) : m_plating[m_chunkSlots[first]];
    // The copies the piece is drawn with: evenly over the member order (Morton order, so spread over
    // the piece), the first carried slot at or after each mark within a few probes; each copy
    // larger so that together they cover the piece (pieceScale).
    constexpr std::uint32_t kProbes = 8;
    const int wanted[2] = {std::min(plating, m_settings.chunkCopies), std::min(plating, std::max(1, m_settings.chunkCopies / 2))};
    const PoolKind kinds[2] = {PoolKind::ChunkPlating, PoolKind::ChunkUnderside};
    std::vector<std::uint32_t> sources;
    for (int k = 0; k < 2; ++k) {
        sources.clear();
        for (int j = 0; j < wanted[k]; ++j) {
            const std::uint32_t from = std::uint32_t((std::uint64_t(j) * members) / std::uint32_t(wanted[k]));
            const std::uint32_t to = std::min(std::uint32_t((std::uint64_t(j + 1) * members) / std::uint32_t(wanted[k])), from + kProbes);
            for (std::uint32_t m = from; m < to; ++m) {
                ++ctx.report.tearProbes;
                const std::uint32_t s = m_chunkSlots[first + m];
                if (m_state[s].depth < 1.f) {
                    sources.push_back(s);
                    break;
                }
            }
        }
        // The carried slots' discs and surface: the chunk's, in proportion (no walk over the members).
        const double share = double(plating) / double(m_chunkSize[cc]);
        for (std::uint32_t s : sources) {
            const int e = allocPool();
            if (e < 0) {
                ctx.report.poolFull = true;
                break;
            }
            PoolEntry& p = m_pool[std::size_t(e)];
            p.source = m_out[s];
            p.kind = kinds[k];
            p.body = bi;
            p.birth = m_time;
            p.scale = pieceScale(plating, int(sources.size()), m_chunkDisc[cc] * share, m_chunkSurface[cc] * share, double(m_disc[s]));
            p.color = kinds[k] == PoolKind::ChunkPlating ? m_layerColor[s] : undersideColor(m_material[s], m_palette);
            m_bodies[std::size_t(bi)].pool.push_back(std::uint32_t(e));
        }
    }
    // Every carried slot one layer deeper at once (the chunk's carried state), its accounting per
    // (chunk, part) pair; the rim starts the support updates (inside, every neighbour went too).
    m_chunkKnocked[cc] = m_chunkSize[cc];
    for (std::uint32_t q = m_pairOffsets[cc]; q < m_pairOffsets[cc + 1]; ++q) {
        const int delta = m_pairSize[q] - m_pairKnocked[q];
        m_pairKnocked[q] = m_pairSize[q];
        if (delta > 0) addPartKnocked(m_pairPart[q], delta);
    }
    m_chunkPlatingSum[cc] = Eigen::Vector3d::Zero();
    m_chunkCarried[cc] = 1;
    m_chunkTornAt[cc] = m_time;
    ++m_chunkVersion;
    ctx.report.carried += plating;
    // The rim's support events as one entry (supportUpdate). The ring around the chunk turns wound
    // and warm through the chunk's carried state (ringSinceIn), except the few ring slots whose two
    // ring chunks are others: written here, as the support update would.
    ctx.changed.push_back(kTornEntry | std::uint32_t(c));
    for (std::uint32_t k = m_ringExtraOffsets[cc]; k < m_ringExtraOffsets[cc + 1]; ++k) {
        const std::uint32_t u = m_ringExtra[k];
        if (depthIn(u) >= 1.f || woundIn(u)) continue;
        m_state[u].flags |= kWound;
        m_heat[u].start = kRingHeat;
        m_heat[u].time = m_time;
        markDirty(u);
    }
    m_events.push_back({EventType::ChunkTorn, m_hits, c, plating,
                        "chunk " + std::to_string(c) + " torn off (" + std::to_string(plating) + " plating splats)"});
}

void Simulation::chunkAccounting(HitContext& ctx, const Eigen::Vector3f& p, const Eigen::Vector3f& d) {
    std::vector<int> touched;
    for (std::uint32_t s : ctx.report.knocked)
        if (std::find(touched.begin(), touched.end(), int(m_state[s].chunk)) == touched.end()) touched.push_back(m_state[s].chunk);
    if (ctx.kind == HitKind::Epicenter)  // radial: nearest chunk first
        std::stable_sort(touched.begin(), touched.end(), [&](int a, int b) {
            return (m_chunkCentroid[std::size_t(a)] - p).squaredNorm() < (m_chunkCentroid[std::size_t(b)] - p).squaredNorm();
        });
    for (int c : touched) {
        const auto cc = std::size_t(c);
        if (m_chunkTorn[cc] || m_chunkSize[cc] == 0) continue;
        const float share = float(m_chunkKnocked[cc]) / float(m_chunkSize[cc]);
        if (share >= m_profile.tearShare && ctx.budget > 0) {
            Eigen::Vector3f v;
            if (ctx.kind == HitKind::Epicenter)
                v = ((m_chunkCentroid[cc] - p).normalized() + Eigen::Vector3f::UnitZ()).normalized();
            else
                v = ((m_chunkCentroid[cc] - m_centroid).normalized() * 0.7f - d * 0.3f + Eigen::Vector3f(0, 0, 0.3f)).normalized();
            tearChunk(c, ctx, v * m_profile.chunkSpeed);
        } else if (share >= m_profile.crackShare) {
            crackChunk(c, ctx);
        }
    }
}

void Simulation::supportUpdate(HitContext& ctx) {
    std::uint64_t visits = 0;
    std::size_t settledFrom = 0;
    const auto& graph = m_graph;
    for (int pass = 0; pass < 8 && settledFrom < ctx.changed.size(); ++pass) {
        // Settling and rims around every changed slot; each slot's settle check runs once a pass
        // (one that settles is a changed slot of the next pass, which checks its neighbours again).
        const std::uint16_t checked = newMark();
        for (std::size_t k = settledFrom; k < ctx.changed.size(); ++k) {
            // A torn chunk: its carried rim slots are one layer deep, and a neighbour outside the
            // chunk that lists such a slot among its own neighbours cannot hang over it (it is less
            // than two layers below any neighbour), so only the rim slots that some outer neighbour
            // does not list back (m_rimOneWay) run the settle checks; their ring is read through.
            std::uint32_t one = ctx.changed[k];
            const std::uint32_t* first = &one;
            const std::uint32_t* last = &one + 1;
            const bool torn = (one & kTornEntry) != 0;
            if (torn) {
                const std::size_t c = one & ~kTornEntry;
                first = m_rimOneWay.data() + m_rimOneWayOffsets[c];
                last = m_rimOneWay.data() + m_rimOneWayOffsets[c + 1];
            }
            for (; first != last; ++first) {
                const std::uint32_t e = *first;
                if (torn && !carriedIn(e)) continue;
                // e is one of each neighbour's own neighbours (a mutual slot): a neighbour u less than
                // two layers above e cannot hang, whatever its other neighbours (see below).
                const float de = (m_state[e].flags & kMutualBit) ? depthIn(e) : -1.f;
                for (std::uint32_t u : supportNeighbours(e)) {
                    ++visits;
                    // The rim of a wound turns ragged and hot (unless it reads wound through a torn
                    // chunk's ring or its chunk's crack: nothing to write, as nothing was written then).
                    // (woundIn without its carried test: depthIn(u) < 1 is not carried.)
                    if (depthIn(u) < 1.f && !(m_state[u].flags & kWound) && !crackedIn(u) && ringSinceIn(u) < 0.f) {
                        m_state[u].flags |= kWound;
                        m_heat[u].start = kRingHeat;
                        m_heat[u].time = m_time;
                        markDirty(u);
                    }
                    if (m_state[u].mark == checked) continue;
                    m_state[u].mark = checked;
                    const float du = depthIn(u);
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
                        const float dw = depthIn(w);
                        if (dw < need) {
                            hanging = false;
                            break;
                        }
                        lowest = std::min(lowest, dw);
                    }
                    if (hanging) {
                        setDepth(u, std::floor(lowest));
                        m_state[u].flags |= kSettled | kWound;
                        refreshColor(u);
                        ctx.changed.push_back(u);
                        ++ctx.report.settled;
                    }
                }
            }
        }
        const std::size_t islandFrom = settledFrom;
        settledFrom = ctx.changed.size();
        // Islands: plating cut off from the hull, bounded flood fill (≤ islandMax + 1 slots); a fill
        // that reaches a slot already found supported in this pass stops at once, and so does one
        // that reaches a plating slot of a solid chunk none of whose members is knocked out
        // (solidIn: it reaches more than islandMax plating slots, and so does every slot reaching it).
        std::uint16_t supported = newMark();
        std::vector<std::uint32_t> component;
        for (std::size_t k = islandFrom; k < settledFrom; ++k) {
            // A torn chunk: its carried rim slots' neighbours outside it. When every chunk owning a
            // slot of its ring is solid and untouched, none of them can be in an island.
            std::uint32_t one = ctx.changed[k];
            const std::uint32_t* first = &one;
            const std::uint32_t* last = &one + 1;
            const bool torn = (one & kTornEntry) != 0;
            if (torn) {
                const std::size_t c = one & ~kTornEntry;
                bool intact = true;
                for (std::uint32_t q = m_ringChunkOffsets[c]; q < m_ringChunkOffsets[c + 1] && intact; ++q) {
                    const auto d = std::size_t(m_ringChunk[q]);
                    ++visits;
                    intact = m_chunkSolid[d] && m_chunkKnocked[d] == 0;
                }
                if (intact) continue;
                first = m_rimSlots.data() + m_rimOffsets[c];
                last = m_rimSlots.data() + m_rimOffsets[c + 1];
            }
            for (; first != last; ++first) {
                if (torn && !carriedIn(*first)) continue;
                for (std::uint32_t u : supportNeighbours(*first)) {
                    ++visits;
                    if (depthIn(u) >= 1.f || m_state[u].mark == supported) continue;
                    if (solidIn(u)) {
                        m_state[u].mark = supported;
                        continue;
                    }
                    const std::uint16_t mine = newMark(&supported);
                    component.assign(1, u);
                    m_state[u].mark = mine;
                    bool isSupported = false;
                    for (std::size_t q = 0; q < component.size() && !isSupported; ++q)
                        for (std::uint32_t w : graph.near(component[q])) {
                            ++visits;
                            if (depthIn(w) >= 1.f || m_state[w].mark == mine) continue;
                            if (m_state[w].mark == supported || component.size() >= std::size_t(m_settings.islandMax) || solidIn(w)) {
                                isSupported = true;
                                break;
                            }
                            m_state[w].mark = mine;
                            component.push_back(w);
                        }
                    if (isSupported || component.size() > std::size_t(m_settings.islandMax)) {
                        for (std::uint32_t c : component) m_state[c].mark = supported;
                        continue;
                    }
                    const Eigen::Vector3f out = (m_plating[u] - m_centroid).normalized();
                    tearSlots(component, -1, ctx, (out + Eigen::Vector3f(0, 0, 0.5f)).normalized() * m_profile.chunkSpeed);
                    ++ctx.report.islands;
                    m_events.push_back({EventType::IslandTorn, m_hits, int(m_out[u]), int(component.size()),
                                        "island of " + std::to_string(component.size()) + " splats torn off"});
                }
            }
        }
    }
    // Innards go dark when their chunk has nothing shallower than the innards left.
    for (std::uint32_t s : ctx.changed) {
        const auto c = (s & kTornEntry) ? std::size_t(s & ~kTornEntry) : std::size_t(m_state[s].chunk);
        if (m_chunkDark[c] || m_chunkShallow[c] > 0 || float(m_chunkSize[c]) > 0.25f * float(size())) continue;
        m_chunkDark[c] = 1;
        for (std::uint32_t k = m_chunkOffsets[c]; k < m_chunkOffsets[c + 1]; ++k) {
            const std::uint32_t m = m_chunkSlots[k];
            materialize(m);
            m_state[m].flags |= kDark;
            refreshColor(m);
        }
        m_events.push_back({EventType::InnardsDark, m_hits, int(c), m_chunkSize[c],
                            "chunk " + std::to_string(c) + " dug out: its innards go dark"});
    }
    ctx.report.supportVisits += visits;
    m_visitsTotal += visits;
}

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
    const auto ray = m_graph.raycast(h.origin, d, m_graph.radius() * 0.75f);
    ctx.report.cellsVisited += m_graph.lastCellsVisited();
    if (!ray) return ctx.report;
    const std::uint32_t s0 = ray->slot;
    const Eigen::Vector3f p = m_plating[s0];
    ctx.report.missed = false;
    ctx.report.impactSlot = s0;
    ctx.report.impact = p;
    ctx.impact = p;
    ctx.direction = d;
    ctx.kind = h.kind;
    ctx.budget = m_profile.chunkBudget;
    const std::size_t damage = std::size_t(std::max(0.f, std::round(h.damage)));
    const WeaponProfile& w = m_profile;

    // Cannon cascade: chunks cracked before tear off first, in the order they cracked.
    if (w.cascade && h.kind != HitKind::Melee) {
        const std::vector<int> order = m_crackOrder;
        for (int c : order)
            if (ctx.budget > 0 && (m_chunkCentroid[std::size_t(c)] - p).norm() <= w.cascadeRadius) {
                const Eigen::Vector3f out = (m_chunkCentroid[std::size_t(c)] - m_centroid).normalized();
                tearChunk(c, ctx, (out - d * 0.3f + Eigen::Vector3f(0, 0, 0.3f)).normalized() * w.chunkSpeed);
            }
    }

    std::vector<std::uint32_t> foot;
    switch (h.kind) {
    case HitKind::Shot:
    case HitKind::Blast: {
        const bool blast = h.kind == HitKind::Blast;
        footprintSurface(ctx, s0, p, d, w.radius * (blast ? 2.f : 1.f), w.band * (blast ? 2.f : 1.f), blast, damage, foot);
        for (std::uint32_t s : foot) {
            const bool debris = random01() < w.debrisShare;
            knock(s, ctx, debris, (-d + m_normal[s]).normalized(), 1.f);
        }
        chunkAccounting(ctx, p, d);
        break;
    }
    case HitKind::Epicenter: {
        footprintSurface(ctx, s0, p, d, w.radius, w.band, true, damage, foot);
        for (std::uint32_t s : foot) {
            const bool debris = random01() < w.debrisShare;
            const Eigen::Vector3f away = (m_plating[s] - p).normalized() + Eigen::Vector3f::UnitZ();
            knock(s, ctx, debris, away.normalized(), 1.f);
        }
        chunkAccounting(ctx, p, d);
        break;
    }
    case HitKind::Melee: {
        footprintSurface(ctx, s0, p, d, w.radius, w.band, false, damage, foot);
        for (std::uint32_t s : foot) {
            const Eigen::Vector3f v = m_plating[s] - p;
            const float r = (v - v.dot(d) * d).norm() / w.radius;
            const float dent = 0.9f * (1.f - r);
            if (dent <= depthIn(s) || depthIn(s) >= 1.f) continue;
            setDepth(s, std::min(dent, 0.95f));
            m_state[s].flags |= kWound;
            ctx.report.knocked.push_back(s);
            ctx.changed.push_back(s);
        }
        break;
    }
    case HitKind::Pierce: {
        // Spall at the entry.
        footprintSurface(ctx, s0, p, d, w.spallRadius, w.band, false, damage, foot);
        for (std::uint32_t s : foot) knock(s, ctx, random01() < w.debrisShare, (-d + m_normal[s]).normalized(), 1.f);
        // Crack channel along the bolt, and the exit on the far side.
        const auto line = m_graph.alongLine(h.origin, d, std::min(w.channelRadius, m_graph.radius()));
        ctx.report.cellsVisited += m_graph.lastCellsVisited();
        std::uint32_t exitSlot = s0;
        if (!line.empty() && line.back().t > ray->t) exitSlot = line.back().slot;
        for (const auto& l : line) {
            const std::uint32_t s = l.slot;
            if (flagsIn(s) & kCracked) continue;
            materialize(s);
            m_state[s].flags |= kCracked | kWound;
            m_heat[s].start = std::max(m_heat[s].start * std::exp(-w.cooling * (m_time - m_heat[s].time)), 0.7f);
            m_heat[s].time = m_time;
            markDirty(s);
            ++ctx.report.channel;
        }
        ctx.report.exitSlot = exitSlot;
        ctx.report.exit = m_plating[exitSlot];
        const int ce = m_state[exitSlot].chunk;
        const auto cce = std::size_t(ce);
        if (!m_chunkTorn[cce] && float(m_chunkSize[cce]) <= 0.25f * float(size())) {
            tearChunk(ce, ctx, d * w.chunkSpeed);
        } else if (ctx.budget > 0) {  // no tearable chunk there: tear a disc of the exit side
            std::vector<std::uint32_t> disc;
            footprintSurface(ctx, exitSlot, m_plating[exitSlot], -d, w.spallRadius * 1.5f, w.band, false, 100, disc);
            disc.erase(std::remove_if(disc.begin(), disc.end(), [&](std::uint32_t s) { return depthIn(s) >= 1.f; }), disc.end());
            if (!disc.empty()) {
                --ctx.budget;
                tearSlots(disc, -1, ctx, d * w.chunkSpeed);
            }
        }
        break;
    }
    }
    supportUpdate(ctx);
    toModel(ctx.report);
    return ctx.report;
}

}  // namespace sw::destruct
