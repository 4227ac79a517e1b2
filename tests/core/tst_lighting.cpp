// Lighting recipes: edge refinement, baked dome light (visibility, bounces, both sides), HSV
// adjust, cel bands.
#include <doctest/doctest.h>

#include <algorithm>
#include <cmath>
#include <memory>

#include "core/dataset/irradiance.h"
#include "core/dataset/lighting.h"
#include "core/geometry/ray_query.h"

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
    CHECK(lit->raysCast >= lit->mesh.positions.size() * 2 * 16);  // both sides of every vertex
    CHECK(lit->raySeconds > 0.0);
}

// ---- dome light with bounces, two-sided, no streaks (issue 14) ---------------------------------

namespace {

// A flat fan: the outline points (z = height), triangulated from point 0, wound to face up (or
// down when `down`).
void addFanPlate(Mesh& m, const std::vector<Eigen::Vector2f>& outline, float height, bool down, int material = 0) {
    const int base = static_cast<int>(m.positions.size());
    for (const auto& p : outline) m.positions.emplace_back(p.x(), p.y(), height);
    for (int i = 1; i + 1 < static_cast<int>(outline.size()); ++i) {
        if (down) m.triangles.push_back({base, base + i + 1, base + i});
        else m.triangles.push_back({base, base + i, base + i + 1});
        m.faceMaterial.push_back(material);
        m.facePart.push_back(0);
    }
}

std::vector<Eigen::Vector2f> disc(float r, int n) {
    std::vector<Eigen::Vector2f> pts;
    for (int i = 0; i < n; ++i) {
        const float a = 6.2831853f * static_cast<float>(i) / static_cast<float>(n);
        pts.emplace_back(r * std::cos(a), r * std::sin(a));
    }
    return pts;
}

// Grey materials: material k has sRGB grey `grey[k]`.
void greyMaterials(Mesh& m, std::initializer_list<float> grey) {
    for (float g : grey) {
        sw::geometry::Material mat;
        mat.baseColorFactor = {g, g, g, 1.f};
        m.materials.push_back(mat);
    }
}

// The lit value the renderer would interpolate where a vertical ray from above meets the mesh
// at (x, y): the side facing up. Returns the red channel (the tests use grey materials).
struct Probe {
    const LitMesh& lit;
    std::unique_ptr<sw::geometry::RayQuery> query;
    explicit Probe(const LitMesh& l) : lit(l), query(std::move(sw::geometry::RayQuery::build(l.mesh).value())) {}
    float at(float x, float y, float fromZ = 5.f, float tNear = 0.f) const {
        const auto hit = query->intersect({x, y, fromZ}, {0, 0, -1}, tNear);
        REQUIRE(hit.hit);
        const auto& t = lit.mesh.triangles[static_cast<std::size_t>(hit.face)];
        const bool front = hit.normal.z() > 0.f;  // the ray (going down) meets the front
        const auto& e = front ? lit.irradiance : lit.irradianceBack;
        const float u = hit.barycentric.x(), v = hit.barycentric.y();
        return ((1 - u - v) * e[t[0]] + u * e[t[1]] + v * e[t[2]]).x();
    }
};

}  // namespace

