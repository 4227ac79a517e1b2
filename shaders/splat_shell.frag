#version 450 core
// Shell pass: Gaussian falloff alpha = opacity · exp(−4.5 r²) over the quad (r = 1 at 3 σ),
// blended over what is behind (depth test on, no depth write, no discard).

in flat vec3 v_color;
in flat float v_opacity;
in vec2 v_local;

uniform int u_gammaOut;  // 0: target stores gamma bytes; 1: linear target

out vec4 o_color;

vec3 gamma_out(vec3 c) {
    // sRGB -> linear without pow: cubic fit by Ian Taylor (2006), max error < 0.5/255.
    if (u_gammaOut == 1) return c * (c * (c * 0.305306011 + 0.682171111) + 0.012522878);
    return c;
}

void main() {
    float alpha = v_opacity * exp(-4.5 * dot(v_local, v_local));
    o_color = vec4(gamma_out(clamp(v_color, 0.0, 1.0)), alpha);
}
