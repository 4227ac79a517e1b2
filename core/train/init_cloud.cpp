#include "core/train/init_cloud.h"

#include <algorithm>
#include <cmath>
#include <new>
#include <random>
#include <string>

#include "core/geometry/surface_sampler.h"

namespace sw::train {
namespace {

// Fills rotation, scale and opacity of splat i: a uniformly random unit quaternion (normalised
// 4D Gaussian, Marsaglia 1972), the configured scale and the jittered opacity.
void setDefaults(splat::SplatCloud& cloud, std::size_t i, const InitSettings& settings, std::mt19937_64& rng) {
    std::normal_distribution<float> normal(0.f, 1.f);
    Eigen::Vector4f q;
    do {
        q = Eigen::Vector4f(normal(rng), normal(rng), normal(rng), normal(rng));
    } while (q.norm() < 1e-4f);
    cloud.rotations[i] = q.normalized();
    cloud.scales[i] = Eigen::Vector3f::Constant(settings.scale);
    std::uniform_real_distribution<float> jitter(-settings.opacityJitter, settings.opacityJitter);
    cloud.opacities[i] = std::clamp(settings.opacity + jitter(rng), 0.f, 1.f);
}

// Pixel index of world point p in view v, or -1 when it is behind the camera or off the image.
long pixelOf(const TrainView& v, const Eigen::Vector3f& pf) {
    const Eigen::Vector3d p = pf.cast<double>();
    const auto& m = v.worldToCamera;
    const double x = m[0] * p.x() + m[1] * p.y() + m[2] * p.z() + m[3];
    const double y = m[4] * p.x() + m[5] * p.y() + m[6] * p.z() + m[7];
    const double z = m[8] * p.x() + m[9] * p.y() + m[10] * p.z() + m[11];
    if (z <= 1e-6) return -1;
    const double u = v.fx * x / z + v.cx, w = v.fy * y / z + v.cy;
    if (u < 0 || w < 0 || u >= v.width || w >= v.height) return -1;
    return long(w) * v.width + long(u);
}

Error outOfMemory(const InitSettings& settings) {
    return makeError(ErrorCode::OutOfMemory, "out of memory while creating " + std::to_string(settings.count) +
                                                 " start splats; lower the budget (--budget)");
}

Result<splat::SplatCloud> surfaceCloud(const geometry::Mesh& mesh, const InitSettings& settings) {
    auto samples = geometry::sampleSurface(mesh, settings.count, settings.seed);
    if (!samples) return samples.error();
    splat::SplatCloud cloud;
    cloud.resize(samples->points.size());
    std::mt19937_64 rng(settings.seed ^ 0x9E3779B97F4A7C15ull);
    for (std::size_t i = 0; i < cloud.size(); ++i) {
        cloud.positions[i] = samples->points[i];
        cloud.colors[i] = samples->colors[i].cwiseMax(0.f).cwiseMin(1.f);
        setDefaults(cloud, i, settings, rng);
    }
    return cloud;
}

Result<splat::SplatCloud> hullCloud(const TrainData& data, const InitSettings& settings, const Progress& progress) {
    if (settings.count <= 0 || data.train.empty())
        return makeError(ErrorCode::InvalidInput, "visual hull needs train views and a positive splat count");
    std::vector<const TrainView*> views;
    const std::size_t n = data.train.size(), keep = std::min<std::size_t>(n, std::size_t(std::max(1, settings.hullViews)));
    for (std::size_t k = 0; k < keep; ++k) views.push_back(&data.train[k * n / keep]);

    std::mt19937_64 rng(settings.seed);
    std::uniform_real_distribution<float> coord(-0.5f * settings.cubeEdge, 0.5f * settings.cubeEdge);
    splat::SplatCloud cloud;
    const long maxCandidates = 200L * settings.count;
    for (long c = 0; c < maxCandidates && int(cloud.size()) < settings.count; ++c) {
        if ((c & 0xFFFF) == 0) {
            if (progress.cancelled()) return makeError(ErrorCode::Cancelled, "initialisation cancelled");
            progress.report(double(cloud.size()) / settings.count, "visual hull");
        }
        const Eigen::Vector3f p(coord(rng), coord(rng), coord(rng));
        int landed = 0, outside = 0;
        Eigen::Vector3f color = Eigen::Vector3f::Zero();
        const int allowed = int(std::floor(settings.hullMissShare * float(views.size())));
        for (const TrainView* v : views) {
            const long pix = pixelOf(*v, p);
            if (pix < 0) continue;
            ++landed;
            const float a = v->alpha[std::size_t(pix)];
            if (a <= settings.hullAlpha) {
                if (++outside > allowed) break;
                continue;
            }
            color += Eigen::Vector3f(v->premultiplied[std::size_t(pix) * 3], v->premultiplied[std::size_t(pix) * 3 + 1],
                                     v->premultiplied[std::size_t(pix) * 3 + 2]) / a;
        }
        if (landed == 0 || outside > allowed || landed == outside) continue;
        const std::size_t i = cloud.size();
        cloud.resize(i + 1);
        cloud.positions[i] = p;
        cloud.colors[i] = (color / float(landed - outside)).cwiseMax(0.f).cwiseMin(1.f);
        setDefaults(cloud, i, settings, rng);
    }
    if (cloud.empty())
        return makeError(ErrorCode::InvalidInput, "empty visual hull: no point of the cube projects inside alpha > " +
                                                      std::to_string(settings.hullAlpha) + " in the train views",
                         data.dir);
    return cloud;
}

}  // namespace

Result<splat::SplatCloud> initFromSurface(const geometry::Mesh& mesh, const InitSettings& settings) {
    try {
        return surfaceCloud(mesh, settings);
    } catch (const std::bad_alloc&) {
        return outOfMemory(settings);
    }
}

Result<splat::SplatCloud> initFromVisualHull(const TrainData& data, const InitSettings& settings,
                                             const Progress& progress) {
    try {
        return hullCloud(data, settings, progress);
    } catch (const std::bad_alloc&) {
        return outOfMemory(settings);
    }
}

}  // namespace sw::train
