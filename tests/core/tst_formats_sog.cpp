// SOG, Streamed SOG and SuperSplat's compressed PLY on files built here byte by byte: every field
// decodes by the format's own formulas, and bad input is a one-line error naming the file.
#include <doctest/doctest.h>

#include <cstring>
#include <filesystem>

#include "core/formats/axes.h"
#include "core/formats/cloud_io.h"
#include "core/formats/ply.h"
#include "core/formats/sog.h"
#include "core/formats/streamed_sog.h"
#include "tests/core/tst_formats_fixtures.h"
#include "tests/core/tst_formats_sog_fixture.h"
#include "tests/support/test_support.h"

using namespace sw::formats;
using sw::splat::SplatCloud;
namespace fs = std::filesystem;

namespace {

// The cloud in its file's 3DGS axes again (the readers convert to model space).
SplatCloud inFileAxes(SplatCloud c) {
    modelToFrame(c, Frame::Gaussian);
    return c;
}

void checkSame(const SplatCloud& got, const SplatCloud& want) {
    REQUIRE(got.size() == want.size());
    REQUIRE(got.shDegree == want.shDegree);
    for (std::size_t i = 0; i < got.size(); ++i) {
        CAPTURE(i);
        CHECK((got.positions[i] - want.positions[i]).norm() <= 1e-5f * (1.f + want.positions[i].norm()));
        CHECK(std::fabs(got.rotations[i].dot(want.rotations[i])) >= 1.f - 1e-6f);
        CHECK((got.scales[i] - want.scales[i]).cwiseAbs().maxCoeff() <= 1e-5f * want.scales[i].maxCoeff());
        CHECK((got.colors[i] - want.colors[i]).cwiseAbs().maxCoeff() <= 1e-6f);
        CHECK(std::fabs(got.opacities[i] - want.opacities[i]) <= 1e-6f);
    }
    for (std::size_t j = 0; j < want.shRest.size(); ++j) CHECK(std::fabs(got.shRest[j] - want.shRest[j]) <= 1e-5f);
}

// An error that names `file` in one line.
template <class R>
void checkError(const R& r, const std::string& file, const std::string& words) {
    REQUIRE_FALSE(r.ok());
    const std::string text = r.error().toString();
    CAPTURE(text);
    CHECK(text.find(file) != std::string::npos);
    CHECK(text.find(words) != std::string::npos);
    CHECK(text.find('\n') == std::string::npos);
}

}  // namespace

TEST_CASE("SOG v2 folder: positions, rotations, scales, colours, opacity and SH band 1 decode by the format's formulas") {
    const sw::test::SogFixture f;
    const fs::path dir = sw::test::outputDir("sog_folder");
    f.writeFolder(dir);
    auto cloud = readSog(dir.string());
    REQUIRE_MESSAGE(cloud.ok(), sw::test::errorText(cloud));
    checkSame(inFileAxes(*cloud), f.expected);
    CHECK(inFileAxes(*cloud).rotations[4].isApprox(Eigen::Vector4f(1, 0, 0, 0)));  // an invalid tag reads as identity
    for (int j = 0; j < 9; ++j) CHECK(cloud->shRest[4 * 9 + std::size_t(j)] == 0.f);  // a label past the palette
}

TEST_CASE("SOG: the bundled .sog, the folder and its meta.json read the same through readSplatCloud") {
    const sw::test::SogFixture f;
    const fs::path dir = sw::test::outputDir("sog_forms");
    f.writeFolder(dir / "folder");
    sw::test::writeBytes(dir / "bundle.sog", f.bundle());
    CHECK(isSplatCloudPath((dir / "bundle.sog").string()));
    CHECK(isSplatCloudPath((dir / "folder").string()));
    for (const fs::path& p : {dir / "bundle.sog", dir / "folder", dir / "folder" / "meta.json"}) {
        CAPTURE(p);
        auto cloud = readSplatCloud(p.string());
        REQUIRE_MESSAGE(cloud.ok(), sw::test::errorText(cloud));
        checkSame(inFileAxes(*cloud), f.expected);
    }
}

