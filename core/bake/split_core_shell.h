#pragma once
// Core/shell split and belly cull (PIPELINE §5). Opacity > coreOpacity → core (drawn as
// opaque octagons, no sorting); the rest → shell (alpha-blended, sorted per heading sector).
#include <Eigen/Core>
#include <cstdint>
#include <span>
#include <string>
#include <vector>

#include "core/foundation/schema.h"
#include "core/geometry/ray_query.h"
#include "core/splat/splat_cloud.h"

namespace sw::bake {

struct SplitSettings {
    // opacity ≤ this → dead, dropped (the MCMC strategy's minOpacity, core/train/mcmc_strategy.h:
    // such splats draw nothing and would only be exported as invisible shell)
    float deadOpacity = 0.005f;
    float coreOpacity = 0.9f;        // opacity > this → core
    float discOpacityFloor = 0.55f;  // r̂ uses max(opacity, floor)
    float discScale = 1.2f;          // core major axes × r̂ × discScale
    bool bellyCull = true;           // drop splats no belt camera can face
    // deg: a splat is kept while some belt direction lies less than 90° + this from its normal
    // (discs tilted just past the limb still show their rim; 0 = the strict test)
    float bellyCullMargin = 10.f;
    // model units: a splat whose normal fails the test is still kept when some belt direction
    // sees it through less than this of surface (a splat trained on top of a thin plate but
    // sunk nearer its underside snaps to the underside; the belt sees it)
    float bellyVisibleDepth = 0.04f;
    float beltElevationMin = 32.f;   // deg, game camera belt
    float beltElevationMax = 50.f;   // deg
};
const SettingsSchema<SplitSettings>& splitSchema();

// The two major covariance axes of a splat (direction × extent). The columns of the rotation
// matrix R(q) are the local axes; their extents are the per-axis sigmas. ax0 is the column of
// the largest sigma, ax1 of the second largest; `minor` is the remaining column (unit).
struct MajorAxes {
    Eigen::Vector3f ax0, ax1, minor;
};
// rotation: unit quaternion (w, x, y, z); scale: sigmas.
MajorAxes majorAxes(const Eigen::Vector4f& rotation, const Eigen::Vector3f& scale);

// Visible-disc radius of an opaque octagon as a fraction of the quad half-size:
// r̂ = sqrt(ln(max(op, floor)/0.5)/4.5) (PIPELINE §5).
float visibleDiscRadius(float opacity, float floor = 0.55f);

// Belly cull test: true when some camera of the belt (any heading, elevation in [elMin, elMax]
// degrees, looking at the model) has dot(normal, direction to camera) > 0. The direction to a
// camera at heading h, elevation e is (cos e·sin h, −cos e·cos h, sin e); its best heading
// gives a(e) = cos e·|n_xy| + sin e·n_z, a sinusoid in e maximised at an end of the range or at
// e* = atan2(n_z, |n_xy|) when inside it.
// marginDeg: the test becomes max over the belt of dot(normal, direction) > −sin(margin).
bool facesBelt(const Eigen::Vector3f& normal, float elMinDeg, float elMaxDeg, float marginDeg = 0.f);

struct SplitResult {
    std::vector<int> core;                   // indices into the cloud (not yet in importance order)
    std::vector<int> shell;                  // indices into the cloud
    std::vector<Eigen::Vector3f> ax0, ax1;   // [N] stored axes (core already × r̂·discScale)
    int bellyCulled = 0;                     // kept splats dropped by the belly cull
    int dead = 0;                            // kept splats dropped as dead (opacity ≤ deadOpacity)
    std::vector<int> culled;                 // indices of the belly-culled splats
};

// cloud: [N] splats; normals: [N] snapped normals; keep: [N] 0/1 survivors of the floater pass;
// seen: [N] 0/1, 1 = the belt sees the splat (beltSees), never belly-culled; empty = none.
// Dead splats go first (never core, shell or culled), then the belly cull, then the split.
SplitResult splitCoreShell(const splat::SplatCloud& cloud, std::span<const Eigen::Vector3f> normals,
                           std::span<const std::uint8_t> keep, const SplitSettings& settings,
                           std::span<const std::uint8_t> seen = {});

// True when some direction of the belt (headings every 10°, the belt's lowest, middle and
// highest elevation; a far game camera, so parallel rays) reaches the centre through less than
// visibleDepth of surface: the ray from the centre toward the camera, ignoring hits closer than
// visibleDepth, escapes the mesh.
bool beltSees(const geometry::RayQuery& query, const Eigen::Vector3f& centre, const SplitSettings& settings);

template <class S>
void addSplitParams(SettingsSchema<S>& s) {
    const std::string g = "Core and shell";
    s.template add<float>(&S::deadOpacity, "dead-opacity", "Dead opacity").range(0, 0.5).group(g)
        .tooltip("Splats at or below this opacity draw nothing and are dropped (MCMC's dead threshold)");
    s.template add<float>(&S::coreOpacity, "core-opacity", "Core opacity").range(0, 1).group(g)
        .tooltip("Splats more opaque than this are drawn as opaque octagons");
    s.template add<float>(&S::discOpacityFloor, "disc-opacity-floor", "Disc opacity floor").range(0.5, 1).group(g);
    s.template add<float>(&S::discScale, "disc-scale", "Disc scale").range(0.1, 4).group(g)
        .tooltip("Core major axes are scaled by visible radius × this");
    s.template add<bool>(&S::bellyCull, "belly-cull", "Belly cull").group(g)
        .tooltip("Drop splats whose normal faces no camera of the game belt");
    s.template add<float>(&S::bellyCullMargin, "belly-cull-margin", "Belly cull margin").range(0, 90).unit("deg").group(g)
        .tooltip("Keep splats whose normal turns away from every belt camera by less than this past 90°");
    s.template add<float>(&S::bellyVisibleDepth, "belly-visible-depth", "Belly visible depth").range(0, 1)
        .unit("model units").group(g)
        .tooltip("Keep a splat the belt sees through less than this of surface, whatever its normal");
    s.template add<float>(&S::beltElevationMin, "belt-elevation-min", "Belt lowest").range(-89, 89).unit("deg").group(g);
    s.template add<float>(&S::beltElevationMax, "belt-elevation-max", "Belt highest").range(-89, 89).unit("deg").group(g);
}

}  // namespace sw::bake
