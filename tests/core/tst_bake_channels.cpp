// Baked channels (half-exact attrs), materials (recipe rules, JSON, smoothing).
#include <doctest/doctest.h>

#include <random>

#include "core/bake/channels.h"
#include "core/bake/materials.h"
#include "core/bake/surface_sample.h"
#include "core/formats/half.h"
#include "core/foundation/file_io.h"
#include "tests/core/tst_bake_fixtures.h"
#include "tests/support/test_support.h"

using namespace sw;

namespace {

// Each splat's nearest surface point, face and face normal, and its first two axes (the
// per-splat inputs of computeChannels).
struct OnSurface {
    std::vector<Eigen::Vector3f> normals, surface, ax0, ax1;
    std::vector<int> faces;
};

OnSurface onSurface(const splat::SplatCloud& cloud, const geometry::RayQuery& query, const geometry::Mesh& mesh) {
    OnSurface on;
    for (std::size_t i = 0; i < cloud.size(); ++i) {
        const auto cp = query.closestPoint(cloud.positions[i]);
        on.normals.push_back(geometry::faceNormalArea(mesh, std::size_t(cp.face)).normalized());
        on.surface.push_back(cp.point);
        on.faces.push_back(cp.face);
        on.ax0.emplace_back(cloud.scales[i].x(), 0, 0);
        on.ax1.emplace_back(0, cloud.scales[i].y(), 0);
    }
    return on;
}

}  // namespace

TEST_CASE("quantised fractions are exact in half float") {
    for (int i = 0; i <= 1000; ++i) {
        const float v = bake::quantiseFraction(float(i) / 1000.f);
        CHECK(formats::isHalfExact(v));
        CHECK(std::abs(v - float(i) / 1000.f) <= 0.5f / 256.f + 1e-6f);
    }
    CHECK(bake::quantiseFraction(-3.f) == 0.f);
    CHECK(bake::quantiseFraction(7.f) == 1.f);
}

TEST_CASE("channels: AO, part·16 + emission, thickness and shape are half-exact and meaningful") {
    geometry::Mesh mesh;
    test::appendBox(mesh, {-0.5f, -0.5f, -0.1f}, {0.5f, 0.5f, 0.1f}, 0);  // hull: 0.2 thick
    test::appendBox(mesh, {0.6f, -0.1f, -0.1f}, {0.8f, 0.1f, 0.1f}, 1);   // gun
    mesh.partNames = {"hull", "gun"};
    mesh = test::withDefaultMaterial(mesh);
    auto q = geometry::RayQuery::build(mesh);
    REQUIRE(q.ok());
    bake::SurfaceSampleSettings ss;
    ss.count = 2000;
    ss.seed = 4;
    splat::SplatCloud cloud = bake::sampleSurface(mesh, ss);
    std::mt19937 rng(2);
    for (auto& c : cloud.colors) c = Eigen::Vector3f(0.4f, 0.4f, 0.42f);
    for (int k = 0; k < 20; ++k) cloud.colors[std::size_t(k * 50)] = Eigen::Vector3f(1.f, 0.1f, 0.05f);  // 1% accents
    const OnSurface on = onSurface(cloud, **q, mesh);
    auto r = bake::computeChannels(mesh, **q, {cloud.positions, on.normals, on.surface, on.faces, cloud.colors, on.ax0, on.ax1}, {});
    REQUIRE(r.ok());
    CHECK(r->emissive == 20);
    int plates = 0, dots = 0;
    for (std::size_t i = 0; i < cloud.size(); ++i) {
        const Eigen::Vector4f& a = r->attrs[i];
        for (int c = 0; c < 4; ++c) REQUIRE(formats::isHalfExact(a[c]));
        CHECK(a.y() == float(r->part[i] * 16 + r->emissionLevel[i]));
        CHECK(a.y() <= 255.f);
        CHECK(r->emissionLevel[i] == (i % 50 == 0 && i < 1000 ? 15 : 0));
        if (cloud.positions[i].x() > 0.61f && cloud.positions[i].x() < 0.79f) CHECK(r->part[i] == 1);
        if (std::abs(cloud.positions[i].z() - 0.1f) < 1e-5f && cloud.positions[i].head<2>().norm() < 0.3f) {
            CHECK(a.z() == 0.5f);   // 0.2 thick / 0.4 range
            CHECK(a.x() > 0.85f);   // open sky above the top face
        }
        plates += a.w() == 2.f ? 1 : 0;
        dots += a.w() == 0.f ? 1 : 0;
    }
    CHECK(plates == doctest::Approx(0.15 * 2000).epsilon(0.05));
    CHECK(dots == doctest::Approx(0.40 * 2000).epsilon(0.05));
}

