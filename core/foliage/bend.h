#pragma once
// Main bending about a plant's root (GPU Gems 3 ch. 16, Sousa: the plant leans as a whole, the
// angle growing with height, the vertex kept at its distance from the root). Here the lean is an
// exact rotation: a point at main-bend weight w turns about the horizontal axis z × lean̂ through
// the root by |lean| × w, so the root stays fixed, the distance to the root is preserved exactly
// and the tip (w = 1) leans by |lean| toward lean̂. A splat turns with the same rotation: its
// centre moves and its covariance axes rotate (q' = R_bend q), its scales unchanged, so leaves
// keep their shape while they sway (Kerbl et al. 2023 §4: Σ = R S Sᵀ Rᵀ ⇒ Σ' = R_bend Σ R_bendᵀ).
// The rotation of the neighbourhood is taken as R_bend at the splat's height; the shear from the
// angle's change with height (w'(u) |lean| per plant height) is left out.
#include <Eigen/Core>
#include <Eigen/Geometry>
#include <vector>

#include "core/foliage/plant.h"
#include "core/splat/splat_cloud.h"

namespace sw::foliage {

// Rotation by |lean| × weight about z × lean̂; identity for a zero lean.
Eigen::Quaternionf bendRotation(const Eigen::Vector2f& lean, float weight);
// p turned about root by bendRotation(lean, weight).
Eigen::Vector3f bendPoint(const Eigen::Vector3f& p, const Eigen::Vector3f& root, const Eigen::Vector2f& lean,
                          float weight);

// Bends every vertex about its plant's root. rest: [V] model units; leans: [P] rad × direction,
// one per plant of `plants`; offsets: [V] model units added before bending (leaf shiver,
// detail bending first as in ch. 16) or empty; out: [V], resized.
void bendVertices(const std::vector<Eigen::Vector3f>& rest, const PlantSet& plants,
                  const std::vector<Eigen::Vector2f>& leans, const std::vector<Eigen::Vector3f>& offsets,
                  std::vector<Eigen::Vector3f>& out);

// Bends a splat cloud: positions as bendVertices, rotations composed with the bend's (w, x, y,
// z) and renormalised, every other attribute copied. plants covers the cloud's splats.
void bendSplats(const splat::SplatCloud& rest, const PlantSet& plants, const std::vector<Eigen::Vector2f>& leans,
                const std::vector<Eigen::Vector3f>& offsets, splat::SplatCloud& out);

}  // namespace sw::foliage
