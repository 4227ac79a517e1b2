#include "core/demo/detail/drone_shape.h"

#include <algorithm>
#include <cmath>
#include <numbers>

#include "core/foundation/check.h"

namespace sw::demo::detail {
namespace {

using Eigen::Vector3f;
constexpr float kPi = std::numbers::pi_v<float>;

// Hull body: u in [-1, 1] along the length (nose at −1), θ around the Y axis.
constexpr float kHullCentreY = -0.04f;
constexpr float kHullHalfLength = 0.5f;
constexpr float kHullHalfWidth = 0.40f;
constexpr float kHullHalfHeight = 0.25f;
constexpr float kHullExponent = 2.6f;  // superellipse exponent of the cross-section (2 = ellipse)
constexpr float kHullEndU = 0.985f;     // the hull stops short of the poles; eye and engine cover them

float hullRadius(float u) { return std::sqrt(std::max(0.f, 1.f - u * u)); }

float signedPow(float x, float e) { return std::copysign(std::pow(std::abs(x), e), x); }

Vector3f hullPoint(float theta, float u) {
    const float r = hullRadius(u);
    const float c = std::cos(theta), s = std::sin(theta);
    const float spine = 0.05f * std::pow(std::max(0.f, s), 12.f) * r;  // dorsal ridge
    return {kHullHalfWidth * r * signedPow(c, 2.f / kHullExponent), kHullCentreY + kHullHalfLength * u,
            kHullHalfHeight * r * signedPow(s, 2.f / kHullExponent) + spine};
}

// Bilinear patch through corners a (s=0,t=0), b (1,0), c (1,1), d (0,1).
SurfaceFn quad(Vector3f a, Vector3f b, Vector3f c, Vector3f d) {
    return [=](float s, float t) -> Vector3f { return (1 - t) * ((1 - s) * a + s * b) + t * ((1 - s) * d + s * c); };
}

// Open cylinder: axis from `start` along unit `dir` for `length`, radius r.
SurfaceFn ring(Vector3f start, Vector3f dir, float length, float r) {
    const Vector3f e1 = dir.unitOrthogonal();
    const Vector3f e2 = dir.cross(e1);
    return [=](float s, float t) -> Vector3f {
        const float a = 2.f * kPi * s;
        return start + dir * (length * t) + r * (std::cos(a) * e1 + std::sin(a) * e2);
    };
}

// Tent-shaped fin: root chord front→back on the hull, a narrow flat ridge raised along `up`,
// both flanks open at the root. t in [0, 0.4] climbs the first flank, [0.4, 0.6] crosses the
// ridge (it keeps the smooth vertex normals of the two steep flanks apart), [0.6, 1] descends.
SurfaceFn tent(Vector3f front, Vector3f back, Vector3f up, float height, float sweep, float thickness) {
    const Vector3f chord = (back - front).normalized();
    const Vector3f side = chord.cross(up).normalized();
    return [=](float s, float t) -> Vector3f {
        const Vector3f root = front + (back - front) * s;
        const Vector3f top = root + up * (height * (1.f - 0.6f * s)) + chord * (sweep * (1.f - 0.3f * s));
        const float w = thickness * (1.f - 0.3f * s), ridge = 0.25f * w;
        const Vector3f a = root - side * w, b = top - side * ridge, c = top + side * ridge, d = root + side * w;
        if (t <= 0.4f) return a + (b - a) * (t / 0.4f);
        if (t <= 0.6f) return b + (c - b) * ((t - 0.4f) / 0.2f);
        return c + (d - c) * ((t - 0.6f) / 0.4f);
    };
}

PlateSpec flat(SurfaceFn f, Vector3f inside, PlateKind kind, int part, float raise = 0.008f) {
    PlateSpec p;
    p.surface = std::move(f);
    p.inside = inside;
    p.segS = p.segT = 1;
    p.raise = raise;
    p.sink = 0.003f;
    p.bevel = 0.12f;
    p.kind = kind;
    p.part = part;
    return p;
}

PlateSpec tube(SurfaceFn f, Vector3f inside, int segS, PlateKind kind, int part) {
    PlateSpec p = flat(std::move(f), inside, kind, part, 0.004f);
    p.segS = segS;
    p.bevelS = false;
    p.wrapS = true;
    p.sink = 0.002f;
    p.bevel = 0.2f;
    return p;
}

PlateSpec fin(SurfaceFn f, Vector3f inside, PlateKind kind, int part) {
    PlateSpec p = flat(std::move(f), inside, kind, part, 0.f);
    p.segS = 3;
    p.segT = 5;  // knots at t = 0.4 and 0.6, the ridge's edges
    p.bevelS = p.bevelT = false;
    p.sink = 0.f;
    return p;
}

// Faces of an axis-aligned box, each its own plate; `skip` leaves one face out (0..5 for
// −X, +X, −Y, +Y, −Z, +Z) so the box stays open where it meets the hull.
void boxPlates(PlateBuilder& b, Vector3f lo, Vector3f hi, int skip, PlateKind kind, int part) {
    const Vector3f c = (lo + hi) / 2;
    for (int face = 0; face < 6; ++face) {
        if (face == skip) continue;
        const int axis = face / 2, u = (axis + 1) % 3, v = (axis + 2) % 3;
        Vector3f corner[4];
        for (int k = 0; k < 4; ++k) {
            corner[k][axis] = face % 2 ? hi[axis] : lo[axis];
            corner[k][u] = (k == 1 || k == 2) ? hi[u] : lo[u];
            corner[k][v] = k >= 2 ? hi[v] : lo[v];
        }
        b.add(flat(quad(corner[0], corner[1], corner[2], corner[3]), c, kind, part));
    }
}

constexpr int kGunPlates = 5 + 2 * 3;

// A twin-barrelled gun on flank `side` (+1: +X, the drone's left; −1: −X, its right).
void addGun(PlateBuilder& b, float side, int part) {
    const Vector3f lo(side > 0 ? 0.33f : -0.56f, -0.30f, -0.09f), hi(side > 0 ? 0.56f : -0.33f, 0.10f, 0.07f);
    boxPlates(b, lo, hi, side > 0 ? 0 : 1, PlateKind::GunMetal, part);  // open towards the hull
    const Vector3f fwd(0, -1, 0);
    for (float z : {-0.045f, 0.028f}) {
        const float x = side * 0.46f;
        b.add(tube(ring({x, -0.29f, z}, fwd, 0.08f, 0.034f), {x, -0.33f, z}, 12, PlateKind::GunMetal, part));
        b.add(tube(ring({x, -0.36f, z}, fwd, 0.26f, 0.021f), {x, -0.49f, z}, 10, PlateKind::GunMetal, part));
        b.add(tube(ring({x, -0.60f, z}, fwd, 0.08f, 0.029f), {x, -0.64f, z}, 12, PlateKind::Armour, part));
    }
}

constexpr int kEnginePlates = 5 + 3 * 2;

void addEngine(PlateBuilder& b) {
    const int part = kPartEngine;
    const Vector3f lo(-0.2f, 0.30f, -0.14f), hi(0.2f, 0.56f, 0.12f);
    boxPlates(b, lo, hi, 2, PlateKind::Engine, part);  // open towards the hull (−Y)
    const Vector3f back(0, 1, 0);
    for (float x : {-0.1f, 0.1f}) {
        const float z = -0.01f, y = hi.y();
        b.add(tube(ring({x, y - 0.01f, z}, back, 0.13f, 0.078f), {x, y + 0.055f, z}, 16, PlateKind::Engine, part));
        const float h = 0.05f, gy = y + 0.04f;
        b.add(flat(quad({x - h, gy, z - h}, {x + h, gy, z - h}, {x + h, gy, z + h}, {x - h, gy, z + h}), {x, gy - 0.05f, z},
                   PlateKind::ExhaustGlow, part, 0.f));
        b.add(fin(tent({x, 0.33f, hi.z()}, {x, 0.54f, hi.z()}, Vector3f(0, 0.3f, 1).normalized(), 0.07f, 0.02f, 0.02f),
                  {x, 0.43f, hi.z()}, PlateKind::Engine, part));
    }
}

constexpr int kHeadPlates = 2 + 2 + 4;

// Sensor eye (a cube-sphere cap), its socket ring, angry brows, dorsal fins and ventral tusks.
void addHead(PlateBuilder& b) {
    const Vector3f eye(0, -0.50f, 0.f);
    const float a = 1.1f, r = 0.115f;
    b.add(flat([=](float s, float t) -> Vector3f {
        return eye + r * Vector3f(a * (2 * s - 1), -1.f, a * (2 * t - 1)).normalized();
    }, eye, PlateKind::EyeGlow, kPartHull, 0.f));
    b.add(tube(ring({0, -0.47f, 0}, {0, -1, 0}, 0.08f, 0.122f), {0, -0.51f, 0}, 16, PlateKind::Armour, kPartHull));
    for (float sd : {-1.f, 1.f}) {
        b.add(flat(quad({sd * 0.02f, -0.60f, 0.10f}, {sd * 0.21f, -0.50f, 0.16f}, {sd * 0.21f, -0.40f, 0.21f},
                        {sd * 0.02f, -0.50f, 0.17f}), Vector3f::Zero(), PlateKind::Armour, kPartHull, 0.012f));
        const Vector3f finUp = Vector3f(sd * 0.45f, 0.f, 0.9f).normalized();
        b.add(fin(tent({sd * 0.11f, -0.12f, 0.24f}, {sd * 0.11f, 0.30f, 0.22f}, finUp, 0.26f, 0.22f, 0.03f),
                  {sd * 0.11f, 0.09f, 0.23f}, PlateKind::Fin, kPartHull));
        const Vector3f tuskUp = Vector3f(sd * 0.35f, -0.55f, -0.75f).normalized();
        b.add(fin(tent({sd * 0.10f, -0.40f, -0.17f}, {sd * 0.10f, -0.18f, -0.22f}, tuskUp, 0.20f, 0.f, 0.025f),
                  {sd * 0.10f, -0.29f, -0.19f}, PlateKind::Fin, kPartHull));
    }
}

// Latitude bands of armour plates, cells per band proportional to the band's girth, the
// total exactly `count` (largest-remainder rounding).
void addHullArmour(PlateBuilder& b, int count, Rng& rng) {
    const int bands = std::max(3, static_cast<int>(std::lround(std::sqrt(count / 2.4f))));
    std::vector<float> girth(bands);
    float total = 0.f;
    for (int k = 0; k < bands; ++k) {
        const float u = -kHullEndU + 2.f * kHullEndU * (k + 0.5f) / bands;
        total += girth[k] = hullRadius(u);
    }
    std::vector<int> cells(bands, 3);
    int left = count - 3 * bands;
    std::vector<float> share(bands);
    for (int k = 0; k < bands; ++k) {
        share[k] = left * girth[k] / total;
        const int whole = static_cast<int>(share[k]);
        cells[k] += whole;
        share[k] -= static_cast<float>(whole);
    }
    for (int extra = count - [&] { int s = 0; for (int c : cells) s += c; return s; }(); extra > 0; --extra) {
        const int k = static_cast<int>(std::max_element(share.begin(), share.end()) - share.begin());
        ++cells[k];
        share[k] = -1.f;
    }
    for (int k = 0; k < bands; ++k) {
        const float du = 2.f * kHullEndU / bands, u0 = -kHullEndU + du * k;
        const float dth = 2.f * kPi / cells[k], th0 = -0.5f * kPi + (k % 2) * 0.5f * dth;
        for (int c = 0; c < cells[k]; ++c) {
            constexpr float kOverlap = 0.06f;  // plates run under their neighbours, no see-through seams
            const float ta = th0 + dth * (c - kOverlap), tb = th0 + dth * (c + 1 + kOverlap);
            const float ua = std::max(-0.999f, u0 - du * kOverlap), ub = std::min(0.999f, u0 + du * (1 + kOverlap));
            PlateSpec p;
            p.surface = [=](float s, float t) { return hullPoint(ta + (tb - ta) * s, ua + (ub - ua) * t); };
            p.inside = {0.f, kHullCentreY + kHullHalfLength * 0.5f * (ua + ub), 0.f};
            const bool armour = rng.chance(0.25f);
            p.kind = armour ? PlateKind::Armour : PlateKind::Panel;
            p.raise = armour ? rng.range(0.02f, 0.032f) : rng.range(0.008f, 0.014f);
            p.bevel = armour ? 0.2f : 0.12f;
            b.add(p);
        }
    }
}

}  // namespace

int fixedPlateCount() { return 2 * kGunPlates + kEnginePlates + kHeadPlates; }

void buildDroneShape(PlateBuilder& builder, int totalPlates, Rng& rng) {
    SW_REQUIRE(totalPlates >= fixedPlateCount() + 12, "totalPlates=" << totalPlates);
    addHullArmour(builder, totalPlates - fixedPlateCount(), rng);
    addHead(builder);
    addGun(builder, 1.f, kPartGunLeft);
    addGun(builder, -1.f, kPartGunRight);
    addEngine(builder);
}

}  // namespace sw::demo::detail
