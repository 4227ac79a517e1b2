// Connected plants of a mesh (union–find over shared vertices and positions), their roots and
// the per-vertex weights of main and detail bending (GPU Gems 3 ch. 16, derived from the shape
// when the asset carries none).
#include <algorithm>
#include <cmath>
#include <numeric>
#include <tuple>

#include "core/foliage/plant.h"

namespace sw::foliage {
namespace {

class UnionFind {
public:
    explicit UnionFind(std::size_t n) : m_parent(n) { std::iota(m_parent.begin(), m_parent.end(), 0u); }
    std::uint32_t find(std::uint32_t x) {
        while (m_parent[x] != x) x = m_parent[x] = m_parent[m_parent[x]];  // path halving
        return x;
    }
    void unite(std::uint32_t a, std::uint32_t b) {
        a = find(a);
        b = find(b);
        if (a != b) m_parent[std::max(a, b)] = std::min(a, b);  // smallest index is the root
    }

private:
    std::vector<std::uint32_t> m_parent;
};

Status checkPoints(const std::vector<Eigen::Vector3f>& points, const std::string& what) {
    if (points.empty()) return makeError(ErrorCode::InvalidInput, "foliage asset has no vertices", what);
    for (std::size_t i = 0; i < points.size(); ++i)
        if (!points[i].allFinite())
            return makeError(ErrorCode::InvalidInput, "vertex " + std::to_string(i) + " is not finite", what);
    return {};
}

// Welds equal positions: vertices whose positions quantise to the same cell are united.
void weldPositions(const std::vector<Eigen::Vector3f>& p, UnionFind& uf) {
    Eigen::Vector3f lo = p[0], hi = p[0];
    for (const auto& v : p) {
        lo = lo.cwiseMin(v);
        hi = hi.cwiseMax(v);
    }
    const double q = std::max(1e-6 * static_cast<double>((hi - lo).norm()), 1e-12);
    using Key = std::tuple<long long, long long, long long, std::uint32_t>;
    std::vector<Key> keys(p.size());
    for (std::size_t i = 0; i < p.size(); ++i)
        keys[i] = {std::llround(static_cast<double>(p[i].x() - lo.x()) / q),
                   std::llround(static_cast<double>(p[i].y() - lo.y()) / q),
                   std::llround(static_cast<double>(p[i].z() - lo.z()) / q), static_cast<std::uint32_t>(i)};
    std::sort(keys.begin(), keys.end());
    for (std::size_t i = 1; i < keys.size(); ++i)
        if (std::get<0>(keys[i]) == std::get<0>(keys[i - 1]) && std::get<1>(keys[i]) == std::get<1>(keys[i - 1]) &&
            std::get<2>(keys[i]) == std::get<2>(keys[i - 1]))
            uf.unite(std::get<3>(keys[i]), std::get<3>(keys[i - 1]));
}

// Root, height, radius and weights of plant `pi` from its vertex list.
void measurePlant(const std::vector<Eigen::Vector3f>& p, const std::vector<std::uint32_t>& verts, int pi,
                  PlantSet& set) {
    Plant& plant = set.plants[static_cast<std::size_t>(pi)];
    float zMin = p[verts[0]].z(), zMax = zMin;
    for (std::uint32_t v : verts) {
        zMin = std::min(zMin, p[v].z());
        zMax = std::max(zMax, p[v].z());
    }
    plant.height = zMax - zMin;
    const float band = zMin + 0.02f * plant.height;
    Eigen::Vector2f lo(INFINITY, INFINITY), hi(-INFINITY, -INFINITY);
    for (std::uint32_t v : verts)
        if (p[v].z() <= band) {
            lo = lo.cwiseMin(p[v].head<2>());
            hi = hi.cwiseMax(p[v].head<2>());
        }
    const Eigen::Vector2f base = 0.5f * (lo + hi);  // extent, not mean: duplicated seam vertices do not pull it
    plant.root = Eigen::Vector3f(base.x(), base.y(), zMin);
    for (std::uint32_t v : verts) plant.radius = std::max(plant.radius, (p[v].head<2>() - plant.root.head<2>()).norm());
    for (std::uint32_t v : verts) {
        const float h = p[v].z() - zMin;
        const float u = plant.height > 0.f ? h / plant.height : 0.f;
        const float d = plant.radius > 0.f ? (p[v].head<2>() - plant.root.head<2>()).norm() / plant.radius : 0.f;
        const float nearRoot = std::clamp(u * 4.f, 0.f, 1.f);  // the detail fades in over the lowest quarter
        set.vertexPlant[v] = pi;
        set.height[v] = h;
        set.mainWeight[v] = mainBendWeight(u);
        set.detailWeight[v] = std::clamp(d, 0.f, 1.f) * nearRoot * nearRoot * (3.f - 2.f * nearRoot);
    }
}

void finishPlant(Plant& plant, const PlantSettings& s) {
    plant.heightMetres = plant.height * s.metresPerUnit;
    plant.touch = touchResponse(plant.heightMetres, s.touch);
    plant.wind = defaultWindForHeight(plant.heightMetres, s.touch);
    const auto m = static_cast<std::size_t>(plant.material);
    if (plant.material >= 0 && m < s.materialWind.size() && s.materialWind[m]) plant.wind = *s.materialWind[m];
}

void resizeSet(PlantSet& set, std::size_t n) {
    set.vertexPlant.assign(n, -1);
    set.height.assign(n, 0.f);
    set.mainWeight.assign(n, 0.f);
    set.detailWeight.assign(n, 0.f);
}

}  // namespace

Result<PlantSet> analysePlants(const geometry::Mesh& mesh, const PlantSettings& settings, const std::string& what) {
    SW_TRY(checkPoints(mesh.positions, what));
    SW_REQUIRE(settings.metresPerUnit > 0.f, "metresPerUnit=" << settings.metresPerUnit);
    const std::size_t n = mesh.positions.size();
    UnionFind uf(n);
    for (const Eigen::Vector3i& t : mesh.triangles) {
        SW_REQUIRE((t.array() >= 0).all() && (t.array() < static_cast<int>(n)).all(), "triangle " << t.transpose());
        uf.unite(static_cast<std::uint32_t>(t[0]), static_cast<std::uint32_t>(t[1]));
        uf.unite(static_cast<std::uint32_t>(t[0]), static_cast<std::uint32_t>(t[2]));
    }
    weldPositions(mesh.positions, uf);
    std::vector<int> plantOfRoot(n, -1);
    std::vector<std::vector<std::uint32_t>> members;
    for (std::uint32_t v = 0; v < n; ++v) {
        const std::uint32_t r = uf.find(v);
        if (plantOfRoot[r] < 0) {
            plantOfRoot[r] = static_cast<int>(members.size());
            members.emplace_back();
        }
        members[static_cast<std::size_t>(plantOfRoot[r])].push_back(v);
    }
    PlantSet set;
    set.plants.resize(members.size());
    resizeSet(set, n);
    for (std::size_t pi = 0; pi < members.size(); ++pi) measurePlant(mesh.positions, members[pi], static_cast<int>(pi), set);
    // Dominant material of each plant, by face count.
    std::vector<std::vector<int>> faces(members.size(), std::vector<int>(mesh.materials.size(), 0));
    for (std::size_t f = 0; f < mesh.triangles.size() && f < mesh.faceMaterial.size(); ++f) {
        const int m = mesh.faceMaterial[f];
        if (m >= 0 && static_cast<std::size_t>(m) < mesh.materials.size())
            ++faces[static_cast<std::size_t>(set.vertexPlant[static_cast<std::size_t>(mesh.triangles[f][0])])][static_cast<std::size_t>(m)];
    }
    for (std::size_t pi = 0; pi < members.size(); ++pi) {
        const auto& f = faces[pi];
        const auto best = std::max_element(f.begin(), f.end());
        if (best != f.end() && *best > 0) set.plants[pi].material = static_cast<int>(best - f.begin());
        finishPlant(set.plants[pi], settings);
    }
    return set;
}

Result<PlantSet> plantFromPoints(const std::vector<Eigen::Vector3f>& points, const PlantSettings& settings,
                                 const std::string& what) {
    SW_TRY(checkPoints(points, what));
    SW_REQUIRE(settings.metresPerUnit > 0.f, "metresPerUnit=" << settings.metresPerUnit);
    PlantSet set;
    set.plants.resize(1);
    resizeSet(set, points.size());
    std::vector<std::uint32_t> all(points.size());
    std::iota(all.begin(), all.end(), 0u);
    measurePlant(points, all, 0, set);
    finishPlant(set.plants[0], settings);
    return set;
}

}  // namespace sw::foliage
