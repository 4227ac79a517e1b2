// `splatwright-cli train <dataset, model or project> -o <dir> [--budget 6000 --steps 6000
// --res 400 ...] [--model model.glb] [--resume <dir>]`: fits a fixed-budget splat cloud
// (pipeline::runTraining), shows a progress bar with ETA on stderr, prints validation metrics,
// keeps a checkpoint in <dir>/checkpoint and writes <dir>/cloud.ply (3DGS PLY layout in model
// space, marked so in its header: our cache; export or convert write viewer axes) and
// <dir>/metrics.json (the validation metrics, on the background they name).
// A model file (.glb/.gltf/.fbx/.obj) as input first renders its dataset with the same flags
// as `splatwright-cli dataset` (dataset_flags.h) into <dir>/dataset and initialises from the
// model's surface. A project trains with its settings (the flags override them) on its dataset
// (rendered first when missing or stale) into its cache's training folder unless -o is given.
// --resume restores the checkpoint's settings (flags change only steps, device, threads and
// the periods). Ctrl-C cancels at the next step; the last checkpoint stays intact.
#include <cstdio>
#include <filesystem>
#include <memory>
#include <set>
#include <string>

#include "app/cli/command.h"
#include "app/cli/dataset_flags.h"
#include "app/cli/schema_flags.h"
#include "app/cli/terminal_progress.h"
#include "core/pipeline/training_job.h"

namespace sw::cli {
namespace {

void printMetrics(const train::EvalMetrics& m) {
    std::printf("  step %6d  loss %.5f  val L1 %.5f  PSNR %6.2f  SSIM %.4f (on %s)  opaque %5.1f%%  "
                "outside %d  splats %d  %.1f s\n",
                m.step, m.trainLoss, m.valL1, m.valPsnr, m.valSsim, train::valBackgroundName(m.valBackground).c_str(),
                100 * m.opaqueShare, m.outsideSilhouette, m.splats, m.seconds);
    std::fflush(stdout);
}

void printResult(const pipeline::TrainingResult& r) {
    const train::EvalMetrics& m = r.train.final;
    std::printf("done: %s\n  splats:       %d (relocated %d, added %d)\n", r.cloudPath.c_str(), m.splats,
                r.train.relocated, r.train.added);
    std::printf("  val metrics:  on %s (--val-background; %s)\n", train::valBackgroundName(m.valBackground).c_str(),
                r.metricsPath.c_str());
    std::printf("  val L1:       %.5f\n  val PSNR:     %.2f dB\n  val SSIM:     %.4f\n", m.valL1, m.valPsnr, m.valSsim);
    if (r.train.rollbacks > 0)
        std::printf("  rollbacks:    %d (a non-finite step; learning rates halved)\n", r.train.rollbacks);
    std::printf("  opaque share: %.1f%% (opacity > 0.9)\n  outside:      %d splats\n", 100 * m.opaqueShare,
                m.outsideSilhouette);
    std::printf("  wall time:    %.1f s (%.2f ms/step)\n", r.train.seconds,
                r.train.timings.steps ? 1000 * r.train.seconds / r.train.timings.steps : 0.0);
}

struct TrainCommand {
    ParamSet params{train::trainSchema().schema()};
    std::unique_ptr<SchemaFlags> flags;
    std::unique_ptr<DatasetStageFlags> stage;  // used when the input is a model file
    std::string input, output, model, resume;

    // The trainer's settings: the base (a project's, a checkpoint's or the defaults), then the
    // presets and flags given.
    Result<train::TrainSettings> settings(const train::TrainSettings& base) {
        params = train::trainSchema().toParams(base);
        SW_TRY(flags->apply());
        return train::trainSchema().fromParams(params);
    }

    Result<pipeline::TrainingRequest> projectRequest() {
        auto project = project::loadProject(input);
        if (!project) return project.error();
        if (!model.empty())
            return makeError(ErrorCode::InvalidInput, "--model is taken from the project; leave it out", input);
        SW_TRY(stage->applyTo(*project));
        auto projectSettings = pipeline::trainingSettings(*project);
        if (!projectSettings) return Error{projectSettings.error().code, projectSettings.error().message, input};
        auto s = settings(*projectSettings);
        if (!s) return s.error();
        SW_TRY(pipeline::setTrainingSettings(*project, *s));
        auto request = pipeline::trainingRequest(*project);
        if (!request) return request.error();
        pipeline::redirect(request->runDir, request->stamp, output);
        return request;
    }