TEST_CASE("ao: the floor under a disc plate follows the analytic form factor, and bounce light brightens it") {
    // Disc of radius R at height h over a large floor: at the floor point under its centre the
    // disc covers the form factor F = R² / (R² + h²) of the cosine-weighted hemisphere.
    const float R = 0.3f, h = 0.3f;
    Mesh m;
    addQuad(m, {-2, -2, 0}, {2, -2, 0}, {2, 2, 0}, {-2, 2, 0});
    addFanPlate(m, disc(R, 48), h, false, 1);
    greyMaterials(m, {0.8f, 0.8f});
    m.faceMaterial[0] = m.faceMaterial[1] = 0;
    LightingSettings s;
    s.aoRays = 256;
    s.aoMaxEdge = 0.1f;
    s.aoDistance = 100.f;
    s.aoBounces = 0;
    auto direct = prepareLighting(m, s);
    REQUIRE(direct.ok());
    const float F = R * R / (R * R + h * h);
    Probe pd(*direct);
    const float floorDirect = pd.at(0.f, 0.f, h - 0.01f);
    CHECK(floorDirect == doctest::Approx(1.f - F).epsilon(0.04));
    // The disc's top sees the whole sky; its underside sees the floor only.
    CHECK(pd.at(0.f, 0.f) > 0.99f);

    // One bounce, analytically: the floor point receives F · ρ · E(underside) from the disc, and
    // the underside sees the lit floor (≈ 1 · ρ away from the disc's shadow). Under a 0.8 sRGB grey
    // (linear ρ = 0.604) the bounce adds about F · ρ² · (1 − shadow) to the floor.
    s.aoBounces = 4;
    auto bounced = prepareLighting(m, s);
    REQUIRE(bounced.ok());
    Probe pb(*bounced);
    const float floorBounced = pb.at(0.f, 0.f, h - 0.01f);
    const float rho = sw::dataset::srgbToLinear(0.8f);
    CHECK(floorBounced > floorDirect + 0.5f * F * rho * rho * 0.7f);
    // Against a converged reference: more rays, finer mesh, more bounces.
    LightingSettings ref = s;
    ref.aoRays = 512;
    ref.aoBounces = 12;
    auto converged = prepareLighting(m, ref);
    REQUIRE(converged.ok());
    Probe pc(*converged);
    CHECK(floorBounced == doctest::Approx(pc.at(0.f, 0.f, h - 0.01f)).epsilon(0.03));
    CHECK(pb.at(0.f, 0.f) == doctest::Approx(pc.at(0.f, 0.f)).epsilon(0.02));
    // Open floor far from the disc: the dome alone, 1.
    CHECK(pb.at(1.8f, 1.8f) > 0.99f);
}

TEST_CASE("ao: both sides of an open plate are lit; an inverted plate is as bright from above as an outward one") {
    Mesh up, down;
    for (Mesh* m : {&up, &down}) {
        addQuad(*m, {-1, -1, 0}, {1, -1, 0}, {1, 1, 0}, {-1, 1, 0});
        greyMaterials(*m, {0.6f});
    }
    addFanPlate(up, disc(0.4f, 8), 0.05f, false);
    addFanPlate(down, disc(0.4f, 8), 0.05f, true);
    LightingSettings s;
    s.aoMaxEdge = 0.05f;
    auto litUp = prepareLighting(up, s), litDown = prepareLighting(down, s);
    REQUIRE(litUp.ok());
    REQUIRE(litDown.ok());
    Probe a(*litUp), b(*litDown);
    for (float x : {-0.2f, 0.f, 0.2f}) {
        CHECK(a.at(x, 0.1f) > 0.98f);
        CHECK(b.at(x, 0.1f) == doctest::Approx(a.at(x, 0.1f)).epsilon(0.02));
    }
}

TEST_CASE("ao: a fan-triangulated plate beside a wall shows no per-vertex streaks") {
    // A square plate fanned from one corner (long thin triangles) on a floor, with a wall along
    // its far edge y = 0.5: the true light on the plate depends only on the distance to the wall,
    // so along every line parallel to the wall it must be constant.
    auto build = [] {
        Mesh m;
        addQuad(m, {-1, -1, 0}, {1, -1, 0}, {1, 1, 0}, {-1, 1, 0});
        addFanPlate(m, {{-0.5f, -0.5f}, {0.5f, -0.5f}, {0.5f, 0.f}, {0.5f, 0.5f}, {0.f, 0.5f}, {-0.5f, 0.5f}}, 0.01f, false);
        addQuad(m, {-1, 0.5f, 0}, {1, 0.5f, 0}, {1, 0.5f, 1.f}, {-1, 0.5f, 1.f});  // wall, facing −y
        greyMaterials(m, {0.5f});
        return m;
    };
    const Mesh m = build();
    auto lineSpread = [&](const LitMesh& lit) {
        Probe p(lit);
        double worst = 0;
        for (float y : {-0.3f, -0.1f, 0.1f, 0.3f, 0.42f}) {
            std::vector<float> v;
            for (int i = 0; i <= 16; ++i) v.push_back(p.at(-0.4f + 0.05f * static_cast<float>(i), y));
            double mean = 0, var = 0;
            for (float x : v) mean += static_cast<double>(x);
            mean /= static_cast<double>(v.size());
            for (float x : v) var += (static_cast<double>(x) - mean) * (static_cast<double>(x) - mean);
            worst = std::max(worst, std::sqrt(var / static_cast<double>(v.size())));
        }
        return worst;
    };
    LightingSettings s;  // defaults: refined to 0.02, 64 rays
    auto lit = prepareLighting(m, s);
    REQUIRE(lit.ok());
    const double fine = lineSpread(*lit);
    CHECK(fine < 0.02);
    // The same plate lit per vertex of its own coarse fan (no refinement) does streak: the test
    // would catch a regression.
    s.aoMaxEdge = 10.f;
    auto coarse = prepareLighting(m, s);
    REQUIRE(coarse.ok());
    const double streaks = lineSpread(*coarse);
    MESSAGE("spread along lines parallel to the wall: refined " << fine << ", coarse fan " << streaks);
    CHECK(streaks > 2.0 * fine);
    // Near the wall it is darker than in the open: the wall occludes.
    Probe p(*lit);
    CHECK(p.at(0.f, 0.45f) < p.at(0.f, -0.45f) - 0.1f);
}

