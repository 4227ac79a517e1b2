#version 450 core
// Shared prelude of the splat and links vertex shaders (prepended by the renderer): integer
// hashes only (shader canon: no sin-based hashes). swHash is Inigo Quilez's integer hash
// ("hashIQ", seed 002); swUnit keeps the top 24 bits so the float is exact, matching
// core/render/effects.cpp (effectHash, hashUnit).

uint swHash(uint x) {
    x = (x << 13u) ^ x;
    return x * (x * x * 15731u + 789221u) + 1376312589u;
}

float swUnit(uint x) {
    return float(swHash(x) >> 8) * (1.0 / 16777216.0);
}

vec3 safeNormalize(vec3 v, vec3 fallback) {
    float len = length(v);
    return len > 1e-6 ? v / len : fallback;
}
