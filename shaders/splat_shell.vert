#version 450 core
// Shell pass: four vertices per splat (index = splat·4 + corner, so gl_VertexID >> 2 is the
// splat and & 3 the quad corner), drawn through the index buffer of the current heading
// sector's back-to-front order. The quad spans ±3 σ along ax0/ax1; splat_shell.frag applies
// the Gaussian falloff. Per-splat values come from the prepare pass (splat_prepare.comp).

layout(std430, binding = 1) readonly buffer Prepared {
    vec4 p_records[];
};
const uint kPreparedVec4 = 5u;

out flat vec3 v_color;
out flat float v_opacity;
out vec2 v_local;       // quad coordinates in [-1, 1]², 1 = 3 σ

void main() {
    uint b = uint(gl_VertexID >> 2) * kPreparedVec4;
    int corner = gl_VertexID & 3;
    vec2 p = vec2((corner & 1) == 0 ? -1.0 : 1.0, (corner & 2) == 0 ? -1.0 : 1.0);
    vec4 look = p_records[b + 3u];
    v_local = p;
    v_color = look.rgb;
    v_opacity = look.w;
    gl_Position = p_records[b] + p.x * p_records[b + 1u] + p.y * p_records[b + 2u];
}
