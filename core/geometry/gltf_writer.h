#pragma once
// Binary glTF 2.0 (.glb) export of a Mesh (Khronos glTF 2.0 specification, §4.4 "GLB File
// Format Specification"). One node per part (node name = part name) holding one primitive per
// material used by that part; POSITION (with min/max), NORMAL, TEXCOORD_0 and uint32 indices;
// materials as pbrMetallicRoughness with metallic 0, roughness 1 and the base-colour texture
// embedded as PNG in the binary chunk. Our +Z-up model space becomes glTF's +Y up:
// (x, y, z)_ours → (x, z, −y)_gltf.
#include <cstdint>
#include <string>
#include <vector>

#include "core/foundation/error.h"
#include "core/geometry/mesh.h"

namespace sw::geometry {

// The complete .glb file in memory. Errors: InvalidInput for an inconsistent mesh (array
// sizes, indices or ids out of range, non-finite positions, no triangles).
Result<std::vector<std::uint8_t>> encodeGlb(const Mesh& mesh);

// encodeGlb, then an atomic write (AtomicFile): `path` is complete or untouched.
Status writeGlb(const Mesh& mesh, const std::string& path);

}  // namespace sw::geometry
