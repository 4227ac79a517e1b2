#version 450 core
// Core pass: 12 vertex ids per opaque splat (gl_VertexID / 12 → splat, % 12 → ring point),
// drawn as indexed triangle fans (core/render/detail/splat_buffers.h) forming the splat's
// shape on the ellipse spanned by 3·ax0 / 3·ax1 (PIPELINE §5): the octagon (shape classes off,
// ring points 0..7), a dot (12-gon ≈ circle), a rounded hex (hexagon with cut corners) or a
// plate (5–7-gon by hash, repeated points). Coverage variant (u_round): a 2-triangle quad around
// the unit disc whose shape (circle, or the class's polygon) splat_core.frag cuts by
// alpha-to-coverage: 2 triangles per splat instead of 6–10. No sorting, depth test and write;
// the LOD is the number of splats drawn. Everything per splat (effects, colour, projection)
// comes from the prepare pass (splat_prepare.comp); a vertex only places its ring point.

layout(std430, binding = 1) readonly buffer Prepared {
    vec4 p_records[];
};
const uint kPreparedVec4 = 5u;
const float kTau = 6.2831853;

uniform int u_round;    // 1: round splats by alpha-to-coverage

out flat vec3 v_color;
out vec2 v_local;       // position in the unit disc of the splat
out flat int v_shape;   // -1 circle/octagon, 0 dot, 1 rounded hex, k ≥ 5 plate k-gon

vec2 ringPoint(int r, int shape) {
    if (u_round > 0) return vec2(r == 1 || r == 2 ? 1.0 : -1.0, r >= 2 ? 1.0 : -1.0);  // quad, CCW
    float angle;
    if (shape < 0) {
        angle = float(r) * kTau / 8.0;  // octagon
    } else if (shape == 0) {
        angle = float(r) * kTau / 12.0;
    } else if (shape == 1) {
        angle = (float(r / 2) * 60.0 + (r % 2 == 0 ? -12.0 : 12.0)) * (kTau / 360.0);
    } else {
        angle = float((r * shape) / 12) * kTau / float(shape);
    }
    return vec2(cos(angle), sin(angle));
}

void main() {
    uint b = (uint(gl_VertexID) / 12u) * kPreparedVec4;
    vec4 look = p_records[b + 3u];
    int shape = int(floor(look.w + 0.5));
    vec2 p = ringPoint(gl_VertexID % 12, shape);
    v_local = p;
    v_shape = shape;
    v_color = look.rgb;
    gl_Position = p_records[b] + p.x * p_records[b + 1u] + p.y * p_records[b + 2u];
}
