#include "core/render/cloud_preview.h"

#include <Eigen/Geometry>
#include <algorithm>
#include <cmath>
#include <numeric>

namespace sw::render {

namespace {

struct Axes {
    Eigen::Vector3f ax0, ax1, minor;
};

// Columns of R(q) scaled by the sigmas, largest first (3DGS covariance R S Sᵀ Rᵀ).
Axes majorAxes(const Eigen::Vector4f& wxyz, const Eigen::Vector3f& sigma) {
    const Eigen::Matrix3f r = Eigen::Quaternionf(wxyz[0], wxyz[1], wxyz[2], wxyz[3]).normalized().toRotationMatrix();
    int order[3] = {0, 1, 2};
    std::sort(order, order + 3, [&](int a, int b) { return sigma[a] > sigma[b]; });
    return {r.col(order[0]) * sigma[order[0]], r.col(order[1]) * sigma[order[1]], r.col(order[2])};
}

float discRadius(float opacity) { return std::sqrt(std::log(std::max(opacity, 0.55f) / 0.5f) / 4.5f); }

void append(formats::Spl2Part& part, const splat::SplatCloud& c, std::size_t i, const Axes& a, float scale) {
    part.pos.push_back(c.positions[i]);
    part.ax0.push_back(a.ax0 * scale);
    part.ax1.push_back(a.ax1 * scale);
    Eigen::Vector3f n = c.normals.size() == c.size() ? c.normals[i] : a.minor;
    if (c.normals.size() != c.size() && n.dot(c.positions[i]) < 0.f) n = -n;  // guess: outward from the centre
    part.normal.push_back(n.normalized());
    part.color.push_back(c.colors[i].cwiseMax(0.f).cwiseMin(1.f));
    part.opacity.push_back(c.opacities[i]);
    part.attrs.emplace_back(1.f, 0.f, 0.f, 0.f);
}

// The core (opacity > coreOpacity, importance order) and shell (cloud order) splats.
void splitCloud(const splat::SplatCloud& cloud, float coreOpacity, std::vector<Axes>& axes, std::vector<std::size_t>& core,
                std::vector<std::size_t>& shell) {
    std::vector<float> importance(cloud.size());
    axes.resize(cloud.size());
    for (std::size_t i = 0; i < cloud.size(); ++i) {
        axes[i] = majorAxes(cloud.rotations[i], cloud.scales[i]);
        importance[i] = cloud.opacities[i] * axes[i].ax0.norm() * axes[i].ax1.norm();
        (cloud.opacities[i] > coreOpacity ? core : shell).push_back(i);
    }
    std::stable_sort(core.begin(), core.end(), [&](std::size_t a, std::size_t b) { return importance[a] > importance[b]; });
}

}  // namespace

std::vector<int> previewIndexFromCloud(const splat::SplatCloud& cloud, float coreOpacity) {
    std::vector<Axes> axes;
    std::vector<std::size_t> core, shell;
    splitCloud(cloud, coreOpacity, axes, core, shell);
    std::vector<int> index(cloud.size(), 0);
    for (std::size_t k = 0; k < core.size(); ++k) index[core[k]] = static_cast<int>(k);
    for (std::size_t j = 0; j < shell.size(); ++j) index[shell[j]] = static_cast<int>(core.size() + j);
    return index;
}

formats::Spl2Model previewModelFromCloud(const splat::SplatCloud& cloud, float coreOpacity, float orderTiltDeg,
                                         std::vector<int>* previewIndex) {
    std::vector<std::size_t> core, shell;
    std::vector<Axes> axes;
    splitCloud(cloud, coreOpacity, axes, core, shell);
    formats::Spl2Model m;
    for (const std::size_t i : core) append(m.core, cloud, i, axes[i], discRadius(cloud.opacities[i]) * 1.2f);
    for (const std::size_t i : shell) append(m.shell, cloud, i, axes[i], 1.f);
    if (previewIndex) {
        previewIndex->assign(cloud.size(), 0);
        for (std::size_t k = 0; k < core.size(); ++k) (*previewIndex)[core[k]] = static_cast<int>(k);
        for (std::size_t j = 0; j < shell.size(); ++j) (*previewIndex)[shell[j]] = static_cast<int>(core.size() + j);
    }
    const float tilt = orderTiltDeg * 3.14159265f / 180.f;
    m.orders.resize(formats::kSpl2Buckets);
    std::vector<float> key(m.shell.size());
    for (int b = 0; b < formats::kSpl2Buckets; ++b) {
        const float h = (static_cast<float>(b) + 0.5f) * (360.f / formats::kSpl2Buckets) * 3.14159265f / 180.f;
        const Eigen::Vector3f d(std::cos(tilt) * std::sin(h), -std::cos(tilt) * std::cos(h), std::sin(tilt));
        for (std::size_t j = 0; j < m.shell.size(); ++j) key[j] = m.shell.pos[j].dot(d);
        auto& order = m.orders[static_cast<std::size_t>(b)];
        order.resize(m.shell.size());
        std::iota(order.begin(), order.end(), 0);
        std::stable_sort(order.begin(), order.end(), [&](std::int32_t x, std::int32_t y) {
            return key[static_cast<std::size_t>(x)] < key[static_cast<std::size_t>(y)];
        });
    }
    return m;
}

}  // namespace sw::render
