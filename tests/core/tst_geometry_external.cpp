// Import known answers on third-party models in ../shared/assets (label external).
#include <doctest/doctest.h>

#include <algorithm>
#include <array>
#include <cmath>

#include "core/foundation/file_io.h"
#include "core/geometry/detail/gltf_json.h"
#include "core/geometry/import.h"
#include "core/geometry/plain_glb.h"
#include "tests/support/test_support.h"

using sw::geometry::importModel;

TEST_CASE("FlightHelmet: six meshes, 82 islands, base colour is each set's third image") {
    sw::test::requireSharedAssets();
    auto model = importModel(sw::test::assetPath("models/FlightHelmet/FlightHelmet.gltf"));
    REQUIRE_MESSAGE(model.ok(), model.error().toString());
    const auto& r = model->report;
    CHECK(r.meshes == 6);
    CHECK(r.islands == 82);              // as SOURCES.md counts them (MetalParts alone has 50)
    CHECK(r.winding.components == 85);   // three islands touch others only at a vertex
    CHECK(r.textures.size() == 15);
    CHECK(r.materials.size() == 6);
    for (const auto& m : r.materials) {
        REQUIRE(m.baseColorTexture >= 0);
        CHECK(m.baseColorTexture % 3 == 2);  // the third image of each (Normal, ORM, BaseColor) set
        CHECK(r.textures[m.baseColorTexture].name.find("_BaseColor.png") != std::string::npos);
        CHECK(m.baseColorSource == "baseColorTexture");
    }
    CHECK(model->mesh.partNames.size() == 6);
    CHECK(model->mesh.textures.size() == 5);  // HoseMat and RubberWoodMat share one base colour
    CHECK(r.warnings.empty());
}

TEST_CASE("portal.glb: base colour is embedded image #2; node scale x100 is applied") {
    sw::test::requireSharedAssets();
    sw::geometry::ImportSettings raw;
    raw.normalise = false;
    auto model = importModel(sw::test::assetPath("models/portal.glb"), raw);
    REQUIRE_MESSAGE(model.ok(), model.error().toString());
    const auto& r = model->report;
    REQUIRE(r.materials.size() == 1);
    REQUIRE(r.textures.size() == 4);
    CHECK(r.textures[0].name == "embedded #0");
    CHECK(r.materials[0].baseColorTexture == 2);
    CHECK(r.textures[2].name == "embedded #2");
    REQUIRE(model->mesh.textures.size() == 2);  // base colour and emission map
    CHECK(model->mesh.textures[0].name == "embedded #2");
    CHECK(model->mesh.textures[0].width == r.textures[2].width);
    CHECK(r.islands == 23);
    CHECK(r.winding.components == 23);
    // The ×100 node scale makes the raw model metres-sized, not centimetre-sized.
    CHECK(sw::geometry::computeBounds(model->mesh).size().maxCoeff() > 10.f);
}

