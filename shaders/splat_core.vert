// Core pass: 12 vertex ids per opaque splat (gl_VertexID / 12 → splat, % 12 → ring point),
// drawn as indexed triangle fans (core/render/detail/splat_buffers.h) forming the splat's
// shape on the ellipse spanned by 3·ax0 / 3·ax1 (PIPELINE §5): the octagon (shape classes off, ring
// points 0..7), a dot (12-gon ≈ circle), a rounded hex (hexagon with cut corners) or a plate
// (5–7-gon by hash, repeated points). Coverage variant (u_round): a 2-triangle quad around the
// unit disc whose shape (circle, or the class's polygon) splat_core.frag cuts by
// alpha-to-coverage: 2 triangles per splat instead of 6–10, the fastest path on llvmpipe. No sorting, depth test and write; the LOD is the number of splats drawn.
// u_feedback: one point per splat (transform feedback).

uniform int u_shapes;   // 1: shape classes; 0: octagons
uniform int u_round;    // 1: round splats by alpha-to-coverage
uniform uint u_idBase;  // effect id of splat 0
uniform int u_feedback; // 1: gl_VertexID is the splat (points, transform feedback)

out flat vec3 v_color;
out vec2 v_local;       // position in the unit disc of the splat
out flat int v_shape;   // coverage variant: -1 circle, 0 dot, 1 rounded hex, k ≥ 5 plate k-gon
out vec3 tf_center;     // effect-displaced centre (transform feedback in tests)

vec2 ringPoint(int r, uint id) {
    float angle;
    if (u_round > 0) return vec2(r == 1 || r == 2 ? 1.0 : -1.0, r >= 2 ? 1.0 : -1.0);  // quad, CCW
    if (u_shapes == 0) {
        angle = float(r) * kTau / 8.0;  // octagon
    } else {
        int shape = int(a_extra.w + 0.5);
        if (shape == 0) {
            angle = float(r) * kTau / 12.0;
        } else if (shape == 1) {
            angle = (float(r / 2) * 60.0 + (r % 2 == 0 ? -12.0 : 12.0)) * (kTau / 360.0);
        } else {
            int k = 5 + int(swHash(id) % 3u);
            angle = float((r * k) / 12) * kTau / float(k);
        }
    }
    return vec2(cos(angle), sin(angle));
}

void main() {
    uint splat = u_feedback > 0 ? uint(gl_VertexID) : uint(gl_VertexID) / 12u;
    int ring = gl_VertexID % 12;
    loadSplat(splat);
    uint id = u_idBase + splat;
    vec3 ax0, ax1;
    EffectOut e = splatEffects(id, ax0, ax1);
    vec2 p = ringPoint(ring, id);
    // The quad half-size is 3 σ (as in the shell); the stored core axes are σ·r̂·1.2, so the
    // shape covers the visible disc r̂ of that quad with a 20 % margin (PIPELINE §5).
    vec3 world = e.pos + 3.0 * (ax0 * p.x + ax1 * p.y);
    v_local = p;
    int cls = int(a_extra.w + 0.5);
    v_shape = u_shapes == 0 ? -1 : (cls == 2 ? 5 + int(swHash(id) % 3u) : cls);
    v_color = splatColor(e.pos, e.normal, e);
    tf_center = e.pos;
    gl_Position = u_projection * (u_view * vec4(world, 1.0));
}
