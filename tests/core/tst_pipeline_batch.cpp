// pipeline::runBatch and its planning (core/pipeline/batch.h): job names and budgets of the
// presets, shards covering every asset exactly once, the Slurm environment, the summary's JSON
// round trip and merge, and, on the demo drone (fixture demo_glb), the hologram preset trained
// with its own cap of 1800 (not a cut of the asset's larger cloud) beside a 2500-splat job.
#include <doctest/doctest.h>

#include <algorithm>
#include <array>
#include <filesystem>
#include <map>
#include <set>

#include "core/formats/ply.h"
#include "core/foundation/file_io.h"
#include "core/pipeline/batch.h"
#include "core/pipeline/layout.h"
#include "core/pipeline/training_job.h"
#include "tests/core/tst_pipeline_fixtures.h"
#include "tests/support/test_support.h"

namespace fs = std::filesystem;
using namespace sw;

namespace {

const fs::path& demoModel() {
    static const fs::path model = fs::path(SW_TEST_OUTPUT_DIR) / "cli_dataset_demo.glb";
    return model;
}

// Tiny dataset and training settings over every asset's project.
Status tiny(project::Project& p) {
    test::tinyDataset(p);
    train::TrainSettings t;
    t.steps = 20;
    t.resolution = 32;
    t.evalEvery = 20;
    t.refineStart = 5;
    t.refineEvery = 5;
    t.refineStopBeforeEnd = 5;
    return pipeline::setTrainingSettings(p, t);
}

std::vector<pipeline::BatchJob> fakeJobs(int assets) {
    std::vector<pipeline::BatchJob> jobs;
    for (int a = 0; a < assets; ++a)
        for (const char* preset : {"custom", "hologram"}) {
            pipeline::BatchJob j;
            j.asset = "asset" + std::to_string(assets - 1 - a);  // not in name order
            j.name = j.asset + (std::string(preset) == "custom" ? "" : "-hologram");
            j.preset = preset;
            jobs.push_back(j);
        }
    return jobs;
}

}  // namespace

TEST_CASE("planBatch: a job per preset, named after the asset or <asset>-<preset>, with the preset's budget") {
    REQUIRE(fs::exists(demoModel()));
    const fs::path out = sw::test::outputDir("pipeline_batch_plan");
    std::vector<pipeline::BatchAsset> assets = {
        {demoModel().string(), "drone", {"boss", "hologram", "small", "hologram"}, {3000}},
        {demoModel().string(), "drone", {}, {}},              // a second asset of the same name
        {(out / "missing.glb").string(), "", {}, {}},          // no such file
        {demoModel().string(), "bad name", {}, {}},
        {demoModel().string(), "other", {"giant"}, {}}};
    auto jobs = pipeline::planBatch(assets, out.string(), tiny);
    std::map<std::string, const pipeline::BatchJob*> byName;
    for (const auto& j : jobs) byName[j.name] = &j;
    REQUIRE(byName.count("drone"));
    REQUIRE(byName.count("drone-hologram"));
    REQUIRE(byName.count("drone-small"));
    REQUIRE(byName.count("drone-b3000"));
    CHECK(std::count_if(jobs.begin(), jobs.end(), [](const auto& j) { return j.name == "drone-hologram"; }) == 1);
    const auto budget = [&](const std::string& name) {
        auto s = pipeline::trainingSettings(byName.at(name)->project);
        REQUIRE(s.ok());
        CHECK(s->steps == 20);  // the configure step applied to every job
        return s->budget;
    };
    CHECK(budget("drone") == 6000);
    CHECK(budget("drone-hologram") == 1800);
    CHECK(budget("drone-small") == 2000);
    CHECK(budget("drone-b3000") == 3000);
    for (const char* name : {"drone", "drone-hologram", "drone-small", "drone-b3000"}) {
        CHECK(byName.at(name)->planned.ok());
        CHECK(byName.at(name)->project.exportName == name);
        CHECK(byName.at(name)->project.exportFolder == (out / name).string());
        CHECK(byName.at(name)->project.cacheFolder == (out / "cache" / name).string());
    }
    REQUIRE(byName.count("drone (again)"));
    CHECK(byName.at("drone (again)")->planned.error().message.find("a second asset named 'drone'") == 0);
    REQUIRE(byName.count("missing"));
    CHECK(!byName.at("missing")->planned.ok());
    CHECK(byName.at("missing")->planned.error().path.find("missing.glb") != std::string::npos);
    REQUIRE(byName.count("bad name"));
    CHECK(byName.at("bad name")->planned.error().message.find("not a safe file name") != std::string::npos);
    REQUIRE(byName.count("other-giant"));
    CHECK(byName.at("other-giant")->planned.error().message == "no train preset 'giant' (one of: boss, small, hologram, custom)");
}