// Reference figures for jet-fighter's base colour (image 0: KTX2, BasisLZ/ETC1S, 4096², 13
// levels), measured on 2026-12-02 with Basis Universal's own transcoder (the basis_transcoder.wasm
// shipped in npm three 0.187, run under node, level 0 to RGBA32; a local check, not part of the
// repository). Our decoder matched it byte for byte on all three of the file's textures (0 of
// 3·64 Mi bytes differ); the tolerance below leaves room for nothing more than rounding.
TEST_CASE("jet-fighter.glb: Draco geometry and the KTX2/ETC1S base colour import; texels as Basis decodes them") {
    sw::test::requireSharedAssets();
    auto model = importModel(sw::test::assetPath("models/jet-fighter.glb"));
    REQUIRE_MESSAGE(model.ok(), model.error().toString());
    const auto& r = model->report;
    CHECK(r.meshes == 9);
    CHECK(r.triangles == 36446);
    REQUIRE(r.materials.size() == 4);
    CHECK(r.materials[0].name == "F-2-airframe");
    CHECK(r.materials[0].baseColorSource == "baseColorTexture");
    REQUIRE(r.textures.size() == 3);
    for (const auto& t : r.textures) CHECK((t.width == 4096 && t.height == 4096));
    REQUIRE(model->mesh.textures.size() == 1);
    const auto& img = model->mesh.textures[0];
    CHECK(img.name == "embedded #0");
    REQUIRE(img.width == 4096);
    REQUIRE(img.height == 4096);
    double mean[4] = {0, 0, 0, 0};
    for (std::size_t i = 0; i < img.rgba.size(); ++i) mean[i % 4] += img.rgba[i];
    const double texels = 4096.0 * 4096.0;
    const double reference[4] = {74.8832, 87.5107, 96.5882, 255.0};
    for (int c = 0; c < 4; ++c) {
        CAPTURE(c);
        CHECK(std::abs(mean[c] / texels - reference[c]) < 1e-3);  // the reference is rounded to 4 decimals
    }
    struct Probe { int x, y; std::array<int, 4> rgba; };
    for (const Probe& p : {Probe{0, 0, {69, 94, 110, 255}}, Probe{1234, 567, {62, 87, 104, 255}}, Probe{2048, 2048, {61, 77, 94, 255}},
                           Probe{4095, 4095, {164, 164, 156, 255}}, Probe{3001, 17, {62, 79, 95, 255}}, Probe{517, 3999, {65, 90, 106, 255}}}) {
        const std::size_t i = 4 * (std::size_t(p.y) * 4096 + std::size_t(p.x));
        CAPTURE(p.x);
        CAPTURE(p.y);
        CHECK(std::array<int, 4>{img.rgba[i], img.rgba[i + 1], img.rgba[i + 2], img.rgba[i + 3]} == p.rgba);
    }
}

TEST_CASE("jet-fighter.glb: the plain copy for Blender has no Draco or KTX2 and the same mesh and base colour") {
    sw::test::requireSharedAssets();
    const std::string source = sw::test::assetPath("models/jet-fighter.glb");
    const std::string plain = sw::test::outputDir("geometry_external") + "/jet-fighter-plain.glb";
    auto written = sw::geometry::writePlainGlb(source, plain);
    REQUIRE_MESSAGE(written.ok(), written.error().toString());
    CHECK(written->meshes == 9);
    CHECK(written->pngImages == 1);
    CHECK(written->baseColorsLinked == 1);
    auto bytes = sw::readFileBytes(plain);
    REQUIRE(bytes.ok());
    auto info = sw::geometry::detail::readGltfInfo(*bytes, plain);
    REQUIRE(info.ok());
    for (const auto& e : {"KHR_draco_mesh_compression", "KHR_texture_basisu"}) {
        CAPTURE(e);
        CHECK(std::find(info->extensionsUsed.begin(), info->extensionsUsed.end(), e) == info->extensionsUsed.end());
    }
    REQUIRE(info->images.size() == 1);
    CHECK(info->images[0].mimeType == "image/png");
    auto original = importModel(source);
    auto copy = importModel(plain);
    REQUIRE_MESSAGE(copy.ok(), copy.error().toString());
    REQUIRE(original.ok());
    CHECK(copy->report.triangles == original->report.triangles);
    CHECK((sw::geometry::computeBounds(copy->mesh).size() - sw::geometry::computeBounds(original->mesh).size()).norm() < 1e-5f);
    REQUIRE(copy->mesh.textures.size() == 1);
    CHECK(copy->mesh.textures[0].rgba == original->mesh.textures[0].rgba);  // PNG is lossless
}

