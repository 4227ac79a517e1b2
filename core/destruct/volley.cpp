#include "core/destruct/volley.h"

#include "core/destruct/palette.h"

namespace sw::destruct {

std::pair<Eigen::Vector3f, Eigen::Vector3f> volleyAim(const Volley& volley, int k, HitKind kind) {
    std::uint32_t h = slotHash(volley.seed * 7919u + std::uint32_t(k) * 104729u + 1u);
    const float u = (float(h >> 8) / 16777216.f - 0.5f) * 2.f * volley.spread;
    h = slotHash(h);
    const float v = (float(h >> 8) / 16777216.f - 0.5f) * 2.f * volley.spread * 0.6f;
    const float a = volley.headingDeg * 3.14159265f / 180.f;
    const Eigen::Vector3f toCamera(std::sin(a), -std::cos(a), 0.f), side(std::cos(a), std::sin(a), 0.f);
    if (kind == HitKind::Epicenter)
        return {side * u + toCamera * (v * 0.8f) + Eigen::Vector3f(0.f, 0.f, 3.f), Eigen::Vector3f(0.f, 0.f, -1.f)};
    return {toCamera * 3.f + side * u + Eigen::Vector3f(0.f, 0.f, v), -toCamera};
}

std::vector<HitReport> fireVolley(Simulation& sim, const Volley& volley) {
    std::vector<HitReport> hits;
    for (int k = 0; k < volley.shots; ++k) {
        const auto [origin, direction] = volleyAim(volley, k, sim.profile().kind);
        hits.push_back(sim.fire(origin, direction));
        sim.step(volley.interval);
    }
    return hits;
}

}  // namespace sw::destruct
