// The export's debug picture of what the bake left out (export.h droppedPicture).
#include <algorithm>
#include <array>
#include <cmath>

#include "core/bake/detail/parallel.h"
#include "core/bake/export.h"
#include "core/geometry/ray_query.h"

namespace sw::bake {

namespace {

struct View {
    Eigen::Vector3f toCamera, right, up;
};

std::array<std::uint8_t, 3> signColour(std::uint8_t signs) {
    if (signs & DroppedSplat::Far) return {220, 40, 40};
    if (signs & DroppedSplat::Detached) return {235, 200, 20};
    if (signs & DroppedSplat::Silhouette) return {210, 40, 210};
    if (signs & DroppedSplat::Dataset) return {20, 200, 210};
    if (signs & DroppedSplat::Belly) return {40, 80, 230};
    return {10, 10, 10};  // dead
}

}  // namespace

Result<Rgba8Image> droppedPicture(const geometry::Mesh& mesh, const BakedModel& baked, int panel) {
    auto built = geometry::RayQuery::build(mesh);
    if (!built) return built.error();
    const geometry::RayQuery& query = **built;
    panel = std::clamp(panel, 16, 2048);
    Eigen::Vector3f lo = Eigen::Vector3f::Constant(1e30f), hi = Eigen::Vector3f::Constant(-1e30f);
    for (const auto& p : mesh.positions) {
        lo = lo.cwiseMin(p);
        hi = hi.cwiseMax(p);
    }
    const Eigen::Vector3f centre = 0.5f * (lo + hi);
    const float half = 0.55f * (hi - lo).maxCoeff() + 1e-6f;
    const float far = 4.f * half + 1.f;
    const std::array<View, 3> views = {View{-Eigen::Vector3f::UnitY(), Eigen::Vector3f::UnitX(), Eigen::Vector3f::UnitZ()},
                                       View{Eigen::Vector3f::UnitX(), Eigen::Vector3f::UnitY(), Eigen::Vector3f::UnitZ()},
                                       View{Eigen::Vector3f::UnitZ(), Eigen::Vector3f::UnitX(), Eigen::Vector3f::UnitY()}};
    Rgba8Image img;
    img.width = 3 * panel;
    img.height = panel;
    img.rgba.assign(std::size_t(img.width) * std::size_t(img.height) * 4, 255);
    const Eigen::Vector3f light = Eigen::Vector3f(0.3f, -0.5f, 0.8f).normalized();
    const float pixel = 2.f * half / float(panel);
    for (int v = 0; v < 3; ++v) {
        const View& view = views[std::size_t(v)];
        detail::parallelFor(std::size_t(panel), 0, [&](std::size_t b, std::size_t e) {
            for (std::size_t y = b; y < e; ++y)
                for (int x = 0; x < panel; ++x) {
                    const Eigen::Vector3f origin = centre + view.toCamera * far +
                                                   view.right * ((float(x) + 0.5f) * pixel - half) +
                                                   view.up * (half - (float(y) + 0.5f) * pixel);
                    const geometry::RayHit hit = query.intersect(origin, -view.toCamera);
                    std::uint8_t* px = &img.rgba[(y * std::size_t(img.width) + std::size_t(v * panel + x)) * 4];
                    const auto g = static_cast<std::uint8_t>(
                        hit.hit ? std::lround(90.f + 120.f * std::abs(hit.normal.dot(light))) : 238);
                    px[0] = px[1] = px[2] = g;
                }
        });
        for (const DroppedSplat& d : baked.dropped) {
            const Eigen::Vector3f rel = d.position - centre;
            const float fx = (rel.dot(view.right) + half) / pixel, fy = (half - rel.dot(view.up)) / pixel;
            if (!(fx >= 0 && fy >= 0 && fx < float(panel) && fy < float(panel))) continue;
            const bool hidden = query.occluded(d.position, view.toCamera, 1e-3f);
            const float a = hidden ? 0.35f : 1.f;
            const auto c = signColour(d.signs);
            const int cx = int(fx), cy = int(fy);
            for (int dy = -1; dy <= 1; ++dy)
                for (int dx = -1; dx <= 1; ++dx) {
                    const int px = cx + dx, py = cy + dy;
                    if (px < 0 || py < 0 || px >= panel || py >= panel) continue;
                    std::uint8_t* q = &img.rgba[(std::size_t(py) * std::size_t(img.width) + std::size_t(v * panel + px)) * 4];
                    for (int k = 0; k < 3; ++k)
                        q[k] = static_cast<std::uint8_t>(std::lround((1.f - a) * float(q[k]) + a * float(c[std::size_t(k)])));
                }
        }
    }
    return img;
}

}  // namespace sw::bake
