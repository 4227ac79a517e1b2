// Core pass: the splat's flat colour, opaque. Coverage variant: alpha from the distance-like
// radius of the splat's shape (circle, rounded hex or plate polygon inscribed in the unit disc),
// turned into coverage by GL_SAMPLE_ALPHA_TO_COVERAGE (no discard, no depth write). The shape
// arrives as flat edge normals from splat_core.vert (all zero for the polygon fans: alpha 1).
// Assembled after kSplatShapeGlsl.

in flat vec3 v_color;
in vec2 v_local;
in flat vec4 v_edges01;  // edge normals / apothem, upper half (see shapeRadius)
in flat vec4 v_edges23;
in flat float v_circle;  // weight of |p| in the radius

out vec4 o_color;

void main() {
    float alpha = shapeCoverage(v_local, v_edges01, v_edges23, v_circle);
    o_color = vec4(gamma_out(clamp(v_color, 0.0, 1.0)), alpha);
}
