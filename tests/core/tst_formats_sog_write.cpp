// Writing SOG version 2: a written SOG (folder and bundle) reads back within the quantisation
// docs/formats.md states, SH included; re-writing what was read gives the same splats; the output
// refusals and cancel leave the user's files and no temporary behind.
#include <doctest/doctest.h>

#include <cmath>
#include <filesystem>
#include <fstream>
#include <nlohmann/json.hpp>
#include <random>

#include "core/formats/axes.h"
#include "core/formats/cloud_io.h"
#include "core/formats/detail/zip_archive.h"
#include "core/formats/sog.h"
#include "core/formats/sog_write.h"
#include "core/foundation/file_io.h"
#include "tests/support/test_support.h"

using namespace sw::formats;
using sw::splat::SplatCloud;
namespace fs = std::filesystem;

namespace {

// n splats in model space, a few metres across, with SH bands 1..degree (seeded).
SplatCloud randomCloud(std::size_t n, int degree, unsigned seed) {
    std::mt19937 rng(seed);
    std::uniform_real_distribution<float> u(0.f, 1.f);
    std::normal_distribution<float> g(0.f, 1.f);
    SplatCloud c;
    c.resize(n);
    c.shDegree = degree;
    c.shRest.resize(n * std::size_t(sw::splat::shRestCount(degree)) * 3);
    for (std::size_t i = 0; i < n; ++i) {
        c.positions[i] = {8.f * u(rng) - 4.f, 6.f * u(rng) - 3.f, 2.f * u(rng)};
        c.rotations[i] = Eigen::Vector4f(g(rng), g(rng), g(rng), g(rng)).normalized();
        c.scales[i] = {std::exp(-5.f + 3.f * u(rng)), std::exp(-5.f + 3.f * u(rng)), std::exp(-6.f + 2.f * u(rng))};
        c.opacities[i] = u(rng);
        c.colors[i] = {u(rng), u(rng), u(rng)};
    }
    for (float& v : c.shRest) v = 0.3f * (2.f * u(rng) - 1.f);
    return c;
}

double logT(double v) { return std::copysign(std::log1p(std::fabs(v)), v); }

// The tolerances of docs/formats.md ("Writing SOG"), from the source's own ranges:
// position: half a 16-bit step of sign·ln(|p|+1), i.e. |Δp| ≤ (|p| + 1)·(e^{s/2} − 1);
// rotation: |q·q'| ≥ 0.9995 (8-bit smallest-three, ≤ 3.6°); opacity: half of 1/255;
// ln σ and f_dc: 1/100 of the value range (256-entry k-means codebooks); SH: per band and
// channel an L2 error ≤ √(2l+1) times 1/100 of the coefficient range.
void checkWithinQuantisation(const SplatCloud& got, const SplatCloud& src) {
    REQUIRE(got.size() == src.size());
    REQUIRE(got.shDegree == src.shDegree);
    double step = 0, lnLo = HUGE_VAL, lnHi = -HUGE_VAL, shLo = HUGE_VAL, shHi = -HUGE_VAL;
    for (int a = 0; a < 3; ++a) {
        double lo = HUGE_VAL, hi = -HUGE_VAL;
        for (const auto& p : src.positions) lo = std::min(lo, logT(p[a])), hi = std::max(hi, logT(p[a]));
        step = std::max(step, (hi - lo) / 65535.0);
    }
    for (const auto& s : src.scales)
        for (int a = 0; a < 3; ++a) lnLo = std::min(lnLo, std::log(double(s[a]))), lnHi = std::max(lnHi, std::log(double(s[a])));
    for (float v : src.shRest) shLo = std::min(shLo, double(v)), shHi = std::max(shHi, double(v));
    // colours span 0..1, so f_dc spans 1/C0 and a codebook step of 1/100 of it is 0.01 in colour
    const double lnTol = (lnHi - lnLo) / 100.0, dcTol = 0.01, shTol = (shHi - shLo) / 100.0;
    const std::size_t k = std::size_t(sw::splat::shRestCount(src.shDegree));
    double worstSh = 0, worstLn = 0;
    for (std::size_t i = 0; i < src.size(); ++i) {
        CAPTURE(i);
        for (int a = 0; a < 3; ++a) {
            CHECK(std::fabs(got.positions[i][a] - src.positions[i][a]) <=
                  (double(std::fabs(src.positions[i][a])) + 1.0) * std::expm1(0.5 * step) * 1.01 + 1e-6);
            CHECK(std::fabs(std::log(double(got.scales[i][a] / src.scales[i][a]))) <= lnTol);
            worstLn = std::max(worstLn, std::fabs(std::log(double(got.scales[i][a] / src.scales[i][a]))) / (lnHi - lnLo));
            CHECK(std::fabs(got.colors[i][a] - src.colors[i][a]) <= dcTol);
        }
        CHECK(std::fabs(got.rotations[i].dot(src.rotations[i])) >= 0.9995f);
        CHECK(std::fabs(got.opacities[i] - src.opacities[i]) <= 0.5f / 255.f + 1e-6f);
        for (int band = 1; band <= src.shDegree; ++band)
            for (std::size_t ch = 0; ch < 3; ++ch) {
                double err = 0;
                for (std::size_t j = std::size_t(band * band - 1); j < std::size_t((band + 1) * (band + 1) - 1); ++j) {
                    const double d = double(got.shRest[(i * k + j) * 3 + ch]) - double(src.shRest[(i * k + j) * 3 + ch]);
                    err += d * d;
                }
                CHECK(std::sqrt(err) <= std::sqrt(2.0 * band + 1.0) * shTol + 1e-6);
                worstSh = std::max(worstSh, std::sqrt(err) / std::sqrt(2.0 * band + 1.0) / (shHi - shLo));
            }
    }
    MESSAGE("largest error, share of the range: ln sigma " << worstLn << ", SH " << worstSh);
}

bool bitIdentical(const SplatCloud& a, const SplatCloud& b) {
    return a.positions == b.positions && a.rotations == b.rotations && a.scales == b.scales && a.colors == b.colors &&
           a.opacities == b.opacities;
}

std::string fresh(const std::string& name) {
    const fs::path p = fs::path(sw::test::outputDir("sog_write")) / name;
    std::error_code ec;
    fs::remove_all(p, ec);
    return p.string();
}

}  // namespace

