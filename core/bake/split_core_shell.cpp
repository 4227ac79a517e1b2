#include "core/bake/split_core_shell.h"

#include <Eigen/Geometry>
#include <algorithm>
#include <array>
#include <cmath>

#include "core/foundation/check.h"

namespace sw::bake {

const SettingsSchema<SplitSettings>& splitSchema() {
    static const SettingsSchema<SplitSettings> schema = [] {
        SettingsSchema<SplitSettings> s("split", "Core and shell");
        addSplitParams(s);
        return s;
    }();
    return schema;
}

MajorAxes majorAxes(const Eigen::Vector4f& rotation, const Eigen::Vector3f& scale) {
    const Eigen::Quaternionf q(rotation[0], rotation[1], rotation[2], rotation[3]);
    const Eigen::Matrix3f r = q.normalized().toRotationMatrix();
    std::array<int, 3> idx{0, 1, 2};
    std::stable_sort(idx.begin(), idx.end(), [&](int a, int b) { return scale[a] > scale[b]; });
    return MajorAxes{r.col(idx[0]) * scale[idx[0]], r.col(idx[1]) * scale[idx[1]], r.col(idx[2])};
}

float visibleDiscRadius(float opacity, float floor) {
    return std::sqrt(std::log(std::max(opacity, floor) / 0.5f) / 4.5f);
}

bool facesBelt(const Eigen::Vector3f& normal, float elMinDeg, float elMaxDeg, float marginDeg) {
    const double a = std::hypot(double(normal.x()), double(normal.y())), b = double(normal.z());
    const double e0 = double(elMinDeg) * M_PI / 180.0, e1 = double(elMaxDeg) * M_PI / 180.0;
    const auto f = [&](double e) { return a * std::cos(e) + b * std::sin(e); };
    double best = std::max(f(e0), f(e1));
    const double peak = std::atan2(b, a);
    if (peak > e0 && peak < e1) best = std::max(best, f(peak));
    return best > -std::sin(double(marginDeg) * M_PI / 180.0);
}

bool beltSees(const geometry::RayQuery& query, const Eigen::Vector3f& centre, const SplitSettings& settings) {
    const double els[3] = {double(settings.beltElevationMin),
                           0.5 * double(settings.beltElevationMin + settings.beltElevationMax),
                           double(settings.beltElevationMax)};
    for (double elDeg : els) {
        const double el = elDeg * M_PI / 180.0;
        for (int h = 0; h < 36; ++h) {
            const double az = double(h) * 10.0 * M_PI / 180.0;
            const Eigen::Vector3f d = Eigen::Vector3d(std::cos(el) * std::sin(az), -std::cos(el) * std::cos(az), std::sin(el))
                                          .cast<float>();
            if (!query.occluded(centre, d, settings.bellyVisibleDepth)) return true;
        }
    }
    return false;
}

SplitResult splitCoreShell(const splat::SplatCloud& cloud, std::span<const Eigen::Vector3f> normals,
                           std::span<const std::uint8_t> keep, const SplitSettings& settings,
                           std::span<const std::uint8_t> seen) {
    const std::size_t n = cloud.size();
    SW_REQUIRE(normals.size() == n && keep.size() == n, "normals=" << normals.size() << " keep=" << keep.size() << " n=" << n);
    SplitResult r;
    r.ax0.resize(n);
    r.ax1.resize(n);
    for (std::size_t i = 0; i < n; ++i) {
        const MajorAxes axes = majorAxes(cloud.rotations[i], cloud.scales[i]);
        r.ax0[i] = axes.ax0;
        r.ax1[i] = axes.ax1;
        if (!keep[i]) continue;
        if (cloud.opacities[i] <= settings.deadOpacity) {
            ++r.dead;
            continue;
        }
        if (settings.bellyCull && (seen.empty() || !seen[i]) && !facesBelt(normals[i], settings.beltElevationMin, settings.beltElevationMax, settings.bellyCullMargin)) {
            ++r.bellyCulled;
            r.culled.push_back(static_cast<int>(i));
            continue;
        }
        if (cloud.opacities[i] > settings.coreOpacity) {
            const float k = visibleDiscRadius(cloud.opacities[i], settings.discOpacityFloor) * settings.discScale;
            r.ax0[i] *= k;
            r.ax1[i] *= k;
            r.core.push_back(static_cast<int>(i));
        } else {
            r.shell.push_back(static_cast<int>(i));
        }
    }
    return r;
}

}  // namespace sw::bake
