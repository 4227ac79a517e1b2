#version 450 core
// Editor gizmos (camera markers, part overlay): model-space vertices with a per-vertex colour.

layout(location = 0) in vec3 a_position;  // model space
layout(location = 1) in vec4 a_color;     // straight RGBA, sRGB

uniform mat4 u_view;        // model -> view
uniform mat4 u_projection;  // view -> clip
uniform float u_pointSize;  // px, for GL_POINTS

out vec4 v_color;

void main() {
    v_color = a_color;
    gl_PointSize = u_pointSize;
    gl_Position = u_projection * (u_view * vec4(a_position, 1.0));
}
