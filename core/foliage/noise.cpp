// Must stay in step with its GLSL twin in shaders/foliage_wind.glsl (fwHash32, fwNoise2, fwNoise3):
// a change here is made there too (tests/gl/tst_foliage_gpu.cpp compares them).
#include "core/foliage/noise.h"

#include <algorithm>
#include <cmath>
#include <cstring>

#include "core/foundation/hash.h"

namespace sw::foliage {
namespace {

// Perlin's quintic fade 6t^5 - 15t^4 + 10t^3 (zero first and second derivative at 0 and 1).
float fade(float t) { return t * t * t * (t * (t * 6.f - 15.f) + 10.f); }
float lerp(float a, float b, float t) { return a + (b - a) * t; }

// One of 8 unit gradients (axes and diagonals) dotted with (x, y).
float grad2(std::uint32_t h, float x, float y) {
    constexpr float S = 0.70710678f;
    switch (h & 7u) {
    case 0: return x;
    case 1: return -x;
    case 2: return y;
    case 3: return -y;
    case 4: return S * (x + y);
    case 5: return S * (-x + y);
    case 6: return S * (x - y);
    default: return S * (-x - y);
    }
}

// One of Perlin's 12 cube-edge gradients (h mod 16, four of them repeated) dotted with (x, y, z).
float grad3(std::uint32_t h, float x, float y, float z) {
    const std::uint32_t k = h & 15u;
    const float u = k < 8u ? x : y;
    const float v = k < 4u ? y : (k == 12u || k == 14u ? x : z);
    return ((k & 1u) ? -u : u) + ((k & 2u) ? -v : v);
}

// Largest |noise| of unit 2D gradients is sqrt(2)/2; of the edge gradients in 3D about 1.04.
constexpr float NOISE2_SCALE = 1.41421356f;
constexpr float NOISE3_SCALE = 0.96f;

}  // namespace

std::uint32_t hash32(std::uint32_t x) { return lowbias32(x); }  // foundation/hash.h, the project's one hash

std::uint32_t hashCell(std::int32_t x, std::int32_t y, std::int32_t z, std::uint32_t seed) {
    std::uint32_t h = hash32(seed);
    h = hash32(static_cast<std::uint32_t>(z) + h);
    h = hash32(static_cast<std::uint32_t>(y) + h);
    return hash32(static_cast<std::uint32_t>(x) + h);
}

float unitFloat(std::uint32_t h) { return static_cast<float>(h >> 8) * (1.f / 16777216.f); }

float hashPosition01(const Eigen::Vector3f& p, std::uint32_t seed) {
    std::uint32_t bits[3];
    std::memcpy(bits, p.data(), sizeof bits);
    return unitFloat(hashCell(static_cast<std::int32_t>(bits[0]), static_cast<std::int32_t>(bits[1]),
                              static_cast<std::int32_t>(bits[2]), seed));
}

float gradientNoise2(const Eigen::Vector2f& p, std::uint32_t seed) {
    const float fx = std::floor(p.x()), fy = std::floor(p.y());
    const auto ix = static_cast<std::int32_t>(fx), iy = static_cast<std::int32_t>(fy);
    const float x = p.x() - fx, y = p.y() - fy;
    const float n00 = grad2(hashCell(ix, iy, 0, seed), x, y);
    const float n10 = grad2(hashCell(ix + 1, iy, 0, seed), x - 1.f, y);
    const float n01 = grad2(hashCell(ix, iy + 1, 0, seed), x, y - 1.f);
    const float n11 = grad2(hashCell(ix + 1, iy + 1, 0, seed), x - 1.f, y - 1.f);
    const float u = fade(x), v = fade(y);
    const float n = lerp(lerp(n00, n10, u), lerp(n01, n11, u), v);
    return std::clamp(n * NOISE2_SCALE, -1.f, 1.f);
}

float gradientNoise3(const Eigen::Vector3f& p, std::uint32_t seed) {
    const Eigen::Vector3f f(std::floor(p.x()), std::floor(p.y()), std::floor(p.z()));
    const Eigen::Vector3i i = f.cast<std::int32_t>();
    const Eigen::Vector3f r = p - f;
    float corner[8];
    for (int c = 0; c < 8; ++c) {
        const int dx = c & 1, dy = (c >> 1) & 1, dz = (c >> 2) & 1;
        corner[c] = grad3(hashCell(i.x() + dx, i.y() + dy, i.z() + dz, seed), r.x() - static_cast<float>(dx),
                          r.y() - static_cast<float>(dy), r.z() - static_cast<float>(dz));
    }
    const float u = fade(r.x()), v = fade(r.y()), w = fade(r.z());
    const float y0 = lerp(lerp(corner[0], corner[1], u), lerp(corner[2], corner[3], u), v);
    const float y1 = lerp(lerp(corner[4], corner[5], u), lerp(corner[6], corner[7], u), v);
    return std::clamp(lerp(y0, y1, w) * NOISE3_SCALE, -1.f, 1.f);
}

}  // namespace sw::foliage
