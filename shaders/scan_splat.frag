// Gaussian falloff opacity · exp(−4.5 r²) over the quad (r = 1 at 3 σ), blended back to front
// (the shell pass's falloff, splat_shell.frag).

in flat vec4 v_color;
in vec2 v_local;

out vec4 o_color;

void main() {
    float alpha = v_color.a * exp(-4.5 * dot(v_local, v_local));
    o_color = vec4(clamp(v_color.rgb, 0.0, 1.0), alpha);
}
