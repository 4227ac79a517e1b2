#include "core/bake/detail/grid_hash.h"

#include <algorithm>
#include <cmath>
#include <numeric>

#include "core/foundation/check.h"

namespace sw::bake::detail {

GridHash::GridHash(std::span<const Eigen::Vector3f> points, float radius) : m_points(points), m_radius(radius) {
    SW_REQUIRE(radius > 0 && std::isfinite(radius), "radius=" << radius);
    std::vector<std::int64_t> keys(points.size());
    for (std::size_t i = 0; i < points.size(); ++i) keys[i] = key(cellOf(points[i]));
    m_order.resize(points.size());
    std::iota(m_order.begin(), m_order.end(), 0u);
    std::stable_sort(m_order.begin(), m_order.end(), [&](std::uint32_t a, std::uint32_t b) { return keys[a] < keys[b]; });
    m_cells.reserve(points.size());
    for (std::uint32_t k = 0; k < m_order.size();) {
        std::uint32_t e = k;
        while (e < m_order.size() && keys[m_order[e]] == keys[m_order[k]]) ++e;
        m_cells.emplace(keys[m_order[k]], std::make_pair(k, e));
        k = e;
    }
}

Eigen::Vector3i GridHash::cellOf(const Eigen::Vector3f& p) const {
    return Eigen::Vector3i(static_cast<int>(std::floor(p.x() / m_radius)), static_cast<int>(std::floor(p.y() / m_radius)),
                           static_cast<int>(std::floor(p.z() / m_radius)));
}

std::int64_t GridHash::key(const Eigen::Vector3i& c) {
    // 21 bits per axis after an offset of 2^20: cells within ±1M of the origin are distinct.
    const auto u = [](int v) { return static_cast<std::int64_t>((v + (1 << 20)) & 0x1fffff); };
    return (u(c.z()) << 42) | (u(c.y()) << 21) | u(c.x());
}

float spacingRadius(std::span<const Eigen::Vector3f> points, float factor) {
    if (points.empty()) return 1.f;
    Eigen::Vector3f lo = points[0], hi = points[0];
    for (const auto& p : points) {
        lo = lo.cwiseMin(p);
        hi = hi.cwiseMax(p);
    }
    const Eigen::Vector3f e = (hi - lo).cwiseMax(1e-4f);
    const float area = 2.f * (e.x() * e.y() + e.y() * e.z() + e.z() * e.x());
    return factor * std::sqrt(area / static_cast<float>(points.size()));
}

}  // namespace sw::bake::detail
