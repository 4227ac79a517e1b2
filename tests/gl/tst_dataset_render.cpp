// Dataset rendering on the demo drone: golden images for each lighting recipe, coverage alpha,
// and the whole stage writing a NeRF-synthetic folder atomically.
#include <doctest/doctest.h>

#include <filesystem>

#include "core/dataset/dataset_stage.h"
#include "core/dataset/gl_view_renderer.h"
#include "core/dataset/transforms.h"
#include "core/demo/demo_drone.h"
#include "core/geometry/gltf_writer.h"
#include "core/geometry/import.h"
#include "core/render/headless_context.h"
#include "tests/gl/golden.h"
#include "tests/support/test_support.h"

namespace fs = std::filesystem;
using namespace sw::dataset;

namespace {

constexpr double kPi = 3.14159265358979323846;

// The demo drone as the editor sees it: written as GLB and imported (winding repaired).
const sw::geometry::Mesh& importedDemo() {
    static const sw::geometry::Mesh mesh = [] {
        auto drone = sw::demo::generateDemoDrone(sw::demo::DemoSettings{});
        REQUIRE(drone.ok());
        const std::string path = sw::test::outputDir("dataset_render") + "/demo.glb";
        REQUIRE(sw::geometry::writeGlb(drone->mesh, path).ok());
        auto imported = sw::geometry::importModel(path);
        REQUIRE(imported.ok());
        return imported->mesh;
    }();
    return mesh;
}

sw::render::HeadlessContext& context() {
    static auto ctx = sw::render::HeadlessContext::create();
    if (!ctx) {
        MESSAGE("no headless GL: " << ctx.error().toString());
        std::exit(77);
    }
    return **ctx;
}

sw::Rgba8Image renderRecipe(Recipe recipe, const CameraPose& pose, int size) {
    LightingSettings lighting;
    lighting.recipe = recipe;
    lighting.aoRays = 32;
    auto lit = prepareLighting(importedDemo(), lighting);
    REQUIRE(lit.ok());
    auto renderer = GlViewRenderer::create(context().loader(), 4);
    REQUIRE(renderer.ok());
    REQUIRE((*renderer)->setScene(*lit, lighting).ok());
    const Intrinsics k = intrinsicsFromFovX(39.5978 * kPi / 180.0, size, size);
    auto image = (*renderer)->render(pose, k);
    REQUIRE(image.ok());
    return *image;
}

double meanRgb(const sw::Rgba8Image& img) {
    double sum = 0;
    long n = 0;
    for (std::size_t i = 0; i < img.rgba.size(); i += 4)
        if (img.rgba[i + 3] == 255) sum += img.rgba[i] + img.rgba[i + 1] + img.rgba[i + 2], ++n;
    return n ? sum / (3.0 * n) : 0.0;
}

}  // namespace

TEST_CASE("golden images of the three lighting recipes on the demo drone") {
    const CameraPose pose = orbitPose(32.0, 35.0, 3.2);
    for (Recipe r : {Recipe::Ao, Recipe::Flat, Recipe::Cel}) {
        const auto image = renderRecipe(r, pose, 192);
        const auto outcome = sw::test::compareWithGolden(std::string("dataset_demo_") + recipeName(r), image);
        CHECK_MESSAGE(outcome.passed, outcome.message);
    }
}

TEST_CASE("alpha is coverage: transparent background, opaque body, partial edges; ao darkens flat") {
    const CameraPose pose = orbitPose(20.0, 100.0, 3.2);
    const auto flat = renderRecipe(Recipe::Flat, pose, 160);
    const auto ao = renderRecipe(Recipe::Ao, pose, 160);
    long transparent = 0, opaque = 0, partial = 0;
    for (std::size_t i = 3; i < flat.rgba.size(); i += 4) {
        const int a = flat.rgba[i];
        (a == 0 ? transparent : a == 255 ? opaque : partial)++;
    }
    CHECK(flat.rgba[3] == 0);  // corner: background
    CHECK(transparent > 10000);
    CHECK(opaque > 2000);
    CHECK(partial > 50);  // MSAA coverage at the silhouette
    CHECK(meanRgb(ao) < meanRgb(flat));
    CHECK(meanRgb(ao) > 0.5 * meanRgb(flat));
}

