// Camera math: conventions (+Z up, azimuth 0 on −Y), view/projection, mouse edits, framing.
#include <doctest/doctest.h>

#include <Eigen/Geometry>
#include <cmath>

#include "core/render/camera.h"

using sw::render::Camera;
using sw::render::CameraMode;

namespace {
Eigen::Vector3f toView(const Camera& c, const Eigen::Vector3f& p) {
    return (c.view() * p.homogeneous()).head<3>();
}
}  // namespace

TEST_CASE("azimuth 0 looks at the front from -Y, 90 from +X; +Z is up on screen") {
    Camera c;
    c.distance = 2.f;
    c.elevationDeg = 0.f;
    c.azimuthDeg = 0.f;
    CHECK((c.eye() - Eigen::Vector3f(0, -2, 0)).norm() < 1e-5f);
    // +X is to the right, +Z up, the target straight ahead at depth -distance.
    CHECK(toView(c, {1, 0, 0}).x() > 0.99f);
    CHECK(toView(c, {0, 0, 1}).y() > 0.99f);
    CHECK((toView(c, {0, 0, 0}) - Eigen::Vector3f(0, 0, -2)).norm() < 1e-5f);
    c.azimuthDeg = 90.f;
    CHECK((c.eye() - Eigen::Vector3f(2, 0, 0)).norm() < 1e-5f);
}

TEST_CASE("the view matrix is a rigid motion looking at the target from any angle") {
    Camera c;
    c.target = {0.3f, -0.2f, 0.5f};
    c.distance = 4.f;
    for (float az : {-170.f, -45.f, 0.f, 33.f, 120.f}) {
        for (float el : {-80.f, -10.f, 0.f, 45.f, 89.f}) {
            c.azimuthDeg = az;
            c.elevationDeg = el;
            const Eigen::Matrix3f r = c.view().block<3, 3>(0, 0);
            CHECK((r * r.transpose() - Eigen::Matrix3f::Identity()).norm() < 1e-5f);
            CHECK((toView(c, c.target) - Eigen::Vector3f(0, 0, -4)).norm() < 1e-4f);
            CHECK(toView(c, c.eye()).norm() < 1e-4f);
        }
    }
}

TEST_CASE("projection maps the clip planes around the framed sphere to depth -1 and 1") {
    Camera c;
    c.distance = 5.f;
    c.sceneRadius = 1.f;  // near = 3, far = 7
    const Eigen::Matrix4f p = c.projection(2.f);
    auto ndcZ = [&](float viewZ) {
        const Eigen::Vector4f clip = p * Eigen::Vector4f(0, 0, viewZ, 1);
        return clip.z() / clip.w();
    };
    CHECK(ndcZ(-3.f) == doctest::Approx(-1.f).epsilon(1e-5));
    CHECK(ndcZ(-7.f) == doctest::Approx(1.f).epsilon(1e-5));
    // A point at the top edge of the vertical field of view lands on y = 1; aspect scales x.
    const float y = 5.f * std::tan(20.f * 3.14159265f / 180.f);
    const Eigen::Vector4f top = p * Eigen::Vector4f(y, y, -5.f, 1);
    CHECK(top.y() / top.w() == doctest::Approx(1.f).epsilon(1e-4));
    CHECK(top.x() / top.w() == doctest::Approx(0.5f).epsilon(1e-4));
}

TEST_CASE("turntable keeps its tilt and only yaws; orbit clamps elevation") {
    Camera c;
    c.mode = CameraMode::Turntable;
    c.tiltDeg = 40.f;
    c.elevationDeg = 10.f;
    c.rotate(25.f, 30.f);
    CHECK(c.azimuthDeg == doctest::Approx(55.f));
    CHECK(c.elevationDeg == doctest::Approx(10.f));
    CHECK(c.effectiveElevationDeg() == doctest::Approx(40.f));
    const Eigen::Vector3f d = (c.eye() - c.target).normalized();
    CHECK(std::asin(d.z()) * 180.f / 3.14159265f == doctest::Approx(40.f).epsilon(1e-4));

    c.mode = CameraMode::Orbit;
    c.rotate(0.f, 500.f);
    CHECK(c.elevationDeg == doctest::Approx(Camera::kMaxElevationDeg));
}

TEST_CASE("zoom and pan move the camera as a drag would") {
    Camera c;
    c.sceneRadius = 1.f;
    c.distance = 4.f;
    c.zoom(0.5f);
    CHECK(c.distance == doctest::Approx(2.f));
    c.zoom(1e-6f);
    CHECK(c.distance == doctest::Approx(0.02f));
    c.distance = 4.f;
    c.azimuthDeg = 0.f;
    c.elevationDeg = 0.f;
    // Content moves right by a quarter of the visible height: the target moves left (−X).
    c.pan(0.25f, 0.f);
    const float visible = 2.f * 4.f * std::tan(20.f * 3.14159265f / 180.f);
    CHECK(c.target.x() == doctest::Approx(-0.25f * visible).epsilon(1e-4));
    CHECK(std::abs(c.target.z()) < 1e-5f);
    c.pan(0.f, 0.5f);  // content up: target down
    CHECK(c.target.z() == doctest::Approx(-0.5f * visible).epsilon(1e-4));
}

TEST_CASE("frame puts the bounding sphere inside both fields of view") {
    sw::geometry::Bounds b{{-1.f, -2.f, 0.f}, {3.f, 2.f, 1.f}};
    for (float aspect : {0.5f, 1.f, 2.f}) {
        Camera c;
        c.frame(b, aspect);
        CHECK((c.target - Eigen::Vector3f(1, 0, 0.5f)).norm() < 1e-5f);
        CHECK(c.sceneRadius == doctest::Approx(0.5f * b.size().norm()));
        const Eigen::Matrix4f p = c.projection(aspect);
        // The sphere's silhouette must stay inside NDC [-1, 1] in x and y from this distance.
        const float s = c.sceneRadius / c.distance;  // sin of the sphere's angular radius
        const float t = s / std::sqrt(1.f - s * s);  // tan of it
        CHECK(t * p(0, 0) <= 1.f);
        CHECK(t * p(1, 1) <= 1.f);
        CHECK(t * std::max(p(0, 0), p(1, 1)) > 0.9f);  // and fill most of the tighter axis
    }
}
