#pragma once
// Moment-matching merge of splats into one, the coarse levels of the LOD tree.
// Kerbl et al., "A Hierarchical 3D Gaussian Representation for Real-Time Rendering of Very Large
// Datasets", SIGGRAPH 2024 (the merge of a node's children into its Gaussian): a parent with the
// weighted mean μ = Σ w_i μ_i / Σ w_i and the weighted covariance
// Σ = Σ w_i (Σ_i + (μ_i − μ)(μ_i − μ)ᵀ) / Σ w_i of its children; the weight of a splat is its
// opacity times the area of its two largest axes (the footprint it covers; Spark's LoD weight).
// Merging merged splats gives the same mean and covariance as merging their children at once,
// so every coarse level keeps the finest level's mass, centroid and second moment.
#include <Eigen/Core>
#include <cstdint>
#include <span>

#include "core/splat/splat_cloud.h"

namespace sw::lod {

// Area of the two largest axes (σ_a · σ_b; the common factor π is left out everywhere).
double splatArea(const Eigen::Vector3f& scale);
// Mass of a splat: opacity × splatArea.
double splatMass(float opacity, const Eigen::Vector3f& scale);
// Σ = R S² Rᵀ of a unit quaternion (w, x, y, z) and linear scales.
Eigen::Matrix3d splatCovariance(const Eigen::Vector4f& rotation, const Eigen::Vector3f& scale);

// What merging lost: the mass of groups whose opacity would have exceeded 1 (it is clamped).
struct MergeLoss {
    double clampedMass = 0.0;
};

// Merges the splats `members` of `src` into splat `out` of `dst` (resized by the caller):
// mean and colour weighted by mass, covariance by moment matching turned back into scale and
// rotation by eigen-decomposition (scales floored at 1e-7 of the largest, so a flat group stays
// a valid splat), opacity = Σ mass / area of the merged splat, clamped to 1 (the excess is added
// to `loss`). A group of zero mass (all transparent) averages unweighted with opacity 0.
void mergeSplats(const splat::SplatCloud& src, std::span<const std::uint32_t> members, splat::SplatCloud& dst,
                 std::size_t out, MergeLoss& loss);

}  // namespace sw::lod
