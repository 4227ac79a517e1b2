// antimatter15 .splat: a hand-built record, round trip, size errors.
#include <doctest/doctest.h>

#include <cmath>

#include "core/formats/splat_file.h"
#include "tests/core/tst_formats_fixtures.h"

using namespace sw::formats;
using Bytes = std::vector<std::uint8_t>;

TEST_CASE(".splat reader decodes a hand-built record") {
    Bytes b;
    for (float v : {1.0f, 2.0f, -3.0f, 0.5f, 0.25f, 0.125f}) sw::test::appendBytes(b, v);
    b.insert(b.end(), {255, 0, 51, 128});  // rgba
    b.insert(b.end(), {128, 228, 128, 128});  // (0, 100, 0, 0)/128 → normalised x axis
    auto c = decodeSplatFile(b, "one.splat", Axes::Model);
    REQUIRE_MESSAGE(c.ok(), sw::test::errorText(c));
    REQUIRE(c->size() == 1);
    CHECK(c->positions[0] == Eigen::Vector3f(1.0f, 2.0f, -3.0f));
    CHECK(c->scales[0] == Eigen::Vector3f(0.5f, 0.25f, 0.125f));
    CHECK(c->colors[0] == Eigen::Vector3f(1.0f, 0.0f, 0.2f));
    CHECK(c->opacities[0] == doctest::Approx(128.0 / 255.0));
    CHECK(c->rotations[0] == Eigen::Vector4f(0.0f, 1.0f, 0.0f, 0.0f));
    CHECK(c->shDegree == 0);
}

TEST_CASE(".splat round trip within 8-bit quantisation") {
    const auto cloud = sw::test::makeRandomCloud(50, 2, 21u);
    auto bytes = encodeSplatFile(cloud, "rt.splat");
    REQUIRE(bytes.ok());
    CHECK(bytes->size() == 50 * 32);
    auto back = decodeSplatFile(*bytes, "rt.splat");
    REQUIRE(back.ok());
    CHECK(back->shDegree == 0);
    for (std::size_t i = 0; i < cloud.size(); ++i) {
        CHECK(back->positions[i] == cloud.positions[i]);
        CHECK(back->scales[i] == cloud.scales[i]);
        CHECK((back->colors[i] - cloud.colors[i]).cwiseAbs().maxCoeff() <= 0.5f / 255.0f + 1e-6f);
        CHECK(std::fabs(back->opacities[i] - cloud.opacities[i]) <= 0.5f / 255.0f + 1e-6f);
        CHECK(std::fabs(back->rotations[i].dot(cloud.rotations[i])) >= 0.999f);
    }
}

TEST_CASE(".splat size errors name the offset") {
    auto r = decodeSplatFile(Bytes(70, 0), "x.splat");
    REQUIRE_FALSE(r.ok());
    CHECK(r.error().message == "truncated: .splat size 70 is not a multiple of 32; last record starts at byte offset 64");
    CHECK(decodeSplatFile(Bytes{}, "x.splat").error().message == ".splat file is empty");
    Bytes zeroRot(32, 0);
    zeroRot[28] = zeroRot[29] = zeroRot[30] = zeroRot[31] = 128;
    CHECK(decodeSplatFile(zeroRot, "x.splat").error().message == "zero rotation in splat 0 at byte offset 28");
}