TEST_CASE("shards cover every asset exactly once and keep an asset's jobs together") {
    for (int assets : {1, 2, 5, 7, 12})
        for (int count = 1; count <= 5; ++count) {
            const auto jobs = fakeJobs(assets);
            std::map<std::string, int> seen;  // job → shard
            std::map<std::string, std::set<int>> assetShards;
            for (int s = 0; s < count; ++s)
                for (const auto& j : pipeline::shardJobs(jobs, s, count)) {
                    CHECK_MESSAGE(seen.count(j.name) == 0, j.name << " in two shards");
                    seen[j.name] = s;
                    assetShards[j.asset].insert(s);
                }
            CHECK(seen.size() == jobs.size());
            for (const auto& [asset, shards] : assetShards) CHECK(shards.size() == 1);
            // Balanced: no shard has more than ⌈assets / count⌉ assets.
            std::map<int, int> perShard;
            for (const auto& [asset, shards] : assetShards) ++perShard[*shards.begin()];
            for (const auto& [s, c] : perShard) CHECK(c <= (assets + count - 1) / count);
        }
    // Deterministic: the same jobs in another order give the same shards.
    auto jobs = fakeJobs(7);
    auto a = pipeline::shardJobs(jobs, 1, 3);
    std::reverse(jobs.begin(), jobs.end());
    auto b = pipeline::shardJobs(jobs, 1, 3);
    std::set<std::string> na, nb;
    for (const auto& j : a) na.insert(j.name);
    for (const auto& j : b) nb.insert(j.name);
    CHECK(na == nb);
}

TEST_CASE("--shard i/n and the Slurm array environment") {
    auto s = pipeline::parseShard("2/4");
    REQUIRE(s.ok());
    CHECK(s->index == 1);
    CHECK(s->count == 4);
    for (const char* bad : {"0/4", "5/4", "1/0", "a/b", "1", "/4", "1/", "-1/4", "1/4/2"})
        CHECK_MESSAGE(!pipeline::parseShard(bad).ok(), bad);
    std::map<std::string, std::string> env;
    const auto get = [&env](const char* name) -> const char* {
        auto it = env.find(name);
        return it == env.end() ? nullptr : it->second.c_str();
    };
    auto none = pipeline::shardFromEnvironment(get);
    REQUIRE(none.ok());
    CHECK(!none->has_value());
    env = {{"SLURM_ARRAY_TASK_ID", "3"}, {"SLURM_ARRAY_TASK_COUNT", "4"}};
    auto three = pipeline::shardFromEnvironment(get);
    REQUIRE(three.ok());
    REQUIRE(three->has_value());
    CHECK((*three)->index == 3);
    CHECK((*three)->count == 4);
    env = {{"SLURM_ARRAY_TASK_ID", "5"}, {"SLURM_ARRAY_TASK_COUNT", "3"}, {"SLURM_ARRAY_TASK_MIN", "4"}};  // --array=4-6
    auto shifted = pipeline::shardFromEnvironment(get);
    REQUIRE(shifted.ok());
    CHECK((*shifted)->index == 1);
    env = {{"SLURM_ARRAY_TASK_ID", "4"}, {"SLURM_ARRAY_TASK_COUNT", "4"}};
    auto outside = pipeline::shardFromEnvironment(get);
    REQUIRE(!outside.ok());
    CHECK(outside.error().message.find("is no shard") != std::string::npos);
}

