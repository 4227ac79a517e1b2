#pragma once
// The grass clump of the foliage tests and benchmarks: three crossed alpha-MASK cards 0.5 m tall
// around +Z, each 0.3 m wide, textured with five blades on a transparent 64 x 128 image.
#include <Eigen/Core>
#include <cmath>
#include <cstdint>

#include "core/geometry/mesh.h"

namespace sw::test {

inline sw::geometry::Mesh grassClump() {
    sw::geometry::Mesh m;
    m.partNames = {"grass"};
    sw::geometry::Image img;
    img.name = "blades";
    img.width = 64;
    img.height = 128;
    img.rgba.assign(64 * 128 * 4, 0);
    for (int y = 0; y < 128; ++y)
        for (int x = 0; x < 64; ++x) {
            const auto px = static_cast<std::size_t>((y * 64 + x) * 4);
            const float up = 1.f - y / 127.f;  // 0 at the bottom row, 1 at the top
            bool blade = false;
            for (int b = 0; b < 5; ++b) {
                const float cx = 12.f + 10.f * b + 6.f * up * (b - 2) / 2.f, half = 3.f * (1.f - up);
                blade = blade || (std::abs(x + 0.5f - cx) <= half && up < 0.9f - 0.1f * (b % 2));
            }
            img.rgba[px] = static_cast<std::uint8_t>(60 + 40 * up);
            img.rgba[px + 1] = static_cast<std::uint8_t>(120 + 60 * up);
            img.rgba[px + 2] = 40;
            img.rgba[px + 3] = blade ? 255 : 0;
        }
    m.textures.push_back(img);
    sw::geometry::Material card;
    card.name = "M_Grass";
    card.alphaMask = true;
    card.baseColorTexture = 0;
    m.materials = {card};
    for (int k = 0; k < 3; ++k) {
        const float a = 3.14159265f * k / 3.f, c = 0.15f * std::cos(a), s = 0.15f * std::sin(a);
        const int base = static_cast<int>(m.positions.size());
        m.positions.insert(m.positions.end(), {{-c, -s, 0.f}, {c, s, 0.f}, {c, s, 0.5f}, {-c, -s, 0.5f}});
        m.uvs.insert(m.uvs.end(), {{0.f, 1.f}, {1.f, 1.f}, {1.f, 0.f}, {0.f, 0.f}});
        m.normals.insert(m.normals.end(), 4, Eigen::Vector3f(-std::sin(a), std::cos(a), 0.f));
        m.triangles.emplace_back(base, base + 1, base + 2);
        m.triangles.emplace_back(base, base + 2, base + 3);
        m.faceMaterial.insert(m.faceMaterial.end(), 2, 0);
        m.facePart.insert(m.facePart.end(), 2, 0);
    }
    return m;
}

}  // namespace sw::test
