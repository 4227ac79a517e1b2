#include "core/demo/detail/drone_paint.h"

#include <algorithm>
#include <cmath>

#include "core/demo/detail/demo_rng.h"
#include "core/demo/detail/paint_kit.h"

namespace sw::demo::detail {
namespace {

struct Light {
    float s = 0.5f, t = 0.5f;  // centre in plate coordinates
    float radius = 2.f;        // texels
    Rgb colour;
};

// Everything random about one cell, drawn up front so painting is a pure function of pixels.
struct CellStyle {
    PlateKind kind = PlateKind::Panel;
    Rgb base;
    std::uint32_t noise = 0;
    float wear = 0.5f;
    bool split = false;
    int hazardEdge = -1;  // 0: t = 0, 1: t = 1, 2: s = 0, 3: s = 1; -1 none
    int number = -1;      // two-digit stencil number, -1 none
    std::vector<Light> lights;
};

CellStyle drawStyle(PlateKind kind, Rng& rng) {
    static const Rgb kPalette[] = {rgb8(52, 57, 62), rgb8(64, 69, 44), rgb8(48, 54, 36), rgb8(58, 62, 68), rgb8(70, 66, 54)};
    CellStyle st;
    st.kind = kind;
    st.base = kPalette[rng.below(5)] * rng.range(0.9f, 1.1f);
    if (kind == PlateKind::Armour && rng.chance(0.15f)) st.base = rgb8(92, 30, 22);  // rust-red armour
    if (kind == PlateKind::GunMetal || kind == PlateKind::Engine) st.base = rgb8(44, 46, 52) * rng.range(0.9f, 1.1f);
    st.noise = rng.fork();
    st.wear = rng.range(0.3f, 1.f);
    st.split = rng.chance(0.4f);
    const bool decorated = kind == PlateKind::Panel || kind == PlateKind::Armour || kind == PlateKind::Fin;
    if (decorated && rng.chance(kind == PlateKind::Fin ? 0.6f : 0.14f)) st.hazardEdge = rng.below(4);
    if (decorated && rng.chance(0.12f)) st.number = 10 + rng.below(90);
    const float lightChance = kind == PlateKind::Panel ? 0.07f : kind == PlateKind::Armour ? 0.1f
                              : kind == PlateKind::GunMetal || kind == PlateKind::Engine ? 0.25f : 0.f;
    if (rng.chance(lightChance)) {
        const int n = 1 + rng.below(3);
        const Rgb colour = rng.chance(0.65f) ? rgb8(255, 28, 18) : rgb8(0, 236, 255);
        const bool row = rng.chance(0.5f);
        const float s0 = rng.range(0.3f, 0.7f), t0 = rng.range(0.3f, 0.7f);
        for (int i = 0; i < n; ++i)
            st.lights.push_back({row ? 0.3f + 0.15f * i : s0, row ? t0 : 0.3f + 0.15f * i, rng.range(1.8f, 3.f), colour});
    }
    return st;
}

// Radial glow: white-hot core → saturated colour → dark rim; rr = 0 at the centre, 1 at the edge.
Rgb glow(float rr, const Rgb& core, const Rgb& colour, const Rgb& rim) {
    if (rr < 0.3f) return mix(core, colour, smoothstep(0.08f, 0.3f, rr));
    return mix(colour, rim, smoothstep(0.45f, 0.95f, rr));
}

Rgb paintGlow(const CellStyle& st, float s, float t) {
    const float dx = s - 0.5f, dy = t - 0.5f, rr = 2.f * std::sqrt(dx * dx + dy * dy);
    if (st.kind == PlateKind::ExhaustGlow) return glow(rr, rgb8(210, 255, 255), rgb8(0, 190, 255), rgb8(0, 40, 90));
    Rgb c = glow(rr, rgb8(255, 226, 170), rgb8(255, 22, 10), rgb8(60, 4, 4));
    const float slit = 1.f - smoothstep(0.025f, 0.045f, std::abs(dx)) * 1.f;  // vertical slit pupil
    return mix(c, rgb8(20, 2, 2), slit * (1.f - smoothstep(0.5f, 0.7f, rr)));
}

// Painted metal panel at plate point (s, t); (gx, gy) texel position, px texels per plate unit.
Rgb paintPanel(const CellStyle& st, float s, float t, float gx, float gy, float px) {
    const float d = std::min(std::min(s, 1.f - s), std::min(t, 1.f - t));  // distance to the rim
    Rgb c = st.base * (0.78f + 0.44f * fbm(gx / 40.f, gy / 40.f, st.noise));
    c += Rgb::Constant((fbm(gx / 2.5f, gy / 2.5f, st.noise + 1) - 0.5f) * 0.05f);
    if (st.kind == PlateKind::GunMetal) c *= 0.85f + 0.3f * valueNoise(gx / 1.5f, gy / 30.f, st.noise + 2);  // brushed
    if (st.kind == PlateKind::Engine) c = mix(c, rgb8(70, 46, 96), 0.45f * smoothstep(0.4f, 1.f, t));      // heat tint
    c *= 0.62f + 0.38f * smoothstep(0.f, 0.14f, d);  // grime in the seams
    c *= 0.86f + 0.14f * valueNoise(gx / 2.5f, gy / 45.f, st.noise + 6);  // streaks running down

    if (st.hazardEdge >= 0) {
        const float e[4] = {t, 1.f - t, s, 1.f - s};
        const float de = e[st.hazardEdge];
        if (de > 0.24f && de < 0.4f && d > 0.2f - 1e-4f) {
            const bool yellow = std::fmod((s + t) * px / 13.f + 100.f, 1.f) < 0.5f;
            c = yellow ? Rgb(rgb8(214, 160, 24) * (0.85f + 0.2f * fbm(gx / 6.f, gy / 6.f, st.noise + 3))) : rgb8(22, 20, 18);
        }
    }
    if (st.number >= 0) {
        const float bw = 0.15f, bh = 0.26f, y0 = 0.42f;
        const float cover = std::max(digitCoverage(st.number / 10, (s - 0.33f) / bw, (t - y0) / bh),
                                     digitCoverage(st.number % 10, (s - 0.52f) / bw, (t - y0) / bh));
        c = mix(c, rgb8(208, 204, 186), cover * 0.9f);
    }
    if (st.kind == PlateKind::Engine && d > 0.3f && std::fmod(t * px / 7.f, 1.f) < 0.45f) c *= 0.25f;  // vents

    // Chipped paint: bare metal where noise is high, more often near the rim.
    const float chip = fbm(gx / 7.f, gy / 7.f, st.noise + 4) + 0.16f * st.wear * (1.f - smoothstep(0.f, 0.12f, d));
    c = mix(c, rgb8(104, 106, 104) * (0.8f + 0.3f * valueNoise(gx, gy, st.noise + 5)), smoothstep(0.74f, 0.76f, chip));

    // Inset panel line with a highlight on its inner side, and a split line on some plates.
    const float line = (d - 0.2f) * px;
    if (std::abs(line) < 0.8f) c *= 0.3f;
    else if (line > 0.8f && line < 1.8f) c *= 1.18f;
    if (st.split && d > 0.2f && std::abs(s - 0.5f) * px < 0.7f) c *= 0.35f;

    // Rivets on a ring between the rim and the panel line.
    constexpr int n = 6;
    const float ks = std::clamp(std::round((s - 0.1f) / 0.8f * n), 0.f, float(n));
    const float kt = std::clamp(std::round((t - 0.1f) / 0.8f * n), 0.f, float(n));
    if (ks == 0.f || ks == n || kt == 0.f || kt == n) {
        const float rx = (s - (0.1f + 0.8f * ks / n)) * px, ry = (t - (0.1f + 0.8f * kt / n)) * px;
        const float r = std::sqrt(rx * rx + ry * ry);
        if (r < 1.9f) c = rgb8(124, 124, 118) * (0.75f - 0.12f * (rx + ry));
        else if (r < 2.6f) c *= 0.45f;
    }
    for (const Light& l : st.lights) {
        const float lx = (s - l.s) * px, ly = (t - l.t) * px, r = std::sqrt(lx * lx + ly * ly);
        if (r < l.radius) c = mix(l.colour, Rgb::Ones(), 0.25f * (1.f - smoothstep(0.f, 0.8f, r)));
        else if (r < l.radius + 1.f) c = rgb8(10, 10, 12);
        else c = mix(c, l.colour, 0.4f * std::exp(-(r - l.radius - 1.f) / 2.5f));
    }
    return c;
}

}  // namespace

geometry::Image paintDroneTexture(const std::vector<PlateRecord>& plates, const AtlasLayout& atlas, std::uint32_t seed) {
    geometry::Image img;
    img.name = "drone_paint_basecolor.png";
    img.width = img.height = atlas.textureSize;
    const std::size_t size = static_cast<std::size_t>(atlas.textureSize);
    img.rgba.assign(size * size * 4, 255);
    for (std::size_t i = 0; i < size * size; ++i) img.rgba[i * 4] = img.rgba[i * 4 + 1] = img.rgba[i * 4 + 2] = 26;

    Rng rng(seed);
    const float inner = atlas.cellSize() - 2.f * static_cast<float>(atlas.margin);
    for (std::size_t p = 0; p < plates.size(); ++p) {
        const CellStyle st = drawStyle(plates[p].kind, rng);
        const Eigen::Vector2f o = atlas.cellOrigin(static_cast<int>(p));
        const int x0 = static_cast<int>(o.x()), x1 = std::min<int>(atlas.textureSize, static_cast<int>(o.x() + atlas.cellSize()));
        const int y0 = static_cast<int>(o.y()), y1 = std::min<int>(atlas.textureSize, static_cast<int>(o.y() + atlas.cellSize()));
        for (int y = y0; y < y1; ++y) {
            for (int x = x0; x < x1; ++x) {
                const float gx = static_cast<float>(x) + 0.5f, gy = static_cast<float>(y) + 0.5f;
                const float s = clamp01((gx - o.x() - static_cast<float>(atlas.margin)) / inner);
                const float t = clamp01((gy - o.y() - static_cast<float>(atlas.margin)) / inner);
                const bool glows = st.kind == PlateKind::EyeGlow || st.kind == PlateKind::ExhaustGlow;
                const Rgb c = glows ? paintGlow(st, s, t) : paintPanel(st, s, t, gx, gy, inner);
                std::uint8_t* out = &img.rgba[(static_cast<std::size_t>(y) * size + static_cast<std::size_t>(x)) * 4];
                for (int k = 0; k < 3; ++k) out[k] = static_cast<std::uint8_t>(std::lround(255.f * clamp01(c[k])));
            }
        }
    }
    return img;
}

}  // namespace sw::demo::detail
