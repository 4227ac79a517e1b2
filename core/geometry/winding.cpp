#include "core/geometry/winding.h"

#include <algorithm>
#include <cmath>
#include <cstdint>
#include <numeric>
#include <unordered_map>
#include <utility>

namespace sw::geometry {
namespace {

// Union-find with path halving (Tarjan 1975).
struct DisjointSets {
    std::vector<int> parent;
    explicit DisjointSets(std::size_t n) : parent(n) { std::iota(parent.begin(), parent.end(), 0); }
    int find(int x) {
        while (parent[x] != x) x = parent[x] = parent[parent[x]];
        return x;
    }
    void unite(int a, int b) {
        a = find(a);
        b = find(b);
        if (a != b) parent[std::max(a, b)] = std::min(a, b);
    }
};

struct CellHash {
    std::size_t operator()(const Eigen::Vector3i& c) const {
        return (static_cast<std::size_t>(c.x()) * 73856093u) ^ (static_cast<std::size_t>(c.y()) * 19349663u) ^
               (static_cast<std::size_t>(c.z()) * 83492791u);
    }
};

// [V] welded position id per vertex: positions quantised to a grid of kWeldEpsilon × diagonal.
std::vector<int> weldPositions(const Mesh& mesh) {
    const Bounds b = computeBounds(mesh);
    const float diag = mesh.positions.empty() ? 1.f : b.size().norm();
    const float cell = std::max(diag * kWeldEpsilon, 1e-30f);
    std::unordered_map<Eigen::Vector3i, int, CellHash> ids;
    ids.reserve(mesh.positions.size());
    std::vector<int> weld(mesh.positions.size());
    for (std::size_t v = 0; v < mesh.positions.size(); ++v) {
        const Eigen::Vector3f q = ((mesh.positions[v] - b.min) / cell).array().round();
        const Eigen::Vector3i key = q.cast<int>();
        weld[v] = ids.emplace(key, static_cast<int>(ids.size())).first->second;
    }
    return weld;
}

}  // namespace

FaceComponents faceComponents(const Mesh& mesh, Adjacency adjacency) {
    const std::vector<int> weld = weldPositions(mesh);
    const std::size_t nf = mesh.triangles.size();
    DisjointSets sets(nf);
    // Undirected edge (welded ids; a == b for a vertex) → first face seen with it.
    std::unordered_map<std::uint64_t, int> edgeFace;
    edgeFace.reserve(nf * 3);
    for (std::size_t f = 0; f < nf; ++f) {
        for (int k = 0; k < 3; ++k) {
            std::uint32_t a = static_cast<std::uint32_t>(weld[mesh.triangles[f][k]]);
            std::uint32_t b = adjacency == Adjacency::Vertex ? a : static_cast<std::uint32_t>(weld[mesh.triangles[f][(k + 1) % 3]]);
            if (a == b && adjacency == Adjacency::Edge) continue;  // degenerate edge
            if (a > b) std::swap(a, b);
            const std::uint64_t key = (static_cast<std::uint64_t>(a) << 32) | b;
            auto [it, inserted] = edgeFace.emplace(key, static_cast<int>(f));
            if (!inserted) sets.unite(it->second, static_cast<int>(f));
        }
    }
    FaceComponents out;
    out.faceComponent.assign(nf, -1);
    std::vector<int> rootId(nf, -1);
    for (std::size_t f = 0; f < nf; ++f) {
        const int r = sets.find(static_cast<int>(f));
        if (rootId[r] < 0) rootId[r] = out.count++;
        out.faceComponent[f] = rootId[r];
    }
    return out;
}

int countComponents(const Mesh& mesh, Adjacency adjacency) { return faceComponents(mesh, adjacency).count; }

WindingReport repairWinding(Mesh& mesh) {
    WindingReport report;
    const FaceComponents comps = faceComponents(mesh);
    report.components = comps.count;
    const std::size_t nf = mesh.triangles.size();
    if (nf == 0) return report;

    // Area-weighted centroid of the surface.
    Eigen::Vector3d centroid = Eigen::Vector3d::Zero();
    double totalArea = 0;
    std::vector<Eigen::Vector3d> normals(nf), centres(nf);
    for (std::size_t f = 0; f < nf; ++f) {
        const Eigen::Vector3i& t = mesh.triangles[f];
        normals[f] = faceNormalArea(mesh, f).cast<double>();
        centres[f] = ((mesh.positions[t[0]] + mesh.positions[t[1]] + mesh.positions[t[2]]) / 3.f).cast<double>();
        const double area = 0.5 * normals[f].norm();
        centroid += area * centres[f];
        totalArea += area;
    }
    centroid = totalArea > 0 ? Eigen::Vector3d(centroid / totalArea) : Eigen::Vector3d::Zero();

    std::vector<double> vote(comps.count, 0.0);
    for (std::size_t f = 0; f < nf; ++f) vote[comps.faceComponent[f]] += normals[f].dot(centres[f] - centroid);

    double flippedArea = 0;
    std::vector<char> vertexFlipped(mesh.positions.size(), 0);
    for (std::size_t f = 0; f < nf; ++f) {
        if (vote[comps.faceComponent[f]] >= 0) continue;
        Eigen::Vector3i& t = mesh.triangles[f];
        std::swap(t[1], t[2]);
        ++report.flippedFaces;
        flippedArea += 0.5 * normals[f].norm();
        for (int k = 0; k < 3; ++k) vertexFlipped[t[k]] = 1;
    }
    for (double v : vote) report.flippedComponents += v < 0 ? 1 : 0;
    report.flippedAreaShare = totalArea > 0 ? flippedArea / totalArea : 0.0;

    // Keep vertex normals on the front side of their (now repaired) faces.
    if (mesh.normals.size() == mesh.positions.size() && report.flippedFaces > 0) {
        std::vector<Eigen::Vector3f> faceSum(mesh.positions.size(), Eigen::Vector3f::Zero());
        for (std::size_t f = 0; f < nf; ++f) {
            const Eigen::Vector3f n = faceNormalArea(mesh, f);
            for (int k = 0; k < 3; ++k) faceSum[mesh.triangles[f][k]] += n;
        }
        for (std::size_t v = 0; v < mesh.normals.size(); ++v)
            if (vertexFlipped[v] && mesh.normals[v].dot(faceSum[v]) < 0) mesh.normals[v] = -mesh.normals[v];
    }
    return report;
}

}  // namespace sw::geometry
