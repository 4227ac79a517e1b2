// LOD tree: leaf chunks, coarse levels merged by moment matching (mass, centroid and second
// moment kept), spacing and error per level, settings and cancel.
#include <doctest/doctest.h>

#include <Eigen/Dense>
#include <numeric>

#include "core/lod/lod_tree.h"
#include "core/lod/merge.h"
#include "tests/core/tst_lod_fixtures.h"

using namespace sw::lod;
using sw::splat::SplatCloud;

namespace {

struct Moments {
    double mass = 0.0;
    Eigen::Vector3d centroid = Eigen::Vector3d::Zero();
    Eigen::Matrix3d second = Eigen::Matrix3d::Zero();  // Σ w (Σ_i + μ_i μ_iᵀ) / Σ w about the origin
};

Moments momentsOf(const SplatCloud& c) {
    Moments m;
    for (std::size_t i = 0; i < c.size(); ++i) {
        const double w = splatMass(c.opacities[i], c.scales[i]);
        const Eigen::Vector3d p = c.positions[i].cast<double>();
        m.mass += w;
        m.centroid += w * p;
        m.second += w * (splatCovariance(c.rotations[i], c.scales[i]) + p * p.transpose());
    }
    m.centroid /= m.mass;
    m.second /= m.mass;
    return m;
}

Moments levelMoments(const LodTree& tree, int level) {
    SplatCloud all;
    for (std::size_t leaf = 0; leaf < tree.leaves.size(); ++leaf) {
        const SplatCloud& c = tree.chunk(leaf, level);
        all.positions.insert(all.positions.end(), c.positions.begin(), c.positions.end());
        all.rotations.insert(all.rotations.end(), c.rotations.begin(), c.rotations.end());
        all.scales.insert(all.scales.end(), c.scales.begin(), c.scales.end());
        all.opacities.insert(all.opacities.end(), c.opacities.begin(), c.opacities.end());
        all.colors.insert(all.colors.end(), c.colors.begin(), c.colors.end());
    }
    return momentsOf(all);
}

}  // namespace

TEST_CASE("merging two splats matches their moments and keeps their mass") {
    SplatCloud src;
    src.resize(2);
    src.positions[0] = {-1.0f, 0.0f, 0.0f};
    src.positions[1] = {1.0f, 0.5f, 0.0f};
    src.scales[0] = {0.5f, 0.4f, 0.01f};
    src.scales[1] = {0.3f, 0.6f, 0.01f};
    src.opacities = {0.3f, 0.2f};
    src.colors[0] = {1.0f, 0.0f, 0.0f};
    src.colors[1] = {0.0f, 0.0f, 1.0f};
    SplatCloud dst;
    dst.resize(1);
    MergeLoss loss;
    const std::uint32_t members[] = {0, 1};
    mergeSplats(src, members, dst, 0, loss);
    const Moments a = momentsOf(src), b = momentsOf(dst);
    CHECK(b.mass == doctest::Approx(a.mass).epsilon(1e-5));
    CHECK((b.centroid - a.centroid).norm() < 1e-5);
    CHECK((b.second - a.second).norm() < 1e-5 * a.second.norm());
    CHECK(loss.clampedMass == 0.0);
    const double w0 = 0.3 * 0.5 * 0.4, w1 = 0.2 * 0.3 * 0.6;  // opacity × two largest axes
    CHECK(dst.colors[0].x() == doctest::Approx(w0 / (w0 + w1)).epsilon(1e-5));
    CHECK(dst.colors[0].z() == doctest::Approx(w1 / (w0 + w1)).epsilon(1e-5));
    CHECK(dst.validate("merged").ok());
}

TEST_CASE("an opaque pile clamps the merged opacity to 1 and reports the lost mass") {
    SplatCloud src;
    src.resize(4);  // four opaque copies of one splat: the merge cannot be 4× as opaque
    SplatCloud dst;
    dst.resize(1);
    MergeLoss loss;
    const std::uint32_t members[] = {0, 1, 2, 3};
    mergeSplats(src, members, dst, 0, loss);
    CHECK(dst.opacities[0] == 1.0f);
    CHECK(loss.clampedMass == doctest::Approx(3.0 * 0.01 * 0.01).epsilon(1e-4));
}

