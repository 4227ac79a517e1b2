// Per-splat inputs and the runtime look (PIPELINE §6) shared by splat_core.vert and
// splat_shell.vert: cel bands from the baked normal, breathing emission, the muzzle-flash
// point light, effect tints and the debug overlays. Evaluated once per vertex (flat per
// splat); all colour math stays in gamma space.

// Splat records (core/render/detail/splat_buffers.h): kRecordFloats floats per splat, read
// by index from a storage buffer: vertex pulling keeps the draws non-instanced, which Mesa's
// llvmpipe runs far faster than thousands of tiny instances.
layout(std430, binding = 0) readonly buffer SplatRecords {
    float s_records[];
};
const uint kRecordFloats = 24u;

vec3 a_pos;      // centre, model space
vec3 a_ax0;      // first major axis, direction × extent
vec3 a_ax1;      // second major axis
vec3 a_normal;   // unit, baked
vec3 a_color;    // RGB 0..1, gamma
float a_opacity; // 0..1
vec4 a_attrs;    // ao, part·16 + emission level, thickness, shape class
vec4 a_extra;    // chunk, material, floater flag, shape class used

vec3 record3(uint b) { return vec3(s_records[b], s_records[b + 1u], s_records[b + 2u]); }

void loadSplat(uint index) {
    uint b = index * kRecordFloats;
    a_pos = record3(b);
    a_ax0 = record3(b + 3u);
    a_ax1 = record3(b + 6u);
    a_normal = record3(b + 9u);
    a_color = record3(b + 12u);
    a_opacity = s_records[b + 15u];
    a_attrs = vec4(record3(b + 16u), s_records[b + 19u]);
    a_extra = vec4(record3(b + 20u), s_records[b + 23u]);
}

uniform mat4 u_view;
uniform mat4 u_projection;
uniform int u_cel;            // 1: cel bands from the baked normal; 0: unshaded colour
uniform vec3 u_sun;           // unit direction toward the sun, model space
uniform float u_flash;        // muzzle-flash intensity (0 = off)
uniform vec3 u_flashPos;      // model space
uniform vec3 u_flashColor;
uniform int u_overlay;        // 0 look, 1 part, 2 material, 3 chunk, 4 ao, 5 emission, 6 shape, 7 floater

// The overlay palette comes from core/render/overlay_palette (one palette for the shader, the
// Parts list swatches and the viewport legend).
uniform vec3 u_partColors[8];
uniform vec3 u_materialColors[6];  // default, chitin, bone, flesh, circuit, core
uniform vec3 u_shapeColors[3];     // dot, rounded hex, plate
uniform vec3 u_floaterColor;

vec3 hsv2rgb(vec3 c) {
    vec3 p = abs(fract(c.xxx + vec3(1.0, 2.0 / 3.0, 1.0 / 3.0)) * 6.0 - 3.0);
    return c.z * mix(vec3(1.0), clamp(p - 1.0, 0.0, 1.0), c.y);
}

float celBand(float ndl) {
    float band = mix(0.62, 0.88, smoothstep(0.22, 0.28, ndl));
    return mix(band, 1.12, smoothstep(0.52, 0.58, ndl));
}

int splatPart() { return int(floor(a_attrs.y / 16.0 + 1.0 / 64.0)); }
int emissionLevel() { return int(a_attrs.y + 0.5) - 16 * splatPart(); }

vec3 overlayColor() {
    if (u_overlay == 1) return u_partColors[splatPart() & 7];
    if (u_overlay == 2) return u_materialColors[clamp(int(a_extra.y + 0.5), 0, 5)];
    if (u_overlay == 3) return hsv2rgb(vec3(fract(a_extra.x * 0.618034), 0.65, 0.95));
    if (u_overlay == 4) return vec3(a_attrs.x);
    if (u_overlay == 5) {
        int level = emissionLevel();
        return level > 0 ? mix(vec3(0.6, 0.2, 0.0), vec3(1.0, 0.95, 0.3), float(level) / 15.0) : a_color * 0.2;
    }
    if (u_overlay == 6) return u_shapeColors[clamp(int(a_extra.w + 0.5), 0, 2)];
    return a_extra.z > 0.5 ? u_floaterColor : a_color * 0.35;  // 7: floaters
}

vec3 splatColor(vec3 pos, vec3 n, EffectOut e) {
    if (u_overlay > 0) return overlayColor();
    vec3 c = a_color;
    if (u_cel > 0) c = a_color * celBand(dot(n, u_sun));
    int level = emissionLevel();
    if (level > 0) {
        float breath = (0.78 + 0.22 * sin(2.3 * u_time)) * 1.25;
        c = mix(c, a_color * breath, float(level) / 15.0);
    }
    if (u_flash > 0.0) {
        vec3 l = u_flashPos - pos;
        float d = length(l);
        float ndl = dot(n, l / max(d, 1e-6));
        float band = ndl > 0.5 ? 1.0 : (ndl > 0.2 ? 0.45 : 0.0);
        c += a_color * u_flashColor * (u_flash * band / (1.0 + 0.15 * d * d));
    }
    c += vec3(0.45, 0.85, 1.0) * e.glow;
    c = mix(c, vec3(0.2, 1.0, 1.0), e.cyan);
    return c;
}

// Effects applied to the splat centre and, for rigid part transforms, to its axes.
EffectOut splatEffects(uint id, out vec3 ax0, out vec3 ax1) {
    EffectOut e = applyEffects(a_pos, a_normal, a_attrs.x, splatPart(), id);
    ax0 = a_ax0;
    ax1 = a_ax1;
    if (u_partXform > 0) {
        vec4 q = u_partRotation[clamp(splatPart(), 0, 7)];
        ax0 = quatRotate(q, ax0);
        ax1 = quatRotate(q, ax1);
    }
    return e;
}
