#include "core/train/trainer.h"

#include <algorithm>
#include <cmath>

#include "core/train/rasterize.h"

namespace sw::train {

const SettingsSchema<TrainSettings>& trainSchema() {
    static const SettingsSchema<TrainSettings> schema = [] {
        SettingsSchema<TrainSettings> s("train", "Training");
        s.add(&TrainSettings::budget, "budget", "Splat budget").range(1, 10'000'000).group("Budget")
            .tooltip("Hard cap on the number of splats; a smaller budget is a retrain, never a slice");
        s.add(&TrainSettings::steps, "steps", "Steps").range(1, 1'000'000).group("Budget");
        s.add(&TrainSettings::resolution, "res", "Resolution").range(8, 8192).unit("px").group("Budget")
            .tooltip("Width of the training images; they are area-resized once at load");
        s.add(&TrainSettings::seed, "seed", "Seed").range(0, 2147483647).group("Budget");
        s.add(&TrainSettings::meansLr, "means-lr", "Position LR").range(0, 1).group("Optimizer")
            .tooltip("Adam learning rate of the means, multiplied by the scene scale");
        s.add(&TrainSettings::meansLrFinal, "means-lr-final", "Position LR final factor").range(1e-6, 1).group("Optimizer");
        s.add(&TrainSettings::scalesLr, "scales-lr", "Scale LR").range(0, 1).group("Optimizer");
        s.add(&TrainSettings::quatsLr, "quats-lr", "Rotation LR").range(0, 1).group("Optimizer");
        s.add(&TrainSettings::opacitiesLr, "opacities-lr", "Opacity LR").range(0, 1).group("Optimizer");
        s.add(&TrainSettings::colorsLr, "colors-lr", "Colour LR").range(0, 1).group("Optimizer");
        s.add(&TrainSettings::alphaWeight, "alpha-weight", "Alpha loss weight").range(0, 100).group("Loss");
        s.add(&TrainSettings::entropyWeight, "entropy-weight", "Opacity entropy weight").range(0, 1000).group("Loss")
            .tooltip("Weight of mean o(1-o), ramped in over the last steps");
        s.add(&TrainSettings::entropyStart, "entropy-start", "Entropy ramp start").range(0, 0.999).group("Loss")
            .tooltip("Share of the steps before the entropy penalty starts");
        s.add(&TrainSettings::refineStart, "refine-start", "Relocation start").range(0, 1'000'000).unit("steps").group("MCMC");
        s.add(&TrainSettings::refineStopBeforeEnd, "refine-stop-before-end", "Relocation stop before end")
            .range(0, 1'000'000).unit("steps").group("MCMC");
        s.add(&TrainSettings::refineEvery, "refine-every", "Relocation period").range(1, 1'000'000).unit("steps").group("MCMC");
        s.add(&TrainSettings::minOpacity, "min-opacity", "Dead opacity").range(0, 0.5).group("MCMC");
        s.add(&TrainSettings::noiseLr, "noise-lr", "Position noise").range(0, 1e9).group("MCMC");
        s.add(&TrainSettings::evalEvery, "eval-every", "Metrics period").range(1, 1'000'000).unit("steps").group("Output");
        s.add(&TrainSettings::checkpointEvery, "checkpoint-every", "Checkpoint period").range(1, 1'000'000)
            .unit("steps").group("Output");
        s.add(&TrainSettings::snapshotEvery, "snapshot-every", "Preview period").range(1, 1'000'000).unit("steps").group("Output");
        s.add(&TrainSettings::valBackground, "val-background", "Validation background").range(0, 1).group("Output");
        s.add(&TrainSettings::threads, "threads", "Threads").range(0, 256).group("Output")
            .tooltip("Rasterizer threads; 0 uses all cores");
        s.addChoice(&TrainSettings::device, "device", "Device", {{TrainDevice::Cpu, "cpu"}, {TrainDevice::Cuda, "cuda"}})
            .group("Budget")
            .tooltip("Train on the CPU or on an NVIDIA GPU (needs a CUDA build and a GPU)");
        return s;
    }();
    return schema;
}

bool cudaDeviceAvailable() { return cudaBackendAvailable(); }

double entropyWeightAt(const TrainSettings& settings, int step) {
    const double t = double(step) / double(std::max(1, settings.steps));
    const double ramp = (t - settings.entropyStart) / (1.0 - settings.entropyStart);
    return settings.entropyWeight * std::max(0.0, ramp);
}

double meansLrAt(const TrainSettings& settings, double sceneScale, int step) {
    const double t = double(step) / double(std::max(1, settings.steps));
    return settings.meansLr * sceneScale * std::pow(settings.meansLrFinal, t);
}

}  // namespace sw::train
