#pragma once
// A synthetic training set rendered in code with the rasterizer itself: a ground-truth cloud of
// opaque coloured Gaussians on an ellipsoid shell, seen from the dataset belt's cameras
// (core/dataset/belt.h). For tests and for bench_train without a dataset folder.
#include <cstdint>

#include "core/foundation/error.h"
#include "core/splat/splat_cloud.h"
#include "core/train/train_data.h"

namespace sw::train {

struct SyntheticSettings {
    int splats = 1500;      // ground-truth Gaussians
    int trainViews = 40;
    int valViews = 4;
    int width = 64;         // square images, px
    double sigma = 0.05;    // ground-truth splat scale, model units
    std::uint64_t seed = 7;
};

// The ground-truth cloud (ellipsoid shell with radii 0.6, 0.45, 0.35, colour varying smoothly
// with position, opacity 0.98).
splat::SplatCloud syntheticCloud(const SyntheticSettings& settings);

// Renders syntheticCloud from belt train/val poses. Errors come from the rasterizer.
Result<TrainData> makeSyntheticData(const SyntheticSettings& settings);

}  // namespace sw::train
