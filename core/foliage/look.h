#pragma once
// Per-copy look of seed 004: the hue drift from a hash of the copy's position (no per-copy
// parameter, so copies keep sharing one material) and the distance fade [start, end] of an asset:
// cards thin out texel by texel (alpha dropped below the mask cutoff by an ordered dither) and a
// copy past end leaves the frame.
#include <Eigen/Core>
#include <cstdint>
#include <vector>

#include "core/foliage/foliage_settings.h"

namespace sw::foliage {

inline constexpr float MAX_HUE_TURNS = 0.08f;  // variation 1: hue shifts by up to ±0.08 turn (±29°)
inline constexpr std::uint32_t HUE_SEED = 0x68756531u;

// Hue shift of the copy at `position` (its origin, scene metres), in turns, uniform in
// [−variation, variation] × MAX_HUE_TURNS: hashPosition01 of the position's float bits.
float hueShift(const Eigen::Vector3f& position, float variation);
// rgb turned about the grey axis by `turns` (Rodrigues rotation in RGB: greys and the sum
// r + g + b stay put), clamped to [0, 1].
Eigen::Vector3f shiftHue(const Eigen::Vector3f& rgb, float turns);

// 1 up to start, linear to 0 at end; 1 everywhere when the fade is off (end 0).
float fadeFactor(float distance, const FadeRange& fade);
// True when the copy leaves the frame: a fade is set and distance >= end.
bool fadeCulled(float distance, const FadeRange& fade);
// The 4 × 4 Bayer threshold of a pixel, in (0, 1): (B[y mod 4][x mod 4] + 0.5) / 16.
float ditherThreshold(int x, int y);
// A card texel's alpha under the fade: kept while ditherThreshold < factor, else 0 (below any
// mask cutoff), so the share of texels kept is the fade factor (to 1/16).
float fadedAlpha(float alpha, float factor, int x, int y);

// The copies that stay in the frame for a camera, with their fade factors.
struct FadedCopy {
    std::uint32_t index = 0;  // into the copies given
    float factor = 1.f;
};
std::vector<FadedCopy> fadeCopies(const std::vector<Eigen::Vector3f>& positions,  // [N] scene metres
                                  const Eigen::Vector3f& camera, const FadeRange& fade);

}  // namespace sw::foliage
