// core/pipeline's training job on the tiny dataset of the train fixture
// (<output>/train_dataset, 24 + 2 views at 48 px): resume restores the checkpoint's settings
// (the editor's call and the CLI's alike, cli/train.cmake), a finished checkpoint or an
// absurd checkpoint step is a clear error, resuming into a new folder works, a fresh run
// replaces only the checkpoint files of the run folder, the one CUDA wording, and the
// project's training settings round-trip.
#include <doctest/doctest.h>

#include <filesystem>
#include <fstream>
#include <string>

#include "core/foundation/file_io.h"
#include "core/pipeline/training_job.h"
#include "tests/core/tst_trainer_fixtures.h"
#include "tests/support/test_support.h"

namespace fs = std::filesystem;
using namespace sw;

namespace {

std::string trainDataset() { return (fs::path(SW_TEST_OUTPUT_DIR) / "train_dataset").string(); }

// The trainer tests' tiny run (budget 200, 32 px), checkpoints every 20 steps.
train::TrainSettings tinySettings(int steps) {
    train::TrainSettings s = train::test::tinySettings(steps);
    s.checkpointEvery = 20;
    return s;
}

// A fresh run of `steps` steps into `runDir` (replaced).
pipeline::TrainingResult freshRun(const std::string& runDir, int steps) {
    fs::remove_all(runDir);
    pipeline::TrainingRequest request;
    request.datasetDir = trainDataset();
    request.runDir = runDir;
    request.settings = tinySettings(steps);
    auto result = pipeline::runTraining(request);
    REQUIRE(result.ok());
    return std::move(*result);
}

void writeText(const fs::path& path, const std::string& text) { std::ofstream(path, std::ios::binary) << text; }

}  // namespace

TEST_CASE("resume after lowering the budget restores the checkpoint's settings") {
    const std::string run = test::outputDir("pipeline_resume") + "/run";
    freshRun(run, 40);
    pipeline::TrainingRequest request;  // what the editor sends: the panel's settings, budget lowered
    request.datasetDir = trainDataset();
    request.runDir = run;
    request.resume = true;
    request.settings = tinySettings(60);
    request.settings.budget = 50;
    request.settings.alphaWeight = 0.7;
    pipeline::TrainingStart started;
    request.onStart = [&started](const pipeline::TrainingStart& s) { started = s; };
    auto result = pipeline::runTraining(request);
    REQUIRE(result.ok());
    CHECK(started.startStep == 40);
    CHECK(started.settings.budget == 200);
    CHECK(started.settings.alphaWeight == doctest::Approx(0.3));
    CHECK(started.settings.steps == 60);  // a session setting: from the request
    REQUIRE(result->restored.size() == 2);
    CHECK(result->restored[0] == "budget: 200 from the checkpoint (asked 50)");
    CHECK(result->restored[1].rfind("alpha-weight: 0.3 from the checkpoint (asked 0.7", 0) == 0);
    CHECK(result->train.final.step == 60);
    CHECK(result->train.cloud.size() <= 200);
    auto checkpoint = pipeline::readCheckpointInfo(pipeline::runCheckpointDir(run));
    REQUIRE(checkpoint.ok());
    CHECK(checkpoint->step == 60);
}

TEST_CASE("a finished checkpoint resumed into a new folder is a clear error; with more steps it trains there") {
    const std::string dir = test::outputDir("pipeline_resume_new");
    const std::string first = dir + "/first", second = dir + "/second";
    freshRun(first, 20);
    fs::remove_all(second);
    pipeline::TrainingRequest request;
    request.datasetDir = trainDataset();
    request.runDir = second;
    request.resume = true;
    request.checkpoint = pipeline::runCheckpointDir(first);
    request.settings = tinySettings(20);
    auto finished = pipeline::runTraining(request);
    REQUIRE_FALSE(finished.ok());
    CHECK(finished.error().code == ErrorCode::InvalidInput);
    CHECK(finished.error().message == "the checkpoint is at step 20 of 20; raise steps to continue");
    CHECK(finished.error().path == request.checkpoint);
    CHECK_FALSE(fs::exists(second));

    // No checkpoint falls due in the new folder (period 1000): the folder is still created.
    request.settings = tinySettings(25);
    request.settings.checkpointEvery = 1000;
    auto more = pipeline::runTraining(request);
    REQUIRE(more.ok());
    CHECK(more->cloudPath == pipeline::runCloud(second));
    CHECK(fs::is_regular_file(more->cloudPath));
}

