// Foliage: one placed copy of an asset and one plant of it, on the GPU (after foliage_wind.glsl).
// The twin of core/foliage/animate.cpp (FoliageInstance, plantLeans, shiverOffsets) and bender.cpp
// (touchLean), shared by the compute pass (foliage_wind.comp, one instance per dispatch) and the
// foliage renderer's vertex shaders (foliage.vert, foliage_splat.vert: one instance per copy), so
// the pass the tests read back and the pass that draws are the same code.

// Acting benders, nearest the camera first (BenderSet::acting).
uniform float u_touch;      // look touch, m (0: none)
uniform int u_benderCount;  // <= FW_MAX_BENDERS
uniform vec4 u_benders[FW_MAX_BENDERS];         // xyz scene position, w radius (m)
uniform vec4 u_benderVelocity[FW_MAX_BENDERS];  // xy smoothed velocity (m/s)

// FoliageInstance: p_scene = origin + metresPerUnit × Rz(yaw) × p_model; c, s = cos, sin of yaw
// computed by the host with the same std::cos / std::sin as the CPU reference.
struct FwFrame {
    vec3 origin;
    float c, s, metresPerUnit;
};

vec3 fwToScene(FwFrame f, vec3 m) {
    return f.origin + f.metresPerUnit * vec3(f.c * m.x - f.s * m.y, f.s * m.x + f.c * m.y, m.z);
}
// A vector turned from the scene into the model frame (−yaw).
vec3 fwSceneToModel(FwFrame f, vec3 d) { return vec3(f.c * d.x + f.s * d.y, -f.s * d.x + f.c * d.y, d.z); }

// touchLean (bender.cpp): the acting benders' summed push, clamped to touch × response, as the
// lean atan(|push| / height), at most FW_MAX_LEAN. root: scene metres; plant: (radius, height,
// response) with lengths in scene metres.
vec2 fwTouchLean(vec3 root, vec3 plant) {
    float limit = u_touch * plant.z;
    if (!(limit > 0.0) || !(plant.y > 0.0)) return vec2(0.0);
    vec2 tip = vec2(0.0);
    for (int b = 0; b < FW_MAX_BENDERS; ++b) {
        if (b >= u_benderCount) break;
        tip += limit * fwPush(root.xy, plant.x, u_benders[b], u_benderVelocity[b].xy);
    }
    float n = length(tip);
    if (!(n > 0.0)) return vec2(0.0);
    float clamped = min(n, limit);
    float angle = min(atan(clamped / plant.y), FW_MAX_LEAN);
    return tip * (angle / n);
}

// plantLeans for one plant: the wind lean at its root in the scene plus the benders', clamped to
// FW_MAX_LEAN, turned back into the model frame. rootModel: model units; material: MaterialWind
// (drag, stiffness, lean, shiver); plant: (radius, height, touch response), model units.
vec2 fwPlantLean(FwWind w, FwFrame f, vec3 rootModel, vec4 material, vec3 plant, float t) {
    vec3 rootScene = fwToScene(f, rootModel);
    vec2 lean = fwLeanAt(w, rootScene.xy, t, material);
    if (u_benderCount > 0)
        lean += fwTouchLean(rootScene, vec3(plant.x * f.metresPerUnit, plant.y * f.metresPerUnit, plant.z));
    float n = length(lean);
    if (n > FW_MAX_LEAN) lean *= FW_MAX_LEAN / n;
    return fwSceneToModel(f, vec3(lean, 0.0)).xy;
}

// shiverOffsets for one point, added to its rest position (model units): none at all when the
// wind is still or the look's shiver is off, so the point stays exactly at rest.
vec3 fwShiverPoint(FwWind w, FwFrame f, vec3 rest, float detailWeight, vec4 material, float shiver, float t) {
    if (w.still || !(shiver > 0.0)) return rest;
    float weight = detailWeight * shiver * material.w;
    return rest + fwSceneToModel(f, fwShiverAt(w, fwToScene(f, rest), t, weight) / f.metresPerUnit);
}

// hueShift (look.cpp): the copy's hue shift in turns from the bits of its origin.
const float FW_MAX_HUE_TURNS = 0.08;
const uint FW_HUE_SEED = 0x68756531u;
float fwHueShift(vec3 origin, float variation) {
    uvec3 b = floatBitsToUint(origin);
    uint h = fwHashCell(int(b.x), int(b.y), int(b.z), FW_HUE_SEED);
    float u = float(h >> 8u) * (1.0 / 16777216.0);
    return (2.0 * u - 1.0) * variation * FW_MAX_HUE_TURNS;
}

// shiftHue (look.cpp): rgb turned about the grey axis by `turns` (Rodrigues), clamped to [0, 1].
vec3 fwShiftHue(vec3 rgb, float turns) {
    float a = turns * 6.28318531;
    float c = cos(a), s = sin(a);
    float k = 0.57735027;
    vec3 axis = vec3(k);
    return clamp(rgb * c + cross(axis, rgb) * s + axis * dot(axis, rgb) * (1.0 - c), 0.0, 1.0);
}

// fadeFactor (look.cpp): 1 up to start, linear to 0 at end; 1 when the fade is off (end 0).
float fwFadeFactor(float distance, vec2 fade) {
    if (!(fade.y > 0.0) || distance <= fade.x) return 1.0;
    if (distance >= fade.y) return 0.0;
    return (fade.y - distance) / (fade.y - fade.x);
}
