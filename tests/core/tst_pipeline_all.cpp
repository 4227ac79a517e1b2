// pipeline::runAll on the demo drone (fixture demo_glb: <output>/cli_dataset_demo.glb) at a
// tiny size: model → dataset → training → bake → export, every stage up to date afterwards; a
// second run skips the dataset and the training; a bake setting makes only the export stale.
#include <doctest/doctest.h>

#include <filesystem>

#include "core/pipeline/run_all.h"
#include "tests/core/tst_pipeline_fixtures.h"
#include "tests/support/test_support.h"

namespace fs = std::filesystem;
using namespace sw;

TEST_CASE("runAll takes a project from its model to the export files, skipping what is up to date") {
    const fs::path model = fs::path(SW_TEST_OUTPUT_DIR) / "cli_dataset_demo.glb";
    REQUIRE(fs::exists(model));
    const fs::path dir = test::outputDir("pipeline_all");
    fs::remove_all(dir / "drone.cache");
    fs::remove_all(dir / "export");
    auto made = project::newProject(model.string(), (dir / "drone.splatproj").string());
    REQUIRE(made.ok());
    project::Project p = std::move(*made);
    test::tinyDataset(p);
    train::TrainSettings t;
    t.budget = 400;
    t.steps = 30;
    t.resolution = 32;
    t.evalEvery = 30;
    t.threads = 2;
    REQUIRE(pipeline::setTrainingSettings(p, t).ok());
    p.exportName = "drone_small";

    pipeline::AllRequest request;
    request.project = p;
    std::vector<std::pair<pipeline::Stage, pipeline::StageStatus>> seen;
    request.onStage = [&seen](pipeline::Stage s, pipeline::StageStatus st) { seen.emplace_back(s, st); };
    auto first = pipeline::runAll(request);
    REQUIRE_MESSAGE(first.ok(), first.error().toString());
    CHECK(first->dataset.has_value());
    REQUIRE(first->training.has_value());
    CHECK(first->training->train.final.step == 30);
    REQUIRE_FALSE(first->exported.files.files.empty());
    CHECK(first->exported.files.files.front().path == (fs::absolute(dir) / "export" / "drone_small.bin").string());
    REQUIRE(seen.size() == 3);
    CHECK(seen[0].second == pipeline::StageStatus::Missing);
    for (pipeline::Stage s : {pipeline::Stage::Dataset, pipeline::Stage::Training, pipeline::Stage::Export})
        CHECK(pipeline::stageStatus(p, s) == pipeline::StageStatus::UpToDate);

    auto second = pipeline::runAll(request);
    REQUIRE(second.ok());
    CHECK_FALSE(second->dataset.has_value());
    CHECK_FALSE(second->training.has_value());

    p.bake.chunkSplats = 40;
    CHECK(pipeline::stageStatus(p, pipeline::Stage::Training) == pipeline::StageStatus::UpToDate);
    CHECK(pipeline::stageStatus(p, pipeline::Stage::Export) == pipeline::StageStatus::Stale);
}
