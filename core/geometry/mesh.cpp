#include "core/geometry/mesh.h"

#include <limits>

namespace sw::geometry {

Bounds computeBounds(const Mesh& mesh) {
    constexpr float inf = std::numeric_limits<float>::infinity();
    Bounds b{Eigen::Vector3f::Constant(inf), Eigen::Vector3f::Constant(-inf)};
    for (const auto& p : mesh.positions) {
        b.min = b.min.cwiseMin(p);
        b.max = b.max.cwiseMax(p);
    }
    return b;
}

Eigen::Vector3f faceNormalArea(const Mesh& mesh, std::size_t f) {
    const Eigen::Vector3i& t = mesh.triangles[f];
    const Eigen::Vector3f& a = mesh.positions[t[0]];
    return (mesh.positions[t[1]] - a).cross(mesh.positions[t[2]] - a);
}

}  // namespace sw::geometry