TEST_CASE("summary JSON round trip, text table and the merge of shard summaries") {
    pipeline::BatchSummary summary;
    pipeline::BatchRow done;
    done.name = "drone";
    done.asset = "drone";
    done.preset = "boss";
    done.status = "done";
    done.budget = 6000;
    done.splats = 5800;
    done.valPsnr = 31.25;
    done.opaqueShare = 0.93;
    done.floatersRemoved = 12;
    done.spl2Kb = 412.5;
    done.seconds = 95;
    done.datasetSeconds = 7.5, done.trainingSeconds = 80.25, done.exportSeconds = 7.25;
    pipeline::BatchRow failed = done;
    failed.name = "tank";
    failed.status = "failed";
    failed.error = "tank.glb: not a glTF file";
    summary.rows = {done, failed};
    CHECK(summary.failed() == 1);
    auto back = pipeline::summaryFromJson(pipeline::summaryJson(summary), "x.json");
    REQUIRE(back.ok());
    REQUIRE(back->rows.size() == 2);
    CHECK(back->rows[0].valPsnr == 31.25);
    CHECK(back->rows[0].datasetSeconds == 7.5);
    CHECK(back->rows[0].trainingSeconds == 80.25);
    CHECK(back->rows[0].exportSeconds == 7.25);
    CHECK(back->rows[1].error == failed.error);
    const std::string text = pipeline::summaryText(summary);
    CHECK(text.find("drone                       6000    5800     31.25     93.0       12    412.5     95.0     done") !=
          std::string::npos);
    CHECK(text.find("tank.glb: not a glTF file") != std::string::npos);
    CHECK(text.find("2 jobs: 1 done or up to date, 1 failed") != std::string::npos);
    CHECK(!pipeline::summaryFromJson("{\"jobs\": []}", "y.json").ok());

    const fs::path out = sw::test::outputDir("pipeline_batch_merge");
    fs::remove_all(out);
    fs::create_directories(out);
    pipeline::BatchSummary one{{failed}}, two{{done}};
    REQUIRE(writeFileAtomic((out / "summary-1-of-2.json").string(), pipeline::summaryJson(one)).ok());
    CHECK(pipeline::shardSummaryCount(out.string()) == 0);  // shard 2 of 2 is missing
    CHECK(!pipeline::mergeSummaries(out.string(), 2).ok());
    REQUIRE(writeFileAtomic((out / "summary-2-of-2.json").string(), pipeline::summaryJson(two)).ok());
    CHECK(pipeline::shardSummaryCount(out.string()) == 2);
    auto merged = pipeline::mergeSummaries(out.string(), 2);
    REQUIRE(merged.ok());
    REQUIRE(merged->rows.size() == 2);
    CHECK(merged->rows[0].name == "drone");  // by name
    CHECK(fs::exists(out / "summary.json"));
    CHECK(fs::exists(out / "summary.txt"));
}

