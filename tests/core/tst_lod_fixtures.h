#pragma once
// Scenes for the LOD tests, generated in code with fixed seeds.
#include <Eigen/Geometry>
#include <cmath>
#include <random>

#include "core/splat/splat_cloud.h"

namespace sw::lod::test {

// A flat strip of splats along +X, `length` × `width` model units, one splat per `step`, jittered
// a little, with random small rotations, scales, colours and opacity in [0.2, 0.6] (a coarse
// level's merged opacity stays below 1, so mass is kept exactly).
inline splat::SplatCloud stripScene(float length, float width, float step, unsigned seed = 7) {
    std::mt19937 rng(seed);
    std::uniform_real_distribution<float> u(0.0f, 1.0f);
    splat::SplatCloud c;
    const int nx = static_cast<int>(length / step), ny = static_cast<int>(width / step);
    c.resize(static_cast<std::size_t>(nx) * static_cast<std::size_t>(ny));
    std::size_t i = 0;
    for (int x = 0; x < nx; ++x)
        for (int y = 0; y < ny; ++y, ++i) {
            c.positions[i] = {(static_cast<float>(x) + 0.3f * u(rng)) * step, (static_cast<float>(y) + 0.3f * u(rng)) * step,
                              0.05f * step * u(rng)};
            c.scales[i] = {step * (0.2f + 0.2f * u(rng)), step * (0.2f + 0.2f * u(rng)), step * 0.02f};
            Eigen::Quaternionf q = Eigen::AngleAxisf(6.283f * u(rng), Eigen::Vector3f::UnitZ()) *
                                   Eigen::AngleAxisf(0.2f * u(rng), Eigen::Vector3f::UnitX());
            c.rotations[i] = {q.w(), q.x(), q.y(), q.z()};
            c.opacities[i] = 0.2f + 0.4f * u(rng);
            c.colors[i] = {u(rng), u(rng), u(rng)};
        }
    return c;
}

// `cloud` with SH bands of `degree`, each coefficient uniform in [−0.3, 0.3].
inline splat::SplatCloud withSh(splat::SplatCloud cloud, int degree, unsigned seed = 13) {
    std::mt19937 rng(seed);
    std::uniform_real_distribution<float> u(-0.3f, 0.3f);
    cloud.shDegree = degree;
    cloud.shRest.resize(cloud.size() * std::size_t(splat::shRestCount(degree)) * 3);
    for (float& v : cloud.shRest) v = u(rng);
    return cloud;
}

}  // namespace sw::lod::test
