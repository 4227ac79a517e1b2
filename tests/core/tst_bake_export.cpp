// The whole bake on a sampled model, and the atomic export of its files.
#include <doctest/doctest.h>

#include <algorithm>
#include <filesystem>

#include "core/bake/bake.h"
#include "core/bake/export.h"
#include "core/destruct/weapon_profile.h"
#include "core/bake/surface_sample.h"
#include "core/formats/half.h"
#include "core/formats/ply.h"
#include "core/formats/spl2.h"
#include "core/foundation/file_io.h"
#include "core/foundation/output_folder.h"
#include "tests/core/tst_bake_fixtures.h"
#include "tests/support/test_support.h"

using namespace sw;
namespace fs = std::filesystem;

namespace {

geometry::Mesh droneLikeMesh() {
    geometry::Mesh mesh;
    test::appendSphere(mesh, {0, 0, 0}, 0.45f, 0);
    test::appendBox(mesh, {0.5f, -0.5f, -0.05f}, {0.6f, 0.1f, 0.05f}, 1);
    test::appendBox(mesh, {-0.3f, 0.4f, -0.15f}, {0.3f, 0.7f, 0.15f}, 2);
    mesh.partNames = {"hull", "gun_left", "engine"};
    return test::withDefaultMaterial(mesh);
}

splat::SplatCloud droneCloud(const geometry::Mesh& mesh) {
    bake::SurfaceSampleSettings s;
    s.count = 3000;
    s.seed = 8;
    s.normalJitter = 0.006f;
    splat::SplatCloud cloud = bake::sampleSurface(mesh, s);
    const std::size_t n = cloud.size();
    cloud.resize(n + 1);
    cloud.positions[n] = {0, 0, 0.9f};  // a far floater
    return cloud;
}

}  // namespace

TEST_CASE("bakeModel assembles a valid SPL2 with chunks, orders and a consistent report") {
    const geometry::Mesh mesh = droneLikeMesh();
    const splat::SplatCloud cloud = droneCloud(mesh);
    auto baked = bake::bakeModel(cloud, mesh, nullptr, {});
    REQUIRE(baked.ok());
    const bake::BakeReport& r = baked->report;
    const formats::Spl2Model& m = baked->spl2;
    CHECK(r.input == 3001);
    CHECK(r.floaters.far == 1);
    CHECK(r.floaters.removed == 1);
    CHECK(r.core + r.shell + std::size_t(r.bellyCulled) + std::size_t(r.floaters.removed) == r.input);
    CHECK(m.core.size() == r.core);
    CHECK(m.shell.size() == r.shell);
    CHECK(r.shell > 50);
    CHECK(r.bellyCulled > 0);
    CHECK(formats::validateSpl2(m, "test").ok());
    REQUIRE(m.chunks.has_value());
    CHECK(int(m.chunks->chunks.size()) == r.chunks);
    CHECK(r.chunks == doctest::Approx(30).epsilon(0.25));
    for (std::size_t i = 0; i < m.core.size(); ++i) {
        CHECK(m.core.opacity[i] > 0.9f);
        for (int c = 0; c < 4; ++c) REQUIRE(formats::isHalfExact(m.core.attrs[i][c]));
    }
    for (std::size_t i = 1; i < m.core.size(); ++i)  // importance order
        CHECK(m.core.opacity[i - 1] * m.core.ax0[i - 1].norm() * m.core.ax1[i - 1].norm() >=
              m.core.opacity[i] * m.core.ax0[i].norm() * m.core.ax1[i].norm());
    CHECK(baked->cloud.size() == r.core + r.shell);
    CHECK(baked->cloud.positions[r.core] == m.shell.pos[0]);
    REQUIRE(r.warnings.size() == 1);
    CHECK(r.warnings[0] == "no dataset given: floater sign 4 (dataset pass) skipped");

    splat::SplatCloud bad = cloud;
    bad.positions[7].x() = std::nanf("");
    auto nan = bake::bakeModel(bad, mesh, nullptr, {});
    REQUIRE_FALSE(nan.ok());
    CHECK(nan.error().code == ErrorCode::InvalidInput);
}

TEST_CASE("bakeModel honours cancellation") {
    const geometry::Mesh mesh = droneLikeMesh();
    auto token = std::make_shared<CancelToken>();
    token->cancel();
    double last = -1;
    const Progress progress([&](double f, std::string_view) { last = f; }, token);
    auto baked = bake::bakeModel(droneCloud(mesh), mesh, nullptr, {}, progress);
    REQUIRE_FALSE(baked.ok());
    CHECK(baked.error().code == ErrorCode::Cancelled);
    CHECK(last < 1.0);
}

