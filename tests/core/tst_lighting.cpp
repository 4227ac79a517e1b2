// Lighting recipes: edge refinement, baked sky visibility, HSV adjust, cel bands.
#include <doctest/doctest.h>

#include "core/dataset/lighting.h"

using namespace sw::dataset;
using sw::geometry::Mesh;
using Eigen::Vector3f;

namespace {

void addQuad(Mesh& m, Vector3f a, Vector3f b, Vector3f c, Vector3f d) {
    const int base = static_cast<int>(m.positions.size());
    m.positions.insert(m.positions.end(), {a, b, c, d});
    m.triangles.push_back({base, base + 1, base + 2});
    m.triangles.push_back({base, base + 2, base + 3});
    m.faceMaterial.insert(m.faceMaterial.end(), {0, 0});
    m.facePart.insert(m.facePart.end(), {0, 0});
}

double area(const Mesh& m) {
    double a = 0;
    for (std::size_t f = 0; f < m.triangles.size(); ++f) a += 0.5 * sw::geometry::faceNormalArea(m, f).norm();
    return a;
}

// A floor with a deep box-shaped well in its middle (floor of the well at z = −1).
Mesh floorWithWell() {
    Mesh m;
    addQuad(m, {-1, -1, 0}, {1, -1, 0}, {1, -0.2f, 0}, {-1, -0.2f, 0});   // open floor (front strip)
    addQuad(m, {-0.2f, -0.2f, -1}, {0.2f, -0.2f, -1}, {0.2f, 0.2f, -1}, {-0.2f, 0.2f, -1});  // well bottom
    addQuad(m, {-0.2f, -0.2f, -1}, {-0.2f, 0.2f, -1}, {-0.2f, 0.2f, 0}, {-0.2f, -0.2f, 0});  // walls, facing in
    addQuad(m, {0.2f, -0.2f, -1}, {0.2f, -0.2f, 0}, {0.2f, 0.2f, 0}, {0.2f, 0.2f, -1});
    addQuad(m, {-0.2f, -0.2f, -1}, {-0.2f, -0.2f, 0}, {0.2f, -0.2f, 0}, {0.2f, -0.2f, -1});
    addQuad(m, {-0.2f, 0.2f, -1}, {0.2f, 0.2f, -1}, {0.2f, 0.2f, 0}, {-0.2f, 0.2f, 0});
    return m;
}

}  // namespace

TEST_CASE("refineLongEdges bounds every edge, keeps area and attributes aligned") {
    Mesh m;
    addQuad(m, {0, 0, 0}, {1, 0, 0}, {1, 1, 0}, {0, 1, 0});
    m.uvs = {{0, 0}, {1, 0}, {1, 1}, {0, 1}};
    const Mesh r = refineLongEdges(m, 0.2f);
    CHECK(r.triangles.size() > 50);
    CHECK(area(r) == doctest::Approx(1.0).epsilon(1e-5));
    CHECK(r.uvs.size() == r.positions.size());
    CHECK(r.faceMaterial.size() == r.triangles.size());
    for (const auto& t : r.triangles)
        for (int e = 0; e < 3; ++e) CHECK((r.positions[t[e]] - r.positions[t[(e + 1) % 3]]).norm() <= 0.2f + 1e-6f);
    for (std::size_t v = 0; v < r.positions.size(); ++v)  // uv = xy on this quad
        CHECK((r.uvs[v] - r.positions[v].head<2>()).norm() < 1e-6f);
}

TEST_CASE("ao recipe: a well bottom is darker than the open floor; flat recipe is all ones") {
    const Mesh m = floorWithWell();
    LightingSettings s;
    s.aoRays = 128;
    s.aoMaxEdge = 0.1f;
    auto lit = prepareLighting(m, s);
    REQUIRE(lit.ok());
    REQUIRE(lit->skyVisibility.size() == lit->mesh.positions.size());
    double floorVis = 0, wellVis = 0;
    int floorN = 0, wellN = 0;
    for (std::size_t v = 0; v < lit->mesh.positions.size(); ++v) {
        const Vector3f& p = lit->mesh.positions[v];
        if (p.z() == 0.f && p.y() < -0.5f) floorVis += lit->skyVisibility[v], ++floorN;
        if (p.z() == -1.f && std::abs(p.x()) < 0.1f && std::abs(p.y()) < 0.1f) wellVis += lit->skyVisibility[v], ++wellN;
    }
    REQUIRE(floorN > 0);
    REQUIRE(wellN > 0);
    CHECK(floorVis / floorN > 0.95);
    CHECK(wellVis / wellN < 0.35);
    s.recipe = Recipe::Flat;
    auto flat = prepareLighting(m, s);
    REQUIRE(flat.ok());
    for (float v : flat->skyVisibility) CHECK(v == 1.f);
    CHECK_FALSE(prepareLighting(Mesh{}, s).ok());
}

TEST_CASE("HSV adjust: identity, hue rotation, saturation and value scaling") {
    const Vector3f c(0.8f, 0.3f, 0.1f);
    CHECK((applyHsv(c, {}) - c).norm() < 1e-5f);
    const Vector3f red(1, 0, 0);
    CHECK((applyHsv(red, {120.f, 1.f, 1.f}) - Vector3f(0, 1, 0)).norm() < 1e-5f);
    CHECK((applyHsv(red, {0.f, 0.f, 1.f}) - Vector3f(1, 1, 1)).norm() < 1e-5f);
    CHECK((applyHsv(red, {0.f, 1.f, 0.5f}) - Vector3f(0.5f, 0, 0)).norm() < 1e-5f);
}

TEST_CASE("cel band follows PIPELINE §6") {
    CHECK(celBand(0.0f) == doctest::Approx(0.62f));
    CHECK(celBand(0.4f) == doctest::Approx(0.88f));
    CHECK(celBand(1.0f) == doctest::Approx(1.12f));
    CHECK(celBand(0.25f) > 0.62f);
    CHECK(celBand(0.25f) < 0.88f);
}

TEST_CASE("the ao recipe reports how many rays it traced and how fast") {
    Mesh m = floorWithWell();
    LightingSettings s;
    s.aoRays = 16;
    s.aoMaxEdge = 0.5f;
    auto lit = prepareLighting(m, s);
    REQUIRE(lit.ok());
    CHECK(lit->raysCast == lit->mesh.positions.size() * 16);
    CHECK(lit->raySeconds > 0.0);
}
