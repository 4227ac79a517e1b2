#pragma once
// The wind of seed 004 as a field, not a sine: three scrolling gradient-noise fields on the
// ground plane (x, y), +Z up, scene metres, time t in seconds as a parameter (no clock, no state):
//   turbulence  wavelength TURBULENCE_WAVELENGTH, drifts at `speed` along the wind; sampled at a
//               plant's root it strays the plant from the mean wind by up to turbulence × speed,
//               so neighbours move together and far plants do not;
//   gusts       wavelength GUST_WAVELENGTH, a slow third field that travels at `gustSpeed` along
//               the wind (a pure translation: a gust's crest crosses the level at exactly that
//               speed) and raises the wind by up to GUST_GAIN × gust × speed;
//   shiver      wavelength SHIVER_WAVELENGTH, 3D, read at every vertex: the leaves' own motion.
// There is no period: the lattice hash never repeats over the range of a float coordinate.
// Main bending follows Sousa, "Vegetation Procedural Animation and Shading in Crysis", GPU Gems 3
// ch. 16: the whole plant leans about its root from the wind at the root (bend.h); detail
// (leaf) bending adds the per-vertex shiver, weighted by the distance from the trunk.
// Speed 0 or wind off gives exactly zero lean and shiver at every t.
// shaders/foliage_wind.glsl is the GPU twin of this file, noise.h and bend.h: the two must stay in
// step (same hash, noise, constants and order of operations; tests/gl/tst_foliage_gpu.cpp).
#include <Eigen/Core>
#include <cstdint>

#include "core/foliage/foliage_settings.h"

namespace sw::foliage {

// How one material (or plant) answers the wind: glTF material extras, else defaults by size.
struct MaterialWind {
    float drag = 1.f;       // × the wind's push
    float stiffness = 1.f;  // ÷ the push (> 0)
    float lean = 1.f;       // × the steady lean (the mean wind's share)
    float shiver = 1.f;     // × the leaves' shiver
};

inline constexpr float TURBULENCE_WAVELENGTH = 16.f;  // m
inline constexpr float GUST_WAVELENGTH = 40.f;        // m
inline constexpr float SHIVER_WAVELENGTH = 0.6f;      // m
inline constexpr float GUST_GAIN = 1.5f;              // gust 1 at a crest: wind × (1 + 1.5)
inline constexpr float LEAN_PER_MS = 0.025f;          // rad of tip lean per m/s of wind (drag 1, stiffness 1)
inline constexpr float MAX_LEAN = 1.2f;               // rad: the lean saturates smoothly (tanh) below this
inline constexpr float SHIVER_PER_MS = 0.003f;        // m of leaf motion per m/s of wind (weight 1)

class WindField {
public:
    // seed picks an independent wind of the same statistics (0 for the level's wind).
    explicit WindField(const WindSettings& settings, std::uint32_t seed = 0);

    const WindSettings& settings() const { return m_settings; }
    Eigen::Vector2f direction() const { return m_dir; }  // unit, on the ground
    bool still() const { return !m_settings.enabled || m_settings.speed <= 0.f; }
    std::uint32_t seed() const { return m_seed; }

    // Gust intensity 0..1 at ground point p: the gust field at p − direction × gustSpeed × t.
    float gustAt(const Eigen::Vector2f& p, float t) const;
    // Turbulence in [-1, 1]² as (along, across) the wind, drifting at speed.
    Eigen::Vector2f turbulenceAt(const Eigen::Vector2f& p, float t) const;
    // The wind at p, m/s on the ground: speed × (1 + GUST_GAIN × gust × G) along the wind
    // plus turbulence × speed × T. Zero when still().
    Eigen::Vector2f windAt(const Eigen::Vector2f& p, float t) const;
    // Tip lean of a plant rooted at root, rad × horizontal direction (bend.h): the steady part
    // (speed along the wind) × material lean plus the rest, × LEAN_PER_MS × drag / stiffness,
    // its length saturated as MAX_LEAN × tanh(|L| / MAX_LEAN).
    Eigen::Vector2f leanAt(const Eigen::Vector2f& root, float t, const MaterialWind& material) const;
    // Leaf shiver at a point, metres: SHIVER_PER_MS × speed × (1 + turbulence / 2) × weight ×
    // three decorrelated 3D noise channels of the field drifting at speed. weight is the
    // detail weight × the look's shiver × the material's shiver.
    Eigen::Vector3f shiverAt(const Eigen::Vector3f& p, float t, float weight) const;

private:
    WindSettings m_settings;
    Eigen::Vector2f m_dir;
    std::uint32_t m_seed;
};

}  // namespace sw::foliage
