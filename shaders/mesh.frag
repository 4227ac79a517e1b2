#version 450 core
// Readable shading for inspecting a textured model: base colour (texture × factor) lit by a
// half-Lambert headlight. Half-Lambert: Valve, "Shading in Valve's Source Engine" (SIGGRAPH
// 2006 course), wrap = (0.5·n·l + 0.5)². All colour math stays in gamma (sRGB) space, as the
// textures and factors are authored; gamma_out() is the single place that adapts to the target.

in vec3 v_viewPos;
in vec3 v_viewNormal;
in vec2 v_uv;

uniform sampler2D u_baseColorTexture;  // RGBA8, sRGB-encoded values sampled as stored
uniform bool u_hasTexture;
uniform vec4 u_baseColorFactor;        // sRGB-space multiplier
uniform bool u_alphaMask;              // glTF alphaMode MASK
uniform float u_alphaCutoff;
uniform bool u_flatNormals;            // the mesh has no normals: use the face normal
uniform int u_gammaOut;                // 0: target stores sRGB bytes; 1: linear target

out vec4 o_color;

const float kAmbient = 0.35;  // share of the base colour kept where the headlight grazes away

vec3 gamma_out(vec3 c) {
    switch (u_gammaOut) {
    case 1:
        // sRGB -> linear without pow: cubic fit by Ian Taylor (2006), max error < 0.5/255.
        return c * (c * (c * 0.305306011 + 0.682171111) + 0.012522878);
    default:
        return c;
    }
}

void main() {
    vec4 base = u_baseColorFactor;
    if (u_hasTexture) {
        base *= texture(u_baseColorTexture, v_uv);
    }
    if (u_alphaMask && base.a < u_alphaCutoff) {
        discard;
    }
    vec3 n = u_flatNormals ? cross(dFdx(v_viewPos), dFdy(v_viewPos)) : v_viewNormal;
    n = normalize(n);
    // Headlight: the light sits at the eye, so l = (0,0,1) in view space. Faces are shown from
    // both sides (imported models have open plates and mixed winding).
    float ndotl = abs(n.z);
    float wrap = 0.5 * ndotl + 0.5;
    float light = mix(kAmbient, 1.0, wrap * wrap);
    o_color = vec4(gamma_out(base.rgb * light), 1.0);
}
