// Selection maths (core/splat/selection) and row edits (core/splat/cloud_edit): every shape
// is checked against a brute-force reference that projects each centre with the full 4×4
// matrices, on seeded random clouds built here.
#include <doctest/doctest.h>

#include <Eigen/Geometry>
#include <cstring>
#include <random>

#include "core/splat/cloud_edit.h"
#include "core/splat/selection.h"

using namespace sw::splat;

namespace {

constexpr int kW = 640, kH = 480;

std::vector<Eigen::Vector3f> randomCentres(std::size_t n, unsigned seed) {
    std::mt19937 rng(seed);
    std::uniform_real_distribution<float> u(-1.f, 1.f);
    std::vector<Eigen::Vector3f> p(n);
    for (auto& v : p) v = Eigen::Vector3f(u(rng), u(rng), u(rng));
    return p;
}

// Camera at `eye` looking at the origin, +Z up; 45° vertical field of view.
Eigen::Matrix4f lookAt(const Eigen::Vector3f& eye) {
    const Eigen::Vector3f f = (-eye).normalized();
    const Eigen::Vector3f s = f.cross(Eigen::Vector3f::UnitZ()).normalized();
    const Eigen::Vector3f u = s.cross(f);
    Eigen::Matrix4f v = Eigen::Matrix4f::Identity();
    v.block<1, 3>(0, 0) = s.transpose();
    v.block<1, 3>(1, 0) = u.transpose();
    v.block<1, 3>(2, 0) = -f.transpose();
    v(0, 3) = -s.dot(eye), v(1, 3) = -u.dot(eye), v(2, 3) = f.dot(eye);
    return v;
}

Eigen::Matrix4f perspective(float aspect) {
    const float n = 0.05f, fa = 50.f, t = std::tan(0.5f * 45.f * 3.14159265f / 180.f);
    Eigen::Matrix4f p = Eigen::Matrix4f::Zero();
    p(0, 0) = 1.f / (aspect * t), p(1, 1) = 1.f / t;
    p(2, 2) = -(fa + n) / (fa - n), p(2, 3) = -2.f * fa * n / (fa - n), p(3, 2) = -1.f;
    return p;
}

// Reference projection: full matrix product, then the same pixel convention (y down).
Eigen::Vector2f referencePixel(const Eigen::Matrix4f& vp, const Eigen::Vector3f& q, bool& inFront) {
    const Eigen::Vector4f c = vp * q.homogeneous();
    inFront = c.w() > 0.f;
    return {(c.x() / c.w() * 0.5f + 0.5f) * kW, (0.5f - c.y() / c.w() * 0.5f) * kH};
}

struct Scene {
    std::vector<Eigen::Vector3f> pos = randomCentres(20000, 11);
    Eigen::Matrix4f view = lookAt({2.5f, -2.f, 1.5f});
    Eigen::Matrix4f proj = perspective(float(kW) / kH);
    ProjectedCentres projected = projectCentres(pos, view, proj, kW, kH);
};

SplatCloud randomCloud(std::size_t n, int shDegree, bool normals, unsigned seed) {
    std::mt19937 rng(seed);
    std::uniform_real_distribution<float> u(0.f, 1.f);
    SplatCloud c;
    c.shDegree = shDegree;
    c.resize(n);
    if (normals) c.normals.assign(n, Eigen::Vector3f::UnitZ());
    for (std::size_t i = 0; i < n; ++i) {
        c.positions[i] = Eigen::Vector3f(u(rng), u(rng), u(rng));
        c.rotations[i] = Eigen::Vector4f(u(rng), u(rng), u(rng), u(rng));
        c.scales[i] = Eigen::Vector3f(u(rng), u(rng), u(rng)) * 0.01f + Eigen::Vector3f::Constant(1e-4f);
        c.opacities[i] = u(rng);
        c.colors[i] = Eigen::Vector3f(u(rng), u(rng), u(rng));
        if (normals) c.normals[i] = Eigen::Vector3f(u(rng), u(rng), u(rng)).normalized();
    }
    for (float& v : c.shRest) v = u(rng) - 0.5f;
    return c;
}

template <class T>
bool sameBytes(const std::vector<T>& a, const std::vector<T>& b) {
    return a.size() == b.size() && (a.empty() || std::memcmp(a.data(), b.data(), a.size() * sizeof(T)) == 0);
}

bool identical(const SplatCloud& a, const SplatCloud& b) {
    return a.shDegree == b.shDegree && sameBytes(a.positions, b.positions) && sameBytes(a.rotations, b.rotations) &&
           sameBytes(a.scales, b.scales) && sameBytes(a.opacities, b.opacities) && sameBytes(a.colors, b.colors) &&
           sameBytes(a.normals, b.normals) && sameBytes(a.shRest, b.shRest);
}

}  // namespace