TEST_CASE("ao: bounce light takes the colour of what it bounces off, and 0 bounces is visibility") {
    Mesh m;
    addQuad(m, {-1, -1, 0}, {1, -1, 0}, {1, 1, 0}, {-1, 1, 0});                  // white floor
    addQuad(m, {-1, 0.2f, 0}, {1, 0.2f, 0}, {1, 0.2f, 1.f}, {-1, 0.2f, 1.f});    // red wall, facing −y
    sw::geometry::Material white, red;
    red.baseColorFactor = {0.9f, 0.1f, 0.1f, 1.f};
    m.materials = {white, red};
    m.faceMaterial = {0, 0, 1, 1};
    LightingSettings s;
    s.aoMaxEdge = 0.1f;
    s.aoBounces = 0;
    auto zero = prepareLighting(m, s);
    REQUIRE(zero.ok());
    for (std::size_t v = 0; v < zero->mesh.positions.size(); ++v) {
        CHECK(zero->irradiance[v].x() == doctest::Approx(zero->skyVisibility[v]));
        CHECK(zero->irradiance[v].y() == doctest::Approx(zero->skyVisibility[v]));
    }
    s.aoBounces = 3;
    auto lit = prepareLighting(m, s);
    REQUIRE(lit.ok());
    Probe p(*lit);
    const Vector3f nearWall = [&] {
        const auto hit = p.query->intersect({0.f, 0.1f, 5.f}, {0, 0, -1});
        const auto& t = lit->mesh.triangles[static_cast<std::size_t>(hit.face)];
        return Vector3f(lit->irradiance[t[0]]);
    }();
    CHECK(nearWall.x() > nearWall.y() + 0.05f);  // reddish bounce
}

TEST_CASE("ao: a normal bent off its face loses the share of its hemisphere behind the surface, as in Cycles") {
    // One plate in open space; every vertex normal tilted θ off the plate's normal (foliage cards:
    // normals bent outward from the crown). Cycles gathers cosine-weighted around the shading
    // normal and drops directions below the geometric surface: the open share is (1 + cos θ) / 2.
    for (const float degrees : {0.f, 60.f, 76.f}) {
        Mesh m;
        addQuad(m, {-1, -1, 0}, {1, -1, 0}, {1, 1, 0}, {-1, 1, 0});
        const float t = degrees * 3.14159265f / 180.f;
        m.normals.assign(m.positions.size(), Vector3f(std::sin(t), 0.f, std::cos(t)));
        LightingSettings s;
        s.aoMaxEdge = 0.5f;
        s.aoBounces = 0;
        s.aoRays = 256;
        auto lit = prepareLighting(m, s);
        REQUIRE(lit.ok());
        const double expected = 0.5 * (1.0 + std::cos(t));
        double front = 0, back = 0;
        for (std::size_t v = 0; v < lit->mesh.positions.size(); ++v) {
            front += lit->irradiance[v].x();
            back += lit->irradianceBack[v].x();
        }
        front /= static_cast<double>(lit->mesh.positions.size());
        back /= static_cast<double>(lit->mesh.positions.size());
        INFO("tilt " << degrees << "°");
        CHECK(front == doctest::Approx(expected).epsilon(0.03));
        CHECK(back == doctest::Approx(expected).epsilon(0.03));
    }
}
