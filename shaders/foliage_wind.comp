// Foliage wind pass (compute, one invocation per vertex or splat): the wind lean of the point's
// plant at its root plus the acting benders' push, the leaf shiver at the point, then the bend
// about the root; a splat's rotation is composed with the bend's. Assembled after "#version 450
// core" + foliage_wind.glsl + foliage_instance.glsl; mirrors core/foliage/animate.cpp (plantLeans
// with touchLean, shiverOffsets, bendVertices / bendSplats) for one instance. Records (std430, vec4):
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
// u_touch, u_benderCount, u_benders, u_benderVelocity: foliage_instance.glsl.

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
    FwFrame f = FwFrame(u_origin, u_frame.x, u_frame.y, u_frame.z);
    vec2 lean = fwPlantLean(w, f, root.xyz, material, plant.xyz, u_t);
    vec3 p = fwShiverPoint(w, f, rest.xyz, root.w, material, u_shiver, u_t);
    f_bent[2u * i] = vec4(fwBendPoint(p, root.xyz, lean, rest.w), 1.0);
    if (u_splats != 0 && length(lean) * rest.w > 0.0)
        rotation = normalize(fwQuatMul(fwBendRotation(lean, rest.w), rotation));
    f_bent[2u * i + 1u] = rotation;
}