TEST_CASE("a box selects exactly the splats whose centres project inside it") {
    const Scene s;
    const Eigen::Matrix4f vp = s.proj * s.view;
    const Eigen::Vector2f a(420.f, 90.f), b(150.f, 330.f);  // corners given in any order
    const Mask hits = insideBox(s.projected, a, b);
    int inside = 0;
    for (std::size_t i = 0; i < s.pos.size(); ++i) {
        bool front = false;
        const Eigen::Vector2f px = referencePixel(vp, s.pos[i], front);
        // Centres within 1e-3 px of an edge may round either way: skip them.
        const float margin = std::min({std::abs(px.x() - 150.f), std::abs(px.x() - 420.f), std::abs(px.y() - 90.f),
                                       std::abs(px.y() - 330.f)});
        if (margin < 1e-3f) continue;
        const bool want = front && px.x() >= 150.f && px.x() <= 420.f && px.y() >= 90.f && px.y() <= 330.f;
        inside += want;
        REQUIRE(bool(hits[i]) == want);
    }
    CHECK(inside > 1000);                        // the box is not trivially empty
    CHECK(inside < int(s.pos.size()) - 1000);    // nor everything
}

TEST_CASE("centres behind the camera are never picked") {
    std::vector<Eigen::Vector3f> pos = {{0, 0, 0}, {5, -4, 3}};  // the second is behind the eye
    const Eigen::Matrix4f view = lookAt({2.5f, -2.f, 1.5f});
    const ProjectedCentres p = projectCentres(pos, view, perspective(4.f / 3.f), kW, kH);
    CHECK(p.depth[0] > 0.f);
    CHECK(p.depth[1] <= 0.f);
    const Mask all = insideBox(p, {-1e6f, -1e6f}, {1e6f, 1e6f});
    CHECK(all == Mask{1, 0});
}

TEST_CASE("a lasso selects the centres inside the polygon, concave corners included") {
    const Scene s;
    // An L shape: the box 100..500 × 100..400 less its top-right quarter 300..500 × 100..250.
    const std::vector<Eigen::Vector2f> L = {{100, 100}, {300, 100}, {300, 250}, {500, 250}, {500, 400}, {100, 400}};
    const Mask hits = insideLasso(s.projected, L);
    const Mask whole = insideBox(s.projected, {100, 100}, {500, 400});
    const Mask notch = insideBox(s.projected, {300, 100}, {500, 250});
    int inNotch = 0, count = 0;
    for (std::size_t i = 0; i < s.pos.size(); ++i) {
        const float x = s.projected.x[i], y = s.projected.y[i];
        const bool onEdge = std::abs(x - 300.f) < 1e-3f || std::abs(y - 250.f) < 1e-3f || std::abs(x - 100.f) < 1e-3f ||
                            std::abs(x - 500.f) < 1e-3f || std::abs(y - 100.f) < 1e-3f || std::abs(y - 400.f) < 1e-3f;
        if (onEdge) continue;
        REQUIRE(bool(hits[i]) == (whole[i] && !notch[i]));
        inNotch += notch[i];
        count += hits[i];
    }
    CHECK(inNotch > 100);
    CHECK(count > 1000);
    // A square lasso equals the box.
    const std::vector<Eigen::Vector2f> square = {{120, 80}, {420, 80}, {420, 330}, {120, 330}};
    CHECK(maskCount(insideLasso(s.projected, square)) == maskCount(insideBox(s.projected, {120, 80}, {420, 330})));
}

