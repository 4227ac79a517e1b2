#include "core/bake/floaters.h"

#include <algorithm>
#include <atomic>
#include <cmath>
#include <numeric>

#include "core/bake/detail/grid_hash.h"
#include "core/bake/detail/parallel.h"

namespace sw::bake {

const SettingsSchema<FloaterSettings>& floaterSchema() {
    static const SettingsSchema<FloaterSettings> schema = [] {
        SettingsSchema<FloaterSettings> s("floaters", "Floaters");
        addFloaterParams(s);
        return s;
    }();
    return schema;
}

float percentile(std::vector<float> values, double q) {
    if (values.empty()) return 0.f;
    const auto k = static_cast<std::size_t>(std::clamp(std::ceil(q * double(values.size())) - 1.0, 0.0,
                                                       double(values.size() - 1)));
    std::nth_element(values.begin(), values.begin() + static_cast<std::ptrdiff_t>(k), values.end());
    return values[k];
}

std::vector<std::uint8_t> detachedSign(std::span<const Eigen::Vector3f> positions, float linkRadius, int* components,
                                       int* largest, std::span<const float> distance, float surfaceDistance,
                                       int* onSurface) {
    const std::size_t n = positions.size();
    std::vector<std::uint8_t> flag(n, 0);
    if (n == 0) return flag;
    // Connected components by breadth-first search over the fixed-radius neighbour graph.
    const detail::GridHash grid(positions, linkRadius);
    std::vector<int> label(n, -1);
    std::vector<int> sizes;
    std::vector<std::size_t> queue;
    for (std::size_t s = 0; s < n; ++s) {
        if (label[s] >= 0) continue;
        const int id = static_cast<int>(sizes.size());
        sizes.push_back(0);
        queue.assign(1, s);
        label[s] = id;
        while (!queue.empty()) {
            const std::size_t i = queue.back();
            queue.pop_back();
            ++sizes[static_cast<std::size_t>(id)];
            grid.forEachNeighbour(i, [&](std::size_t j) {
                if (label[j] < 0) {
                    label[j] = id;
                    queue.push_back(j);
                }
            });
        }
    }
    const auto best = static_cast<int>(std::max_element(sizes.begin(), sizes.end()) - sizes.begin());  // first on ties
    // A small component lying on the surface is real thin geometry (a cable, an antenna), not a
    // ghost: it lives when its median distance to the surface is within surfaceDistance.
    std::vector<std::uint8_t> lives(sizes.size(), 0);
    lives[static_cast<std::size_t>(best)] = 1;
    int spared = 0;
    if (distance.size() == n) {
        std::vector<std::vector<float>> dist(sizes.size());
        for (std::size_t i = 0; i < n; ++i)
            if (label[i] != best) dist[static_cast<std::size_t>(label[i])].push_back(distance[i]);
        for (std::size_t c = 0; c < sizes.size(); ++c)
            if (!dist[c].empty() && percentile(dist[c], 0.5) <= surfaceDistance) {
                lives[c] = 1;
                spared += sizes[c];
            }
    }
    for (std::size_t i = 0; i < n; ++i) flag[i] = lives[static_cast<std::size_t>(label[i])] ? 0 : 1;
    if (onSurface) *onSurface = spared;
    if (components) *components = static_cast<int>(sizes.size());
    if (largest) *largest = sizes[static_cast<std::size_t>(best)];
    return flag;
}

namespace {

std::vector<Eigen::Vector3f> silhouetteViewpoints(const FloaterSettings& s) {
    // Perspective viewpoints on the sphere of viewRadius, azimuth as in core/render/camera.h
    // (0° on −Y, 90° on +X), elevations evenly spaced over [min, max] (both ends included).
    std::vector<Eigen::Vector3f> views;
    const double deg = M_PI / 180.0;
    for (int e = 0; e < s.silhouetteElevations; ++e) {
        const double t = s.silhouetteElevations == 1 ? 0.5 : double(e) / double(s.silhouetteElevations - 1);
        const double el = (double(s.silhouetteElevationMin) + t * double(s.silhouetteElevationMax - s.silhouetteElevationMin)) * deg;
        for (int a = 0; a < s.silhouetteAzimuths; ++a) {
            const double az = 360.0 * a / s.silhouetteAzimuths * deg;
            views.emplace_back(Eigen::Vector3d(std::cos(el) * std::sin(az), -std::cos(el) * std::cos(az), std::sin(el))
                                   .cast<float>() * s.viewRadius);
        }
    }
    return views;
}

}  // namespace

std::vector<std::uint8_t> silhouetteSign(const geometry::RayQuery& query, std::span<const Eigen::Vector3f> positions,
                                         std::span<const Eigen::Vector3f> surface, std::span<const float> distance,
                                         const FloaterSettings& settings, const Progress& progress) {
    // One ray per (view, splat) from the viewpoint through the centre. First hit before the
    // centre (by more than the slack): the view does not see the splat, no vote. First hit
    // near or behind the centre: seen and inside the silhouette. No hit: seen, and outside when
    // the ray through the centre pulled silhouetteTolerance toward its surface point misses too.
    // Splats within the tolerance of the surface are never outside (the pulled point is on it).
    const std::vector<Eigen::Vector3f> views = silhouetteViewpoints(settings);
    std::vector<std::uint8_t> flag(positions.size(), 0);
    detail::parallelFor(positions.size(), 0, [&](std::size_t b, std::size_t e) {
        for (std::size_t i = b; i < e; ++i) {
            if ((i & 127) == 0 && progress.cancelled()) return;
            if (distance[i] <= settings.silhouetteTolerance) continue;
            const Eigen::Vector3f pulled =
                positions[i] + (surface[i] - positions[i]) * (settings.silhouetteTolerance / distance[i]);
            int seen = 0, misses = 0;
            for (const auto& v : views) {
                const Eigen::Vector3f d = positions[i] - v;
                const float len = d.norm();
                if (len <= 0) continue;
                const geometry::RayHit hit = query.intersect(v, d / len);
                if (hit.hit && hit.distance < len - settings.silhouetteSlack) continue;  // occluded
                ++seen;
                if (hit.hit) continue;
                const Eigen::Vector3f dp = pulled - v;
                misses += query.occluded(v, dp.normalized()) ? 0 : 1;
            }
            flag[i] = seen >= settings.silhouetteMinViews &&
                              double(misses) >= double(settings.silhouetteMissShare) * double(seen)
                          ? 1 : 0;
        }
    });
    return flag;
}

namespace {

void addWhere(FloaterWhere& w, const Eigen::Vector3f& p, signed char side) {
    (side < 0 ? w.behind : side > 0 ? w.inFront : w.on) += 1;
    w.lo = w.lo.cwiseMin(p);
    w.hi = w.hi.cwiseMax(p);
}

// Share of centres outside the bounding box of their closest surface points grown by margin. A
// cloud in the mesh's space has its closest points spread over the whole mesh, so almost every
// centre lies in that box; a shifted or scaled cloud has them gathered on the near side.
float outsideBox(std::span<const Eigen::Vector3f> positions, std::span<const Eigen::Vector3f> surface, float margin) {
    if (positions.empty()) return 0.f;
    Eigen::Vector3f lo = Eigen::Vector3f::Constant(1e30f), hi = Eigen::Vector3f::Constant(-1e30f);
    for (const auto& s : surface) {
        lo = lo.cwiseMin(s);
        hi = hi.cwiseMax(s);
    }
    lo -= Eigen::Vector3f::Constant(margin);
    hi += Eigen::Vector3f::Constant(margin);
    std::size_t out = 0;
    for (const auto& p : positions) out += (p.array() < lo.array()).any() || (p.array() > hi.array()).any() ? 1 : 0;
    return float(double(out) / double(positions.size()));
}

}  // namespace

Result<FloaterResult> detectFloaters(const splat::SplatCloud& cloud, const geometry::RayQuery& query,
                                     std::span<const Eigen::Vector3f> surface, std::span<const float> distance,
                                     std::span<const signed char> side, const DatasetViews* dataset,
                                     const FloaterSettings& settings, const Progress& progress) {
    const std::size_t n = cloud.size();
    SW_REQUIRE(distance.size() == n && surface.size() == n && (side.empty() || side.size() == n),
               "distance.size()=" << distance.size() << " surface.size()=" << surface.size() << " side.size()="
                                  << side.size() << " n=" << n);
    FloaterResult r;
    FloaterReport& rep = r.report;
    r.far.reserve(n);
    for (std::size_t i = 0; i < n; ++i) r.far.push_back(distance[i] > settings.farDistance ? 1 : 0);
    rep.distanceP50 = percentile({distance.begin(), distance.end()}, 0.5);
    rep.distanceP99 = percentile({distance.begin(), distance.end()}, 0.99);

    rep.linkRadius = settings.linkRadius > 0 ? settings.linkRadius : detail::spacingRadius(cloud.positions, settings.linkFactor);
    r.detached = detachedSign(cloud.positions, rep.linkRadius, &rep.components, &rep.largestComponent, distance,
                              settings.detachedSurfaceDistance, &rep.detachedOnSurface);
    rep.outsideBoxShare = outsideBox(cloud.positions, surface, settings.farDistance);
    progress.report(0.1, "floaters: detached");
    if (progress.cancelled()) return makeError(ErrorCode::Cancelled, "floater detection cancelled");

    r.silhouette = silhouetteSign(query, cloud.positions, surface, distance, settings, progress.sub(0.1, 0.7));
    rep.silhouetteViews = settings.silhouetteAzimuths * settings.silhouetteElevations;
    if (progress.cancelled()) return makeError(ErrorCode::Cancelled, "floater detection cancelled");

    r.dataset.assign(n, 0);
    rep.datasetSkipped = dataset == nullptr;
    if (dataset) r.dataset = datasetSign(cloud, *dataset, settings, progress.sub(0.7, 1.0));
    if (progress.cancelled()) return makeError(ErrorCode::Cancelled, "floater detection cancelled");

    r.removed.assign(n, 0);
    for (std::size_t i = 0; i < n; ++i) {
        rep.far += r.far[i];
        rep.detached += r.detached[i];
        rep.silhouette += r.silhouette[i];
        rep.dataset += r.dataset[i];
        const bool rm = (settings.removeFar && r.far[i]) || (settings.removeDetached && r.detached[i]) ||
                        (settings.removeSilhouette && r.silhouette[i]) || (settings.removeDataset && r.dataset[i]);
        r.removed[i] = rm ? 1 : 0;
        rep.removed += r.removed[i];
        const signed char sd = side.empty() ? 0 : side[i];
        const Eigen::Vector3f& p = cloud.positions[i];
        if (r.far[i]) addWhere(rep.farWhere, p, sd);
        if (r.detached[i]) addWhere(rep.detachedWhere, p, sd);
        if (r.silhouette[i]) addWhere(rep.silhouetteWhere, p, sd);
        if (r.dataset[i]) addWhere(rep.datasetWhere, p, sd);
        if (rm) addWhere(rep.removedWhere, p, sd);
    }
    progress.report(1.0, "floaters found");
    return r;
}

}  // namespace sw::bake
