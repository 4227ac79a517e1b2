// The real scans of ../shared/assets/scans (PROVENANCE.txt there): each reads with the count its
// own metadata gives, finite values inside the bounds it declares, and a few splats decoded here
// by hand from the raw bytes (the format's own formulas) equal what the reader returns.
// Label: external.
#include <doctest/doctest.h>

#include <algorithm>
#include <chrono>
#include <functional>
#include <cmath>
#include <cstring>
#include <filesystem>
#include <nlohmann/json.hpp>

#include "core/formats/axes.h"
#include "core/formats/cloud_io.h"
#include "core/formats/detail/webp_image.h"
#include "core/formats/detail/zip_archive.h"
#include "core/formats/sog.h"
#include "core/formats/streamed_sog.h"
#include "core/foundation/file_io.h"
#include "tests/core/tst_formats_fixtures.h"
#include "tests/support/test_support.h"

using namespace sw::formats;
using sw::splat::SplatCloud;
namespace fs = std::filesystem;

namespace {

std::string scan(const std::string& name) { return sw::test::assetPath("scans/" + name); }

SplatCloud timedRead(const std::string& path) {
    const auto t0 = std::chrono::steady_clock::now();
    auto cloud = readSplatCloud(path);
    const double ms = std::chrono::duration<double, std::milli>(std::chrono::steady_clock::now() - t0).count();
    REQUIRE_MESSAGE(cloud.ok(), sw::test::errorText(cloud));
    MESSAGE(fs::path(path).filename().string() << ": " << cloud->size() << " splats, SH " << cloud->shDegree << ", read in " << ms << " ms");
    REQUIRE(cloud->validate(path).ok());
    modelToFrame(*cloud, Frame::Gaussian);  // back to the file's axes, where the raw bytes are
    return std::move(*cloud);
}

// A SOG's meta.json and images, straight from the folder or the bundle.
struct RawSog {
    nlohmann::json meta;
    std::function<std::vector<std::uint8_t>(const std::string&)> file;

    explicit RawSog(const std::string& path) {
        if (fs::is_directory(path)) {
            file = [path](const std::string& name) { return *sw::readFileBytes((fs::path(path) / name).string()); };
        } else {
            auto zip = std::make_shared<detail::ZipArchive>(*detail::ZipArchive::open(*sw::readFileBytes(path), path));
            file = [zip](const std::string& name) { return *zip->extract(*zip->find(name), 1u << 30); };
        }
        const auto text = file("meta.json");
        meta = nlohmann::json::parse(text.begin(), text.end());
    }
    std::uint64_t count() const { return meta.contains("version") ? meta["count"].get<std::uint64_t>() : meta["means"]["shape"][0].get<std::uint64_t>(); }
    detail::RgbaImage image(const std::string& name) const { return *detail::decodeWebp(file(name), name); }
};

// Splats i of the SOG: position, colour and opacity by the format's formulas, against the cloud.
void checkSogByHand(const RawSog& raw, const SplatCloud& c) {
    const bool v2 = raw.meta.contains("version");
    const auto lo = raw.image(raw.meta["means"]["files"][0]), hi = raw.image(raw.meta["means"]["files"][1]);
    const auto sh0 = raw.image(raw.meta["sh0"]["files"][0]);
    for (std::size_t i : {std::size_t(0), c.size() / 3, c.size() / 2, c.size() - 1}) {
        CAPTURE(i);
        for (int a = 0; a < 3; ++a) {
            const double mn = raw.meta["means"]["mins"][a], mx = raw.meta["means"]["maxs"][a];
            const double t = double(lo.rgba[i * 4 + std::size_t(a)] + 256 * hi.rgba[i * 4 + std::size_t(a)]) / 65535.0;
            const double v = mn + (mx - mn) * t;
            const double p = v < 0 ? -(std::exp(-v) - 1) : std::exp(v) - 1;
            CHECK(c.positions[i][a] == doctest::Approx(p).epsilon(1e-5));
            const std::uint8_t b = sh0.rgba[i * 4 + std::size_t(a)];
            const double dc = v2 ? raw.meta["sh0"]["codebook"][b].get<double>()
                                 : raw.meta["sh0"]["mins"][a].get<double>() +
                                       (raw.meta["sh0"]["maxs"][a].get<double>() - raw.meta["sh0"]["mins"][a].get<double>()) * b / 255.0;
            CHECK(c.colors[i][a] == doctest::Approx(0.5 + 0.28209479177387814 * dc).epsilon(1e-5));
        }
        const std::uint8_t alpha = sh0.rgba[i * 4 + 3];
        const double logit = v2 ? 0.0 : raw.meta["sh0"]["mins"][3].get<double>() +
                                            (raw.meta["sh0"]["maxs"][3].get<double>() - raw.meta["sh0"]["mins"][3].get<double>()) * alpha / 255.0;
        CHECK(c.opacities[i] == doctest::Approx(v2 ? alpha / 255.0 : 1.0 / (1.0 + std::exp(-logit))).epsilon(1e-5));
    }
    // Plausible bounds: every centre inside the range the meta declares (log-transformed).
    for (int a = 0; a < 3; ++a) {
        auto inv = [](double v) { return v < 0 ? -(std::exp(-v) - 1) : std::exp(v) - 1; };
        const float mn = float(inv(raw.meta["means"]["mins"][a])), mx = float(inv(raw.meta["means"]["maxs"][a]));
        std::size_t outside = 0;
        for (const auto& p : c.positions) outside += p[a] < mn - 1e-4f || p[a] > mx + 1e-4f;
        CHECK(outside == 0);
    }
}

}  // namespace