TEST_CASE("a checkpoint step beyond int range is rejected, not truncated") {
    const std::string run = test::outputDir("pipeline_resume_huge") + "/run";
    freshRun(run, 20);
    const fs::path json = fs::path(pipeline::runCheckpointDir(run)) / "checkpoint.json";
    auto text = readFileText(json.string());
    REQUIRE(text.ok());
    const auto at = text->find("\"step\": 20");
    REQUIRE(at != std::string::npos);
    writeText(json, text->replace(at, 10, "\"step\": 99999999999"));
    auto info = pipeline::readCheckpointInfo(json.string());
    REQUIRE_FALSE(info.ok());
    CHECK(info.error().code == ErrorCode::Parse);
    CHECK(info.error().message == "checkpoint step 99999999999 is larger than 2147483647");
    CHECK(info.error().path == json.string());
    auto full = train::readCheckpoint(json.string());
    REQUIRE_FALSE(full.ok());
    CHECK(full.error().message == info.error().message);
}

TEST_CASE("a fresh run replaces the run folder's checkpoint files and nothing else") {
    const std::string run = test::outputDir("pipeline_fresh") + "/run";
    freshRun(run, 40);
    const fs::path cpDir = pipeline::runCheckpointDir(run);
    writeText(cpDir / "checkpoint_999.ply", "an old run's leftover");
    writeText(cpDir / "notes.txt", "the user's");
    pipeline::TrainingRequest request;
    request.datasetDir = trainDataset();
    request.runDir = run;
    request.settings = tinySettings(20);
    request.settings.checkpointEvery = 1000;  // no new checkpoint before the end
    auto result = pipeline::runTraining(request);
    REQUIRE(result.ok());
    CHECK_FALSE(fs::exists(cpDir / "checkpoint_999.ply"));
    CHECK_FALSE(fs::exists(cpDir / "checkpoint_40.ply"));
    CHECK(fs::exists(cpDir / "notes.txt"));
    auto info = pipeline::readCheckpointInfo(cpDir.string());
    REQUIRE(info.ok());  // the end of the run always checkpoints
    CHECK(info->step == 20);
}

TEST_CASE("CUDA without a CUDA device: one wording, before anything is loaded") {
    if (train::cudaDeviceAvailable()) return;
    pipeline::TrainingRequest request;
    request.datasetDir = "no/such/dataset";
    request.runDir = test::outputDir("pipeline_cuda") + "/run";
    request.settings.device = train::TrainDevice::Cuda;
    auto result = pipeline::runTraining(request);
    REQUIRE_FALSE(result.ok());
    CHECK(result.error().code == ErrorCode::Gpu);
    CHECK(result.error().message == pipeline::checkDevice(train::TrainDevice::Cuda).error().message);
    CHECK(result.error().message.rfind("CUDA device requested but this build has no CUDA backend", 0) == 0);
}

TEST_CASE("the project's training settings round-trip, every field") {
    const fs::path dir = test::outputDir("pipeline_training_project");
    std::ofstream(dir / "model.bin") << "bytes";
    auto p = project::newProject((dir / "model.bin").string(), (dir / "t.splatproj").string());
    REQUIRE(p.ok());
    // Every parameter set to a valid non-default value.
    ParamSet params(train::trainSchema().schema());
    for (const ParamSpec& spec : params.schema().params()) {
        CAPTURE(spec.name);
        ParamValue v = spec.defaultValue;
        if (spec.type == ParamType::Int) v = std::get<std::int64_t>(v) == std::int64_t(spec.max) ? std::int64_t(spec.min) : std::get<std::int64_t>(v) + 1;
        if (spec.type == ParamType::Float) v = std::get<double>(v) == spec.max ? spec.min : std::min(spec.max, std::get<double>(v) * 0.5 + 0.5 * spec.max);
        if (spec.type == ParamType::Bool) v = !std::get<bool>(v);
        if (spec.type == ParamType::Choice) v = spec.choices.back() == std::get<std::string>(v) ? spec.choices.front() : spec.choices.back();
        REQUIRE(params.set(spec.name, v).ok());
        CHECK(params.get(spec.name) != spec.defaultValue);
    }
    const train::TrainSettings s = train::trainSchema().fromParams(params);
    REQUIRE(pipeline::setTrainingSettings(*p, s).ok());
    const std::string path = (dir / "t.splatproj").string();
    REQUIRE(project::saveProject(*p, path).ok());
    auto back = project::loadProject(path);
    REQUIRE(back.ok());
    auto restored = pipeline::trainingSettings(*back);
    REQUIRE(restored.ok());
    CHECK(train::trainSchema().toParams(*restored).toJson() == params.toJson());

    train::TrainSettings bad;
    bad.budget = 0;
    CHECK_FALSE(pipeline::setTrainingSettings(*p, bad).ok());
}
