#pragma once
// The step loop of trainer.h with a hook for tests: afterStep runs after every optimisation
// step, before the loop's checks, with the live state (a test poisons it with a NaN to prove
// the rollback). train() is trainWithHooks with no hooks. Torch-facing: core/train and its tests.
#include <functional>

#include "core/train/detail/param_state.h"
#include "core/train/trainer.h"

namespace sw::train::detail {

struct TrainHooks {
    std::function<void(int step, ParamState& state)> afterStep;  // step: 0-based index of the step just taken
};

Result<TrainResult> trainWithHooks(const TrainInputs& inputs, const TrainSettings& settings, const Progress& progress,
                                   const TrainCallbacks& callbacks, const TrainHooks& hooks);

// K trainings on one CUDA device advanced in lockstep by the calling thread: each tick runs
// step t of every training, the replayable ones (no refine, no change of the cloud) as one
// recorded CUDA graph with a branch per training (StepGraph::captureBranches), the others
// launched side by side (train_ops.h runSideBySide: a thread and a stream each, so one's
// read-back does not wait for the others'). Reports every 100 steps, metrics every evalEvery steps and at the end,
// as train(); no checkpoints, callbacks, rollback (a non-finite loss is an error) or cancel.
// Every settings[k].steps must be equal. fuse: the recorded tick runs the loss gradients, the
// entropy terms and the Adam updates of all its trainings as one launch each (between the
// branches' forward, backward and strategy phases: StepGraph::captureStages); otherwise each
// branch is its training's whole step. For bench_train_many's comparison with trainMany's
// lanes (issue 17, Build 1).
Result<std::vector<TrainResult>> trainLockstep(const std::vector<TrainInputs>& inputs,
                                               const std::vector<TrainSettings>& settings, bool fuse = true);

}  // namespace sw::train::detail
