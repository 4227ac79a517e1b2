// SplatCloud: defaults and validate() messages naming the first bad splat.
#include <doctest/doctest.h>

#include <cmath>
#include <limits>

#include "core/splat/splat_cloud.h"

using sw::splat::SplatCloud;

namespace {

SplatCloud threeSplats() {
    SplatCloud c;
    c.shDegree = 1;
    c.resize(3);
    return c;
}

std::string messageOf(const SplatCloud& c) {
    const sw::Status s = c.validate("cloud.ply");
    REQUIRE_FALSE(s.ok());
    CHECK(s.error().code == sw::ErrorCode::InvalidInput);
    CHECK(s.error().path == "cloud.ply");
    return s.error().message;
}

}  // namespace

TEST_CASE("shRestCount follows (d+1)^2-1") {
    CHECK(sw::splat::shRestCount(0) == 0);
    CHECK(sw::splat::shRestCount(1) == 3);
    CHECK(sw::splat::shRestCount(2) == 8);
    CHECK(sw::splat::shRestCount(3) == 15);
}

TEST_CASE("resize fills valid defaults and sizes SH for the degree") {
    SplatCloud c = threeSplats();
    CHECK(c.size() == 3);
    CHECK(c.shRest.size() == 3u * 3u * 3u);
    CHECK(c.normals.empty());
    CHECK(c.rotations[2] == Eigen::Vector4f(1, 0, 0, 0));
    CHECK(c.validate("x").ok());
    c.normals.resize(1);
    c.resize(5);
    CHECK(c.normals.size() == 5);
    CHECK(c.validate("x").ok());
}

TEST_CASE("validate names the first bad splat") {
    const float nan = std::numeric_limits<float>::quiet_NaN();
    SplatCloud c = threeSplats();
    c.positions[2].x() = nan;
    c.positions[1].y() = std::numeric_limits<float>::infinity();
    CHECK(messageOf(c) == "splat 1: position is not finite");

    c = threeSplats();
    c.opacities[2] = 1.5f;
    CHECK(messageOf(c) == "splat 2: opacity is outside [0, 1]");

    c = threeSplats();
    c.scales[0].z() = 0.0f;
    CHECK(messageOf(c) == "splat 0: scale is not positive");

    c = threeSplats();
    c.rotations[1].setZero();
    CHECK(messageOf(c) == "splat 1: rotation has zero length");

    c = threeSplats();
    c.shRest[2 * 9 + 4] = nan;
    CHECK(messageOf(c) == "splat 2: SH coefficient is not finite");

    c = threeSplats();
    c.colors[0].x() = nan;
    CHECK(messageOf(c) == "splat 0: color is not finite");
}

TEST_CASE("validate checks array sizes and the SH degree") {
    SplatCloud c = threeSplats();
    c.rotations.pop_back();
    CHECK(messageOf(c) == "rotations has 2 entries, expected 3");

    c = threeSplats();
    c.shRest.push_back(0.0f);
    CHECK(messageOf(c) == "shRest has 28 floats, expected 27 for SH degree 1");

    c = threeSplats();
    c.shDegree = 4;
    CHECK(messageOf(c) == "SH degree 4 is outside 0..3");

    c = threeSplats();
    c.normals.resize(2);
    CHECK(messageOf(c) == "normals has 2 entries, expected 3");
}
