// `splatwright-cli dataset <model or project> -o <dir> [belt, dataset and import flags]`:
// imports and repairs the model, bakes the lighting recipe and renders the NeRF-synthetic
// dataset through a headless EGL context (PIPELINE §2, pipeline::runDataset). A project gives
// its model, settings (the flags override them) and, without -o, its cache's dataset folder.
#include <memory>
#include <string>

#include "app/cli/command.h"
#include "app/cli/dataset_flags.h"
#include "app/cli/terminal_progress.h"
#include "core/pipeline/dataset_job.h"

namespace sw::cli {
namespace {

struct DatasetCommand {
    std::string input;
    std::string output;
    std::unique_ptr<DatasetStageFlags> stage;

    Result<pipeline::DatasetRequest> request() const {
        if (!pipeline::isProjectFile(input)) {
            if (output.empty()) return makeError(ErrorCode::InvalidInput, "-o is required for a model input", input);
            pipeline::DatasetRequest base;
            base.model.path = input;
            base.outDir = output;
            return stage->request(std::move(base));
        }
        auto project = project::loadProject(input);
        if (!project) return project.error();
        SW_TRY(stage->applyTo(*project));
        pipeline::DatasetRequest request = pipeline::datasetRequest(*project);
        pipeline::redirect(request.outDir, request.stamp, output);
        return request;
    }

    Status run() const {
        auto request = this->request();
        if (!request) return request.error();
        TerminalProgress bar("dataset");
        auto result = pipeline::runDataset(*request, bar.progress());
        bar.finish();
        if (!result) return namingOutput(result.error(), request->outDir);
        printDatasetReport(*result, *request);
        return {};
    }
};

}  // namespace

void addDatasetCommand(CLI::App& app, Outcome& outcome) {
    auto state = std::make_shared<DatasetCommand>();
    CLI::App* cmd = app.add_subcommand("dataset", "Render the synthetic training dataset of a model (NeRF-synthetic layout)");
    cmd->add_option("model", state->input, "Model file (glTF/GLB, FBX, OBJ) or project (.splatproj)")->required();
    cmd->add_option("-o,--output", state->output,
                    "Output folder (replaced atomically when complete); a project's default is its cache's dataset folder");
    state->stage = std::make_unique<DatasetStageFlags>(*cmd);
    cmd->callback([state, &outcome] { outcome.status = state->run(); });
}

}  // namespace sw::cli
