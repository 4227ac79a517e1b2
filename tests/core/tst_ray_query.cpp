// Ray casts, occlusion, closest points and sky visibility on meshes built in code.
#include <doctest/doctest.h>

#include <random>

#include "core/geometry/ray_query.h"

using namespace sw::geometry;
using Eigen::Vector3f;

namespace {

constexpr float kEps = 1e-5f;

// Adds an axis-aligned quad (two triangles) with corners a, b, c, d counter-clockwise seen from
// the side its normal points to.
void addQuad(Mesh& m, Vector3f a, Vector3f b, Vector3f c, Vector3f d) {
    const int base = static_cast<int>(m.positions.size());
    m.positions.insert(m.positions.end(), {a, b, c, d});
    m.triangles.push_back({base, base + 1, base + 2});
    m.triangles.push_back({base, base + 2, base + 3});
}

// A unit-square floor at z = 0 plus, optionally, four walls of height h around it: a well.
Mesh well(float h) {
    Mesh m;
    addQuad(m, {-1, -1, 0}, {1, -1, 0}, {1, 1, 0}, {-1, 1, 0});
    if (h > 0) {
        addQuad(m, {-1, -1, 0}, {-1, 1, 0}, {-1, 1, h}, {-1, -1, h});
        addQuad(m, {1, -1, 0}, {1, -1, h}, {1, 1, h}, {1, 1, 0});
        addQuad(m, {-1, -1, 0}, {-1, -1, h}, {1, -1, h}, {1, -1, 0});
        addQuad(m, {-1, 1, 0}, {1, 1, 0}, {1, 1, h}, {-1, 1, h});
    }
    return m;
}

Vector3f bruteClosest(const Mesh& m, const Vector3f& p) {
    Vector3f best = m.positions[0];
    for (const auto& t : m.triangles) {
        const Vector3f c = closestPointOnTriangle(p, m.positions[t[0]], m.positions[t[1]], m.positions[t[2]]);
        if ((c - p).norm() < (best - p).norm()) best = c;
    }
    return best;
}

}  // namespace

TEST_CASE("intersect returns distance, face and geometric normal; misses report no hit") {
    const Mesh m = well(0);
    auto q = RayQuery::build(m);
    REQUIRE(q.ok());
    const RayHit hit = (*q)->intersect({0.25f, 0.5f, 2.f}, {0, 0, -1});
    REQUIRE(hit.hit);
    CHECK(hit.distance == doctest::Approx(2.f).epsilon(kEps));
    CHECK(hit.normal.z() == doctest::Approx(1.f));
    CHECK((hit.face == 0 || hit.face == 1));
    CHECK_FALSE((*q)->intersect({3.f, 0.f, 2.f}, {0, 0, -1}).hit);
    CHECK_FALSE((*q)->intersect({0.f, 0.f, 2.f}, {0, 0, -1}, 0.f, 1.5f).hit);  // beyond tFar
    CHECK((*q)->occluded({0.f, 0.f, 2.f}, {0, 0, -1}));
    CHECK_FALSE((*q)->occluded({0.f, 0.f, 2.f}, {0, 0, 1}));
}

TEST_CASE("closest point matches brute force on random queries") {
    const Mesh m = well(1.5f);
    auto q = RayQuery::build(m);
    REQUIRE(q.ok());
    std::mt19937 rng(42);
    std::uniform_real_distribution<float> u(-2.f, 2.f);
    for (int i = 0; i < 500; ++i) {
        const Vector3f p(u(rng), u(rng), u(rng));
        const ClosestPoint c = (*q)->closestPoint(p);
        REQUIRE(c.found);
        const Vector3f ref = bruteClosest(m, p);
        CHECK((c.point - p).norm() == doctest::Approx((ref - p).norm()).epsilon(1e-4));
        CHECK(c.distance == doctest::Approx((c.point - p).norm()).epsilon(1e-4));
    }
    CHECK_FALSE((*q)->closestPoint({0, 0, 10}, 1.f).found);  // nothing within the radius
}

TEST_CASE("sky visibility is darker inside a cavity than on an open face, and deterministic") {
    const Mesh open = well(0), deep = well(3.f);
    auto qOpen = RayQuery::build(open);
    auto qDeep = RayQuery::build(deep);
    REQUIRE(qOpen.ok());
    REQUIRE(qDeep.ok());
    const std::vector<Vector3f> pts{{0, 0, 0}, {0.9f, 0, 0}};
    const std::vector<Vector3f> nrm{{0, 0, 1}, {0, 0, 1}};
    SkyVisibilitySettings s;
    s.raysPerPoint = 256;
    const auto vOpen = skyVisibility(**qOpen, pts, nrm, s);
    const auto vDeep = skyVisibility(**qDeep, pts, nrm, s);
    CHECK(vOpen[0] == 1.f);
    // Floor centre of a 2×2×3 well sees the sky through the opening only: analytically ≈ 0.12 (view factor of the square opening).
    CHECK(vDeep[0] < 0.2f);
    CHECK(vDeep[0] > 0.03f);
    CHECK(vDeep[1] < vOpen[1]);
    s.threads = 1;
    const auto single = skyVisibility(**qDeep, pts, nrm, s);
    s.threads = 3;
    CHECK(single == skyVisibility(**qDeep, pts, nrm, s));
}

TEST_CASE("build rejects empty meshes and non-finite vertices") {
    Mesh empty;
    auto r = RayQuery::build(empty);
    REQUIRE_FALSE(r.ok());
    CHECK(r.error().message.find("triangles") != std::string::npos);
    Mesh bad = well(0);
    bad.positions[1].x() = std::numeric_limits<float>::quiet_NaN();
    r = RayQuery::build(bad);
    REQUIRE_FALSE(r.ok());
    CHECK(r.error().message.find("non-finite") != std::string::npos);
}
