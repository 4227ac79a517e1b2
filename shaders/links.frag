#version 450 core
// Links effect: soft round particles, added onto the image (additive blending, no depth
// write). Links glow in u_linkColor, dust is dimmer in u_dustColor.

in vec2 v_local;
in flat float v_linked;

uniform vec3 u_linkColor;
uniform vec3 u_dustColor;
uniform int u_gammaOut;  // 0: target stores gamma bytes; 1: linear target
uniform int u_points;    // 1: point sprites (coordinates from gl_PointCoord)

out vec4 o_color;

vec3 gamma_out(vec3 c) {
    // sRGB -> linear without pow: cubic fit by Ian Taylor (2006), max error < 0.5/255.
    if (u_gammaOut == 1) return c * (c * (c * 0.305306011 + 0.682171111) + 0.012522878);
    return c;
}

void main() {
    vec2 local = u_points > 0 ? gl_PointCoord * 2.0 - 1.0 : v_local;
    float falloff = exp(-4.0 * dot(local, local));
    vec3 c = v_linked > 0.5 ? u_linkColor : u_dustColor;
    o_color = vec4(gamma_out(c) * falloff, falloff);
}