TEST_CASE("renderDataset writes a complete NeRF-synthetic folder or nothing") {
    const std::string out = sw::test::outputDir("dataset_stage") + "/drone";
    fs::remove_all(out);
    BeltSettings belt;
    belt.trainViews = 6;
    belt.valViews = 2;
    belt.testViewsPerRing = 1;
    DatasetSettings settings;
    settings.resolution = 64;
    settings.aoRays = 8;
    auto renderer = GlViewRenderer::create(context().loader(), 2);
    REQUIRE(renderer.ok());
    auto report = renderDataset(importedDemo(), belt, settings, out, **renderer);
    REQUIRE(report.ok());
    CHECK(report->trainViews == 6);
    auto train = readTransforms(out + "/transforms_train.json");
    REQUIRE(train.ok());
    CHECK(train->frames.size() == 6);
    CHECK(train->cameraAngleX == doctest::Approx(39.5978 * kPi / 180.0));
    auto img = sw::readImageFile(train->frames[5].imagePath);
    REQUIRE(img.ok());
    CHECK(img->width == 64);
    CHECK(readTransforms(out + "/transforms_test.json")->frames.size() == 2);

    // Cancelled: the previous dataset stays, no temporary folder is left behind.
    auto token = std::make_shared<sw::CancelToken>();
    token->cancel();
    auto cancelled = renderDataset(importedDemo(), belt, settings, out, **renderer, sw::Progress({}, token));
    REQUIRE_FALSE(cancelled.ok());
    CHECK(cancelled.error().code == sw::ErrorCode::Cancelled);
    CHECK(readTransforms(out + "/transforms_train.json").ok());
    int entries = 0;
    for (const auto& e : fs::directory_iterator(fs::path(out).parent_path())) entries += e.path().filename().string().find(".tmp-") != std::string::npos;
    CHECK(entries == 0);
}

TEST_CASE("per-material HSV in the dataset settings reaches the rendered colours") {
    BeltSettings belt;
    belt.trainViews = 1;
    belt.valViews = 0;
    belt.testViewsPerRing = 0;
    DatasetSettings settings;
    settings.resolution = 48;
    settings.recipe = Recipe::Flat;
    auto renderer = GlViewRenderer::create(context().loader(), 1);
    REQUIRE(renderer.ok());
    const std::string base = sw::test::outputDir("dataset_hsv");
    fs::remove_all(base + "/plain");
    fs::remove_all(base + "/dark");
    REQUIRE(renderDataset(importedDemo(), belt, settings, base + "/plain", **renderer).ok());
    settings.materialHsv = {HsvAdjust{0.f, 1.f, 0.5f}};  // half the value of the one material
    REQUIRE(renderDataset(importedDemo(), belt, settings, base + "/dark", **renderer).ok());
    auto plain = sw::readImageFile(base + "/plain/train/r_0.png");
    auto dark = sw::readImageFile(base + "/dark/train/r_0.png");
    REQUIRE(plain.ok());
    REQUIRE(dark.ok());
    CHECK(meanRgb(*dark) == doctest::Approx(0.5 * meanRgb(*plain)).epsilon(0.08));
}

TEST_CASE("ao shading: each side of an open plate shows its own baked light, in linear light") {
    // One horizontal quad, wound to face +Z (up), front light 1 and back light 0.25, grey 0.5.
    LitMesh lit;
    sw::geometry::Mesh& m = lit.mesh;
    m.positions = {{-0.6f, -0.6f, 0.f}, {0.6f, -0.6f, 0.f}, {0.6f, 0.6f, 0.f}, {-0.6f, 0.6f, 0.f}};
    m.triangles = {{0, 1, 2}, {0, 2, 3}};
    m.faceMaterial = {0, 0};
    m.facePart = {0, 0};
    sw::geometry::Material grey;
    grey.baseColorFactor = {0.5f, 0.5f, 0.5f, 1.f};
    m.materials = {grey};
    lit.irradiance.assign(4, Eigen::Vector3f::Ones());
    lit.irradianceBack.assign(4, Eigen::Vector3f::Constant(0.25f));
    lit.skyVisibility.assign(4, 1.f);
    LightingSettings lighting;
    auto renderer = GlViewRenderer::create(context().loader(), 1);
    REQUIRE(renderer.ok());
    REQUIRE((*renderer)->setScene(lit, lighting).ok());
    const Intrinsics k = intrinsicsFromFovX(39.5978 * kPi / 180.0, 64, 64);
    auto above = (*renderer)->render(orbitPose(60.0, 20.0, 3.2), k);
    auto below = (*renderer)->render(orbitPose(-60.0, 20.0, 3.2), k);
    REQUIRE(above.ok());
    REQUIRE(below.ok());
    // Front: the albedo itself (128). Back: sRGB(0.25 · linear(0.5)) = sRGB(0.0535) ≈ 0.258 → 66.
    CHECK(meanRgb(*above) == doctest::Approx(128.0).epsilon(0.02));
    CHECK(meanRgb(*below) == doctest::Approx(66.0).epsilon(0.04));
}