TEST_CASE("leaves hold at most leafSize splats and every splat once") {
    const SplatCloud scene = test::stripScene(40.0f, 4.0f, 0.1f);  // 16 000 splats
    LodSettings s;
    s.leafSize = 1000;
    s.levels = 4;
    s.reduction = 4;
    auto tree = buildLodTree(scene, s);
    REQUIRE(tree.ok());
    CHECK(tree->leaves.size() >= 16);
    std::uint64_t total = 0;
    for (std::size_t leaf = 0; leaf < tree->leaves.size(); ++leaf) {
        const auto& levels = tree->leaves[leaf].levels;
        REQUIRE(levels.size() == 4);
        CHECK(levels[0].count <= 1000);
        total += levels[0].count;
        for (int l = 1; l < 4; ++l) {
            CHECK(levels[l].count == (levels[l - 1].count + 3) / 4);  // reduction 4 per level
            CHECK(levels[l].spacing > levels[l - 1].spacing);
            CHECK(levels[l].error > levels[l - 1].error);
            CHECK(tree->chunk(leaf, l).size() == levels[l].count);
            CHECK(tree->chunk(leaf, l).validate("level").ok());
        }
        CHECK(levels[0].error == 0.0f);
        for (const auto& p : tree->chunk(leaf, 0).positions) CHECK(tree->leaves[leaf].bounds.contains(p));
    }
    CHECK(total == scene.size());
    CHECK(tree->nodes[0].count == scene.size());
    CHECK(tree->nodes[0].spacing == doctest::Approx(splatSpacing(tree->nodes[0].bounds, scene.size())));
}

TEST_CASE("every merged level keeps the scene's mass, centroid and second moment") {
    const SplatCloud scene = test::stripScene(20.0f, 5.0f, 0.05f);  // 40 000 splats
    LodSettings s;
    s.leafSize = 4096;
    s.levels = 5;
    auto tree = buildLodTree(scene, s);
    REQUIRE(tree.ok());
    const Moments fine = momentsOf(scene);
    for (int level = 1; level < 5; ++level) {
        CAPTURE(level);
        const Moments m = levelMoments(*tree, level);
        CHECK(m.mass == doctest::Approx(fine.mass).epsilon(1e-4));
        CHECK((m.centroid - fine.centroid).norm() < 1e-4 * fine.centroid.norm());
        CHECK((m.second - fine.second).norm() < 1e-4 * fine.second.norm());
        CHECK(tree->splatCount(level) < tree->splatCount(level - 1));
    }
}

TEST_CASE("a subsampled level would not keep the mass: the merge is not a subsample") {
    const SplatCloud scene = test::stripScene(4.0f, 4.0f, 0.1f);
    LodSettings s;
    s.leafSize = 400;
    s.levels = 2;
    auto tree = buildLodTree(scene, s);
    REQUIRE(tree.ok());
    // A coarse splat covers its group: on average far wider than the fine splats it came from.
    double fine = 0.0, coarse = 0.0;
    for (const auto& sc : scene.scales) fine += static_cast<double>(sc.maxCoeff()) / static_cast<double>(scene.size());
    for (std::size_t leaf = 0; leaf < tree->leaves.size(); ++leaf)
        for (const auto& sc : tree->chunk(leaf, 1).scales) coarse += static_cast<double>(sc.maxCoeff()) / static_cast<double>(tree->splatCount(1));
    CHECK(coarse > 1.5 * fine);
    CHECK(levelMoments(*tree, 1).mass == doctest::Approx(momentsOf(scene).mass).epsilon(1e-4));
}

TEST_CASE("spacing takes the surface estimate for a flat box and the volume estimate for a cube") {
    const Eigen::AlignedBox3f flat(Eigen::Vector3f(0, 0, 0), Eigen::Vector3f(10, 10, 0));
    CHECK(splatSpacing(flat, 100) == doctest::Approx(1.0f));
    const Eigen::AlignedBox3f cube(Eigen::Vector3f(0, 0, 0), Eigen::Vector3f(10, 10, 10));
    CHECK(splatSpacing(cube, 1000) == doctest::Approx(1.0f));
    CHECK(splatSpacing(cube, 0) == 0.0f);
}

TEST_CASE("settings outside the schema, an empty cloud and a cancel are errors") {
    const SplatCloud scene = test::stripScene(4.0f, 4.0f, 0.1f);
    LodSettings bad;
    bad.leafSize = 0;
    auto r = buildLodTree(scene, bad);
    REQUIRE_FALSE(r.ok());
    CHECK(r.error().code == sw::ErrorCode::InvalidInput);
    CHECK(r.error().message.find("leaf-size") != std::string::npos);
    auto empty = buildLodTree(SplatCloud{}, LodSettings{});
    REQUIRE_FALSE(empty.ok());
    CHECK(empty.error().code == sw::ErrorCode::InvalidInput);
    auto token = std::make_shared<sw::CancelToken>();
    token->cancel();
    LodSettings s;
    s.leafSize = 100;
    auto cancelled = buildLodTree(scene, s, sw::Progress({}, token));
    REQUIRE_FALSE(cancelled.ok());
    CHECK(cancelled.error().code == sw::ErrorCode::Cancelled);
}
