// Area-weighted surface sampling with texture colour (core/geometry/surface_sampler.h).
#include <doctest/doctest.h>

#include <cmath>

#include "core/geometry/surface_sampler.h"

namespace {

using namespace sw::geometry;

constexpr double SHARE_TOL = 0.02;  // 20 000 samples: binomial σ ≈ 0.003

// Two triangles in z = 0 of area 0.5 and 1.5, a 2×2 texture (red, green / blue, white) and a
// material factor halving green.
Mesh twoTriangles() {
    Mesh m;
    m.positions = {{0, 0, 0}, {1, 0, 0}, {0, 1, 0}, {2, 0, 0}, {3, 0, 0}, {2, 3, 0}};
    m.uvs = {{0.25f, 0.25f}, {0.25f, 0.25f}, {0.25f, 0.25f}, {0.75f, 0.75f}, {0.75f, 0.75f}, {0.75f, 0.75f}};
    m.triangles = {{0, 1, 2}, {3, 4, 5}};
    m.faceMaterial = {0, 0};
    m.facePart = {0, 0};
    Material mat;
    mat.baseColorTexture = 0;
    mat.baseColorFactor = {1.f, 0.5f, 1.f, 1.f};
    m.materials = {mat};
    Image tex;
    tex.width = tex.height = 2;
    tex.rgba = {255, 0, 0, 255, 0, 255, 0, 255, 0, 0, 255, 255, 255, 255, 255, 255};
    m.textures = {tex};
    return m;
}

}  // namespace

TEST_CASE("samples are spread by area, lie on their faces and carry texture × factor") {
    const Mesh mesh = twoTriangles();
    auto samples = sampleSurface(mesh, 20000, 42);
    REQUIRE(samples.ok());
    REQUIRE(samples->points.size() == 20000);
    int second = 0;
    for (std::size_t s = 0; s < samples->points.size(); ++s) {
        const int f = samples->faces[s];
        second += f;
        const Eigen::Vector3f& w = samples->barycentrics[s];
        CHECK(w.minCoeff() >= 0.f);
        CHECK(w.sum() == doctest::Approx(1.f));
        const auto& t = mesh.triangles[std::size_t(f)];
        const Eigen::Vector3f p = w[0] * mesh.positions[std::size_t(t[0])] + w[1] * mesh.positions[std::size_t(t[1])] +
                                  w[2] * mesh.positions[std::size_t(t[2])];
        CHECK((p - samples->points[s]).norm() < 1e-6f);
        // uv (0.25, 0.25) is the centre of the red texel, (0.75, 0.75) of the white one.
        const Eigen::Vector3f expected = f == 0 ? Eigen::Vector3f(1, 0, 0) : Eigen::Vector3f(1, 0.5f, 1);
        CHECK((samples->colors[s] - expected).norm() < 1e-5f);
        CHECK(samples->normals[s].z() == doctest::Approx(1.f));
    }
    CHECK(double(second) / 20000.0 == doctest::Approx(0.75).epsilon(SHARE_TOL));
    auto again = sampleSurface(mesh, 20000, 42);
    REQUIRE(again.ok());
    CHECK(again->points == samples->points);
}

TEST_CASE("bilinear texture lookup blends neighbouring texels and wraps") {
    const Mesh mesh = twoTriangles();
    const Eigen::Vector3f mid = sampleTextureBilinear(mesh.textures[0], {0.5f, 0.25f});  // red/green midpoint
    CHECK(mid.x() == doctest::Approx(0.5f));
    CHECK(mid.y() == doctest::Approx(0.5f));
    const Eigen::Vector3f wrapped = sampleTextureBilinear(mesh.textures[0], {1.25f, -0.75f});
    CHECK((wrapped - Eigen::Vector3f(1, 0, 0)).norm() < 1e-6f);
}

TEST_CASE("sampling errors: no triangles, zero area, bad count") {
    Mesh empty;
    CHECK(sampleSurface(empty, 10, 1).error().code == sw::ErrorCode::InvalidInput);
    Mesh flat = twoTriangles();
    for (auto& p : flat.positions) p = Eigen::Vector3f::Zero();
    CHECK(sampleSurface(flat, 10, 1).error().message.find("zero surface area") != std::string::npos);
    CHECK_FALSE(sampleSurface(twoTriangles(), 0, 1).ok());
    Mesh untextured = twoTriangles();
    untextured.materials.clear();
    auto white = sampleSurface(untextured, 5, 1);
    REQUIRE(white.ok());
    CHECK(white->colors[0] == Eigen::Vector3f::Ones());
}
