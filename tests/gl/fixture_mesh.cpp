#include "tests/gl/fixture_mesh.h"

#include <cmath>
#include <cstdint>

namespace sw::test {

namespace {

using Eigen::Vector3f;

// Adds the quad corner, corner+u, corner+u+v, corner+v (counter-clockwise seen from u × v)
// with texture coordinates spanning the whole texture (v down: corner is the bottom-left).
void addQuad(geometry::Mesh& mesh, const Vector3f& corner, const Vector3f& u, const Vector3f& v, int material,
             bool withNormals = true) {
    const int base = static_cast<int>(mesh.positions.size());
    const Vector3f n = u.cross(v).normalized();
    const Vector3f corners[4] = {corner, corner + u, corner + u + v, corner + v};
    const Eigen::Vector2f uvs[4] = {{0.f, 1.f}, {1.f, 1.f}, {1.f, 0.f}, {0.f, 0.f}};
    for (int k = 0; k < 4; ++k) {
        mesh.positions.push_back(corners[k]);
        if (withNormals) mesh.normals.push_back(n);
        mesh.uvs.push_back(uvs[k]);
    }
    mesh.triangles.emplace_back(base, base + 1, base + 2);
    mesh.triangles.emplace_back(base, base + 2, base + 3);
    for (int k = 0; k < 2; ++k) {
        mesh.faceMaterial.push_back(material);
        mesh.facePart.push_back(0);
    }
}

geometry::Image checkerTexture() {
    geometry::Image image{"checker", 64, 64, {}};
    image.rgba.resize(64 * 64 * 4);
    for (int y = 0; y < 64; ++y) {
        for (int x = 0; x < 64; ++x) {
            const bool marker = x < 16 && y < 16;
            const bool odd = ((x / 8) + (y / 8)) % 2 == 1;
            const std::uint8_t orange[4] = {230, 120, 30, 255}, cream[4] = {245, 230, 200, 255};
            const std::uint8_t blue[4] = {30, 40, 140, 255};
            const std::uint8_t* c = marker ? blue : (odd ? orange : cream);
            for (int k = 0; k < 4; ++k) image.rgba[(y * 64 + x) * 4 + k] = c[k];
        }
    }
    return image;
}

geometry::Image discTexture() {
    geometry::Image image{"disc", 32, 32, {}};
    image.rgba.resize(32 * 32 * 4);
    for (int y = 0; y < 32; ++y) {
        for (int x = 0; x < 32; ++x) {
            const float dx = static_cast<float>(x) + 0.5f - 16.f, dy = static_cast<float>(y) + 0.5f - 16.f;
            const bool inside = std::sqrt(dx * dx + dy * dy) < 13.f;
            const std::uint8_t px[4] = {210, 40, 50, static_cast<std::uint8_t>(inside ? 255 : 0)};
            for (int k = 0; k < 4; ++k) image.rgba[(y * 32 + x) * 4 + k] = px[k];
        }
    }
    return image;
}

}  // namespace

geometry::Mesh makeBoxAndPlate() {
    geometry::Mesh mesh;
    mesh.textures = {checkerTexture(), discTexture()};
    geometry::Material box{"box", 0, {1.f, 1.f, 1.f, 1.f}, "baseColorTexture", false, 0.5f, false};
    geometry::Material plate{"plate", -1, {0.15f, 0.55f, 0.5f, 1.f}, "none", false, 0.5f, false};
    geometry::Material card{"card", 1, {1.f, 1.f, 1.f, 1.f}, "baseColorTexture", true, 0.5f, true};
    mesh.materials = {box, plate, card};
    mesh.partNames = {"body"};

    const float h = 0.3f, e = 2.f * h;
    const Vector3f X = Vector3f::UnitX(), Y = Vector3f::UnitY(), Z = Vector3f::UnitZ();
    addQuad(mesh, {-h, -h, -h}, e * X, e * Z, 0);   // front (−Y)
    addQuad(mesh, {h, h, -h}, -e * X, e * Z, 0);    // back (+Y)
    addQuad(mesh, {h, -h, -h}, e * Y, e * Z, 0);    // right (+X)
    addQuad(mesh, {-h, h, -h}, -e * Y, e * Z, 0);   // left (−X)
    addQuad(mesh, {-h, -h, h}, e * X, e * Y, 0);    // top (+Z)
    addQuad(mesh, {-h, h, -h}, e * X, -e * Y, 0);   // bottom (−Z)
    addQuad(mesh, {-0.8f, -0.8f, -0.32f}, 1.6f * X, 1.6f * Y, 1);  // plate, facing +Z
    addQuad(mesh, {0.4f, -0.45f, -0.32f}, 0.35f * X, 0.35f * Z, 2);  // card, facing −Y
    return mesh;
}

geometry::Mesh makeFacingQuad(bool withNormals, bool maskBottomRight) {
    geometry::Mesh mesh;
    // 8×8 texels, 4×4 per quadrant, so bilinear filtering keeps each quadrant's interior pure.
    geometry::Image image{"quadrants", 8, 8, std::vector<std::uint8_t>(8 * 8 * 4)};
    const std::uint8_t colours[4][4] = {{255, 0, 0, 255}, {0, 255, 0, 255}, {0, 0, 255, 255}, {255, 255, 255, 255}};
    for (int y = 0; y < 8; ++y) {
        for (int x = 0; x < 8; ++x) {
            const int quadrant = (y / 4) * 2 + x / 4;
            for (int k = 0; k < 4; ++k) image.rgba[(y * 8 + x) * 4 + k] = colours[quadrant][k];
            if (maskBottomRight && quadrant == 3) image.rgba[(y * 8 + x) * 4 + 3] = 0;
        }
    }
    mesh.textures = {image};
    mesh.materials = {geometry::Material{"quad", 0, {1.f, 1.f, 1.f, 1.f}, "baseColorTexture", maskBottomRight, 0.5f,
                                         true}};
    mesh.partNames = {"body"};
    addQuad(mesh, {-0.5f, 0.f, -0.5f}, Vector3f::UnitX(), Vector3f::UnitZ(), 0, withNormals);
    return mesh;
}

}  // namespace sw::test
