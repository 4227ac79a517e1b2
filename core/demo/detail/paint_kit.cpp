#include "core/demo/detail/paint_kit.h"

#include <array>
#include <cmath>

#include "core/foundation/hash.h"

namespace sw::demo::detail {
namespace {

float lattice(int x, int y, std::uint32_t seed) {
    const std::uint32_t h = lowbias32(static_cast<std::uint32_t>(x) * 0x9e3779b1U ^ lowbias32(static_cast<std::uint32_t>(y) + seed));
    return unitFloat24(h);
}

}  // namespace

float valueNoise(float x, float y, std::uint32_t seed) {
    const float fx = std::floor(x), fy = std::floor(y);
    const int ix = static_cast<int>(fx), iy = static_cast<int>(fy);
    const float tx = smoothstep(0.f, 1.f, x - fx), ty = smoothstep(0.f, 1.f, y - fy);
    const float a = lattice(ix, iy, seed), b = lattice(ix + 1, iy, seed);
    const float c = lattice(ix, iy + 1, seed), d = lattice(ix + 1, iy + 1, seed);
    return (a + (b - a) * tx) * (1.f - ty) + (c + (d - c) * tx) * ty;
}

float fbm(float x, float y, std::uint32_t seed, int octaves) {
    float sum = 0.f, amp = 0.5f, norm = 0.f;
    for (int o = 0; o < octaves; ++o) {
        sum += amp * valueNoise(x, y, seed + static_cast<std::uint32_t>(o) * 1013U);
        norm += amp;
        x *= 2.f;
        y *= 2.f;
        amp *= 0.5f;
    }
    return sum / norm;
}

float digitCoverage(int digit, float x, float y, float stroke) {
    // Segments a..g as bits 0..6: top, upper right, lower right, bottom, lower left, upper left, middle.
    static constexpr std::array<std::uint8_t, 10> kSegments{0x3f, 0x06, 0x5b, 0x4f, 0x66, 0x6d, 0x7d, 0x07, 0x7f, 0x6f};
    if (x < 0.f || x > 1.f || y < 0.f || y > 1.f) return 0.f;
    const std::uint8_t seg = kSegments[static_cast<std::size_t>(digit % 10)];
    const float w = stroke, h = stroke * 0.5f;  // horizontal bars are thinner relative to the taller box
    const bool left = x < w, right = x > 1.f - w, upper = y < 0.5f;
    const bool top = y < h, bottom = y > 1.f - h, middle = std::abs(y - 0.5f) < h * 0.5f;
    if ((seg & 0x01) && top) return 1.f;
    if ((seg & 0x08) && bottom) return 1.f;
    if ((seg & 0x40) && middle) return 1.f;
    if ((seg & 0x02) && right && upper) return 1.f;
    if ((seg & 0x04) && right && !upper) return 1.f;
    if ((seg & 0x10) && left && !upper) return 1.f;
    if ((seg & 0x20) && left && upper) return 1.f;
    return 0.f;
}

}  // namespace sw::demo::detail
