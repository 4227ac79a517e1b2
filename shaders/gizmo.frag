#version 450 core
// Editor gizmos: the vertex colour as is (lines, round points, blended overlay triangles).

in vec4 v_color;

uniform bool u_roundPoints;  // GL_POINTS: discard outside the inscribed disc

out vec4 o_color;

void main() {
    if (u_roundPoints) {
        vec2 d = gl_PointCoord - vec2(0.5);
        if (dot(d, d) > 0.25) {
            discard;
        }
    }
    o_color = v_color;
}
