// Trimming every alpha-MASK card of a mesh (trim.h): find the cards, trim each parallelogram quad
// as one polygon and any other card triangle by triangle, rebuild the mesh.
#include <algorithm>
#include <cmath>
#include <map>
#include <numeric>
#include <optional>
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

// A polygon's fan of triangles in texels of `texture`'s full resolution.
void fanTexels(const TrimmedCard& t, const AlphaLevels& texture, std::vector<std::array<Eigen::Vector2f, 3>>& out) {
    const Eigen::Vector2f size(static_cast<float>(texture.widths[0]), static_cast<float>(texture.heights[0]));
    for (std::size_t k = 1; k + 1 < t.uvs.size(); ++k)
        out.push_back({t.uvs[0].cwiseProduct(size), t.uvs[k].cwiseProduct(size), t.uvs[k + 1].cwiseProduct(size)});
}

// The pixel of settings.viewMip in texels.
float viewPixel(const TrimSettings& settings) { return std::ldexp(1.f, settings.viewMip); }

// One face cut after `levels` midpoint splits: its non-empty pieces.
struct Cut {
    std::vector<std::pair<Piece, TrimmedCard>> pieces;
    int tried = 0, dropped = 0;
    double areaBefore = 0.0, areaAfter = 0.0;
};

Result<Cut> cutFace(const geometry::Mesh& mesh, int face, int levels, const AlphaLevels& texture, float cutoff,
                    const TrimSettings& settings, const std::string& at) {
    const Eigen::Vector3i tri = mesh.triangles[static_cast<std::size_t>(face)];
    Cut cut;
    for (const Piece& piece : splitFace(levels)) {
        CardTriangle ct;
        for (std::size_t c = 0; c < 3; ++c) {
            ct.positions[c] = Eigen::Vector3f::Zero();
            ct.uvs[c] = Eigen::Vector2f::Zero();
            for (int k = 0; k < 3; ++k) {
                ct.positions[c] += piece[c][k] * mesh.positions[static_cast<std::size_t>(tri[k])];
                ct.uvs[c] += piece[c][k] * mesh.uvs[static_cast<std::size_t>(tri[k])];
            }
        }
        auto trimmed = trimTriangle(texture, cutoff, ct, settings, at + ", face " + std::to_string(face));
        if (!trimmed) return trimmed.error();
        ++cut.tried;
        cut.areaBefore += static_cast<double>(trimmed->areaBefore);
        cut.areaAfter += static_cast<double>(trimmed->areaAfter);
        if (trimmed->empty) ++cut.dropped;
        else cut.pieces.emplace_back(piece, std::move(*trimmed));
    }
    return cut;
}

