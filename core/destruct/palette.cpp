#include "core/destruct/palette.h"

#include <algorithm>
#include <array>
#include <cmath>
#include <vector>

namespace sw::destruct {

std::uint32_t slotHash(std::uint32_t x) {
    // Inigo Quilez's integer hash (as render::effectHash).
    x = (x << 13u) ^ x;
    return x * (x * x * 15731u + 789221u) + 1376312589u;
}

Eigen::Vector3f blackBody(float heat) {
    static const std::array<Eigen::Vector3f, 5> stops = {
        Eigen::Vector3f(0.f, 0.f, 0.f), Eigen::Vector3f(0.55f, 0.06f, 0.02f), Eigen::Vector3f(1.f, 0.42f, 0.08f),
        Eigen::Vector3f(1.f, 0.82f, 0.45f), Eigen::Vector3f(1.f, 0.97f, 0.92f)};
    const float h = std::clamp(heat, 0.f, 1.f) * 4.f;
    const int i = std::min(3, int(h));
    const float f = h - float(i);
    return stops[std::size_t(i)] * (1.f - f) + stops[std::size_t(i + 1)] * f;
}

float heatAt(float heat0, float cooling, float age) {
    if (age < 0.f || heat0 <= 0.f) return 0.f;
    return heat0 * std::exp(-cooling * age);
}

Eigen::Vector3f medianColor(std::span<const Eigen::Vector3f> colors) {
    if (colors.empty()) return Eigen::Vector3f::Constant(0.5f);
    Eigen::Vector3f out;
    std::vector<float> c(colors.size());
    for (int k = 0; k < 3; ++k) {
        for (std::size_t i = 0; i < colors.size(); ++i) c[i] = colors[i][k];
        std::nth_element(c.begin(), c.begin() + std::ptrdiff_t(c.size() / 2), c.end());
        out[k] = c[c.size() / 2];
    }
    return out;
}

float hueOf(const Eigen::Vector3f& c) {
    const float mx = c.maxCoeff(), mn = c.minCoeff(), d = mx - mn;
    if (d <= 1e-6f) return 0.f;
    float h;
    if (mx == c.x()) h = 60.f * std::fmod((c.y() - c.z()) / d, 6.f);
    else if (mx == c.y()) h = 60.f * ((c.z() - c.x()) / d + 2.f);
    else h = 60.f * ((c.x() - c.y()) / d + 4.f);
    return h < 0.f ? h + 360.f : h;
}

float saturationOf(const Eigen::Vector3f& c) {
    const float mx = c.maxCoeff();
    return mx <= 1e-6f ? 0.f : (mx - c.minCoeff()) / mx;
}

DamagePalette choosePalette(const Eigen::Vector3f& hull) {
    const std::array<DamagePalette, 4> candidates = {
        DamagePalette{"ember", {1.f, 0.45f, 0.08f}, {0.10f, 0.05f, 0.03f}, {0.42f, 0.12f, 0.06f}, 0},
        DamagePalette{"plasma", {0.25f, 0.85f, 1.f}, {0.03f, 0.07f, 0.10f}, {0.08f, 0.30f, 0.40f}, 0},
        DamagePalette{"acid", {0.6f, 1.f, 0.15f}, {0.05f, 0.09f, 0.02f}, {0.22f, 0.38f, 0.06f}, 0},
        DamagePalette{"violet", {0.75f, 0.35f, 1.f}, {0.07f, 0.03f, 0.10f}, {0.30f, 0.12f, 0.40f}, 0}};
    const float h = hueOf(hull);
    const auto distance = [h](const DamagePalette& p) {
        const float d = std::abs(hueOf(p.ember) - h);
        return std::min(d, 360.f - d);
    };
    if (saturationOf(hull) < 0.15f) {
        DamagePalette p = candidates[0];
        p.hueDistance = distance(p);
        return p;
    }
    std::size_t best = 0;
    for (std::size_t i = 1; i < candidates.size(); ++i)
        if (distance(candidates[i]) > distance(candidates[best]) + 1e-3f) best = i;
    DamagePalette p = candidates[best];
    p.hueDistance = distance(p);
    return p;
}

bool onRib(const Eigen::Vector3f& p) {
    int near = 0;
    for (int a = 0; a < 3; ++a) {
        const float u = p[a] / kRibPitch;
        const float d = std::abs(u - std::round(u)) * kRibPitch;
        if (d < kRibWidth) ++near;
    }
    return near > 0;
}

Eigen::Vector3f undersideColor(int material, const DamagePalette& palette) {
    // chitin / bone / flesh show flesh; default / circuit / core show frame metal.
    if (material >= 1 && material <= 3) return palette.innards * 1.1f;
    return Eigen::Vector3f(0.32f, 0.33f, 0.36f);
}

Eigen::Vector3f layerColor(int level, const Eigen::Vector3f& hull, int material, const Eigen::Vector3f& plating,
                           std::uint32_t slot, const DamagePalette& palette, bool dark) {
    const float dim = dark ? 0.25f : 1.f;
    switch (std::clamp(level, 1, kMaxLayers)) {
    case 1: return (hull * 0.28f + palette.floor) * dim;
    case 2: {
        if (!onRib(plating)) return palette.floor * 0.8f * dim;
        const bool bone = material == 1 || material == 2;
        return (bone ? Eigen::Vector3f(0.62f, 0.58f, 0.48f) : Eigen::Vector3f(0.40f, 0.41f, 0.45f)) * dim;
    }
    case 3: {
        const float v = 0.75f + 0.5f * float(slotHash(slot * 3u + 1u) >> 8) / 16777216.f;
        const Eigen::Vector3f c = material == 4 ? Eigen::Vector3f(0.08f, 0.30f, 0.16f) : palette.innards;
        return c * v * dim;
    }
    default: {
        const float u = float(slotHash(slot * 7u + 3u) >> 8) / 16777216.f;
        if (!dark && u < 0.01f) return {0.70f, 0.85f, 1.f};     // rare cold spark
        if (!dark && u < 0.09f) return palette.ember * 0.85f;   // smouldering hot spot
        return Eigen::Vector3f::Constant(0.035f);
    }
    }
}

}  // namespace sw::destruct
