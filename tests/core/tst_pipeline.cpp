// core/pipeline without the trainer: settings validation returns errors (never aborts), the
// dataset job refuses a bad belt before touching the model, the cache layout, stage status
// (missing → stale → up to date from the stamped settings hash) and project inputs.
#include <doctest/doctest.h>

#include <filesystem>
#include <fstream>
#include <string>

#include "core/pipeline/bake_job.h"
#include "core/pipeline/dataset_job.h"
#include "core/pipeline/layout.h"
#include "core/pipeline/validate.h"
#include "tests/support/test_support.h"

namespace fs = std::filesystem;
using namespace sw;

namespace {

void writeText(const fs::path& path, const std::string& text) {
    fs::create_directories(path.parent_path());
    std::ofstream(path, std::ios::binary) << text;
}

project::Project sampleProject(const fs::path& dir) {
    writeText(dir / "model.bin", "bytes to hash");
    auto p = project::newProject((dir / "model.bin").string(), (dir / "ship.splatproj").string());
    REQUIRE(p.ok());
    return std::move(p).value();
}

}  // namespace

TEST_CASE("a belt whose lowest elevation is above its highest is an error, not an abort") {
    dataset::BeltSettings belt;
    CHECK(pipeline::validateBelt(belt).ok());
    belt.elevationMin = 60;
    belt.elevationMax = 20;
    const Status s = pipeline::validateBelt(belt);
    REQUIRE_FALSE(s.ok());
    CHECK(s.error().code == ErrorCode::InvalidInput);
    CHECK(s.error().message == "elevation-min is above elevation-max (60° > 20°)");

    // The dataset job checks first: the model (absent here) is never read, nothing is written.
    pipeline::DatasetRequest request;
    request.model.path = (fs::path(test::outputDir("pipeline_belt")) / "absent.glb").string();
    request.belt = belt;
    request.outDir = (fs::path(test::outputDir("pipeline_belt")) / "dataset").string();
    auto result = pipeline::runDataset(request);
    REQUIRE_FALSE(result.ok());
    CHECK(result.error().message == s.error().message);
    CHECK_FALSE(fs::exists(request.outDir));
}

TEST_CASE("settings outside their schema are errors naming the parameter") {
    dataset::BeltSettings belt;
    belt.radius = 0;  // orbitPose would abort on it
    auto s = pipeline::validateBelt(belt);
    REQUIRE_FALSE(s.ok());
    CHECK(s.error().message.find("'radius' = 0 is outside") != std::string::npos);

    dataset::DatasetSettings ds;
    ds.resolution = 0;
    s = pipeline::validateDataset(ds);
    REQUIRE_FALSE(s.ok());
    CHECK(s.error().message.find("'resolution'") != std::string::npos);
    ds = {};
    ds.materialHsv = {{0.f, -1.f, 1.f}};
    s = pipeline::validateDataset(ds);
    REQUIRE_FALSE(s.ok());
    CHECK(s.error().message.find("material 0") != std::string::npos);

    bake::BakeSettings bake;
    CHECK(pipeline::validateBake(bake).ok());
    bake.beltElevationMin = 70;
    s = pipeline::validateBake(bake);
    REQUIRE_FALSE(s.ok());
    CHECK(s.error().message.find("belt-elevation-min is above belt-elevation-max") != std::string::npos);
    bake = {};
    bake.silhouetteElevationMax = -10;
    CHECK_FALSE(pipeline::validateBake(bake).ok());
    bake = {};
    bake.chunkSplats = 0;
    s = pipeline::validateBake(bake);
    REQUIRE_FALSE(s.ok());
    CHECK(s.error().message.find("'chunk-splats'") != std::string::npos);

    geometry::ImportSettings import;
    import.cubeEdge = -1;
    CHECK_FALSE(pipeline::validateImport(import).ok());
}

TEST_CASE("the cache layout is one API") {
    const fs::path dir = test::outputDir("pipeline_layout");
    const project::Project p = sampleProject(dir);
    const fs::path cache = fs::absolute(dir) / "ship.cache";
    CHECK(pipeline::datasetDir(p) == (cache / "dataset").string());
    CHECK(pipeline::trainingDir(p) == (cache / "training").string());
    CHECK(pipeline::trainedCloud(p) == (cache / "training" / "cloud.ply").string());
    CHECK(pipeline::exportDir(p) == (fs::absolute(dir) / "export").string());
    CHECK(pipeline::runCheckpointDir("run") == (fs::path("run") / "checkpoint").string());
    CHECK(pipeline::runDatasetDir("run") == (fs::path("run") / "dataset").string());
}