TEST_CASE("Fox.glb: one skinned mesh with its embedded 1024 PNG base colour") {
    sw::test::requireSharedAssets();
    auto model = importModel(sw::test::assetPath("models/Fox.glb"));
    REQUIRE_MESSAGE(model.ok(), model.error().toString());
    const auto& r = model->report;
    CHECK(r.meshes == 1);
    REQUIRE(model->mesh.textures.size() == 1);
    CHECK(model->mesh.textures[0].name == "embedded #0");
    CHECK(model->mesh.textures[0].width == 1024);
    CHECK(model->mesh.textures[0].height == 1024);
    CHECK(sw::geometry::computeBounds(model->mesh).size().maxCoeff() == doctest::Approx(1.6));
}

TEST_CASE("pine trees: MASK needle cards, 136 card islands, small-texture warning") {
    sw::test::requireSharedAssets();
    auto pine1 = importModel(sw::test::assetPath("foliage/pine-tree-1/scene.gltf"));
    REQUIRE_MESSAGE(pine1.ok(), pine1.error().toString());
    const auto& mesh = pine1->mesh;
    REQUIRE(mesh.materials.size() == 2);
    CHECK(!mesh.materials[0].alphaMask);  // trunk is OPAQUE
    CHECK(mesh.materials[1].alphaMask);
    CHECK(mesh.materials[1].alphaCutoff == doctest::Approx(0.208).epsilon(0.001));
    CHECK(mesh.materials[1].doubleSided);
    CHECK(mesh.textures.size() == 2);
    CHECK(pine1->report.islands == 165);  // 29 trunk + 136 needle cards
    // Root matrices: Z-up → Y-up with ×0.01, so the tree is ~5.3 m tall along our +Z.
    sw::geometry::ImportSettings raw;
    raw.normalise = false;
    auto unscaled = importModel(sw::test::assetPath("foliage/pine-tree-1/scene.gltf"), raw);
    REQUIRE(unscaled.ok());
    const auto size = sw::geometry::computeBounds(unscaled->mesh).size();
    CHECK(size.z() == doctest::Approx(5.3).epsilon(0.05));
    CHECK(size.z() > size.x());

    auto pine3 = importModel(sw::test::assetPath("foliage/pine-tree-3/scene.gltf"));
    REQUIRE_MESSAGE(pine3.ok(), pine3.error().toString());
    const auto& r = pine3->report;
    CHECK(r.islands == 47);
    CHECK(r.extensionsUsed == std::vector<std::string>{"KHR_materials_specular"});
    CHECK(r.unsupportedExtensions.empty());
    REQUIRE(r.warnings.size() == 1);
    CHECK(r.warnings[0].find("128x128") != std::string::npos);
}

TEST_CASE("emission is read from the materials: jet-fighter's landing lights, portal's emission map") {
    sw::test::requireSharedAssets();
    auto jet = importModel(sw::test::assetPath("models/jet-fighter.glb"));
    REQUIRE_MESSAGE(jet.ok(), jet.error().toString());
    int emitting = 0;
    for (const auto& m : jet->mesh.materials) {
        if (!m.emits()) continue;
        ++emitting;
        CHECK(m.name == "F-2-landinglights");  // emissiveFactor [1, 1, 1] × KHR_materials_emissive_strength
        for (float c : m.emissive) CHECK(c == doctest::Approx(3.2156585f));
        CHECK(m.emissiveTexture == -1);
    }
    CHECK(emitting == 1);
    auto portal = importModel(sw::test::assetPath("models/portal.glb"));
    REQUIRE_MESSAGE(portal.ok(), portal.error().toString());
    REQUIRE(portal->mesh.materials.size() == 1);
    const auto& frame = portal->mesh.materials[0];
    CHECK(frame.emits());
    REQUIRE(frame.emissiveTexture >= 0);
    REQUIRE(std::size_t(frame.emissiveTexture) < portal->mesh.textures.size());
    CHECK(portal->mesh.textures[std::size_t(frame.emissiveTexture)].name == "embedded #0");  // texture 1 → image 0
    CHECK(portal->mesh.textures[std::size_t(frame.emissiveTexture)].width > 0);
}
