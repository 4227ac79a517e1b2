#pragma once
// The one palette of the debug overlays (SplatOverlay) and the mesh part colours: the splat
// shader receives these colours as uniforms (detail/splat_uniforms.cpp), the Parts list swatches
// and the mesh part overlay read partOverlayColor, and the viewport legend draws its swatches
// from the same functions. Colours are gamma RGB in 0..1.
#include <array>

namespace sw::render {

struct OverlayRgb {
    float r = 0.f, g = 0.f, b = 0.f;
    bool operator==(const OverlayRgb&) const = default;
};

inline constexpr int kOverlayPartColors = 8;      // parts 0..7 (Mesh::kMaxParts)
inline constexpr int kOverlayMaterialColors = 6;  // default, chitin, bone, flesh, circuit, core
inline constexpr int kOverlayShapeColors = 3;     // dot, rounded hex, plate

const std::array<OverlayRgb, kOverlayPartColors>& partOverlayPalette();
const std::array<OverlayRgb, kOverlayMaterialColors>& materialOverlayPalette();
const std::array<OverlayRgb, kOverlayShapeColors>& shapeOverlayPalette();

// Part p's colour; p is clamped into 0..7.
OverlayRgb partOverlayColor(int part);
// CHNK material class m's colour (clamped into 0..5).
OverlayRgb materialOverlayColor(int material);
// Shape class s's colour: 0 dot, 1 rounded hex, 2 plate (clamped).
OverlayRgb shapeOverlayColor(int shape);
// Chunk id's colour: golden-ratio hue steps, saturation 0.65, value 0.95 (the shader's hsv2rgb).
OverlayRgb chunkOverlayColor(int chunk);
// AO 0..1 as grey.
OverlayRgb aoOverlayColor(float ao);
// Emission level 1..15 from dark orange to yellow (level 0 = not emissive: the splat's own
// colour dimmed to 20 %, not a palette colour).
OverlayRgb emissionOverlayColor(int level);
// A splat flagged as a floater (others: their own colour dimmed to 35 %).
OverlayRgb floaterOverlayColor();

}  // namespace sw::render
