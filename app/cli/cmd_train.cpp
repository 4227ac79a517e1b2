// `splatwright-cli train <dataset-or-model> -o <dir> [--budget 6000 --steps 6000 --res 400 ...]
// [--model model.glb] [--resume <dir>]`: fits a fixed-budget splat cloud to a NeRF-synthetic
// dataset (core/train), shows a progress bar with ETA on stderr, prints validation metrics,
// keeps a checkpoint in <dir>/checkpoint and writes <dir>/cloud.ply (standard 3DGS PLY) and
// <dir>/metrics.json (the validation metrics, on the background they name).
// A model file (.glb/.gltf/.fbx/.obj) as input first runs the dataset stage with the same
// flags as `splatwright-cli dataset` (dataset_flags.h) into <dir>/dataset, then trains on it,
// initialised from the imported model's surface. Ctrl-C cancels at the next step; the last
// checkpoint stays intact.
#include <atomic>
#include <chrono>
#include <csignal>
#include <cstdio>
#include <filesystem>
#include <memory>
#include <optional>
#include <set>
#include <string>

#include "app/cli/command.h"
#include "app/cli/dataset_flags.h"
#include "app/cli/schema_flags.h"
#include "core/formats/ply.h"
#include "core/foundation/file_io.h"
#include "core/foundation/output_folder.h"
#include "core/geometry/import.h"
#include "core/train/checkpoint.h"
#include "core/train/init_cloud.h"
#include "core/train/trainer.h"

namespace sw::cli {
namespace {

std::atomic<CancelToken*> g_cancel{nullptr};

extern "C" void onInterrupt(int) {
    if (CancelToken* token = g_cancel.load()) token->cancel();
}

// One stderr line redrawn with \r at most 5 times a second: bar, percent, message, ETA.
class ProgressBar {
public:
    void draw(double fraction, std::string_view message) {
        const auto now = std::chrono::steady_clock::now();
        if (fraction < 1.0 && now - m_last < std::chrono::milliseconds(200)) return;
        m_last = now;
        const double elapsed = std::chrono::duration<double>(now - m_start).count();
        const double eta = fraction > 1e-3 ? elapsed * (1.0 - fraction) / fraction : 0.0;
        constexpr int WIDTH = 30;
        const int filled = int(fraction * WIDTH);
        std::string bar(std::size_t(filled), '#');
        bar.resize(WIDTH, '-');
        std::fprintf(stderr, "\r[%s] %5.1f%% %-16.*s ETA %4.0f s ", bar.c_str(), 100 * fraction, int(message.size()),
                     message.data(), eta);
        std::fflush(stderr);
        m_open = true;
    }
    void endLine() {
        if (m_open) std::fprintf(stderr, "\n");
        m_open = false;
    }

private:
    std::chrono::steady_clock::time_point m_start = std::chrono::steady_clock::now();
    std::chrono::steady_clock::time_point m_last{};
    bool m_open = false;
};

struct TrainCommand {
    ParamSet params{train::trainSchema().schema()};
    std::unique_ptr<SchemaFlags> flags;
    std::unique_ptr<DatasetStageFlags> stage;  // used when the input is a model file
    std::string input, output, model, resume;

    // surface: the model rendered by the dataset stage (train <model>), or null.
    Result<train::TrainInputs> makeInputs(const train::TrainData& data, const train::TrainSettings& s,
                                          const train::Checkpoint* checkpoint, const geometry::Mesh* surface) const {
        train::TrainInputs inputs;
        inputs.data = &data;
        inputs.checkpointDir = (std::filesystem::path(output) / "checkpoint").string();
        if (checkpoint) {
            inputs.initial = checkpoint->cloud;
            inputs.startStep = checkpoint->step;
            return inputs;
        }
        train::InitSettings init;
        init.count = s.budget;
        init.seed = std::uint64_t(s.seed);
        if (surface) {
            auto cloud = train::initFromSurface(*surface, init);
            if (!cloud) return cloud.error();
            inputs.initial = std::move(*cloud);
        } else if (!model.empty()) {
            auto imported = geometry::importModel(model);
            if (!imported) return imported.error();
            auto cloud = train::initFromSurface(imported->mesh, init);
            if (!cloud) return cloud.error();
            inputs.initial = std::move(*cloud);
        } else {
            auto cloud = train::initFromVisualHull(data, init);
            if (!cloud) return cloud.error();
            inputs.initial = std::move(*cloud);
        }
        return inputs;
    }

