#pragma once
// The imported (or generated) triangle mesh in Splatwright's model space.
//
// Convention for the whole code base: right-handed, +Z up, metres of the source scaled into
// the normalised cube (edge 1.6, centred at the origin) after normalise(). glTF is +Y up: the
// importer and the GLB writer convert (x, y, z)_gltf <-> (x, -z, y)_ours.
#include <Eigen/Core>
#include <Eigen/Geometry>
#include <array>
#include <cstdint>
#include <string>
#include <vector>

namespace sw::geometry {

// An 8-bit RGBA image, rows top to bottom, colour in sRGB (gamma) space.
struct Image {
    std::string name;    // file name, or "embedded #k" for images inside a GLB
    int width = 0;
    int height = 0;
    std::vector<std::uint8_t> rgba;  // [height, width, 4]
    bool empty() const { return width <= 0 || height <= 0; }
};

struct Material {
    std::string name;
    int baseColorTexture = -1;  // index into Mesh::textures, -1 = none
    std::array<float, 4> baseColorFactor{1.f, 1.f, 1.f, 1.f};  // sRGB-space multiplier
    std::string baseColorSource;  // how it was found: "baseColorTexture", "fallback: first sRGB image", ...
    bool alphaMask = false;       // glTF alphaMode MASK
    float alphaCutoff = 0.5f;
    bool doubleSided = false;
    std::array<float, 3> emissive{0.f, 0.f, 0.f};  // linear emitted colour (glTF emissiveFactor × strength)
    int emissiveTexture = -1;     // index into Mesh::textures (sRGB), multiplied with `emissive`; -1 = none
    bool emits() const { return emissive[0] > 0.f || emissive[1] > 0.f || emissive[2] > 0.f; }
};

struct Mesh {
    std::vector<Eigen::Vector3f> positions;  // [V] model space
    std::vector<Eigen::Vector3f> normals;    // [V] unit, may be empty (then faces are flat)
    std::vector<Eigen::Vector2f> uvs;        // [V] texture coordinates (glTF convention, v down), may be empty
    std::vector<Eigen::Vector3i> triangles;  // [F] vertex indices, counter-clockwise = front
    std::vector<int> faceMaterial;           // [F] index into materials
    std::vector<int> facePart;               // [F] semantic part id, 0..kMaxParts-1
    std::vector<Material> materials;
    std::vector<Image> textures;
    std::vector<std::string> partNames;      // [parts], at most kMaxParts

    static constexpr int kMaxParts = 8;

    std::size_t vertexCount() const { return positions.size(); }
    std::size_t triangleCount() const { return triangles.size(); }
};

// Axis-aligned bounds of the positions; {+inf, -inf} when empty.
struct Bounds {
    Eigen::Vector3f min;
    Eigen::Vector3f max;
    Eigen::Vector3f center() const { return (min + max) * 0.5f; }
    Eigen::Vector3f size() const { return max - min; }
};
Bounds computeBounds(const Mesh& mesh);

// Face normal (unnormalised: length = 2 × area) of triangle f.
Eigen::Vector3f faceNormalArea(const Mesh& mesh, std::size_t f);

}  // namespace sw::geometry
