// Foliage wind and bending (seed 004, PIPELINE §8, issue 35): the GLSL twin of core/foliage's CPU
// reference. It MUST stay in step with core/foliage/noise.cpp (hash, gradient noise),
// wind_field.{h,cpp} (fields, constants, gusts, lean, shiver), bend.cpp (rotation about the root,
// splat rotation) and animate.cpp (instance frame): same hash, same noise, same constants, same
// order of operations; tests/gl/tst_foliage_gpu.cpp compares the two. No #version: the host
// prepends it, so vertex shaders can include this file too.
// Conventions: +Z up, scene metres, t in seconds; quaternions as vec4 (w, x, y, z) like
// SplatCloud::rotations.

// --- hash and gradient noise (noise.cpp) -------------------------------------------------------
// "lowbias32" integer finaliser (C. Wellons, hash-prospector, 2020); uint arithmetic wraps mod 2³².
uint fwHash32(uint x) {
    x ^= x >> 16;
    x *= 0x7feb352du;
    x ^= x >> 15;
    x *= 0x846ca68bu;
    x ^= x >> 16;
    return x;
}

uint fwHashCell(int x, int y, int z, uint seed) {
    uint h = fwHash32(seed);
    h = fwHash32(uint(z) + h);
    h = fwHash32(uint(y) + h);
    return fwHash32(uint(x) + h);
}

// Perlin's quintic fade 6t⁵ − 15t⁴ + 10t³ (Perlin, "Improving Noise", SIGGRAPH 2002).
float fwFade(float t) { return t * t * t * (t * (t * 6.0 - 15.0) + 10.0); }
float fwLerp(float a, float b, float t) { return a + (b - a) * t; }

// One of 8 unit gradients (axes and diagonals) dotted with (x, y).
float fwGrad2(uint h, float x, float y) {
    const float S = 0.70710678;
    switch (h & 7u) {
    case 0u: return x;
    case 1u: return -x;
    case 2u: return y;
    case 3u: return -y;
    case 4u: return S * (x + y);
    case 5u: return S * (-x + y);
    case 6u: return S * (x - y);
    default: return S * (-x - y);
    }
}

// One of Perlin's 12 cube-edge gradients (h mod 16) dotted with (x, y, z).
float fwGrad3(uint h, float x, float y, float z) {
    uint k = h & 15u;
    float u = k < 8u ? x : y;
    float v = k < 4u ? y : ((k == 12u || k == 14u) ? x : z);
    return ((k & 1u) != 0u ? -u : u) + ((k & 2u) != 0u ? -v : v);
}

const float FW_NOISE2_SCALE = 1.41421356;
const float FW_NOISE3_SCALE = 0.96;

float fwNoise2(vec2 p, uint seed) {
    float fx = floor(p.x), fy = floor(p.y);
    int ix = int(fx), iy = int(fy);
    float x = p.x - fx, y = p.y - fy;
    float n00 = fwGrad2(fwHashCell(ix, iy, 0, seed), x, y);
    float n10 = fwGrad2(fwHashCell(ix + 1, iy, 0, seed), x - 1.0, y);
    float n01 = fwGrad2(fwHashCell(ix, iy + 1, 0, seed), x, y - 1.0);
    float n11 = fwGrad2(fwHashCell(ix + 1, iy + 1, 0, seed), x - 1.0, y - 1.0);
    float u = fwFade(x), v = fwFade(y);
    float n = fwLerp(fwLerp(n00, n10, u), fwLerp(n01, n11, u), v);
    return clamp(n * FW_NOISE2_SCALE, -1.0, 1.0);
}

float fwNoise3(vec3 p, uint seed) {
    vec3 f = floor(p);
    ivec3 i = ivec3(f);
    vec3 r = p - f;
    float corner[8];
    for (int c = 0; c < 8; ++c) {
        int dx = c & 1, dy = (c >> 1) & 1, dz = (c >> 2) & 1;
        corner[c] = fwGrad3(fwHashCell(i.x + dx, i.y + dy, i.z + dz, seed), r.x - float(dx), r.y - float(dy),
                            r.z - float(dz));
    }
    float u = fwFade(r.x), v = fwFade(r.y), w = fwFade(r.z);
    float y0 = fwLerp(fwLerp(corner[0], corner[1], u), fwLerp(corner[2], corner[3], u), v);
    float y1 = fwLerp(fwLerp(corner[4], corner[5], u), fwLerp(corner[6], corner[7], u), v);
    return clamp(fwLerp(y0, y1, w) * FW_NOISE3_SCALE, -1.0, 1.0);
}

// --- the wind field (wind_field.{h,cpp}) ---------------------------------------------------------
const float FW_TURBULENCE_WAVELENGTH = 16.0;  // m
const float FW_GUST_WAVELENGTH = 40.0;        // m
const float FW_SHIVER_WAVELENGTH = 0.6;       // m
const float FW_GUST_GAIN = 1.5;
const float FW_LEAN_PER_MS = 0.025;           // rad per m/s
const float FW_MAX_LEAN = 1.2;                // rad
const float FW_SHIVER_PER_MS = 0.003;         // m per m/s
const float FW_GUST_FLOOR = 0.05;
const float FW_GUST_TOP = 0.45;
const uint FW_CH_GUST = 0x1000u, FW_CH_ALONG = 0x2000u, FW_CH_ACROSS = 0x3000u, FW_CH_SHIVER = 0x4000u;

// WindField's state: direction unit on the ground (settings.direction(), given by the host).
struct FwWind {
    bool still;      // wind off or speed <= 0
    vec2 dir;
    float speed, turbulence, gust, gustSpeed;
    uint seed;
};