TEST_CASE("bake overrides: a kept floater survives, the recipe replaces the settings' one, source maps back") {
    const geometry::Mesh mesh = droneLikeMesh();
    const splat::SplatCloud cloud = droneCloud(mesh);
    const std::size_t floater = cloud.size() - 1;
    auto scan = bake::scanFloaters(cloud, mesh, nullptr, {});
    REQUIRE(scan.ok());
    CHECK(scan->floaters.far[floater] == 1);
    CHECK(scan->distance[floater] == doctest::Approx(0.45f).epsilon(0.02));  // 0.9 above a sphere of 0.45

    bake::BakeOverrides overrides;
    overrides.keepFloaters.assign(cloud.size(), 0);
    overrides.keepFloaters[floater] = 1;
    bake::MaterialRecipe everything;  // one rule taking every colour as circuit
    everything.rules.push_back({formats::MaterialClass::Circuit});
    overrides.recipe = everything;
    auto baked = bake::bakeModel(cloud, mesh, nullptr, {}, {}, overrides);
    REQUIRE(baked.ok());
    const bake::BakeReport& r = baked->report;
    CHECK(r.floaters.far == 1);
    CHECK(r.floaters.kept == 1);
    CHECK(r.floaters.removed == 0);
    CHECK(r.materials[std::size_t(formats::MaterialClass::Circuit)] == int(r.core + r.shell));
    REQUIRE(baked->source.size() == r.core + r.shell);
    CHECK(std::count(baked->source.begin(), baked->source.end(), int(floater)) == 1);
    for (std::size_t k = 0; k < baked->source.size(); k += 97)
        CHECK(baked->cloud.positions[k] == cloud.positions[std::size_t(baked->source[k])]);

    overrides.keepFloaters.pop_back();  // wrong size: an error, not a crash
    auto bad = bake::bakeModel(cloud, mesh, nullptr, {}, {}, overrides);
    REQUIRE_FALSE(bad.ok());
    CHECK(bad.error().code == ErrorCode::InvalidInput);
}

TEST_CASE("exportModel writes all seven files atomically and reports their sizes") {
    const geometry::Mesh mesh = droneLikeMesh();
    auto baked = bake::bakeModel(droneCloud(mesh), mesh, nullptr, {});
    REQUIRE(baked.ok());
    const std::string dir = test::outputDir("bake_export");
    const std::string source = dir + "/source.bin";
    REQUIRE(writeFileAtomic(source, std::string_view("model bytes")).ok());
    bake::ExportMeta meta;
    meta.sourceModelPath = source;
    meta.normalisation.scale = 2.f;
    meta.mesh = &mesh;
    meta.bakeSettingsJson = bake::bakeSchema().toParams({}).toJson();
    const std::string out = dir + "/out";
    fs::remove_all(out);
    auto res = bake::exportModel(*baked, baked->cloud, meta, out, "drone");
    REQUIRE(res.ok());
    REQUIRE(res->files.size() == 7);  // bin, meta, json, ply, spz v3, spz v4, dropped png
    for (const auto& f : res->files) CHECK(fs::file_size(f.path) == f.bytes);
    CHECK(res->sourceHash == "fnv1a64:" + [] {
        const std::string text = "model bytes";
        char hex[17];
        std::snprintf(hex, sizeof hex, "%016llx",
                      (unsigned long long)bake::fnv1a64({reinterpret_cast<const std::uint8_t*>(text.data()), text.size()}));
        return std::string(hex);
    }());
    auto spl2 = formats::readSpl2(out + "/drone.bin");
    REQUIRE(spl2.ok());
    CHECK(spl2->core.size() == baked->spl2.core.size());
    CHECK(spl2->core.attrs == baked->spl2.core.attrs);
    CHECK(spl2->chunks.has_value());
    auto ply = formats::readPly(out + "/drone.ply");
    REQUIRE(ply.ok());
    CHECK(ply->size() == baked->cloud.size());
    auto metaText = readFileText(out + "/drone.meta.json");
    REQUIRE(metaText.ok());
    CHECK(metaText->find("\"barrel_tips\"") != std::string::npos);
    CHECK(metaText->find("\"gun_left\"") != std::string::npos);
    CHECK(metaText->find("\"engine_box\": {") != std::string::npos);
    CHECK(metaText->find("\"scale\": 2.0") != std::string::npos);
    std::size_t entries = 0;
    for (const auto& e : fs::directory_iterator(out))
        entries += e.is_regular_file() && e.path().filename() != kOutputMarker ? 1 : 0;
    CHECK(entries == 7);  // no temporary left behind
    CHECK(fs::exists(out + "/" + kOutputMarker));  // the folder says which files are ours

    // A path this program did not write (a folder squats drone2.spz) is refused before any file
    // is written, and left alone.
    fs::create_directories(out + "/drone2.spz/blocker");
    auto blocked = bake::exportModel(*baked, baked->cloud, meta, out, "drone2");
    REQUIRE_FALSE(blocked.ok());
    CHECK(blocked.error().code == ErrorCode::InvalidInput);
    CHECK(blocked.error().path == out + "/drone2.spz");
    CHECK(fs::exists(out + "/drone2.spz/blocker"));
    for (const char* ext : {".bin", ".meta.json", ".json", ".ply"}) CHECK_FALSE(fs::exists(out + "/drone2" + ext));
    std::size_t hidden = 0;
    for (const auto& e : fs::directory_iterator(out))
        hidden += e.path().filename().string().front() == '.' && e.path().filename() != kOutputMarker ? 1 : 0;
    CHECK(hidden == 0);

    auto unwritable = bake::exportModel(*baked, baked->cloud, meta, "/proc/splatwright-no", "drone");
    REQUIRE_FALSE(unwritable.ok());
    CHECK(unwritable.error().code == ErrorCode::Io);
    CHECK(unwritable.error().path == "/proc/splatwright-no");
    auto badName = bake::exportModel(*baked, baked->cloud, meta, out, "a/b");
    REQUIRE_FALSE(badName.ok());
}