TEST_CASE("stage status: missing, then up to date once stamped, stale after a settings change") {
    const fs::path dir = test::outputDir("pipeline_status");
    fs::remove_all(fs::path(dir) / "ship.cache");
    project::Project p = sampleProject(dir);
    using pipeline::Stage;
    using pipeline::StageStatus;
    CHECK(pipeline::stageStatus(p, Stage::Dataset) == StageStatus::Missing);
    writeText(fs::path(pipeline::datasetDir(p)) / "transforms_train.json", "{}");
    CHECK(pipeline::stageStatus(p, Stage::Dataset) == StageStatus::Stale);  // no stamp
    REQUIRE(pipeline::writeStamp(pipeline::stageStamp(p, Stage::Dataset)).ok());
    CHECK(pipeline::stageStatus(p, Stage::Dataset) == StageStatus::UpToDate);

    writeText(pipeline::trainedCloud(p), "ply");
    REQUIRE(pipeline::writeStamp(pipeline::stageStamp(p, Stage::Training)).ok());
    CHECK(pipeline::stageStatus(p, Stage::Training) == StageStatus::UpToDate);

    // A bake setting changes the export hash only.
    const auto datasetHash = pipeline::stageHash(p, Stage::Dataset), trainingHash = pipeline::stageHash(p, Stage::Training);
    const auto exportHash = pipeline::stageHash(p, Stage::Export);
    p.bake.chunkSplats += 1;
    CHECK(pipeline::stageHash(p, Stage::Dataset) == datasetHash);
    CHECK(pipeline::stageHash(p, Stage::Training) == trainingHash);
    CHECK(pipeline::stageHash(p, Stage::Export) != exportHash);

    // A training session setting (threads) changes nothing; a budget does, downstream too.
    p.training = R"({"stage": "train", "params": {"threads": 3}})";
    CHECK(pipeline::stageHash(p, Stage::Training) == trainingHash);
    p.training = R"({"stage": "train", "params": {"budget": 3000}})";
    CHECK(pipeline::stageStatus(p, Stage::Training) == StageStatus::Stale);
    CHECK(pipeline::stageStatus(p, Stage::Dataset) == StageStatus::UpToDate);

    // A belt change makes the dataset, and so everything after it, stale.
    p.belt.trainViews += 1;
    CHECK(pipeline::stageStatus(p, Stage::Dataset) == StageStatus::Stale);
    CHECK(pipeline::stageHash(p, Stage::Training) != trainingHash);
}

TEST_CASE("a project is a model input: its model, import settings and parts") {
    const fs::path dir = test::outputDir("pipeline_project_input");
    project::Project p = sampleProject(dir);
    p.import.cubeEdge = 2.5f;
    const std::string path = (fs::path(dir) / "ship.splatproj").string();
    REQUIRE(project::saveProject(p, path).ok());
    auto source = pipeline::modelSourceFor(path);
    REQUIRE(source.ok());
    CHECK(fs::equivalent(source->path, p.modelPath));
    CHECK(source->import.cubeEdge == doctest::Approx(2.5f));
    REQUIRE(source->project);
    auto plain = pipeline::modelSourceFor("model.glb");
    REQUIRE(plain.ok());
    CHECK(plain->path == "model.glb");
    CHECK_FALSE(plain->project);

    // A changed model file is refused before importing, naming the model.
    writeText(fs::path(dir) / "model.bin", "other bytes");
    auto model = pipeline::loadModel(*source);
    REQUIRE_FALSE(model.ok());
    CHECK(model.error().message.find("the model changed") != std::string::npos);
}

TEST_CASE("the project's bake job needs its trained cloud and names it") {
    const fs::path dir = test::outputDir("pipeline_bake_request");
    fs::remove_all(fs::path(dir) / "ship.cache");
    const project::Project p = sampleProject(dir);
    auto request = pipeline::bakeRequest(p);
    REQUIRE_FALSE(request.ok());
    CHECK(request.error().path == pipeline::trainedCloud(p));
    CHECK(request.error().message.find("no trained cloud") != std::string::npos);
}
