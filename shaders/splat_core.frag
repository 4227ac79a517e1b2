// Core pass: the splat's flat colour, opaque. Coverage variant: alpha from the signed distance
// to the splat's shape (circle, rounded hex or plate polygon inscribed in the unit disc),
// turned into coverage by GL_SAMPLE_ALPHA_TO_COVERAGE (no discard, no depth write).
// Assembled after kSplatShapeGlsl.

in flat vec3 v_color;
in vec2 v_local;
in flat int v_shape;  // -1 circle, 0 dot, 1 rounded hex, k ≥ 5 regular k-gon

uniform int u_round;

out vec4 o_color;

void main() {
    float alpha = u_round > 0 ? shapeCoverage(v_local, v_shape) : 1.0;
    o_color = vec4(gamma_out(clamp(v_color, 0.0, 1.0)), alpha);
}
