#include "core/destruct/simulation.h"

#include <algorithm>
#include <cmath>
#include <cstring>
#include <limits>

namespace sw::destruct {

const SettingsSchema<SimSettings>& simSchema() {
    static const SettingsSchema<SimSettings> schema = [] {
        SettingsSchema<SimSettings> s("destruct", "Destruction");
        using S = SimSettings;
        const std::string g = "Onion", h = "Support", b = "Bodies";
        s.add(&S::seed, "seed", "Seed").group(g);
        s.add(&S::inwardBlend, "inward-blend", "Inward blend").range(0, 1).group(g)
            .tooltip("0: layers go along -normal; 1: toward the centroid");
        s.add(&S::thicknessRange, "thickness-range", "Thickness range").range(0.001, 10).unit("model units").group(g)
            .tooltip("The bake's thickness range: attrs.z = 1 means this thick");
        s.add(&S::stepShare, "step-share", "Layer step").range(0.01, 2).group(g).tooltip("Share of the hull thickness per layer");
        s.add(&S::minStep, "min-step", "Min layer step").range(0.0001, 1).unit("model units").group(g)
            .tooltip("Layer step where the hull has no thickness (open plates)");
        s.add(&S::islandMax, "island-max", "Island size").range(0, 10000).group(h)
            .tooltip("Plating islands up to this many splats tear off");
        s.add(&S::partThreshold, "part-threshold", "Part threshold").range(0.001, 1).group(h)
            .tooltip("Share of a part's splats knocked out that silences it");
        s.add(&S::gravity, "gravity", "Gravity").range(0, 100).unit("model units/s²").group(b).tooltip("Pulls torn pieces and debris along -Z");
        s.add(&S::floorZ, "floor-z", "Floor height").range(-100, 100).unit("model units").group(b)
            .tooltip("Pieces and debris that fall below this height vanish");
        s.add(&S::bodyLifetime, "body-lifetime", "Chunk lifetime").range(0.01, 600).unit("s").group(b)
            .tooltip("A torn piece flies this long, then vanishes");
        s.add(&S::debrisLifetime, "debris-lifetime", "Debris lifetime").range(0.01, 600).unit("s").group(b)
            .tooltip("A debris splat flies (and cools) this long");
        s.add(&S::debrisScale, "debris-scale", "Debris size").range(0.01, 4).group(b).tooltip("Debris splats are drawn this much smaller than the splat they came from");
        s.add(&S::undersideOffset, "underside-offset", "Underside offset").range(0, 4).unit("layer steps").group(b)
            .tooltip("How far inside the plating a torn piece's underside copies sit");
        s.add(&S::poolCapacity, "pool-capacity", "Pool capacity").range(0, 1 << 22).group(b)
            .tooltip("Debris and piece copies alive at once (extra instances drawn every frame)");
        s.add(&S::chunkCopies, "chunk-copies", "Copies per piece").range(1, 100000).group(b)
            .tooltip("A torn piece is drawn with at most this many plating copies (half as many underside), each larger");
        s.add(&S::pieceCoverage, "piece-coverage", "Piece coverage").range(0.25, 16).group(b)
            .tooltip("A torn piece's copies together cover this many times its surface (never more than its splats did)");
        s.add(&S::debrisMax, "debris-max", "Debris at once").range(0, 1 << 22).group(b)
            .tooltip("At most this many white-hot debris splats fly at once");
        return s;
    }();
    return schema;
}

namespace {

Status validateSimSettings(const SimSettings& s) {
    const auto bad = [](const std::string& name, double v) {
        return makeError(ErrorCode::InvalidInput, "destruction setting " + name + " = " + std::to_string(v) + " is out of range");
    };
    const ParamSchema& schema = simSchema().schema();
    const std::pair<const char*, double> values[] = {
        {"inward-blend", s.inwardBlend}, {"thickness-range", s.thicknessRange}, {"step-share", s.stepShare},
        {"min-step", s.minStep}, {"island-max", s.islandMax}, {"part-threshold", s.partThreshold},
        {"gravity", s.gravity}, {"floor-z", s.floorZ}, {"body-lifetime", s.bodyLifetime},
        {"debris-lifetime", s.debrisLifetime}, {"debris-scale", s.debrisScale},
        {"underside-offset", s.undersideOffset}, {"pool-capacity", s.poolCapacity},
        {"chunk-copies", s.chunkCopies}, {"piece-coverage", s.pieceCoverage}, {"debris-max", s.debrisMax}};
    for (const auto& [name, v] : values) {
        const ParamSpec* spec = schema.find(name);
        if (!std::isfinite(v) || (spec && (v < spec->min || v > spec->max))) return bad(name, v);
    }
    if (s.graph.targetNeighbours < 1 || s.graph.maxNeighbours < 1) return bad("graph neighbours", s.graph.targetNeighbours);
    return {};
}

}  // namespace

Result<Simulation> Simulation::create(const formats::Spl2Model& model, const SimSettings& settings,
                                      const std::string& what) {
    if (model.core.size() == 0) return makeError(ErrorCode::InvalidInput, "the model has no core splats to destroy", what);
    SW_TRY(formats::validateSpl2(model, what));
    SW_TRY(validateSimSettings(settings));
    Simulation sim;
    sim.m_settings = settings;
    const auto& core = model.core;
    const std::size_t n = core.size();
    // Internal order: by chunk, then by the Morton code of the position in the model's box (10
    // bits an axis); ties by model index.
    {
        Eigen::Vector3f lo = core.pos[0], hi = core.pos[0];
        for (const auto& p : core.pos) lo = lo.cwiseMin(p), hi = hi.cwiseMax(p);
        const Eigen::Vector3f extent = (hi - lo).cwiseMax(1e-6f);
        const auto spread = [](std::uint64_t v) {  // 10 bits → every third bit
            v &= 0x3FF;
            v = (v | (v << 16)) & 0x030000FF;
            v = (v | (v << 8)) & 0x0300F00F;
            v = (v | (v << 4)) & 0x030C30C3;
            v = (v | (v << 2)) & 0x09249249;
            return v;
        };
        std::vector<std::pair<std::uint64_t, std::uint32_t>> keyed(n);
        for (std::size_t i = 0; i < n; ++i) {
            const Eigen::Vector3f q = ((core.pos[i] - lo).cwiseQuotient(extent) * 1023.f).cwiseMax(0.f).cwiseMin(1023.f);
            const std::uint64_t morton = spread(std::uint64_t(q.x())) | (spread(std::uint64_t(q.y())) << 1) | (spread(std::uint64_t(q.z())) << 2);
            const std::uint64_t chunk = model.chunks ? std::uint64_t(std::uint32_t(model.chunks->coreChunk[i])) : 0;
            keyed[i] = {(chunk << 32) | morton, std::uint32_t(i)};
        }
        std::sort(keyed.begin(), keyed.end());
        sim.m_out.resize(n);
        sim.m_in.resize(n);
        for (std::size_t k = 0; k < n; ++k) {
            sim.m_out[k] = keyed[k].second;
            sim.m_in[keyed[k].second] = std::uint32_t(k);
        }
    }
    sim.m_plating.resize(n);
    sim.m_normal.resize(n);
    sim.m_color.resize(n);
    for (std::size_t k = 0; k < n; ++k) {
        const std::uint32_t i = sim.m_out[k];
        sim.m_plating[k] = core.pos[i];
        sim.m_normal[k] = core.normal[i];
        sim.m_color[k] = core.color[i];
    }
    sim.m_centroid = Eigen::Vector3f::Zero();
    for (const auto& p : core.pos) sim.m_centroid += p;
    sim.m_centroid /= float(n);
    sim.m_inward.resize(n);
    sim.m_step.resize(n);
    sim.m_part.resize(n);
    sim.m_chunk.assign(n, 0);
    sim.m_material.assign(n, 0);
    int parts = 1, chunks = 1;
    for (std::size_t k = 0; k < n; ++k) {
        const std::uint32_t i = sim.m_out[k];
        const Eigen::Vector3f toCentre = (sim.m_centroid - core.pos[i]);
        const Eigen::Vector3f c = toCentre.norm() > 1e-6f ? Eigen::Vector3f(toCentre.normalized()) : Eigen::Vector3f(-core.normal[i]);
        const Eigen::Vector3f mixed = -core.normal[i] * (1.f - settings.inwardBlend) + c * settings.inwardBlend;
        sim.m_inward[k] = mixed.norm() > 1e-6f ? Eigen::Vector3f(mixed.normalized()) : c;
        sim.m_step[k] = std::max(settings.minStep, settings.stepShare * core.attrs[i].z() * settings.thicknessRange);
        sim.m_part[k] = int(std::floor(core.attrs[i].y() / 16.f + 1.f / 64.f));
        parts = std::max(parts, sim.m_part[k] + 1);
        if (model.chunks) {
            sim.m_chunk[k] = model.chunks->coreChunk[i];
            sim.m_material[k] = model.chunks->coreMaterial[i];
            chunks = std::max(chunks, sim.m_chunk[k] + 1);
        }
    }
    if (model.chunks) chunks = std::max(chunks, int(model.chunks->chunks.size()));
    if (chunks > 256) return makeError(ErrorCode::InvalidInput, "the model has " + std::to_string(chunks) + " chunks (at most 256)", what);
    // Chunk membership (CSR) and centroids from the members.
    sim.m_chunkSize.assign(std::size_t(chunks), 0);
    for (int c : sim.m_chunk) ++sim.m_chunkSize[std::size_t(c)];
    sim.m_chunkOffsets.assign(std::size_t(chunks) + 1, 0);
    for (int c = 0; c < chunks; ++c) sim.m_chunkOffsets[std::size_t(c) + 1] = sim.m_chunkOffsets[std::size_t(c)] + std::uint32_t(sim.m_chunkSize[std::size_t(c)]);
    sim.m_chunkSlots.resize(n);
    std::vector<std::uint32_t> fill(sim.m_chunkOffsets.begin(), sim.m_chunkOffsets.end() - 1);
    sim.m_chunkCentroid.assign(std::size_t(chunks), Eigen::Vector3f::Zero());
    for (std::size_t i = 0; i < n; ++i) {
        const auto c = std::size_t(sim.m_chunk[i]);
        sim.m_chunkSlots[fill[c]++] = std::uint32_t(i);
        sim.m_chunkCentroid[c] += sim.m_plating[i];
    }
    for (int c = 0; c < chunks; ++c)
        if (sim.m_chunkSize[std::size_t(c)]) sim.m_chunkCentroid[std::size_t(c)] /= float(sim.m_chunkSize[std::size_t(c)]);
    sim.m_partSize.assign(std::size_t(parts), 0);
    for (int p : sim.m_part) ++sim.m_partSize[std::size_t(p)];
    // (chunk, part) pairs, in order of first appearance among the chunk's members.
    sim.m_pairOf.assign(n, 0);
    sim.m_pairOffsets.assign(std::size_t(chunks) + 1, 0);
    for (int c = 0; c < chunks; ++c) {
        const std::uint32_t first = std::uint32_t(sim.m_pairPart.size());
        for (std::uint32_t k = sim.m_chunkOffsets[std::size_t(c)]; k < sim.m_chunkOffsets[std::size_t(c) + 1]; ++k) {
            const std::uint32_t s = sim.m_chunkSlots[k];
            std::uint32_t pair = first;
            while (pair < sim.m_pairPart.size() && sim.m_pairPart[pair] != sim.m_part[s]) ++pair;
            if (pair == sim.m_pairPart.size()) sim.m_pairPart.push_back(sim.m_part[s]), sim.m_pairSize.push_back(0);
            sim.m_pairOf[s] = pair;
            ++sim.m_pairSize[pair];
        }
        sim.m_pairOffsets[std::size_t(c) + 1] = std::uint32_t(sim.m_pairPart.size());
    }
    sim.m_palette = choosePalette(medianColor(core.color));
    sim.m_graph = SupportGraph(sim.m_plating, settings.graph);
    // What a slot draws (its 3σ disc) and the surface it stands for (π r² over its degree: on a
    // surface a radius-r disc holds `degree` slots), summed per chunk for the torn pieces' copies.
    sim.m_disc.resize(n);
    sim.m_surface.resize(n);
    sim.m_chunkDisc.assign(std::size_t(chunks), 0.0);
    sim.m_chunkSurface.assign(std::size_t(chunks), 0.0);
    constexpr double kPi = 3.14159265358979;
    const double reach = kPi * double(sim.m_graph.radius()) * double(sim.m_graph.radius());
    for (std::size_t k = 0; k < n; ++k) {
        const std::uint32_t i = sim.m_out[k];
        sim.m_disc[k] = float(kPi * 9.0 * double(core.ax0[i].norm()) * double(core.ax1[i].norm()));
        sim.m_surface[k] = float(reach / double(std::max<std::size_t>(1, sim.m_graph.neighbours(k).size())));
        sim.m_chunkDisc[std::size_t(sim.m_chunk[k])] += double(sim.m_disc[k]);
        sim.m_chunkSurface[std::size_t(sim.m_chunk[k])] += double(sim.m_surface[k]);
    }
    // Chunk rims (members with a neighbour in another chunk), static: cracking lights them and a
    // torn chunk's support work starts from them only.
    sim.m_onRim.assign(n, 0);
    sim.m_rimOffsets.assign(std::size_t(chunks) + 1, 0);
    sim.m_rimOuterOffsets.assign(1, 0);
    for (int c = 0; c < chunks; ++c) {
        for (std::uint32_t k = sim.m_chunkOffsets[std::size_t(c)]; k < sim.m_chunkOffsets[std::size_t(c) + 1]; ++k) {
            const std::uint32_t s = sim.m_chunkSlots[k];
            const std::size_t outer = sim.m_rimOuter.size();
            for (std::uint32_t u : sim.m_graph.neighbours(s))
                if (sim.m_chunk[u] != c) sim.m_rimOuter.push_back(u);
            if (sim.m_rimOuter.size() == outer) continue;
            sim.m_rimSlots.push_back(s);
            sim.m_onRim[s] = std::uint32_t(sim.m_rimSlots.size());
            sim.m_rimOuterOffsets.push_back(std::uint32_t(sim.m_rimOuter.size()));
        }
        sim.m_rimOffsets[std::size_t(c) + 1] = std::uint32_t(sim.m_rimSlots.size());
    }
    // Tear rings (static): which chunks' rings each slot lies on, the rim slots that are not listed
    // back by all of their outer neighbours, the chunks owning each chunk's ring.
    const auto listsBack = [&](std::uint32_t u, std::uint32_t s) {
        const auto back = sim.m_graph.neighbours(u);
        return std::find(back.begin(), back.end(), s) != back.end();
    };
    sim.m_ring.assign(n, 0);
    std::vector<std::uint8_t> ringCount(n, 0);
    std::vector<int> ringLast(n, -1);
    sim.m_ringExtraOffsets.assign(1, 0);
    sim.m_rimOneWayOffsets.assign(1, 0);
    sim.m_ringChunkOffsets.assign(1, 0);
    for (int c = 0; c < chunks; ++c) {
        std::vector<std::uint8_t> owner(std::size_t(chunks), 0);
        for (std::uint32_t k = sim.m_rimOffsets[std::size_t(c)]; k < sim.m_rimOffsets[std::size_t(c) + 1]; ++k) {
            const std::uint32_t e = sim.m_rimSlots[k];
            bool oneWay = false;
            for (std::uint32_t q = sim.m_rimOuterOffsets[k]; q < sim.m_rimOuterOffsets[k + 1]; ++q) {
                const std::uint32_t u = sim.m_rimOuter[q];
                oneWay = oneWay || !listsBack(u, e);
                if (!owner[std::size_t(sim.m_chunk[u])]) owner[std::size_t(sim.m_chunk[u])] = 1, sim.m_ringChunk.push_back(std::uint8_t(sim.m_chunk[u]));
                if (ringLast[u] == c) continue;
                ringLast[u] = c;
                if (ringCount[u] == 0) sim.m_ring[u] = std::uint16_t(c | (c << 8));
                else if (ringCount[u] == 1) sim.m_ring[u] = std::uint16_t((sim.m_ring[u] & 0xFF) | (c << 8));
                else sim.m_ringExtra.push_back(u);
                ringCount[u] = std::uint8_t(std::min(3, ringCount[u] + 1));
            }
            if (oneWay) sim.m_rimOneWay.push_back(e);
        }
        sim.m_ringExtraOffsets.push_back(std::uint32_t(sim.m_ringExtra.size()));
        sim.m_rimOneWayOffsets.push_back(std::uint32_t(sim.m_rimOneWay.size()));
        sim.m_ringChunkOffsets.push_back(std::uint32_t(sim.m_ringChunk.size()));
    }
    // Solid chunks: more than islandMax members, strongly connected among themselves (every member
    // reaches every other through members, along the neighbour lists the island fill walks).
    sim.m_chunkSolid.assign(std::size_t(chunks), 0);
    {
        std::vector<std::uint8_t> seen(n, 0);
        std::vector<std::vector<std::uint32_t>> backward(n);
        for (std::uint32_t s = 0; s < n; ++s)
            for (std::uint32_t u : sim.m_graph.neighbours(s))
                if (sim.m_chunk[u] == sim.m_chunk[s]) backward[u].push_back(s);
        std::vector<std::uint32_t> stack;
        for (int c = 0; c < chunks; ++c) {
            const auto cc = std::size_t(c);
            if (sim.m_chunkSize[cc] <= settings.islandMax || sim.m_chunkSize[cc] == 0) continue;
            bool solid = true;
            for (int dir = 0; dir < 2 && solid; ++dir) {
                const std::uint8_t tag = std::uint8_t(dir + 1);
                std::uint32_t reached = 1;
                stack.assign(1, sim.m_chunkSlots[sim.m_chunkOffsets[cc]]);
                seen[stack[0]] = tag;
                while (!stack.empty()) {
                    const std::uint32_t s = stack.back();
                    stack.pop_back();
                    const auto visit = [&](std::uint32_t u) {
                        if (sim.m_chunk[u] != c || seen[u] == tag) return;
                        seen[u] = tag;
                        ++reached;
                        stack.push_back(u);
                    };
                    if (dir == 0)
                        for (std::uint32_t u : sim.m_graph.neighbours(s)) visit(u);
                    else
                        for (std::uint32_t u : backward[s]) visit(u);
                }
                solid = reached == std::uint32_t(sim.m_chunkSize[cc]);
            }
            sim.m_chunkSolid[cc] = solid ? 1 : 0;
        }
    }
    sim.heal(1.f);  // the pristine dynamic state
    for (std::uint32_t s = 0; s < n; ++s) {
        bool mutual = true;
        for (std::uint32_t u : sim.m_graph.neighbours(s)) mutual = mutual && listsBack(u, s);
        if (mutual) sim.m_state[s].flags |= kMutualBit;
        if (sim.m_onRim[s] != 0) sim.m_state[s].flags |= kRimBit;
        if (ringCount[s] != 0) sim.m_state[s].flags |= kRingBit;
    }
    sim.m_dirty.clear();
    for (SlotState& st : sim.m_state) st.flags &= std::uint8_t(~kDirtyBit);
    return sim;
}

void Simulation::heal(float amount) {
    const std::size_t n = m_plating.size();
    if (amount >= 1.f || m_heat.size() != n) {
        const bool first = m_heat.size() != n;
        if (first) {
            m_state.assign(n, SlotState{});
            for (std::size_t i = 0; i < n; ++i) m_state[i].chunk = std::uint8_t(m_chunk[i]);
        }
        for (SlotState& st : m_state) st.depth = 0.f, st.mark = 0, st.flags &= kStaticBits;
        m_heat.assign(n, Heat{});
        m_layerColor = m_color;
        m_chunkKnocked.assign(m_chunkSize.size(), 0);
        m_chunkShallow = m_chunkSize;
        m_chunkCracked.assign(m_chunkSize.size(), 0);
        m_chunkTorn.assign(m_chunkSize.size(), 0);
        m_chunkDark.assign(m_chunkSize.size(), 0);
        m_chunkCarried.assign(m_chunkSize.size(), 0);
        m_chunkTornAt.assign(m_chunkSize.size(), 0.f);
        m_chunkCrackPending.assign(m_chunkSize.size(), 0);
        m_chunkCrackedAt.assign(m_chunkSize.size(), 0.f);
        m_pairKnocked.assign(m_pairSize.size(), 0);
        m_chunkPlatingSum.assign(m_chunkSize.size(), Eigen::Vector3d::Zero());
        for (std::size_t i = 0; i < n; ++i) m_chunkPlatingSum[std::size_t(m_chunk[i])] += m_plating[i].cast<double>();
        ++m_chunkVersion;
        m_crackOrder.clear();
        m_partKnocked.assign(m_partSize.size(), 0);
        m_partFired.assign(m_partSize.size(), 0);
        m_pool.assign(std::size_t(m_settings.poolCapacity), PoolEntry{});
        m_poolFree.clear();
        for (int i = m_settings.poolCapacity - 1; i >= 0; --i) m_poolFree.push_back(std::uint32_t(i));
        m_poolHigh = 0;
        m_debrisAlive = 0;
        m_bodies.clear();
        m_markNow = 0;
        m_poolDirtyFlag.assign(m_pool.size(), 0);
        m_dirty.clear();
        m_poolDirty.clear();
        if (first) {
            m_rng = 0x9E3779B97F4A7C15ull ^ (std::uint64_t(m_settings.seed) * 0xD1B54A32D192ED03ull);
            m_time = 0.f;
            m_hits = 0;
        } else {
            for (std::uint32_t i = 0; i < n; ++i) markDirty(i);
            for (std::uint32_t e = 0; e < m_pool.size(); ++e) {
                m_poolDirtyFlag[e] = 1;
                m_poolDirty.push_back(e);
            }
        }
        return;
    }
    if (amount <= 0.f) return;
    materializeAll();
    for (std::uint32_t i = 0; i < n; ++i) {
        if (m_state[i].depth == 0.f) continue;
        const int before = levelIn(i);
        float d = m_state[i].depth * (1.f - amount);
        if (d < 1e-4f) d = 0.f;
        setDepth(i, d);
        if (levelIn(i) != before) refreshColor(i);
        if (d == 0.f) m_state[i].flags &= kStaticBits | kDirtyBit, m_heat[i].start = 0.f, m_layerColor[i] = m_color[i];
        markDirty(i);
    }
}

int Simulation::levelIn(std::uint32_t i) const {
    return std::min(kMaxLayers, int(std::ceil(depthIn(i) - 1e-6f)));
}

Eigen::Vector3f Simulation::layerColorIn(std::uint32_t i) const {
    if (!carriedIn(i)) return m_layerColor[i];
    return layerColor(1, m_color[i], m_material[i], m_plating[i], m_out[i], m_palette, (m_state[i].flags & kDark) != 0);
}

void Simulation::materializeCrack(std::uint32_t i) {
    // What cracking the chunk wrote on each slot of its line.
    m_state[i].flags |= kCracked | kWound;
    m_heat[i].start = kCrackHeat;
    m_heat[i].time = m_chunkCrackedAt[m_state[i].chunk];
    markDirty(i);
}

void Simulation::materializeCarried(std::uint32_t i) {
    // What knocking the slot at tear time wrote (tearChunk did the accounting for the whole chunk).
    m_heat[i].start = kTornHeat;
    m_heat[i].time = m_chunkTornAt[m_state[i].chunk];
    m_state[i].flags |= kWound;
    m_layerColor[i] = layerColorIn(i);
    m_state[i].depth = 1.f;
    markDirty(i);
}

void Simulation::materializeRing(std::uint32_t i, float since) {
    // What the tear's support update wrote on the ring before it was read through the chunk.
    m_state[i].flags |= kWound;
    m_heat[i].start = kRingHeat;
    m_heat[i].time = since;
    markDirty(i);
}

void Simulation::materializeAll() {
    bool any = false;
    for (std::size_t c = 0; c < m_chunkCarried.size(); ++c) any = any || m_chunkCarried[c] || m_chunkCrackPending[c];
    if (!any) return;
    // Every slot (a ring reaches into the chunks around a carried one); then no chunk is carried
    // and no crack pending.
    for (std::uint32_t i = 0; i < m_state.size(); ++i) materialize(i);
    for (std::size_t c = 0; c < m_chunkCarried.size(); ++c) {
        if (!m_chunkCarried[c] && !m_chunkCrackPending[c]) continue;
        m_chunkCarried[c] = 0;
        m_chunkCrackPending[c] = 0;
        ++m_chunkVersion;
    }
}

int Simulation::ringChunks(std::size_t slot, int* c) const {
    const std::uint32_t i = m_in[slot];
    if (!(m_state[i].flags & kRingBit)) return 0;
    c[0] = m_ring[i] & 0xFF;
    c[1] = m_ring[i] >> 8;
    return c[0] == c[1] ? 1 : 2;
}

std::vector<Eigen::Vector3f> Simulation::positions() const {
    std::vector<Eigen::Vector3f> out(size());
    for (std::uint32_t k = 0; k < out.size(); ++k) out[m_out[k]] = posIn(k);
    return out;
}

std::vector<std::uint32_t> Simulation::neighbours(std::size_t slot) const {
    std::vector<std::uint32_t> out;
    for (std::uint32_t u : m_graph.neighbours(m_in[slot])) out.push_back(m_out[u]);
    return out;
}

void Simulation::toModel(HitReport& r) const {
    for (std::uint32_t& s : r.knocked) s = m_out[s];
    if (!r.missed) {
        r.impactSlot = m_out[r.impactSlot];
        r.exitSlot = m_out[r.exitSlot];
    }
}

Eigen::Vector3f Simulation::displayColor(std::size_t slot) const {
    const Eigen::Vector3f base = layerColorOf(slot);
    const float h = heatAt(heat0(slot), m_profile.cooling, m_time - heatTime(slot));
    return base + (blackBody(h) - base) * std::min(1.f, 2.f * h);
}

void Simulation::setDepth(std::uint32_t i, float d) {
    materialize(i);
    const float before = m_state[i].depth;
    const bool wasPlating = before < 1.f, isPlating = d < 1.f;
    const bool wasShallow = levelIn(i) < 3;
    m_state[i].depth = std::min(d, float(kMaxLayers));
    const bool isShallow = levelIn(i) < 3;
    // The chunk from the slot state, the part from the (chunk, part) pair: no reads of m_chunk / m_part.
    const auto c = std::size_t(m_state[i].chunk);
    if (wasPlating != isPlating) {
        const int delta = isPlating ? -1 : 1;
        const std::uint32_t pair = m_pairOf[i];
        m_chunkKnocked[c] += delta;
        m_pairKnocked[pair] += delta;
        m_chunkPlatingSum[c] -= double(delta) * m_plating[i].cast<double>();
        addPartKnocked(m_pairPart[pair], delta);
    }
    if (wasShallow != isShallow) m_chunkShallow[c] += isShallow ? 1 : -1;
    markDirty(i);
}

void Simulation::addPartKnocked(int part, int delta) {
    const auto p = std::size_t(part);
    const int before = m_partKnocked[p];
    m_partKnocked[p] += delta;
    const int need = partNeed(part);
    if (delta > 0 && !m_partFired[p] && m_partKnocked[p] >= need) {
        // Fires at the count that reached the threshold (one by one, or inside a torn chunk).
        m_partFired[p] = 1;
        const int count = std::max(before + 1, need);
        const int pct = int(std::lround(100.0 * count / std::max(1, m_partSize[p])));
        m_events.push_back({EventType::PartThreshold, m_hits, part, count,
                            "part " + std::to_string(p) + " silenced: " + std::to_string(count) + " of " +
                                std::to_string(m_partSize[p]) + " splats knocked out (" + std::to_string(pct) + " %)"});
    }
}

std::uint16_t Simulation::newMark(std::uint16_t* keep) {
    if (m_markNow == std::numeric_limits<std::uint16_t>::max()) {
        for (SlotState& st : m_state) st.mark = keep && st.mark == *keep ? 1 : 0;
        m_markNow = keep ? 1 : 0;
        if (keep) *keep = 1;
    }
    return ++m_markNow;
}

void Simulation::markDirty(std::uint32_t i) {
    if (m_state[i].flags & kDirtyBit) return;
    m_state[i].flags |= kDirtyBit;
    m_dirty.push_back(i);
}

void Simulation::refreshColor(std::uint32_t i) {
    materialize(i);
    const int l = levelIn(i);
    m_layerColor[i] = l == 0 ? m_color[i]
                             : layerColor(l, m_color[i], m_material[i], m_plating[i], m_out[i], m_palette, (m_state[i].flags & kDark) != 0);
    markDirty(i);
}

std::vector<std::uint32_t> Simulation::takeDirtySlots() {
    std::vector<std::uint32_t> out;
    out.swap(m_dirty);
    for (std::uint32_t& i : out) m_state[i].flags &= std::uint8_t(~kDirtyBit), i = m_out[i];
    std::sort(out.begin(), out.end());
    return out;
}

std::vector<std::uint32_t> Simulation::takeDirtyPool() {
    std::vector<std::uint32_t> out;
    out.swap(m_poolDirty);
    for (std::uint32_t i : out) m_poolDirtyFlag[i] = 0;
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

int Simulation::allocPool() {
    if (m_poolFree.empty()) return -1;
    const std::uint32_t e = m_poolFree.back();
    m_poolFree.pop_back();
    m_poolHigh = std::max(m_poolHigh, e + 1);
    if (!m_poolDirtyFlag[e]) m_poolDirtyFlag[e] = 1, m_poolDirty.push_back(e);
    return int(e);
}

void Simulation::freePool(std::uint32_t e) {
    if (m_pool[e].kind == PoolKind::Debris) --m_debrisAlive;
    m_pool[e] = PoolEntry{};
    m_poolFree.push_back(e);
    if (!m_poolDirtyFlag[e]) m_poolDirtyFlag[e] = 1, m_poolDirty.push_back(e);
}

Eigen::Vector3f Simulation::poolPosition(std::size_t e) const {
    const PoolEntry& p = m_pool[e];
    switch (p.kind) {
    case PoolKind::Free: return Eigen::Vector3f::Zero();
    case PoolKind::Debris: {
        const float age = m_time - p.birth;
        return p.start + p.velocity * age + Eigen::Vector3f(0.f, 0.f, -0.5f * m_settings.gravity * age * age);
    }
    default: {
        const Body& b = m_bodies[std::size_t(p.body)];
        const std::uint32_t i = m_in[p.source];
        Eigen::Vector3f local = m_plating[i];
        if (p.kind == PoolKind::ChunkUnderside) local += m_inward[i] * (m_step[i] * m_settings.undersideOffset);
        return b.pivot + b.rotation * (local - b.pivot) + b.translation;
    }
    }
}

bool Simulation::poolVisible(std::size_t e) const { return m_pool[e].kind != PoolKind::Free; }

void Simulation::step(float dt) {
    if (!(dt > 0.f)) return;
    m_time += dt;
    const Eigen::Vector3f g(0.f, 0.f, -m_settings.gravity);
    for (Body& b : m_bodies) {
        if (!b.alive) continue;
        b.velocity += g * dt;
        b.translation += b.velocity * dt;
        const float w = b.spin.norm();
        if (w > 0.f) b.rotation = (Eigen::Quaternionf(Eigen::AngleAxisf(w * dt, b.spin / w)) * b.rotation).normalized();
        if (m_time - b.birth > m_settings.bodyLifetime || (b.pivot + b.translation).z() < m_settings.floorZ) {
            b.alive = false;
            for (std::uint32_t e : b.pool) freePool(e);
            b.pool.clear();
        }
    }
    for (std::uint32_t e = 0; e < m_poolHigh; ++e) {
        const PoolEntry& p = m_pool[e];
        if (p.kind != PoolKind::Debris) continue;
        if (m_time - p.birth > m_settings.debrisLifetime || poolPosition(e).z() < m_settings.floorZ) freePool(e);
    }
    while (m_poolHigh > 0 && m_pool[m_poolHigh - 1].kind == PoolKind::Free) --m_poolHigh;
}

SimStats Simulation::stats() const {
    SimStats s;
    s.hits = m_hits;
    for (std::size_t i = 0; i < size(); ++i) {
        if (depthIn(std::uint32_t(i)) > 0.f) ++s.damaged;
        ++s.perLayer[std::size_t(levelIn(std::uint32_t(i)))];
    }
    for (std::size_t c = 0; c < m_chunkSize.size(); ++c) {
        s.chunksCracked += m_chunkCracked[c] ? 1 : 0;
        s.chunksTorn += m_chunkTorn[c] ? 1 : 0;
    }
    for (const Event& e : m_events) s.islandsTorn += e.type == EventType::IslandTorn ? 1 : 0;
    for (const Body& b : m_bodies) s.bodiesAlive += b.alive ? 1 : 0;
    for (std::uint32_t e = 0; e < m_poolHigh; ++e) {
        s.debrisAlive += m_pool[e].kind == PoolKind::Debris ? 1 : 0;
        s.poolUsed += m_pool[e].kind != PoolKind::Free ? 1 : 0;
    }
    for (std::size_t p = 0; p < m_partSize.size(); ++p)
        s.partHealth.push_back(m_partSize[p] ? 1.f - float(m_partKnocked[p]) / float(m_partSize[p]) : 1.f);
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
    const std::size_t n = m_plating.size();
    put(out, n);
    for (std::uint32_t i = 0; i < n; ++i) {
        const Heat h = heatIn(i);
        put(out, depthIn(i)), put(out, h.start);
        put(out, h.time), put(out, flagsIn(i));
        const Eigen::Vector3f c = layerColorIn(i);
        put(out, c.x()), put(out, c.y()), put(out, c.z());
    }
    putAll(out, m_chunkKnocked);
    putAll(out, m_chunkShallow);
    putAll(out, m_chunkCracked);
    putAll(out, m_chunkTorn);
    putAll(out, m_crackOrder);
    putAll(out, m_partKnocked);
    for (const PoolEntry& p : m_pool) {
        put(out, p.source), put(out, p.kind), put(out, p.body), put(out, p.birth), put(out, p.heat0), put(out, p.scale);
        for (const auto* v : {&p.start, &p.velocity, &p.color}) put(out, v->x()), put(out, v->y()), put(out, v->z());
    }
    putAll(out, m_poolFree);
    for (const Body& b : m_bodies) {
        put(out, b.chunk), put(out, b.birth), put(out, b.alive);
        for (const auto* v : {&b.pivot, &b.translation, &b.velocity, &b.spin}) put(out, v->x()), put(out, v->y()), put(out, v->z());
        put(out, b.rotation.w()), put(out, b.rotation.x()), put(out, b.rotation.y()), put(out, b.rotation.z());
        putAll(out, b.pool);
    }
    for (const Event& e : m_events) put(out, int(e.type)), put(out, e.hit), put(out, e.id), put(out, e.count);
    put(out, m_rng);
    put(out, m_time);
    put(out, m_hits);
    put(out, m_debrisAlive);
    return out;
}

}  // namespace sw::destruct
