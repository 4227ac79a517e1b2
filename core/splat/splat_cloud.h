#pragma once
// SplatCloud: a 3D Gaussian splat cloud as a structure of arrays, in the units the editor
// works in (linear scales, opacity 0..1, gamma RGB). File formats convert to and from it
// (core/formats); training and baking read and write it.
// Gaussian model: Kerbl et al., "3D Gaussian Splatting for Real-Time Radiance Field
// Rendering", SIGGRAPH 2023, §4 (covariance = R S Sᵀ Rᵀ from a quaternion and per-axis scale).
#include <Eigen/Core>
#include <cstddef>
#include <string>
#include <vector>

#include "core/foundation/error.h"

namespace sw::splat {

// Highest spherical-harmonics degree the editor stores (3DGS uses 3).
inline constexpr int kMaxShDegree = 3;

// Number of SH coefficients per colour channel beyond the DC term: (d + 1)² − 1.
constexpr int shRestCount(int degree) { return (degree + 1) * (degree + 1) - 1; }

struct SplatCloud {
    std::vector<Eigen::Vector3f> positions;  // [N] float32, model space (+Z up)
    std::vector<Eigen::Vector4f> rotations;  // [N] unit quaternion (w, x, y, z)
    std::vector<Eigen::Vector3f> scales;     // [N] linear sigma along each local axis, > 0
    std::vector<float> opacities;            // [N] 0..1
    std::vector<Eigen::Vector3f> colors;     // [N] RGB, gamma space, nominally 0..1
    std::vector<Eigen::Vector3f> normals;    // [N] unit normals, or empty when unknown
    int shDegree = 0;                        // 0..kMaxShDegree
    std::vector<float> shRest;               // [N, shRestCount(shDegree), 3] or empty when degree 0

    std::size_t size() const { return positions.size(); }
    bool empty() const { return positions.empty(); }

    // Resizes every required array to n (new splats: origin, identity rotation, scale 0.01,
    // opacity 1, grey); normals and SH are resized only when already present / degree > 0.
    void resize(std::size_t n);

    // Checks equal array sizes, finite values, opacity in [0, 1], scales > 0, non-zero
    // rotations and a valid SH degree. The error (InvalidInput) names `what` (usually a file
    // path) and the first bad splat index.
    Status validate(const std::string& what) const;
};

}  // namespace sw::splat
