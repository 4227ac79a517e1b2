#include "core/render/camera.h"

#include <Eigen/Geometry>
#include <algorithm>
#include <cmath>

#include "core/foundation/check.h"
#include "core/render/projection.h"

namespace sw::render {

namespace {
constexpr float kPi = 3.14159265358979f;
float radians(float deg) { return deg * kPi / 180.f; }
}  // namespace

float Camera::effectiveElevationDeg() const {
    const float e = mode == CameraMode::Turntable ? tiltDeg : elevationDeg;
    return std::clamp(e, -kMaxElevationDeg, kMaxElevationDeg);
}

Eigen::Vector3f Camera::eye() const {
    const float az = radians(azimuthDeg);
    const float el = radians(effectiveElevationDeg());
    const Eigen::Vector3f dir(std::cos(el) * std::sin(az), -std::cos(el) * std::cos(az), std::sin(el));
    return target + distance * dir;
}

Eigen::Matrix4f Camera::view() const {
    // Look-at with +Z up (gluLookAt's construction): rows are the camera axes in model space.
    const Eigen::Vector3f e = eye();
    const Eigen::Vector3f forward = (target - e).normalized();
    const Eigen::Vector3f right = forward.cross(Eigen::Vector3f::UnitZ()).normalized();
    const Eigen::Vector3f up = right.cross(forward);
    Eigen::Matrix4f m = Eigen::Matrix4f::Identity();
    m.block<1, 3>(0, 0) = right.transpose();
    m.block<1, 3>(1, 0) = up.transpose();
    m.block<1, 3>(2, 0) = -forward.transpose();
    m(0, 3) = -right.dot(e);
    m(1, 3) = -up.dot(e);
    m(2, 3) = forward.dot(e);
    return m;
}

Eigen::Matrix4f Camera::projection(float aspect) const {
    SW_REQUIRE(aspect > 0.f, "aspect=" << aspect);
    // gluPerspective. Clip planes hug the framed sphere for depth precision.
    const float r = std::max(sceneRadius, 1e-6f);
    const float nearZ = std::max(distance - 2.f * r, 0.01f * distance);
    const float farZ = distance + 2.f * r;
    return perspectiveMatrix(radians(fovYDeg), aspect, nearZ, farZ);
}

void Camera::rotate(float dAzimuthDeg, float dElevationDeg) {
    azimuthDeg = std::fmod(azimuthDeg + dAzimuthDeg, 360.f);
    if (mode == CameraMode::Orbit) {
        elevationDeg = std::clamp(elevationDeg + dElevationDeg, -kMaxElevationDeg, kMaxElevationDeg);
    }
}

void Camera::zoom(float factor) {
    SW_REQUIRE(factor > 0.f, "factor=" << factor);
    const float r = std::max(sceneRadius, 1e-6f);
    distance = std::clamp(distance * factor, 0.02f * r, 100.f * r);
}

void Camera::pan(float dxFraction, float dyFraction) {
    const Eigen::Matrix4f v = view();
    const Eigen::Vector3f right = v.block<1, 3>(0, 0).transpose();
    const Eigen::Vector3f up = v.block<1, 3>(1, 0).transpose();
    const float visibleHeight = 2.f * distance * std::tan(radians(fovYDeg) * 0.5f);
    target -= visibleHeight * (dxFraction * right + dyFraction * up);
}

void Camera::frame(const geometry::Bounds& bounds, float aspect) {
    SW_REQUIRE(aspect > 0.f, "aspect=" << aspect);
    const bool valid = (bounds.max.array() >= bounds.min.array()).all();
    target = valid ? bounds.center() : Eigen::Vector3f::Zero();
    sceneRadius = valid ? std::max(0.5f * bounds.size().norm(), 1e-4f) : 1.f;
    const float halfY = radians(fovYDeg) * 0.5f;
    const float halfX = std::atan(std::tan(halfY) * aspect);
    const float half = std::min(halfX, halfY);
    distance = sceneRadius / std::sin(half) * 1.02f;
}

}  // namespace sw::render
