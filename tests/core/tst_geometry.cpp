// Winding repair and connected components on meshes built in code (PIPELINE §1).
#include <doctest/doctest.h>

#include <algorithm>
#include <cmath>
#include <random>

#include "core/geometry/winding.h"

using sw::geometry::Mesh;
using Eigen::Vector3f;

namespace {

// Adds a quad plate (two triangles, own vertices) with corners c ± u ± v, front = u × v.
void addPlate(Mesh& mesh, const Vector3f& c, const Vector3f& u, const Vector3f& v, bool inverted) {
    const int base = static_cast<int>(mesh.positions.size());
    for (const Vector3f& p : {Vector3f(c - u - v), Vector3f(c + u - v), Vector3f(c + u + v), Vector3f(c - u + v)})
        mesh.positions.push_back(p);
    Eigen::Vector3i t0(base, base + 1, base + 2), t1(base, base + 2, base + 3);
    if (inverted) {
        std::swap(t0[1], t0[2]);
        std::swap(t1[1], t1[2]);
    }
    mesh.triangles.push_back(t0);
    mesh.triangles.push_back(t1);
}

// A box of 6 separate (slightly inset, so not touching) plates, the `inverted` ones facing in.
Mesh plateBox(const std::vector<bool>& inverted) {
    Mesh mesh;
    const Vector3f x = Vector3f::UnitX(), y = Vector3f::UnitY(), z = Vector3f::UnitZ();
    const float s = 0.9f;  // inset: the plates do not share edges
    const Vector3f centres[6] = {x, -x, y, -y, z, -z};
    const Vector3f us[6] = {y, z, z, x, x, y};
    const Vector3f vs[6] = {z, y, x, z, y, x};
    for (int i = 0; i < 6; ++i) addPlate(mesh, centres[i], s * us[i], s * vs[i], inverted[i]);
    return mesh;
}

bool facesOutward(const Mesh& mesh, std::size_t f) {
    const Eigen::Vector3i& t = mesh.triangles[f];
    const Vector3f centre = (mesh.positions[t[0]] + mesh.positions[t[1]] + mesh.positions[t[2]]) / 3.f;
    return sw::geometry::faceNormalArea(mesh, f).dot(centre) > 0;
}

// UV sphere with a duplicated seam column (as glTF exporters write it) and pole rows.
Mesh uvSphere(int rings, int segments) {
    Mesh mesh;
    for (int r = 0; r <= rings; ++r)
        for (int s = 0; s <= segments; ++s) {  // s == segments duplicates s == 0 (the UV seam)
            const float th = float(M_PI) * float(r) / float(rings), ph = 2.f * float(M_PI) * float(s) / float(segments);
            mesh.positions.emplace_back(std::sin(th) * std::cos(ph), std::sin(th) * std::sin(ph), std::cos(th));
        }
    auto id = [&](int r, int s) { return r * (segments + 1) + s; };
    for (int r = 0; r < rings; ++r)
        for (int s = 0; s < segments; ++s) {
            if (r > 0) mesh.triangles.emplace_back(id(r, s), id(r + 1, s), id(r, s + 1));
            if (r < rings - 1) mesh.triangles.emplace_back(id(r, s + 1), id(r + 1, s), id(r + 1, s + 1));
        }
    return mesh;
}

}  // namespace

TEST_CASE("a box of six separate plates: exactly the inverted plates flip") {
    const std::vector<bool> inverted = {false, true, false, false, true, false};
    Mesh mesh = plateBox(inverted);
    REQUIRE(sw::geometry::countComponents(mesh) == 6);
    for (std::size_t f = 0; f < mesh.triangles.size(); ++f) CHECK(facesOutward(mesh, f) == !inverted[f / 2]);

    const sw::geometry::WindingReport report = sw::geometry::repairWinding(mesh);
    CHECK(report.components == 6);
    CHECK(report.flippedComponents == 2);
    CHECK(report.flippedFaces == 4);
    CHECK(report.flippedAreaShare == doctest::Approx(2.0 / 6.0));
    for (std::size_t f = 0; f < mesh.triangles.size(); ++f) CHECK(facesOutward(mesh, f));

    // A second pass finds nothing to do.
    const sw::geometry::WindingReport again = sw::geometry::repairWinding(mesh);
    CHECK(again.flippedComponents == 0);
    CHECK(again.flippedFaces == 0);
}

