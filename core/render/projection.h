#pragma once
// The OpenGL perspective matrix (gluPerspective): view space (−Z forward) to clip space with
// depth in [−1, 1]. Shared by the editor camera, the scan renderer's bench and its tests.
#include <Eigen/Core>
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

}  // namespace sw::render
