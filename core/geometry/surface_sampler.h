#pragma once
// Area-weighted random samples on a triangle mesh surface, with the base colour at each sample.
// Used to initialise training from a model (PIPELINE.md §3: "N samples on the mesh surface,
// colour from the texture at the sample").
//
// Method: a face is picked with probability proportional to its area (inverse CDF over the
// cumulative areas), a point inside it uniformly with the square-root mapping of Osada et al.,
// "Shape Distributions", ACM TOG 2002, §4.2: P = (1 − √r₁)A + √r₁(1 − r₂)B + √r₁ r₂ C.
#include <Eigen/Core>
#include <cstdint>
#include <vector>

#include "core/foundation/error.h"
#include "core/geometry/mesh.h"

namespace sw::geometry {

struct SurfaceSamples {
    std::vector<Eigen::Vector3f> points;        // [S] model space
    std::vector<int> faces;                     // [S] triangle index of each sample
    std::vector<Eigen::Vector3f> barycentrics;  // [S] weights of the face's vertices 0, 1, 2
    std::vector<Eigen::Vector3f> colors;        // [S] sRGB 0..1: base-colour texture (bilinear) × factor
    std::vector<Eigen::Vector3f> normals;       // [S] unit geometric face normal
};

// Draws `count` samples with a std::mt19937_64 seeded by `seed`. Faces without a material,
// texture or UVs take the material's factor (white without a material). Errors
// (InvalidInput): count ≤ 0, no triangles, zero total area, a vertex index out of range.
Result<SurfaceSamples> sampleSurface(const Mesh& mesh, int count, std::uint64_t seed);

// Bilinear lookup in an RGBA8 texture with repeat wrapping; uv in glTF convention (v down).
// Returns sRGB 0..1.
Eigen::Vector3f sampleTextureBilinear(const Image& image, const Eigen::Vector2f& uv);

}  // namespace sw::geometry
