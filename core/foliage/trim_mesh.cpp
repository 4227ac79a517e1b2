// Trimming every alpha-MASK card of a mesh (trim.h): find the quads, trim each, rebuild the mesh.
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

// Appends the trimmed card as a fan of triangles of the card's material, part and normal.
void appendPolygon(geometry::Mesh& out, const geometry::Mesh& in, const TrimmedCard& t, int face, int corner) {
    const int base = static_cast<int>(out.positions.size());
    for (std::size_t k = 0; k < t.positions.size(); ++k) {
        out.positions.push_back(t.positions[k]);
        if (!in.uvs.empty()) out.uvs.push_back(t.uvs[k]);
        if (!in.normals.empty()) out.normals.push_back(in.normals[static_cast<std::size_t>(corner)]);
    }
    const auto f = static_cast<std::size_t>(face);
    for (int k = 1; k + 1 < static_cast<int>(t.positions.size()); ++k) {
        out.triangles.emplace_back(base, base + k, base + k + 1);
        out.faceMaterial.push_back(in.faceMaterial[f]);
        out.facePart.push_back(f < in.facePart.size() ? in.facePart[f] : 0);
    }
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
    std::vector<int> pos;
    const std::vector<std::vector<int>> cards = maskCards(mesh, pos);
    TrimReport report;
    geometry::Mesh& out = report.mesh;
    out.materials = mesh.materials;
    out.textures = mesh.textures;
    out.partNames = mesh.partNames;
    std::vector<int> remap(mesh.positions.size(), -1);
    std::vector<bool> onCard(mesh.triangles.size(), false);
    for (const auto& faces : cards) {
        const geometry::Material& mat = mesh.materials[static_cast<std::size_t>(mesh.faceMaterial[static_cast<std::size_t>(faces[0])])];
        const std::string at = what + " (material '" + mat.name + "')";
        std::array<int, 4> c{};
        if (mesh.uvs.empty() || !quadCorners(mesh, pos, faces, c))
            return makeError(ErrorCode::InvalidInput, "a card of " + std::to_string(faces.size()) + " triangles is not a quad", at);
        CardQuad quad;
        for (int k = 0; k < 4; ++k) {
            quad.positions[static_cast<std::size_t>(k)] = mesh.positions[static_cast<std::size_t>(c[static_cast<std::size_t>(k)])];
            quad.uvs[static_cast<std::size_t>(k)] = mesh.uvs[static_cast<std::size_t>(c[static_cast<std::size_t>(k)])];
        }
        auto trimmed = trimCard(mesh.textures[static_cast<std::size_t>(mat.baseColorTexture)], mat.alphaCutoff, quad, settings, at);
        if (!trimmed) return trimmed.error();
        ++report.cards;
        report.areaBefore += static_cast<double>(trimmed->areaBefore);
        report.areaAfter += static_cast<double>(trimmed->areaAfter);
        for (int f : faces) onCard[static_cast<std::size_t>(f)] = true;
        if (trimmed->empty) ++report.dropped;
        else appendPolygon(out, mesh, *trimmed, faces[0], c[0]);
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
