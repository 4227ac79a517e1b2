#include "core/lod/packed_splat.h"

#include <algorithm>
#include <cmath>

namespace sw::lod {
namespace {

template <class T>
T quantise(double v, double lo, double hi, double steps) {
    const double t = hi > lo ? (v - lo) / (hi - lo) : 0.0;
    return static_cast<T>(std::lround(std::clamp(t, 0.0, 1.0) * steps));
}

constexpr float kSqrtHalf = 0.70710678f;

// Smallest three: the index of the largest |component|, the others in 7 bits each.
std::uint32_t packRotation(const Eigen::Vector4f& rotation) {
    Eigen::Vector4f q = rotation.normalized();
    int largest = 0;
    q.cwiseAbs().maxCoeff(&largest);
    if (q[largest] < 0.0f) q = -q;
    std::uint32_t bits = static_cast<std::uint32_t>(largest);
    int field = 0;
    for (int k = 0; k < 4; ++k) {
        if (k == largest) continue;
        const std::uint32_t v = quantise<std::uint32_t>(q[k], -kSqrtHalf, kSqrtHalf, 127.0);
        bits |= v << (2 + 7 * field++);
    }
    return bits;
}

Eigen::Vector4f unpackRotation(std::uint32_t bits) {
    const int largest = static_cast<int>(bits & 3u);
    Eigen::Vector4f q;
    float sum = 0.0f;
    int field = 0;
    for (int k = 0; k < 4; ++k) {
        if (k == largest) continue;
        const auto v = static_cast<float>((bits >> (2 + 7 * field++)) & 127u);
        q[k] = (v / 127.0f * 2.0f - 1.0f) * kSqrtHalf;
        sum += q[k] * q[k];
    }
    q[largest] = std::sqrt(std::max(0.0f, 1.0f - sum));
    return q.normalized();
}

}  // namespace

PackedChunk packChunk(const splat::SplatCloud& cloud) {
    PackedChunk chunk;
    for (const Eigen::Vector3f& p : cloud.positions) chunk.bounds.extend(p);
    chunk.splats.resize(cloud.size());
    const Eigen::Vector3f lo = chunk.bounds.min(), hi = chunk.bounds.max();
    for (std::size_t i = 0; i < cloud.size(); ++i) {
        PackedSplat& s = chunk.splats[i];
        for (int k = 0; k < 3; ++k) {
            s.position[k] = quantise<std::uint16_t>(cloud.positions[i][k], lo[k], hi[k], 65535.0);
            s.rgba[k] = quantise<std::uint8_t>(cloud.colors[i][k], 0.0, 1.0, 255.0);
            s.logScale[k] = quantise<std::uint8_t>(std::log(std::max(cloud.scales[i][k], 1e-30f)), kLogScaleMin,
                                                   kLogScaleMax, 255.0);
        }
        s.rgba[3] = quantise<std::uint8_t>(cloud.opacities[i], 0.0, 1.0, 255.0);
        const std::uint32_t bits = packRotation(cloud.rotations[i]);
        for (int k = 0; k < 3; ++k) s.rotation[k] = static_cast<std::uint8_t>(bits >> (8 * k));
    }
    return chunk;
}

splat::SplatCloud unpackChunk(const PackedChunk& chunk) {
    splat::SplatCloud cloud;
    cloud.resize(chunk.splats.size());
    const Eigen::Vector3f lo = chunk.bounds.min(), size = chunk.bounds.sizes();
    for (std::size_t i = 0; i < chunk.splats.size(); ++i) {
        const PackedSplat& s = chunk.splats[i];
        for (int k = 0; k < 3; ++k) {
            cloud.positions[i][k] = lo[k] + size[k] * static_cast<float>(s.position[k]) / 65535.0f;
            cloud.colors[i][k] = static_cast<float>(s.rgba[k]) / 255.0f;
            cloud.scales[i][k] =
                std::exp(kLogScaleMin + (kLogScaleMax - kLogScaleMin) * static_cast<float>(s.logScale[k]) / 255.0f);
        }
        cloud.opacities[i] = static_cast<float>(s.rgba[3]) / 255.0f;
        cloud.rotations[i] = unpackRotation(std::uint32_t{s.rotation[0]} | std::uint32_t{s.rotation[1]} << 8 |
                                            std::uint32_t{s.rotation[2]} << 16);
    }
    return cloud;
}

}  // namespace sw::lod
