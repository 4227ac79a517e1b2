// The gizmo pass of core/render: the dataset belt's camera markers (frustum lines + round
// points, one colour per split) and a blended overlay triangle, as a golden image, plus pixel
// checks that each split's colour is drawn and that the overlay blends.
#include <doctest/doctest.h>

#include "core/dataset/belt.h"
#include "core/render/camera.h"
#include "core/render/gizmo_renderer.h"
#include "core/render/headless_context.h"
#include "tests/gl/golden.h"

using namespace sw;
using namespace sw::render;

namespace {

constexpr int kSize = 256;

const Eigen::Vector4f kTrain(0.25f, 0.75f, 1.f, 1.f), kVal(1.f, 0.85f, 0.2f, 1.f), kTest(1.f, 0.3f, 0.8f, 1.f);

void addSplit(std::vector<GizmoVertex>& lines, std::vector<GizmoVertex>& points,
              const std::vector<dataset::CameraPose>& poses, const Eigen::Vector4f& color) {
    for (const dataset::CameraPose& pose : poses) {
        const CameraMarker m{pose.cameraToWorld.cast<float>(), color};
        appendFrustumLines(lines, m, 0.3f, 40.f);
        points.push_back({m.cameraToWorld.block<3, 1>(0, 3), color});
    }
}

long countNear(const Rgba8Image& image, const Eigen::Vector4f& color) {
    long n = 0;
    for (std::size_t i = 0; i + 3 < image.rgba.size(); i += 4) {
        bool near = true;
        for (int c = 0; c < 3; ++c) near &= std::abs(int(image.rgba[i + c]) - int(std::lround(color[c] * 255))) <= 6;
        n += near ? 1 : 0;
    }
    return n;
}

}  // namespace

TEST_CASE("golden: belt camera markers and a blended overlay triangle") {
    auto context = HeadlessContext::create();
    REQUIRE_MESSAGE(context.ok(), (context.ok() ? "" : context.error().toString()));
    auto gizmo = GizmoRenderer::create((*context)->loader());
    REQUIRE_MESSAGE(gizmo.ok(), (gizmo.ok() ? "" : gizmo.error().toString()));

    dataset::BeltSettings belt;
    belt.trainViews = 24;
    std::vector<GizmoVertex> lines, points;
    addSplit(lines, points, dataset::trainPoses(belt), kTrain);
    addSplit(lines, points, dataset::valPoses(belt), kVal);
    addSplit(lines, points, dataset::testPoses(belt), kTest);
    const std::size_t views = 24 + 8 + 16;
    (*gizmo)->setLines(lines);
    (*gizmo)->setPoints(points, 6.f);
    const Eigen::Vector4f overlay(1.f, 0.f, 0.f, 0.5f);
    (*gizmo)->setTriangles({{{-1, -1, 0}, overlay}, {{1, -1, 0}, overlay}, {{0, 1, 0}, overlay}});
    CHECK((*gizmo)->lineCount() == views * 8);
    CHECK((*gizmo)->pointCount() == views);
    CHECK((*gizmo)->triangleCount() == 1);

    Camera camera;
    camera.azimuthDeg = 20.f;
    camera.elevationDeg = 35.f;
    camera.distance = 9.f;
    camera.sceneRadius = 4.f;
    auto image = (*gizmo)->renderImage(camera.view(), camera.projection(1.f), kSize, kSize);
    (*gizmo)->release();
    REQUIRE_MESSAGE(image.ok(), (image.ok() ? "" : image.error().toString()));

    CHECK(countNear(*image, kTrain) > 200);
    CHECK(countNear(*image, kVal) > 30);
    CHECK(countNear(*image, kTest) > 60);
    // Half-transparent red over grey 0.5: (0.75, 0.25, 0.25) at the centre of the view.
    const std::size_t centre = (std::size_t(kSize / 2) * kSize + kSize / 2) * 4;
    CHECK(std::abs(int(image->rgba[centre]) - 191) <= 3);
    CHECK(std::abs(int(image->rgba[centre + 1]) - 64) <= 3);

    const test::GoldenOutcome outcome = test::compareWithGolden("gizmo_belt_markers", *image);
    CHECK_MESSAGE(outcome.passed, outcome.message);
}
