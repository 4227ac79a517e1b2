#pragma once
// Flattens an Assimp scene into one Mesh: walks the node tree applying each node's global
// transform, converts +Y up to +Z up ((x, y, z) → (x, −z, y)), keeps only triangles and
// derives up to Mesh::kMaxParts semantic parts from node names (else material groups).
// Materials and textures are left to the caller: faceMaterial holds Assimp material indices.
#include <string>
#include <vector>

#include "core/foundation/error.h"
#include "core/geometry/mesh.h"

struct aiScene;

namespace sw::geometry::detail {

struct ConvertedScene {
    Mesh mesh;                        // no materials/textures yet; faceMaterial = aiScene material index
    int meshInstances = 0;            // aiMesh instances placed by nodes
    std::vector<char> materialHasNoUvs;  // [aiScene materials] 1 when some faces of it lack UVs
    std::vector<std::string> warnings;
};

// Run on the raw scene, before post-processing (JoinIdenticalVertices silently merges a NaN
// vertex into a neighbour): InvalidInput naming `path` and the mesh for a NaN/inf vertex.
Status checkFiniteVertices(const aiScene& scene, const std::string& path);

// Errors: no triangles (InvalidInput), non-finite vertex (InvalidInput), both naming `path`.
Result<ConvertedScene> convertScene(const aiScene& scene, const std::string& path);

}  // namespace sw::geometry::detail
