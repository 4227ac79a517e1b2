// Shell pass: four vertices per splat (index = splat·4 + corner, so gl_VertexID >> 2 is the
// splat and & 3 the quad corner), drawn through the index buffer of the current heading
// sector's back-to-front order. The quad spans ±3 σ along
// ax0/ax1; splat_shell.frag applies the Gaussian falloff.

uniform uint u_idBase;  // effect id of shell splat 0 (= core count)

out flat vec3 v_color;
out flat float v_opacity;
out vec2 v_local;       // quad coordinates in [-1, 1]², 1 = 3 σ

void main() {
    loadSplat(uint(gl_VertexID >> 2));
    uint id = u_idBase + uint(gl_VertexID >> 2);
    int corner = gl_VertexID & 3;
    vec2 p = vec2((corner & 1) == 0 ? -1.0 : 1.0, (corner & 2) == 0 ? -1.0 : 1.0);
    vec3 ax0, ax1;
    EffectOut e = splatEffects(id, ax0, ax1);
    vec3 world = e.pos + 3.0 * (ax0 * p.x + ax1 * p.y);
    v_local = p;
    v_color = splatColor(e.pos, e.normal, e);
    v_opacity = a_opacity;
    gl_Position = u_projection * (u_view * vec4(world, 1.0));
}
