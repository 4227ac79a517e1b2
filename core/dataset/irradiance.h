#pragma once
// Irradiance under the white dome of the ao recipe, with diffuse interreflection (issue 14):
// what Blender Cycles computes for diffuse(albedo) under a uniform white world and no sun,
// estimated at every vertex of a (refined) mesh, on both sides of the surface.
//
// Each vertex side gathers `rays` cosine-weighted hemisphere rays (a rotated R2 low-discrepancy
// set per vertex side, Roberts 2018) around its normal — the vertex normal turned to agree with
// the winding for the front, its opposite for the back (open plates are seen from both sides,
// and Cycles shades a back face with the flipped normal); a direction below the geometric surface
// (the faces' normal there, side-flipped) brings no light, as in Cycles' diffuse BSDF, which
// matters where normals are bent off their faces (foliage cards). A ray that escapes sees the dome
// (radiance 1); a ray that hits a face sees that face's side lit in turn: its linear albedo ×
// the irradiance there, interpolated from the face's vertices. The hits are traced once and
// then iterated `bounces` times (a gather over the cached first hits: E₀ = visibility,
// Eₖ₊₁ = visibility + mean(albedo ⊙ Eₖ at the hits)), so `bounces` diffuse bounces cost one
// trace. Hits on alpha-masked texels (glTF MASK) pass through. A back side whose first 8 rays
// all meet the inside of faces lies inside a closed surface, unseen from outside: it stops
// there (visibility 0), which halves the rays of closed models.
//
// Values are linear RGB factors of the surface's own linear albedo: outgoing radiance =
// albedo ⊙ E (1 where the dome is fully open).
#include <Eigen/Core>
#include <cstdint>
#include <vector>

#include "core/foundation/error.h"
#include "core/foundation/progress.h"
#include "core/geometry/mesh.h"

namespace sw::geometry {
class RayQuery;
}

namespace sw::dataset {

struct HsvAdjust;

struct DomeSettings {
    int rays = 64;             // hemisphere rays per vertex side
    int bounces = 4;           // diffuse bounces after the first hit (Cycles' default: 4)
    float maxDistance = 1e30f; // model units: blockers farther away do not count
    float originOffset = 1e-3f;// model units along the normal against self-hits
    std::uint32_t seed = 1;
    int threads = 0;           // 0 = hardware concurrency
};

struct DomeIrradiance {
    std::vector<Eigen::Vector3f> front;   // [V] linear RGB, the winding's front side
    std::vector<Eigen::Vector3f> back;    // [V] the other side
    std::vector<float> visibility;        // [V] front side: share of rays that escape (no bounce)
    std::size_t raysCast = 0;             // rays traced (every segment through a masked texel counts)
};

// Linear albedo of every face: its material's base colour (factor × texture, HSV-adjusted in
// gamma space, then decoded from sRGB) averaged over a few points of the face.
std::vector<Eigen::Vector3f> faceAlbedo(const geometry::Mesh& mesh, const std::vector<HsvAdjust>& materialHsv);

// `query` must be built on `mesh` (face indices agree). Errors: Cancelled.
Result<DomeIrradiance> domeIrradiance(const geometry::Mesh& mesh, const geometry::RayQuery& query,
                                      const std::vector<Eigen::Vector3f>& albedo, const DomeSettings& settings,
                                      const Progress& progress = {});

// sRGB transfer functions (IEC 61966-2-1), per channel.
float srgbToLinear(float c);
float linearToSrgb(float c);

}  // namespace sw::dataset
