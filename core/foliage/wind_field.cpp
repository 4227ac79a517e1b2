// Must stay in step with its GLSL twin in shaders/foliage_wind.glsl (fwGustAt … fwShiverAt):
// a change here is made there too (tests/gl/tst_foliage_gpu.cpp compares them).
#include "core/foliage/wind_field.h"

#include <algorithm>
#include <cmath>

#include "core/foliage/noise.h"

namespace sw::foliage {
namespace {

// Decorrelated noise channels: one seed offset per field.
constexpr std::uint32_t CH_GUST = 0x1000u, CH_ALONG = 0x2000u, CH_ACROSS = 0x3000u, CH_SHIVER = 0x4000u;

// Gust noise below GUST_FLOOR is calm, above GUST_TOP a full gust (gradient noise exceeds 0.05 on
// ~45 % of the ground and 0.45 on ~8 %): gusts cover about a quarter of the level at half strength.
constexpr float GUST_FLOOR = 0.05f;
constexpr float GUST_TOP = 0.45f;

}  // namespace

WindField::WindField(const WindSettings& settings, std::uint32_t seed)
    : m_settings(settings), m_dir(settings.direction()), m_seed(seed) {}

float WindField::gustAt(const Eigen::Vector2f& p, float t) const {
    const Eigen::Vector2f q = (p - m_dir * (m_settings.gustSpeed * t)) / GUST_WAVELENGTH;
    const float n = gradientNoise2(q, m_seed + CH_GUST);
    const float g = std::clamp((n - GUST_FLOOR) / (GUST_TOP - GUST_FLOOR), 0.f, 1.f);
    return g * g * (3.f - 2.f * g);  // smoothstep: gusts swell and settle
}

Eigen::Vector2f WindField::turbulenceAt(const Eigen::Vector2f& p, float t) const {
    const Eigen::Vector2f q = (p - m_dir * (m_settings.speed * t)) / TURBULENCE_WAVELENGTH;
    return {gradientNoise2(q, m_seed + CH_ALONG), gradientNoise2(q, m_seed + CH_ACROSS)};
}

Eigen::Vector2f WindField::windAt(const Eigen::Vector2f& p, float t) const {
    if (still()) return Eigen::Vector2f::Zero();
    const float s = m_settings.speed;
    const Eigen::Vector2f across(-m_dir.y(), m_dir.x());
    const Eigen::Vector2f tb = turbulenceAt(p, t);
    const float along = s * (1.f + GUST_GAIN * m_settings.gust * gustAt(p, t)) + s * m_settings.turbulence * tb.x();
    return m_dir * along + across * (s * m_settings.turbulence * tb.y());
}

Eigen::Vector2f WindField::leanAt(const Eigen::Vector2f& root, float t, const MaterialWind& material) const {
    if (still()) return Eigen::Vector2f::Zero();
    const Eigen::Vector2f steady = m_dir * m_settings.speed;
    const Eigen::Vector2f w = steady * material.lean + (windAt(root, t) - steady);
    const Eigen::Vector2f l = w * (LEAN_PER_MS * material.drag / std::max(material.stiffness, 1e-3f));
    const float n = l.norm();
    if (n <= 0.f) return Eigen::Vector2f::Zero();
    return l * (MAX_LEAN * std::tanh(n / MAX_LEAN) / n);
}

Eigen::Vector3f WindField::shiverAt(const Eigen::Vector3f& p, float t, float weight) const {
    if (still() || weight <= 0.f) return Eigen::Vector3f::Zero();
    const float s = m_settings.speed;
    Eigen::Vector3f q = p;
    q.head<2>() -= m_dir * (s * t);
    q /= SHIVER_WAVELENGTH;
    const float amp = SHIVER_PER_MS * s * (1.f + 0.5f * m_settings.turbulence) * weight;
    return amp * Eigen::Vector3f(gradientNoise3(q, m_seed + CH_SHIVER), gradientNoise3(q, m_seed + CH_SHIVER + 1u),
                                 gradientNoise3(q, m_seed + CH_SHIVER + 2u));
}

}  // namespace sw::foliage
