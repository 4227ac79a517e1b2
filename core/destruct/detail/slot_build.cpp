// The static tables of the simulation from the SPL2 model (slot_tables.h): slot order, onion
// geometry, chunk and part membership, rims, tear rings, solid chunks.
#include <algorithm>
#include <cmath>
#include <utility>

#include "core/destruct/detail/slot_tables.h"

namespace sw::destruct::detail {
namespace {

// Internal order: by chunk, then by the Morton code of the position in the model's box (10 bits
// an axis); ties by model index.
void mortonOrder(const formats::Spl2Model& model, SlotTables& t) {
    const auto& core = model.core;
    const std::size_t n = core.size();
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
    t.out.resize(n);
    t.in.resize(n);
    for (std::size_t k = 0; k < n; ++k) {
        t.out[k] = keyed[k].second;
        t.in[keyed[k].second] = std::uint32_t(k);
    }
}

// Per slot: plating, normal, colour, the onion direction and step, part, chunk and material.
// Returns {parts, chunks}.
std::pair<int, int> slotGeometry(const formats::Spl2Model& model, const SimSettings& settings, SlotTables& t) {
    const auto& core = model.core;
    const std::size_t n = core.size();
    t.plating.resize(n);
    t.normal.resize(n);
    t.color.resize(n);
    for (std::size_t k = 0; k < n; ++k) {
        const std::uint32_t i = t.out[k];
        t.plating[k] = core.pos[i];
        t.normal[k] = core.normal[i];
        t.color[k] = core.color[i];
    }
    t.centroid = Eigen::Vector3f::Zero();
    for (const auto& p : core.pos) t.centroid += p;
    t.centroid /= float(n);
    t.inward.resize(n);
    t.step.resize(n);
    t.part.resize(n);
    t.chunk.assign(n, 0);
    t.material.assign(n, 0);
    int parts = 1, chunks = 1;
    for (std::size_t k = 0; k < n; ++k) {
        const std::uint32_t i = t.out[k];
        const Eigen::Vector3f toCentre = (t.centroid - core.pos[i]);
        const Eigen::Vector3f c = toCentre.norm() > 1e-6f ? Eigen::Vector3f(toCentre.normalized()) : Eigen::Vector3f(-core.normal[i]);
        const Eigen::Vector3f mixed = -core.normal[i] * (1.f - settings.inwardBlend) + c * settings.inwardBlend;
        t.inward[k] = mixed.norm() > 1e-6f ? Eigen::Vector3f(mixed.normalized()) : c;
        t.step[k] = std::max(settings.minStep, settings.stepShare * core.attrs[i].z() * settings.thicknessRange);
        t.part[k] = int(std::floor(core.attrs[i].y() / 16.f + 1.f / 64.f));
        parts = std::max(parts, t.part[k] + 1);
        if (model.chunks) {
            t.chunk[k] = model.chunks->coreChunk[i];
            t.material[k] = model.chunks->coreMaterial[i];
            chunks = std::max(chunks, t.chunk[k] + 1);
        }
    }
    if (model.chunks) chunks = std::max(chunks, int(model.chunks->chunks.size()));
    return {parts, chunks};
}

// Chunk membership (CSR), centroids from the members, part sizes; (chunk, part) pairs in order of
// first appearance among the chunk's members.
void membership(SlotTables& t, int chunks, int parts) {
    const std::size_t n = t.plating.size();
    t.chunkSize.assign(std::size_t(chunks), 0);
    for (int c : t.chunk) ++t.chunkSize[std::size_t(c)];
    t.chunkOffsets.assign(std::size_t(chunks) + 1, 0);
    for (int c = 0; c < chunks; ++c) t.chunkOffsets[std::size_t(c) + 1] = t.chunkOffsets[std::size_t(c)] + std::uint32_t(t.chunkSize[std::size_t(c)]);
    t.chunkSlots.resize(n);
    std::vector<std::uint32_t> fill(t.chunkOffsets.begin(), t.chunkOffsets.end() - 1);
    t.chunkCentroid.assign(std::size_t(chunks), Eigen::Vector3f::Zero());
    for (std::size_t i = 0; i < n; ++i) {
        const auto c = std::size_t(t.chunk[i]);
        t.chunkSlots[fill[c]++] = std::uint32_t(i);
        t.chunkCentroid[c] += t.plating[i];
    }
    for (int c = 0; c < chunks; ++c)
        if (t.chunkSize[std::size_t(c)]) t.chunkCentroid[std::size_t(c)] /= float(t.chunkSize[std::size_t(c)]);
    t.partSize.assign(std::size_t(parts), 0);
    for (int p : t.part) ++t.partSize[std::size_t(p)];
    t.pairOf.assign(n, 0);
    t.pairOffsets.assign(std::size_t(chunks) + 1, 0);
    for (int c = 0; c < chunks; ++c) {
        const std::uint32_t first = std::uint32_t(t.pairPart.size());
        for (std::uint32_t k = t.chunkOffsets[std::size_t(c)]; k < t.chunkOffsets[std::size_t(c) + 1]; ++k) {
            const std::uint32_t s = t.chunkSlots[k];
            std::uint32_t pair = first;
            while (pair < t.pairPart.size() && t.pairPart[pair] != t.part[s]) ++pair;
            if (pair == t.pairPart.size()) t.pairPart.push_back(t.part[s]), t.pairSize.push_back(0);
            t.pairOf[s] = pair;
            ++t.pairSize[pair];
        }
        t.pairOffsets[std::size_t(c) + 1] = std::uint32_t(t.pairPart.size());
    }
}

// What a slot draws (its 3σ disc) and the surface it stands for (π r² over its degree: on a
// surface a radius-r disc holds `degree` slots), summed per chunk for the torn pieces' copies.
void discAndSurface(const formats::Spl2Model& model, SlotTables& t, int chunks) {
    const auto& core = model.core;
    const std::size_t n = core.size();
    t.disc.resize(n);
    t.surface.resize(n);
    t.chunkDisc.assign(std::size_t(chunks), 0.0);
    t.chunkSurface.assign(std::size_t(chunks), 0.0);
    constexpr double kPi = 3.14159265358979;
    const double reach = kPi * double(t.graph.radius()) * double(t.graph.radius());
    for (std::size_t k = 0; k < n; ++k) {
        const std::uint32_t i = t.out[k];
        t.disc[k] = float(kPi * 9.0 * double(core.ax0[i].norm()) * double(core.ax1[i].norm()));
        t.surface[k] = float(reach / double(std::max<std::size_t>(1, t.graph.neighbours(k).size())));
        t.chunkDisc[std::size_t(t.chunk[k])] += double(t.disc[k]);
        t.chunkSurface[std::size_t(t.chunk[k])] += double(t.surface[k]);
    }
}

// Chunk rims (members with a neighbour in another chunk): cracking lights them and a torn
// chunk's support work starts from them only.
void chunkRims(SlotTables& t, int chunks) {
    t.onRim.assign(t.plating.size(), 0);
    t.rimOffsets.assign(std::size_t(chunks) + 1, 0);
    t.rimOuterOffsets.assign(1, 0);
    for (int c = 0; c < chunks; ++c) {
        for (std::uint32_t k = t.chunkOffsets[std::size_t(c)]; k < t.chunkOffsets[std::size_t(c) + 1]; ++k) {
            const std::uint32_t s = t.chunkSlots[k];
            const std::size_t outer = t.rimOuter.size();
            for (std::uint32_t u : t.graph.neighbours(s))
                if (t.chunk[u] != c) t.rimOuter.push_back(u);
            if (t.rimOuter.size() == outer) continue;
            t.rimSlots.push_back(s);
            t.onRim[s] = std::uint32_t(t.rimSlots.size());
            t.rimOuterOffsets.push_back(std::uint32_t(t.rimOuter.size()));
        }
        t.rimOffsets[std::size_t(c) + 1] = std::uint32_t(t.rimSlots.size());
    }
}

bool listsBack(const SlotTables& t, std::uint32_t u, std::uint32_t s) {
    const auto back = t.graph.neighbours(u);
    return std::find(back.begin(), back.end(), s) != back.end();
}

// Tear rings: which chunks' rings each slot lies on, the rim slots not listed back by all of
// their outer neighbours, the chunks owning each chunk's ring. Returns, per slot, on how many
// rings it lies (capped at 3).
std::vector<std::uint8_t> tearRings(SlotTables& t, int chunks) {
    const std::size_t n = t.plating.size();
    t.ring.assign(n, 0);
    std::vector<std::uint8_t> ringCount(n, 0);
    std::vector<int> ringLast(n, -1);
    t.ringExtraOffsets.assign(1, 0);
    t.rimOneWayOffsets.assign(1, 0);
    t.ringChunkOffsets.assign(1, 0);
    for (int c = 0; c < chunks; ++c) {
        std::vector<std::uint8_t> owner(std::size_t(chunks), 0);
        for (std::uint32_t k = t.rimOffsets[std::size_t(c)]; k < t.rimOffsets[std::size_t(c) + 1]; ++k) {
            const std::uint32_t e = t.rimSlots[k];
            bool oneWay = false;
            for (std::uint32_t q = t.rimOuterOffsets[k]; q < t.rimOuterOffsets[k + 1]; ++q) {
                const std::uint32_t u = t.rimOuter[q];
                oneWay = oneWay || !listsBack(t, u, e);
                if (!owner[std::size_t(t.chunk[u])]) owner[std::size_t(t.chunk[u])] = 1, t.ringChunk.push_back(std::uint8_t(t.chunk[u]));
                if (ringLast[u] == c) continue;
                ringLast[u] = c;
                if (ringCount[u] == 0) t.ring[u] = std::uint16_t(c | (c << 8));
                else if (ringCount[u] == 1) t.ring[u] = std::uint16_t((t.ring[u] & 0xFF) | (c << 8));
                else t.ringExtra.push_back(u);
                ringCount[u] = std::uint8_t(std::min(3, ringCount[u] + 1));
            }
            if (oneWay) t.rimOneWay.push_back(e);
        }
        t.ringExtraOffsets.push_back(std::uint32_t(t.ringExtra.size()));
        t.rimOneWayOffsets.push_back(std::uint32_t(t.rimOneWay.size()));
        t.ringChunkOffsets.push_back(std::uint32_t(t.ringChunk.size()));
    }
    return ringCount;
}

// Whether every member of chunk c reaches all the others through members, along the neighbour
// lists (forward) or against them (backward: the members listing a slot).
bool reachesAll(const SlotTables& t, int c, bool forward, const std::vector<std::vector<std::uint32_t>>& backward,
                std::uint8_t tag, std::vector<std::uint8_t>& seen, std::vector<std::uint32_t>& stack) {
    const auto cc = std::size_t(c);
    std::uint32_t reached = 1;
    stack.assign(1, t.chunkSlots[t.chunkOffsets[cc]]);
    seen[stack[0]] = tag;
    while (!stack.empty()) {
        const std::uint32_t s = stack.back();
        stack.pop_back();
        const auto visit = [&](std::uint32_t u) {
            if (t.chunk[u] != c || seen[u] == tag) return;
            seen[u] = tag;
            ++reached;
            stack.push_back(u);
        };
        if (forward)
            for (std::uint32_t u : t.graph.neighbours(s)) visit(u);
        else
            for (std::uint32_t u : backward[s]) visit(u);
    }
    return reached == std::uint32_t(t.chunkSize[cc]);
}

// Solid chunks: more than islandMax members, strongly connected among themselves (every member
// reaches every other through members, along the neighbour lists the island fill walks).
void solidChunks(SlotTables& t, int chunks, int islandMax) {
    const std::size_t n = t.plating.size();
    t.chunkSolid.assign(std::size_t(chunks), 0);
    std::vector<std::uint8_t> seen(n, 0);
    std::vector<std::vector<std::uint32_t>> backward(n);
    for (std::uint32_t s = 0; s < n; ++s)
        for (std::uint32_t u : t.graph.neighbours(s))
            if (t.chunk[u] == t.chunk[s]) backward[u].push_back(s);
    std::vector<std::uint32_t> stack;
    for (int c = 0; c < chunks; ++c) {
        const auto cc = std::size_t(c);
        if (t.chunkSize[cc] <= islandMax || t.chunkSize[cc] == 0) continue;
        bool solid = true;
        for (int dir = 0; dir < 2 && solid; ++dir) solid = reachesAll(t, c, dir == 0, backward, std::uint8_t(dir + 1), seen, stack);
        t.chunkSolid[cc] = solid ? 1 : 0;
    }
}

// kMutualBit, kRimBit and kRingBit per slot.
void staticBits(SlotTables& t, const std::vector<std::uint8_t>& ringCount) {
    const std::size_t n = t.plating.size();
    t.staticBits.assign(n, 0);
    for (std::uint32_t s = 0; s < n; ++s) {
        bool mutual = true;
        for (std::uint32_t u : t.graph.neighbours(s)) mutual = mutual && listsBack(t, u, s);
        if (mutual) t.staticBits[s] |= kMutualBit;
        if (t.onRim[s] != 0) t.staticBits[s] |= kRimBit;
        if (ringCount[s] != 0) t.staticBits[s] |= kRingBit;
    }
}

}  // namespace

Result<SlotTables> buildSlotTables(const formats::Spl2Model& model, const SimSettings& settings, const std::string& what) {
    SlotTables t;
    mortonOrder(model, t);
    const auto [parts, chunks] = slotGeometry(model, settings, t);
    if (chunks > 256) return makeError(ErrorCode::InvalidInput, "the model has " + std::to_string(chunks) + " chunks (at most 256)", what);
    membership(t, chunks, parts);
    t.palette = choosePalette(medianColor(model.core.color));
    t.graph = SupportGraph(t.plating, settings.graph);
    discAndSurface(model, t, chunks);
    chunkRims(t, chunks);
    const std::vector<std::uint8_t> ringCount = tearRings(t, chunks);
    solidChunks(t, chunks, settings.islandMax);
    staticBits(t, ringCount);
    return t;
}

}  // namespace sw::destruct::detail
