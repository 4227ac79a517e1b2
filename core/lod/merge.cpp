#include "core/lod/merge.h"

#include <Eigen/Eigenvalues>
#include <Eigen/Geometry>
#include <algorithm>
#include <cmath>

namespace sw::lod {

double splatArea(const Eigen::Vector3f& scale) {
    double s[3] = {scale.x(), scale.y(), scale.z()};
    std::sort(s, s + 3);
    return s[1] * s[2];
}

double splatMass(float opacity, const Eigen::Vector3f& scale) { return static_cast<double>(opacity) * splatArea(scale); }

Eigen::Matrix3d splatCovariance(const Eigen::Vector4f& rotation, const Eigen::Vector3f& scale) {
    const Eigen::Quaterniond q(rotation[0], rotation[1], rotation[2], rotation[3]);
    const Eigen::Matrix3d r = q.normalized().toRotationMatrix();
    const Eigen::Vector3d s2 = scale.cast<double>().cwiseProduct(scale.cast<double>());
    return r * s2.asDiagonal() * r.transpose();
}

void mergeSplats(const splat::SplatCloud& src, std::span<const std::uint32_t> members, splat::SplatCloud& dst,
                 std::size_t out, MergeLoss& loss) {
    double massSum = 0.0;
    for (std::uint32_t i : members) massSum += splatMass(src.opacities[i], src.scales[i]);
    const bool weighted = massSum > 0.0;
    const auto weightOf = [&](std::uint32_t i) {
        return weighted ? splatMass(src.opacities[i], src.scales[i]) / massSum : 1.0 / static_cast<double>(members.size());
    };
    Eigen::Vector3d mean = Eigen::Vector3d::Zero(), color = Eigen::Vector3d::Zero();
    for (std::uint32_t i : members) {
        const double w = weightOf(i);
        mean += w * src.positions[i].cast<double>();
        color += w * src.colors[i].cast<double>();
    }
    Eigen::Matrix3d cov = Eigen::Matrix3d::Zero();
    for (std::uint32_t i : members) {
        const Eigen::Vector3d d = src.positions[i].cast<double>() - mean;
        cov += weightOf(i) * (splatCovariance(src.rotations[i], src.scales[i]) + d * d.transpose());
    }
    Eigen::SelfAdjointEigenSolver<Eigen::Matrix3d> eig(cov);
    Eigen::Matrix3d axes = eig.eigenvectors();
    if (axes.determinant() < 0.0) axes.col(0) = -axes.col(0);
    const Eigen::Vector3d values = eig.eigenvalues().cwiseMax(0.0);
    const double largest = std::sqrt(values.maxCoeff());
    Eigen::Vector3f scale;
    for (int k = 0; k < 3; ++k)
        scale[k] = static_cast<float>(std::max(std::sqrt(values[k]), std::max(largest, 1e-30) * 1e-7));
    const Eigen::Quaterniond q(axes);
    const Eigen::Quaterniond qn = q.normalized();
    dst.positions[out] = mean.cast<float>();
    dst.colors[out] = color.cast<float>();
    dst.scales[out] = scale;
    dst.rotations[out] = Eigen::Vector4f(static_cast<float>(qn.w()), static_cast<float>(qn.x()),
                                         static_cast<float>(qn.y()), static_cast<float>(qn.z()));
    const double area = splatArea(scale);
    double opacity = weighted && area > 0.0 ? massSum / area : 0.0;
    if (opacity > 1.0) {
        loss.clampedMass += massSum - area;
        opacity = 1.0;
    }
    dst.opacities[out] = static_cast<float>(opacity);
}

}  // namespace sw::lod
