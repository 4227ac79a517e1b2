#include "core/dataset/lighting.h"

#include <algorithm>
#include <chrono>
#include <cmath>
#include <map>

#include "core/dataset/irradiance.h"
#include "core/geometry/ray_query.h"

namespace sw::dataset {
namespace {

using geometry::Mesh;
using Eigen::Vector3f;

struct EdgeSplitter {
    Mesh& mesh;
    std::map<std::pair<int, int>, int> midpoints;  // ordered: deterministic

    int midpoint(int a, int b) {
        const auto key = std::minmax(a, b);
        auto it = midpoints.find(key);
        if (it != midpoints.end()) return it->second;
        const int m = static_cast<int>(mesh.positions.size());
        mesh.positions.push_back(0.5f * (mesh.positions[a] + mesh.positions[b]));
        if (!mesh.normals.empty()) {
            Vector3f n = mesh.normals[a] + mesh.normals[b];
            mesh.normals.push_back(n.norm() > 1e-12f ? n.normalized() : mesh.normals[a]);
        }
        if (!mesh.uvs.empty()) mesh.uvs.push_back(0.5f * (mesh.uvs[a] + mesh.uvs[b]));
        midpoints.emplace(key, m);
        return m;
    }
};

bool longEdge(const Mesh& m, int a, int b, float maxEdge) { return (m.positions[a] - m.positions[b]).norm() > maxEdge; }

// One pass: every edge longer than maxEdge is split at its midpoint; each triangle becomes 1..4.
bool refinePass(Mesh& mesh, float maxEdge) {
    EdgeSplitter splitter{mesh, {}};
    std::vector<Eigen::Vector3i> tris;
    std::vector<int> mats, parts;
    bool changed = false;
    const std::size_t n = mesh.triangles.size();
    for (std::size_t f = 0; f < n; ++f) {
        const Eigen::Vector3i t = mesh.triangles[f];
        bool split[3];
        int count = 0;
        for (int e = 0; e < 3; ++e) count += split[e] = longEdge(mesh, t[e], t[(e + 1) % 3], maxEdge);
        auto emit = [&](int a, int b, int c) {
            tris.emplace_back(a, b, c);
            mats.push_back(mesh.faceMaterial.empty() ? 0 : mesh.faceMaterial[f]);
            parts.push_back(mesh.facePart.empty() ? 0 : mesh.facePart[f]);
        };
        if (count == 0) {
            emit(t[0], t[1], t[2]);
            continue;
        }
        changed = true;
        if (count == 3) {
            const int m0 = splitter.midpoint(t[0], t[1]), m1 = splitter.midpoint(t[1], t[2]), m2 = splitter.midpoint(t[2], t[0]);
            emit(t[0], m0, m2);
            emit(m0, t[1], m1);
            emit(m2, m1, t[2]);
            emit(m0, m1, m2);
            continue;
        }
        // Rotate so that edge (v0, v1) is split, and for two splits also (v1, v2).
        int r = 0;
        while (!(split[r] && (count == 1 || split[(r + 1) % 3]))) ++r;
        const int v0 = t[r], v1 = t[(r + 1) % 3], v2 = t[(r + 2) % 3];
        const int m01 = splitter.midpoint(v0, v1);
        if (count == 1) {
            emit(v0, m01, v2);
            emit(m01, v1, v2);
        } else {
            const int m12 = splitter.midpoint(v1, v2);
            emit(m01, v1, m12);
            emit(v0, m01, m12);
            emit(v0, m12, v2);
        }
    }
    mesh.triangles = std::move(tris);
    mesh.faceMaterial = std::move(mats);
    mesh.facePart = std::move(parts);
    return changed;
}

float smoothstep(float e0, float e1, float x) {
    const float t = std::clamp((x - e0) / (e1 - e0), 0.f, 1.f);
    return t * t * (3.f - 2.f * t);
}

}  // namespace

const char* recipeName(Recipe recipe) {
    switch (recipe) {
    case Recipe::Ao: return "ao";
    case Recipe::Flat: return "flat";
    case Recipe::Cel: return "cel";
    }
    return "?";
}

Mesh refineLongEdges(const Mesh& input, float maxEdge, std::size_t maxTriangles) {
    Mesh mesh = input;
    if (!(maxEdge > 0)) return mesh;
    for (int pass = 0; pass < 16 && mesh.triangles.size() * 4 <= maxTriangles; ++pass)
        if (!refinePass(mesh, maxEdge)) break;
    return mesh;
}

std::vector<Vector3f> vertexNormals(const Mesh& mesh) {
    if (mesh.normals.size() == mesh.positions.size()) return mesh.normals;
    std::vector<Vector3f> normals(mesh.positions.size(), Vector3f::Zero());
    for (std::size_t f = 0; f < mesh.triangles.size(); ++f) {
        const Vector3f n = geometry::faceNormalArea(mesh, f);
        for (int k = 0; k < 3; ++k) normals[mesh.triangles[f][k]] += n;
    }
    for (auto& n : normals) n = n.norm() > 0 ? n.normalized() : Vector3f::UnitZ();
    return normals;
}

Result<LitMesh> prepareLighting(const Mesh& mesh, const LightingSettings& settings, const Progress& progress) {
    if (mesh.triangles.empty()) return makeError(ErrorCode::InvalidInput, "mesh has no triangles to light");
    LitMesh lit;
    if (settings.recipe != Recipe::Ao) {
        lit.mesh = mesh;
        lit.skyVisibility.assign(mesh.positions.size(), 1.f);
        lit.irradiance.assign(mesh.positions.size(), Vector3f::Ones());
        lit.irradianceBack = lit.irradiance;
        return lit;
    }
    progress.report(0.0, "refining long edges for AO");
    lit.mesh = refineLongEdges(mesh, settings.aoMaxEdge);
    if (progress.cancelled()) return makeError(ErrorCode::Cancelled, "lighting cancelled");
    auto query = geometry::RayQuery::build(lit.mesh);
    if (!query) return query.error();
    progress.report(0.05, "tracing the white dome");
    DomeSettings dome;
    dome.rays = settings.aoRays;
    dome.bounces = settings.aoBounces;
    dome.maxDistance = settings.aoDistance;
    dome.seed = settings.seed;
    const auto traceStart = std::chrono::steady_clock::now();
    auto light = domeIrradiance(lit.mesh, **query, faceAlbedo(lit.mesh, settings.materialHsv), dome, progress.sub(0.05, 1.0));
    if (!light) return light.error();
    lit.skyVisibility = std::move(light->visibility);
    lit.irradiance = std::move(light->front);
    lit.irradianceBack = std::move(light->back);
    lit.raysCast = light->raysCast;
    lit.raySeconds = std::chrono::duration<double>(std::chrono::steady_clock::now() - traceStart).count();
    return lit;
}

Vector3f applyHsv(const Vector3f& rgb, const HsvAdjust& adj) {
    // RGB -> HSV (h in degrees)
    const float mx = rgb.maxCoeff(), mn = rgb.minCoeff(), d = mx - mn;
    float h = 0.f;
    if (d > 1e-8f) {
        if (mx == rgb.x()) h = 60.f * std::fmod((rgb.y() - rgb.z()) / d, 6.f);
        else if (mx == rgb.y()) h = 60.f * ((rgb.z() - rgb.x()) / d + 2.f);
        else h = 60.f * ((rgb.x() - rgb.y()) / d + 4.f);
    }
    float s = mx > 1e-8f ? d / mx : 0.f, v = mx;
    h = std::fmod(h + adj.hueShift + 720.f, 360.f);
    s = std::clamp(s * adj.saturation, 0.f, 1.f);
    v = std::clamp(v * adj.value, 0.f, 1.f);
    // HSV -> RGB
    const float c = v * s, x = c * (1.f - std::abs(std::fmod(h / 60.f, 2.f) - 1.f)), m = v - c;
    Vector3f out;
    if (h < 60) out = {c, x, 0};
    else if (h < 120) out = {x, c, 0};
    else if (h < 180) out = {0, c, x};
    else if (h < 240) out = {0, x, c};
    else if (h < 300) out = {x, 0, c};
    else out = {c, 0, x};
    return out + Vector3f::Constant(m);
}

float celBand(float ndl) {
    float band = 0.62f + (0.88f - 0.62f) * smoothstep(0.22f, 0.28f, ndl);
    return band + (1.12f - band) * smoothstep(0.52f, 0.58f, ndl);
}

}  // namespace sw::dataset