TEST_CASE("the hologram preset is its own training with cap 1800, not a cut of the asset's larger cloud") {
    REQUIRE(fs::exists(demoModel()));
    const fs::path out = sw::test::outputDir("pipeline_batch_hologram");
    fs::remove_all(out);
    pipeline::BatchRequest request;
    request.outDir = out.string();
    request.jobs = pipeline::planBatch({{demoModel().string(), "drone", {"hologram"}, {2500}}}, out.string(), tiny);
    REQUIRE(request.jobs.size() == 2);
    request.devices.hostThreads = 2;
    std::vector<std::string> stages;
    request.onEvent = [&stages](const pipeline::BatchEvent& e) {
        const std::string seen = e.name + " " + e.stage;
        if (std::find(stages.begin(), stages.end(), seen) == stages.end()) stages.push_back(seen);
    };
    auto summary = pipeline::runBatch(request);
    REQUIRE_MESSAGE(summary.ok(), summary.error().toString());
    REQUIRE(summary->rows.size() == 2);
    const pipeline::BatchRow& holo = summary->rows[0];
    const pipeline::BatchRow& big = summary->rows[1];
    REQUIRE_MESSAGE(holo.status == "done", holo.error);
    REQUIRE_MESSAGE(big.status == "done", big.error);
    CHECK(holo.name == "drone-hologram");
    CHECK(big.name == "drone-b2500");
    // The stages' wall times make up the job's: the shared dataset split between its two jobs.
    for (const pipeline::BatchRow* r : {&holo, &big}) {
        CHECK(r->datasetSeconds > 0);
        CHECK(r->trainingSeconds > 0);
        CHECK(r->exportSeconds > 0);
        CHECK(r->datasetSeconds + r->trainingSeconds + r->exportSeconds == doctest::Approx(r->seconds).epsilon(1e-9));
    }
    CHECK(holo.datasetSeconds == doctest::Approx(big.datasetSeconds).epsilon(1e-12));
    // One dataset for the asset, two trainings.
    CHECK(std::count(stages.begin(), stages.end(), "drone-hologram dataset") == 1);
    CHECK(std::count(stages.begin(), stages.end(), "drone-b2500 dataset") == 0);
    CHECK(std::count(stages.begin(), stages.end(), "drone-b2500 training") == 1);
    CHECK(fs::exists(out / "cache" / "drone" / "dataset" / "transforms_train.json"));
    CHECK(!fs::exists(out / "cache" / "drone-hologram" / "dataset"));

    // Trained with the cap: the summary's budget, the run's checkpoint settings, and the start
    // cloud of the run was initialised at 1800, not cut from 2500.
    CHECK(holo.budget == 1800);
    CHECK(big.budget == 2500);
    CHECK(holo.trainedSplats <= 1800);
    CHECK(holo.trainedSplats > 1000);
    CHECK(big.trainedSplats > 1800);
    CHECK(holo.splats <= 1800);
    const std::string holoRun = pipeline::trainingDir(request.jobs[0].project);
    auto info = pipeline::readCheckpointInfo(pipeline::runCheckpointDir(holoRun));
    REQUIRE(info.ok());
    CHECK(info->settings.budget == 1800);
    CHECK(info->step == 20);
    auto holoCloud = formats::readPly(pipeline::runCloud(holoRun));
    auto bigCloud = formats::readPly(pipeline::runCloud(pipeline::trainingDir(request.jobs[1].project)));
    REQUIRE(holoCloud.ok());
    REQUIRE(bigCloud.ok());
    CHECK(int(holoCloud->size()) == holo.trainedSplats);
    // Not a subset of the larger cloud: few of its splats sit where one of the 2500 sits.
    std::set<std::array<float, 3>> bigPositions;
    for (const auto& p : bigCloud->positions) bigPositions.insert({p.x(), p.y(), p.z()});
    int shared = 0;
    for (const auto& p : holoCloud->positions) shared += bigPositions.count({p.x(), p.y(), p.z()}) ? 1 : 0;
    MESSAGE("hologram: " << holoCloud->size() << " splats, " << shared << " at a position of the 2500-splat cloud");
    CHECK(shared < int(holoCloud->size()) / 10);
    CHECK(fs::exists(out / "drone-hologram" / "drone-hologram.bin"));
    CHECK(fs::exists(out / "drone-b2500" / "drone-b2500.bin"));
    CHECK(fs::exists(out / "summary.json"));

    // Up to date now: a second run skips both with their stored rows.
    auto again = pipeline::runBatch(request);
    REQUIRE(again.ok());
    CHECK(again->rows[0].status == "skipped");
    CHECK(again->rows[1].status == "skipped");
    CHECK(again->rows[0].budget == 1800);
    CHECK(again->rows[0].valPsnr == holo.valPsnr);
}
