#version 450 core
// Core pass, opaque, depth test and write, no sorting; the LOD is the number of splats drawn.
// Fans: 12 vertex ids per splat (gl_VertexID / 12 → splat, % 12 → ring point), indexed triangle
// fans (core/render/detail/splat_buffers.h) forming the splat's shape on the ellipse spanned by
// 3·ax0 / 3·ax1 (PIPELINE §5): the octagon (shape classes off, ring points 0..7), a dot (12-gon
// ≈ circle), a rounded hex (hexagon with cut corners) or a plate (5–7-gon by hash, repeated
// points). Coverage variant (u_round): one non-indexed triangle per splat (3 vertex ids: / 3 →
// splat, % 3 → corner), equilateral and circumscribing the unit disc, whose shape (circle, or
// the class's polygon) splat_core.frag cuts by alpha-to-coverage: llvmpipe's cost is mostly per
// triangle, so 1 triangle with 30 % more area beats a 2-triangle quad. Everything per splat
// (effects, colour, projection) comes from the prepare pass (splat_prepare.comp); a vertex only
// places its corner and passes its shape's edge normals.

layout(std430, binding = 1) readonly buffer Prepared {
    vec4 p_records[];
};
const uint kPreparedVec4 = 5u;
const float kTau = 6.2831853;

// Edge normals / apothem of the regular k-gon inscribed in the unit disc with an edge normal at
// angle 0: (cos, sin)(2πi/k) / cos(π/k), i = 0..3, for k = 5, 6, 7 (two vec4 per k).
const vec4 kEdges[6] = vec4[6](
    vec4(1.2360680, 0.0, 0.3819660, 1.1755705), vec4(-1.0, 0.7265425, -1.0, -0.7265425),     // k = 5
    vec4(1.1547005, 0.0, 0.5773503, 1.0), vec4(-0.5773503, 1.0, -1.1547005, 0.0),            // k = 6
    vec4(1.1099163, 0.0, 0.6920215, 0.8677675), vec4(-0.2469796, 1.0820883, -1.0, 0.4815746)); // k = 7

uniform int u_round;    // 1: round splats by alpha-to-coverage

out flat vec3 v_color;
out vec2 v_local;       // position in the unit disc of the splat
out flat vec4 v_edges01;  // shape for splat_core.frag's shapeRadius (zeros: opaque fan)
out flat vec4 v_edges23;
out flat float v_circle;

vec2 ringPoint(int r, int shape) {
    if (u_round > 0) return r == 0 ? vec2(0.0, 2.0) : vec2(r == 1 ? -1.7320508 : 1.7320508, -1.0);  // CCW
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

// shape: -1 circle (octagon code), 0 dot, 1 rounded hex, k ≥ 5 plate k-gon.
void passShape(int shape) {
    v_edges01 = vec4(0.0);
    v_edges23 = vec4(0.0);
    v_circle = u_round > 0 && shape <= 1 ? (shape == 1 ? 0.93 : 1.0) : 0.0;
    if (u_round == 0 || shape < 1) return;
    int k = clamp(shape == 1 ? 6 : shape, 5, 7) - 5;
    v_edges01 = kEdges[2 * k];
    v_edges23 = kEdges[2 * k + 1];
}

void main() {
    int ring = u_round > 0 ? 3 : 12;
    uint b = (uint(gl_VertexID) / uint(ring)) * kPreparedVec4;
    vec4 look = p_records[b + 3u];
    int shape = int(floor(look.w + 0.5));
    vec2 p = ringPoint(gl_VertexID % ring, shape);
    v_local = p;
    passShape(shape);
    v_color = look.rgb;
    gl_Position = p_records[b] + p.x * p_records[b + 1u] + p.y * p_records[b + 2u];
}
