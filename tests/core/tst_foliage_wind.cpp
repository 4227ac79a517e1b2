// core/foliage wind field (seed 004 "Ветер — это поле, а не синусоида"): off is exactly still,
// the same t gives the same frame, neighbours move together, gusts cross at gustSpeed.
#include <doctest/doctest.h>

#include <algorithm>
#include <cmath>
#include <numeric>

#include "core/foliage/animate.h"
#include "core/foliage/noise.h"
#include "core/foliage/wind_field.h"
#include "tests/core/tst_foliage_fixture.h"

using namespace sw::foliage;

namespace {

PlantSet plantsOf(const sw::geometry::Mesh& mesh) {
    auto r = analysePlants(mesh, {}, "patch");
    REQUIRE(r.ok());
    return std::move(*r);
}

double correlation(const std::vector<double>& a, const std::vector<double>& b) {
    const double n = static_cast<double>(a.size());
    const double ma = std::accumulate(a.begin(), a.end(), 0.0) / n, mb = std::accumulate(b.begin(), b.end(), 0.0) / n;
    double sab = 0, saa = 0, sbb = 0;
    for (std::size_t i = 0; i < a.size(); ++i) {
        sab += (a[i] - ma) * (b[i] - mb);
        saa += (a[i] - ma) * (a[i] - ma);
        sbb += (b[i] - mb) * (b[i] - mb);
    }
    return sab / std::sqrt(saa * sbb);
}

// Along-wind component of the wind at p over 400 samples 0.1 s apart.
std::vector<double> alongSeries(const WindField& w, const Eigen::Vector2f& p) {
    std::vector<double> out;
    for (int k = 0; k < 400; ++k) out.push_back(w.windAt(p, 0.1f * static_cast<float>(k)).dot(w.direction()));
    return out;
}

// Position (m along the wind from `origin`) of the gust crest nearest `near`, searched ±window.
float crestNear(const WindField& w, const Eigen::Vector2f& origin, float near, float window, float t) {
    float best = near, bestG = -1.f;
    for (float s = near - window; s <= near + window; s += 0.01f) {
        const float g = w.gustAt(origin + w.direction() * s, t);
        if (g > bestG) {
            bestG = g;
            best = s;
        }
    }
    return best;
}

}  // namespace

TEST_CASE("wind off or speed 0 leaves every vertex exactly at rest, at every t") {
    const auto mesh = sw::test::makeGrassPatch(6, 6, 0.5f, 0.8f);
    const PlantSet plants = plantsOf(mesh);
    WindSettings off;
    off.enabled = false;
    WindSettings still;
    still.speed = 0.f;
    still.turbulence = 2.f;
    still.gust = 1.f;
    for (const WindSettings& s : {off, still}) {
        const WindField wind(s, 7);
        CHECK(wind.still());
        for (float t : {0.f, 0.5f, 13.25f, 1000.f}) {
            std::vector<Eigen::Vector3f> out;
            animateVertices(mesh.positions, plants, {}, wind, FrameInput{t, {}, {}}, out);
            REQUIRE(out.size() == mesh.positions.size());
            for (std::size_t v = 0; v < out.size(); ++v) REQUIRE(out[v] == mesh.positions[v]);
            CHECK(wind.windAt({3.f, 4.f}, t) == Eigen::Vector2f::Zero());
            CHECK(wind.shiverAt({3.f, 4.f, 1.f}, t, 1.f) == Eigen::Vector3f::Zero());
        }
    }
}

TEST_CASE("the same t gives the same frame; another t another") {
    const auto mesh = sw::test::makeGrassPatch(4, 4, 0.5f, 0.8f);
    const PlantSet plants = plantsOf(mesh);
    const WindField a(WindSettings{}, 3), b(WindSettings{}, 3);
    std::vector<Eigen::Vector3f> fa, fb, fc;
    animateVertices(mesh.positions, plants, {}, a, FrameInput{4.2f, {}, {}}, fa);
    animateVertices(mesh.positions, plants, {}, a, FrameInput{9.f, {}, {}}, fc);  // a frame between
    animateVertices(mesh.positions, plants, {}, b, FrameInput{4.2f, {}, {}}, fb);
    CHECK(fa == fb);
    CHECK(fa != fc);
    CHECK(fa != mesh.positions);
}

TEST_CASE("neighbours move together, far plants do not") {
    const WindField w(WindSettings{}, 11);
    const auto here = alongSeries(w, {10.f, 10.f});
    CHECK(correlation(here, alongSeries(w, {10.3f, 10.2f})) > 0.95);
    CHECK(std::abs(correlation(here, alongSeries(w, {410.f, -290.f}))) < 0.5);
}

TEST_CASE("without turbulence and gusts the wind is the steady speed along the direction") {
    WindSettings s;
    s.turbulence = 0.f;
    s.gust = 0.f;
    const WindField w(s);
    for (float t : {0.f, 2.5f, 77.f}) CHECK(w.windAt({5.f, -3.f}, t).isApprox(w.direction() * 8.3f));
    const Eigen::Vector2f lean = w.leanAt({0.f, 0.f}, 1.f, {});
    CHECK(lean.normalized().isApprox(w.direction()));
    CHECK(lean.norm() == doctest::Approx(MAX_LEAN * std::tanh(8.3f * LEAN_PER_MS / MAX_LEAN)));
    MaterialWind stiff;
    stiff.stiffness = 4.f;
    CHECK(w.leanAt({0.f, 0.f}, 1.f, stiff).norm() < 0.3f * lean.norm());
}

