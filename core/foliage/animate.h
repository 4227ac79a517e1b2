#pragma once
// One frame of foliage motion for one placed copy of an asset: the wind at each plant's root
// plus the benders give each plant a tip lean; the finer field gives each vertex its shiver;
// bend.h turns both into positions (and splat rotations). Everything is a function of t: the
// same t gives the same frame, wind off and no bender give the rest pose exactly.
#include <Eigen/Core>
#include <vector>

#include "core/foliage/bend.h"
#include "core/foliage/bender.h"
#include "core/foliage/plant.h"
#include "core/foliage/wind_field.h"

namespace sw::foliage {

// A copy of an asset in the scene: p_scene = origin + metresPerUnit × Rz(yaw) × p_model.
struct FoliageInstance {
    Eigen::Vector3f origin = Eigen::Vector3f::Zero();  // scene metres
    float yaw = 0.f;                                    // rad about +Z
    float metresPerUnit = 1.f;                          // > 0
    Eigen::Vector3f toScene(const Eigen::Vector3f& model) const;
    Eigen::Vector2f sceneToModelDirection(const Eigen::Vector2f& scene) const;  // rotated by −yaw
};

struct FrameInput {
    float t = 0.f;                  // s
    std::vector<Bender> acting;     // BenderSet::acting(camera)
    LookSettings look;
};

// [P] tip lean of each plant in the asset's model frame (rad × direction): wind lean at the
// plant's root (WindField::leanAt with the plant's MaterialWind) plus touchLean, the sum's
// length clamped to MAX_LEAN.
std::vector<Eigen::Vector2f> plantLeans(const PlantSet& plants, const FoliageInstance& instance, const WindField& wind,
                                        const FrameInput& frame);
// [V] shiver of each vertex in model units: WindField::shiverAt at the vertex's scene position,
// weight = detail weight × look.shiver × the plant's MaterialWind::shiver; empty when none moves.
std::vector<Eigen::Vector3f> shiverOffsets(const std::vector<Eigen::Vector3f>& rest, const PlantSet& plants,
                                           const FoliageInstance& instance, const WindField& wind,
                                           const FrameInput& frame);

// rest: [V] model units → out: [V] model units of this frame.
void animateVertices(const std::vector<Eigen::Vector3f>& rest, const PlantSet& plants, const FoliageInstance& instance,
                     const WindField& wind, const FrameInput& frame, std::vector<Eigen::Vector3f>& out);
void animateSplats(const splat::SplatCloud& rest, const PlantSet& plants, const FoliageInstance& instance,
                   const WindField& wind, const FrameInput& frame, splat::SplatCloud& out);

}  // namespace sw::foliage
