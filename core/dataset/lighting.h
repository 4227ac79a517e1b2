#pragma once
// Lighting recipes of the synthetic dataset (PIPELINE §2). The style comes from the data:
//   ao   (default) diffuse(albedo) under a white dome, no sun, as Blender Cycles renders it:
//        sky visibility plus `aoBounces` diffuse bounces of interreflection, both sides of
//        every surface (irradiance.h), shaded in linear light; depth without directional
//        bands that would double up with the runtime cel bands;
//   flat albedo only;
//   cel  toon bands baked in from a fixed sun (the runtime's band formula, PIPELINE §6).
// Every textured material is diffuse(texture × HSV) with a per-material HSV adjustment.
//
// The dome irradiance is baked per vertex with Embree after splitting every edge longer than
// aoMaxEdge (so long fan triangles of coarse plates get vertices inside them, and the result
// converges as aoMaxEdge shrinks); the renderer only interpolates it.
#include <Eigen/Core>
#include <string>
#include <vector>

#include "core/foundation/error.h"
#include "core/foundation/progress.h"
#include "core/foundation/schema.h"
#include "core/geometry/mesh.h"

namespace sw::dataset {

enum class Recipe { Ao, Flat, Cel };
const char* recipeName(Recipe recipe);

// Per-material colour adjustment applied to the texture colour (gamma space).
struct HsvAdjust {
    float hueShift = 0.f;    // degrees, added
    float saturation = 1.f;  // multiplier
    float value = 1.f;       // multiplier
};

struct LightingSettings {
    Recipe recipe = Recipe::Ao;
    int aoRays = 64;          // hemisphere rays per vertex side
    int aoBounces = 4;        // diffuse bounces of interreflection (0 = sky visibility only)
    float aoMaxEdge = 0.03f;  // model units: longer edges are split before baking
    float aoDistance = 4.0f;  // model units: blockers farther away do not darken
    std::uint32_t seed = 1;
    std::vector<HsvAdjust> materialHsv;  // [materials]; missing entries = identity
};

// A mesh ready for dataset rendering: possibly refined, with baked per-vertex lighting.
struct LitMesh {
    geometry::Mesh mesh;
    std::vector<float> skyVisibility;  // [V] in [0, 1], front side, no bounce; all 1 for flat and cel
    // [V] linear RGB factors of the linear albedo on the winding's front and back side
    // (irradiance.h); all 1 for the flat and cel recipes.
    std::vector<Eigen::Vector3f> irradiance, irradianceBack;
    std::size_t raysCast = 0;          // ray segments traced for the ao recipe
    double raySeconds = 0;             // time spent tracing them (Embree, all threads)
};

// Splits every triangle whose longest edge exceeds maxEdge (shared midpoints keep the mesh
// crack-free), interpolating normals and UVs. Stops at maxTriangles.
geometry::Mesh refineLongEdges(const geometry::Mesh& mesh, float maxEdge, std::size_t maxTriangles = 4'000'000);

// Vertex normals: the mesh's own when present, else area-weighted face normals per vertex.
std::vector<Eigen::Vector3f> vertexNormals(const geometry::Mesh& mesh);

// Prepares the mesh for a recipe: for ao, refine and bake sky visibility (the slow part).
Result<LitMesh> prepareLighting(const geometry::Mesh& mesh, const LightingSettings& settings,
                                const Progress& progress = {});

// HSV adjust of one gamma-space colour (the shader implements the same function).
Eigen::Vector3f applyHsv(const Eigen::Vector3f& rgb, const HsvAdjust& hsv);

// The cel band of PIPELINE §6 for n·l: mix(0.62, 0.88, smoothstep(0.22, 0.28, ndl)) then
// mix(band, 1.12, smoothstep(0.52, 0.58, ndl)).
float celBand(float ndl);

}  // namespace sw::dataset