    Result<pipeline::TrainingRequest> request() {
        if (pipeline::isProjectFile(input)) return projectRequest();
        const bool modelInput = isModelFile(input) && !std::filesystem::is_directory(input);
        if (!modelInput && !std::filesystem::is_directory(input))
            return makeError(ErrorCode::Unsupported,
                             "neither a dataset folder nor a model file (.glb, .gltf, .fbx, .obj)", input);
        if (modelInput && !model.empty())
            return makeError(ErrorCode::InvalidInput,
                             "--model is for dataset inputs; a model input initialises from its own surface", model);
        if (output.empty()) return makeError(ErrorCode::InvalidInput, "-o is required unless the input is a project", input);
        pipeline::TrainingRequest request;
        request.runDir = output;
        request.datasetDir = input;
        request.initModel.path = model;
        if (modelInput) {
            pipeline::DatasetRequest dataset;
            dataset.model.path = input;
            dataset.outDir = pipeline::runDatasetDir(output);
            auto withFlags = stage->request(std::move(dataset));
            if (!withFlags) return withFlags.error();
            request.dataset = std::move(*withFlags);
        }
        train::TrainSettings base;
        if (!resume.empty()) {  // the checkpoint's settings are the defaults of the flags
            auto info = pipeline::readCheckpointInfo(resume);
            if (!info) return info.error();
            base = info->settings;
        }
        auto s = settings(base);
        if (!s) return s.error();
        request.settings = *s;
        return request;
    }

    Status run() {
        auto request = this->request();
        if (!request) return request.error();
        if (!resume.empty()) {
            request->resume = true;
            request->checkpoint = resume;
        }
        TerminalProgress bar("train");
        const pipeline::DatasetRequest* dataset = request->dataset ? &*request->dataset : nullptr;
        request->onDataset = [&bar, dataset](const pipeline::DatasetResult& result) {
            bar.finish();
            printDatasetReport(result, *dataset);
        };
        request->onStart = [&bar](const pipeline::TrainingStart& s) {
            bar.restart();
            for (const std::string& line : s.restored) std::printf("resume: %s\n", line.c_str());
            std::printf("train: %d train / %d val views at %dx%d, %d start splats, budget %d, steps %d..%d\n",
                        s.trainViews, s.valViews, s.width, s.height, s.startSplats, s.settings.budget, s.startStep,
                        s.settings.steps);
            std::fflush(stdout);
        };
        request->callbacks.onMetrics = [&bar](const train::EvalMetrics& m) {
            bar.finish();
            printMetrics(m);
        };
        // Ctrl-C and SIGTERM go through the CLI's shared interrupt handling (core/foundation/
        // interrupt.h): the run stops at its next step with the last checkpoint intact, exit 6.
        auto result = pipeline::runTraining(*request, bar.progress());
        bar.finish();
        if (!result) return result.error();
        printResult(*result);
        return {};
    }
};

}  // namespace

void addTrainCommand(CLI::App& app, Outcome& outcome) {
    auto state = std::make_shared<TrainCommand>();
    CLI::App* cmd = app.add_subcommand("train", "Train a fixed-budget splat cloud on a NeRF-synthetic dataset or a model");
    cmd->add_option("input", state->input,
                    "Dataset folder (transforms_train.json + RGBA images), a model file (.glb, .gltf, .fbx, .obj) "
                    "whose dataset is rendered first into <output>/dataset, or a project (.splatproj)")
        ->required();
    cmd->add_option("-o,--output", state->output,
                    "Output folder: cloud.ply and checkpoint/ (a project's default: its cache's training folder)");
    cmd->add_option("--model", state->model, "Model to initialise from (surface samples) instead of the visual hull");
    cmd->add_option("--resume", state->resume,
                    "Checkpoint folder (or its checkpoint.json) to continue from, with its settings");
    state->flags = std::make_unique<SchemaFlags>(*cmd, state->params);
    // The dataset stage's flags for a model input; its seed keeps its default (or
    // --dataset-preset): --seed is the trainer's.
    state->stage = std::make_unique<DatasetStageFlags>(*cmd, std::set<std::string>{"seed"});
    cmd->callback([state, &outcome] { outcome.status = state->run(); });
}

}  // namespace sw::cli