    Status run() {
        const bool modelInput = isModelFile(input) && !std::filesystem::is_directory(input);
        if (!modelInput && !std::filesystem::is_directory(input))
            return makeError(ErrorCode::Unsupported,
                             "neither a dataset folder nor a model file (.glb, .gltf, .fbx, .obj)", input);
        if (modelInput && !model.empty())
            return makeError(ErrorCode::InvalidInput,
                             "--model is for dataset inputs; a model input initialises from its own surface", model);
        std::unique_ptr<train::Checkpoint> checkpoint;
        if (!resume.empty()) {
            auto cp = train::readCheckpoint(resume);
            if (!cp) return cp.error();
            checkpoint = std::make_unique<train::Checkpoint>(std::move(*cp));
            if (!checkpoint->settingsJson.empty()) SW_TRY(params.fromJson(checkpoint->settingsJson, resume));
        }
        SW_TRY(flags->apply());
        const train::TrainSettings s = train::trainSchema().fromParams(params);
        if (s.device == train::TrainDevice::Cuda && !train::cudaDeviceAvailable())  // before loading anything
            return makeError(ErrorCode::Gpu, "CUDA device requested but this build has no CUDA backend or this "
                                             "machine has no CUDA device; use --device cpu");
        SW_TRY(claimOutputs(output, {"cloud.ply", "checkpoint/", "dataset/"}));  // never replaces the user's files
        std::string datasetDir = input;
        std::optional<geometry::ImportedModel> imported;
        if (modelInput) {
            datasetDir = (std::filesystem::path(output) / "dataset").string();
            auto rendered = stage->run(input, datasetDir);
            if (!rendered) return rendered.error();
            imported = std::move(*rendered);
        }
        std::fprintf(stderr, "loading %s at %d px...\n", datasetDir.c_str(), s.resolution);
        auto data = train::loadDataset(datasetDir, {s.resolution, 8});
        if (!data) return data.error();
        // Before the start cloud of `budget` splats is allocated.
        SW_TRY(train::checkTrainingMemory(s, data->train.front().width, data->train.front().height));
        auto inputs = makeInputs(*data, s, checkpoint.get(), imported ? &imported->mesh : nullptr);
        if (!inputs) return inputs.error();
        std::printf("train: %zu train / %zu val views at %dx%d, %zu start splats, budget %d, steps %d..%d\n",
                    data->train.size(), data->val.size(), data->train.front().width, data->train.front().height,
                    inputs->initial.size(), s.budget, inputs->startStep, s.steps);
        return trainAndWrite(*inputs, s);
    }

    Status trainAndWrite(const train::TrainInputs& inputs, const train::TrainSettings& s) const {
        auto cancel = std::make_shared<CancelToken>();
        g_cancel.store(cancel.get());
        const auto previous = std::signal(SIGINT, onInterrupt);
        ProgressBar bar;
        Progress progress([&bar](double f, std::string_view msg) { bar.draw(f, msg); }, cancel);
        train::TrainCallbacks callbacks;
        callbacks.onMetrics = [&bar](const train::EvalMetrics& m) {
            bar.endLine();
            std::printf("  step %6d  loss %.5f  val L1 %.5f  PSNR %6.2f  SSIM %.4f (on %s)  opaque %5.1f%%  "
                        "outside %d  splats %d  %.1f s\n",
                        m.step, m.trainLoss, m.valL1, m.valPsnr, m.valSsim, train::valBackgroundName(m.valBackground).c_str(),
                        100 * m.opaqueShare, m.outsideSilhouette, m.splats, m.seconds);
            std::fflush(stdout);
        };
        auto result = train::train(inputs, s, progress, callbacks);
        bar.endLine();
        std::signal(SIGINT, previous);
        g_cancel.store(nullptr);
        if (!result) return result.error();
        const std::string cloudPath = (std::filesystem::path(output) / "cloud.ply").string();
        SW_TRY(formats::writePly(cloudPath, result->cloud));
        const std::string metricsPath = (std::filesystem::path(output) / "metrics.json").string();
        SW_TRY(writeFileAtomic(metricsPath, train::metricsJson(*result)));
        const train::EvalMetrics& m = result->final;
        std::printf("done: %s\n  splats:       %d (relocated %d, added %d)\n", cloudPath.c_str(), m.splats,
                    result->relocated, result->added);
        std::printf("  val metrics:  on %s (--val-background; %s)\n", train::valBackgroundName(m.valBackground).c_str(),
                    metricsPath.c_str());
        std::printf("  val L1:       %.5f\n  val PSNR:     %.2f dB\n  val SSIM:     %.4f\n", m.valL1, m.valPsnr, m.valSsim);
        if (result->rollbacks > 0)
            std::printf("  rollbacks:    %d (a non-finite step; learning rates halved)\n", result->rollbacks);
        std::printf("  opaque share: %.1f%% (opacity > 0.9)\n  outside:      %d splats\n", 100 * m.opaqueShare,
                    m.outsideSilhouette);
        std::printf("  wall time:    %.1f s (%.2f ms/step)\n", result->seconds,
                    result->timings.steps ? 1000 * result->seconds / result->timings.steps : 0.0);
        return {};
    }
};

}  // namespace

void addTrainCommand(CLI::App& app, Outcome& outcome) {
    auto state = std::make_shared<TrainCommand>();
    CLI::App* cmd = app.add_subcommand("train", "Train a fixed-budget splat cloud on a NeRF-synthetic dataset or a model");
    cmd->add_option("input", state->input,
                    "Dataset folder (transforms_train.json + RGBA images), or a model file (.glb, .gltf, .fbx, .obj) "
                    "whose dataset is rendered first into <output>/dataset")
        ->required();
    cmd->add_option("-o,--output", state->output, "Output folder: cloud.ply and checkpoint/")->required();
    cmd->add_option("--model", state->model, "Model to initialise from (surface samples) instead of the visual hull");
    cmd->add_option("--resume", state->resume, "Checkpoint folder (or its checkpoint.json) to continue from");
    state->flags = std::make_unique<SchemaFlags>(*cmd, state->params);
    // The dataset stage's flags for a model input; its seed keeps its default (or
    // --dataset-preset): --seed is the trainer's.
    state->stage = std::make_unique<DatasetStageFlags>(*cmd, std::set<std::string>{"seed"});
    cmd->callback([state, &outcome] { outcome.status = state->run(); });
}

}  // namespace sw::cli
