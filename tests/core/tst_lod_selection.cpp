// LOD selection: screen-space error against τ, a global splat budget spent greedily over every
// scan, independent views.
#include <doctest/doctest.h>

#include <algorithm>
#include <cmath>
#include <memory>

#include "core/lod/resident_pool.h"
#include "core/lod/selection.h"
#include "core/render/projection.h"
#include "tests/core/tst_lod_trees.h"

using namespace sw::lod;

namespace {

// A 100 × 2 strip (80 000 splats) in leaves of 2 000 and 5 levels, built once.
const LodTree& strip() {
    static const auto tree = test::stripTree(100.0f, 2.0f, 0.05f, 2000, 5);
    return *tree;
}

View viewAt(float x) {
    View v;
    v.position = {x, 1.0f, 2.0f};
    v.viewportHeight = 200;
    return v;
}

std::uint64_t wantedSplats(const LodTree& tree, const Selection& sel) {
    std::uint64_t n = 0;
    for (const LeafChoice& c : sel.leaves) n += tree.leaves[c.leaf].levels[c.wanted].count;
    return n;
}

}  // namespace

TEST_CASE("farther leaves get coarser levels") {
    SelectionSettings s;
    s.splatBudget = 10'000'000;
    auto sel = selectLevels({&strip()}, viewAt(-1.0f), s);
    REQUIRE(sel.ok());
    REQUIRE(sel->leaves.size() == strip().leaves.size());
    const auto nearest = *std::min_element(sel->leaves.begin(), sel->leaves.end(),
                                           [](auto& a, auto& b) { return a.distance < b.distance; });
    const auto farthest = *std::max_element(sel->leaves.begin(), sel->leaves.end(),
                                            [](auto& a, auto& b) { return a.distance < b.distance; });
    CHECK(nearest.level == 0);
    CHECK(farthest.level >= 3);
    for (const LeafChoice& a : sel->leaves)
        for (const LeafChoice& b : sel->leaves)
            if (b.distance > 2.0f * a.distance + 1.0f) CHECK(b.level >= a.level);
    const auto errorAt = [&](const LeafChoice& c, int level) {
        return screenError(viewAt(-1.0f), strip().leaves[c.leaf].bounds, strip().leaves[c.leaf].levels[level].spacing);
    };
    for (const LeafChoice& c : sel->leaves) {
        CHECK(c.level == c.wanted);  // the budget allows every wanted level
        if (c.level > 0) CHECK(errorAt(c, c.level) <= 1.0);  // within τ ...
        if (c.level < 4) CHECK(errorAt(c, c.level + 1) > 1.0);  // ... and the coarsest that is
    }
    CHECK_FALSE(sel->overBudget);
}

TEST_CASE("a lower quality preset selects coarser levels") {
    sw::ParamSet params(selectionSchema().schema());
    REQUIRE(params.applyPreset("low").ok());
    const SelectionSettings low = selectionSchema().fromParams(params);
    CHECK(low.tau == 4.0f);
    REQUIRE(params.applyPreset("high").ok());
    const SelectionSettings high = selectionSchema().fromParams(params);
    CHECK(high.tau == 1.0f);
    auto a = selectLevels({&strip()}, viewAt(-1.0f), low);
    auto b = selectLevels({&strip()}, viewAt(-1.0f), high);
    REQUIRE((a.ok() && b.ok()));
    CHECK(a->splats < b->splats);
    for (std::size_t i = 0; i < a->leaves.size(); ++i) CHECK(a->leaves[i].level >= b->leaves[i].level);
}

TEST_CASE("a tight budget is respected and spent on the nearest leaves first") {
    SelectionSettings ample;
    ample.splatBudget = 10'000'000;
    auto full = selectLevels({&strip()}, viewAt(-1.0f), ample);
    REQUIRE(full.ok());
    SelectionSettings tight;
    tight.splatBudget = static_cast<std::int64_t>(strip().splatCount(4) + (full->splats - strip().splatCount(4)) / 4);
    auto sel = selectLevels({&strip()}, viewAt(-1.0f), tight);
    REQUIRE(sel.ok());
    CHECK(sel->splats <= static_cast<std::uint64_t>(tight.splatBudget));
    CHECK(sel->splats > static_cast<std::uint64_t>(tight.splatBudget) * 9 / 10);  // the budget is used
    CHECK_FALSE(sel->overBudget);
    CHECK(sel->error > full->error);
    auto leaves = sel->leaves;
    std::sort(leaves.begin(), leaves.end(), [](auto& a, auto& b) { return a.distance < b.distance; });
    CHECK(leaves.front().level < leaves.back().level);  // the nearest leaf is finer than the farthest
    int refinedNear = 0, refinedFar = 0;
    for (std::size_t i = 0; i < leaves.size(); ++i)
        (i < leaves.size() / 2 ? refinedNear : refinedFar) += 4 - leaves[i].level;
    CHECK(refinedNear > refinedFar);
    for (const LeafChoice& c : sel->leaves) CHECK(c.level >= c.wanted);
}

