// What a trimmed piece costs the rasteriser (trim.h blocksTouched): the fragment shader runs on
// whole blocks of pixels (llvmpipe: 4 × 4, counting 16 invocations for every block a triangle
// touches; GPUs: 2 × 2 quads), so a block cut by an edge is paid by each triangle that touches it.
#include <algorithm>
#include <cmath>

#include "core/foliage/trim.h"

namespace sw::foliage {
namespace {

// Edge function of a→b at p, > 0 on the left (inside a counter-clockwise triangle).
float edge(const Eigen::Vector2f& a, const Eigen::Vector2f& b, const Eigen::Vector2f& p) {
    return (b.x() - a.x()) * (p.y() - a.y()) - (b.y() - a.y()) * (p.x() - a.x());
}

// Blocks of `block` × `block` pixels (a pixel `pixel` units wide, the grid shifted by `offset`)
// in which at least one pixel centre lies in the triangle.
long long blocksOf(std::array<Eigen::Vector2f, 3> t, float pixel, int block, const Eigen::Vector2f& offset) {
    if (edge(t[0], t[1], t[2]) < 0.f) std::swap(t[1], t[2]);
    if (edge(t[0], t[1], t[2]) <= 0.f) return 0;  // no area: no fragment
    const float size = pixel * static_cast<float>(block);
    float x0 = t[0].x(), x1 = x0, y0 = t[0].y(), y1 = y0;
    for (const auto& p : t) {
        x0 = std::min(x0, p.x()), x1 = std::max(x1, p.x());
        y0 = std::min(y0, p.y()), y1 = std::max(y1, p.y());
    }
    auto inside = [&](const Eigen::Vector2f& p) {
        return edge(t[0], t[1], p) >= 0.f && edge(t[1], t[2], p) >= 0.f && edge(t[2], t[0], p) >= 0.f;
    };
    long long n = 0;
    const int bx0 = static_cast<int>(std::floor((x0 - offset.x()) / size)), bx1 = static_cast<int>(std::floor((x1 - offset.x()) / size));
    const int by0 = static_cast<int>(std::floor((y0 - offset.y()) / size)), by1 = static_cast<int>(std::floor((y1 - offset.y()) / size));
    for (int by = by0; by <= by1; ++by)
        for (int bx = bx0; bx <= bx1; ++bx) {
            const Eigen::Vector2f corner = offset + size * Eigen::Vector2f(static_cast<float>(bx), static_cast<float>(by));
            const Eigen::Vector2f c[4] = {corner, corner + Eigen::Vector2f(size, 0.f), corner + Eigen::Vector2f(0.f, size),
                                          corner + Eigen::Vector2f(size, size)};
            bool outside = false;  // every corner beyond one edge: no pixel centre inside
            for (int e = 0; e < 3 && !outside; ++e) {
                outside = true;
                for (const auto& q : c) outside = outside && edge(t[static_cast<std::size_t>(e)], t[static_cast<std::size_t>((e + 1) % 3)], q) < 0.f;
            }
            if (outside) continue;
            bool hit = inside(c[0]) && inside(c[1]) && inside(c[2]) && inside(c[3]);
            for (int j = 0; j < block && !hit; ++j)
                for (int i = 0; i < block && !hit; ++i)
                    hit = inside(corner + pixel * Eigen::Vector2f(static_cast<float>(i) + 0.5f, static_cast<float>(j) + 0.5f));
            n += hit ? 1 : 0;
        }
    return n;
}

}  // namespace

double blocksTouched(const std::vector<std::array<Eigen::Vector2f, 3>>& triangles, float pixel, int block) {
    if (!(pixel > 0.f) || block < 1) return 0.0;
    // Four placements of the pixel grid, so that no piece is chosen for a lucky alignment.
    const Eigen::Vector2f offsets[4] = {{0.f, 0.f}, {0.5f, 0.25f}, {0.25f, 0.75f}, {0.75f, 0.5f}};
    long long n = 0;
    for (const Eigen::Vector2f& o : offsets)
        for (const auto& t : triangles) n += blocksOf(t, pixel, block, o * pixel * static_cast<float>(block));
    return static_cast<double>(n) / 4.0;
}

}  // namespace sw::foliage
