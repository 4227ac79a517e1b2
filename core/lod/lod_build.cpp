// buildLodTree: k-d split into leaf chunks, then per leaf the coarse levels by moment matching.
#include <algorithm>
#include <atomic>
#include <cmath>
#include <numeric>
#include <thread>

#include "core/lod/lod_tree.h"
#include "core/lod/merge.h"

namespace sw::lod {
namespace {

using Index = std::uint32_t;

Eigen::AlignedBox3f boundsOf(const std::vector<Eigen::Vector3f>& positions, std::span<const Index> ids) {
    Eigen::AlignedBox3f box;
    for (Index i : ids) box.extend(positions[i]);
    return box;
}

// Reorders ids so that groups of `group` consecutive ids (the last may be shorter) are spatial
// neighbours: median splits on the longest axis at multiples of `group`.
void groupNeighbours(const std::vector<Eigen::Vector3f>& positions, std::span<Index> ids, std::size_t group) {
    if (ids.size() <= group) return;
    const Eigen::AlignedBox3f box = boundsOf(positions, ids);
    int axis = 0;
    box.sizes().maxCoeff(&axis);
    const std::size_t mid = std::max<std::size_t>(1, (ids.size() / group + 1) / 2) * group;
    std::nth_element(ids.begin(), ids.begin() + static_cast<std::ptrdiff_t>(mid), ids.end(),
                     [&](Index a, Index b) { return positions[a][axis] < positions[b][axis]; });
    groupNeighbours(positions, ids.subspan(0, mid), group);
    groupNeighbours(positions, ids.subspan(mid), group);
}

splat::SplatCloud leafCloud(const splat::SplatCloud& cloud, std::span<const Index> ids) {
    splat::SplatCloud out;
    out.resize(ids.size());
    for (std::size_t k = 0; k < ids.size(); ++k) {
        const Index i = ids[k];
        out.positions[k] = cloud.positions[i];
        out.rotations[k] = cloud.rotations[i];
        out.scales[k] = cloud.scales[i];
        out.opacities[k] = cloud.opacities[i];
        out.colors[k] = cloud.colors[i];
    }
    if (cloud.shDegree > 0 && !cloud.shRest.empty()) {  // the finest level keeps the SH bands
        const std::size_t rest = std::size_t(splat::shRestCount(cloud.shDegree)) * 3;
        out.shDegree = cloud.shDegree;
        out.shRest.resize(ids.size() * rest);
        for (std::size_t k = 0; k < ids.size(); ++k)
            std::copy_n(cloud.shRest.begin() + std::ptrdiff_t(std::size_t(ids[k]) * rest), rest, out.shRest.begin() + std::ptrdiff_t(k * rest));
    }
    return out;
}

// Levels 1.. of one leaf from its level 0, with their counts, spacing and error.
void buildLevels(LodTree& tree, std::size_t leaf, const LodSettings& s, MergeLoss& loss) {
    LodLeaf& info = tree.leaves[leaf];
    const splat::SplatCloud& finest = tree.chunks[tree.chunkIndex(leaf, 0)];
    const std::size_t n0 = finest.size();
    std::vector<double> mass(n0);
    double massSum = 0.0;
    for (std::size_t i = 0; i < n0; ++i) massSum += mass[i] = splatMass(finest.opacities[i], finest.scales[i]);
    std::vector<Index> ancestor(n0);  // finest splat → its splat in the current level
    std::iota(ancestor.begin(), ancestor.end(), Index{0});
    info.levels.assign(static_cast<std::size_t>(s.levels), {});
    info.levels[0] = {static_cast<std::uint32_t>(n0), splatSpacing(info.bounds, n0), 0.0f};
    for (int level = 1; level < s.levels; ++level) {
        const splat::SplatCloud& prev = tree.chunks[tree.chunkIndex(leaf, level - 1)];
        std::vector<Index> order(prev.size());
        std::iota(order.begin(), order.end(), Index{0});
        const auto group = static_cast<std::size_t>(s.reduction);
        groupNeighbours(prev.positions, order, group);
        splat::SplatCloud& next = tree.chunks[tree.chunkIndex(leaf, level)];
        const std::size_t groups = (order.size() + group - 1) / group;
        next.resize(groups);
        std::vector<Index> parentOf(prev.size());
        for (std::size_t g = 0; g < groups; ++g) {
            const std::size_t begin = g * group, end = std::min(order.size(), begin + group);
            const std::span<const Index> members(order.data() + begin, end - begin);
            mergeSplats(prev, members, next, g, loss);
            for (Index m : members) parentOf[m] = static_cast<Index>(g);
        }
        double sq = 0.0;
        for (std::size_t i = 0; i < n0; ++i) {
            ancestor[i] = parentOf[ancestor[i]];
            const double w = massSum > 0.0 ? mass[i] / massSum : 1.0 / static_cast<double>(n0);
            sq += w * (finest.positions[i] - next.positions[ancestor[i]]).cast<double>().squaredNorm();
        }
        info.levels[static_cast<std::size_t>(level)] = {static_cast<std::uint32_t>(groups),
                                                        splatSpacing(info.bounds, groups),
                                                        static_cast<float>(std::sqrt(sq))};
    }
}

struct Splitter {
    const splat::SplatCloud& cloud;
    std::vector<Index>& ids;
    std::size_t leafSize;
    LodTree& tree;
    std::vector<std::pair<std::size_t, std::size_t>> leafRanges;