TEST_CASE("a budget below the coarsest levels keeps them all: a coarse picture, not an error") {
    SelectionSettings s;
    s.splatBudget = 10;
    auto sel = selectLevels({&strip()}, viewAt(-1.0f), s);
    REQUIRE(sel.ok());
    CHECK(sel->overBudget);
    for (const LeafChoice& c : sel->leaves) CHECK(c.level == 4);
    CHECK(sel->splats == strip().splatCount(4));
}

TEST_CASE("a budget of 0 splats is refused with its value") {
    SelectionSettings s;
    s.splatBudget = 0;
    auto sel = selectLevels({&strip()}, viewAt(-1.0f), s);
    REQUIRE_FALSE(sel.ok());
    CHECK(sel.error().code == sw::ErrorCode::InvalidInput);
    CHECK(sel.error().message == "the splat budget is 0; it must be at least 1 splat");
}

TEST_CASE("several scans share one budget: the nearer scan gets the detail") {
    LodSettings ls;
    ls.leafSize = 2000;
    ls.levels = 5;
    auto farScene = test::stripScene(20.0f, 2.0f, 0.05f, 11);
    for (auto& p : farScene.positions) p.x() += 60.0f;
    auto far = buildLodTree(farScene, ls);
    auto near = buildLodTree(test::stripScene(20.0f, 2.0f, 0.05f, 12), ls);
    REQUIRE((far.ok() && near.ok()));
    SelectionSettings s;
    s.splatBudget = 12'000;
    auto sel = selectLevels({&*near, &*far}, viewAt(-1.0f), s);
    REQUIRE(sel.ok());
    CHECK(sel->splats <= 12'000u);
    std::uint64_t nearSplats = 0, farSplats = 0;
    for (const LeafChoice& c : sel->leaves) {
        const LodTree& t = c.scan == 0 ? *near : *far;
        (c.scan == 0 ? nearSplats : farSplats) += t.leaves[c.leaf].levels[c.level].count;
    }
    CHECK(nearSplats > 4 * farSplats);
    CHECK(sel->leaves.size() == near->leaves.size() + far->leaves.size());
}

TEST_CASE("two views with different cameras select independently") {
    SelectionSettings s;
    s.splatBudget = 10'000'000;
    const View a = viewAt(-1.0f), b = viewAt(101.0f);
    auto alone = selectLevels({&strip()}, a, s);
    auto other = selectLevels({&strip()}, b, s);
    auto again = selectLevels({&strip()}, a, s);
    REQUIRE((alone.ok() && other.ok() && again.ok()));
    int differ = 0;
    for (std::size_t i = 0; i < alone->leaves.size(); ++i) {
        CHECK(alone->leaves[i].level == again->leaves[i].level);  // no state carried between views
        differ += alone->leaves[i].level != other->leaves[i].level;
    }
    CHECK(differ > static_cast<int>(alone->leaves.size()) / 2);
    CHECK(wantedSplats(strip(), *alone) == alone->splats);
}

TEST_CASE("the greedy spend leaves less screen error than refining the nearest leaves first") {
    const View v = viewAt(-1.0f);
    for (const std::int64_t budget : {6'000, 12'000, 24'000}) {
        CAPTURE(budget);
        SelectionSettings s;
        s.splatBudget = budget;
        auto sel = selectLevels({&strip()}, v, s);
        REQUIRE(sel.ok());
        // Nearest first: each leaf in distance order refined as far as it wants while it fits.
        auto naive = sel->leaves;
        std::uint64_t used = strip().splatCount(4);
        for (auto& c : naive) c.level = 4;
        std::vector<std::size_t> order(naive.size());
        for (std::size_t i = 0; i < order.size(); ++i) order[i] = i;
        std::sort(order.begin(), order.end(), [&](auto a, auto b) { return naive[a].distance < naive[b].distance; });
        for (std::size_t i : order) {
            const auto& levels = strip().leaves[naive[i].leaf].levels;
            while (naive[i].level > naive[i].wanted &&
                   used + levels[naive[i].level - 1u].count - levels[naive[i].level].count <= static_cast<std::uint64_t>(budget)) {
                used += levels[naive[i].level - 1u].count - levels[naive[i].level].count;
                --naive[i].level;
            }
        }
        double naiveError = 0.0;
        for (const auto& c : naive)
            naiveError += screenError(v, strip().leaves[c.leaf].bounds, strip().leaves[c.leaf].levels[c.level].spacing);
        CHECK(sel->splats <= static_cast<std::uint64_t>(budget));
        CHECK(sel->error < naiveError);
    }
}

namespace {

// Looking from `eye` along +X, +Z up (rows right, up, −forward), and its frustum.
View lookingAlongX(float x, float fovY, int height) {
    View v = viewAt(x);
    v.fovY = fovY;
    v.viewportHeight = height;
    Eigen::Matrix4f view = Eigen::Matrix4f::Identity();
    view.block<1, 3>(0, 0) = Eigen::RowVector3f(0, -1, 0);
    view.block<1, 3>(1, 0) = Eigen::RowVector3f(0, 0, 1);
    view.block<1, 3>(2, 0) = Eigen::RowVector3f(-1, 0, 0);
    view.block<3, 1>(0, 3) = -(view.topLeftCorner<3, 3>() * v.position);
    v.setFrustum(sw::render::perspectiveMatrix(fovY, 1.5f, 0.05f, 500.0f) * view);
    return v;
}

}  // namespace

TEST_CASE("leaves outside the view's frustum are left out: not drawn, not counted, the budget goes to the view") {
    const LodTree& tree = strip();
    const View v = lookingAlongX(50.0f, 0.8f, 200);
    SelectionSettings s;
    s.splatBudget = 20'000;
    auto culled = selectLevels({&tree}, v, s);
    REQUIRE(culled.ok());
    View open = v;
    open.hasFrustum = false;
    auto all = selectLevels({&tree}, open, s);
    REQUIRE(all.ok());
    CHECK(all->culled == 0);
    CHECK(culled->culled > 0);
    std::uint64_t inView = 0;
    int levelsInView = 0, levelsWithout = 0;
    for (std::size_t i = 0; i < culled->leaves.size(); ++i) {
        const LeafChoice& c = culled->leaves[i];
        const Eigen::AlignedBox3f& b = tree.leaves[c.leaf].bounds;
        CAPTURE(i);
        if (!c.inView) {
            // Behind the camera, or ahead but under the view's bottom edge: the ground at height 2
            // comes into view 2 / tan(fovY / 2) ahead.
            CHECK(b.max().x() < v.position.x() + 2.0f / std::tan(0.4f) + 0.01f);
            CHECK(c.level == tree.levelCount - 1);
            continue;
        }
        CHECK(b.max().x() > v.position.x());
        inView += tree.leaves[c.leaf].levels[c.level].count;
        levelsInView += c.level;
        levelsWithout += all->leaves[i].level;
    }
    // Every leaf well ahead of the camera is in view.
    for (const LeafChoice& c : culled->leaves)
        if (tree.leaves[c.leaf].bounds.min().x() > v.position.x() + 5.0f) CHECK(c.inView);
    CHECK(culled->splats == inView);
    CHECK(culled->splats <= 20'000u);
    CHECK(levelsInView < levelsWithout);  // the budget the culled leaves freed refines the view

    // The pool keeps the culled leaves' coarsest level resident and draws only the leaves in view.
    auto pool = ResidentPool::create({1ull << 30, 1}, {std::make_shared<MemoryChunkSource>(test::stripTree(100.0f, 2.0f, 0.05f, 2000, 5))});
    REQUIRE(pool.ok());
    (*pool)->update({{v, &*culled}});
    (*pool)->waitForLoads();
    for (const DrawItem& d : (*pool)->takeUploads()) (*pool)->fenceSignalled(d.key);
    const auto draws = (*pool)->drawList(*culled);
    CHECK(draws.size() == culled->leaves.size() - culled->culled);
    for (const LeafChoice& c : culled->leaves)
        if (!c.inView) CHECK((*pool)->state({c.scan, c.leaf, static_cast<std::uint32_t>(tree.levelCount - 1)}) == ChunkState::Drawable);
    for (const DrawItem& d : draws) CHECK(culled->leaves[d.key.leaf].inView);
}
