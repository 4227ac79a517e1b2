#pragma once
// A splat cloud sampled on a mesh surface, standing in for a trained cloud where none exists:
// the bake benchmark, the CLI tests and the bake unit tests. Not a training substitute: the
// splats lie on the surface with the face as their plane and the texture's base colour.
#include <cstdint>

#include "core/geometry/mesh.h"
#include "core/splat/splat_cloud.h"

namespace sw::bake {

struct SurfaceSampleSettings {
    int count = 6000;              // splats
    std::uint32_t seed = 1;
    float shellShare = 0.04f;      // share of semi-transparent splats (opacity 0.3..0.85)
    float normalJitter = 0.f;      // model units: uniform offset in ±this along the face normal
    float sizeFactor = 0.6f;       // largest sigma = sizeFactor × sqrt(surface area / count)
};

// Area-weighted uniform samples over the triangles. Rotation: local z = face normal (winding),
// sigmas (s, 0.8 s, 0.15 s); colour: base-colour texture at the interpolated UV (nearest texel)
// × base colour factor, or the factor alone. Deterministic for a seed. Precondition: the mesh
// has triangles with non-zero total area.
splat::SplatCloud sampleSurface(const geometry::Mesh& mesh, const SurfaceSampleSettings& settings);

}  // namespace sw::bake
