// Foliage splat copies (foliage_renderer.cpp): assembled as "#version 450 core" +
// foliage_wind.glsl + foliage_instance.glsl + foliage_copies.glsl + this file; drawn with 6 vertices per splat and one
// instance per copy. Each splat's centre is bent about its plant's root like a mesh vertex and its
// rotation composed with the bend (bend.cpp bendSplats: q' = R_bend q, scales unchanged), so its
// disc — 2σ along its two largest axes — turns with the plant and keeps its shape.
// Records (std430, 7 vec4 per splat):
//   [0] xyz rest centre (model), w main-bend weight (< 0: no plant)   [1] xyz root, w detail weight
//   [2] MaterialWind   [3] radius, height, touch response, opacity   [4] rotation (w, x, y, z)
//   [5] xyz scales (σ, model units)   [6] rgb colour (gamma)

layout(std430, binding = 0) readonly buffer Splats {
    vec4 s_rec[];
};


uniform mat4 u_view;
uniform mat4 u_projection;
uniform float u_t;
uniform int u_still;
uniform vec2 u_dir;
uniform vec4 u_wind;
uniform uint u_seed;
uniform float u_shiver;
uniform float u_variation;
uniform vec3 u_camera;
uniform vec2 u_fade;

out vec3 v_scenePos;
out vec2 v_local;      // disc coordinates, |v_local| = 1 at 2σ
out vec4 v_color;      // rgb hue-shifted, a opacity
out float v_fade;

const vec2 CORNERS[6] = vec2[6](vec2(-1.0, -1.0), vec2(1.0, -1.0), vec2(1.0, 1.0), vec2(-1.0, -1.0), vec2(1.0, 1.0),
                                vec2(-1.0, 1.0));
const float DISC_SIGMAS = 2.0;

void main() {
    int i = gl_VertexID / 6;
    vec2 corner = CORNERS[gl_VertexID % 6];
    vec4 rest = s_rec[7 * i];
    vec4 root = s_rec[7 * i + 1];
    vec4 material = s_rec[7 * i + 2];
    vec4 plant = s_rec[7 * i + 3];
    vec4 q = s_rec[7 * i + 4];
    vec3 scale = s_rec[7 * i + 5].xyz;
    FwWind w = FwWind(u_still != 0, u_dir, u_wind.x, u_wind.y, u_wind.z, u_wind.w, u_seed);
    FwFrame f = fwCopyFrame();
    vec3 centre = rest.xyz;
    if (rest.w >= 0.0) {
        vec2 lean = fwPlantLean(w, f, root.xyz, material, plant.xyz, u_t);
        centre = fwBendPoint(fwShiverPoint(w, f, rest.xyz, root.w, material, u_shiver, u_t), root.xyz, lean, rest.w);
        if (length(lean) * rest.w > 0.0) q = normalize(fwQuatMul(fwBendRotation(lean, rest.w), q));
    }
    // The disc spans the two largest axes (the smallest is its normal).
    int thin = scale.x <= scale.y ? (scale.x <= scale.z ? 0 : 2) : (scale.y <= scale.z ? 1 : 2);
    int a = thin == 0 ? 1 : 0;
    int b = thin == 2 ? 1 : 2;
    vec3 ea = vec3(a == 0 ? 1.0 : 0.0, a == 1 ? 1.0 : 0.0, 0.0);
    vec3 eb = vec3(0.0, b == 1 ? 1.0 : 0.0, b == 2 ? 1.0 : 0.0);
    vec3 local = DISC_SIGMAS * (corner.x * scale[a] * fwRotate(q, ea) + corner.y * scale[b] * fwRotate(q, eb));
    v_scenePos = fwToScene(f, centre + local);
    v_local = corner;
    float turns = fwHueShift(f.origin, u_variation);
    v_color = vec4(fwShiftHue(s_rec[7 * i + 6].rgb, turns), plant.w);
    v_fade = fwFadeFactor(length(f.origin - u_camera), u_fade);
    gl_Position = u_projection * (u_view * vec4(v_scenePos, 1.0));
}