TEST_CASE("a SOG written as a folder and as a bundle reads back within the documented quantisation, SH 3 included") {
    const SplatCloud src = randomCloud(3000, 3, 11);
    const std::string folder = fresh("folder"), bundle = fresh("bundle.sog");
    REQUIRE(writeSog(folder, src).ok());
    REQUIRE(writeSog(bundle, src).ok());
    CHECK(fs::exists(fs::path(folder) / "meta.json"));
    CHECK(fs::exists(fs::path(folder) / "shN_labels.webp"));
    auto a = readSog(folder);
    auto b = readSog(bundle);
    REQUIRE(a.ok());
    REQUIRE(b.ok());
    checkWithinQuantisation(*a, src);
    CHECK(bitIdentical(*a, *b));  // one encoding, two containers
    CHECK(a->shRest == b->shRest);

    auto text = sw::readFileText(folder + "/meta.json");
    REQUIRE(text.ok());
    const auto meta = nlohmann::json::parse(*text);
    CHECK(meta["version"] == 2);
    CHECK(meta["count"] == 3000);
    CHECK(meta["shN"]["bands"] == 3);
    CHECK(meta["shN"]["count"] == 3000);  // no more splats than palette entries: one entry each
    CHECK(meta["scales"]["codebook"].size() == 256);
    auto bytes = sw::readFileBytes(bundle);
    REQUIRE(bytes.ok());
    auto zip = detail::ZipArchive::open(std::move(*bytes), bundle);
    REQUIRE(zip.ok());
    REQUIRE(zip->entries().size() == 8);
    CHECK(zip->entries()[0].name == "meta.json");
    CHECK(zip->entries()[0].method == 8);  // JSON deflates; WebP does not shrink and is stored
}

