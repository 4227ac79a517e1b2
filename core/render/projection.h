#pragma once
// The OpenGL perspective matrix (gluPerspective): view space (−Z forward) to clip space with
// depth in [−1, 1], and a look-at view matrix in model space (+Z up). Shared by the editor
// camera, the scan renderer's benchmarks and its tests.
#include <Eigen/Core>
#include <Eigen/Geometry>
#include <cmath>

namespace sw::render {

// fovY in radians, aspect = width / height, 0 < near < far.
inline Eigen::Matrix4f perspectiveMatrix(float fovY, float aspect, float near, float far) {
    const float f = 1.0f / std::tan(fovY * 0.5f);
    Eigen::Matrix4f p = Eigen::Matrix4f::Zero();
    p(0, 0) = f / aspect;
    p(1, 1) = f;
    p(2, 2) = (far + near) / (near - far);
    p(2, 3) = 2.0f * far * near / (near - far);
    p(3, 2) = -1.0f;
    return p;
}

// Model → view for a camera at `eye` looking at `target`, +Z up (rows right, up, −forward); the
// view direction must not be vertical.
inline Eigen::Matrix4f lookAtZUp(const Eigen::Vector3f& eye, const Eigen::Vector3f& target) {
    const Eigen::Vector3f f = (target - eye).normalized(), r = f.cross(Eigen::Vector3f::UnitZ()).normalized(), u = r.cross(f);
    Eigen::Matrix4f v = Eigen::Matrix4f::Identity();
    v.block<1, 3>(0, 0) = r.transpose();
    v.block<1, 3>(1, 0) = u.transpose();
    v.block<1, 3>(2, 0) = -f.transpose();
    v.block<3, 1>(0, 3) = -(v.topLeftCorner<3, 3>() * eye);
    return v;
}

}  // namespace sw::render
