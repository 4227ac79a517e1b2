#include "tests/gl/tst_splat_fixture.h"

#include <doctest/doctest.h>

#include <cmath>

#include "core/bake/orders.h"
#include "core/render/effects.h"

namespace sw::test {

namespace {

const Eigen::Vector3f kRadii(0.55f, 0.38f, 0.3f);

// Fibonacci sphere point k of n (Swinbank & Purser 2006), unit length.
Eigen::Vector3f fibonacci(int k, int n) {
    const float z = 1.f - 2.f * (static_cast<float>(k) + 0.5f) / static_cast<float>(n);
    const float r = std::sqrt(std::max(0.f, 1.f - z * z));
    const float phi = static_cast<float>(k) * 2.39996323f;
    return {r * std::cos(phi), r * std::sin(phi), z};
}

int regionPart(const Eigen::Vector3f& u) {
    if (u.x() < -0.55f) return 1;
    if (u.x() > 0.55f) return 2;
    if (u.z() > 0.7f) return 3;
    return 0;
}

const Eigen::Vector3f kPartColor[4] = {{0.72f, 0.30f, 0.22f}, {0.25f, 0.30f, 0.38f}, {0.25f, 0.30f, 0.38f},
                                       {0.85f, 0.75f, 0.35f}};

void fillPart(formats::Spl2Part& part, int n, float lift, float opacity, std::uint32_t seed, std::vector<int>& chunk,
              std::vector<int>& material) {
    part.resize(static_cast<std::size_t>(n));
    const float spacing = std::sqrt(4.f * 3.14159f * 0.18f / static_cast<float>(n));
    for (int k = 0; k < n; ++k) {
        const auto i = static_cast<std::size_t>(k);
        const Eigen::Vector3f u = fibonacci(k, n);
        const Eigen::Vector3f normal = u.cwiseQuotient(kRadii).normalized();  // ellipsoid gradient direction
        part.pos[i] = u.cwiseProduct(kRadii) + normal * lift;
        part.normal[i] = normal;
        const Eigen::Vector3f t0 = normal.cross(std::abs(normal.z()) < 0.9f ? Eigen::Vector3f::UnitZ()
                                                                              : Eigen::Vector3f::UnitX()).normalized();
        const Eigen::Vector3f t1 = normal.cross(t0);
        const float size = spacing * (0.55f + 0.6f * render::hashUnit(seed + static_cast<std::uint32_t>(k)));
        part.ax0[i] = t0 * size;
        part.ax1[i] = t1 * size * 0.7f;
        const int p = regionPart(u);
        const bool eye = u.y() < -0.8f && u.z() > 0.1f;
        part.color[i] = eye ? Eigen::Vector3f(1.f, 0.85f, 0.2f) : kPartColor[p] * (0.85f + 0.3f * (u.z() * 0.5f + 0.5f));
        part.opacity[i] = opacity;
        const float ao = std::round((0.35f + 0.65f * (0.5f + 0.5f * normal.z())) * 256.f) / 256.f;
        part.attrs[i] = Eigen::Vector4f(std::min(ao, 1.f), static_cast<float>(p * 16 + (eye ? 12 : 0)), 0.f, 0.f);
        const float angle = std::atan2(u.y(), u.x()) + 3.14159265f;
        chunk.push_back(std::min(11, static_cast<int>(angle / (2.f * 3.14159265f) * 6.f)) * 2 + (u.z() > 0 ? 1 : 0));
        material.push_back(eye ? 5 : (p == 0 ? 3 : (p == 3 ? 2 : 1)));
    }
}

}  // namespace

formats::Spl2Model makeCreature(int nCore, int nShell) {
    formats::Spl2Model m;
    std::vector<int> coreChunk, coreMat, shellChunk, shellMat;
    fillPart(m.core, nCore, 0.f, 1.f, 17u, coreChunk, coreMat);
    fillPart(m.shell, nShell, 0.02f, 0.45f, 9001u, shellChunk, shellMat);
    // Both passes draw to 3 × the stored axes (the quad half-size of 3 σ): keep the discs
    // about one spacing wide.
    for (auto& a : m.core.ax0) a /= 3.f;
    for (auto& a : m.core.ax1) a /= 3.f;
    for (auto& a : m.shell.ax0) a *= 0.5f;
    for (auto& a : m.shell.ax1) a *= 0.5f;
    m.orders = bake::shellOrders(m.shell.pos, 40.f);
    formats::Spl2ChunkTail tail;
    tail.coreChunk.assign(coreChunk.begin(), coreChunk.end());
    tail.coreMaterial.assign(coreMat.begin(), coreMat.end());
    tail.shellChunk.assign(shellChunk.begin(), shellChunk.end());
    tail.shellMaterial.assign(shellMat.begin(), shellMat.end());
    tail.chunks.resize(12);
    for (std::size_t c = 0; c < tail.chunks.size(); ++c) {
        Eigen::Vector3f sum = Eigen::Vector3f::Zero();
        int count = 0;
        for (std::size_t i = 0; i < m.core.size(); ++i)
            if (coreChunk[i] == static_cast<int>(c)) sum += m.core.pos[i], ++count;
        tail.chunks[c].centroid = count ? Eigen::Vector3f(sum / static_cast<float>(count)) : Eigen::Vector3f::Zero();
        tail.chunks[c].size = 0.2f;
    }
    m.chunks = tail;
    return m;
}

geometry::Mesh makeCreatureMesh() {
    geometry::Mesh mesh;
    const int rings = 16, segments = 32;
    for (int r = 0; r <= rings; ++r) {
        const float theta = 3.14159265f * static_cast<float>(r) / rings;
        for (int s = 0; s <= segments; ++s) {
            const float phi = 2.f * 3.14159265f * static_cast<float>(s) / segments;
            const Eigen::Vector3f u(std::sin(theta) * std::cos(phi), std::sin(theta) * std::sin(phi), std::cos(theta));
            mesh.positions.push_back(u.cwiseProduct(kRadii));
            mesh.normals.push_back(u.cwiseQuotient(kRadii).normalized());
        }
    }
    for (int r = 0; r < rings; ++r)
        for (int s = 0; s < segments; ++s) {
            const int a = r * (segments + 1) + s, b = a + segments + 1;
            mesh.triangles.push_back({a, b, a + 1});
            mesh.triangles.push_back({a + 1, b, b + 1});
        }
    geometry::Material hull;
    hull.name = "hull";
    hull.baseColorFactor = {0.72f, 0.30f, 0.22f, 1.f};
    mesh.materials.push_back(hull);
    mesh.faceMaterial.assign(mesh.triangles.size(), 0);
    mesh.facePart.assign(mesh.triangles.size(), 0);
    return mesh;
}

std::unique_ptr<render::HeadlessContext> requireContext() {
    auto context = render::HeadlessContext::create();
    REQUIRE_MESSAGE(context.ok(), (context.ok() ? "" : context.error().toString()));
    return std::move(*context);
}

}  // namespace sw::test
