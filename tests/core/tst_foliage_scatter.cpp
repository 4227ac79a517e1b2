// core/foliage scatter, fade and hue: spacing honoured, absurd N refused, deterministic per seed,
// copies past the fade's end culled, hue drift from the position alone.
#include <doctest/doctest.h>

#include <chrono>
#include <cmath>

#include "core/foliage/look.h"
#include "core/foliage/scatter.h"

using namespace sw::foliage;

namespace {

// Smallest distance between two copies, by brute force over a sample (all pairs of the first n).
float minDistance(const std::vector<ScatterCopy>& c, std::size_t n) {
    float best = 1e30f;
    n = std::min(n, c.size());
    for (std::size_t i = 0; i < n; ++i)
        for (std::size_t j = i + 1; j < c.size(); ++j) best = std::min(best, (c[i].position - c[j].position).head<2>().norm());
    return best;
}

}  // namespace

TEST_CASE("10k copies respect the minimum spacing, stay in the area and repeat per seed") {
    ScatterSettings s;
    s.count = 10000;
    s.width = s.depth = 60.f;
    s.minSpacing = 0.35f;
    s.seed = 42;
    const auto t0 = std::chrono::steady_clock::now();
    auto r = scatter(s);
    const double seconds = std::chrono::duration<double>(std::chrono::steady_clock::now() - t0).count();
    REQUIRE(r.ok());
    CHECK(r->copies.size() == 10000);
    CHECK(seconds < 2.0);  // grid-accelerated: milliseconds in a release build
    CHECK(minDistance(r->copies, 600) >= 0.35f);
    for (const ScatterCopy& c : r->copies) {
        CHECK(std::abs(c.position.x()) <= 30.f);
        CHECK(std::abs(c.position.y()) <= 30.f);
        CHECK(c.scale >= 0.8f);
        CHECK(c.scale <= 1.2f);
    }
    auto again = scatter(s);
    REQUIRE(again.ok());
    CHECK(again->copies[777].position == r->copies[777].position);
    s.seed = 43;
    auto other = scatter(s);
    REQUIRE(other.ok());
    CHECK(other->copies[777].position != r->copies[777].position);
}

TEST_CASE("spacing caps the copies: a full area returns fewer than asked") {
    ScatterSettings s;
    s.count = 5000;
    s.width = s.depth = 10.f;
    s.minSpacing = 0.5f;  // at most ~460 fit (hexagonal packing); dart throwing gets fewer
    auto r = scatter(s);
    REQUIRE(r.ok());
    CHECK(r->copies.size() < 460);
    CHECK(r->copies.size() > 200);
    CHECK(r->attempts == 5000 * s.attemptsPerCopy);
    CHECK(minDistance(r->copies, r->copies.size()) >= 0.5f);
}

TEST_CASE("absurd or invalid scatters are refused before anything is allocated") {
    ScatterSettings s;
    s.count = 1'000'000'000;
    auto r = scatter(s);
    REQUIRE_FALSE(r.ok());
    CHECK(r.error().code == sw::ErrorCode::InvalidInput);
    CHECK(r.error().message.find("N = 1000000000") != std::string::npos);
    s.count = 0;
    s.density = 1e6f;  // 2.5e9 copies over 50 × 50 m
    CHECK_FALSE(scatter(s).ok());
    s = {};
    s.width = 0.f;
    CHECK_FALSE(scatter(s).ok());
    s = {};
    s.minSpacing = -1.f;
    CHECK_FALSE(scatter(s).ok());
}

TEST_CASE("density sets the count; steep ground stays bare") {
    ScatterSettings s;
    s.count = 0;
    s.density = 0.5f;
    s.width = s.depth = 20.f;
    s.minSpacing = 0.f;
    auto r = scatter(s);
    REQUIRE(r.ok());
    CHECK(r->copies.size() == 200);
    // Flat for x < 0, a 60° slope for x > 0: copies only on the flat half, on the ground.
    const GroundHeight ground = [](float x, float) { return x > 0.f ? x * std::tan(1.0471976f) : 0.f; };
    s.count = 400;
    auto hill = scatter(s, ground);
    REQUIRE(hill.ok());
    CHECK(hill->copies.size() == 400);
    for (const ScatterCopy& c : hill->copies) CHECK(c.position.x() < 0.06f);
}

TEST_CASE("fade: 1 to start, 0 at end, culled past end; none when end is 0") {
    const FadeRange grass{30.f, 40.f};
    CHECK(fadeFactor(10.f, grass) == 1.f);
    CHECK(fadeFactor(35.f, grass) == doctest::Approx(0.5f));
    CHECK(fadeFactor(40.f, grass) == 0.f);
    CHECK_FALSE(fadeCulled(39.9f, grass));
    CHECK(fadeCulled(40.f, grass));
    CHECK_FALSE(fadeCulled(1e6f, FadeRange{}));
    std::vector<Eigen::Vector3f> copies;
    for (int k = 0; k < 100; ++k) copies.push_back({static_cast<float>(k), 0.f, 0.f});
    const auto kept = fadeCopies(copies, Eigen::Vector3f::Zero(), grass);
    REQUIRE(kept.size() == 40);  // 0..39 m
    CHECK(kept.back().index == 39);
    CHECK(kept[35].factor == doctest::Approx(0.5f));
    // The dither keeps the fade factor's share of texels, the rest drop below any cutoff.
    int on = 0;
    for (int y = 0; y < 16; ++y)
        for (int x = 0; x < 16; ++x) on += fadedAlpha(1.f, 0.25f, x, y) > 0.f;
    CHECK(on == 64);
}

TEST_CASE("per-copy hue drift comes from the position alone, within ±variation × MAX_HUE_TURNS") {
    const Eigen::Vector3f p(12.5f, -3.25f, 0.f);
    CHECK(hueShift(p, 0.35f) == hueShift(p, 0.35f));
    CHECK(hueShift(p, 0.f) == 0.f);
    float lo = 1.f, hi = -1.f, sum = 0.f;
    for (int k = 0; k < 2000; ++k) {
        const float h = hueShift({0.37f * k, 0.11f * k, 0.f}, 1.f);
        lo = std::min(lo, h);
        hi = std::max(hi, h);
        sum += h;
    }
    CHECK(lo >= -MAX_HUE_TURNS);
    CHECK(hi <= MAX_HUE_TURNS);
    CHECK(hi - lo > 1.8f * MAX_HUE_TURNS);  // the range is used
    CHECK(std::abs(sum / 2000.f) < 0.1f * MAX_HUE_TURNS);
    const Eigen::Vector3f grey(0.4f, 0.4f, 0.4f), green(0.2f, 0.6f, 0.1f);
    CHECK(shiftHue(grey, 0.05f).isApprox(grey));
    CHECK(shiftHue(green, 0.f).isApprox(green));
    const Eigen::Vector3f turned = shiftHue(green, 0.05f);
    CHECK(turned.sum() == doctest::Approx(green.sum()));
    CHECK((turned - green).norm() > 0.05f);
    CHECK(shiftHue(green, 1.f).isApprox(green, 1e-4f));
}
