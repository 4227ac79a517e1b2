// Trimming every alpha-MASK card of a mesh (trim.h): find the cards, trim each parallelogram quad
// as one polygon and any other card triangle by triangle, rebuild the mesh.
#include <algorithm>
#include <cmath>
#include <map>
#include <numeric>
#include <tuple>

#include "core/foliage/trim.h"

namespace sw::foliage {
namespace {

using PosKey = std::tuple<long long, long long, long long>;

PosKey keyOf(const Eigen::Vector3f& p, double q) {
    return {std::llround(static_cast<double>(p.x()) / q), std::llround(static_cast<double>(p.y()) / q),
            std::llround(static_cast<double>(p.z()) / q)};
}

// Faces of MASK materials grouped into connected cards (sharing a welded position).
std::vector<std::vector<int>> maskCards(const geometry::Mesh& mesh, std::vector<int>& posId) {
    const geometry::Bounds b = geometry::computeBounds(mesh);
    const double q = std::max(1e-6 * static_cast<double>(b.size().norm()), 1e-12);
    std::map<PosKey, int> ids;
    posId.resize(mesh.positions.size());
    for (std::size_t v = 0; v < mesh.positions.size(); ++v)
        posId[v] = ids.emplace(keyOf(mesh.positions[v], q), static_cast<int>(ids.size())).first->second;
    std::vector<int> parent(ids.size());
    std::iota(parent.begin(), parent.end(), 0);
    auto find = [&](int x) {
        while (parent[static_cast<std::size_t>(x)] != x) x = parent[static_cast<std::size_t>(x)] = parent[static_cast<std::size_t>(parent[static_cast<std::size_t>(x)])];
        return x;
    };
    auto isMask = [&](std::size_t f) {
        const int m = f < mesh.faceMaterial.size() ? mesh.faceMaterial[f] : -1;
        return m >= 0 && static_cast<std::size_t>(m) < mesh.materials.size() && mesh.materials[static_cast<std::size_t>(m)].alphaMask;
    };
    for (std::size_t f = 0; f < mesh.triangles.size(); ++f)
        if (isMask(f))
            for (int k = 1; k < 3; ++k)
                parent[static_cast<std::size_t>(find(posId[static_cast<std::size_t>(mesh.triangles[f][k])]))] =
                    find(posId[static_cast<std::size_t>(mesh.triangles[f][0])]);
    std::map<std::pair<int, int>, std::size_t> group;  // (material, component) -> card
    std::vector<std::vector<int>> cards;
    for (std::size_t f = 0; f < mesh.triangles.size(); ++f) {
        if (!isMask(f)) continue;
        const std::pair<int, int> key{mesh.faceMaterial[f], find(posId[static_cast<std::size_t>(mesh.triangles[f][0])])};
        const auto [it, added] = group.emplace(key, cards.size());
        if (added) cards.emplace_back();
        cards[it->second].push_back(static_cast<int>(f));
    }
    return cards;
}

// Corners a, x, b, y of a two-triangle card (diagonal x–y shared), as vertex indices, so that
// the first triangle (a, x, y) keeps its winding; false when the faces are not such a quad.
bool quadCorners(const geometry::Mesh& mesh, const std::vector<int>& pos, const std::vector<int>& faces, std::array<int, 4>& c) {
    if (faces.size() != 2) return false;
    const Eigen::Vector3i A = mesh.triangles[static_cast<std::size_t>(faces[0])], B = mesh.triangles[static_cast<std::size_t>(faces[1])];
    auto pid = [&](int v) { return pos[static_cast<std::size_t>(v)]; };
    for (int r = 0; r < 3; ++r) {  // rotate A so that its unshared vertex comes first
        const int a = A[r], x = A[(r + 1) % 3], y = A[(r + 2) % 3];
        int shared = 0, unique = -1;
        for (int k = 0; k < 3; ++k) {
            if (pid(B[k]) == pid(x) || pid(B[k]) == pid(y)) ++shared;
            else unique = B[k];
        }
        if (shared == 2 && unique >= 0 && pid(unique) != pid(a)) {
            c = {a, x, unique, y};
            return true;
        }
    }
    return false;
}

// Appends the trimmed polygon as a fan of triangles of face `face`'s material and part, vertex k
// with normal normals[k] (when the mesh has normals).
void appendPolygon(geometry::Mesh& out, const geometry::Mesh& in, const TrimmedCard& t, int face,
                   const std::vector<Eigen::Vector3f>& normals) {
    const int base = static_cast<int>(out.positions.size());
    for (std::size_t k = 0; k < t.positions.size(); ++k) {
        out.positions.push_back(t.positions[k]);
        if (!in.uvs.empty()) out.uvs.push_back(t.uvs[k]);
        if (!in.normals.empty()) out.normals.push_back(normals[k]);
    }
    const auto f = static_cast<std::size_t>(face);
    for (int k = 1; k + 1 < static_cast<int>(t.positions.size()); ++k) {
        out.triangles.emplace_back(base, base + k, base + k + 1);
        out.faceMaterial.push_back(in.faceMaterial[f]);
        out.facePart.push_back(f < in.facePart.size() ? in.facePart[f] : 0);
    }
}

// A piece of a face: its corners as barycentric weights of the face's three vertices.
using Piece = std::array<Eigen::Vector3f, 3>;

// The face split `levels` times at its edge midpoints (4^levels pieces, same winding).
std::vector<Piece> splitFace(int levels) {
    std::vector<Piece> pieces{{Eigen::Vector3f(1, 0, 0), Eigen::Vector3f(0, 1, 0), Eigen::Vector3f(0, 0, 1)}};
    for (int l = 0; l < levels; ++l) {
        std::vector<Piece> next;
        for (const Piece& p : pieces) {
            const Eigen::Vector3f m01 = 0.5f * (p[0] + p[1]), m12 = 0.5f * (p[1] + p[2]), m20 = 0.5f * (p[2] + p[0]);
            next.push_back({p[0], m01, m20});
            next.push_back({m01, p[1], m12});
            next.push_back({m20, m12, p[2]});
            next.push_back({m01, m12, m20});
        }
        pieces = std::move(next);
    }
    return pieces;
}

// Trims a card that is not a parallelogram quad triangle by triangle into report; `empty` when
// every piece was. Normals are interpolated at the new vertices as the rasteriser would.
Status trimByTriangles(const geometry::Mesh& mesh, const std::vector<int>& faces, const AlphaLevels& texture,
                       float cutoff, const TrimSettings& settings, const std::string& at, TrimReport& report,
                       bool& empty) {
    const std::vector<Piece> pieces = splitFace(settings.subdivide);
    empty = true;
    for (int face : faces) {
        const Eigen::Vector3i tri = mesh.triangles[static_cast<std::size_t>(face)];
        auto vtx = [&](int k) { return static_cast<std::size_t>(tri[k]); };
        for (const Piece& piece : pieces) {
            CardTriangle ct;
            for (std::size_t c = 0; c < 3; ++c) {
                ct.positions[c] = Eigen::Vector3f::Zero();
                ct.uvs[c] = Eigen::Vector2f::Zero();
                for (int k = 0; k < 3; ++k) {
                    ct.positions[c] += piece[c][k] * mesh.positions[vtx(k)];
                    ct.uvs[c] += piece[c][k] * mesh.uvs[vtx(k)];
                }
            }
            auto trimmed = trimTriangle(texture, cutoff, ct, settings,
                                        at + ", face " + std::to_string(face));
            if (!trimmed) return trimmed.error();
            ++report.pieces;
            report.areaBefore += static_cast<double>(trimmed->areaBefore);
            report.areaAfter += static_cast<double>(trimmed->areaAfter);
            if (trimmed->empty) {
                ++report.piecesDropped;
                continue;
            }
            empty = false;
            std::vector<Eigen::Vector3f> normals;
            if (!mesh.normals.empty())
                for (const Eigen::Vector2f& st : trimmed->cardSt) {
                    const Eigen::Vector3f w = (1.f - st.x() - st.y()) * piece[0] + st.x() * piece[1] + st.y() * piece[2];
                    normals.push_back(w[0] * mesh.normals[vtx(0)] + w[1] * mesh.normals[vtx(1)] + w[2] * mesh.normals[vtx(2)]);
                }
            appendPolygon(report.mesh, mesh, *trimmed, face, normals);
        }
    }
    return {};
}

Status checkMaterials(const geometry::Mesh& mesh, const std::string& what) {
    for (const geometry::Material& m : mesh.materials) {
        if (!m.alphaMask) continue;
        const std::string at = what + " (material '" + m.name + "')";
        if (m.baseColorTexture < 0 || static_cast<std::size_t>(m.baseColorTexture) >= mesh.textures.size())
            return makeError(ErrorCode::InvalidInput, "alpha-MASK material has no texture", at);
        SW_TRY(checkMaskTexture(mesh.textures[static_cast<std::size_t>(m.baseColorTexture)], m.alphaCutoff, at));
    }
    return {};
}

}  // namespace

Result<TrimReport> trimCards(const geometry::Mesh& mesh, const TrimSettings& settings, const std::string& what) {
    SW_TRY(checkMaterials(mesh, what));
    if (!mesh.uvs.empty() && mesh.uvs.size() != mesh.positions.size())
        return makeError(ErrorCode::InvalidInput, "uvs do not match the vertices", what);
    if (!mesh.normals.empty() && mesh.normals.size() != mesh.positions.size())
        return makeError(ErrorCode::InvalidInput, "normals do not match the vertices", what);
    std::vector<int> pos;
    const std::vector<std::vector<int>> cards = maskCards(mesh, pos);
    if (!cards.empty() && mesh.uvs.empty())
        return makeError(ErrorCode::InvalidInput, "alpha-MASK cards have no texture coordinates", what);
    TrimReport report;
    geometry::Mesh& out = report.mesh;
    out.materials = mesh.materials;
    out.textures = mesh.textures;
    out.partNames = mesh.partNames;
    std::vector<int> remap(mesh.positions.size(), -1);
    std::vector<bool> onCard(mesh.triangles.size(), false);
    std::map<int, AlphaLevels> levels;  // per texture
    for (const auto& faces : cards) {
        const geometry::Material& mat = mesh.materials[static_cast<std::size_t>(mesh.faceMaterial[static_cast<std::size_t>(faces[0])])];
        auto cached = levels.find(mat.baseColorTexture);
        if (cached == levels.end())
            cached = levels.emplace(mat.baseColorTexture, alphaLevels(mesh.textures[static_cast<std::size_t>(mat.baseColorTexture)], settings.mipLevels)).first;
        const AlphaLevels& texture = cached->second;
        const std::string at = what + " (material '" + mat.name + "')";
        ++report.cards;
        for (int f : faces) onCard[static_cast<std::size_t>(f)] = true;
        std::array<int, 4> c{};
        if (quadCorners(mesh, pos, faces, c)) {
            CardQuad quad;
            for (std::size_t k = 0; k < 4; ++k) {
                quad.positions[k] = mesh.positions[static_cast<std::size_t>(c[k])];
                quad.uvs[k] = mesh.uvs[static_cast<std::size_t>(c[k])];
            }
            // A quad that is not a planar parallelogram with affine UVs goes triangle by triangle.
            if (auto trimmed = trimCard(texture, mat.alphaCutoff, quad, settings, at)) {
                ++report.quads;
                report.areaBefore += static_cast<double>(trimmed->areaBefore);
                report.areaAfter += static_cast<double>(trimmed->areaAfter);
                if (trimmed->empty) ++report.dropped;
                else appendPolygon(out, mesh, *trimmed, faces[0],
                                   std::vector<Eigen::Vector3f>(trimmed->positions.size(), mesh.normals.empty() ? Eigen::Vector3f::Zero() : mesh.normals[static_cast<std::size_t>(c[0])]));
                continue;
            }
        }
        bool empty = true;
        SW_TRY(trimByTriangles(mesh, faces, texture, mat.alphaCutoff, settings, at, report, empty));
        if (empty) ++report.dropped;
    }
    for (std::size_t f = 0; f < mesh.triangles.size(); ++f) {
        if (onCard[f]) continue;
        Eigen::Vector3i t;
        for (int k = 0; k < 3; ++k) {
            const auto v = static_cast<std::size_t>(mesh.triangles[f][k]);
            if (remap[v] < 0) {
                remap[v] = static_cast<int>(out.positions.size());
                out.positions.push_back(mesh.positions[v]);
                if (!mesh.uvs.empty()) out.uvs.push_back(mesh.uvs[v]);
                if (!mesh.normals.empty()) out.normals.push_back(mesh.normals[v]);
            }
            t[k] = remap[v];
        }
        out.triangles.push_back(t);
        out.faceMaterial.push_back(f < mesh.faceMaterial.size() ? mesh.faceMaterial[f] : 0);
        out.facePart.push_back(f < mesh.facePart.size() ? mesh.facePart[f] : 0);
    }
    return report;
}

}  // namespace sw::foliage