// A plated model with no emission, its armour grey with red-painted plates (2 % of the splats):
// the red was rare and far from the median, so it "glowed" (58 emissive splats on such a boss),
// and the built-in recipe classed it flesh. Paint is neither: only a bright colour lights up,
// and a red as saturated as paint stays default; skin and raw flesh are still flesh, a white-hot
// light still glows.
TEST_CASE("red paint on grey armour neither glows nor is flesh; a bright light still glows") {
    geometry::Mesh mesh;
    test::appendBox(mesh, {-0.5f, -0.5f, -0.1f}, {0.5f, 0.5f, 0.1f}, 0);
    mesh.partNames = {"hull"};
    mesh = test::withDefaultMaterial(mesh);
    auto q = geometry::RayQuery::build(mesh);
    REQUIRE(q.ok());
    bake::SurfaceSampleSettings ss;
    ss.count = 2000;
    ss.seed = 5;
    splat::SplatCloud cloud = bake::sampleSurface(mesh, ss);
    const Eigen::Vector3f armour(0.45f, 0.45f, 0.47f), paint(0.62f, 0.1f, 0.08f), light(1.f, 0.95f, 0.9f);
    for (auto& c : cloud.colors) c = armour;
    for (int k = 0; k < 40; ++k) cloud.colors[std::size_t(k * 50)] = paint;  // 2 %
    const OnSurface on = onSurface(cloud, **q, mesh);
    const auto channels = [&] {
        auto r = bake::computeChannels(mesh, **q, {cloud.positions, on.normals, on.surface, on.faces, cloud.colors, on.ax0, on.ax1}, {});
        REQUIRE(r.ok());
        return *r;
    };
    CHECK(channels().emissive == 0);
    using M = formats::MaterialClass;
    const bake::MaterialRecipe recipe = bake::defaultRecipe();
    CHECK(bake::classifyColor(paint, recipe) == int(M::Default));
    CHECK(bake::classifyColor({0.85f, 0.55f, 0.45f}, recipe) == int(M::Flesh));  // skin
    CHECK(bake::classifyColor({0.7f, 0.3f, 0.28f}, recipe) == int(M::Flesh));    // raw flesh
    // A few white-hot lights among the paint: they, and only they, glow.
    for (int k = 0; k < 10; ++k) cloud.colors[std::size_t(k * 50 + 25)] = light;
    const bake::ChannelResult lit = channels();
    CHECK(lit.emissive == 10);
    for (int k = 0; k < 10; ++k) CHECK(lit.emissionLevel[std::size_t(k * 50 + 25)] > 0);
}

TEST_CASE("material recipe: first matching rule wins, else default") {
    using M = formats::MaterialClass;
    bake::MaterialRecipe recipe;
    recipe.rules = {{M::Flesh, 330, 30, 0.3f, 1, 0.2f, 1}, {M::Bone, 0, 360, 0, 0.2f, 0.6f, 1}, {M::Chitin, 0, 360, 0, 1, 0, 0.3f}};
    CHECK(bake::classifyColor({0.9f, 0.1f, 0.1f}, recipe) == int(M::Flesh));   // hue 0, wraps
    CHECK(bake::classifyColor({0.9f, 0.1f, 0.4f}, recipe) == int(M::Flesh));   // hue ≈ 339
    CHECK(bake::classifyColor({0.9f, 0.9f, 0.85f}, recipe) == int(M::Bone));
    CHECK(bake::classifyColor({0.1f, 0.1f, 0.12f}, recipe) == int(M::Chitin));
    CHECK(bake::classifyColor({0.1f, 0.8f, 0.1f}, recipe) == int(M::Default));
    const Eigen::Vector3f hsv = bake::rgbToHsv({0.f, 0.5f, 1.f});
    CHECK(hsv.x() == doctest::Approx(210.f));
    CHECK(hsv.y() == doctest::Approx(1.f));
    CHECK(hsv.z() == doctest::Approx(1.f));
}

