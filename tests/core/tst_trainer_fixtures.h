#pragma once
// Shared fixtures of the trainer tests (tst_trainer_loop, tst_trainer_strategy,
// tst_trainer_cuda). Include after <doctest/doctest.h>.
#include <cmath>
#include <cstdint>
#include <random>
#include <utility>

#include "core/train/init_cloud.h"
#include "core/train/synthetic_data.h"
#include "core/train/trainer.h"

namespace sw::train::test {

// A tiny synthetic dataset (600 surface samples, 24 views of 32 px, seed 17), built once.
inline const TrainData& tinyData() {
    static const TrainData data = [] {
        auto d = makeSyntheticData({600, 24, 2, 32, 0.05, 17});
        REQUIRE(d.ok());
        return std::move(*d);
    }();
    return data;
}

// A short run on tinyData(): budget 200, 32 px, seed 5, relocation every 25 steps between step
// 50 and 50 steps before the end, metrics every 100 steps, 2 threads.
inline TrainSettings tinySettings(int steps, TrainDevice device = TrainDevice::Cpu) {
    TrainSettings s;
    s.budget = 200;
    s.steps = steps;
    s.resolution = 32;
    s.seed = 5;
    s.refineStart = 50;
    s.refineStopBeforeEnd = 50;
    s.refineEvery = 25;
    s.evalEvery = 100;
    s.threads = 2;
    s.device = device;
    return s;
}

// Inputs on tinyData(): `count` splats from its visual hull (seed 3), no checkpoint folder.
inline TrainInputs tinyInputs(int count = 200) {
    InitSettings init;
    init.count = count;
    init.seed = 3;
    auto cloud = initFromVisualHull(tinyData(), init);
    REQUIRE(cloud.ok());
    return TrainInputs{&tinyData(), std::move(*cloud), 0, {}};
}

}  // namespace sw::train::test
