#pragma once
// GPU copy of a Mesh: one interleaved vertex buffer, one index buffer grouped by material,
// one texture per mesh texture, and the draw ranges. Plain data plus upload/release.
#include <array>
#include <span>
#include <vector>

#include "core/geometry/mesh.h"
#include "core/render/detail/gl_functions.h"

namespace sw::render::detail {

struct MaterialRange {
    GLsizei indexCount = 0;
    std::size_t firstIndex = 0;
    std::array<float, 4> baseColorFactor{1.f, 1.f, 1.f, 1.f};  // sRGB-space
    int texture = -1;  // index into MeshBuffers::textures, -1 = none
    int material = -1; // index into Mesh::materials, -1 = default material
    bool alphaMask = false;
    bool premultiplied = false;  // draws MeshBuffers::premultipliedTextures[texture] (MASK materials)
    float alphaCutoff = 0.5f;
};

struct MeshBuffers {
    GLuint vertexArray = 0;
    GLuint vertexBuffer = 0;
    GLuint indexBuffer = 0;
    std::vector<GLuint> textures;       // [mesh.textures], 0 where only cut-out materials use it
    std::vector<GLuint> premultipliedTextures;  // [mesh.textures], RGB × alpha, for MASK materials
    std::vector<MaterialRange> ranges;  // non-empty ranges only, in draw order
    bool hasNormals = false;
    std::size_t triangles = 0;
};

// Checks indices and attribute sizes; ErrorCode::InvalidInput naming the problem.
Status validateMesh(const geometry::Mesh& mesh);
// Baked per-vertex light of the ao shading: front/back linear RGB ([V] or empty), or a grey
// sky visibility for both sides ([V] or empty); nothing given = 1.
struct VertexLight {
    std::span<const float> sky;
    std::span<const Eigen::Vector3f> front, back;
};
// Face indices [F × 3] grouped by material (stable), one draw range per non-empty group appended
// to `ranges` (the default material −1 first).
std::vector<GLuint> groupByMaterial(const geometry::Mesh& mesh, std::vector<MaterialRange>& ranges);
// Uploads the textures b.ranges draw (straight, or premultiplied for MASK materials) into
// b.textures / b.premultipliedTextures.
void uploadMaterialTextures(const GlFunctions& gl, const geometry::Mesh& mesh, MeshBuffers& b);
// Uploads a validated mesh (context current).
MeshBuffers uploadMesh(const GlFunctions& gl, const geometry::Mesh& mesh, const VertexLight& light = {});
// Deletes every GL object of `buffers` and empties it.
void releaseMesh(const GlFunctions& gl, MeshBuffers& buffers);

}  // namespace sw::render::detail
