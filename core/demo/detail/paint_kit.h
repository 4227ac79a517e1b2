#pragma once
// Small procedural-texture helpers for the demo painter: value noise, fBm, stencil digits.
#include <Eigen/Core>
#include <cstdint>

namespace sw::demo::detail {

using Rgb = Eigen::Vector3f;  // sRGB in [0, 1]

inline float clamp01(float x) { return x < 0.f ? 0.f : (x > 1.f ? 1.f : x); }
// Hermite smoothstep between edges a < b.
inline float smoothstep(float a, float b, float x) {
    const float t = clamp01((x - a) / (b - a));
    return t * t * (3.f - 2.f * t);
}
inline Rgb mix(const Rgb& a, const Rgb& b, float t) { return a + (b - a) * t; }
inline Rgb rgb8(int r, int g, int b) { return Rgb(static_cast<float>(r), static_cast<float>(g), static_cast<float>(b)) / 255.f; }

// Value noise on the integer lattice (Perlin, "An Image Synthesizer", SIGGRAPH 1985, with
// hashed lattice values instead of gradients), smooth-interpolated; result in [0, 1).
float valueNoise(float x, float y, std::uint32_t seed);
// Fractional Brownian motion: `octaves` octaves of valueNoise, each at twice the frequency and
// half the amplitude; result in [0, 1).
float fbm(float x, float y, std::uint32_t seed, int octaves = 4);

// Coverage (0 or 1) of a 7-segment stencil digit 0..9 at local point (x, y) in its box
// [0, 1] × [0, 1] (y down); `stroke` is the segment thickness relative to the box width.
float digitCoverage(int digit, float x, float y, float stroke = 0.22f);

}  // namespace sw::demo::detail
