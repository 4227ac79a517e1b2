// The training loop (core/train/trainer.h) end to end on a tiny synthetic dataset rendered in
// code: the loss drops, same seed → identical parameters, checkpoints, resume, cancel and the
// error cases of train().
#include <doctest/doctest.h>

#include <cstdio>
#include <filesystem>
#include <memory>

#include "core/train/checkpoint.h"
#include "core/train/init_cloud.h"
#include "core/train/synthetic_data.h"
#include "core/train/trainer.h"
#include "tests/core/tst_trainer_fixtures.h"
#include "tests/support/test_support.h"

namespace {

using namespace sw::train;
using sw::train::test::tinyData;
using sw::train::test::tinySettings;
using sw::train::test::tinyInputs;

constexpr double LOSS_DROP = 2.0;  // mean loss of the first 100 steps ÷ mean loss of the last 100

bool sameCloud(const sw::splat::SplatCloud& a, const sw::splat::SplatCloud& b) {
    if (a.size() != b.size()) return false;
    for (std::size_t i = 0; i < a.size(); ++i)
        if (a.positions[i] != b.positions[i] || a.scales[i] != b.scales[i] || a.opacities[i] != b.opacities[i] ||
            a.colors[i] != b.colors[i] || a.rotations[i] != b.rotations[i])
            return false;
    return true;
}

}  // namespace

TEST_CASE("a tiny fit: 200 splats on 32×32 views, the loss drops by the stated factor") {
    auto result = train(tinyInputs(), tinySettings(400));
    REQUIRE(result.ok());
    REQUIRE(result->lossCurve.size() == 4);
    const double first = result->lossCurve.front().second, last = result->lossCurve.back().second;
    MESSAGE("loss curve: " << result->lossCurve[0].second << " " << result->lossCurve[1].second << " "
                           << result->lossCurve[2].second << " " << result->lossCurve[3].second << "; val L1 "
                           << result->history.front().valL1 << " -> " << result->final.valL1 << ", opaque "
                           << result->final.opaqueShare << ", relocated " << result->relocated);
    CHECK(first / last >= LOSS_DROP);
    CHECK(result->final.valL1 < result->history.front().valL1);
    CHECK(result->final.valPsnr > 20.0);
    CHECK(result->cloud.size() == 200);
    CHECK(result->final.opaqueShare >= 0.9);
}

TEST_CASE("same seed gives identical parameters; another seed does not") {
    const TrainInputs inputs = tinyInputs();
    auto a = train(inputs, tinySettings(120));
    auto b = train(inputs, tinySettings(120));
    TrainSettings other = tinySettings(120);
    other.seed = 6;
    auto c = train(inputs, other);
    REQUIRE((a.ok() && b.ok() && c.ok()));
    CHECK(sameCloud(a->cloud, b->cloud));
    CHECK_FALSE(sameCloud(a->cloud, c->cloud));
}

TEST_CASE("the cloud grows to the budget and never beyond it") {
    TrainInputs inputs = tinyInputs(150);
    TrainSettings s = tinySettings(200);
    int maxSeen = 0;
    TrainCallbacks callbacks;
    s.snapshotEvery = 10;
    s.refineEvery = 5;  // 5% growth per refine: 150 → 200 needs six
    callbacks.onSnapshot = [&](int, const sw::splat::SplatCloud& cloud) { maxSeen = std::max(maxSeen, int(cloud.size())); };
    auto result = train(inputs, s, {}, callbacks);
    REQUIRE(result.ok());
    CHECK(result->cloud.size() == 200);
    CHECK(maxSeen == 200);
    CHECK(result->added == 50);
}

TEST_CASE("checkpoints, resume and cancel") {
    const std::string dir = sw::test::outputDir("train_loop_checkpoint");
    std::filesystem::remove_all(dir);
    TrainInputs inputs = tinyInputs();
    inputs.checkpointDir = dir;
    TrainSettings s = tinySettings(60);
    s.checkpointEvery = 20;
    auto cancel = std::make_shared<sw::CancelToken>();
    sw::Progress progress([&](double f, std::string_view) { if (f >= 50.0 / 60.0) cancel->cancel(); }, cancel);
    auto cancelled = train(inputs, s, progress);
    REQUIRE_FALSE(cancelled.ok());
    CHECK(cancelled.error().code == sw::ErrorCode::Cancelled);
    auto last = readCheckpoint(dir);
    REQUIRE(last.ok());
    CHECK(last->step == 40);  // cancelled after step 50: the step-40 checkpoint is intact

    TrainInputs resumed{&tinyData(), last->cloud, last->step, dir};
    auto rest = train(resumed, s);
    REQUIRE(rest.ok());
    CHECK(rest->timings.steps == 20);
    CHECK(rest->final.step == 60);
    auto final = readCheckpoint(dir);
    REQUIRE(final.ok());
    CHECK(final->step == 60);
    CHECK(final->cloud.size() == 200);
}

TEST_CASE("bad training input gives clear errors") {
    TrainInputs inputs = tinyInputs();
    TrainSettings s = tinySettings(10);
    s.budget = 0;
    auto zero = train(inputs, s);
    REQUIRE_FALSE(zero.ok());
    CHECK(zero.error().code == sw::ErrorCode::InvalidInput);
    CHECK(zero.error().message.find("budget") != std::string::npos);

    s.budget = 100;  // a smaller budget is a retrain from a fresh init, never a slice
    auto slice = train(inputs, s);
    REQUIRE_FALSE(slice.ok());
    CHECK(slice.error().message.find("more than the budget") != std::string::npos);

    TrainInputs none{nullptr, inputs.initial, 0, {}};
    CHECK_FALSE(train(none, tinySettings(10)).ok());
    TrainInputs empty{&tinyData(), {}, 0, {}};
    CHECK_FALSE(train(empty, tinySettings(10)).ok());
}