TEST_CASE("material recipe JSON round trip and errors") {
    const std::string path = test::outputDir("bake_materials") + "/recipe.json";
    const bake::MaterialRecipe recipe = bake::defaultRecipe();
    REQUIRE(bake::saveRecipe(path, recipe).ok());
    auto back = bake::loadRecipe(path);
    REQUIRE(back.ok());
    REQUIRE(back->rules.size() == recipe.rules.size());
    for (std::size_t i = 0; i < recipe.rules.size(); ++i) {
        CHECK(back->rules[i].material == recipe.rules[i].material);
        CHECK(back->rules[i].hueMin == recipe.rules[i].hueMin);
        CHECK(back->rules[i].valMax == recipe.rules[i].valMax);
    }
    auto bad = bake::parseRecipe(R"({"rules": [{"class": "core"}, {"class": "slime"}]})", "x.json");
    REQUIRE_FALSE(bad.ok());
    CHECK(bad.error().path == "x.json");
    CHECK(bad.error().message == "rule 1: unknown class 'slime'");
    auto range = bake::parseRecipe(R"({"rules": [{"class": "bone", "value": [0.5, 2]}]})", "y.json");
    REQUIRE_FALSE(range.ok());
    CHECK(range.error().message.find("'value' outside") != std::string::npos);
}

TEST_CASE("majority smoothing removes isolated specks and keeps patches") {
    std::vector<Eigen::Vector3f> pos;
    std::vector<int> cls;
    for (int y = 0; y < 20; ++y)
        for (int x = 0; x < 20; ++x) {
            pos.emplace_back(0.01f * float(x), 0.01f * float(y), 0.f);
            cls.push_back(x < 10 ? 1 : 2);
        }
    cls[5 * 20 + 3] = 4;  // a lone speck inside the class-1 half
    const auto out = bake::smoothMaterials(pos, cls, 0.0145f, 2);
    CHECK(out[5 * 20 + 3] == 1);
    for (int y = 0; y < 20; ++y) {
        CHECK(out[std::size_t(y * 20 + 2)] == 1);
        CHECK(out[std::size_t(y * 20 + 17)] == 2);
    }
}