TEST_CASE("the vote is per component and area-weighted, not per face") {
    // Plate A (x = +1, facing out) with a small flap folded back toward the centre along its top
    // edge: the flap alone faces inward, but A's area outvotes it. Plate B (x = -1) faces out.
    Mesh mesh;
    mesh.positions = {{1, -1, -1}, {1, 1, -1}, {1, 1, 1}, {1, -1, 1}, {0.7f, 0.f, 0.f}};
    mesh.triangles = {{0, 1, 2}, {0, 2, 3}, {3, 2, 4}};
    addPlate(mesh, Vector3f(-1, 0, 0), Vector3f::UnitZ(), Vector3f::UnitY(), false);
    REQUIRE(!facesOutward(mesh, 2));
    const Mesh before = mesh;
    const auto report = sw::geometry::repairWinding(mesh);
    CHECK(report.components == 2);
    CHECK(report.flippedComponents == 0);
    CHECK(report.flippedFaces == 0);
    CHECK(mesh.triangles == before.triangles);

    // Inverting the whole of A (flap included) flips all three of its faces back.
    for (int f = 0; f < 3; ++f) std::swap(mesh.triangles[f][1], mesh.triangles[f][2]);
    const auto again = sw::geometry::repairWinding(mesh);
    CHECK(again.flippedComponents == 1);
    CHECK(again.flippedFaces == 3);
    CHECK(mesh.triangles == before.triangles);
}

TEST_CASE("components connect across UV-seam duplicated vertices") {
    Mesh sphere = uvSphere(12, 24);
    // Index-based adjacency would see 24 (seam) or more pieces; positions weld them into one.
    CHECK(sw::geometry::countComponents(sphere) == 1);

    // A quad whose two triangles do not share vertex indices, only positions.
    Mesh quad;
    quad.positions = {{0, 0, 0}, {1, 0, 0}, {1, 1, 0}, {0, 0, 0}, {1, 1, 0}, {0, 1, 0}};
    quad.triangles = {{0, 1, 2}, {3, 4, 5}};
    CHECK(sw::geometry::countComponents(quad) == 1);
    // Moving the second triangle off by more than the weld tolerance separates them.
    for (int v = 3; v < 6; ++v) quad.positions[v].z() += 1e-3f;
    CHECK(sw::geometry::countComponents(quad) == 2);

    // Two triangles touching at one corner: one island, two edge components.
    Mesh bow;
    bow.positions = {{0, 0, 0}, {1, 0, 0}, {0, 1, 0}, {0, 0, 0}, {-1, 0, 0}, {0, -1, 0}};
    bow.triangles = {{0, 1, 2}, {3, 4, 5}};
    CHECK(sw::geometry::countComponents(bow, sw::geometry::Adjacency::Edge) == 2);
    CHECK(sw::geometry::countComponents(bow, sw::geometry::Adjacency::Vertex) == 1);
}

TEST_CASE("an inside-out sphere is flipped and its vertex normals follow") {
    Mesh sphere = uvSphere(10, 20);
    for (auto& t : sphere.triangles) std::swap(t[1], t[2]);
    sphere.normals.assign(sphere.positions.size(), Vector3f::Zero());
    for (std::size_t v = 0; v < sphere.positions.size(); ++v) sphere.normals[v] = -sphere.positions[v].normalized();
    const auto report = sw::geometry::repairWinding(sphere);
    CHECK(report.flippedComponents == 1);
    CHECK(report.flippedFaces == static_cast<int>(sphere.triangles.size()));
    CHECK(report.flippedAreaShare == doctest::Approx(1.0));
    for (std::size_t f = 0; f < sphere.triangles.size(); ++f) CHECK(facesOutward(sphere, f));
    std::vector<char> used(sphere.positions.size(), 0);  // the seam layout leaves two pole copies unused
    for (const auto& t : sphere.triangles)
        for (int k = 0; k < 3; ++k) used[t[k]] = 1;
    for (std::size_t v = 0; v < sphere.positions.size(); ++v)
        if (used[v]) CHECK(sphere.normals[v].dot(sphere.positions[v]) > 0);
}

TEST_CASE("a sphere of random plates: exactly the inverted ones flip") {
    std::mt19937 rng(1234);
    std::uniform_real_distribution<float> uni(-1.f, 1.f);
    Mesh mesh;
    std::vector<bool> inverted;
    for (int i = 0; i < 60; ++i) {
        Vector3f n(uni(rng), uni(rng), uni(rng));
        if (n.norm() < 0.1f) n = Vector3f::UnitZ();
        n.normalize();
        const Vector3f u = n.unitOrthogonal() * 0.05f, v = n.cross(u);
        inverted.push_back(rng() % 10 < 4);  // ~40% inward, as in PIPELINE §1
        addPlate(mesh, 2.f * n, u, v, inverted.back());
    }
    const auto report = sw::geometry::repairWinding(mesh);
    const int expected = static_cast<int>(std::count(inverted.begin(), inverted.end(), true));
    CHECK(report.components == 60);
    CHECK(report.flippedComponents == expected);
    CHECK(report.flippedFaces == 2 * expected);
    for (std::size_t f = 0; f < mesh.triangles.size(); ++f) CHECK(facesOutward(mesh, f));
}
