#pragma once
// Meshes built in code for the bake tests: boxes and UV spheres with outward winding, merged
// into one mesh with part ids.
#include <Eigen/Core>
#include <cmath>

#include "core/geometry/mesh.h"

namespace sw::test {

inline void appendBox(geometry::Mesh& mesh, const Eigen::Vector3f& lo, const Eigen::Vector3f& hi, int part = 0) {
    const int base = int(mesh.positions.size());
    for (int i = 0; i < 8; ++i)
        mesh.positions.emplace_back(i & 1 ? hi.x() : lo.x(), i & 2 ? hi.y() : lo.y(), i & 4 ? hi.z() : lo.z());
    // Outward (counter-clockwise seen from outside) quads: -z, +z, -y, +y, -x, +x.
    const int quads[6][4] = {{0, 2, 3, 1}, {4, 5, 7, 6}, {0, 1, 5, 4}, {2, 6, 7, 3}, {0, 4, 6, 2}, {1, 3, 7, 5}};
    for (const auto& q : quads) {
        mesh.triangles.emplace_back(base + q[0], base + q[1], base + q[2]);
        mesh.triangles.emplace_back(base + q[0], base + q[2], base + q[3]);
        mesh.facePart.push_back(part);
        mesh.facePart.push_back(part);
        mesh.faceMaterial.push_back(0);
        mesh.faceMaterial.push_back(0);
    }
}

inline void appendSphere(geometry::Mesh& mesh, const Eigen::Vector3f& centre, float radius, int part = 0,
                         int rings = 24, int segments = 48) {
    const int base = int(mesh.positions.size());
    for (int r = 0; r <= rings; ++r) {
        const double theta = M_PI * r / rings;
        for (int s = 0; s < segments; ++s) {
            const double phi = 2 * M_PI * s / segments;
            mesh.positions.push_back(centre + radius * Eigen::Vector3d(std::sin(theta) * std::cos(phi),
                                                                       std::sin(theta) * std::sin(phi), std::cos(theta))
                                                           .cast<float>());
        }
    }
    const auto idx = [&](int r, int s) { return base + r * segments + (s % segments); };
    for (int r = 0; r < rings; ++r)
        for (int s = 0; s < segments; ++s) {
            // Seen from outside the sphere these are counter-clockwise (normal outward).
            mesh.triangles.emplace_back(idx(r, s), idx(r + 1, s), idx(r + 1, s + 1));
            mesh.triangles.emplace_back(idx(r, s), idx(r + 1, s + 1), idx(r, s + 1));
            for (int k = 0; k < 2; ++k) {
                mesh.facePart.push_back(part);
                mesh.faceMaterial.push_back(0);
            }
        }
}

inline geometry::Mesh withDefaultMaterial(geometry::Mesh mesh) {
    if (mesh.materials.empty()) mesh.materials.push_back(geometry::Material{});
    if (mesh.partNames.empty()) mesh.partNames.push_back("hull");
    return mesh;
}

// The thin slab of the floater tests: 1.2 × 1.2 × 0.1 centred at the origin.
inline geometry::Mesh slabMesh() {
    geometry::Mesh mesh;
    appendBox(mesh, Eigen::Vector3f(-0.6f, -0.6f, -0.05f), Eigen::Vector3f(0.6f, 0.6f, 0.05f));
    return withDefaultMaterial(mesh);
}

}  // namespace sw::test
