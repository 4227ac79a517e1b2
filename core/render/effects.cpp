#include "core/render/effects.h"

#include <algorithm>
#include <cmath>

namespace sw::render {

// Keep every formula here in step with shaders/splat_effects.glsl (same order, same constants).

EffectParams::EffectParams() {
    partPivot.fill(Eigen::Vector3f::Zero());
    partRotation.fill(Eigen::Quaternionf::Identity());
    partOffset.fill(Eigen::Vector3f::Zero());
}

std::uint32_t effectHash(std::uint32_t x) {
    x = (x << 13u) ^ x;
    return x * (x * x * 15731u + 789221u) + 1376312589u;
}

float hashUnit(std::uint32_t x) { return static_cast<float>(effectHash(x) >> 8) * (1.0f / 16777216.0f); }

namespace {

using Vec3 = Eigen::Vector3f;

constexpr float kTau = 6.2831853f;

Vec3 safeNormalize(const Vec3& v, const Vec3& fallback) {
    const float len = v.norm();
    return len > 1e-6f ? Vec3(v / len) : fallback;
}

float clamp01(float x) { return std::clamp(x, 0.f, 1.f); }

// q = (x, y, z, w): v + 2 q.xyz × (q.xyz × v + w v), as in the shader.
Vec3 rotate(const Eigen::Quaternionf& q, const Vec3& v) {
    const Vec3 u(q.x(), q.y(), q.z());
    return v + 2.f * u.cross(u.cross(v) + q.w() * v);
}

Vec3 scatterDirection(const Vec3& rel, const Vec3& normal, float h, ScatterMode mode) {
    const Vec3 flat(rel.x(), rel.y(), 0.f);
    switch (mode) {
    case ScatterMode::Ring: return safeNormalize(flat, Vec3::UnitX());
    case ScatterMode::Column:
        return Vec3::UnitZ() * (0.6f + 0.8f * h) + 0.35f * safeNormalize(flat, Vec3::UnitX());
    case ScatterMode::Vortex:
        return safeNormalize(Vec3(-rel.y(), rel.x(), 0.f), Vec3::UnitY()) + 0.3f * safeNormalize(flat, Vec3::UnitX());
    case ScatterMode::Radial:
    default: return safeNormalize(rel, normal);
    }
}

void linkDecay(const EffectInput& in, const EffectParams& e, Vec3& pos, const Vec3& n, float& cyan) {
    const float slots = e.time * e.linkSlotsPerSecond;
    const std::uint32_t slot = static_cast<std::uint32_t>(std::floor(slots));
    const float phase = slots - std::floor(slots);
    if (effectHash(slot) % static_cast<std::uint32_t>(kEffectParts) == static_cast<std::uint32_t>(in.part)) {
        const float twitch = (hashUnit(in.id ^ (slot * 747796405u)) - 0.5f) * 2.f * e.linkTwitch * e.linkDecay;
        pos += n * twitch;
        cyan = phase * e.linkDecay;
    }
    const std::uint32_t key = in.id * 2654435761u + slot;
    if (hashUnit(key) < e.linkPacketRate * e.linkDecay) {
        const std::uint32_t b = key * 3u;
        pos += (Vec3(hashUnit(b), hashUnit(b + 1u), hashUnit(b + 2u)) - Vec3::Constant(0.5f)) * 0.1f;
        cyan = 1.f;
    }
}

Vec3 siphon(const EffectInput& in, const EffectParams& e, const Vec3& pos) {
    float phase = e.time * e.siphonSpeed + hashUnit(in.id ^ 0x27d4eb2du);
    phase -= std::floor(phase);
    const Vec3 rel = pos - e.center;
    const float r = std::sqrt(rel.x() * rel.x() + rel.y() * rel.y());
    const float ang = std::atan2(rel.y(), rel.x()) + phase * e.siphonTurns * kTau;
    const float k = 1.f - phase;
    return e.center + Vec3(std::cos(ang) * r * k, std::sin(ang) * r * k, rel.z() * k);
}

}  // namespace

EffectOutput applyEffects(const EffectInput& in, const EffectParams& e) {
    Vec3 pos = in.position;
    Vec3 n = in.normal;
    EffectOutput out;
    if (e.partXform > 0) {
        const int p = std::clamp(in.part, 0, kEffectParts - 1);
        const auto& q = e.partRotation[static_cast<std::size_t>(p)];
        const Vec3& pivot = e.partPivot[static_cast<std::size_t>(p)];
        pos = rotate(q, pos - pivot) + pivot + e.partOffset[static_cast<std::size_t>(p)];
        n = rotate(q, n);
    }
    if (e.charge > 0.f) {
        pos += n * (e.chargeLift * e.charge * (0.5f + 0.5f * hashUnit(in.id ^ 0x9e3779b9u)));
        out.glow = e.charge * (1.f - in.ao);
    }
    if (e.ripple > 0.f) {
        const float d = (pos - e.hitPoint).norm();
        const float front = e.rippleSpeed * e.time;
        if (d < front) {
            const float wave = std::sin(kTau * (d - front) / e.rippleWavelength);
            pos += n * (e.ripple * wave * std::exp(-e.rippleDecay * (front - d)));
        }
    }
    if (e.linkDecay > 0.f) linkDecay(in, e, pos, n, out.cyan);
    if (e.siphon > 0.f && hashUnit(in.id ^ 0x5bd1e995u) < e.siphon) pos = siphon(in, e, pos);
    if (e.scatter > 0.f) {
        const float h = hashUnit(in.id ^ 0x68bc21ebu);
        Vec3 dir = scatterDirection(pos - e.center, n, h, e.scatterMode);
        dir = safeNormalize(dir + (e.shotDirection - dir) * e.kineticBias, e.shotDirection);
        pos += dir * (e.scatterDistance * e.scatter * (0.5f + h));
    }
    if (e.implode > 0.f) {
        const float delay = 0.5f * hashUnit(in.id ^ 0x1b873593u);
        const float k = clamp01((e.implode - delay) / 0.5f);
        pos += (e.center - pos) * (k * k);
    }
    if (e.assemble > 0.f) {
        const std::uint32_t b = in.id * 3u + 11u;
        const Vec3 off = (Vec3(hashUnit(b), hashUnit(b + 1u), hashUnit(b + 2u)) - Vec3::Constant(0.5f)) *
                         (2.f * e.assembleSpread);
        const float delay = 0.5f * hashUnit(in.id ^ 0x85ebca6bu);
        pos += off * clamp01((e.assemble - delay) / 0.5f);
    }
    out.position = pos;
    out.normal = n;
    return out;
}

}  // namespace sw::render
