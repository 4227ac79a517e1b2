#include "core/bake/chunks.h"

#include <algorithm>
#include <cmath>
#include <map>
#include <numeric>
#include <random>
#include <utility>

#include "core/bake/detail/grid_hash.h"

namespace sw::bake {

const SettingsSchema<ChunkSettings>& chunkSchema() {
    static const SettingsSchema<ChunkSettings> schema = [] {
        SettingsSchema<ChunkSettings> s("chunks", "Chunks");
        addChunkParams(s);
        return s;
    }();
    return schema;
}

namespace {

struct Group {
    int material = 0, part = 0;
    std::vector<int> members;  // indices into the inputs
    float area = 0;
    int k = 1;
};

double uniform01(std::mt19937& rng) { return double(rng()) / 4294967296.0; }

// Picks an index with probability ∝ weight (weights ≥ 0, not all zero).
std::size_t pickWeighted(const std::vector<double>& w, std::mt19937& rng) {
    const double total = std::accumulate(w.begin(), w.end(), 0.0);
    double x = uniform01(rng) * total;
    for (std::size_t i = 0; i < w.size(); ++i) {
        if (x < w[i]) return i;
        x -= w[i];
    }
    return w.size() - 1;
}

// Balanced, jittered k-means inside one group; returns the local chunk (0..k−1) per member.
std::vector<int> clusterGroup(const ChunkInputs& in, const Group& g, const ChunkSettings& s, std::uint32_t seed) {
    const std::size_t n = g.members.size();
    const auto k = static_cast<std::size_t>(g.k);
    std::vector<int> label(n, 0);
    if (k <= 1) return label;
    std::mt19937 rng(seed);
    std::vector<Eigen::Vector3f> x(n);
    std::vector<double> a(n);
    for (std::size_t i = 0; i < n; ++i) {
        x[i] = in.positions[std::size_t(g.members[i])];
        a[i] = std::max(double(in.area[std::size_t(g.members[i])]), 1e-12);
    }
    // k-means++ seeding weighted by area.
    std::vector<Eigen::Vector3f> c;
    std::vector<double> d2(n, 1e30), w(n);
    c.push_back(x[pickWeighted(a, rng)]);
    while (c.size() < k) {
        for (std::size_t i = 0; i < n; ++i) {
            d2[i] = std::min(d2[i], double((x[i] - c.back()).squaredNorm()));
            w[i] = a[i] * d2[i];
        }
        c.push_back(x[pickWeighted(w, rng)]);
    }
    // Fixed per-splat jitter directions (unit-ish vectors in a cube), scaled per iteration.
    std::vector<Eigen::Vector3f> jitter(n);
    for (auto& j : jitter) j = Eigen::Vector3f(float(uniform01(rng) * 2 - 1), float(uniform01(rng) * 2 - 1), float(uniform01(rng) * 2 - 1));
    const double target = double(g.area) / double(k);
    std::vector<double> bias(k, 0.0), area(k);
    std::vector<Eigen::Vector3d> sum(k);
    for (int it = 0; it < s.chunkLloydIterations; ++it) {
        const bool jittered = it >= s.chunkLloydIterations - s.chunkJitterIterations;
        double spread = 0;
        for (std::size_t i = 0; i < n; ++i) spread += a[i] * double((x[i] - c[std::size_t(label[i])]).squaredNorm());
        const double r2 = it == 0 ? 0.0 : spread / double(g.area);  // mean squared chunk radius
        const float jitterLen = jittered ? s.chunkJitter * float(std::sqrt(r2)) : 0.f;
        std::fill(area.begin(), area.end(), 0.0);
        std::fill(sum.begin(), sum.end(), Eigen::Vector3d::Zero());
        for (std::size_t i = 0; i < n; ++i) {
            const Eigen::Vector3f p = x[i] + jitterLen * jitter[i];
            double best = 1e300;
            for (std::size_t j = 0; j < k; ++j) {
                const double cost = double((p - c[j]).squaredNorm()) - bias[j];
                if (cost < best) {
                    best = cost;
                    label[i] = int(j);
                }
            }
            area[std::size_t(label[i])] += a[i];
            sum[std::size_t(label[i])] += a[i] * x[i].cast<double>();
        }
        double spreadNow = 0;
        for (std::size_t i = 0; i < n; ++i) spreadNow += a[i] * double((x[i] - c[std::size_t(label[i])]).squaredNorm());
        const double scale = spreadNow / double(g.area);
        for (std::size_t j = 0; j < k; ++j) {
            if (area[j] > 0) c[j] = (sum[j] / area[j]).cast<float>();
            bias[j] -= 0.5 * scale * (area[j] / target - 1.0);
        }
    }
    return label;
}


// Majority smoothing inside each group (simultaneous votes; ties keep the current chunk). A vote
// is applied, in splat order, only while it keeps the donor chunk ≥ (1 − kSmoothBand) and the
// receiving chunk ≤ (1 + kSmoothBand) of the target area, so smoothing never undoes the balance.
void smoothChunks(const ChunkInputs& in, const ChunkSettings& s, const std::vector<Group>& groups,
                  const std::vector<int>& groupOf, std::vector<int>& chunk) {
    constexpr double kSmoothBand = 0.15;
    const std::size_t n = in.positions.size();
    if (n == 0 || s.chunkSmoothPasses <= 0) return;
    const float radius = s.chunkSmoothRadius > 0 ? s.chunkSmoothRadius : detail::spacingRadius(in.positions, 2.5f);
    const detail::GridHash grid(in.positions, radius);
    std::map<std::pair<int, int>, double> area;  // (group, local chunk) → area
    for (std::size_t i = 0; i < n; ++i) area[{groupOf[i], chunk[i]}] += double(in.area[i]);
    std::vector<int> vote(n);
    std::map<int, int> votes;
    for (int pass = 0; pass < s.chunkSmoothPasses; ++pass) {
        for (std::size_t i = 0; i < n; ++i) {
            votes.clear();
            ++votes[chunk[i]];
            grid.forEachNeighbour(i, [&](std::size_t j) {
                if (groupOf[j] == groupOf[i]) ++votes[chunk[j]];
            });
            int best = chunk[i];
            for (const auto& [id, count] : votes)
                if (count > votes[best]) best = id;
            vote[i] = best;
        }
        for (std::size_t i = 0; i < n; ++i) {
            if (vote[i] == chunk[i]) continue;
            const Group& g = groups[std::size_t(groupOf[i])];
            const double target = double(g.area) / double(g.k), a = double(in.area[i]);
            double& from = area[{groupOf[i], chunk[i]}];
            double& to = area[{groupOf[i], vote[i]}];
            if (from - a < (1 - kSmoothBand) * target || to + a > (1 + kSmoothBand) * target) continue;
            from -= a;
            to += a;
            chunk[i] = vote[i];
        }
    }
}

}  // namespace

Result<ChunkResult> buildChunks(const ChunkInputs& in, const ChunkSettings& s, const Progress& progress) {
    const std::size_t n = in.positions.size();
    std::map<std::pair<int, int>, Group> byKey;  // ordered by (material, part): deterministic ids
    for (std::size_t i = 0; i < n; ++i) {
        Group& g = byKey[{in.material[i], in.part[i]}];
        g.material = in.material[i];
        g.part = in.part[i];
        g.members.push_back(int(i));
        g.area += in.area[i];
    }
    std::vector<Group> groups;
    for (auto& [key, g] : byKey) groups.push_back(std::move(g));
    ChunkResult r;
    r.groups = int(groups.size());
    if (int(groups.size()) > s.maxChunks)
        return makeError(ErrorCode::InvalidInput, "max-chunks " + std::to_string(s.maxChunks) + " is below the " +
                                                      std::to_string(groups.size()) + " (material, part) groups");
    int total = 0;
    for (Group& g : groups) {
        g.k = std::max(1, int(std::lround(double(g.members.size()) / double(s.chunkSplats))));
        total += g.k;
    }
    while (total > s.maxChunks) {  // the group whose chunks are smallest gives one up
        Group* worst = nullptr;
        for (Group& g : groups)
            if (g.k > 1 && (!worst || g.members.size() * std::size_t(worst->k) < worst->members.size() * std::size_t(g.k)))
                worst = &g;
        if (!worst) break;  // unreachable: groups ≤ maxChunks was checked
        --worst->k;
        --total;
        r.capped = true;
    }
    r.chunk.assign(n, 0);
    std::vector<int> groupOf(n);
    for (std::size_t gi = 0; gi < groups.size(); ++gi) {
        if (progress.cancelled()) return makeError(ErrorCode::Cancelled, "chunking cancelled");
        const Group& g = groups[gi];
        const std::vector<int> local = clusterGroup(in, g, s, s.chunkSeed * 2654435761u + std::uint32_t(gi));
        for (std::size_t m = 0; m < g.members.size(); ++m) {
            r.chunk[std::size_t(g.members[m])] = local[m];
            groupOf[std::size_t(g.members[m])] = int(gi);
        }
        progress.report(0.8 * double(gi + 1) / double(groups.size()), "chunks: clustering");
    }
    smoothChunks(in, s, groups, groupOf, r.chunk);
    // Global ids: groups in (material, part) order, local chunks in order, empty ones dropped.
    std::map<std::pair<int, int>, int> globalId;
    for (std::size_t i = 0; i < n; ++i) globalId[{groupOf[i], r.chunk[i]}] = 0;
    int next = 0;
    for (auto& [key, id] : globalId) id = next++;
    r.chunks.resize(std::size_t(next));
    r.chunkMaterial.resize(std::size_t(next));
    r.chunkArea.assign(std::size_t(next), 0.f);
    r.targetArea.resize(std::size_t(next));
    std::vector<Eigen::Vector3d> weighted(std::size_t(next), Eigen::Vector3d::Zero());
    for (std::size_t i = 0; i < n; ++i) {
        const Group& g = groups[std::size_t(groupOf[i])];
        const auto id = std::size_t(globalId[{groupOf[i], r.chunk[i]}]);
        r.chunk[i] = int(id);
        r.chunks[id].part = g.part;
        r.chunkMaterial[id] = g.material;
        r.targetArea[id] = g.area / float(g.k);
        r.chunkArea[id] += in.area[i];
        weighted[id] += double(in.area[i]) * in.positions[i].cast<double>();
    }
    for (std::size_t c = 0; c < r.chunks.size(); ++c)
        r.chunks[c].centroid = r.chunkArea[c] > 0 ? Eigen::Vector3f((weighted[c] / double(r.chunkArea[c])).cast<float>())
                                                   : Eigen::Vector3f::Zero();
    for (std::size_t i = 0; i < n; ++i) {
        auto& ch = r.chunks[std::size_t(r.chunk[i])];
        ch.size = std::max(ch.size, (in.positions[i] - ch.centroid).norm());
    }
    progress.report(1.0, "chunks built");
    return r;
}

}  // namespace sw::bake
