#include "core/bake/cloud_fit.h"

#include <algorithm>
#include <array>
#include <cmath>
#include <vector>

#include "core/formats/axes.h"
#include "core/formats/cloud_io.h"
#include "core/formats/sog.h"
#include "core/formats/streamed_sog.h"
#include "core/geometry/ray_query.h"

namespace sw::bake {
namespace {

// The frame a file of this extension is written in (formats/axes.h); Model when not a cloud file.
formats::Frame fileFrame(const std::string& path) {
    const std::string ext = formats::fileExtension(path);
    if (ext == ".ply" || ext == ".splat" || ext == ".sog" || formats::isSogPath(path) || formats::isStreamedSogPath(path))
        return formats::Frame::Gaussian;
    if (ext == ".spz") return formats::Frame::Rub;
    return formats::Frame::Model;
}

double nearShare(const std::vector<Eigen::Vector3f>& points, const geometry::RayQuery& query, float tolerance) {
    if (points.empty()) return 0;
    std::size_t near = 0;
    for (const Eigen::Vector3f& p : points) near += query.closestPoint(p, tolerance).found ? 1 : 0;
    return double(near) / double(points.size());
}

}  // namespace

SurfaceShares surfaceShares(const splat::SplatCloud& cloud, const std::string& path, const geometry::Mesh& mesh) {
    SurfaceShares out;
    const formats::Frame frame = fileFrame(path);
    if (cloud.empty() || mesh.triangles.empty() || frame == formats::Frame::Model) return out;
    auto query = geometry::RayQuery::build(mesh);
    if (!query) return out;
    const geometry::Bounds b = geometry::computeBounds(mesh);
    const float tolerance = 0.02f * (b.max - b.min).norm();
    const std::size_t step = std::max<std::size_t>(1, cloud.size() / 2000);
    // The unturned reading: the file's coordinates taken as model space (p = R · p_model).
    const Eigen::Matrix3f r = formats::frameFromModel(frame).cast<float>();
    std::vector<Eigen::Vector3f> asRead, unturned;
    for (std::size_t i = 0; i < cloud.size(); i += step) {
        asRead.push_back(cloud.positions[i]);
        unturned.push_back(r * cloud.positions[i]);
    }
    out.asRead = nearShare(asRead, **query, tolerance);
    out.unturned = nearShare(unturned, **query, tolerance);
    return out;
}

std::string orientOnModel(splat::SplatCloud& cloud, const std::string& path, const geometry::Mesh& mesh) {
    const SurfaceShares s = surfaceShares(cloud, path, mesh);
    if (!(s.unturned >= 0.5 && s.unturned > 2 * s.asRead)) return {};
    formats::modelToFrame(cloud, fileFrame(path));  // the file's own coordinates, as model space
    const auto pct = [](double v) { return std::to_string(int(std::lround(100 * v))); };
    return path + ": its splats lie on the model only as stored (" + pct(s.unturned) + " % near the surface, " +
           pct(s.asRead) + " % in the format's axes): a cloud trained on the model's own dataset by another tool; "
           "read in model space (+Z up)";
}

CloudFit cloudFit(const splat::SplatCloud& cloud, const geometry::Bounds& model) {
    CloudFit fit;
    const std::size_t n = cloud.size();
    if (n == 0) return fit;
    const Eigen::Vector3f extent = model.max - model.min;
    const float grow = 0.1f * extent.norm();
    const Eigen::Vector3f lo = model.min.array() - grow, hi = model.max.array() + grow;
    std::size_t inside = 0;
    std::array<std::vector<float>, 3> axes;
    for (auto& a : axes) a.reserve(n);
    for (const Eigen::Vector3f& p : cloud.positions) {
        inside += (p.array() >= lo.array()).all() && (p.array() <= hi.array()).all() ? 1 : 0;
        for (int k = 0; k < 3; ++k) axes[std::size_t(k)].push_back(p[k]);
    }
    // The cloud's extent between its 1st and 99th percentiles per axis (a few stray splats far out
    // do not make a trained cloud look foreign).
    Eigen::Vector3f span;
    for (int k = 0; k < 3; ++k) {
        std::vector<float>& a = axes[std::size_t(k)];
        const std::size_t i1 = n / 100, i99 = n - 1 - n / 100;
        std::nth_element(a.begin(), a.begin() + std::ptrdiff_t(i1), a.end());
        const float low = a[i1];
        std::nth_element(a.begin(), a.begin() + std::ptrdiff_t(i99), a.end());
        span[k] = a[i99] - low;
    }
    fit.inside = double(inside) / double(n);
    const double modelSize = std::max(1e-9, double(extent.norm()));
    fit.sizeRatio = double(span.norm()) / modelSize;
    fit.fits = fit.inside >= 0.9 && fit.sizeRatio >= 0.25 && fit.sizeRatio <= 4.0;
    return fit;
}

}  // namespace sw::bake
