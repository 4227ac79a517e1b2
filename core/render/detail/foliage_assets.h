#pragma once
// GPU copy of a foliage asset for FoliageRenderer: per-vertex (or per-splat) records with the
// plant each point belongs to, the material draw ranges and textures of a mesh, and the copies'
// buffers (detail/foliage_cull.h): their records, uploaded once, the visible list and the
// indirect draw commands that the cull pass fills each frame.
#include <Eigen/Core>
#include <array>
#include <span>
#include <vector>

#include "core/foliage/animate.h"
#include "core/foliage/foliage_settings.h"
#include "core/geometry/mesh.h"
#include "core/render/detail/gl_functions.h"
#include "core/render/detail/mesh_buffers.h"
#include "core/render/foliage_renderer.h"
#include "core/splat/splat_cloud.h"

namespace sw::render::detail {

inline constexpr int FOLIAGE_SPLAT_VEC4 = 7;  // foliage_splat.vert records
inline constexpr std::size_t FOLIAGE_MAX_BANDS = 4;  // distance bands of the cull (foliage_cull.comp)
inline constexpr GLuint FOLIAGE_SHADED_BINDING = 4;   // foliage.frag FoliageShaded (countShaded)
inline constexpr std::size_t FOLIAGE_SHADED_STRIDE = 64;  // uints between its two counters (256 B)

struct FoliageAsset {
    bool splats = false;
    MeshBuffers mesh;            // mesh: VAO (vertex records), indices, ranges, textures
    GLuint splatBuffer = 0;      // splats: std430 records
    GLuint splatArray = 0;       // splats: an empty VAO (the shader reads the records)
    std::size_t points = 0;      // vertices or splats
    foliage::FadeRange fade;
    Eigen::Vector3f boundCentre = Eigen::Vector3f::Zero();  // model units
    float boundRadius = 0.f;     // model units, around boundCentre
    float cullRadius = 0.f;      // cull.h copyCullRadius, model units
    std::vector<foliage::FoliageInstance> copies;
    GLuint copyBuffer = 0;       // [copies × 2] vec4: origin, metres per unit; cos yaw, sin yaw, 0, 0
    GLuint visibleBuffer = 0;    // [FOLIAGE_MAX_BANDS × bandStride] uint: each band's drawn copies,
                                 // instance k of a band's draw draws copy visible[band × bandStride + k]
    std::size_t bandStride = 0;  // entries per band: the copies rounded up to 64 (a 256-byte offset)
    std::size_t bands = 1;       // the bands of the last cull
    std::size_t cpuVisible = 0;  // the CPU-cull path's list size; SIZE_MAX: the GPU pass made the list
    std::array<std::size_t, FOLIAGE_MAX_BANDS> cpuBand{};  // the CPU-cull path's list size per band
    GLuint commandBuffer = 0;    // indirect draws per band: one DrawElementsIndirectCommand per
                                 // material range (mesh) or one DrawArraysIndirectCommand (splats)
};

// InvalidInput when the plant set or the sky visibility does not cover the mesh.
Status checkPlants(const foliage::PlantSet& plants, std::size_t points, const char* what);
// Uploads a validated mesh with its plants; sky: [V] or empty (1).
FoliageAsset uploadFoliageMesh(const GlFunctions& gl, const geometry::Mesh& mesh, const foliage::PlantSet& plants,
                               std::span<const float> sky);
FoliageAsset uploadFoliageSplats(const GlFunctions& gl, const splat::SplatCloud& cloud,
                                 const foliage::PlantSet& plants);

void releaseFoliageAsset(const GlFunctions& gl, FoliageAsset& asset);

// countShaded's two counters (k = 0: the pre-pass, 1: the look), FOLIAGE_SHADED_STRIDE uints apart,
// zeroed (the buffer made when 0); bindShadedCounter binds counter k for foliage.frag.
void resetShadedCounters(const GlFunctions& gl, GLuint& buffer);
void bindShadedCounter(const GlFunctions& gl, GLuint buffer, int k);

// The uniforms both foliage vertex shaders share (wind, benders, camera, fade, look) for one
// asset, into `program` (in use).
void setFoliageFrameUniforms(const GlFunctions& gl, GLuint program, const FoliageFrame& frame,
                             const foliage::FadeRange& fade);

}  // namespace sw::render::detail