TEST_CASE("SOG: a cancelled read returns Cancelled") {
    const sw::test::SogFixture f;
    const fs::path dir = sw::test::outputDir("sog_cancel");
    f.writeFolder(dir);
    auto token = std::make_shared<sw::CancelToken>();
    token->cancel();
    auto cloud = readSog(dir.string(), sw::Progress([](double, std::string_view) {}, token));
    REQUIRE_FALSE(cloud.ok());
    CHECK(cloud.error().code == sw::ErrorCode::Cancelled);
}

TEST_CASE("SOG bad input: one-line errors naming the file") {
    const fs::path dir = sw::test::outputDir("sog_bad");
    sw::test::SogFixture f;
    SUBCASE("a truncated bundle") {
        auto bytes = f.bundle();
        bytes.resize(bytes.size() / 2);
        sw::test::writeBytes(dir / "cut.sog", bytes);
        checkError(readSog((dir / "cut.sog").string()), "cut.sog", "ZIP");
    }
    SUBCASE("an entry damaged inside the bundle (CRC-32)") {
        auto bytes = f.bundle();
        bytes[100] ^= 0x55;
        sw::test::writeBytes(dir / "damaged.sog", bytes);
        checkError(readSog((dir / "damaged.sog").string()), "damaged.sog:", "");
    }
    SUBCASE("a corrupt WebP") {
        f.files["quats.webp"].resize(f.files["quats.webp"].size() / 2);
        f.writeFolder(dir / "corrupt");
        checkError(readSog((dir / "corrupt").string()), "quats.webp", "WebP");
        f.files["quats.webp"] = sw::test::SogFixture().files["quats.webp"];
        f.files["scales.webp"] = {'R', 'I', 'F', 'F', 1, 0, 0, 0, 'W', 'E', 'B', 'P'};
        f.writeFolder(dir / "corrupt");
        checkError(readSog((dir / "corrupt").string()), "scales.webp", "WebP");
    }
    SUBCASE("meta.json with wrong types") {
        f.meta["count"] = "many";
        f.writeFolder(dir / "types");
        checkError(readSog((dir / "types").string()), "meta.json", "'count' must be a positive integer");
        f.meta["count"] = 5;
        f.meta["means"]["mins"] = {0, "x", 1};
        f.writeFolder(dir / "types");
        checkError(readSog((dir / "types").string()), "meta.json", "'means.mins' must be an array of 3");
        f.meta["means"]["mins"] = {0, 0, 0};
        f.meta["scales"]["codebook"] = {1, 2, 3};
        f.writeFolder(dir / "types");
        checkError(readSog((dir / "types").string()), "meta.json", "'scales.codebook' must be an array of 256 numbers");
        f.meta = "not an object";
        f.writeFolder(dir / "types");
        checkError(readSog((dir / "types").string()), "meta.json", "not a JSON object");
    }
    SUBCASE("a missing image") {
        f.writeFolder(dir / "missing");
        fs::remove(dir / "missing" / "sh0.webp");
        checkError(readSog((dir / "missing").string()), "sh0.webp", "");
        auto bundle = f.withMeta();
        bundle.erase("shN_labels.webp");
        sw::test::writeBytes(dir / "missing.sog", sw::test::storedZip(bundle));
        checkError(readSog((dir / "missing.sog").string()), "missing.sog:shN_labels.webp", "not found");
    }
    SUBCASE("an image too small for the count") {
        f.meta["count"] = 9;
        f.writeFolder(dir / "small");
        checkError(readSog((dir / "small").string()), "means_l.webp", "holds 8 splats but meta.json says 9");
    }
    SUBCASE("a newer version") {
        f.meta["version"] = 3;
        f.writeFolder(dir / "newer");
        auto r = readSog((dir / "newer").string());
        checkError(r, "meta.json", "SOG version 3 is newer than this reader");
        CHECK(r.error().code == sw::ErrorCode::Unsupported);
    }
    SUBCASE("an image named outside the folder") {
        f.meta["quats"]["files"] = {"../quats.webp"};
        f.writeFolder(dir / "outside");
        checkError(readSog((dir / "outside").string()), "quats.webp", "outside its folder");
    }
}

