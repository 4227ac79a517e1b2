#version 450 core
// Shared prelude of the core fragment shaders (prepended by the renderer): the splat shapes
// inscribed in the unit disc, the coverage ramp and gamma_out().

uniform int u_gammaOut;  // 0: target stores gamma bytes; 1: linear target

// Distance-like radius of p, 1 on the shape's outline. A regular k-gon is the intersection of
// its edge half-planes, so its radius is the largest dot product of p with the edge normals
// scaled by 1/apothem; the k-gons (edge normal at angle 0) are mirror-symmetric about x, so p is
// folded to y ≥ 0 and four normals of the upper half suffice (splat_core.vert fills them, zeros
// for a circle). circle: weight of |p| (1 circle, 0.93 rounds the hexagon's corners off, 0 none).
float shapeRadius(vec2 p, vec4 edges01, vec4 edges23, float circle) {
    vec2 q = vec2(p.x, abs(p.y));
    float polygon = max(max(dot(q, edges01.xy), dot(q, edges01.zw)), max(dot(q, edges23.xy), dot(q, edges23.zw)));
    return max(polygon, circle * length(p));
}

// Alpha for alpha-to-coverage: 1 inside the shape, a one-pixel ramp across its edge (1 when
// every normal and the circle weight are 0: the opaque polygon fans).
float shapeCoverage(vec2 p, vec4 edges01, vec4 edges23, float circle) {
    float r = shapeRadius(p, edges01, edges23, circle);
    return clamp((1.0 - r) / max(fwidth(r), 1e-4) + 0.5, 0.0, 1.0);
}

vec3 gamma_out(vec3 c) {
    // sRGB -> linear without pow: cubic fit by Ian Taylor (2006), max error < 0.5/255.
    if (u_gammaOut == 1) return c * (c * (c * 0.305306011 + 0.682171111) + 0.012522878);
    return c;
}
