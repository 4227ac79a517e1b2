#version 450 core
// Textured mesh: transforms model-space vertices and hands view-space position/normal and the
// texture coordinate to mesh.frag. Model space is +Z up; the mesh is drawn untransformed.

layout(location = 0) in vec3 a_position;  // model space
layout(location = 1) in vec3 a_normal;    // model space, unit; (0,0,0) when the mesh has none
layout(location = 2) in vec2 a_uv;        // glTF convention (v down); (0,0) when absent
layout(location = 3) in vec3 a_light;     // baked dome light, front side, linear RGB (ao recipe); 1 when absent
layout(location = 4) in vec3 a_lightBack; // ... back side

uniform mat4 u_view;        // model -> view (camera at the origin looking down -Z)
uniform mat4 u_projection;  // view -> clip

out vec3 v_viewPos;
out vec3 v_viewNormal;
out vec2 v_uv;
out vec3 v_light;
out vec3 v_lightBack;

void main() {
    vec4 viewPos = u_view * vec4(a_position, 1.0);
    v_viewPos = viewPos.xyz;
    // The view matrix is a rigid motion, so its upper 3x3 transforms normals directly.
    v_viewNormal = mat3(u_view) * a_normal;
    v_uv = a_uv;
    v_light = a_light;
    v_lightBack = a_lightBack;
    gl_Position = u_projection * viewPos;
}
