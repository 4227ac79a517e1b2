// Splat effects (PIPELINE §6), each an `if (u_x > 0)` branch with zero defaults. Mirrors
// core/render/effects.cpp applyEffects() step for step; keep the two in sync.

const float kTau = 6.2831853;

uniform float u_time;
uniform vec3 u_center;
uniform float u_scatter;
uniform int u_scatterMode;     // 0 radial, 1 ring, 2 firework column, 3 vortex
uniform float u_scatterDistance;
uniform vec3 u_shotDirection;
uniform float u_kineticBias;
uniform float u_implode;
uniform float u_assemble;
uniform float u_assembleSpread;
uniform float u_ripple;
uniform vec3 u_hitPoint;
uniform vec3 u_rippleShape;    // speed, wavelength, decay
uniform float u_charge;
uniform float u_chargeLift;
uniform float u_linkDecay;
uniform vec3 u_linkShape;      // slots per second, twitch, packet rate
uniform float u_siphon;
uniform vec2 u_siphonShape;    // speed, turns
uniform int u_partXform;
uniform vec3 u_partPivot[8];
uniform vec4 u_partRotation[8];  // quaternion (x, y, z, w)
uniform vec3 u_partOffset[8];

struct EffectOut {
    vec3 pos;
    vec3 normal;
    float glow;
    float cyan;
};

vec3 quatRotate(vec4 q, vec3 v) {
    return v + 2.0 * cross(q.xyz, cross(q.xyz, v) + q.w * v);
}

vec3 scatterDirection(vec3 rel, vec3 n, float h) {
    vec3 horiz = vec3(rel.xy, 0.0);
    if (u_scatterMode == 1) return safeNormalize(horiz, vec3(1.0, 0.0, 0.0));
    if (u_scatterMode == 2)
        return vec3(0.0, 0.0, 1.0) * (0.6 + 0.8 * h) + 0.35 * safeNormalize(horiz, vec3(1.0, 0.0, 0.0));
    if (u_scatterMode == 3)
        return safeNormalize(vec3(-rel.y, rel.x, 0.0), vec3(0.0, 1.0, 0.0)) +
               0.3 * safeNormalize(horiz, vec3(1.0, 0.0, 0.0));
    return safeNormalize(rel, n);
}

EffectOut applyEffects(vec3 pos, vec3 n, float ao, int part, uint id) {
    EffectOut o;
    o.glow = 0.0;
    o.cyan = 0.0;
    if (u_partXform > 0) {
        int p = clamp(part, 0, 7);
        pos = quatRotate(u_partRotation[p], pos - u_partPivot[p]) + u_partPivot[p] + u_partOffset[p];
        n = quatRotate(u_partRotation[p], n);
    }
    if (u_charge > 0.0) {
        pos += n * (u_chargeLift * u_charge * (0.5 + 0.5 * swUnit(id ^ 0x9e3779b9u)));
        o.glow = u_charge * (1.0 - ao);
    }
    if (u_ripple > 0.0) {
        float d = length(pos - u_hitPoint);
        float front = u_rippleShape.x * u_time;
        if (d < front) {
            float wave = sin(kTau * (d - front) / u_rippleShape.y);
            pos += n * (u_ripple * wave * exp(-u_rippleShape.z * (front - d)));
        }
    }
    if (u_linkDecay > 0.0) {
        float slots = u_time * u_linkShape.x;
        uint slot = uint(floor(slots));
        float phase = slots - floor(slots);
        if (swHash(slot) % 8u == uint(part)) {
            pos += n * ((swUnit(id ^ (slot * 747796405u)) - 0.5) * 2.0 * u_linkShape.y * u_linkDecay);
            o.cyan = phase * u_linkDecay;
        }
        uint key = id * 2654435761u + slot;
        if (swUnit(key) < u_linkShape.z * u_linkDecay) {
            uint b = key * 3u;
            pos += (vec3(swUnit(b), swUnit(b + 1u), swUnit(b + 2u)) - vec3(0.5)) * 0.1;
            o.cyan = 1.0;
        }
    }
    if (u_siphon > 0.0 && swUnit(id ^ 0x5bd1e995u) < u_siphon) {
        float phase = u_time * u_siphonShape.x + swUnit(id ^ 0x27d4eb2du);
        phase -= floor(phase);
        vec3 rel = pos - u_center;
        float r = sqrt(rel.x * rel.x + rel.y * rel.y);
        float ang = atan(rel.y, rel.x) + phase * u_siphonShape.y * kTau;
        float k = 1.0 - phase;
        pos = u_center + vec3(cos(ang) * r * k, sin(ang) * r * k, rel.z * k);
    }
    if (u_scatter > 0.0) {
        float h = swUnit(id ^ 0x68bc21ebu);
        vec3 dir = scatterDirection(pos - u_center, n, h);
        dir = safeNormalize(dir + (u_shotDirection - dir) * u_kineticBias, u_shotDirection);
        pos += dir * (u_scatterDistance * u_scatter * (0.5 + h));
    }
    if (u_implode > 0.0) {
        float delay = 0.5 * swUnit(id ^ 0x1b873593u);
        float k = clamp((u_implode - delay) / 0.5, 0.0, 1.0);
        pos += (u_center - pos) * (k * k);
    }
    if (u_assemble > 0.0) {
        uint b = id * 3u + 11u;
        vec3 off = (vec3(swUnit(b), swUnit(b + 1u), swUnit(b + 2u)) - vec3(0.5)) * (2.0 * u_assembleSpread);
        float delay = 0.5 * swUnit(id ^ 0x85ebca6bu);
        pos += off * clamp((u_assemble - delay) / 0.5, 0.0, 1.0);
    }
    o.pos = pos;
    o.normal = n;
    return o;
}
