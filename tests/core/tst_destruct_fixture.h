#pragma once
// A baked-model stand-in for the destruction tests, built in code: n core slots on a closed
// ellipsoid hull (radii 0.6, 0.45, 0.35; Fibonacci points, outward normals), hull thickness
// attrs.z = 0.5 (0.2 model units at the bake's 0.4 range), parts 0 hull / 1 left gun (x < −0.45) /
// 2 right gun (x > 0.45), chunks of ≈ 100 slots (nearest of n/100 Fibonacci directions, ≤ 255),
// materials default / circuit (guns), a red hull colour.
#include <Eigen/Core>
#include <algorithm>
#include <cmath>

#include "core/formats/spl2.h"

namespace sw::test {

inline Eigen::Vector3f fibonacciPoint(int k, int n) {
    const float z = 1.f - 2.f * (float(k) + 0.5f) / float(n);
    const float r = std::sqrt(std::max(0.f, 1.f - z * z));
    const float phi = float(k) * 2.39996323f;
    return {r * std::cos(phi), r * std::sin(phi), z};
}

inline formats::Spl2Model makeHull(int n, int chunkSplats = 100) {
    const Eigen::Vector3f radii(0.6f, 0.45f, 0.35f);
    formats::Spl2Model m;
    m.core.resize(std::size_t(n));
    const int chunks = std::clamp(n / chunkSplats, 1, 255);
    formats::Spl2ChunkTail tail;
    tail.coreChunk.resize(std::size_t(n));
    tail.coreMaterial.resize(std::size_t(n));
    tail.chunks.resize(std::size_t(chunks));
    const float spacing = std::sqrt(2.6f / float(n));  // ≈ √(area / n)
    for (int k = 0; k < n; ++k) {
        const auto i = std::size_t(k);
        const Eigen::Vector3f u = fibonacciPoint(k, n);
        const Eigen::Vector3f normal = u.cwiseQuotient(radii).normalized();
        m.core.pos[i] = u.cwiseProduct(radii);
        m.core.normal[i] = normal;
        const Eigen::Vector3f t0 =
            normal.cross(std::abs(normal.z()) < 0.9f ? Eigen::Vector3f::UnitZ() : Eigen::Vector3f::UnitX()).normalized();
        m.core.ax0[i] = t0 * (spacing * 0.33f);
        m.core.ax1[i] = normal.cross(t0) * (spacing * 0.30f);
        const int part = m.core.pos[i].x() < -0.45f ? 1 : (m.core.pos[i].x() > 0.45f ? 2 : 0);
        m.core.color[i] = part == 0 ? Eigen::Vector3f(0.70f, 0.22f, 0.25f) : Eigen::Vector3f(0.35f, 0.35f, 0.40f);
        m.core.opacity[i] = 1.f;
        m.core.attrs[i] = Eigen::Vector4f(1.f, float(part * 16), 0.5f, 1.f);
        int best = 0;
        float bestDot = -2.f;
        for (int c = 0; c < chunks; ++c) {
            const float d = fibonacciPoint(c, chunks).dot(u);
            if (d > bestDot) bestDot = d, best = c;
        }
        tail.coreChunk[i] = best;
        tail.coreMaterial[i] = part == 0 ? 0 : 4;
    }
    for (int c = 0; c < chunks; ++c) {
        tail.chunks[std::size_t(c)].centroid = fibonacciPoint(c, chunks).cwiseProduct(radii);
        tail.chunks[std::size_t(c)].size = 0.1f;
    }
    m.orders.assign(formats::kSpl2Buckets, {});
    m.chunks = tail;
    return m;
}

}  // namespace sw::test
