#version 450 core
// Shading of a textured model. u_shading picks one of:
//   0 headlight: inspection look, base colour lit by a half-Lambert headlight;
//   1 flat:      albedo only (dataset recipe "flat");
//   2 ao:        diffuse under a white dome, no sun (recipe "ao", default): the linear albedo times
//                the baked dome light (sky visibility + bounces) of the side facing the camera,
//                encoded back to sRGB — what Blender Cycles outputs with the Standard view;
//   3 cel:       albedo × the runtime's cel band of n·l for a fixed sun (recipe "cel", PIPELINE §6).
// Each material's colour may be adjusted in HSV (u_hsvAdjust; identity = (0, 1, 1)).
// The headlight is half-Lambert: Half-Lambert: Valve, "Shading in Valve's Source Engine" (SIGGRAPH
// 2006 course), wrap = (0.5·n·l + 0.5)². All colour math stays in gamma (sRGB) space, as the
// textures and factors are authored; gamma_out() is the single place that adapts to the target.

in vec3 v_viewPos;
in vec3 v_viewNormal;
in vec2 v_uv;
in vec3 v_light;
in vec3 v_lightBack;

uniform sampler2D u_baseColorTexture;  // RGBA8, sRGB-encoded values sampled as stored
uniform bool u_hasTexture;
uniform vec4 u_baseColorFactor;        // sRGB-space multiplier
uniform bool u_alphaMask;              // glTF alphaMode MASK
uniform float u_alphaCutoff;
uniform bool u_flatNormals;            // the mesh has no normals: use the face normal
uniform int u_gammaOut;                // 0: target stores sRGB bytes; 1: linear target
uniform int u_shading;                 // 0 headlight, 1 flat, 2 ao, 3 cel
uniform vec3 u_sunView;                // cel: unit direction towards the sun, view space
uniform vec3 u_hsvAdjust;              // hue shift (degrees), saturation ×, value ×
uniform bool u_premultiplied;          // the texture holds RGB × alpha (cut-out materials)
uniform bool u_levelZero;              // read the full-resolution level (per-sample mask tests)

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

// HSV conversions without branches per channel (Sam Hocevar's formulation).
vec3 rgb2hsv(vec3 c) {
    vec4 k = vec4(0.0, -1.0 / 3.0, 2.0 / 3.0, -1.0);
    vec4 p = mix(vec4(c.bg, k.wz), vec4(c.gb, k.xy), step(c.b, c.g));
    vec4 q = mix(vec4(p.xyw, c.r), vec4(c.r, p.yzx), step(p.x, c.r));
    float d = q.x - min(q.w, q.y);
    return vec3(abs(q.z + (q.w - q.y) / (6.0 * d + 1e-10)), d / (q.x + 1e-10), q.x);
}

vec3 hsv2rgb(vec3 c) {
    vec3 p = abs(fract(c.xxx + vec3(1.0, 2.0 / 3.0, 1.0 / 3.0)) * 6.0 - 3.0);
    return c.z * mix(vec3(1.0), clamp(p - 1.0, 0.0, 1.0), c.y);
}

// sRGB transfer functions (IEC 61966-2-1).
vec3 srgbToLinear(vec3 c) {
    return mix(c / 12.92, pow((c + 0.055) / 1.055, vec3(2.4)), step(vec3(0.04045), c));
}
vec3 linearToSrgb(vec3 c) {
    return mix(12.92 * c, 1.055 * pow(c, vec3(1.0 / 2.4)) - 0.055, step(vec3(0.0031308), c));
}

float celBand(float ndl) {
    float band = mix(0.62, 0.88, smoothstep(0.22, 0.28, ndl));
    return mix(band, 1.12, smoothstep(0.52, 0.58, ndl));
}

void main() {
    vec4 base = u_baseColorFactor;
    if (u_hasTexture) {
        vec4 texel = u_levelZero ? textureLod(u_baseColorTexture, v_uv, 0.0) : texture(u_baseColorTexture, v_uv);
        // Filtered in associated alpha, so the colour is the covered texels' colour only.
        if (u_premultiplied) texel.rgb = texel.a > 0.0 ? texel.rgb / texel.a : vec3(0.0);
        base *= texel;
    }
    if (u_alphaMask && base.a < u_alphaCutoff) {
        discard;
    }
    vec3 n = u_flatNormals ? cross(dFdx(v_viewPos), dFdy(v_viewPos)) : v_viewNormal;
    n = normalize(n);
    // Faces are shown from both sides (imported models have open plates and mixed winding):
    // turn the normal towards the viewer.
    if (dot(n, -v_viewPos) < 0.0) {
        n = -n;
    }
    if (u_hsvAdjust != vec3(0.0, 1.0, 1.0)) {
        vec3 hsv = rgb2hsv(base.rgb);
        hsv = vec3(fract(hsv.x + u_hsvAdjust.x / 360.0), clamp(hsv.y * u_hsvAdjust.y, 0.0, 1.0),
                   clamp(hsv.z * u_hsvAdjust.z, 0.0, 1.0));
        base.rgb = hsv2rgb(hsv);
    }
    if (u_shading == 2) {
        vec3 light = gl_FrontFacing ? v_light : v_lightBack;
        vec3 lit = linearToSrgb(clamp(srgbToLinear(clamp(base.rgb, 0.0, 1.0)) * light, 0.0, 1.0));
        o_color = vec4(gamma_out(lit), 1.0);
        return;
    }
    float light = 1.0;
    if (u_shading == 0) {
        // Headlight: the light sits at the eye, so l = (0,0,1) in view space.
        float wrap = 0.5 * abs(n.z) + 0.5;
        light = mix(kAmbient, 1.0, wrap * wrap);
    } else if (u_shading == 3) {
        light = celBand(dot(n, u_sunView));
    }
    o_color = vec4(gamma_out(min(base.rgb * light, vec3(1.0))), 1.0);
}