TEST_CASE("the lean saturates below MAX_LEAN in any storm") {
    WindSettings s;
    s.speed = 60.f;
    s.turbulence = 2.f;
    s.gust = 1.f;
    const WindField w(s, 5);
    for (int k = 0; k < 200; ++k) CHECK(w.leanAt({0.37f * k, 1.f}, 0.21f * k, {}).norm() <= MAX_LEAN);
}

TEST_CASE("a gust's crest crosses the field at gustSpeed (tracked over 4 s, within 1 %)") {
    for (float gustSpeed : {5.6f, 14.f}) {
        WindSettings s;
        s.gustSpeed = gustSpeed;
        const WindField w(s, 21);
        const Eigen::Vector2f origin(3.f, -7.f);
        // Start on the strongest crest of the first 120 m.
        float x = crestNear(w, origin, 60.f, 60.f, 0.f);
        REQUIRE(w.gustAt(origin + w.direction() * x, 0.f) > 0.3f);
        const float x0 = x, dt = 0.05f;
        for (int k = 1; k <= 80; ++k) x = crestNear(w, origin, x, 1.f, dt * static_cast<float>(k));
        const float measured = (x - x0) / (80.f * dt);
        CHECK(measured == doctest::Approx(gustSpeed).epsilon(0.01));
    }
}

TEST_CASE("a gust raises the wind where it passes, by GUST_GAIN × gust × speed") {
    WindSettings calm;
    calm.turbulence = 0.f;
    calm.gust = 0.f;
    WindSettings gusty = calm;
    gusty.gust = 1.f;
    const WindField a(calm, 2), b(gusty, 2);
    int seen = 0;
    for (int k = 0; k < 400; ++k) {
        const Eigen::Vector2f p(1.5f * k, 0.f);
        const float g = b.gustAt(p, 3.f);
        const float extra = (b.windAt(p, 3.f) - a.windAt(p, 3.f)).dot(b.direction());
        CHECK(extra == doctest::Approx(GUST_GAIN * g * 8.3f).epsilon(1e-4));
        seen += g > 0.5f;
    }
    CHECK(seen > 10);  // gusts are there, and calm between them
    CHECK(seen < 300);
}

TEST_CASE("shiver is finer than the main field and needs a detail weight") {
    const WindField w(WindSettings{}, 9);
    CHECK(w.shiverAt({1.f, 2.f, 0.5f}, 3.f, 0.f) == Eigen::Vector3f::Zero());
    std::vector<double> a, b;
    for (int k = 0; k < 400; ++k) {
        const float t = 0.05f * static_cast<float>(k);
        a.push_back(w.shiverAt({1.f, 2.f, 0.5f}, t, 1.f).z());
        b.push_back(w.shiverAt({1.f, 3.5f, 0.5f}, t, 1.f).z());  // 1.5 m across the wind
    }
    const auto amp = static_cast<float>(*std::max_element(a.begin(), a.end()));
    CHECK(amp > 0.2f * SHIVER_PER_MS * 8.3f);
    CHECK(amp <= SHIVER_PER_MS * 8.3f * 1.2f + 1e-6f);
    CHECK(std::abs(correlation(a, b)) < 0.5);
}

TEST_CASE("the noise is deterministic, zero on the lattice, within [-1, 1] and continuous") {
    CHECK(hash32(12345u) == hash32(12345u));
    CHECK(hash32(12345u) != hash32(12346u));
    CHECK(gradientNoise2({3.f, -7.f}, 1u) == 0.f);
    CHECK(gradientNoise3({3.f, -7.f, 2.f}, 1u) == 0.f);
    float lo = 0.f, hi = 0.f, jump = 0.f;
    for (int k = 0; k < 20000; ++k) {
        const Eigen::Vector2f p(0.0173f * static_cast<float>(k), 0.0071f * static_cast<float>(k));
        const float n = gradientNoise2(p, 5u);
        lo = std::min(lo, n);
        hi = std::max(hi, n);
        jump = std::max(jump, std::abs(gradientNoise2(p + Eigen::Vector2f(1e-3f, 0.f), 5u) - n));
        CHECK(std::abs(gradientNoise3({p.x(), p.y(), 0.3f}, 5u)) <= 1.f);
    }
    CHECK(lo >= -1.f);
    CHECK(hi <= 1.f);
    CHECK(hi - lo > 1.f);        // it varies
    CHECK(jump < 5e-3f);          // Lipschitz: a millimetre moves it by less than 0.005
    CHECK(gradientNoise2({0.5f, 0.5f}, 1u) != gradientNoise2({0.5f, 0.5f}, 2u));
    const float h = hashPosition01({1.f, 2.f, 3.f}, 0u);
    CHECK(h >= 0.f);
    CHECK(h < 1.f);
    CHECK(h == hashPosition01({1.f, 2.f, 3.f}, 0u));
}
