// core/foliage plants: foliage by name (never by alpha), connected plants across seams, roots,
// weights, material extras and the defaults by plant size.
#include <doctest/doctest.h>

#include "core/foliage/plant.h"
#include "tests/core/tst_foliage_fixture.h"

using namespace sw::foliage;

TEST_CASE("foliage is told by material and folder names, never by the alpha mode") {
    CHECK(isFoliageName("M_Grass_01"));
    CHECK(isFoliageName("Materials/Trees/Bark"));
    CHECK(isFoliageName("LeafCard"));
    CHECK(isFoliageName("foliage_atlas"));
    CHECK_FALSE(isFoliageName("M_Street_01"));  // "tree" inside a word does not count
    CHECK_FALSE(isFoliageName("Hull_Metal"));
    sw::geometry::Mesh cards = sw::test::makeGrassPatch(1, 1, 1.f, 1.f, "M_Metal_Grate");  // alpha MASK, not foliage
    CHECK_FALSE(detectFoliage(cards, "assets/props/grate.glb").foliage);
    const FoliageDetection byFolder = detectFoliage(cards, "assets/Trees/oak.glb");
    CHECK(byFolder.foliage);
    CHECK(byFolder.reason == "folder 'Trees'");
    cards.materials.push_back({});
    cards.materials.back().name = "M_Grass_01";
    const FoliageDetection byMaterial = detectFoliage(cards, "x.glb");
    CHECK(byMaterial.foliage);
    CHECK(byMaterial.materials == std::vector<int>{1});
    CHECK(byMaterial.reason == "material 'M_Grass_01'");
}

TEST_CASE("alpha-MASK materials take the masked variant, opaque ones the opaque") {
    sw::geometry::Material card, trunk;
    card.alphaMask = true;
    CHECK(variantFor(card) == FoliageVariant::Masked);
    CHECK(variantFor(trunk) == FoliageVariant::Opaque);
}

TEST_CASE("plants are the connected parts, seams welded; root is the lowest point") {
    auto mesh = sw::test::makeGrassPatch(3, 2, 1.f, 0.8f);
    for (auto& p : mesh.positions) p.z() += 0.25f;  // ground at z = 0.25
    auto set = analysePlants(mesh, {}, "patch");
    REQUIRE(set.ok());
    REQUIRE(set->plants.size() == 6);  // one per card, though each card's triangles share no index
    for (std::size_t v = 0; v < mesh.positions.size(); ++v) {
        const Plant& p = set->plants[static_cast<std::size_t>(set->vertexPlant[v])];
        CHECK((mesh.positions[v].head<2>() - p.root.head<2>()).norm() <= 0.1001f);
        CHECK(set->height[v] == doctest::Approx(mesh.positions[v].z() - 0.25f));
    }
    const Plant& p0 = set->plants[0];
    CHECK(p0.root.z() == doctest::Approx(0.25f));
    CHECK(p0.root.x() == doctest::Approx(-1.f));  // the middle of the card's bottom edge
    CHECK(p0.height == doctest::Approx(0.8f));
    CHECK(p0.radius == doctest::Approx(0.1f));
    CHECK(p0.material == 0);
}

TEST_CASE("main weight grows with height from 0 at the root to 1 at the top; detail with distance from the trunk") {
    CHECK(mainBendWeight(0.f) == 0.f);
    CHECK(mainBendWeight(1.f) == 1.f);
    for (float u = 0.05f; u < 1.f; u += 0.05f) CHECK(mainBendWeight(u) > mainBendWeight(u - 0.05f));
    sw::geometry::Mesh mesh;
    mesh.materials.resize(1);
    sw::test::addCard(mesh, {0, 0, 0}, 1.f, 2.f, 0, false);
    mesh.positions.push_back({0.f, 0.f, 1.f});  // a vertex on the trunk axis, half way up
    mesh.triangles.emplace_back(0, 1, 4);
    mesh.faceMaterial.push_back(0);
    auto set = analysePlants(mesh, {}, "card");
    REQUIRE(set.ok());
    CHECK(set->mainWeight[0] == 0.f);
    CHECK(set->mainWeight[2] == 1.f);
    CHECK(set->detailWeight[0] == 0.f);  // at the root
    CHECK(set->detailWeight[2] == doctest::Approx(1.f));  // top corner, farthest from the axis
    CHECK(set->detailWeight[4] == doctest::Approx(0.f));  // on the axis
}

