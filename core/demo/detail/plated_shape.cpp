#include "core/demo/detail/plated_shape.h"

#include <algorithm>
#include <cmath>
#include <numbers>

#include "core/foundation/check.h"

namespace sw::demo::detail {
namespace {

using Eigen::Vector2f;
using Eigen::Vector3f;
constexpr float kPi = std::numbers::pi_v<float>;

// Hull body: u in [-1, 1] along the length (nose at −1, along −Y), θ around the Y axis.
constexpr float kHalfLength = 0.62f;
constexpr float kHalfWidth = 0.38f;
constexpr float kHalfHeight = 0.27f;
constexpr float kExponent = 2.4f;   // superellipse exponent of the cross-section
constexpr float kBandEndU = 0.93f;  // plate bands stop short of the poles; the hull shows there

float signedPow(float x, float e) { return std::copysign(std::pow(std::abs(x), e), x); }

// Radius profile along the length: blunt nose, fuller stern.
float profile(float u) { return std::pow(std::max(0.f, 1.f - u * u), 0.45f) * (1.f + 0.12f * u); }

Vector3f hullPoint(float theta, float u) {
    const float r = profile(u), c = std::cos(theta), s = std::sin(theta);
    return {kHalfWidth * r * signedPow(c, 2.f / kExponent), kHalfLength * u, kHalfHeight * r * signedPow(s, 2.f / kExponent)};
}

// Chamfered outline of the cell [a, 1-a] × [b, 1-b] (counter-clockwise in (s, t)), corners cut
// by `cut` of the cell; 8 points, or 4 when cut is 0.
std::vector<Vector2f> outline(float a, float b, float cut) {
    const float s0 = a, s1 = 1.f - a, t0 = b, t1 = 1.f - b;
    if (cut <= 0.f) return {{s0, t0}, {s1, t0}, {s1, t1}, {s0, t1}};
    const float cs = cut * (s1 - s0), ct = cut * (t1 - t0);
    return {{s0 + cs, t0}, {s1 - cs, t0}, {s1, t0 + ct}, {s1, t1 - ct},
            {s1 - cs, t1}, {s0 + cs, t1}, {s0, t1 - ct}, {s0, t0 + ct}};
}

struct Cell {
    float ta, tb, ua, ub;  // θ and u ranges of the cell
};

// Latitude bands of cells, cells per band proportional to the band's girth, exactly `count`.
std::vector<Cell> bandCells(int count) {
    const int bands = std::max(3, static_cast<int>(std::lround(std::sqrt(count / 2.6f))));
    std::vector<float> girth(bands);
    float total = 0.f;
    for (int k = 0; k < bands; ++k) total += girth[k] = profile(-kBandEndU + 2.f * kBandEndU * (k + 0.5f) / bands);
    std::vector<int> cells(bands, 3);
    std::vector<float> share(bands);
    const int left = count - 3 * bands;
    int used = 3 * bands;
    for (int k = 0; k < bands; ++k) {
        share[k] = left * girth[k] / total;
        const int whole = static_cast<int>(share[k]);
        cells[k] += whole;
        used += whole;
        share[k] -= static_cast<float>(whole);
    }
    for (; used < count; ++used) {
        const int k = static_cast<int>(std::max_element(share.begin(), share.end()) - share.begin());
        ++cells[k];
        share[k] = -1.f;
    }
    std::vector<Cell> out;
    const float du = 2.f * kBandEndU / bands;
    for (int k = 0; k < bands; ++k) {
        const float dth = 2.f * kPi / cells[k], th0 = -0.5f * kPi + (k % 2) * 0.5f * dth;
        for (int c = 0; c < cells[k]; ++c)
            out.push_back({th0 + dth * c, th0 + dth * (c + 1), -kBandEndU + du * k, -kBandEndU + du * (k + 1)});
    }
    return out;
}

}  // namespace

void buildPlatedShape(PlateBuilder& builder, int openPlates, Rng& rng) {
    SW_REQUIRE(openPlates >= 24, "openPlates=" << openPlates);
    builder.addClosed([](float s, float t) { return hullPoint(-0.5f * kPi + 2.f * kPi * s, -1.f + 2.f * t); },
                      Vector3f::Zero(), 48, 32, PlateKind::GunMetal, kPartHull);
    // One plate in six is stacked on top of a plate of the first layer.
    const int stacked = openPlates / 6;
    const std::vector<Cell> cells = bandCells(openPlates - stacked);
    std::vector<float> raised(cells.size());
    for (std::size_t i = 0; i < cells.size(); ++i) {
        const Cell& c = cells[i];
        const bool armour = rng.chance(0.3f);
        const float gapS = rng.range(0.05f, 0.12f), gapT = rng.range(0.06f, 0.14f);
        const float cut = rng.chance(0.7f) ? rng.range(0.12f, 0.3f) : 0.f;
        raised[i] = armour ? rng.range(0.022f, 0.034f) : rng.range(0.01f, 0.018f);
        const SurfaceFn surface = [c](float s, float t) { return hullPoint(c.ta + (c.tb - c.ta) * s, c.ua + (c.ub - c.ua) * t); };
        const Vector3f inside(0.f, kHalfLength * 0.5f * (c.ua + c.ub), 0.f);
        builder.addFan(surface, inside, outline(gapS, gapT, cut), raised[i], armour ? PlateKind::Armour : PlateKind::Panel,
                       kPartHull);
    }
    // Distinct first-layer plates to stack on: a seeded partial Fisher–Yates shuffle.
    std::vector<std::size_t> order(cells.size());
    for (std::size_t i = 0; i < order.size(); ++i) order[i] = i;
    for (int k = 0; k < stacked; ++k) {
        std::swap(order[k], order[k + rng.below(static_cast<int>(order.size()) - k)]);
        const std::size_t i = order[k];
        const Cell& c = cells[i];
        const float a = rng.range(0.2f, 0.32f), b = rng.range(0.22f, 0.34f);
        const SurfaceFn surface = [c](float s, float t) { return hullPoint(c.ta + (c.tb - c.ta) * s, c.ua + (c.ub - c.ua) * t); };
        const Vector3f inside(0.f, kHalfLength * 0.5f * (c.ua + c.ub), 0.f);
        builder.addFan(surface, inside, outline(a, b, rng.range(0.f, 0.25f)), raised[i] + rng.range(0.01f, 0.016f),
                       PlateKind::Armour, kPartHull);
    }
}

}  // namespace sw::demo::detail
