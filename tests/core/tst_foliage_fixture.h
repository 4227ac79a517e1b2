#pragma once
// Foliage assets built in code for the foliage tests: vertical grass cards (a quad of two
// triangles, its corners duplicated at a "seam" the way glTF importers split vertices), a
// patch of them on a grid, and a splat plant (a column of flat splats).
#include <Eigen/Core>
#include <cmath>
#include <string>

#include "core/geometry/mesh.h"
#include "core/splat/splat_cloud.h"

namespace sw::test {

// A vertical card centred at `at` (base at at.z), width w along x, height h, material m.
// With `seam` the second triangle gets its own copies of the shared vertices.
inline void addCard(geometry::Mesh& mesh, const Eigen::Vector3f& at, float w, float h, int m, bool seam = true) {
    const int base = static_cast<int>(mesh.positions.size());
    const Eigen::Vector3f c[4] = {at + Eigen::Vector3f(-w / 2, 0, 0), at + Eigen::Vector3f(w / 2, 0, 0),
                                  at + Eigen::Vector3f(w / 2, 0, h), at + Eigen::Vector3f(-w / 2, 0, h)};
    const Eigen::Vector2f uv[4] = {{0, 1}, {1, 1}, {1, 0}, {0, 0}};
    for (int k = 0; k < 4; ++k) {
        mesh.positions.push_back(c[k]);
        mesh.uvs.push_back(uv[k]);
    }
    mesh.triangles.emplace_back(base, base + 1, base + 2);
    if (seam) {
        for (int k : {0, 2}) {
            mesh.positions.push_back(c[k]);
            mesh.uvs.push_back(uv[k]);
        }
        mesh.triangles.emplace_back(base + 4, base + 5, base + 3);
    } else {
        mesh.triangles.emplace_back(base, base + 2, base + 3);
    }
    mesh.faceMaterial.insert(mesh.faceMaterial.end(), 2, m);
    mesh.facePart.insert(mesh.facePart.end(), 2, 0);
}

// nx × ny cards `spacing` apart, centred at the origin, material 0 named `name` (alpha MASK).
inline geometry::Mesh makeGrassPatch(int nx, int ny, float spacing, float h, const std::string& name = "M_Grass_01") {
    geometry::Mesh mesh;
    geometry::Material mat;
    mat.name = name;
    mat.alphaMask = true;
    mesh.materials.push_back(mat);
    for (int y = 0; y < ny; ++y)
        for (int x = 0; x < nx; ++x)
            addCard(mesh, {(x - 0.5f * (nx - 1)) * spacing, (y - 0.5f * (ny - 1)) * spacing, 0.f}, 0.2f, h, 0);
    return mesh;
}

// A column of n flat splats from z = 0 to z = h, each tilted differently, scales (s, s/2, s/10).
inline splat::SplatCloud makeSplatPlant(int n, float h, float s = 0.05f) {
    splat::SplatCloud c;
    c.resize(static_cast<std::size_t>(n));
    for (int i = 0; i < n; ++i) {
        const auto k = static_cast<std::size_t>(i);
        const float u = static_cast<float>(i) / static_cast<float>(n - 1);
        c.positions[k] = Eigen::Vector3f(0.1f * std::cos(7.f * u), 0.1f * std::sin(7.f * u), h * u);
        const Eigen::Quaternionf q(Eigen::AngleAxisf(0.3f + 2.f * u, Eigen::Vector3f(1.f, u, 0.5f).normalized()));
        c.rotations[k] = Eigen::Vector4f(q.w(), q.x(), q.y(), q.z());
        c.scales[k] = Eigen::Vector3f(s, s / 2, s / 10);
    }
    return c;
}

}  // namespace sw::test