// Issue 15 build 5: the project's weapon profiles are exported beside the asset, one preset file
// each (<name>.<profile>.weapon.json) that the destruction bench and the game load back.
TEST_CASE("exportModel writes the weapon profiles beside the asset; a name that cannot be a file is refused") {
    const geometry::Mesh mesh = droneLikeMesh();
    auto baked = bake::bakeModel(droneCloud(mesh), mesh, nullptr, {});
    REQUIRE(baked.ok());
    const std::string out = test::outputDir("bake_export_weapons") + "/out";
    fs::remove_all(out);
    destruct::WeaponProfile heavy = *destruct::loadProfile("railgun");
    heavy.name = "boss-railgun";
    heavy.damage = 77.f;
    bake::ExportMeta meta;
    meta.weaponProfiles = {{"cannon", destruct::profileToJson(*destruct::loadProfile("cannon"))},
                           {heavy.name, destruct::profileToJson(heavy)}};
    bake::ExportSettings settings;
    settings.writePly = settings.writeSpz = settings.writeDebugJson = settings.writeDroppedPicture = false;
    auto res = bake::exportModel(*baked, baked->cloud, meta, out, "drone", settings);
    REQUIRE(res.ok());
    CHECK(res->files.size() == 4);  // bin, meta, two profiles
    auto back = destruct::loadProfile(out + "/drone.boss-railgun.weapon.json");
    REQUIRE(back.ok());
    CHECK(destruct::profileToJson(*back) == destruct::profileToJson(heavy));
    auto cannon = destruct::loadProfile(out + "/drone.cannon.weapon.json");
    REQUIRE(cannon.ok());
    CHECK(cannon->name == "cannon");

    meta.weaponProfiles = {{"../up", "{}"}};
    auto bad = bake::exportModel(*baked, baked->cloud, meta, out, "drone2", settings);
    REQUIRE_FALSE(bad.ok());
    CHECK(bad.error().code == ErrorCode::InvalidInput);
    CHECK(bad.error().message.find("weapon profile name '../up'") != std::string::npos);
    CHECK_FALSE(fs::exists(out + "/drone2.bin"));  // nothing written
}

// Issue 16 build 5: the export reports each file it encodes and writes (fractions that only
// grow), and a cancel before the renames leaves the folder as it was: the previous export stays.
TEST_CASE("exportModel reports its files and a cancel leaves the folder as it was") {
    const geometry::Mesh mesh = droneLikeMesh();
    auto baked = bake::bakeModel(droneCloud(mesh), mesh, nullptr, {});
    REQUIRE(baked.ok());
    bake::ExportMeta meta;
    meta.mesh = &mesh;
    const std::string out = test::outputDir("bake_export_cancel") + "/out";
    fs::remove_all(out);
    std::vector<double> fractions;
    std::vector<std::string> messages;
    const Progress watched([&](double f, std::string_view m) { fractions.push_back(f), messages.emplace_back(m); });
    auto first = bake::exportModel(*baked, baked->cloud, meta, out, "drone", {}, watched);
    REQUIRE(first.ok());
    CHECK(std::is_sorted(fractions.begin(), fractions.end()));
    CHECK(fractions.back() == doctest::Approx(1.0));
    for (const char* m : {"encoding drone.bin", "encoding drone.ply", "encoding drone.v4.spz", "encoding drone.dropped.png",
                          "writing drone.bin", "writing drone.dropped.png", "exported"})
        CHECK_MESSAGE(std::find(messages.begin(), messages.end(), std::string(m)) != messages.end(), m);
    const auto listing = [&] {
        std::vector<std::pair<std::string, std::uintmax_t>> files;
        for (const auto& e : fs::directory_iterator(out)) files.emplace_back(e.path().filename().string(), e.file_size());
        std::sort(files.begin(), files.end());
        return files;
    };
    const auto before = listing();
    const auto mtime = fs::last_write_time(out + "/drone.bin");

    // A cancel while encoding, and one while writing into the staging folder: Cancelled, the
    // folder unchanged (same files, sizes and times; no staging folder left).
    bake::ExportSettings other;
    other.spzVersion = bake::SpzVersions::V3;  // another set of files, had it gone through
    for (const char* at : {"encoding drone.ply", "writing drone.json"}) {
        auto token = std::make_shared<CancelToken>();
        const Progress cancelling([&](double, std::string_view m) { if (m == at) token->cancel(); }, token);
        auto cancelled = bake::exportModel(*baked, baked->cloud, meta, out, "drone", other, cancelling);
        REQUIRE_FALSE(cancelled.ok());
        CHECK_MESSAGE(cancelled.error().code == ErrorCode::Cancelled, at);
        CHECK(cancelled.error().path == out);
        CHECK(listing() == before);
        CHECK(fs::last_write_time(out + "/drone.bin") == mtime);
    }
}