namespace {

// The compressed PLY of two splats in one chunk, with SH band 1 (9 uchar f_rest).
std::vector<std::uint8_t> compressedPly(std::uint32_t position, std::uint32_t rotation, std::uint32_t scale, std::uint32_t colour) {
    std::string h = "ply\nformat binary_little_endian 1.0\nelement chunk 1\n";
    for (const char* p : {"min_x", "min_y", "min_z", "max_x", "max_y", "max_z", "min_scale_x", "min_scale_y", "min_scale_z",
                          "max_scale_x", "max_scale_y", "max_scale_z", "min_r", "min_g", "min_b", "max_r", "max_g", "max_b"})
        h += std::string("property float ") + p + "\n";
    h += "element vertex 2\nproperty uint packed_position\nproperty uint packed_rotation\nproperty uint packed_scale\n"
         "property uint packed_color\nelement sh 2\n";
    for (int j = 0; j < 9; ++j) h += "property uchar f_rest_" + std::to_string(j) + "\n";
    h += "end_header\n";
    std::vector<std::uint8_t> b(h.begin(), h.end());
    auto put = [&](auto v) {
        const auto* p = reinterpret_cast<const std::uint8_t*>(&v);
        b.insert(b.end(), p, p + sizeof(v));
    };
    for (float v : {0.f, -1.f, 2.f, 2.f, 3.f, 6.f, -5.f, -4.f, -3.f, -1.f, 0.f, 1.f, 0.f, 0.2f, 0.f, 1.f, 0.6f, 1.f}) put(v);
    for (int s = 0; s < 2; ++s)
        for (std::uint32_t v : {position, rotation, scale, colour}) put(s == 0 ? v : 0u);
    for (int s = 0; s < 2; ++s)
        for (int j = 0; j < 9; ++j) b.push_back(s == 0 ? std::uint8_t(j * 31) : 128);
    return b;
}

}  // namespace

TEST_CASE("compressed PLY: the packed fields decode by the format's formulas, SH kept; truncated is an error") {
    const std::uint32_t position = (2047u << 21) | (300u << 11) | 1000u;
    const std::uint32_t rotation = (2u << 30) | (700u << 20) | (400u << 10) | 512u;  // y largest
    const std::uint32_t scale = (1023u << 21) | (0u << 11) | 2047u;
    const std::uint32_t colour = 0xff8040c0u;
    const auto bytes = compressedPly(position, rotation, scale, colour);
    auto cloud = decodePly(bytes, "c.compressed.ply");
    REQUIRE_MESSAGE(cloud.ok(), sw::test::errorText(cloud));
    const SplatCloud c = inFileAxes(*cloud);
    REQUIRE(c.size() == 2);
    REQUIRE(c.shDegree == 1);
    CHECK((c.positions[0] - Eigen::Vector3f(2.f, -1.f + 4.f * 300.f / 1023.f, 2.f + 4.f * 1000.f / 2047.f)).norm() < 1e-5f);
    CHECK((c.scales[0] - Eigen::Vector3f(std::exp(-5.f + 4.f * 1023.f / 2047.f), std::exp(-4.f), std::exp(1.f))).norm() < 1e-5f);
    CHECK((c.colors[0] - Eigen::Vector3f(1.f, 0.2f + 0.4f * 128.f / 255.f, 64.f / 255.f)).norm() < 1e-5f);
    CHECK(c.opacities[0] == doctest::Approx(192.0 / 255.0));
    const float a = (700.f / 1023.f - 0.5f) * std::sqrt(2.f), b = (400.f / 1023.f - 0.5f) * std::sqrt(2.f),
                d = (512.f / 1023.f - 0.5f) * std::sqrt(2.f);
    const Eigen::Vector4f q(a, b, std::sqrt(1.f - a * a - b * b - d * d), d);  // (w, x, y, z), y rebuilt
    CHECK(std::fabs(c.rotations[0].dot(q.normalized())) > 1.f - 1e-6f);
    for (int ch = 0; ch < 3; ++ch)
        for (int j = 0; j < 3; ++j) {
            const int q8 = (ch * 3 + j) * 31;  // channel-major f_rest
            const float t = q8 == 0 ? 0.f : q8 == 255 ? 1.f : (float(q8) + 0.5f) / 256.f;
            CHECK(c.shRest[std::size_t(j * 3 + ch)] == doctest::Approx((t - 0.5f) * 8.f).epsilon(1e-5));
        }
    auto cut = bytes;
    cut.resize(cut.size() - 5);
    checkError(decodePly(cut, "cut.compressed.ply"), "cut.compressed.ply", "truncated");
}

