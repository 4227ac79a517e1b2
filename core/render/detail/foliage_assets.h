#pragma once
// GPU copy of a foliage asset for FoliageRenderer: per-vertex (or per-splat) records with the
// plant each point belongs to, the material draw ranges and textures of a mesh, and the copies'
// instance buffer, refilled each frame with the copies that survive the fade and the view.
#include <Eigen/Core>
#include <span>
#include <vector>

#include "core/foliage/animate.h"
#include "core/foliage/foliage_settings.h"
#include "core/geometry/mesh.h"
#include "core/render/detail/gl_functions.h"
#include "core/render/detail/mesh_buffers.h"
#include "core/splat/splat_cloud.h"

namespace sw::render::detail {

inline constexpr GLuint FOLIAGE_INSTANCE_ORIGIN = 6;  // attribute locations of foliage*.vert
inline constexpr GLuint FOLIAGE_INSTANCE_FRAME = 7;
inline constexpr int FOLIAGE_SPLAT_VEC4 = 7;          // foliage_splat.vert records

struct FoliageAsset {
    bool splats = false;
    MeshBuffers mesh;            // mesh: VAO (vertex records + the instance attributes), indices, ranges, textures
    GLuint splatBuffer = 0;      // splats: std430 records
    GLuint splatArray = 0;       // splats: VAO with the instance attributes only
    std::size_t points = 0;      // vertices or splats
    foliage::FadeRange fade;
    Eigen::Vector3f boundCentre = Eigen::Vector3f::Zero();  // model units
    float boundRadius = 0.f;     // model units, around boundCentre
    std::vector<foliage::FoliageInstance> copies;
    GLuint instanceBuffer = 0;
    std::size_t instanceCapacity = 0;  // copies the buffer holds
};

// InvalidInput when the plant set or the sky visibility does not cover the mesh.
Status checkPlants(const foliage::PlantSet& plants, std::size_t points, const char* what);
// Uploads a validated mesh with its plants; sky: [V] or empty (1).
FoliageAsset uploadFoliageMesh(const GlFunctions& gl, const geometry::Mesh& mesh, const foliage::PlantSet& plants,
                               std::span<const float> sky);
FoliageAsset uploadFoliageSplats(const GlFunctions& gl, const splat::SplatCloud& cloud,
                                 const foliage::PlantSet& plants);

// Per-copy records (origin xyz, metres per unit, cos yaw, sin yaw), in order.
std::vector<float> instanceRecords(const std::vector<foliage::FoliageInstance>& copies);
// The copies drawn this frame: not fade-culled (look.h fadeCulled on the origin's distance to the
// camera) and whose bounding sphere, widened for the lean, meets the view frustum of viewProj.
// Without viewProj (nullptr) every copy is kept.
std::vector<foliage::FoliageInstance> visibleCopies(const FoliageAsset& asset, const Eigen::Matrix4f* viewProj,
                                                    const Eigen::Vector3f& camera);
// Uploads records into asset.instanceBuffer, growing it when needed.
void uploadInstances(const GlFunctions& gl, FoliageAsset& asset, const std::vector<float>& records);
void releaseFoliageAsset(const GlFunctions& gl, FoliageAsset& asset);

}  // namespace sw::render::detail
