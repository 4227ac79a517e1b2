#include "core/geometry/surface_sampler.h"

#include <algorithm>
#include <cmath>
#include <random>
#include <string>

namespace sw::geometry {
namespace {

int wrapIndex(int i, int n) {
    const int m = i % n;
    return m < 0 ? m + n : m;
}

// Base colour of face f at barycentric weights w: texture (if any) × factor.
Eigen::Vector3f faceColor(const Mesh& mesh, std::size_t f, const Eigen::Vector3f& w) {
    const int materialIndex = f < mesh.faceMaterial.size() ? mesh.faceMaterial[f] : -1;
    if (materialIndex < 0 || materialIndex >= int(mesh.materials.size())) return Eigen::Vector3f::Ones();
    const Material& material = mesh.materials[std::size_t(materialIndex)];
    const Eigen::Vector3f factor(material.baseColorFactor[0], material.baseColorFactor[1],
                                 material.baseColorFactor[2]);
    const int t = material.baseColorTexture;
    if (t < 0 || t >= int(mesh.textures.size()) || mesh.textures[std::size_t(t)].empty() ||
        mesh.uvs.size() != mesh.positions.size())
        return factor;
    const Eigen::Vector3i& tri = mesh.triangles[f];
    const Eigen::Vector2f uv = w[0] * mesh.uvs[std::size_t(tri[0])] + w[1] * mesh.uvs[std::size_t(tri[1])] +
                               w[2] * mesh.uvs[std::size_t(tri[2])];
    return sampleTextureBilinear(mesh.textures[std::size_t(t)], uv).cwiseProduct(factor);
}

}  // namespace

Eigen::Vector3f sampleTextureBilinear(const Image& image, const Eigen::Vector2f& uv) {
    // Texel (i, j) has its centre at ((i + 0.5)/W, (j + 0.5)/H).
    const float x = uv.x() * float(image.width) - 0.5f;
    const float y = uv.y() * float(image.height) - 0.5f;
    const float fx = std::floor(x), fy = std::floor(y);
    const float tx = x - fx, ty = y - fy;
    Eigen::Vector3f sum = Eigen::Vector3f::Zero();
    for (int dy = 0; dy < 2; ++dy) {
        for (int dx = 0; dx < 2; ++dx) {
            const int i = wrapIndex(int(fx) + dx, image.width);
            const int j = wrapIndex(int(fy) + dy, image.height);
            const std::uint8_t* p = &image.rgba[(std::size_t(j) * std::size_t(image.width) + std::size_t(i)) * 4];
            const float weight = (dx ? tx : 1 - tx) * (dy ? ty : 1 - ty);
            sum += weight * Eigen::Vector3f(p[0], p[1], p[2]);
        }
    }
    return sum / 255.f;
}

Result<SurfaceSamples> sampleSurface(const Mesh& mesh, int count, std::uint64_t seed) {
    if (count <= 0)
        return makeError(ErrorCode::InvalidInput, "surface sample count must be positive, got " + std::to_string(count));
    if (mesh.triangles.empty()) return makeError(ErrorCode::InvalidInput, "cannot sample a mesh without triangles");
    const int vertexCount = int(mesh.positions.size());
    std::vector<double> cumulative(mesh.triangles.size());  // [F] running sum of face areas
    double total = 0;
    for (std::size_t f = 0; f < mesh.triangles.size(); ++f) {
        const Eigen::Vector3i& tri = mesh.triangles[f];
        if (tri.minCoeff() < 0 || tri.maxCoeff() >= vertexCount)
            return makeError(ErrorCode::InvalidInput, "triangle " + std::to_string(f) + " has a vertex index out of range");
        const double area = 0.5 * double(faceNormalArea(mesh, f).norm());
        total += std::isfinite(area) ? area : 0.0;
        cumulative[f] = total;
    }
    if (!(total > 0)) return makeError(ErrorCode::InvalidInput, "cannot sample a mesh of zero surface area");

    std::mt19937_64 rng(seed);
    std::uniform_real_distribution<double> uniform(0.0, 1.0);
    SurfaceSamples out;
    out.points.reserve(std::size_t(count));
    for (int s = 0; s < count; ++s) {
        const double pick = uniform(rng) * total;
        const auto it = std::upper_bound(cumulative.begin(), cumulative.end(), pick);
        const std::size_t f = std::min<std::size_t>(std::size_t(it - cumulative.begin()), cumulative.size() - 1);
        const float r1 = float(std::sqrt(uniform(rng))), r2 = float(uniform(rng));
        const Eigen::Vector3f w(1 - r1, r1 * (1 - r2), r1 * r2);
        const Eigen::Vector3i& tri = mesh.triangles[f];
        const Eigen::Vector3f p = w[0] * mesh.positions[std::size_t(tri[0])] +
                                  w[1] * mesh.positions[std::size_t(tri[1])] +
                                  w[2] * mesh.positions[std::size_t(tri[2])];
        out.points.push_back(p);
        out.faces.push_back(int(f));
        out.barycentrics.push_back(w);
        out.colors.push_back(faceColor(mesh, f, w));
        out.normals.push_back(faceNormalArea(mesh, f).normalized());
    }
    return out;
}

}  // namespace sw::geometry
