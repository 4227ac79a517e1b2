// The trainer survives what goes wrong mid-run (core/train/trainer.h): a NaN in the parameters
// rolls back to the last good report with halved learning rates; a dataset that keeps
// producing NaN stops with a clear error and never writes a NaN checkpoint; cancel works at any
// step; an absurd budget is refused before anything is allocated; the validation metrics are
// on grey 0.5 by default and name their background.
#include <doctest/doctest.h>

#include <ATen/core/grad_mode.h>

#include <cmath>
#include <filesystem>
#include <limits>
#include <memory>
#include <string>

#include "core/train/checkpoint.h"
#include "core/train/detail/train_hooks.h"
#include "core/train/trainer.h"
#include "tests/core/tst_trainer_fixtures.h"
#include "tests/support/test_support.h"

namespace {

using namespace sw::train;
using sw::train::test::tinyData;
using sw::train::test::tinyInputs;
using sw::train::test::tinySettings;

constexpr float NOT_A_NUMBER = std::numeric_limits<float>::quiet_NaN();

bool finiteMetrics(const EvalMetrics& m) {
    return std::isfinite(m.trainLoss) && std::isfinite(m.valL1) && std::isfinite(m.valPsnr) && std::isfinite(m.valSsim);
}

}  // namespace

TEST_CASE("a NaN in the parameters: one rollback to the last report, halved learning rates, a finite result") {
    const std::string dir = sw::test::outputDir("train_survival_rollback");
    std::filesystem::remove_all(dir);
    TrainInputs inputs = tinyInputs();
    inputs.checkpointDir = dir;
    TrainSettings s = tinySettings(300);
    s.checkpointEvery = 50;
    constexpr int POISON_STEP = 130;  // 0-based: poisoned after step 131, caught at the report of step 150
    double quatsLrAfter = 0;
    int poisoned = 0;
    detail::TrainHooks hooks;
    hooks.afterStep = [&](int step, ParamState& state) {
        if (step == POISON_STEP && poisoned++ == 0) {
            at::NoGradGuard noGrad;
            state.splats.means.detach().narrow(0, 0, 10).fill_(NOT_A_NUMBER);
        }
        if (step == 250) quatsLrAfter = state.adam.lr(1);  // group 1: quats
    };
    int metricsSeen = 0;
    TrainCallbacks callbacks;
    callbacks.onMetrics = [&](const EvalMetrics& m) {
        ++metricsSeen;
        CHECK(finiteMetrics(m));
    };
    auto result = detail::trainWithHooks(inputs, s, {}, callbacks, hooks);
    REQUIRE(result.ok());
    CHECK(poisoned == 2);  // the step ran again after the rollback (the hook poisons only once)
    CHECK(result->rollbacks == 1);
    CHECK(quatsLrAfter == doctest::Approx(0.5 * s.quatsLr));
    CHECK(result->cloud.validate("trained cloud").ok());
    CHECK(result->cloud.size() == 200);
    CHECK(metricsSeen == 3);
    for (const auto& [step, loss] : result->lossCurve) CHECK(std::isfinite(loss));
    auto last = readCheckpoint(dir);  // every checkpoint written was of a finite state
    REQUIRE(last.ok());
    CHECK(last->step == 300);
}

TEST_CASE("a dataset that keeps producing NaN stops with a clear error after one rollback, no NaN checkpoint") {
    const std::string dir = sw::test::outputDir("train_survival_poisoned");
    std::filesystem::remove_all(dir);
    TrainData poisoned = tinyData();
    for (TrainView& v : poisoned.train) v.premultiplied[v.premultiplied.size() / 2] = NOT_A_NUMBER;
    TrainInputs inputs = tinyInputs();
    inputs.data = &poisoned;
    inputs.checkpointDir = dir;
    TrainSettings s = tinySettings(200);
    s.checkpointEvery = 50;
    int metricsSeen = 0;
    TrainCallbacks callbacks;
    callbacks.onMetrics = [&](const EvalMetrics&) { ++metricsSeen; };
    auto result = train(inputs, s, {}, callbacks);
    REQUIRE_FALSE(result.ok());
    MESSAGE(result.error().toString());
    CHECK(result.error().code == sw::ErrorCode::InvalidInput);
    CHECK(result.error().message.find("non-finite loss") != std::string::npos);
    CHECK(result.error().message.find("after rolling back") != std::string::npos);
    CHECK(metricsSeen == 0);
    CHECK_FALSE(std::filesystem::exists(std::filesystem::path(dir) / "checkpoint.json"));
}

