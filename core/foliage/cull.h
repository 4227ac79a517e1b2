#pragma once
// Copy culling of a foliage scene (seed 004 distance fade, issue 35): which copies of an asset are
// drawn for a camera. The CPU reference of shaders/foliage_cull.comp, which the foliage renderer
// runs on the GPU each frame; the renderer's CPU-cull path and the tests call this one.
// A copy is kept when it is not fade-culled (look.h fadeCulled on its origin's distance to the
// camera) and its bounding sphere, centred on its origin, meets all six frustum planes.
#include <Eigen/Core>
#include <array>
#include <cstdint>
#include <span>
#include <vector>

#include "core/foliage/animate.h"
#include "core/foliage/foliage_settings.h"

namespace sw::foliage {

// The view frustum's planes of a scene -> clip matrix (Gribb and Hartmann, "Fast Extraction of
// Viewing Frustum Planes from the World-View-Projection Matrix", 2001: row 3 ± row k, k = 0, 1,
// 2), each scaled to a unit normal pointing inward: a point p is inside plane (n, d) when n·p + d >= 0.
using FrustumPlanes = std::array<Eigen::Vector4f, 6>;
FrustumPlanes frustumPlanes(const Eigen::Matrix4f& viewProj);

// The radius (model units) about a copy's origin that holds every bent point of the asset: bending
// turns a point about its plant's root, which lies in the asset's bound sphere (centre, radius;
// model units), so a bent point stays within 2 × radius of that root, 3 × radius of the centre.
float copyCullRadius(const Eigen::Vector3f& boundCentre, float boundRadius);

// True when the copy is drawn: not past the fade end and, with planes, its sphere of
// metresPerUnit × cullRadius about the origin is not wholly outside one plane.
bool copyVisible(const FoliageInstance& copy, float cullRadius, const FadeRange& fade, const FrustumPlanes* planes,
                 const Eigen::Vector3f& camera);

// The indices (ascending) of the copies drawn; without viewProj (nullptr) only the fade culls.
std::vector<std::uint32_t> visibleCopyIndices(std::span<const FoliageInstance> copies,  // [N]
                                              float cullRadius, const FadeRange& fade,
                                              const Eigen::Matrix4f* viewProj, const Eigen::Vector3f& camera);

// Distance bands, near to far, for drawing the kept copies nearest first (the GPU cull writes each
// band's list apart; foliage_cull.comp): band b holds the copies whose origin lies at a distance d
// from the camera in [b × width, (b + 1) × width), the last band also every copy beyond.
// bands >= 1, width > 0.
std::size_t copyBand(float distance, float width, std::size_t bands);
// The band width the renderer takes: the fade end (or `range` without a fade) split in `bands`.
float bandWidth(const FadeRange& fade, float range, std::size_t bands);
// visibleCopyIndices split into bands: [bands] lists, each ascending.
std::vector<std::vector<std::uint32_t>> visibleCopyBands(std::span<const FoliageInstance> copies, float cullRadius,
                                                         const FadeRange& fade, const Eigen::Matrix4f* viewProj,
                                                         const Eigen::Vector3f& camera, std::size_t bands,
                                                         float width);

}  // namespace sw::foliage