namespace {

// Two SOG files and a manifest of two levels over two leaves: level 0 is the fixture's five
// splats (3 + 2), level 1 one splat of file 1 per leaf.
nlohmann::json writeStreamed(const fs::path& dir, const sw::test::SogFixture& f) {
    fs::remove_all(dir);
    f.writeFolder(dir / "0_0");
    f.writeFolder(dir / "1_0");
    nlohmann::json m = {
        {"lodLevels", 2},
        {"environment", nullptr},
        {"filenames", {"0_0/meta.json", "1_0/meta.json"}},
        {"tree",
         {{"bound", {{"min", {-1, -1, -1}}, {"max", {1, 1, 1}}}},
          {"children",
           {{{"bound", {{"min", {-1, -1, -1}}, {"max", {0, 1, 1}}}},
             {"lods", {{"0", {{"file", 0}, {"offset", 0}, {"count", 3}}}, {"1", {{"file", 1}, {"offset", 0}, {"count", 1}}}}}},
            {{"bound", {{"min", {0, -1, -1}}, {"max", {1, 1, 1}}}},
             {"lods", {{"0", {{"file", 0}, {"offset", 3}, {"count", 2}}}, {"1", {{"file", 1}, {"offset", 4}, {"count", 1}}}}}}}}}}};
    return m;
}

void writeManifest(const fs::path& dir, const nlohmann::json& m) {
    const std::string text = m.dump();
    sw::test::writeBytes(dir / "lod-meta.json", std::vector<std::uint8_t>(text.begin(), text.end()));
}

}  // namespace

TEST_CASE("Streamed SOG: the unversioned and the version-1 manifest, one chunk and a whole level") {
    const sw::test::SogFixture f;
    const fs::path dir = sw::test::outputDir("streamed_sog");
    nlohmann::json m = writeStreamed(dir, f);
    for (int version : {0, 1}) {
        CAPTURE(version);
        if (version == 1) {
            m["version"] = 1;
            m["count"] = 7;
            m["counts"] = {5, 2};
        }
        writeManifest(dir, m);
        auto manifest = readStreamedSogManifest(dir.string());
        REQUIRE_MESSAGE(manifest.ok(), sw::test::errorText(manifest));
        CHECK(manifest->version == version);
        CHECK(manifest->lodLevels == 2);
        CHECK(manifest->levelCounts == std::vector<std::uint64_t>{5, 2});
        REQUIRE(manifest->chunkNodes() == std::vector<int>{1, 2});
        CHECK(manifest->nodes[2].boundMin == Eigen::Vector3f(0, -1, -1));

        auto finest = readStreamedSogLevel(*manifest, 0);
        REQUIRE_MESSAGE(finest.ok(), sw::test::errorText(finest));
        checkSame(inFileAxes(*finest), f.expected);
        auto chunk = readStreamedSogChunk(*manifest, 2, 0);
        REQUIRE_MESSAGE(chunk.ok(), sw::test::errorText(chunk));
        REQUIRE(chunk->size() == 2);
        CHECK(chunk->positions[0] == finest->positions[3]);
        CHECK(chunk->positions[1] == finest->positions[4]);
        auto coarse = readStreamedSogLevel(*manifest, 1);
        REQUIRE_MESSAGE(coarse.ok(), sw::test::errorText(coarse));
        REQUIRE(coarse->size() == 2);
        CHECK(coarse->positions[1] == finest->positions[4]);
        auto whole = readSplatCloud((dir / "lod-meta.json").string());  // the finest level
        REQUIRE(whole.ok());
        CHECK(whole->size() == 5);
    }
}

