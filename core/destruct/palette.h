#pragma once
// Colours of damage (PIPELINE §7, issue 15 point 4): the black-body ramp of hot rims and debris,
// the damage palette chosen against the hull's own colours (red wounds on a purple-red hull read
// as mush), and the procedural onion layers. Everything is a pure function of its inputs, so the
// shader (shaders/splat_damage.glsl: black body only) and the simulation agree.
#include <Eigen/Core>
#include <cstdint>
#include <span>
#include <string>

namespace sw::destruct {

inline constexpr int kMaxLayers = 4;  // 1 underlay, 2 frame ribs, 3 innards, 4 core

// Black-body ramp of heat 0..1 (1 white-hot, ~0.7 yellow, ~0.45 orange, ~0.2 dull red, 0 black):
// piecewise linear through the sRGB colours of a Planckian radiator at about 6500, 3000, 1800,
// 1000 K and below visibility (CIE 1931 locus, gamma-encoded).
Eigen::Vector3f blackBody(float heat);
// heat0 · exp(−cooling · age), 0 before birth.
float heatAt(float heat0, float cooling, float age);

struct DamagePalette {
    std::string name;
    Eigen::Vector3f ember;     // smouldering hot spots, crater glow
    Eigen::Vector3f floor;     // crater floor tint (dark)
    Eigen::Vector3f innards;   // innards layer
    float hueDistance = 0;     // from the hull's median hue, degrees (0..180)
};

// The hull's median colour (per channel) over [n] gamma colours.
Eigen::Vector3f medianColor(std::span<const Eigen::Vector3f> colors);
// Hue in degrees [0, 360) and saturation (HSV) of a gamma colour.
float hueOf(const Eigen::Vector3f& c);
float saturationOf(const Eigen::Vector3f& c);
// The candidate palette (ember orange, plasma cyan, acid green, violet) whose ember hue is
// farthest from the hull's median hue; a grey hull (saturation < 0.15) gets ember orange.
DamagePalette choosePalette(const Eigen::Vector3f& hullMedian);

// Pitch of the frame lattice, model units: ribs run along the planes x, y or z = k · pitch, so
// the ribs of neighbouring chunks join into one structure.
inline constexpr float kRibPitch = 0.09f;
inline constexpr float kRibWidth = 0.014f;
bool onRib(const Eigen::Vector3f& platingPosition);

// Colour of a slot seen at onion layer `level` (1..kMaxLayers): 1 dark underlay of the hull
// colour, 2 frame ribs (metal or bone by material) on the lattice and dark gaps between, 3 innards
// by material in the palette's innards colour, 4 near-black core with smouldering hot spots
// (~8 % by hash) and rare cold sparks (~1 %). dark: the parent region is gone (innards dark).
Eigen::Vector3f layerColor(int level, const Eigen::Vector3f& hullColor, int material, const Eigen::Vector3f& plating,
                           std::uint32_t slot, const DamagePalette& palette, bool dark);
// Underside of a torn chunk (the inward-facing copy): frame or flesh by material.
Eigen::Vector3f undersideColor(int material, const DamagePalette& palette);

std::uint32_t slotHash(std::uint32_t x);  // integer hash (same as render::effectHash)

}  // namespace sw::destruct