TEST_CASE("brush circle, click and sphere") {
    const Scene s;
    const Eigen::Vector2f c(320, 240);
    const Mask brush = insideCircle(s.projected, c, 40.f);
    for (std::size_t i = 0; i < s.pos.size(); ++i) {
        const float d = std::hypot(s.projected.x[i] - c.x(), s.projected.y[i] - c.y());
        if (std::abs(d - 40.f) > 1e-3f) REQUIRE(bool(brush[i]) == (d < 40.f && s.projected.depth[i] > 0.f));
    }
    CHECK(maskCount(brush) > 50);

    // The click takes the nearest-to-camera centre among those within the radius.
    const int hit = nearestCentre(s.projected, c, 6.f);
    REQUIRE(hit >= 0);
    for (std::size_t i = 0; i < s.pos.size(); ++i)
        if (std::hypot(s.projected.x[i] - c.x(), s.projected.y[i] - c.y()) <= 6.f)
            CHECK(s.projected.depth[i] >= s.projected.depth[std::size_t(hit)]);
    Mask hidden(s.pos.size(), 0);
    hidden[std::size_t(hit)] = 1;
    CHECK(nearestCentre(s.projected, c, 6.f, hidden) != hit);  // a hidden splat is not clicked

    const Eigen::Vector3f centre(0.2f, -0.1f, 0.3f);
    const Mask ball = insideSphere(s.pos, centre, 0.4f);
    std::size_t want = 0;
    for (std::size_t i = 0; i < s.pos.size(); ++i) {
        REQUIRE(bool(ball[i]) == ((s.pos[i] - centre).norm() <= 0.4f));
        want += ball[i];
    }
    CHECK(want > 200);
    const Mask box = insideAabb(s.pos, Eigen::Vector3f::Constant(-0.5f), Eigen::Vector3f::Constant(0.5f));
    for (std::size_t i = 0; i < s.pos.size(); ++i) REQUIRE(bool(box[i]) == (s.pos[i].cwiseAbs().maxCoeff() <= 0.5f));
}

TEST_CASE("depth-aware picking keeps only the front layer") {
    // Two parallel planes of centres seen head-on: the far one hides behind the near one.
    std::vector<Eigen::Vector3f> pos;
    for (int y = 0; y < 40; ++y)
        for (int x = 0; x < 40; ++x) {
            pos.emplace_back(-0.4f + 0.02f * x, 0.f, -0.4f + 0.02f * y);  // near plane y = 0
            pos.emplace_back(-0.4f + 0.02f * x, 0.5f, -0.4f + 0.02f * y); // far plane y = 0.5
        }
    const ProjectedCentres p = projectCentres(pos, lookAt({0.f, -3.f, 0.f}), perspective(4.f / 3.f), kW, kH);
    Mask hits = insideBox(p, {0, 0}, {float(kW), float(kH)});
    CHECK(maskCount(hits) == pos.size());
    keepFrontMost(p, hits, {}, {8.f, 0.02f});
    std::size_t nearKept = 0, farKept = 0;
    for (std::size_t i = 0; i < pos.size(); ++i) (i % 2 == 0 ? nearKept : farKept) += hits[i];
    CHECK(nearKept == pos.size() / 2);  // every near centre is at the front of its cell
    CHECK(farKept < pos.size() / 20);   // the far plane is behind it (a few cells at the rim see only far ones)
    // Hiding the near plane brings the far one to the front.
    Mask hidden(pos.size(), 0);
    for (std::size_t i = 0; i < pos.size(); i += 2) hidden[i] = 1;
    Mask again = insideBox(p, {0, 0}, {float(kW), float(kH)});
    keepFrontMost(p, again, hidden, {8.f, 0.02f});
    farKept = 0;
    for (std::size_t i = 1; i < pos.size(); i += 2) farKept += again[i];
    CHECK(farKept == pos.size() / 2);
}

TEST_CASE("replace, add, subtract and invert respect hidden splats") {
    Mask sel = {1, 0, 0, 1, 0};
    const Mask hidden = {0, 0, 1, 0, 0};
    applySelection(sel, Mask{0, 1, 1, 0, 0}, SelectOp::Add, hidden);
    CHECK(sel == Mask{1, 1, 0, 1, 0});
    applySelection(sel, Mask{1, 0, 0, 0, 0}, SelectOp::Subtract, hidden);
    CHECK(sel == Mask{0, 1, 0, 1, 0});
    invertSelection(sel, hidden);
    CHECK(sel == Mask{1, 0, 0, 0, 1});
    applySelection(sel, Mask{0, 0, 1, 1, 0}, SelectOp::Replace, hidden);
    CHECK(sel == Mask{0, 0, 0, 1, 0});
    invertSelection(sel);
    invertSelection(sel);
    CHECK(sel == Mask{0, 0, 0, 1, 0});  // twice is the identity
}

