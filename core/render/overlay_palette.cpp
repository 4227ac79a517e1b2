#include "core/render/overlay_palette.h"

#include <algorithm>
#include <cmath>

namespace sw::render {

const std::array<OverlayRgb, kOverlayPartColors>& partOverlayPalette() {
    static const std::array<OverlayRgb, kOverlayPartColors> colors = {{
        {0.90f, 0.30f, 0.25f}, {0.25f, 0.65f, 0.95f}, {0.35f, 0.85f, 0.35f}, {0.95f, 0.80f, 0.20f},
        {0.75f, 0.40f, 0.90f}, {0.20f, 0.85f, 0.80f}, {0.95f, 0.55f, 0.15f}, {0.85f, 0.85f, 0.85f}}};
    return colors;
}

const std::array<OverlayRgb, kOverlayMaterialColors>& materialOverlayPalette() {
    static const std::array<OverlayRgb, kOverlayMaterialColors> colors = {{
        {0.55f, 0.55f, 0.58f}, {0.35f, 0.22f, 0.12f}, {0.93f, 0.90f, 0.78f},
        {0.90f, 0.45f, 0.50f}, {0.15f, 0.80f, 0.95f}, {1.00f, 0.85f, 0.10f}}};
    return colors;
}

const std::array<OverlayRgb, kOverlayShapeColors>& shapeOverlayPalette() {
    static const std::array<OverlayRgb, kOverlayShapeColors> colors = {{
        {0.25f, 0.45f, 1.0f}, {0.30f, 0.85f, 0.35f}, {1.0f, 0.55f, 0.15f}}};
    return colors;
}

OverlayRgb partOverlayColor(int part) { return partOverlayPalette()[std::size_t(std::clamp(part, 0, kOverlayPartColors - 1))]; }

OverlayRgb materialOverlayColor(int material) {
    return materialOverlayPalette()[std::size_t(std::clamp(material, 0, kOverlayMaterialColors - 1))];
}

OverlayRgb shapeOverlayColor(int shape) { return shapeOverlayPalette()[std::size_t(std::clamp(shape, 0, kOverlayShapeColors - 1))]; }

OverlayRgb chunkOverlayColor(int chunk) {
    // hsv2rgb(fract(chunk · 0.618034), 0.65, 0.95), as shaders/splat_look.glsl computes it.
    const float h = float(chunk) * 0.618034f - std::floor(float(chunk) * 0.618034f);
    const float s = 0.65f, v = 0.95f;
    const auto channel = [&](float offset) {
        const float k = h + offset - std::floor(h + offset);
        const float p = std::clamp(std::abs(k * 6.f - 3.f) - 1.f, 0.f, 1.f);
        return v * (1.f + (p - 1.f) * s);
    };
    return {channel(1.f), channel(2.f / 3.f), channel(1.f / 3.f)};
}

OverlayRgb aoOverlayColor(float ao) {
    const float g = std::clamp(ao, 0.f, 1.f);
    return {g, g, g};
}

OverlayRgb emissionOverlayColor(int level) {
    const float t = float(std::clamp(level, 0, 15)) / 15.f;
    return {0.6f + 0.4f * t, 0.2f + 0.75f * t, 0.3f * t};
}

OverlayRgb floaterOverlayColor() { return {1.0f, 0.1f, 0.1f}; }

}  // namespace sw::render