TEST_CASE("the SH palette clusters a cloud larger than it, and fewer bands can be written") {
    const SplatCloud src = randomCloud(4000, 2, 12);
    SogWriteSettings s;
    s.shPalette = 256;
    const std::string path = fresh("palette.sog");
    REQUIRE(writeSog(path, src, s).ok());
    auto back = readSog(path);
    REQUIRE(back.ok());
    REQUIRE(back->shDegree == 2);
    double err = 0, spread = 0;
    for (std::size_t j = 0; j < src.shRest.size(); ++j) {
        err += std::pow(double(back->shRest[j] - src.shRest[j]), 2);
        spread += std::pow(double(src.shRest[j]), 2);
    }
    CHECK(err < 0.9 * spread);  // 256 clusters of 4000 splats: closer than no SH at all
    CHECK(err > 0.0);

    s.shBands = 1;
    REQUIRE(writeSog(path, src, s).ok());
    auto one = readSog(path);
    REQUIRE(one.ok());
    CHECK(one->shDegree == 1);
    s.shBands = 0;
    REQUIRE(writeSog(path, src, s).ok());
    CHECK(readSog(path)->shDegree == 0);
}

TEST_CASE("re-writing a SOG that was read gives the same splats") {
    SplatCloud src = randomCloud(2500, 0, 13);
    const std::string first = fresh("first.sog"), second = fresh("second.sog");
    REQUIRE(writeSog(first, src).ok());
    auto a = readSog(first);
    REQUIRE(a.ok());
    REQUIRE(writeSog(second, *a).ok());
    auto b = readSog(second);
    REQUIRE(b.ok());
    CHECK(bitIdentical(*a, *b));

    // With SH bands 2 and 3 turned between model and file axes, SH comes back within float rounding.
    src = randomCloud(1500, 3, 14);
    REQUIRE(writeSog(first, src).ok());
    a = readSog(first);
    REQUIRE(a.ok());
    REQUIRE(writeSog(second, *a).ok());
    b = readSog(second);
    REQUIRE(b.ok());
    CHECK(bitIdentical(*a, *b));
    double worst = 0;
    for (std::size_t j = 0; j < a->shRest.size(); ++j) worst = std::max(worst, double(std::fabs(a->shRest[j] - b->shRest[j])));
    CHECK(worst <= 0.3 * 2 / 100.0);  // at most one codebook step of the ±0.3 coefficients
}

TEST_CASE("a SOG folder holding the user's files is refused, and a cancelled write leaves nothing") {
    const std::string dir = fresh("users");
    fs::create_directories(dir);
    { std::ofstream(dir + "/notes.txt") << "mine"; }
    const SplatCloud src = randomCloud(100, 0, 15);
    auto st = writeSog(dir, src);
    REQUIRE_FALSE(st.ok());
    CHECK(st.error().code == sw::ErrorCode::InvalidInput);
    CHECK(st.error().toString().find("notes.txt") != std::string::npos);
    CHECK(*sw::readFileText(dir + "/notes.txt") == "mine");
    CHECK_FALSE(fs::exists(dir + "/meta.json"));

    const std::string target = fresh("cancelled");
    auto token = std::make_shared<sw::CancelToken>();
    token->cancel();
    auto c = writeSog(target, src, {}, sw::Progress({}, token));
    REQUIRE_FALSE(c.ok());
    CHECK(c.error().code == sw::ErrorCode::Cancelled);
    CHECK_FALSE(fs::exists(target));
    for (const auto& entry : fs::directory_iterator(fs::path(target).parent_path()))
        CHECK(entry.path().filename().string().find("cancelled.tmp-") == std::string::npos);

    SplatCloud empty;
    CHECK(writeSog(fresh("empty.sog"), empty).error().code == sw::ErrorCode::InvalidInput);
}