TEST_CASE("bake schema: one flag per setting, defaults from PIPELINE") {
    const ParamSchema& s = bake::bakeSchema().schema();
    CHECK(s.find("far-distance") != nullptr);
    CHECK(std::get<double>(s.find("far-distance")->defaultValue) == doctest::Approx(0.055));
    CHECK(std::get<std::int64_t>(s.find("silhouette-azimuths")->defaultValue) == 72);
    CHECK(std::get<std::int64_t>(s.find("silhouette-elevations")->defaultValue) == 5);
    CHECK(std::get<double>(s.find("core-opacity")->defaultValue) == doctest::Approx(0.9));
    CHECK(std::get<double>(s.find("belt-elevation-min")->defaultValue) == doctest::Approx(32));
    CHECK(std::get<std::int64_t>(s.find("chunk-splats")->defaultValue) == 100);
    CHECK(std::get<std::int64_t>(s.find("max-chunks")->defaultValue) == 255);
    ParamSet p(s);
    REQUIRE(p.set("far-distance", 0.08).ok());
    CHECK(bake::bakeSchema().fromParams(p).farDistance == doctest::Approx(0.08f));
}

// <name>.dropped.png had no legend: the colours present are named in the first view's
// bottom-left corner (a swatch of each, then the words), the ones absent are not.
TEST_CASE("the dropped picture names its colours in a legend") {
    geometry::Mesh mesh;
    test::appendBox(mesh, {-0.5f, -0.5f, -0.5f}, {0.5f, 0.5f, 0.5f}, 0);
    mesh = test::withDefaultMaterial(mesh);
    bake::BakedModel baked;
    using S = bake::DroppedSplat;
    baked.dropped.push_back({0, Eigen::Vector3f(0.f, -0.9f, 0.3f), S::Far, 1});
    baked.dropped.push_back({1, Eigen::Vector3f(0.f, 0.f, -0.55f), S::Belly, -1});
    const int panel = 320;
    auto img = bake::droppedPicture(mesh, baked, panel);
    REQUIRE(img.ok());
    CHECK(img->width == 3 * img->height);
    // A solid 7×7 swatch of `rgb` inside the first view's bottom-left quarter.
    const auto swatch = [&](std::uint8_t r, std::uint8_t g, std::uint8_t b) {
        const auto is = [&](int x, int y) {
            const std::uint8_t* p = &img->rgba[(std::size_t(y) * std::size_t(img->width) + std::size_t(x)) * 4];
            return p[0] == r && p[1] == g && p[2] == b;
        };
        for (int y = panel / 2; y + 7 <= panel; ++y)
            for (int x = 0; x + 7 <= panel / 2; ++x) {
                bool all = true;
                for (int dy = 0; dy < 7 && all; ++dy)
                    for (int dx = 0; dx < 7 && all; ++dx) all = is(x + dx, y + dy);
                if (all) return true;
            }
        return false;
    };
    CHECK(swatch(220, 40, 40));     // far
    CHECK(swatch(40, 80, 230));     // belly
    CHECK_FALSE(swatch(235, 200, 20));  // detached: none dropped, not listed
    long ink = 0;
    for (int y = panel / 2; y < panel; ++y)
        for (int x = 0; x < panel / 2; ++x) {
            const std::uint8_t* p = &img->rgba[(std::size_t(y) * std::size_t(img->width) + std::size_t(x)) * 4];
            ink += p[0] == 30 && p[1] == 30 && p[2] == 30;
        }
    CHECK(ink > 150);  // the words
}
