// Prepare pass (compute, one invocation per splat per frame): everything a splat's vertices
// share — effects, look colour, the view-projection of its centre and of its two 3 σ axes —
// computed once per splat instead of once per vertex. Mesa's llvmpipe shades vertices on one
// thread but spreads compute work over all cores, so this pass is what makes the core cheap
// there (issue 6 bench-render). Assembled after kSplatHashGlsl + kSplatEffectsGlsl +
// kSplatLookGlsl + kSplatDamageGlsl. Output: kPreparedVec4 vec4 per splat (splat_core.vert / splat_shell.vert):
//   [0] clip-space centre   [1] clip-space 3·ax0   [2] clip-space 3·ax1
//   [3] rgb look colour, w = shape code (core: −1 octagon, 0 dot, 1 rounded hex, k ≥ 5 plate
//       k-gon) or opacity (shell)
//   [4] xyz effect-displaced centre in model space (read back by SplatRenderer::coreCentres),
//       w = 1 drawn, 0 a free pool entry

layout(local_size_x = 64) in;

layout(std430, binding = 1) writeonly buffer Prepared {
    vec4 p_records[];
};
const uint kPreparedVec4 = 5u;

uniform uint u_count;  // splats of this pass to prepare
uniform uint u_idBase; // effect id of the pass's splat 0 (shell: the core count)
uniform int u_shell;   // 1: shell pass (w = opacity); 0: core pass (w = shape code)
uniform int u_shapes;  // core: 1 shape classes; 0 octagons

void main() {
    uint splat = gl_GlobalInvocationID.x;
    if (splat >= u_count) return;
    // Damage (splat_damage.glsl): invocations past u_poolBase draw pool entries of the core pass.
    bool pooled = u_damage > 0 && u_shell == 0 && splat >= u_poolBase;
    uint entry = splat - u_poolBase;
    uint src = pooled ? uint(d_pool[3u * entry].x + 0.5) : splat;
    loadSplat(src);
    bool visible = true, wound = false;
    float scale = 1.0;
    if (pooled) visible = applyPoolEntry(entry, scale);
    else if (u_damage > 0 && u_shell == 0) wound = applySlotDamage(src);
    else if (u_damage > 0) visible = shellVisible(src);
    uint id = u_idBase + src;
    vec3 ax0, ax1;
    EffectOut e = splatEffects(id, ax0, ax1);
    ax0 *= visible ? scale : 0.0;
    ax1 *= visible ? scale : 0.0;
    int cls = int(a_extra.w + 0.5);
    float shape = u_shapes == 0 ? -1.0 : float(cls == 2 ? 5 + int(swHash(id) % 3u) : cls);
    if (wound && u_shapes != 0) {
        // Ragged only where there is damage: a pentagon turned by the slot's hash.
        float a = swUnit(id ^ 0x5bd1e995u) * 6.2831853;
        vec3 r0 = cos(a) * ax0 + sin(a) * ax1;
        ax1 = cos(a) * ax1 - sin(a) * ax0;
        ax0 = r0;
        shape = 5.0;
    }
    mat4 viewProjection = u_projection * u_view;
    uint b = splat * kPreparedVec4;
    p_records[b] = viewProjection * vec4(e.pos, 1.0);
    p_records[b + 1u] = viewProjection * vec4(3.0 * ax0, 0.0);
    p_records[b + 2u] = viewProjection * vec4(3.0 * ax1, 0.0);
    p_records[b + 3u] = vec4(splatColor(e.pos, e.normal, e), u_shell > 0 ? a_opacity : shape);
    p_records[b + 4u] = vec4(e.pos, visible ? 1.0 : 0.0);
}