    std::int32_t split(std::size_t begin, std::size_t end) {
        const auto node = static_cast<std::int32_t>(tree.nodes.size());
        tree.nodes.emplace_back();
        const std::span<Index> span(ids.data() + begin, end - begin);
        const Eigen::AlignedBox3f box = boundsOf(cloud.positions, span);
        tree.nodes[node].bounds = box;
        tree.nodes[node].count = end - begin;
        tree.nodes[node].spacing = splatSpacing(box, end - begin);
        if (end - begin <= leafSize) {
            tree.nodes[node].leaf = static_cast<std::int32_t>(tree.leaves.size());
            LodLeaf leaf;
            leaf.node = node;
            leaf.bounds = box;
            tree.leaves.push_back(leaf);
            leafRanges.emplace_back(begin, end);
            return node;
        }
        int axis = 0;
        box.sizes().maxCoeff(&axis);
        const std::size_t mid = (end - begin) / 2;
        std::nth_element(span.begin(), span.begin() + static_cast<std::ptrdiff_t>(mid), span.end(),
                         [&](Index a, Index b) { return cloud.positions[a][axis] < cloud.positions[b][axis]; });
        const std::int32_t left = split(begin, begin + mid);
        const std::int32_t right = split(begin + mid, end);
        tree.nodes[node].children[0] = left;
        tree.nodes[node].children[1] = right;
        return node;
    }
};

}  // namespace

const SettingsSchema<LodSettings>& lodSchema() {
    static const SettingsSchema<LodSettings> schema = [] {
        SettingsSchema<LodSettings> s("lod", "LOD tree");
        s.add(&LodSettings::leafSize, "leaf-size", "Leaf size").range(16, 1 << 22).unit("splats")
            .tooltip("Most splats in one leaf chunk at its finest level").group("Tree");
        s.add(&LodSettings::levels, "levels", "Levels").range(1, 12)
            .tooltip("Levels of detail per leaf, the finest included").group("Tree");
        s.add(&LodSettings::reduction, "reduction", "Reduction per level").range(2, 64)
            .tooltip("Splats of one level merged into one splat of the next coarser level").group("Tree");
        s.add(&LodSettings::threads, "threads", "Threads").range(0, 256)
            .tooltip("Worker threads building the levels; 0 uses one per core").group("Performance");
        s.add(&LodSettings::memoryMiB, "memory", "Memory limit").range(16, 1 << 20).unit("MiB")
            .tooltip("Most memory the build holds; a larger scan is split on disk and built part by part").group("Performance");
        return s;
    }();
    return schema;
}

std::uint64_t LodTree::splatCount(int level) const {
    std::uint64_t n = 0;
    for (const LodLeaf& leaf : leaves) n += leaf.levels.at(static_cast<std::size_t>(level)).count;
    return n;
}

float splatSpacing(const Eigen::AlignedBox3f& bounds, std::uint64_t count) {
    if (count == 0 || bounds.isEmpty()) return 0.0f;
    Eigen::Vector3d e = bounds.sizes().cast<double>();
    std::sort(e.data(), e.data() + 3);
    const double n = static_cast<double>(count);
    return static_cast<float>(std::max(std::cbrt(e[0] * e[1] * e[2] / n), std::sqrt(e[1] * e[2] / n)));
}

Result<LodTree> buildLodTree(const splat::SplatCloud& cloud, const LodSettings& s, const Progress& progress) {
    SW_TRY(lodSchema().check(s));
    if (cloud.empty()) return makeError(ErrorCode::InvalidInput, "the cloud has no splats; there is nothing to build a LOD tree of");
    if (cloud.size() > 0xffffffffu) return makeError(ErrorCode::Unsupported, "more than 2^32 splats in one cloud");
    LodTree tree;
    tree.levelCount = s.levels;
    tree.leafSize = s.leafSize;
    tree.reduction = s.reduction;
    tree.shDegree = cloud.shRest.empty() ? 0 : cloud.shDegree;
    std::vector<Index> ids(cloud.size());
    std::iota(ids.begin(), ids.end(), Index{0});
    progress.report(0.0, "splitting into leaf chunks");
    Splitter splitter{cloud, ids, static_cast<std::size_t>(s.leafSize), tree, {}};
    splitter.split(0, ids.size());
    if (progress.cancelled()) return makeError(ErrorCode::Cancelled, "LOD build cancelled");

    const std::size_t leafCount = tree.leaves.size();
    tree.chunks.resize(leafCount * static_cast<std::size_t>(s.levels));
    std::atomic<std::size_t> next{0}, done{0};
    std::atomic<bool> stop{false};
    std::vector<MergeLoss> losses;
    const unsigned cores = std::max(1u, std::thread::hardware_concurrency());
    const unsigned workers = s.threads > 0 ? static_cast<unsigned>(s.threads) : cores;
    losses.resize(workers);
    const auto work = [&](unsigned w) {
        for (std::size_t leaf = next++; leaf < leafCount && !stop; leaf = next++) {
            const auto [begin, end] = splitter.leafRanges[leaf];
            tree.chunks[tree.chunkIndex(leaf, 0)] = leafCloud(cloud, std::span<const Index>(ids.data() + begin, end - begin));
            buildLevels(tree, leaf, s, losses[w]);
            ++done;
            if (w == 0) {
                if (progress.cancelled()) stop = true;
                progress.report(static_cast<double>(done) / static_cast<double>(leafCount), "merging coarse levels");
            }
        }
    };
    std::vector<std::thread> pool;
    for (unsigned w = 1; w < workers; ++w) pool.emplace_back(work, w);
    work(0);
    for (std::thread& t : pool) t.join();
    if (stop || progress.cancelled()) return makeError(ErrorCode::Cancelled, "LOD build cancelled");
    progress.report(1.0, "LOD tree built");
    return tree;
}

}  // namespace sw::lod
