#pragma once
// Uniform grid hash over points for fixed-radius neighbour queries (cell edge = query radius,
// so the 27 cells around a point hold every neighbour). Used by the detached-floater graph,
// material smoothing and chunk smoothing.
#include <Eigen/Core>
#include <cstdint>
#include <span>
#include <unordered_map>
#include <utility>
#include <vector>

namespace sw::bake::detail {

class GridHash {
public:
    // points: [N] model space; radius > 0 is the cell edge and the query radius.
    GridHash(std::span<const Eigen::Vector3f> points, float radius);

    // Calls fn(j) for every point j != i with |p_j − p_i| ≤ radius.
    template <class Fn>
    void forEachNeighbour(std::size_t i, Fn&& fn) const {
        const Eigen::Vector3f& p = m_points[i];
        const Eigen::Vector3i c = cellOf(p);
        const float r2 = m_radius * m_radius;
        for (int dz = -1; dz <= 1; ++dz)
            for (int dy = -1; dy <= 1; ++dy)
                for (int dx = -1; dx <= 1; ++dx) {
                    auto it = m_cells.find(key(c + Eigen::Vector3i(dx, dy, dz)));
                    if (it == m_cells.end()) continue;
                    for (std::uint32_t k = it->second.first; k < it->second.second; ++k) {
                        const std::uint32_t j = m_order[k];
                        if (j != i && (m_points[j] - p).squaredNorm() <= r2) fn(static_cast<std::size_t>(j));
                    }
                }
    }

    float radius() const { return m_radius; }

private:
    Eigen::Vector3i cellOf(const Eigen::Vector3f& p) const;
    static std::int64_t key(const Eigen::Vector3i& c);

    std::span<const Eigen::Vector3f> m_points;
    float m_radius;
    std::vector<std::uint32_t> m_order;  // point indices sorted by cell key
    std::unordered_map<std::int64_t, std::pair<std::uint32_t, std::uint32_t>> m_cells;  // key → [begin, end)
};

// Default neighbour radius from the point count and the extent: the mean spacing of N points
// spread over the surface of the bounding box, sqrt(area/N), times `factor`.
float spacingRadius(std::span<const Eigen::Vector3f> points, float factor);

}  // namespace sw::bake::detail
