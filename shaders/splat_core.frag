#version 450 core
// Core pass: the splat's flat colour, opaque. Coverage variant: alpha from the signed distance
// to the splat's shape (circle, rounded hex or plate polygon inscribed in the unit disc),
// turned into coverage by GL_SAMPLE_ALPHA_TO_COVERAGE (no discard, no depth write).

in flat vec3 v_color;
in vec2 v_local;
in flat int v_shape;  // -1 circle, 0 dot, 1 rounded hex, k ≥ 5 regular k-gon

uniform int u_round;
uniform int u_gammaOut;  // 0: target stores gamma bytes; 1: linear target

out vec4 o_color;

const float kTau = 6.2831853;

// Distance-like radius of p for a regular k-gon with its corners on the unit circle (corner at
// angle 0): 1 on the edges.
float polygonRadius(vec2 p, float k) {
    float sector = kTau / k;
    float a = mod(atan(p.y, p.x) + 0.5 * sector, sector) - 0.5 * sector;
    return length(p) * cos(a) / cos(0.5 * sector);
}

float shapeRadius(vec2 p) {
    if (v_shape <= 0) return length(p);  // circle, dot
    if (v_shape == 1) return max(polygonRadius(p, 6.0), length(p) * 0.93);  // hex, corners rounded off
    return polygonRadius(p, float(v_shape));
}

vec3 gamma_out(vec3 c) {
    // sRGB -> linear without pow: cubic fit by Ian Taylor (2006), max error < 0.5/255.
    if (u_gammaOut == 1) return c * (c * (c * 0.305306011 + 0.682171111) + 0.012522878);
    return c;
}

void main() {
    float alpha = 1.0;
    if (u_round > 0) {
        float r = shapeRadius(v_local);
        alpha = clamp((1.0 - r) / max(fwidth(r), 1e-4) + 0.5, 0.0, 1.0);
    }
    o_color = vec4(gamma_out(clamp(v_color, 0.0, 1.0)), alpha);
}