TEST_CASE("Streamed SOG bad manifests: one-line errors naming the manifest and the file") {
    const sw::test::SogFixture f;
    const fs::path dir = sw::test::outputDir("streamed_sog_bad");
    nlohmann::json m = writeStreamed(dir, f);
    const std::string manifest = (dir / "lod-meta.json").string();
    SUBCASE("a path outside its folder") {
        m["filenames"][1] = "../x/meta.json";
        writeManifest(dir, m);
        auto r = readStreamedSogManifest(manifest);
        checkError(r, "lod-meta.json", "names '../x/meta.json', outside the manifest's folder");
        m["filenames"][1] = (dir / "1_0" / "meta.json").string();  // absolute, even when inside
        writeManifest(dir, m);
        checkError(readStreamedSogManifest(manifest), "lod-meta.json", "outside the manifest's folder");
    }
    SUBCASE("a link leaving the folder") {
        const fs::path elsewhere = dir.parent_path() / "streamed_sog_bad_elsewhere";
        f.writeFolder(elsewhere);
        fs::create_directory_symlink(elsewhere, dir / "link");
        m["filenames"][1] = "link/meta.json";
        writeManifest(dir, m);
        checkError(readStreamedSogManifest(manifest), "lod-meta.json", "outside the manifest's folder");
        fs::remove_all(elsewhere);
    }
    SUBCASE("a missing file") {
        fs::remove_all(dir / "1_0");
        writeManifest(dir, m);
        checkError(readStreamedSogManifest(manifest), "lod-meta.json", "names '1_0/meta.json', which is missing");
    }
    SUBCASE("a higher major version") {
        m["version"] = 2;
        writeManifest(dir, m);
        auto r = readStreamedSogManifest(manifest);
        checkError(r, "lod-meta.json", "version 2 is newer than this reader");
        CHECK(r.error().code == sw::ErrorCode::Unsupported);
    }
    SUBCASE("wrong types, a file index out of range, counts that disagree") {
        m["lodLevels"] = "2";
        writeManifest(dir, m);
        checkError(readStreamedSogManifest(manifest), "lod-meta.json", "'lodLevels' must be");
        m["lodLevels"] = 2;
        m["tree"]["children"][0]["lods"]["0"]["file"] = 7;
        writeManifest(dir, m);
        checkError(readStreamedSogManifest(manifest), "lod-meta.json", "names file 7 of 2");
        m["tree"]["children"][0]["lods"]["0"]["file"] = 0;
        m["counts"] = {5, 3};
        writeManifest(dir, m);
        checkError(readStreamedSogManifest(manifest), "lod-meta.json", "'counts' says 3 splats at level 1");
    }
    SUBCASE("a run past its file's splats") {
        m["tree"]["children"][1]["lods"]["0"]["offset"] = 4;
        writeManifest(dir, m);
        auto parsed = readStreamedSogManifest(manifest);
        REQUIRE(parsed.ok());
        checkError(readStreamedSogLevel(*parsed, 0), "0_0", "asks for splats 4..6 of a file holding 5");
    }
}

TEST_CASE("SOG bundles and compressed PLYs with random bytes changed or cut read or fail, never crash") {
    const sw::test::SogFixture f;
    const fs::path dir = sw::test::outputDir("sog_mutated");
    const auto bundle = f.bundle();
    const auto ply = compressedPly(0x12345678u, 0x9abcdef0u, 0x0fedcba9u, 0x87654321u);
    std::mt19937 rng(36);
    int failed = 0;
    for (int round = 0; round < 300; ++round) {
        auto bytes = round % 2 ? bundle : ply;
        const int flips = 1 + int(rng() % 8);
        for (int k = 0; k < flips; ++k) bytes[rng() % bytes.size()] = std::uint8_t(rng());
        if (round % 5 == 0) bytes.resize(rng() % bytes.size());
        if (round % 2) {
            sw::test::writeBytes(dir / "m.sog", bytes);
            auto r = readSog((dir / "m.sog").string());
            failed += !r.ok();
            if (!r.ok()) CHECK(r.error().toString().find('\n') == std::string::npos);
        } else {
            auto r = decodePly(bytes, "m.compressed.ply");
            failed += !r.ok();
        }
    }
    CHECK(failed > 0);
}
