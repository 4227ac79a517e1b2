// train() (trainer.h): the loop over a run's steps and its reports (loss curve, metrics,
// snapshots, checkpoints, the rollback of a non-finite state), inside the trainer's boundary
// that turns libtorch's and the allocator's failures into error values.
#include <c10/core/DeviceGuard.h>
#include <c10/util/Exception.h>

#include <algorithm>
#include <new>
#include <string>
#include <system_error>

#include "core/train/checkpoint.h"
#include "core/train/detail/run_setup.h"
#include "core/train/detail/train_hooks.h"
#include "core/train/detail/train_loop.h"
#include "core/train/detail/train_ops.h"
#include "core/train/trainer.h"
// After cuda/relocation_eq9.h (through train_loop.h): its unqualified log() must bind to ::log
// before the namespace sw::log exists.
#include "core/foundation/log.h"

namespace sw::train {
namespace detail {
namespace {

Result<TrainResult> runLoop(const TrainInputs& inputs, const TrainSettings& settings, const Progress& progress,
                            const TrainCallbacks& callbacks, const TrainHooks& hooks) {
    const auto start = Clock::now();
    const auto elapsed = [&] { return msBetween(start, Clock::now()) / 1000.0; };
    const auto cancelled = [&](int step) {
        return makeError(ErrorCode::Cancelled, "training cancelled at step " + std::to_string(step),
                         inputs.checkpointDir);
    };
    TrainLoop loop(inputs, settings);
    TrainResult result;
    StateCopy lastGood = loop.copyState(inputs.startStep);
    const bool checkpoints = !inputs.checkpointDir.empty();
    double lossSum = 0, evalLossSum = 0;
    int lossCount = 0, evalLossCount = 0, pending = 0;
    for (int step = inputs.startStep; step < settings.steps; ++step) {
        if (progress.cancelled()) return cancelled(step);
        SW_TRY(loop.step(step, result.timings));
        if (hooks.afterStep) hooks.afterStep(step, loop.state());
        ++pending;
        const int done = step + 1;
        const bool last = done == settings.steps;
        const bool curve = done % 100 == 0 || last;
        const bool eval = done % settings.evalEvery == 0 || last;
        const bool snapshot = callbacks.onSnapshot && (done % settings.snapshotEvery == 0 || last);
        const bool checkpoint = checkpoints && (done % settings.checkpointEvery == 0 || last);
        if (curve || eval || snapshot || checkpoint) {
            const TrainLoop::Report report = loop.takeReport();  // the only read-back between reports
            const double sum = report.lossSum;
            const std::string bad = nonFiniteReason(report);
            if (!bad.empty()) {
                if (result.rollbacks > 0)
                    return makeError(ErrorCode::InvalidInput,
                                     bad + " between steps " + std::to_string(lastGood.step) + " and " +
                                         std::to_string(done) + ", again after rolling back once and halving the "
                                         "learning rates: training diverged; lower the learning rates or check the "
                                         "dataset for NaN",
                                     inputs.checkpointDir);
                SW_LOG_WARN("training: " << bad << " between steps " << lastGood.step << " and " << done
                                         << ": rolled back to step " << lastGood.step
                                         << " and halved the learning rates");
                loop.restore(lastGood, 0.5);
                ++result.rollbacks;
                pending = 0;
                step = lastGood.step - 1;  // the loop's ++step resumes at lastGood.step
                continue;
            }
            lossSum += sum;
            evalLossSum += sum;
            lossCount += pending;
            evalLossCount += pending;
            pending = 0;
            lastGood = loop.copyState(done);
        }
        if (curve) {
            result.lossCurve.emplace_back(done, lossSum / std::max(1, lossCount));
            lossSum = 0;
            lossCount = 0;
        }
        if (eval) {
            EvalMetrics m = loop.evaluate(done);
            m.trainLoss = evalLossSum / std::max(1, evalLossCount);
            m.seconds = elapsed();
            evalLossSum = 0;
            evalLossCount = 0;
            result.history.push_back(m);
            if (callbacks.onMetrics) callbacks.onMetrics(m);
        }
        if (snapshot) callbacks.onSnapshot(done, toCloud(loop.state().splats));
        if (checkpoint) {
            Checkpoint cp{done, std::uint64_t(settings.seed), trainSchema().toParams(settings).toJson(),
                          toCloud(loop.state().splats)};
            SW_TRY(writeCheckpoint(inputs.checkpointDir, cp));
        }
        progress.report(double(done) / settings.steps, "step " + std::to_string(done) + "/" + std::to_string(settings.steps));
    }
    if (result.history.empty()) result.history.push_back(loop.evaluate(settings.steps));
    result.final = result.history.back();
    result.cloud = toCloud(loop.state().splats);
    result.relocated = loop.strategy().relocatedTotal();
    result.added = loop.strategy().addedTotal();
    result.seconds = elapsed();
    return result;
}

Error outOfMemory(const TrainSettings& settings, const std::string& detail) {
    return makeError(ErrorCode::OutOfMemory, "out of memory while training a budget of " +
                                                 std::to_string(settings.budget) + " splats (" + detail +
                                                 "); lower the budget (--budget) or the resolution (--res)");
}

}  // namespace

std::string firstLine(const char* text) {
    std::string line(text ? text : "");
    if (const auto eol = line.find('\n'); eol != std::string::npos) line.resize(eol);
    return line;
}

Result<TrainResult> trainWithHooks(const TrainInputs& inputs, const TrainSettings& settings, const Progress& progress,
                                   const TrainCallbacks& callbacks, const TrainHooks& hooks) {
    SW_TRY(validateInputs(inputs, settings));
    const TrainView& first = inputs.data->train.front();
    SW_TRY(checkTrainingMemory(settings, first.width, first.height));
    // The trainer's boundary: an allocation that fails anyway, in libtorch or ours, becomes an
    // error value; nothing escapes as an abort.
    try {
        const IntraOpThreads intraOp(settings.threads);
        const c10::DeviceGuard onDevice(deviceOf(settings, inputs.deviceIndex));  // the lane's GPU (batch.h)
        const OwnStream ownStream(deviceOf(settings, inputs.deviceIndex));  // lanes overlap on the GPU
        return runLoop(inputs, settings, progress, callbacks, hooks);
    } catch (const c10::OutOfMemoryError& e) {
        return outOfMemory(settings, firstLine(e.what_without_backtrace()));
    } catch (const c10::Error& e) {
        const std::string what = firstLine(e.what_without_backtrace());
        if (what.find("memory") != std::string::npos || what.find("allocate") != std::string::npos)
            return outOfMemory(settings, what);
        return makeError(ErrorCode::Internal, "training failed in libtorch: " + what);
    } catch (const std::bad_alloc&) {
        return outOfMemory(settings, "an allocation failed");
    } catch (const std::system_error& e) {  // std::thread: no memory for a worker's stack
        if (e.code() == std::errc::resource_unavailable_try_again || e.code() == std::errc::not_enough_memory)
            return outOfMemory(settings, e.what());
        return makeError(ErrorCode::Internal, std::string("training failed: ") + e.what());
    }
}

}  // namespace detail

Result<TrainResult> train(const TrainInputs& inputs, const TrainSettings& settings, const Progress& progress,
                          const TrainCallbacks& callbacks) {
    return detail::trainWithHooks(inputs, settings, progress, callbacks, {});
}

}  // namespace sw::train
