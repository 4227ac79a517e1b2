#pragma once
// The destruction benches' boss and volley (bench_destruct, bench/bench_destruct_view): the demo
// drone baked at ≈ 6,000 core splats, and the aim of volley hit k (eight headings round the model,
// spread points; lobbed from above for an epicentre profile).
#include <cmath>
#include <cstdint>
#include <utility>

#include "core/bake/bake.h"
#include "core/bake/surface_sample.h"
#include "core/demo/demo_drone.h"
#include "core/destruct/simulation.h"

namespace sw::destruct::bench {

inline Result<formats::Spl2Model> bakedDrone(int samples) {
    auto drone = demo::generateDemoDrone({});
    if (!drone) return drone.error();
    bake::SurfaceSampleSettings s;
    s.count = samples;
    s.shellShare = 0.04f;
    auto baked = bake::bakeModel(bake::sampleSurface(drone->mesh, s), drone->mesh, nullptr, {});
    if (!baked) return baked.error();
    return std::move(baked->spl2);
}

// Origin and direction of hit k of a volley with a profile of that kind.
inline std::pair<Eigen::Vector3f, Eigen::Vector3f> aim(int k, HitKind kind) {
    std::uint32_t h = slotHash(std::uint32_t(k) * 2654435761u + 7u);
    const float u = (float(h >> 8) / 16777216.f - 0.5f) * 0.7f;
    h = slotHash(h);
    const float v = (float(h >> 8) / 16777216.f - 0.5f) * 0.4f;
    const float a = float(k % 8) * 0.785398f;  // eight headings round the model
    const Eigen::Vector3f toCam(std::sin(a), -std::cos(a), 0.f), side(std::cos(a), std::sin(a), 0.f);
    if (kind == HitKind::Epicenter) return {side * u + toCam * v + Eigen::Vector3f(0, 0, 3), {0, 0, -1}};
    return {toCam * 3.f + side * u + Eigen::Vector3f(0, 0, v), -toCam};
}

// The profiles of the benches' 100-hit volley, in turn.
inline const char* volleyProfile(int k) {
    static const char* const names[3] = {"cannon", "mortar", "railgun"};
    return names[k % 3];
}

}  // namespace sw::destruct::bench
