#pragma once
// What a training run checks and sets up before its step loop (detail/train_run.cpp: train();
// detail/train_lockstep.cpp: trainLockstep): its inputs against its settings, and the share of
// libtorch's CPU threads it may use while it lasts. Torch-facing: core/train only.
#include <ATen/Parallel.h>

#include "core/foundation/error.h"
#include "core/train/trainer.h"

namespace sw::train::detail {

// InvalidInput or Gpu errors for a run that cannot start: no CUDA backend or device, no views,
// a budget below 1 or below the start cloud, a start cloud that fails validation, views of
// different sizes.
Status validateInputs(const TrainInputs& inputs, const TrainSettings& settings);

// libtorch's own CPU loops on this thread use at most `threads` threads while a run lasts
// (0: unchanged), so K runs on K threads of one process (batch.h) share the cores instead of
// each starting a team of every core.
class IntraOpThreads {
public:
    explicit IntraOpThreads(int threads) {
        if (threads <= 0) return;
        at::internal::lazy_init_num_threads();
        m_previous = at::get_num_threads();
        at::set_num_threads(threads);
    }
    ~IntraOpThreads() {
        if (m_previous > 0) at::set_num_threads(m_previous);
    }
    IntraOpThreads(const IntraOpThreads&) = delete;
    IntraOpThreads& operator=(const IntraOpThreads&) = delete;

private:
    int m_previous = 0;
};

}  // namespace sw::train::detail
