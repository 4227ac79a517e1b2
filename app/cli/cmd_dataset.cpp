// `splatwright-cli dataset model.glb -o <dir> [belt, dataset and import flags]`: imports and
// repairs the model, bakes the lighting recipe and renders the NeRF-synthetic dataset through
// a headless EGL context (PIPELINE §2). The stage itself is shared with `train <model>`
// (dataset_flags.h).
#include <memory>
#include <string>

#include "app/cli/command.h"
#include "app/cli/dataset_flags.h"

namespace sw::cli {
namespace {

struct DatasetCommand {
    std::string model;
    std::string output;
    std::unique_ptr<DatasetStageFlags> stage;

    Status run() const {
        auto imported = stage->run(model, output);
        if (!imported) return imported.error();
        return {};
    }
};

}  // namespace

void addDatasetCommand(CLI::App& app, Outcome& outcome) {
    auto state = std::make_shared<DatasetCommand>();
    CLI::App* cmd = app.add_subcommand("dataset", "Render the synthetic training dataset of a model (NeRF-synthetic layout)");
    cmd->add_option("model", state->model, "Model file (glTF/GLB, FBX, OBJ)")->required();
    cmd->add_option("-o,--output", state->output, "Output folder (replaced atomically when complete)")->required();
    state->stage = std::make_unique<DatasetStageFlags>(*cmd);
    cmd->callback([state, &outcome] { outcome.status = state->run(); });
}

}  // namespace sw::cli