TEST_CASE("grow adds the neighbours within the radius, shrink peels the rim") {
    // A line of centres 0.1 apart; select the middle one.
    std::vector<Eigen::Vector3f> pos;
    for (int i = 0; i < 21; ++i) pos.emplace_back(0.1f * float(i - 10), 0.f, 0.f);
    Mask sel(pos.size(), 0);
    sel[10] = 1;
    growSelection(pos, sel, 0.15f);
    CHECK(sel == Mask{0, 0, 0, 0, 0, 0, 0, 0, 0, 1, 1, 1, 0, 0, 0, 0, 0, 0, 0, 0, 0});
    growSelection(pos, sel, 0.25f);
    CHECK(maskCount(sel) == 7);  // 7..13
    CHECK(sel[7] == 1);
    CHECK(sel[13] == 1);
    shrinkSelection(pos, sel, 0.15f);
    CHECK(maskCount(sel) == 5);  // 8..12
    CHECK(sel[7] == 0);
    CHECK(sel[8] == 1);
    // A hidden neighbour is neither grown into nor a reason to shrink.
    Mask hidden(pos.size(), 0);
    hidden[13] = 1;
    growSelection(pos, sel, 0.15f, hidden);
    CHECK(sel[13] == 0);
    CHECK(sel[7] == 1);
    CHECK(maskCount(sel) == 6);  // 7..12
    // Brute-force check on a random cloud.
    const auto cloud = randomCentres(3000, 5);
    Mask r(cloud.size(), 0);
    for (std::size_t i = 0; i < cloud.size(); i += 37) r[i] = 1;
    Mask grown = r;
    growSelection(cloud, grown, 0.12f);
    for (std::size_t i = 0; i < cloud.size(); ++i) {
        bool near = r[i];
        for (std::size_t j = 0; j < cloud.size() && !near; ++j) near = r[j] && (cloud[i] - cloud[j]).norm() <= 0.12f;
        REQUIRE(bool(grown[i]) == near);
    }
}

TEST_CASE("attribute range and histogram") {
    const std::vector<float> v = {0.f, 0.1f, 0.5f, 0.5f, 0.9f, 1.f, std::nanf("")};
    CHECK(inRange(v, 0.1f, 0.5f) == Mask{0, 1, 1, 1, 0, 0, 0});
    const Histogram h = histogram(v, 4);
    CHECK(h.lo == 0.f);
    CHECK(h.hi == 1.f);
    CHECK(h.counts == std::vector<int>{2, 0, 2, 2});  // NaN left out; 1.0 in the last bin
    const Histogram flat = histogram(std::vector<float>{2.f, 2.f}, 3);
    CHECK(flat.counts == std::vector<int>{2, 0, 0});
    CHECK(histogram(std::vector<float>{}, 3).counts == std::vector<int>{0, 0, 0});
    CHECK(maskIndices(Mask{0, 1, 0, 1}) == std::vector<std::uint32_t>{1, 3});
}

TEST_CASE("removing rows and restoring them gives the cloud back bit for bit") {
    for (int degree : {0, 1, 3}) {
        const SplatCloud original = randomCloud(500, degree, degree == 1, 7 + unsigned(degree));
        SplatCloud cloud = original;
        const std::vector<std::uint32_t> drop = {499, 3, 0, 77, 3, 250, 9999};  // unsorted, duplicate, out of range
        const CloudRows delta = removeRows(cloud, drop);
        CHECK(delta.indices == std::vector<std::uint32_t>{0, 3, 77, 250, 499});
        CHECK(cloud.size() == 495);
        CHECK(delta.rows.size() == 5);
        CHECK(cloud.shRest.size() == 495u * std::size_t(shRestCount(degree)) * 3u);
        CHECK(cloud.positions[0] == original.positions[1]);
        CHECK(delta.rows.opacities[2] == original.opacities[77]);
        CHECK(cloud.validate("edited").ok());
        restoreRows(cloud, delta);
        CHECK(identical(cloud, original));
    }
}

TEST_CASE("a flag array created after a removal restores as zeros") {
    std::vector<std::uint8_t> flags = {1, 1, 1};  // appeared after two entries were removed
    const std::vector<std::uint32_t> removed = {0, 4};
    restoreEntries(flags, removed, std::vector<std::uint8_t>{});
    CHECK(flags == std::vector<std::uint8_t>{0, 1, 1, 1, 0});
    std::vector<float> values = {1, 2, 3, 4, 5, 6};  // stride 2
    const std::vector<std::uint32_t> drop = {1};
    const auto gone = removeEntries(values, drop, 2);
    CHECK(values == std::vector<float>{1, 2, 5, 6});
    CHECK(gone == std::vector<float>{3, 4});
    restoreEntries(values, drop, gone, 2);
    CHECK(values == std::vector<float>{1, 2, 3, 4, 5, 6});
}
