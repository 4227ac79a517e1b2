// Foliage wind pass (compute, one invocation per vertex or splat): the wind lean of the point's
// plant at its root plus the acting benders' push, the leaf shiver at the point, then the bend
// about the root; a splat's rotation is composed with the bend's. Assembled after
// "#version 450 core" + foliage_wind.glsl; mirrors core/foliage/animate.cpp (plantLeans with
// touchLean, shiverOffsets, bendVertices / bendSplats) for one instance. Records (std430, vec4):
//   in  [0] xyz rest position (model units), w main-bend weight (< 0: no plant, left as it is)
//       [1] xyz plant root (model units), w detail weight
//       [2] the plant's MaterialWind (drag, stiffness, lean, shiver)
//       [3] rest rotation (w, x, y, z) (splats; ignored for vertices)
//       [4] the plant's radius and height (model units), touch response (Plant::touch), 0
//   out [0] xyz bent position, w 1   [1] rotation (w, x, y, z), the rest one when not turned

layout(local_size_x = 64) in;

layout(std430, binding = 0) readonly buffer Rest {
    vec4 f_rest[];
};
layout(std430, binding = 1) writeonly buffer Bent {
    vec4 f_bent[];
};

uniform uint u_count;      // points in the buffers
uniform int u_splats;      // 1: compose rotations
uniform float u_t;         // s
uniform int u_still;       // WindField::still()
uniform vec2 u_dir;        // unit wind direction on the ground
uniform vec4 u_wind;       // speed, turbulence, gust, gustSpeed
uniform uint u_seed;       // WindField seed
uniform vec3 u_origin;     // instance origin, scene metres
uniform vec3 u_frame;      // cos yaw, sin yaw, metres per unit
uniform float u_shiver;    // look shiver (0: none)
uniform float u_touch;     // look touch, m (0: none)
uniform int u_benderCount; // acting benders, nearest the camera first (<= FW_MAX_BENDERS)
uniform vec4 u_benders[FW_MAX_BENDERS];         // xyz scene position, w radius (m)
uniform vec4 u_benderVelocity[FW_MAX_BENDERS];  // xy smoothed velocity (m/s)

// FoliageInstance::toScene and the inverse rotation of a vector (scene → model, −yaw).
vec3 toScene(vec3 m) {
    float c = u_frame.x, s = u_frame.y;
    return u_origin + u_frame.z * vec3(c * m.x - s * m.y, s * m.x + c * m.y, m.z);
}
vec3 sceneToModel(vec3 d) {
    float c = u_frame.x, s = u_frame.y;
    return vec3(c * d.x + s * d.y, -s * d.x + c * d.y, d.z);
}

// touchLean (bender.cpp): the acting benders' summed push, clamped to touch × response, as the
// lean atan(|push| / height), at most FW_MAX_LEAN. root: scene metres; plant: (radius, height,
// response) with lengths in scene metres.
vec2 touchLean(vec3 root, vec3 plant) {
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

void main() {
    uint i = gl_GlobalInvocationID.x;
    if (i >= u_count) return;
    vec4 rest = f_rest[5u * i];
    vec4 root = f_rest[5u * i + 1u];
    vec4 material = f_rest[5u * i + 2u];
    vec4 rotation = f_rest[5u * i + 3u];
    vec4 plant = f_rest[5u * i + 4u];
    if (rest.w < 0.0) {  // no plant: the rest pose
        f_bent[2u * i] = vec4(rest.xyz, 1.0);
        f_bent[2u * i + 1u] = rotation;
        return;
    }
    FwWind w = FwWind(u_still != 0, u_dir, u_wind.x, u_wind.y, u_wind.z, u_wind.w, u_seed);
    // plantLeans: the wind lean at the root in the scene plus the benders', clamped, back to the
    // model frame.
    vec3 rootScene = toScene(root.xyz);
    vec2 lean = fwLeanAt(w, rootScene.xy, u_t, material);
    if (u_benderCount > 0) lean += touchLean(rootScene, vec3(plant.x * u_frame.z, plant.y * u_frame.z, plant.z));
    float n = length(lean);
    if (n > FW_MAX_LEAN) lean *= FW_MAX_LEAN / n;
    lean = sceneToModel(vec3(lean, 0.0)).xy;
    // shiverOffsets: none at all when still or the look's shiver is off (p = rest exactly).
    vec3 p = rest.xyz;
    if (!w.still && u_shiver > 0.0) {
        float weight = root.w * u_shiver * material.w;
        p = rest.xyz + sceneToModel(fwShiverAt(w, toScene(rest.xyz), u_t, weight) / u_frame.z);
    }
    f_bent[2u * i] = vec4(fwBendPoint(p, root.xyz, lean, rest.w), 1.0);
    if (u_splats != 0 && length(lean) * rest.w > 0.0)
        rotation = normalize(fwQuatMul(fwBendRotation(lean, rest.w), rotation));
    f_bent[2u * i + 1u] = rotation;
}
