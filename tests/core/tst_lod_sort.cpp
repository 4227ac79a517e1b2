// CPU back-to-front sort of the drawn splats: the reference order for the GPU sort.
#include <doctest/doctest.h>

#include <random>
#include <set>

#include "core/lod/sort.h"
#include "tests/core/tst_lod_trees.h"

using namespace sw::lod;

TEST_CASE("depthKey keeps the order of floats, negatives included") {
    const float values[] = {-1e30f, -5.0f, -1.0f, -1e-30f, 0.0f, 1e-30f, 0.5f, 1.0f, 7.0f, 1e30f};
    for (std::size_t i = 1; i < std::size(values); ++i) CHECK(depthKey(values[i - 1]) < depthKey(values[i]));
    CHECK(depthKey(-0.0f) <= depthKey(0.0f));
}

TEST_CASE("the drawn splats are sorted farthest first, each once") {
    auto shared = test::stripTree(10.0f, 2.0f, 0.1f, 500, 3);
    auto pool = ResidentPool::create({1ull << 26, 2}, {std::make_shared<MemoryChunkSource>(shared)});
    REQUIRE(pool.ok());
    View v;
    v.position = {-2.0f, 1.0f, 1.0f};
    v.viewportHeight = 300;
    auto sel = selectLevels({shared.get()}, v, SelectionSettings{});
    REQUIRE(sel.ok());
    (*pool)->update({{v, &*sel}});
    (*pool)->waitForLoads();
    for (const DrawItem& d : (*pool)->takeUploads()) (*pool)->fenceSignalled(d.key);
    const auto draws = (*pool)->drawList(*sel);
    REQUIRE(draws.size() == sel->leaves.size());
    const Eigen::Vector3f forward = Eigen::Vector3f(1.0f, 0.0f, -0.3f).normalized();
    const auto order = sortBackToFront(draws, v.position, forward);
    std::size_t total = 0;
    for (const DrawItem& d : draws) total += d.chunk->splats.size();
    REQUIRE(order.size() == total);
    std::set<std::pair<std::uint32_t, std::uint32_t>> seen;
    float previous = 1e30f;
    for (const SortedSplat& s2 : order) {
        CHECK(seen.insert({s2.item, s2.splat}).second);
        const float depth = (packedPosition(*draws[s2.item].chunk, s2.splat) - v.position).dot(forward);
        CHECK(depth <= previous);
        previous = depth;
    }
    const float first = (packedPosition(*draws[order.front().item].chunk, order.front().splat) - v.position).dot(forward);
    CHECK(first > 10.0f);  // the far end of the strip comes first
}
