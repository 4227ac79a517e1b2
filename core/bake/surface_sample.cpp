#include "core/bake/surface_sample.h"

#include <Eigen/Geometry>
#include <algorithm>
#include <cmath>
#include <random>
#include <vector>

#include "core/foundation/check.h"

namespace sw::bake {

namespace {

double uniform01(std::mt19937& rng) { return double(rng()) / 4294967296.0; }

Eigen::Vector3f baseColor(const geometry::Mesh& mesh, std::size_t f, const Eigen::Vector3f& bary) {
    Eigen::Vector3f rgb(0.7f, 0.7f, 0.7f);
    if (f >= mesh.faceMaterial.size()) return rgb;
    const int m = mesh.faceMaterial[f];
    if (m < 0 || std::size_t(m) >= mesh.materials.size()) return rgb;
    const geometry::Material& mat = mesh.materials[std::size_t(m)];
    rgb = Eigen::Vector3f(mat.baseColorFactor[0], mat.baseColorFactor[1], mat.baseColorFactor[2]);
    const int t = mat.baseColorTexture;
    if (t < 0 || std::size_t(t) >= mesh.textures.size() || mesh.uvs.size() != mesh.positions.size()) return rgb;
    const geometry::Image& img = mesh.textures[std::size_t(t)];
    if (img.empty()) return rgb;
    const Eigen::Vector3i& tri = mesh.triangles[f];
    const Eigen::Vector2f uv = bary[0] * mesh.uvs[std::size_t(tri[0])] + bary[1] * mesh.uvs[std::size_t(tri[1])] +
                               bary[2] * mesh.uvs[std::size_t(tri[2])];
    const auto wrap = [](float v) { return v - std::floor(v); };
    const int x = std::clamp(int(wrap(uv.x()) * float(img.width)), 0, img.width - 1);
    const int y = std::clamp(int(wrap(uv.y()) * float(img.height)), 0, img.height - 1);  // glTF v runs down
    const std::uint8_t* px = &img.rgba[(std::size_t(y) * std::size_t(img.width) + std::size_t(x)) * 4];
    return rgb.cwiseProduct(Eigen::Vector3f(px[0], px[1], px[2]) / 255.f);
}

}  // namespace

splat::SplatCloud sampleSurface(const geometry::Mesh& mesh, const SurfaceSampleSettings& s) {
    SW_REQUIRE(s.count > 0 && !mesh.triangles.empty(), "count=" << s.count << " triangles=" << mesh.triangles.size());
    std::vector<double> cumulative(mesh.triangles.size());
    double total = 0;
    for (std::size_t f = 0; f < mesh.triangles.size(); ++f) {
        total += 0.5 * double(geometry::faceNormalArea(mesh, f).norm());
        cumulative[f] = total;
    }
    SW_REQUIRE(total > 0, "mesh area=" << total);
    const float sigma = s.sizeFactor * float(std::sqrt(total / s.count));
    std::mt19937 rng(s.seed);
    splat::SplatCloud cloud;
    cloud.resize(std::size_t(s.count));
    for (std::size_t i = 0; i < std::size_t(s.count); ++i) {
        const double pick = uniform01(rng) * total;
        const auto f = std::size_t(std::min<std::ptrdiff_t>(
            std::lower_bound(cumulative.begin(), cumulative.end(), pick) - cumulative.begin(), std::ptrdiff_t(cumulative.size()) - 1));
        double u = uniform01(rng), v = uniform01(rng);
        if (u + v > 1) {
            u = 1 - u;
            v = 1 - v;
        }
        const Eigen::Vector3f bary(float(1 - u - v), float(u), float(v));
        const Eigen::Vector3i& t = mesh.triangles[f];
        const Eigen::Vector3f& a = mesh.positions[std::size_t(t[0])];
        const Eigen::Vector3f& b = mesh.positions[std::size_t(t[1])];
        const Eigen::Vector3f& c = mesh.positions[std::size_t(t[2])];
        Eigen::Vector3f n = geometry::faceNormalArea(mesh, f);
        n = n.squaredNorm() > 0 ? n.normalized() : Eigen::Vector3f::UnitZ();
        const float offset = s.normalJitter * float(uniform01(rng) * 2 - 1);
        cloud.positions[i] = bary[0] * a + bary[1] * b + bary[2] * c + offset * n;
        Eigen::Matrix3f frame;
        frame.col(0) = (b - a).normalized();
        frame.col(2) = n;
        frame.col(1) = n.cross(frame.col(0)).normalized();
        frame.col(0) = frame.col(1).cross(n);
        const Eigen::Quaternionf q(frame);
        cloud.rotations[i] = Eigen::Vector4f(q.w(), q.x(), q.y(), q.z());
        const float size = sigma * float(0.7 + 0.6 * uniform01(rng));
        cloud.scales[i] = Eigen::Vector3f(size, 0.8f * size, 0.15f * size);
        const bool shell = uniform01(rng) < double(s.shellShare);
        cloud.opacities[i] = shell ? float(0.3 + 0.55 * uniform01(rng)) : float(0.92 + 0.08 * uniform01(rng));
        cloud.colors[i] = baseColor(mesh, f, bary);
    }
    return cloud;
}

}  // namespace sw::bake