// Trims a card that is not a parallelogram quad triangle by triangle into report; `empty` when
// every face was. With settings.viewMip >= 0 each face is kept whole (keepWhole[face], copied as
// it is) or cut after 0..subdivide splits, whichever touches the fewest blocks at that mip level.
// Normals are interpolated at the new vertices as the rasteriser would.
Status trimByTriangles(const geometry::Mesh& mesh, const std::vector<int>& faces, const AlphaLevels& texture,
                       float cutoff, const TrimSettings& settings, const std::string& at, TrimReport& report,
                       bool& empty, std::vector<bool>& keepWhole) {
    empty = true;
    for (int face : faces) {
        const Eigen::Vector3i tri = mesh.triangles[static_cast<std::size_t>(face)];
        auto vtx = [&](int k) { return static_cast<std::size_t>(tri[k]); };
        const int first = settings.viewMip >= 0 ? 0 : settings.subdivide;
        std::optional<Cut> best;
        double bestCost = 0.0;
        for (int levels = first; levels <= settings.subdivide; ++levels) {
            auto cut = cutFace(mesh, face, levels, texture, cutoff, settings, at);
            if (!cut) return cut.error();
            if (settings.viewMip < 0) {
                best = std::move(*cut);
                break;
            }
            std::vector<std::array<Eigen::Vector2f, 3>> fan;
            for (const auto& piece : cut->pieces) fanTexels(piece.second, texture, fan);
            const double cost = blocksTouched(fan, viewPixel(settings));
            if (!best || cost < bestCost) best = std::move(*cut), bestCost = cost;
        }
        if (!best->pieces.empty() && settings.viewMip >= 0) {  // the face whole, if that costs fewer blocks
            const Eigen::Vector2f size(static_cast<float>(texture.widths[0]), static_cast<float>(texture.heights[0]));
            const std::vector<std::array<Eigen::Vector2f, 3>> whole{{mesh.uvs[vtx(0)].cwiseProduct(size),
                                                                     mesh.uvs[vtx(1)].cwiseProduct(size),
                                                                     mesh.uvs[vtx(2)].cwiseProduct(size)}};
            if (blocksTouched(whole, viewPixel(settings)) <= bestCost) {
                keepWhole[static_cast<std::size_t>(face)] = true;
                ++report.kept;
                report.areaBefore += best->areaBefore;
                report.areaAfter += best->areaBefore;
                empty = false;
                continue;
            }
        }
        report.pieces += best->tried;
        report.piecesDropped += best->dropped;
        report.areaBefore += best->areaBefore;
        report.areaAfter += best->areaAfter;
        for (const auto& [piece, trimmed] : best->pieces) {
            empty = false;
            std::vector<Eigen::Vector3f> normals;
            if (!mesh.normals.empty())
                for (const Eigen::Vector2f& st : trimmed.cardSt) {
                    const Eigen::Vector3f w = (1.f - st.x() - st.y()) * piece[0] + st.x() * piece[1] + st.y() * piece[2];
                    normals.push_back(w[0] * mesh.normals[vtx(0)] + w[1] * mesh.normals[vtx(1)] + w[2] * mesh.normals[vtx(2)]);
                }
            appendPolygon(report.mesh, mesh, trimmed, face, normals);
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
                if (!trimmed->empty && settings.viewMip >= 0) {  // the quad whole, if that costs fewer blocks
                    std::vector<std::array<Eigen::Vector2f, 3>> fan;
                    fanTexels(*trimmed, texture, fan);
                    const Eigen::Vector2f size(static_cast<float>(texture.widths[0]), static_cast<float>(texture.heights[0]));
                    std::array<Eigen::Vector2f, 4> q;
                    for (std::size_t k = 0; k < 4; ++k) q[k] = quad.uvs[k].cwiseProduct(size);
                    if (blocksTouched({{q[0], q[1], q[3]}, {q[1], q[2], q[3]}}, viewPixel(settings)) <= blocksTouched(fan, viewPixel(settings))) {
                        for (int f : faces) onCard[static_cast<std::size_t>(f)] = false;
                        ++report.kept;
                        report.areaBefore += static_cast<double>(trimmed->areaBefore);
                        report.areaAfter += static_cast<double>(trimmed->areaBefore);
                        continue;
                    }
                }
                report.areaBefore += static_cast<double>(trimmed->areaBefore);
                report.areaAfter += static_cast<double>(trimmed->areaAfter);
                if (trimmed->empty) ++report.dropped;
                else appendPolygon(out, mesh, *trimmed, faces[0],
                                   std::vector<Eigen::Vector3f>(trimmed->positions.size(), mesh.normals.empty() ? Eigen::Vector3f::Zero() : mesh.normals[static_cast<std::size_t>(c[0])]));
                continue;
            }
        }
        bool empty = true;
        std::vector<bool> keepWhole(mesh.triangles.size(), false);
        SW_TRY(trimByTriangles(mesh, faces, texture, mat.alphaCutoff, settings, at, report, empty, keepWhole));
        for (int f : faces)
            if (keepWhole[static_cast<std::size_t>(f)]) onCard[static_cast<std::size_t>(f)] = false;
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
