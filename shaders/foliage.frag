// Foliage look (seed 004 "Ветер и вид"), masked (alpha-MASK cards) or opaque (trunks) variant, in
// gamma space like mesh.frag. The per-copy hue drift and fade come from foliage.vert; the
// controls are documented in core/render/foliage_renderer.h. The fade dither is look.cpp's
// ditherThreshold / fadedAlpha: a texel is kept while its 4 × 4 Bayer threshold is below the
// copy's fade factor, else its alpha goes to 0, below any mask cutoff.
// Assembled by foliage_renderer.cpp as "#version 450 core" + "#define FOLIAGE_PASS p" +
// "#define FOLIAGE_COUNT c" + this file:
//   FOLIAGE_PASS 0  one pass: the alpha test (discard) and the look; the depth test runs after
//                   the shader where the driver cannot run it early with discard.
//   FOLIAGE_PASS 1  the depth pre-pass: the same alpha test alone (colour writes off), so the
//                   depth buffer ends as pass 0 leaves it.
//   FOLIAGE_PASS 2  the colour pass after pass 1: depth EQUAL, no depth write, no discard, so the
//                   tests run before the shader (early_fragment_tests) and the look runs once for
//                   each sample's nearest kept surface instead of for every covered card.
//   FOLIAGE_COUNT 1 (measuring only) counts the invocations in c_shaded, one per pixel fragment,
//                   with an atomic add; in pass 1 with early tests, drawn with depth writes off
//                   before the real pre-pass draw: the fragments an early depth test lets through.
#if FOLIAGE_PASS == 2 || (FOLIAGE_PASS == 1 && FOLIAGE_COUNT)
layout(early_fragment_tests) in;
#endif
#if FOLIAGE_COUNT
layout(std430, binding = 4) buffer FoliageShaded {
    uint c_shaded;
};
#endif

in vec3 v_scenePos;
in vec3 v_normal;
in vec3 v_crown;
in vec2 v_uv;
in float v_sky;
in float v_fade;
flat in mat3 v_hue;

uniform sampler2D u_baseColorTexture;  // premultiplied for masked materials (mesh_buffers.cpp)
uniform bool u_hasTexture;
uniform bool u_premultiplied;
uniform vec4 u_baseColorFactor;
uniform bool u_masked;
uniform float u_alphaCutoff;
uniform bool u_flatNormals;
uniform vec3 u_camera;     // scene metres
uniform vec3 u_sunDir;     // unit, toward the sun
uniform vec3 u_sunColor;
uniform vec3 u_skyColor;
uniform vec4 u_lookLight;  // sunWrap, translucency, leafShadow, skyAo
uniform vec4 u_lookCard;   // canopy, normalMap, edgeFade, coverage
uniform bool u_outline;    // the card-outline pass: edges in one flat colour, no test

out vec4 o_color;

const float BAYER[16] = float[16](0.0, 8.0, 2.0, 10.0, 12.0, 4.0, 14.0, 6.0, 3.0, 11.0, 1.0, 9.0, 15.0, 7.0, 13.0, 5.0);

float ditherThreshold(ivec2 p) { return (BAYER[(p.y & 3) * 4 + (p.x & 3)] + 0.5) / 16.0; }

// The alpha test of pass 0 and 1: false where the fragment is dropped (mask cutoff after edgeFade
// and coverage, or the fade dither).
bool kept(vec4 base, float mip, vec3 n, vec3 toEye) {
    bool faded = !(ditherThreshold(ivec2(gl_FragCoord.xy)) < v_fade);
    if (!u_masked) return !faded;
    float alpha = base.a * (1.0 + u_lookCard.w * mip);                                   // coverage
    if (u_lookCard.z > 0.0) alpha *= smoothstep(0.0, u_lookCard.z, abs(dot(n, toEye)));  // edgeFade
    if (faded) alpha = 0.0;                                                               // fade
    return !(alpha < u_alphaCutoff);
}

void main() {
#if FOLIAGE_COUNT
    atomicAdd(c_shaded, 1u);
#endif
#if FOLIAGE_PASS != 1
    if (u_outline) {
        o_color = vec4(1.0, 0.25, 0.1, 1.0);
        return;
    }
#endif
    vec4 base = u_baseColorFactor;
    float mip = 0.0;
    if (u_hasTexture) {
        vec4 texel = texture(u_baseColorTexture, v_uv);
        if (u_premultiplied) texel.rgb = texel.a > 0.0 ? texel.rgb / texel.a : vec3(0.0);
        base *= texel;
        mip = max(textureQueryLod(u_baseColorTexture, v_uv).x, 0.0);
    }
    vec3 toEye = normalize(u_camera - v_scenePos);
    vec3 n = u_flatNormals ? cross(dFdx(v_scenePos), dFdy(v_scenePos)) : v_normal;
    n = length(n) > 0.0 ? normalize(n) : vec3(0.0, 0.0, 1.0);
    if (dot(n, toEye) < 0.0) n = -n;  // cards and open plates are seen from both sides
#if FOLIAGE_PASS != 2
    if (!kept(base, mip, n, toEye)) discard;
#endif
#if FOLIAGE_PASS == 1
    o_color = vec4(0.0);  // colour writes are off in the pre-pass
#else
    vec3 hull = length(v_crown) > 0.0 ? normalize(v_crown) : n;
    vec3 ns = u_masked ? normalize(mix(n, hull, u_lookCard.x) + 1e-6 * n) : n;  // canopy
    float wrap = u_lookLight.x;
    float diffuse = max(0.0, (dot(ns, u_sunDir) + wrap) / (1.0 + wrap));         // sunWrap
    float back = u_masked ? u_lookLight.y * max(0.0, -dot(n, u_sunDir)) * (0.5 + 0.5 * max(0.0, -dot(toEye, u_sunDir)))
                          : 0.0;                                                  // translucency
    float crownShadow = smoothstep(0.0, 0.7, -dot(hull, u_sunDir));
    float sun = 1.0 - (u_masked ? u_lookLight.z : 1.0) * crownShadow;             // leafShadow
    float sky = mix(1.0, clamp(v_sky, 0.0, 1.0), u_lookLight.w);                  // skyAo
    vec3 albedo = clamp(v_hue * base.rgb, 0.0, 1.0);
    vec3 light = u_skyColor * sky + u_sunColor * (diffuse * sun + back);
    o_color = vec4(min(albedo * light, vec3(1.0)), 1.0);
#endif
}
