#include "core/bake/cloud_fit.h"

#include <algorithm>
#include <array>
#include <cmath>
#include <vector>

namespace sw::bake {

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
