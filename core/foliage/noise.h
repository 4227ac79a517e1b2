#pragma once
// Deterministic hash and gradient noise: the one source of randomness of every foliage effect
// (wind, shiver, gusts, per-copy hue), written so a GLSL shader can repeat it bit for bit on
// integers and to float rounding on the rest (no std::rand, no table, no global seed).
//   hash:  "lowbias32" integer finaliser (C. Wellons, hash-prospector, 2020).
//   noise: Perlin gradient noise with the quintic fade (K. Perlin, "Improving Noise",
//          SIGGRAPH 2002): 8 unit gradients in 2D, the 12 cube-edge gradients in 3D.
#include <Eigen/Core>
#include <cstdint>

namespace sw::foliage {

// Integer finaliser: a well-mixed 32-bit value for any 32-bit input.
std::uint32_t hash32(std::uint32_t x);
// Hash of a lattice point and a seed: hash32(x + hash32(y + hash32(z + hash32(seed)))).
std::uint32_t hashCell(std::int32_t x, std::int32_t y, std::int32_t z, std::uint32_t seed);
// Hash of a float position's bit patterns (GLSL floatBitsToUint): the same position, the same
// value; used for per-copy variation. Returns [0, 1).
float hashPosition01(const Eigen::Vector3f& p, std::uint32_t seed);
// The top 24 bits of h as a float in [0, 1).
float unitFloat(std::uint32_t h);

// Gradient noise in about [-1, 1] (scaled so the extremes reach ±1, clamped), 0 at every
// lattice point, C2-continuous; the lattice spacing is 1 (scale the input for a wavelength).
float gradientNoise2(const Eigen::Vector2f& p, std::uint32_t seed);
float gradientNoise3(const Eigen::Vector3f& p, std::uint32_t seed);

}  // namespace sw::foliage
