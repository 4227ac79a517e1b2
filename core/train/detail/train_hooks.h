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

}  // namespace sw::train::detail
