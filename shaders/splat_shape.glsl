#version 450 core
// Shared prelude of the core fragment shaders (prepended by the renderer): the splat shapes
// inscribed in the unit disc, the coverage ramp and gamma_out().

uniform int u_gammaOut;  // 0: target stores gamma bytes; 1: linear target

const float kTau = 6.2831853;

// Distance-like radius of p for a regular k-gon with its corners on the unit circle (corner at
// angle 0): 1 on the edges.
float polygonRadius(vec2 p, float k) {
    float sector = kTau / k;
    float a = mod(atan(p.y, p.x) + 0.5 * sector, sector) - 0.5 * sector;
    return length(p) * cos(a) / cos(0.5 * sector);
}

// shape: -1 circle, 0 dot, 1 rounded hex, k ≥ 5 regular k-gon.
float shapeRadius(vec2 p, int shape) {
    if (shape <= 0) return length(p);  // circle, dot
    if (shape == 1) return max(polygonRadius(p, 6.0), length(p) * 0.93);  // hex, corners rounded off
    return polygonRadius(p, float(shape));
}

// Alpha for alpha-to-coverage: 1 inside the shape, a one-pixel ramp across its edge.
float shapeCoverage(vec2 p, int shape) {
    float r = shapeRadius(p, shape);
    return clamp((1.0 - r) / max(fwidth(r), 1e-4) + 0.5, 0.0, 1.0);
}

vec3 gamma_out(vec3 c) {
    // sRGB -> linear without pow: cubic fit by Ian Taylor (2006), max error < 0.5/255.
    if (u_gammaOut == 1) return c * (c * (c * 0.305306011 + 0.682171111) + 0.012522878);
    return c;
}
