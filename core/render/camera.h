#pragma once
// The viewing camera shared by the Viewport widget and the CLI: pure math (Eigen), no GL.
//
// Conventions: model space is right-handed with +Z up. Azimuth turns around +Z: 0° puts the
// camera on −Y looking toward +Y (the model's front, glTF +Z), 90° puts it on +X. Elevation is
// the angle above the XY plane. View space is OpenGL's (camera at the origin looking down −Z,
// +Y up on screen); the projection maps depth to [−1, 1] clip space.
#include <Eigen/Core>

#include "core/geometry/mesh.h"

namespace sw::render {

enum class CameraMode {
    Orbit,      // free orbit: azimuth and elevation
    Turntable,  // game camera: fixed tilt (elevation), yaw only
};

struct Camera {
    CameraMode mode = CameraMode::Orbit;
    Eigen::Vector3f target = Eigen::Vector3f::Zero();  // point looked at, model space
    float distance = 3.2f;      // eye to target, model units (> 0)
    float azimuthDeg = 30.f;
    float elevationDeg = 20.f;  // orbit mode, clamped to ±kMaxElevationDeg
    float tiltDeg = 40.f;       // turntable mode: the fixed elevation (game belt)
    float fovYDeg = 40.f;       // vertical field of view
    float sceneRadius = 1.f;    // radius of the framed content, sets the clip planes

    static constexpr float kMaxElevationDeg = 89.f;

    // Elevation actually used: tiltDeg in turntable mode, elevationDeg otherwise.
    float effectiveElevationDeg() const;
    Eigen::Vector3f eye() const;
    // Model -> view (rigid motion). The target maps onto the −Z axis.
    Eigen::Matrix4f view() const;
    // View -> clip, perspective; `aspect` = width / height (> 0).
    Eigen::Matrix4f projection(float aspect) const;

    // Mouse-style edits. rotate: turntable mode ignores dElevationDeg.
    void rotate(float dAzimuthDeg, float dElevationDeg);
    // distance *= factor (factor < 1 zooms in), kept within [0.02, 100] × sceneRadius.
    void zoom(float factor);
    // Moves the content on screen by fractions of the visible height at the target (positive =
    // right / up): the target moves the opposite way in the view plane.
    void pan(float dxFraction, float dyFraction);
    // Looks at the centre of `bounds` from a distance where its bounding sphere fits the view
    // (both fields of view for `aspect`), keeping mode and angles.
    void frame(const geometry::Bounds& bounds, float aspect = 1.f);
};

}  // namespace sw::render
