#pragma once
// Shared fixtures for the formats tests: seeded random clouds and byte helpers.
#include <cstdint>
#include <cstring>
#include <random>
#include <string>
#include <vector>

#include "core/splat/splat_cloud.h"

namespace sw::test {

// A valid cloud of n splats with SH degree `degree`, values drawn from fixed ranges that every
// format can represent (positions ±100, ln scale −8..3, rgb 0..1, SH −0.9..0.9).
inline splat::SplatCloud makeRandomCloud(std::size_t n, int degree, std::uint32_t seed, bool withNormals = true) {
    std::mt19937 rng(seed);
    std::uniform_real_distribution<float> u(0.0f, 1.0f);
    auto range = [&](float a, float b) { return a + (b - a) * u(rng); };
    splat::SplatCloud c;
    c.shDegree = degree;
    if (withNormals) c.normals.resize(1);
    c.resize(n);
    for (std::size_t i = 0; i < n; ++i) {
        c.positions[i] = {range(-100, 100), range(-100, 100), range(-100, 100)};
        c.rotations[i] = Eigen::Vector4f(range(-1, 1), range(-1, 1), range(-1, 1), range(-1, 1)).normalized();
        c.scales[i] = {std::exp(range(-8, 3)), std::exp(range(-8, 3)), std::exp(range(-8, 3))};
        c.opacities[i] = u(rng);
        c.colors[i] = {u(rng), u(rng), u(rng)};
        if (withNormals) c.normals[i] = Eigen::Vector3f(range(-1, 1), range(-1, 1), range(1, 2)).normalized();
    }
    for (float& v : c.shRest) v = range(-0.9f, 0.9f);
    return c;
}

// Appends the raw little-endian bytes of a value.
template <class T>
void appendBytes(std::vector<std::uint8_t>& out, T value) {
    const std::size_t at = out.size();
    out.resize(at + sizeof(T));
    std::memcpy(out.data() + at, &value, sizeof(T));
}

inline void appendText(std::vector<std::uint8_t>& out, const std::string& text) {
    const std::size_t at = out.size();
    out.resize(at + text.size());
    std::memcpy(out.data() + at, text.data(), text.size());
}

// The error text of a failed Result, or "" (safe inside REQUIRE_MESSAGE, which may evaluate it).
template <class R>
std::string errorText(const R& r) {
    return r.ok() ? std::string() : r.error().toString();
}

}  // namespace sw::test
