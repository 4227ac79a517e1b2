#include "core/demo/detail/plate_builder.h"

#include <algorithm>

#include "core/foundation/check.h"

namespace sw::demo::detail {
namespace {

// Grid knots along one direction: the rim (0 and 1) and `seg` cells between the bevels.
std::vector<float> knots(int seg, bool bevel, float width) {
    std::vector<float> k;
    if (bevel) k.push_back(0.f);
    const float lo = bevel ? width : 0.f;
    const float hi = bevel ? 1.f - width : 1.f;
    for (int i = 0; i <= seg; ++i) k.push_back(lo + (hi - lo) * static_cast<float>(i) / static_cast<float>(seg));
    if (bevel) k.push_back(1.f);
    return k;
}

// Unit normal of the surface by central differences, ∂s × ∂t.
Eigen::Vector3f surfaceNormal(const SurfaceFn& f, float s, float t) {
    constexpr float h = 1e-3f;
    const float s0 = std::max(0.f, s - h), s1 = std::min(1.f, s + h);
    const float t0 = std::max(0.f, t - h), t1 = std::min(1.f, t + h);
    const Eigen::Vector3f ds = f(s1, t) - f(s0, t);
    const Eigen::Vector3f dt = f(s, t1) - f(s, t0);
    const Eigen::Vector3f n = ds.cross(dt);
    return n.norm() > 0.f ? Eigen::Vector3f(n.normalized()) : Eigen::Vector3f::Zero();
}

}  // namespace

void PlateBuilder::add(const PlateSpec& spec) {
    SW_REQUIRE(spec.segS >= 1 && spec.segT >= 1, "segS=" << spec.segS << " segT=" << spec.segT);
    geometry::Mesh& m = m_mesh;
    const std::vector<float> ks = knots(spec.segS, spec.bevelS, spec.bevel);
    const std::vector<float> kt = knots(spec.segT, spec.bevelT, spec.bevel);
    const int ns = static_cast<int>(ks.size()), nt = static_cast<int>(kt.size());

    // Displacement points away from `inside`, judged at the plate's centre.
    const Eigen::Vector3f centre = spec.surface(0.5f, 0.5f);
    const float sign = surfaceNormal(spec.surface, 0.5f, 0.5f).dot(centre - spec.inside) < 0.f ? -1.f : 1.f;

    PlateRecord rec{spec.kind, spec.part, static_cast<int>(m.triangles.size()), 0,
                    static_cast<int>(m.positions.size()), ns * nt};
    for (int j = 0; j < nt; ++j) {
        for (int i = 0; i < ns; ++i) {
            const float s = ks[i], t = kt[j];
            const bool rim = (spec.bevelS && (i == 0 || i == ns - 1)) || (spec.bevelT && (j == 0 || j == nt - 1));
            const float h = rim ? -spec.sink : spec.raise;
            m.positions.push_back(spec.surface(s, t) + sign * h * surfaceNormal(spec.surface, s, t));
            m.normals.push_back(Eigen::Vector3f::Zero());
            m.uvs.push_back(Eigen::Vector2f::Zero());
            m_st.emplace_back(s, t);
        }
    }
    const int v0 = rec.firstVertex;
    auto at = [&](int i, int j) { return v0 + j * ns + i; };
    for (int j = 0; j + 1 < nt; ++j) {
        for (int i = 0; i + 1 < ns; ++i) {
            m.triangles.emplace_back(at(i, j), at(i + 1, j), at(i + 1, j + 1));
            m.triangles.emplace_back(at(i, j), at(i + 1, j + 1), at(i, j + 1));
        }
    }
    rec.faceCount = static_cast<int>(m.triangles.size()) - rec.firstFace;

    // Wind outward: the area-weighted vote of the plate's faces about `inside` must be positive.
    float vote = 0.f;
    for (int f = rec.firstFace; f < rec.firstFace + rec.faceCount; ++f) {
        const Eigen::Vector3i& tri = m.triangles[f];
        const Eigen::Vector3f c = (m.positions[tri[0]] + m.positions[tri[1]] + m.positions[tri[2]]) / 3.f;
        vote += geometry::faceNormalArea(m, static_cast<std::size_t>(f)).dot(c - spec.inside);
    }
    for (int f = rec.firstFace; f < rec.firstFace + rec.faceCount; ++f) {
        if (vote < 0.f) std::swap(m.triangles[f][1], m.triangles[f][2]);
        const Eigen::Vector3f n = geometry::faceNormalArea(m, static_cast<std::size_t>(f));
        for (int k = 0; k < 3; ++k) m.normals[m.triangles[f][k]] += n;
    }
    if (spec.wrapS) {
        for (int j = 0; j < nt; ++j) {
            const Eigen::Vector3f sum = m.normals[at(0, j)] + m.normals[at(ns - 1, j)];
            m.normals[at(0, j)] = m.normals[at(ns - 1, j)] = sum;
        }
    }
    for (int v = v0; v < v0 + rec.vertexCount; ++v) {
        const float len = m.normals[v].norm();
        m.normals[v] = len > 0.f ? Eigen::Vector3f(m.normals[v] / len) : Eigen::Vector3f::UnitZ();
    }
    m.faceMaterial.insert(m.faceMaterial.end(), rec.faceCount, 0);
    m.facePart.insert(m.facePart.end(), rec.faceCount, spec.part);
    m_plates.push_back(rec);
}

void PlateBuilder::windAndNormals(PlateRecord& rec, const Eigen::Vector3f& inside) {
    geometry::Mesh& m = m_mesh;
    rec.faceCount = static_cast<int>(m.triangles.size()) - rec.firstFace;
    float vote = 0.f;
    for (int f = rec.firstFace; f < rec.firstFace + rec.faceCount; ++f) {
        const Eigen::Vector3i& tri = m.triangles[f];
        const Eigen::Vector3f c = (m.positions[tri[0]] + m.positions[tri[1]] + m.positions[tri[2]]) / 3.f;
        vote += geometry::faceNormalArea(m, static_cast<std::size_t>(f)).dot(c - inside);
    }
    for (int f = rec.firstFace; f < rec.firstFace + rec.faceCount; ++f) {
        if (vote < 0.f) std::swap(m.triangles[f][1], m.triangles[f][2]);
        const Eigen::Vector3f n = geometry::faceNormalArea(m, static_cast<std::size_t>(f));
        for (int k = 0; k < 3; ++k) m.normals[m.triangles[f][k]] += n;
    }
    for (int v = rec.firstVertex; v < rec.firstVertex + rec.vertexCount; ++v) {
        const float len = m.normals[v].norm();
        m.normals[v] = len > 0.f ? Eigen::Vector3f(m.normals[v] / len) : Eigen::Vector3f::UnitZ();
    }
    m.faceMaterial.insert(m.faceMaterial.end(), rec.faceCount, 0);
    m.facePart.insert(m.facePart.end(), rec.faceCount, rec.part);
    m_plates.push_back(rec);
}

void PlateBuilder::addFan(const SurfaceFn& surface, const Eigen::Vector3f& inside,
                          const std::vector<Eigen::Vector2f>& outline, float raise, PlateKind kind, int part) {
    SW_REQUIRE(outline.size() >= 3, "outline of " << outline.size() << " points");
    geometry::Mesh& m = m_mesh;
    const Eigen::Vector3f centre = surface(0.5f, 0.5f);
    const float sign = surfaceNormal(surface, 0.5f, 0.5f).dot(centre - inside) < 0.f ? -1.f : 1.f;
    PlateRecord rec{kind, part, static_cast<int>(m.triangles.size()), 0, static_cast<int>(m.positions.size()),
                    static_cast<int>(outline.size())};
    for (const Eigen::Vector2f& st : outline) {
        m.positions.push_back(surface(st.x(), st.y()) + sign * raise * surfaceNormal(surface, st.x(), st.y()));
        m.normals.push_back(Eigen::Vector3f::Zero());
        m.uvs.push_back(Eigen::Vector2f::Zero());
        m_st.push_back(st);
    }
    const int v0 = rec.firstVertex;
    for (int i = 1; i + 1 < rec.vertexCount; ++i) m.triangles.emplace_back(v0, v0 + i, v0 + i + 1);
    windAndNormals(rec, inside);
}

void PlateBuilder::addClosed(const SurfaceFn& surface, const Eigen::Vector3f& inside, int segS, int segT,
                             PlateKind kind, int part) {
    SW_REQUIRE(segS >= 3 && segT >= 2, "segS=" << segS << " segT=" << segT);
    geometry::Mesh& m = m_mesh;
    const int ns = segS + 1;  // the seam column s = 1 doubles s = 0 (own UVs)
    PlateRecord rec{kind, part, static_cast<int>(m.triangles.size()), 0, static_cast<int>(m.positions.size()),
                    ns * (segT - 1) + 2};
    auto push = [&](float s, float t) {
        m.positions.push_back(surface(s, t));
        m.normals.push_back(Eigen::Vector3f::Zero());
        m.uvs.push_back(Eigen::Vector2f::Zero());
        m_st.emplace_back(s, t);
    };
    const int v0 = rec.firstVertex;
    push(0.5f, 0.f);  // pole t = 0
    for (int j = 1; j < segT; ++j)
        for (int i = 0; i < ns; ++i)
            push(static_cast<float>(i) / static_cast<float>(segS), static_cast<float>(j) / static_cast<float>(segT));
    push(0.5f, 1.f);  // pole t = 1
    const int south = v0, north = v0 + rec.vertexCount - 1;
    auto at = [&](int i, int j) { return v0 + 1 + (j - 1) * ns + i; };  // j in 1..segT-1
    // The seam column is the same points as column 0, bit for bit (not f(1, t) ≈ f(0, t)).
    for (int j = 1; j < segT; ++j) m.positions[at(segS, j)] = m.positions[at(0, j)];
    for (int i = 0; i < segS; ++i) m.triangles.emplace_back(south, at(i + 1, 1), at(i, 1));
    for (int j = 1; j + 1 < segT; ++j)
        for (int i = 0; i < segS; ++i) {
            m.triangles.emplace_back(at(i, j), at(i + 1, j), at(i + 1, j + 1));
            m.triangles.emplace_back(at(i, j), at(i + 1, j + 1), at(i, j + 1));
        }
    for (int i = 0; i < segS; ++i) m.triangles.emplace_back(north, at(i, segT - 1), at(i + 1, segT - 1));
    // Consistent winding: every quad above is wound like ∂s × ∂t; fix the pole fans to match.
    windAndNormals(rec, inside);
    // The seam column shares its normal with column 0 (the same points).
    for (int j = 1; j < segT; ++j) {
        const Eigen::Vector3f n = (m.normals[at(0, j)] + m.normals[at(segS, j)]).normalized();
        m.normals[at(0, j)] = m.normals[at(segS, j)] = n;
    }
}

void PlateBuilder::assignAtlas(const AtlasLayout& atlas) {
    SW_REQUIRE(static_cast<std::size_t>(atlas.cells) * atlas.cells >= m_plates.size(),
               "cells=" << atlas.cells << " plates=" << m_plates.size());
    for (std::size_t p = 0; p < m_plates.size(); ++p) {
        const PlateRecord& rec = m_plates[p];
        for (int v = rec.firstVertex; v < rec.firstVertex + rec.vertexCount; ++v)
            m_mesh.uvs[v] = atlas.uv(static_cast<int>(p), m_st[v].x(), m_st[v].y());
    }
}

void PlateBuilder::invert(int plate) {
    const PlateRecord& rec = m_plates.at(static_cast<std::size_t>(plate));
    for (int f = rec.firstFace; f < rec.firstFace + rec.faceCount; ++f) std::swap(m_mesh.triangles[f][1], m_mesh.triangles[f][2]);
    for (int v = rec.firstVertex; v < rec.firstVertex + rec.vertexCount; ++v) m_mesh.normals[v] = -m_mesh.normals[v];
}

}  // namespace sw::demo::detail
