#pragma once
// Draw orders of the baked model (PIPELINE §5, FORMATS.md SPL2).
//
// Heading: the game camera has a fixed tilt and the model yaws under it. We measure the
// heading h as the camera's azimuth around the model in model space, with the convention of
// core/render/camera.h: h = 0° puts the camera on −Y looking toward +Y (the model's front
// faces the camera), h = 90° puts it on +X; h grows counter-clockwise seen from +Z. A model
// yawed by ψ (counter-clockwise about +Z) under a fixed camera on −Y is seen at heading
// h = −ψ (mod 360). Bucket b covers headings [b·5.625°, (b+1)·5.625°); its order is computed
// for the centre heading (b + 0.5)·5.625°.
// Back to front: splats sorted by ascending depth toward the camera, key = dot(p, d) with d the
// unit direction from the model origin to the camera (an orthographic view along −d; ties keep
// the lower index first). The farthest splat is drawn first.
#include <Eigen/Core>
#include <cstdint>
#include <span>
#include <string>
#include <vector>

#include "core/foundation/schema.h"

namespace sw::bake {

struct OrderSettings {
    float orderTilt = 40.f;  // deg, fixed elevation of the game camera
};
const SettingsSchema<OrderSettings>& orderSchema();

// Unit direction from the model origin toward a camera at (heading, tilt) in degrees.
Eigen::Vector3f directionToCamera(float headingDeg, float tiltDeg);
// Centre heading of bucket b in degrees.
float bucketCentreHeading(int bucket);

// 64 permutations of 0..n−1 (n = positions.size()), back to front for each bucket's centre
// heading. positions: [n] model space.
std::vector<std::vector<std::int32_t>> shellOrders(std::span<const Eigen::Vector3f> positions, float tiltDeg);

// Importance order of the core: indices 0..n−1 sorted by opacity × |ax0|·|ax1| descending
// (ties: lower index first), so the runtime LOD draws the first k.
// opacity: [n]; ax0, ax1: [n] stored major axes.
std::vector<int> importanceOrder(std::span<const float> opacity, std::span<const Eigen::Vector3f> ax0,
                                 std::span<const Eigen::Vector3f> ax1);

template <class S>
void addOrderParams(SettingsSchema<S>& s) {
    s.template add<float>(&S::orderTilt, "order-tilt", "Game camera tilt").range(-89, 89).unit("deg").group("Orders")
        .tooltip("Fixed elevation of the game camera the 64 shell orders are sorted for");
}

}  // namespace sw::bake