TEST_CASE("defaults by plant size: full touch under 2 m, none by 5 m, taller plants stiffer") {
    const TouchSettings t;
    CHECK(touchResponse(0.5f, t) == 1.f);
    CHECK(touchResponse(2.f, t) == 1.f);
    CHECK(touchResponse(3.5f, t) == doctest::Approx(0.5f));
    CHECK(touchResponse(5.f, t) == 0.f);
    CHECK(defaultWindForHeight(1.f, t).stiffness == 1.f);
    CHECK(defaultWindForHeight(12.f, t).stiffness > 3.f);
    auto mesh = sw::test::makeGrassPatch(1, 1, 1.f, 8.f);
    PlantSettings s;
    s.metresPerUnit = 0.25f;  // 8 units = 2 m
    auto set = analysePlants(mesh, s, "tall");
    REQUIRE(set.ok());
    CHECK(set->plants[0].heightMetres == doctest::Approx(2.f));
    CHECK(set->plants[0].touch == 1.f);
    s.metresPerUnit = 1.f;
    auto tree = analysePlants(mesh, s, "tree");
    REQUIRE(tree.ok());
    CHECK(tree->plants[0].touch == 0.f);
    CHECK(tree->plants[0].wind.stiffness > 1.f);
}

TEST_CASE("material extras override the defaults; bad extras get one line naming the key and file") {
    auto w = windFromExtras(R"({"lecodes": {"wind": {"drag": 2, "stiffness": 3, "lean": 0.5, "shiver": 0}}})", "a.glb");
    REQUIRE(w.ok());
    REQUIRE(w->has_value());
    CHECK((*w)->drag == 2.f);
    CHECK((*w)->stiffness == 3.f);
    CHECK((*w)->shiver == 0.f);
    auto flat = windFromExtras(R"({"lecodes.wind": {"lean": 2}})", "a.glb");
    REQUIRE(flat.ok());
    CHECK((*flat)->lean == 2.f);
    CHECK((*flat)->drag == 1.f);
    auto none = windFromExtras(R"({"author": "x"})", "a.glb");
    REQUIRE(none.ok());
    CHECK_FALSE(none->has_value());
    auto bad = windFromExtras(R"({"lecodes": {"wind": {"drag": "big"}}})", "a.glb");
    REQUIRE_FALSE(bad.ok());
    CHECK(bad.error().toString() == "a.glb: extras lecodes.wind.drag: expected a number, got string");
    CHECK_FALSE(windFromExtras(R"({"lecodes": {"wind": {"stiffness": 0}}})", "a.glb").ok());
    CHECK_FALSE(windFromExtras(R"({"lecodes": {"wind": {"mass": 1}}})", "a.glb").ok());
    CHECK_FALSE(windFromExtras(R"({"lecodes": {"wind": {"lean": -1}}})", "a.glb").ok());

    auto mesh = sw::test::makeGrassPatch(2, 1, 1.f, 1.f);
    PlantSettings s;
    s.materialWind = {**w};
    auto set = analysePlants(mesh, s, "patch");
    REQUIRE(set.ok());
    CHECK(set->plants[1].wind.stiffness == 3.f);
}

TEST_CASE("bad meshes are refused naming the asset") {
    sw::geometry::Mesh empty;
    auto r = analysePlants(empty, {}, "empty.glb");
    REQUIRE_FALSE(r.ok());
    CHECK(r.error().toString().find("empty.glb") == 0);
    auto mesh = sw::test::makeGrassPatch(1, 1, 1.f, 1.f);
    mesh.positions[2].z() = std::nanf("");
    CHECK_FALSE(analysePlants(mesh, {}, "nan.glb").ok());
}

TEST_CASE("a splat asset is one plant rooted at its lowest point") {
    const auto cloud = sw::test::makeSplatPlant(50, 1.5f);
    auto set = plantFromPoints(cloud.positions, {}, "pine.ply");
    REQUIRE(set.ok());
    REQUIRE(set->plants.size() == 1);
    CHECK(set->plants[0].root.z() == 0.f);
    CHECK(set->plants[0].height == doctest::Approx(1.5f));
    CHECK(set->mainWeight.back() == 1.f);
}
