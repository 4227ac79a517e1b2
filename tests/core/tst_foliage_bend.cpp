// core/foliage bending: the root stays, lengths hold, the angle grows with height, and a splat's
// covariance turns with the bend (axes orthonormal, scales unchanged).
#include <doctest/doctest.h>

#include <cmath>

#include "core/foliage/animate.h"
#include "core/foliage/bend.h"
#include "tests/core/tst_foliage_fixture.h"

using namespace sw::foliage;

namespace {

Eigen::Matrix3f covariance(const Eigen::Vector4f& q, const Eigen::Vector3f& s) {
    const Eigen::Matrix3f r = Eigen::Quaternionf(q[0], q[1], q[2], q[3]).normalized().toRotationMatrix();
    return r * s.cwiseAbs2().asDiagonal() * r.transpose();
}

}  // namespace

TEST_CASE("bendPoint keeps the root and the distance to it, and leans toward the lean direction") {
    const Eigen::Vector3f root(1.f, 2.f, 0.5f);
    const Eigen::Vector2f lean(0.3f, -0.4f);  // 0.5 rad toward (0.6, −0.8)
    CHECK(bendPoint(root, root, lean, 1.f) == root);
    const Eigen::Vector3f tip = root + Eigen::Vector3f(0.f, 0.f, 2.f);
    const Eigen::Vector3f bent = bendPoint(tip, root, lean, 1.f);
    CHECK((bent - root).norm() == doctest::Approx(2.f));
    const Eigen::Vector3f d = bent - root;
    CHECK(std::acos(d.z() / 2.f) == doctest::Approx(0.5f));
    CHECK(d.head<2>().normalized().isApprox(Eigen::Vector2f(0.6f, -0.8f), 1e-5f));
    CHECK(bendPoint(tip, root, Eigen::Vector2f::Zero(), 1.f) == tip);
}

TEST_CASE("a bent card: root fixed, every vertex at its rest distance, the top moves most") {
    const auto mesh = sw::test::makeGrassPatch(1, 1, 1.f, 1.f);
    auto set = analysePlants(mesh, {}, "card");
    REQUIRE(set.ok());
    std::vector<Eigen::Vector3f> out;
    bendVertices(mesh.positions, *set, {Eigen::Vector2f(0.6f, 0.f)}, {}, out);
    const Eigen::Vector3f root = set->plants[0].root;
    for (std::size_t v = 0; v < out.size(); ++v) {
        CHECK((out[v] - root).norm() == doctest::Approx((mesh.positions[v] - root).norm()));
        if (set->height[v] == 0.f) CHECK(out[v] == mesh.positions[v]);
        else CHECK(out[v].x() > mesh.positions[v].x() + 0.3f);
    }
}

TEST_CASE("the bend angle grows with height along a stalk") {
    sw::geometry::Mesh stalk;
    stalk.materials.resize(1);
    for (int k = 0; k <= 10; ++k) stalk.positions.push_back({0.f, 0.f, 0.1f * static_cast<float>(k)});
    for (int k = 0; k < 10; ++k) {
        stalk.triangles.emplace_back(k, k + 1, k + 1);
        stalk.faceMaterial.push_back(0);
    }
    auto set = analysePlants(stalk, {}, "stalk");
    REQUIRE(set.ok());
    REQUIRE(set->plants.size() == 1);
    std::vector<Eigen::Vector3f> out;
    bendVertices(stalk.positions, *set, {Eigen::Vector2f(0.f, 0.8f)}, {}, out);
    float last = 0.f;
    for (int k = 1; k <= 10; ++k) {
        const Eigen::Vector3f d = out[static_cast<std::size_t>(k)];
        const float angle = std::atan2(d.y(), d.z());
        CHECK(angle > last);
        last = angle;
    }
    CHECK(last == doctest::Approx(0.8f));
}

TEST_CASE("a bent splat: centre moves, covariance turns with the bend, axes orthonormal, scales unchanged") {
    const auto cloud = sw::test::makeSplatPlant(40, 2.f);
    auto set = plantFromPoints(cloud.positions, {}, "plant");
    REQUIRE(set.ok());
    const Eigen::Vector2f lean(0.5f, 0.2f);
    sw::splat::SplatCloud out;
    bendSplats(cloud, *set, {lean}, {}, out);
    REQUIRE(out.validate("bent").ok());
    for (std::size_t s = 0; s < cloud.size(); ++s) {
        CHECK(out.scales[s] == cloud.scales[s]);
        const Eigen::Matrix3f r = Eigen::Quaternionf(out.rotations[s][0], out.rotations[s][1], out.rotations[s][2],
                                                     out.rotations[s][3]).toRotationMatrix();
        CHECK((r.transpose() * r - Eigen::Matrix3f::Identity()).norm() < 1e-5f);
        CHECK(out.rotations[s].norm() == doctest::Approx(1.f).epsilon(1e-6));
        const Eigen::Matrix3f b = bendRotation(lean, set->mainWeight[s]).toRotationMatrix();
        const Eigen::Matrix3f expected = b * covariance(cloud.rotations[s], cloud.scales[s]) * b.transpose();
        CHECK((covariance(out.rotations[s], out.scales[s]) - expected).norm() < 1e-6f);
        CHECK(out.positions[s].isApprox(bendPoint(cloud.positions[s], set->plants[0].root, lean, set->mainWeight[s])));
    }
    CHECK((out.positions.back() - cloud.positions.back()).norm() > 0.5f);  // the top moved
    CHECK(out.colors == cloud.colors);
}

TEST_CASE("splats sway in the wind like the mesh: same t, same frame; wind off, rest pose") {
    const auto cloud = sw::test::makeSplatPlant(30, 1.f);
    auto set = plantFromPoints(cloud.positions, {}, "plant");
    REQUIRE(set.ok());
    const WindField wind(WindSettings{}, 4);
    sw::splat::SplatCloud a, b;
    animateSplats(cloud, *set, {}, wind, FrameInput{2.f, {}, {}}, a);
    animateSplats(cloud, *set, {}, wind, FrameInput{2.f, {}, {}}, b);
    CHECK(a.positions == b.positions);
    CHECK(a.rotations == b.rotations);
    CHECK(a.positions != cloud.positions);
    WindSettings off;
    off.enabled = false;
    animateSplats(cloud, *set, {}, WindField(off), FrameInput{2.f, {}, {}}, a);
    CHECK(a.positions == cloud.positions);
    CHECK(a.rotations == cloud.rotations);
}

TEST_CASE("an instance's yaw and scale do not change how far the plant leans in the scene") {
    const auto mesh = sw::test::makeGrassPatch(1, 1, 1.f, 1.f);
    auto set = analysePlants(mesh, {}, "card");
    REQUIRE(set.ok());
    const WindField wind(WindSettings{}, 8);
    FoliageInstance a, b;
    a.origin = b.origin = Eigen::Vector3f(5.f, 5.f, 0.f);
    b.yaw = 1.1f;
    b.metresPerUnit = 2.f;
    const Eigen::Vector2f la = plantLeans(*set, a, wind, FrameInput{3.f, {}, {}})[0];
    const Eigen::Vector2f lb = plantLeans(*set, b, wind, FrameInput{3.f, {}, {}})[0];
    CHECK(la.norm() == doctest::Approx(lb.norm()));
    const float c = std::cos(b.yaw), s = std::sin(b.yaw);
    CHECK(Eigen::Vector2f(c * lb.x() - s * lb.y(), s * lb.x() + c * lb.y()).isApprox(la, 1e-5f));  // back to scene
}