TEST_CASE("cancel at any step: the error names the step and the folder, the checkpoint before it stays") {
    for (const int cancelAfter : {1, 37, 60, 99}) {
        CAPTURE(cancelAfter);
        const std::string dir = sw::test::outputDir("train_survival_cancel");
        std::filesystem::remove_all(dir);
        TrainInputs inputs = tinyInputs();
        inputs.checkpointDir = dir;
        TrainSettings s = tinySettings(100);
        s.checkpointEvery = 20;
        auto cancel = std::make_shared<sw::CancelToken>();
        sw::Progress progress(
            [&](double f, std::string_view) {
                if (std::lround(f * s.steps) == cancelAfter) cancel->cancel();
            },
            cancel);
        auto result = train(inputs, s, progress);
        REQUIRE_FALSE(result.ok());
        CHECK(result.error().code == sw::ErrorCode::Cancelled);
        CHECK(result.error().message == "training cancelled at step " + std::to_string(cancelAfter));
        CHECK(result.error().path == dir);
        auto last = readCheckpoint(dir);
        if (cancelAfter < 20) {
            CHECK_FALSE(last.ok());
        } else {
            REQUIRE(last.ok());
            CHECK(last->step == cancelAfter / 20 * 20);
        }
    }
}

TEST_CASE("an absurd budget is refused before allocating, with both figures and what to lower") {
    TrainSettings s = tinySettings(10);
    s.budget = 10'000'000;
    CHECK(estimateTrainingBytes(s, 400, 400) > 3'000'000'000ull);
    const sw::Status refused = checkTrainingMemory(s, 400, 400, 3'000'000'000ull);
    REQUIRE_FALSE(refused.ok());
    MESSAGE(refused.error().toString());
    CHECK(refused.error().code == sw::ErrorCode::OutOfMemory);
    CHECK(refused.error().message.find("budget of 10000000 splats at 400x400") != std::string::npos);
    CHECK(refused.error().message.find("2.79 GiB is available") != std::string::npos);
    CHECK(refused.error().message.find("--budget") != std::string::npos);
    s.budget = 6000;  // the default run fits in a few MiB of bookkeeping
    CHECK(estimateTrainingBytes(s, 400, 400) < 64ull << 20);
    CHECK(checkTrainingMemory(s, 400, 400, 3'000'000'000ull).ok());
}

TEST_CASE("validation metrics are on grey 0.5 by default and name it; white stays a setting") {
    CHECK(TrainSettings{}.valBackground == 0.5);
    CHECK(valBackgroundName(0.5) == "grey 0.5");
    CHECK(valBackgroundName(1.0) == "white");
    CHECK(valBackgroundName(0.0) == "black");
    CHECK(valBackgroundName(0.25) == "grey 0.25");

    TrainSettings grey = tinySettings(100);
    TrainSettings white = grey;
    white.valBackground = 1.0;
    auto a = train(tinyInputs(), grey);
    auto b = train(tinyInputs(), white);
    REQUIRE((a.ok() && b.ok()));
    CHECK(a->final.valBackground == 0.5);
    CHECK(b->final.valBackground == 1.0);
    MESSAGE("PSNR on grey " << a->final.valPsnr << " dB, on white " << b->final.valPsnr << " dB");
    CHECK(a->cloud.positions == b->cloud.positions);  // the same cloud (validation does not train)...
    CHECK(a->final.valPsnr != b->final.valPsnr);      // ...measured against another yardstick
    const std::string json = metricsJson(*a);
    CHECK(json.find("\"val_background\": 0.5") != std::string::npos);
    CHECK(json.find("\"val_background_name\": \"grey 0.5\"") != std::string::npos);
    CHECK(metricsJson(*b).find("\"val_background_name\": \"white\"") != std::string::npos);
}
