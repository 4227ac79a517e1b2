#include "core/foliage/look.h"

#include <Eigen/Geometry>
#include <algorithm>
#include <cmath>

#include "core/foliage/noise.h"

namespace sw::foliage {

float hueShift(const Eigen::Vector3f& position, float variation) {
    return (2.f * hashPosition01(position, HUE_SEED) - 1.f) * variation * MAX_HUE_TURNS;
}

Eigen::Vector3f shiftHue(const Eigen::Vector3f& rgb, float turns) {
    const float a = turns * 6.28318531f;
    const float c = std::cos(a), s = std::sin(a);
    const float k = 1.f / std::sqrt(3.f);
    const Eigen::Vector3f axis(k, k, k);
    const Eigen::Vector3f out = rgb * c + axis.cross(rgb) * s + axis * axis.dot(rgb) * (1.f - c);
    return out.cwiseMax(0.f).cwiseMin(1.f);
}

float fadeFactor(float distance, const FadeRange& fade) {
    if (!fade.active() || distance <= fade.start) return 1.f;
    if (distance >= fade.end) return 0.f;
    return (fade.end - distance) / (fade.end - fade.start);
}

bool fadeCulled(float distance, const FadeRange& fade) { return fade.active() && distance >= fade.end; }

float ditherThreshold(int x, int y) {
    static constexpr int BAYER[4][4] = {{0, 8, 2, 10}, {12, 4, 14, 6}, {3, 11, 1, 9}, {15, 7, 13, 5}};
    return (static_cast<float>(BAYER[y & 3][x & 3]) + 0.5f) / 16.f;
}

float fadedAlpha(float alpha, float factor, int x, int y) { return ditherThreshold(x, y) < factor ? alpha : 0.f; }

std::vector<FadedCopy> fadeCopies(const std::vector<Eigen::Vector3f>& positions, const Eigen::Vector3f& camera,
                                  const FadeRange& fade) {
    std::vector<FadedCopy> out;
    out.reserve(positions.size());
    for (std::size_t i = 0; i < positions.size(); ++i) {
        const float d = (positions[i] - camera).norm();
        if (fadeCulled(d, fade)) continue;
        out.push_back({static_cast<std::uint32_t>(i), fadeFactor(d, fade)});
    }
    return out;
}

}  // namespace sw::foliage
