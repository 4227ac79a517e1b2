// Golden images of the mesh renderer (tests/golden/README.md): a textured box, a plain plate
// and an alpha-masked card, seen by orbit and turntable cameras on both backgrounds.
#include <doctest/doctest.h>

#include <cstdio>

#include "core/render/headless_context.h"
#include "core/render/mesh_renderer.h"
#include "tests/gl/fixture_mesh.h"
#include "tests/gl/golden.h"

using namespace sw::render;

namespace {

constexpr int kWidth = 320;
constexpr int kHeight = 240;

void checkGolden(const char* name, Camera camera, Background background) {
    auto context = HeadlessContext::create();
    REQUIRE_MESSAGE(context.ok(), (context.ok() ? "" : context.error().toString()));
    auto renderer = MeshRenderer::create((*context)->loader());
    REQUIRE_MESSAGE(renderer.ok(), (renderer.ok() ? "" : renderer.error().toString()));
    const sw::geometry::Mesh mesh = sw::test::makeBoxAndPlate();
    REQUIRE((*renderer)->setMesh(mesh).ok());
    camera.frame(sw::geometry::computeBounds(mesh), float(kWidth) / float(kHeight));
    auto image = (*renderer)->renderImage(camera, {kWidth, kHeight, background, 4});
    (*renderer)->release();
    REQUIRE_MESSAGE(image.ok(), (image.ok() ? "" : image.error().toString()));
    const sw::test::GoldenOutcome outcome = sw::test::compareWithGolden(name, *image);
    CHECK_MESSAGE(outcome.passed, outcome.message);
}

}  // namespace

TEST_CASE("golden: orbit view on grey") {
    Camera c;
    c.azimuthDeg = 35.f;
    c.elevationDeg = 25.f;
    checkGolden("box_plate_orbit_grey", c, Background::Grey);
}

TEST_CASE("golden: low orbit view from the back-left on black") {
    Camera c;
    c.azimuthDeg = -130.f;
    c.elevationDeg = 8.f;
    checkGolden("box_plate_orbit_low_black", c, Background::Black);
}

TEST_CASE("golden: turntable (40 degree tilt) on black") {
    Camera c;
    c.mode = CameraMode::Turntable;
    c.azimuthDeg = -20.f;
    c.elevationDeg = 80.f;  // ignored: turntable keeps its tilt
    c.tiltDeg = 40.f;
    checkGolden("box_plate_turntable_black", c, Background::Black);
}

TEST_CASE("golden metric: tolerance per channel, share of pixels, missing golden fails") {
    sw::Rgba8Image a{10, 10, std::vector<std::uint8_t>(400, 100)};
    sw::Rgba8Image b = a;
    b.rgba[0] = 100 + sw::test::kChannelTolerance;  // within tolerance
    CHECK(sw::test::countDifferingPixels(a, b) == 0);
    b.rgba[4 * 7 + 3] = 100 - sw::test::kChannelTolerance - 1;  // alpha of pixel 7 differs
    CHECK(sw::test::countDifferingPixels(a, b) == 1);

    const sw::test::GoldenOutcome missing = sw::test::compareWithGolden("metric_selftest_missing", a);
    CHECK_FALSE(missing.passed);
    CHECK(missing.message.find("missing") != std::string::npos);
    const std::string actual = sw::test::goldenOutputDir() + "/metric_selftest_missing.actual.png";
    CHECK(sw::readImageFile(actual).ok());
    std::remove(actual.c_str());  // never offered for approval
}
