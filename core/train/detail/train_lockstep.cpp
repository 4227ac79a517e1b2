// trainLockstep (detail/train_hooks.h): K trainings on one CUDA device advanced in lockstep,
// each tick's replayable steps as one recorded graph (a branch per training, or the loss,
// entropy and Adam of all of them fused into one launch each), the others side by side.
#include <c10/core/DeviceGuard.h>
#include <c10/util/Exception.h>

#include <algorithm>
#include <cstdint>
#include <memory>
#include <optional>
#include <string>
#include <vector>

#include "core/foundation/check.h"
#include "core/train/detail/run_setup.h"
#include "core/train/detail/train_hooks.h"
#include "core/train/detail/train_loop.h"
#include "core/train/detail/train_ops.h"

namespace sw::train::detail {
namespace {

// One recorded tick of the replayable trainings `members`: each one's forward pass on a branch
// of its own, then the loss gradients of all of them in one launch, the backward passes on the
// branches, the entropy terms and the Adam updates of all of them in one launch each, and the
// strategies' steps (the noise) on the branches. The steps' tensors live until the recording ends.
void captureFusedTick(StepGraph& group, std::vector<std::unique_ptr<TrainLoop>>& loops, const std::vector<int>& members,
                      int step, std::vector<TrainResult>& results, Status& status) {
    std::vector<TrainLoop::StepPhases> phases(members.size());
    const auto loopOf = [&](int b) -> TrainLoop& { return *loops[std::size_t(members[std::size_t(b)])]; };
    const AdamSettings adam = loopOf(0).state().adam.settings();
    for (std::size_t b = 0; b < members.size(); ++b) {
        const AdamSettings& other = loopOf(int(b)).state().adam.settings();
        SW_REQUIRE(other.beta1 == adam.beta1 && other.beta2 == adam.beta2 && other.eps == adam.eps,
                   "lockstep: one Adam launch needs the same betas and eps in every training");
    }
    const int k = int(members.size());
    group.captureStages(k, {
        {true, [&](int b) {
             Status s = loopOf(b).forwardPhase(step, phases[std::size_t(b)]);
             if (!s && status) status = s;
         }},
        {false, [&](int) {
             if (!status) return;
             std::vector<StepLoss> jobs;
             for (int b = 0; b < k; ++b) jobs.push_back(loopOf(b).lossOf(phases[std::size_t(b)]));
             l1LossGradientOfSteps(jobs);
             for (auto& p : phases) p.t2 = Clock::now();
         }},
        {true, [&](int b) {
             if (status) loopOf(b).backwardPhase(phases[std::size_t(b)]);
         }},
        {false, [&](int) {
             if (!status) return;
             std::vector<EntropyTerm> terms;
             std::vector<AdamJob> updates;
             for (int b = 0; b < k; ++b)
                 if (const std::optional<EntropyTerm> term = loopOf(b).entropyOf(phases[std::size_t(b)])) terms.push_back(*term);
             for (int b = 0; b < k; ++b) updates.push_back(loopOf(b).adamOf(phases[std::size_t(b)]));
             entropyGradients(terms);
             adamUpdates(updates, adam.beta1, adam.beta2, adam.eps);
         }},
        {true, [&](int b) {
             if (status)
                 loopOf(b).finishPhase(phases[std::size_t(b)], results[std::size_t(members[std::size_t(b)])].timings);
         }},
    });
}

}  // namespace

Result<std::vector<TrainResult>> trainLockstep(const std::vector<TrainInputs>& inputs,
                                               const std::vector<TrainSettings>& settings, bool fuse) {
    if (inputs.empty() || inputs.size() != settings.size())
        return makeError(ErrorCode::InvalidInput, "lockstep training needs one settings per input");
    const int steps = settings.front().steps, k = int(inputs.size());
    for (std::size_t j = 0; j < inputs.size(); ++j) {
        SW_TRY(validateInputs(inputs[j], settings[j]));
        if (settings[j].device != TrainDevice::Cuda || settings[j].steps != steps || inputs[j].startStep != 0)
            return makeError(ErrorCode::InvalidInput, "lockstep training: every job on CUDA, from step 0, same steps");
    }
    try {
        const IntraOpThreads intraOp(settings.front().threads);
        const at::Device device = deviceOf(settings.front(), inputs.front().deviceIndex);
        const c10::DeviceGuard onDevice(device);
        const OwnStream ownStream(device);
        const auto start = Clock::now();
        std::vector<std::unique_ptr<TrainLoop>> loops;
        std::vector<TrainResult> results(inputs.size());
        for (std::size_t j = 0; j < inputs.size(); ++j) {
            TrainInputs in = inputs[j];
            in.deviceLanes = k;  // the GPU is shared: uncut lists, as trainMany's lanes
            in.captureSteps = false;  // the group records
            loops.push_back(std::make_unique<TrainLoop>(in, settings[j]));
        }
        std::vector<double> lossSum(inputs.size(), 0), evalLossSum(inputs.size(), 0);
        int lossCount = 0, evalLossCount = 0, pending = 0;
        StepGraph group;
        std::vector<const void*> groupKey;
        std::vector<int> members, launched;
        for (int step = 0; step < steps; ++step) {
            members.clear();
            launched.clear();
            for (int j = 0; j < k; ++j) (loops[std::size_t(j)]->replayable(step) ? members : launched).push_back(j);
            if (!launched.empty()) {  // refine steps read back and plan on the host: side by side
                std::vector<Status> status(launched.size());
                runSideBySide(int(launched.size()), device, [&](int b) {
                    const int j = launched[std::size_t(b)];
                    status[std::size_t(b)] = loops[std::size_t(j)]->runStep(step, results[std::size_t(j)].timings);
                });
                for (const Status& s : status) SW_TRY(s);
            }
            if (!members.empty()) {
                std::vector<const void*> key;
                for (int j : members) {
                    key.push_back(reinterpret_cast<const void*>(std::intptr_t(j)));
                    const std::vector<const void*> own = loops[std::size_t(j)]->graphKey(step);
                    key.insert(key.end(), own.begin(), own.end());
                }
                const auto t0 = Clock::now();
                if (group.captured() && key == groupKey) {
                    group.replay();
                    for (int j : members) loops[std::size_t(j)]->replayed(step, results[std::size_t(j)].timings, t0);
                } else {
                    Status status;
                    if (fuse)
                        captureFusedTick(group, loops, members, step, results, status);
                    else
                        group.captureBranches(int(members.size()), [&](int b) {
                            const int j = members[std::size_t(b)];
                            Status s = loops[std::size_t(j)]->runStep(step, results[std::size_t(j)].timings);
                            if (!s && status) status = s;
                        });
                    if (!status) return status.error();
                    groupKey = key;
                    group.replay();
                }
            }
            const int done = step + 1;
            const bool last = done == steps;
            const bool eval = done % settings.front().evalEvery == 0 || last;
            ++pending;
            if (done % 100 == 0 || last || eval) {
                for (int j = 0; j < k; ++j) {
                    const TrainLoop::Report report = loops[std::size_t(j)]->takeReport();
                    const std::string bad = nonFiniteReason(report);
                    if (!bad.empty())
                        return makeError(ErrorCode::InvalidInput, "lockstep training " + std::to_string(j) + ": " + bad +
                                                                      " before step " + std::to_string(done));
                    lossSum[std::size_t(j)] += report.lossSum;
                    evalLossSum[std::size_t(j)] += report.lossSum;
                }
                lossCount += pending;
                evalLossCount += pending;
                pending = 0;
                if (done % 100 == 0 || last) {
                    for (int j = 0; j < k; ++j) {
                        results[std::size_t(j)].lossCurve.emplace_back(done, lossSum[std::size_t(j)] / lossCount);
                        lossSum[std::size_t(j)] = 0;
                    }
                    lossCount = 0;
                }
            }
            if (eval) {  // the K evaluations side by side (renders on the GPU, scores on the host)
                std::vector<EvalMetrics> metrics(static_cast<std::size_t>(k));
                runSideBySide(k, device, [&](int j) { metrics[std::size_t(j)] = loops[std::size_t(j)]->evaluate(done); });
                for (int j = 0; j < k; ++j) {
                    EvalMetrics& m = metrics[std::size_t(j)];
                    m.trainLoss = evalLossSum[std::size_t(j)] / std::max(1, evalLossCount);
                    m.seconds = msBetween(start, Clock::now()) / 1000.0;
                    evalLossSum[std::size_t(j)] = 0;
                    results[std::size_t(j)].history.push_back(m);
                }
            }
            if (eval) evalLossCount = 0;
        }
        for (int j = 0; j < k; ++j) {
            TrainResult& r = results[std::size_t(j)];
            r.final = r.history.back();
            r.cloud = toCloud(loops[std::size_t(j)]->state().splats);
            r.relocated = loops[std::size_t(j)]->strategy().relocatedTotal();
            r.added = loops[std::size_t(j)]->strategy().addedTotal();
            r.seconds = msBetween(start, Clock::now()) / 1000.0;
        }
        return results;
    } catch (const c10::Error& e) {
        return makeError(ErrorCode::Internal, "lockstep training failed in libtorch: " + firstLine(e.what_without_backtrace()));
    }
}

}  // namespace sw::train::detail