TEST_CASE("emission from the materials: the declared lights glow, a bright rare colour does not") {
    geometry::Mesh mesh;
    test::appendBox(mesh, {-0.5f, -0.5f, -0.1f}, {0.5f, 0.5f, 0.1f}, 0);  // hull, material 0
    test::appendBox(mesh, {0.6f, -0.1f, -0.1f}, {0.8f, 0.1f, 0.1f}, 1);   // lamp, material 1
    for (std::size_t f = 12; f < mesh.faceMaterial.size(); ++f) mesh.faceMaterial[f] = 1;
    mesh.partNames = {"hull", "lamp"};
    mesh.materials.resize(2);
    mesh.materials[1].emissive = {0.2f, 0.6f, 3.f};  // strength 3: full level
    auto q = geometry::RayQuery::build(mesh);
    REQUIRE(q.ok());
    bake::SurfaceSampleSettings ss;
    ss.count = 2000;
    ss.seed = 6;
    splat::SplatCloud cloud = bake::sampleSurface(mesh, ss);
    for (auto& c : cloud.colors) c = Eigen::Vector3f(0.4f, 0.4f, 0.42f);
    for (int k = 0; k < 20; ++k) cloud.colors[std::size_t(k * 50)] = Eigen::Vector3f(1.f, 0.95f, 0.9f);  // white decals
    const OnSurface on = onSurface(cloud, **q, mesh);
    auto run = [&](bake::EmissionSource source) {
        bake::ChannelSettings s;
        s.emissionSource = source;
        auto r = bake::computeChannels(mesh, **q, {cloud.positions, on.normals, on.surface, on.faces, cloud.colors, on.ax0, on.ax1}, s);
        REQUIRE(r.ok());
        return *r;
    };
    const bake::ChannelResult automatic = run(bake::EmissionSource::Auto);
    CHECK(automatic.emissionFrom == bake::EmissionSource::Materials);
    int onLamp = 0;
    for (std::size_t i = 0; i < cloud.size(); ++i) {
        const bool lamp = mesh.faceMaterial[std::size_t(on.faces[i])] == 1;
        onLamp += lamp;
        CHECK(automatic.emissionLevel[i] == (lamp ? 15 : 0));
    }
    CHECK(onLamp > 0);
    CHECK(automatic.emissive == onLamp);
    CHECK(std::string(bake::emissionSourceText(automatic.emissionFrom)) == "emissive materials");
    // Rarity on request: the decals glow and the lamp's grey does not.
    const bake::ChannelResult rarity = run(bake::EmissionSource::Rarity);
    CHECK(rarity.emissionFrom == bake::EmissionSource::Rarity);
    CHECK(rarity.emissive == 20);
    CHECK(run(bake::EmissionSource::Off).emissive == 0);
    // A model that declares no emission: auto falls back to rarity, "materials" lights nothing.
    mesh.materials[1].emissive = {0.f, 0.f, 0.f};
    CHECK(run(bake::EmissionSource::Auto).emissionFrom == bake::EmissionSource::Rarity);
    CHECK(run(bake::EmissionSource::Materials).emissive == 0);
}

TEST_CASE("emission map: only the texels that emit light their splats, level by linear brightness") {
    geometry::Mesh mesh;  // a unit quad in z = 0, u along x, v along y
    mesh.positions = {{0, 0, 0}, {1, 0, 0}, {1, 1, 0}, {0, 1, 0}};
    mesh.uvs = {{0, 0}, {1, 0}, {1, 1}, {0, 1}};
    mesh.triangles = {{0, 1, 2}, {0, 2, 3}};
    mesh.faceMaterial = {0, 0};
    mesh.facePart = {0, 0};
    mesh.partNames = {"hull"};
    mesh.materials.resize(1);
    mesh.materials[0].emissive = {1.f, 1.f, 1.f};
    mesh.materials[0].emissiveTexture = 0;
    // 4 × 1 texels: black, black, sRGB 188 (linear 0.5), white.
    geometry::Image map{"emission", 4, 1, {0, 0, 0, 255, 0, 0, 0, 255, 188, 188, 188, 255, 255, 255, 255, 255}};
    mesh.textures.push_back(map);
    auto q = geometry::RayQuery::build(mesh);
    REQUIRE(q.ok());
    const std::vector<Eigen::Vector3f> pos = {{0.1f, 0.5f, 0.01f}, {0.375f, 0.5f, 0.01f}, {0.625f, 0.5f, 0.01f}, {0.875f, 0.5f, 0.01f}};
    std::vector<Eigen::Vector3f> nrm(4, Eigen::Vector3f::UnitZ()), surf, col(4, Eigen::Vector3f::Constant(0.5f));
    std::vector<Eigen::Vector3f> ax0(4, Eigen::Vector3f(0.01f, 0, 0)), ax1(4, Eigen::Vector3f(0, 0.01f, 0));
    std::vector<int> faces;
    for (const auto& p : pos) {
        const auto cp = (*q)->closestPoint(p);
        surf.push_back(cp.point);
        faces.push_back(cp.face);
    }
    auto r = bake::computeChannels(mesh, **q, {pos, nrm, surf, faces, col, ax0, ax1}, {});
    REQUIRE(r.ok());
    CHECK(r->emissionLevel[0] == 0);
    CHECK(r->emissionLevel[1] == 0);
    CHECK(r->emissionLevel[2] == 8);  // round(15 × 0.5)
    CHECK(r->emissionLevel[3] == 15);
    CHECK(r->emissive == 2);
}