float fwGustAt(FwWind w, vec2 p, float t) {
    vec2 q = (p - w.dir * (w.gustSpeed * t)) / FW_GUST_WAVELENGTH;
    float n = fwNoise2(q, w.seed + FW_CH_GUST);
    float g = clamp((n - FW_GUST_FLOOR) / (FW_GUST_TOP - FW_GUST_FLOOR), 0.0, 1.0);
    return g * g * (3.0 - 2.0 * g);
}

vec2 fwTurbulenceAt(FwWind w, vec2 p, float t) {
    vec2 q = (p - w.dir * (w.speed * t)) / FW_TURBULENCE_WAVELENGTH;
    return vec2(fwNoise2(q, w.seed + FW_CH_ALONG), fwNoise2(q, w.seed + FW_CH_ACROSS));
}

vec2 fwWindAt(FwWind w, vec2 p, float t) {
    if (w.still) return vec2(0.0);
    float s = w.speed;
    vec2 across = vec2(-w.dir.y, w.dir.x);
    vec2 tb = fwTurbulenceAt(w, p, t);
    float along = s * (1.0 + FW_GUST_GAIN * w.gust * fwGustAt(w, p, t)) + s * w.turbulence * tb.x;
    return w.dir * along + across * (s * w.turbulence * tb.y);
}

// material: (drag, stiffness, lean, shiver) of the plant (MaterialWind).
vec2 fwLeanAt(FwWind w, vec2 root, float t, vec4 material) {
    if (w.still) return vec2(0.0);
    vec2 steady = w.dir * w.speed;
    vec2 wind = steady * material.z + (fwWindAt(w, root, t) - steady);
    vec2 l = wind * (FW_LEAN_PER_MS * material.x / max(material.y, 1e-3));
    float n = length(l);
    if (n <= 0.0) return vec2(0.0);
    return l * (FW_MAX_LEAN * tanh(n / FW_MAX_LEAN) / n);
}

vec3 fwShiverAt(FwWind w, vec3 p, float t, float weight) {
    if (w.still || weight <= 0.0) return vec3(0.0);
    float s = w.speed;
    vec3 q = p;
    q.xy -= w.dir * (s * t);
    q /= FW_SHIVER_WAVELENGTH;
    float amp = FW_SHIVER_PER_MS * s * (1.0 + 0.5 * w.turbulence) * weight;
    return amp * vec3(fwNoise3(q, w.seed + FW_CH_SHIVER), fwNoise3(q, w.seed + FW_CH_SHIVER + 1u),
                      fwNoise3(q, w.seed + FW_CH_SHIVER + 2u));
}

// --- bending about the root (bend.cpp; GPU Gems 3 ch. 16, Sousa) ------------------------------
// Rotation by |lean| × weight about z × lean̂ (w, x, y, z); identity for no bend.
vec4 fwBendRotation(vec2 lean, float weight) {
    float n = length(lean);
    if (!(n > 0.0) || weight == 0.0) return vec4(1.0, 0.0, 0.0, 0.0);
    vec3 axis = vec3(-lean.y / n, lean.x / n, 0.0);
    float ha = 0.5 * (n * weight);
    return vec4(cos(ha), sin(ha) * axis);
}

// q × v as Eigen's Quaternion::_transformVector: uv = 2 (q.xyz × v); v + w uv + q.xyz × uv.
vec3 fwRotate(vec4 q, vec3 v) {
    vec3 uv = cross(q.yzw, v);
    uv += uv;
    return v + q.x * uv + cross(q.yzw, uv);
}

// Hamilton product a b, both (w, x, y, z).
vec4 fwQuatMul(vec4 a, vec4 b) {
    return vec4(a.x * b.x - a.y * b.y - a.z * b.z - a.w * b.w,
                a.x * b.y + a.y * b.x + a.z * b.w - a.w * b.z,
                a.x * b.z + a.z * b.x + a.w * b.y - a.y * b.w,
                a.x * b.w + a.w * b.x + a.y * b.z - a.z * b.y);
}

// p turned about root by fwBendRotation(lean, weight): exactly p when there is no bend.
vec3 fwBendPoint(vec3 p, vec3 root, vec2 lean, float weight) {
    vec3 d = p - root;
    return p + (fwRotate(fwBendRotation(lean, weight), d) - d);
}

// --- benders (bender.cpp: push, touchLean) ------------------------------------------------------
const float FW_TOUCH_VELOCITY_REF = 0.5;  // m/s at which the motion share is half
const int FW_MAX_BENDERS = 64;            // the top of TouchSettings::maxBenders' range

float fwSmoothstep(float e0, float e1, float x) {
    if (e1 <= e0) return x < e0 ? 0.0 : 1.0;
    float t = clamp((x - e0) / (e1 - e0), 0.0, 1.0);
    return t * t * (3.0 - 2.0 * t);
}

// Push of one bender (position xyz, radius w; smoothed velocity xy) on a plant rooted at root
// (scene, ground) with footprint radius `footprint` (m): falloff × blended direction.
vec2 fwPush(vec2 root, float footprint, vec4 bender, vec2 velocity) {
    vec2 o = root - bender.xy;
    float d = length(o);
    float reach = footprint + bender.w;
    if (d >= reach) return vec2(0.0);
    float falloff = 1.0 - fwSmoothstep(footprint, reach, d);
    float core = max(footprint, 0.5 * bender.w);
    float away = clamp(d / core, 0.0, 1.0);
    vec2 dir = vec2(0.0);
    if (d > 0.0) dir += away * (o / d);
    float speed = length(velocity);
    if (speed > 0.0) dir += (1.0 - away) * (speed / (speed + FW_TOUCH_VELOCITY_REF)) * (velocity / speed);
    return falloff * dir;
}
