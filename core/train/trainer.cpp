#include "core/train/trainer.h"

#include <algorithm>
#include <cmath>
#include <cstdio>
#include <nlohmann/json.hpp>

#include "core/train/detail/memory_budget.h"
#include "core/train/detail/rasterize.h"

namespace sw::train {

const SettingsSchema<TrainSettings>& trainSchema() {
    static const SettingsSchema<TrainSettings> schema = [] {
        SettingsSchema<TrainSettings> s("train", "Training");
        s.add(&TrainSettings::budget, "budget", "Splat budget").range(1, 10'000'000).unit("splats").group("Budget")
            .tooltip("Hard cap on the number of splats; a smaller budget is a retrain, never a slice");
        s.add(&TrainSettings::steps, "steps", "Steps").range(1, 1'000'000).unit("steps").group("Budget");
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
        // The budget presets (issue 17): each is a retrain with its own cap, never a cut of a
        // larger cloud (MCMC spreads the budget itself).
        s.addPreset({"boss", "Boss (6000 splats)", "A boss or hero asset: 6000 splats", {{"budget", std::int64_t(6000)}}});
        s.addPreset({"small", "Small (2000 splats)", "A small prop or enemy: 2000 splats", {{"budget", std::int64_t(2000)}}});
        s.addPreset({"hologram", "Hologram (1800 splats)",
                     "The hologram stand-in: its own 1800-splat training, exported under <name>-hologram",
                     {{"budget", std::int64_t(1800)}}});
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

std::string valBackgroundName(double grey) {
    if (grey == 1.0) return "white";
    if (grey == 0.0) return "black";
    char text[32];
    std::snprintf(text, sizeof text, "grey %.3g", grey);
    return text;
}

namespace {

// The fields of one report in metrics.json, in the order written; val_background_name (a label,
// not read back) follows val_background.
struct MetricField {
    const char* key;
    int EvalMetrics::*whole = nullptr;
    double EvalMetrics::*real = nullptr;
};
const MetricField METRIC_FIELDS[] = {
    {"step", &EvalMetrics::step},
    {"splats", &EvalMetrics::splats},
    {"train_loss", nullptr, &EvalMetrics::trainLoss},
    {"val_l1", nullptr, &EvalMetrics::valL1},
    {"val_psnr_db", nullptr, &EvalMetrics::valPsnr},
    {"val_ssim", nullptr, &EvalMetrics::valSsim},
    {"val_background", nullptr, &EvalMetrics::valBackground},
    {"opaque_share", nullptr, &EvalMetrics::opaqueShare},
    {"outside_silhouette", &EvalMetrics::outsideSilhouette},
    {"seconds", nullptr, &EvalMetrics::seconds},
};

nlohmann::ordered_json reportJson(const EvalMetrics& m) {
    nlohmann::ordered_json r;
    for (const MetricField& f : METRIC_FIELDS) {
        if (f.whole)
            r[f.key] = m.*f.whole;
        else
            r[f.key] = m.*f.real;
        if (f.real == &EvalMetrics::valBackground) r["val_background_name"] = valBackgroundName(m.valBackground);
    }
    return r;
}

}  // namespace

std::string metricsJson(const TrainResult& result) {
    nlohmann::ordered_json reports = nlohmann::ordered_json::array();
    for (const EvalMetrics& m : result.history) reports.push_back(reportJson(m));
    nlohmann::ordered_json doc;
    doc["metrics"] = std::move(reports);
    doc["relocated"] = result.relocated;
    doc["added"] = result.added;
    doc["rollbacks"] = result.rollbacks;
    doc["seconds"] = result.seconds;
    return doc.dump(2) + "\n";
}

Result<std::vector<EvalMetrics>> metricsFromJson(const std::string& text, const std::string& path) {
    const nlohmann::json doc = nlohmann::json::parse(text, nullptr, false);
    if (!doc.is_object() || !doc.contains("metrics") || !doc["metrics"].is_array())
        return makeError(ErrorCode::Parse, "not a training metrics file (no \"metrics\" list)", path);
    std::vector<EvalMetrics> reports;
    try {
        for (const nlohmann::json& r : doc["metrics"]) {
            EvalMetrics m;
            for (const MetricField& f : METRIC_FIELDS) {
                if (f.whole)
                    m.*f.whole = r.value(f.key, m.*f.whole);
                else
                    m.*f.real = r.value(f.key, m.*f.real);
            }
            reports.push_back(m);
        }
    } catch (const nlohmann::json::exception& e) {
        return makeError(ErrorCode::Parse, std::string("not a training metrics file: ") + e.what(), path);
    }
    return reports;
}

std::uint64_t estimateTrainingBytes(const TrainSettings& settings, int width, int height) {
    // Per splat, float32: parameters, gradients and both Adam moments (4 × 14 floats), the
    // rollback copy of parameters and moments (3 × 14), projection outputs and their gradients
    // (≈ 2 × 11), tile entries with their sort keys and backward buffers (≈ 4 tiles × 64 B) and
    // three host cloud copies (start cloud, snapshot/checkpoint, result: 3 × 14 floats). Rounded up.
    constexpr std::uint64_t BYTES_PER_SPLAT = 1024;
    // Per pixel: rendered rgb/alpha/depth/transmittance/last count, their gradients, the
    // ground-truth composite and the validation renders copied to the host.
    constexpr std::uint64_t BYTES_PER_PIXEL = 128;
    const std::uint64_t pixels = std::uint64_t(std::max(0, width)) * std::uint64_t(std::max(0, height));
    return std::uint64_t(std::max(0, settings.budget)) * BYTES_PER_SPLAT + pixels * BYTES_PER_PIXEL;
}

Status checkTrainingMemory(const TrainSettings& settings, int width, int height) {
    return checkTrainingMemory(settings, width, height, detail::availableMemoryBytes());
}

Status checkTrainingMemory(const TrainSettings& settings, int width, int height, std::uint64_t availableBytes) {
    const std::uint64_t needed = estimateTrainingBytes(settings, width, height);
    if (needed <= availableBytes) return {};
    const auto gib = [](std::uint64_t bytes) { return double(bytes) / double(1ull << 30); };
    char text[320];
    std::snprintf(text, sizeof text,
                  "not enough memory to train: a budget of %d splats at %dx%d needs about %.2f GiB, but only %.2f GiB "
                  "is available to this process; lower the budget (--budget) or the resolution (--res)",
                  settings.budget, width, height, gib(needed), gib(availableBytes));
    return makeError(ErrorCode::OutOfMemory, text);
}

}  // namespace sw::train