TEST_CASE("scans: the bundled SOGs (seven statues, the SH-3 skull) read their meta's count, decoded by hand") {
    sw::test::requireSharedAssets();
    std::vector<std::string> files = {"skull.sog"};
    for (const char* s : {"angel", "angel-kneeling", "angel-with-candlestick", "massa", "narcissus", "st-peter", "trumpet"})
        files.push_back(std::string("statues/") + s + ".sog");
    for (const std::string& name : files) {
        CAPTURE(name);
        const RawSog raw(scan(name));
        const SplatCloud c = timedRead(scan(name));
        CHECK(c.size() == raw.count());
        checkSogByHand(raw, c);
        if (name == "skull.sog") {
            CHECK(c.shDegree == 3);
            CHECK(c.shRest.size() == c.size() * 15 * 3);
            std::size_t nonZero = 0;
            for (float v : c.shRest) nonZero += v != 0.f;
            CHECK(nonZero > c.shRest.size() / 2);
        }
    }
}

TEST_CASE("scans: the playcanvas-logo SOG folder (the unversioned first layout)") {
    sw::test::requireSharedAssets();
    const RawSog raw(scan("playcanvas-logo"));
    CHECK_FALSE(raw.meta.contains("version"));
    const SplatCloud c = timedRead(scan("playcanvas-logo"));
    CHECK(c.size() == 307128);
    CHECK(c.size() == raw.count());
    checkSogByHand(raw, c);
}

TEST_CASE("scans: guitar.compressed.ply, splats decoded by hand from the packed words") {
    sw::test::requireSharedAssets();
    const std::string path = scan("guitar.compressed.ply");
    const SplatCloud c = timedRead(path);
    CHECK(c.size() == 90854);
    const auto bytes = *sw::readFileBytes(path);
    const std::string head(bytes.begin(), bytes.begin() + 2000);
    const std::size_t data = head.find("end_header\n") + 11;
    const std::size_t chunks = (90854 + 255) / 256, chunkBytes = 18 * 4;
    for (std::size_t i : {std::size_t(0), std::size_t(12345), std::size_t(90853)}) {
        CAPTURE(i);
        float bf[18];
        std::memcpy(bf, &bytes[data + (i / 256) * chunkBytes], sizeof(bf));
        double b[18];
        std::copy(bf, bf + 18, b);
        std::uint32_t w[4];
        std::memcpy(w, &bytes[data + chunks * chunkBytes + i * 16], sizeof(w));
        const double t[3] = {(w[0] >> 21) / 2047.0, ((w[0] >> 11) & 1023) / 1023.0, (w[0] & 2047) / 2047.0};
        for (int a = 0; a < 3; ++a) {
            CHECK(c.positions[i][a] == doctest::Approx(b[a] + (b[3 + a] - b[a]) * t[a]).epsilon(1e-5));
            const double col = ((w[3] >> (24 - 8 * a)) & 255) / 255.0;
            CHECK(c.colors[i][a] == doctest::Approx(b[12 + a] + (b[15 + a] - b[12 + a]) * col).epsilon(1e-5));
        }
        CHECK(c.opacities[i] == doctest::Approx((w[3] & 255) / 255.0).epsilon(1e-5));
    }
}

TEST_CASE("scans: playbot, the Streamed SOG of 7 levels: manifest, each level's count, a chunk and the finest level") {
    sw::test::requireSharedAssets();
    auto m = readStreamedSogManifest(scan("playbot/lod-meta.json"));
    REQUIRE_MESSAGE(m.ok(), sw::test::errorText(m));
    CHECK(m->version == 0);  // the unversioned shape
    CHECK(m->lodLevels == 7);
    CHECK(m->chunkNodes().size() == 2);
    std::uint64_t total = 0;
    for (int level = 0; level < 7; ++level) {
        // every level lives in one SOG here; the manifest's runs add up to its meta's count
        const int file = m->nodes[std::size_t(m->chunkNodes()[0])].lods.at(level).file;
        const RawSog raw((fs::path(m->folder) / fs::path(m->filenames[std::size_t(file)]).parent_path()).string());
        CHECK(m->levelCounts[std::size_t(level)] == raw.count());
        total += m->levelCounts[std::size_t(level)];
    }
    CHECK(total == 919279);
    CHECK(m->levelCounts[0] == 500000);
    const auto t0 = std::chrono::steady_clock::now();
    auto finest = readStreamedSogLevel(*m, 0);
    REQUIRE_MESSAGE(finest.ok(), sw::test::errorText(finest));
    MESSAGE("playbot finest level: " << finest->size() << " splats in "
                                     << std::chrono::duration<double, std::milli>(std::chrono::steady_clock::now() - t0).count() << " ms");
    CHECK(finest->size() == 500000);
    CHECK(finest->shDegree == 2);
    REQUIRE(finest->validate("playbot").ok());
    const int node = m->chunkNodes()[1];
    auto chunk = readStreamedSogChunk(*m, node, 0);
    REQUIRE_MESSAGE(chunk.ok(), sw::test::errorText(chunk));
    const StreamedSogRef& ref = m->nodes[std::size_t(node)].lods.at(0);
    REQUIRE(chunk->size() == ref.count);
    CHECK(chunk->positions.front() == finest->positions[ref.offset]);
    CHECK(chunk->positions.back() == finest->positions[ref.offset + ref.count - 1]);
    // The chunk lies inside its node's bound (file axes).
    SplatCloud fileAxes = *chunk;
    modelToFrame(fileAxes, Frame::Gaussian);
    std::size_t outside = 0;
    const StreamedSogNode& n = m->nodes[std::size_t(node)];
    for (const auto& p : fileAxes.positions)
        outside += ((p.array() < n.boundMin.array() - 1e-3f) || (p.array() > n.boundMax.array() + 1e-3f)).any();
    CHECK(outside == 0);
}
