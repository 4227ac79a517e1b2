// `splatwright-cli batch <folder | list.json | models and projects…> -o <out> [train and dataset
// flags] [--preset boss,hologram] [--devices 0,1] [--pack K] [--shard i/n] [--force]` and
// `splatwright-cli batch --merge -o <out>`: every asset through dataset → training → bake →
// export (pipeline::runBatch), the trainings packed K at a time per GPU, or on the CPU's cores
// split between K trainings when there is none; a progress line per asset; up-to-date assets
// are skipped; a failing asset is reported and the others finish (exit non-zero at the end);
// the summary table as <out>/summary.txt and summary.json. docs/batch.md has the farm recipes.
//
// list.json: {"assets": [{"model": "drone.glb", "name": "drone", "presets": ["boss", "hologram"],
// "budgets": [3000]}, {"project": "tank.splatproj"}]} (or the bare array); paths relative to the
// list. A folder: its model files and projects (a model beside a project of the same stem is
// the project's).
#include <cstdio>
#include <filesystem>
#include <map>
#include <memory>
#include <nlohmann/json.hpp>
#include <set>
#include <sstream>
#include <string>
#include <vector>

#include "app/cli/command.h"
#include "app/cli/dataset_flags.h"
#include "app/cli/schema_flags.h"
#include "core/foundation/file_io.h"
#include "core/pipeline/batch.h"
#include "core/pipeline/model_source.h"
#include "core/pipeline/training_job.h"

namespace sw::cli {
namespace {

namespace fs = std::filesystem;
using nlohmann::json;

std::vector<std::string> splitList(const std::string& text) {
    std::vector<std::string> out;
    std::stringstream in(text);
    std::string item;
    while (std::getline(in, item, ','))
        if (!item.empty()) out.push_back(item);
    return out;
}

Result<std::vector<pipeline::BatchAsset>> readList(const std::string& path) {
    auto text = readFileText(path);
    if (!text) return text.error();
    const json doc = json::parse(*text, nullptr, false);
    const json* list = doc.is_array() ? &doc : doc.is_object() && doc.contains("assets") ? &doc["assets"] : nullptr;
    if (!list || !list->is_array())
        return makeError(ErrorCode::Parse, "not a batch list: expected {\"assets\": [...]} or an array", path);
    if (list->empty()) return makeError(ErrorCode::InvalidInput, "the list names no model or project", path);
    const fs::path base = fs::path(path).parent_path();
    std::vector<pipeline::BatchAsset> assets;
    for (std::size_t i = 0; i < list->size(); ++i) {
        const json& e = (*list)[i];
        const std::string where = "asset " + std::to_string(i + 1) + " of the list";
        pipeline::BatchAsset a;
        if (e.is_string()) {
            a.input = e.get<std::string>();
        } else if (e.is_object()) {
            for (const char* key : {"model", "project"})
                if (e.contains(key)) {
                    if (!e[key].is_string()) return makeError(ErrorCode::Parse, where + ": '" + key + "' is not a path", path);
                    a.input = e[key].get<std::string>();
                }
            if (e.contains("name")) {
                if (!e["name"].is_string()) return makeError(ErrorCode::Parse, where + ": 'name' is not text", path);
                a.name = e["name"].get<std::string>();
            }
            if (e.contains("presets")) {
                if (!e["presets"].is_array()) return makeError(ErrorCode::Parse, where + ": 'presets' is not a list", path);
                for (const json& p : e["presets"]) {
                    if (!p.is_string()) return makeError(ErrorCode::Parse, where + ": a preset is not a name", path);
                    a.presets.push_back(p.get<std::string>());
                }
            }
            if (e.contains("budgets")) {
                if (!e["budgets"].is_array()) return makeError(ErrorCode::Parse, where + ": 'budgets' is not a list", path);
                for (const json& b : e["budgets"]) {
                    if (!b.is_number_integer() || b.get<long long>() < 1 || b.get<long long>() > 10'000'000)
                        return makeError(ErrorCode::Parse, where + ": a budget is not a splat count in 1..10000000", path);
                    a.budgets.push_back(b.get<int>());
                }
            }
        }
        if (a.input.empty()) return makeError(ErrorCode::Parse, where + ": no \"model\" or \"project\" path", path);
        if (fs::path(a.input).is_relative()) a.input = (base / a.input).lexically_normal().string();
        assets.push_back(std::move(a));
    }
    return assets;
}

// A folder's model files and projects, by name; a model that a project of the same stem sits
// beside is left to the project.
Result<std::vector<pipeline::BatchAsset>> readFolder(const std::string& folder) {
    std::error_code ec;
    std::vector<std::string> models, projects;
    for (const auto& entry : fs::directory_iterator(folder, ec)) {
        if (!entry.is_regular_file(ec)) continue;
        const std::string p = entry.path().string();
        if (pipeline::isProjectFile(p)) projects.push_back(p);
        else if (isModelFile(p)) models.push_back(p);
    }
    if (ec) return makeError(ErrorCode::Io, "cannot list the folder: " + ec.message(), folder);
    std::set<std::string> projectStems;
    for (const std::string& p : projects) projectStems.insert(fs::path(p).stem().string());
    std::vector<std::string> inputs = projects;
    for (const std::string& m : models)
        if (!projectStems.count(fs::path(m).stem().string())) inputs.push_back(m);
    std::sort(inputs.begin(), inputs.end());
    if (inputs.empty()) return makeError(ErrorCode::InvalidInput, "no model files or projects in the folder", folder);
    std::vector<pipeline::BatchAsset> assets;
    for (const std::string& i : inputs) assets.push_back({i, {}, {}, {}});
    return assets;
}

struct BatchCommand {
    ParamSet params{train::trainSchema().schema()};
    std::unique_ptr<SchemaFlags> flags;
    std::unique_ptr<DatasetStageFlags> stage;
    std::vector<std::string> inputs;
    std::string output, presets, devices, shard;
    int pack = 0;
    bool merge = false, force = false, deviceGiven = false, timings = false;

    Result<std::vector<pipeline::BatchAsset>> assets() {
        std::vector<pipeline::BatchAsset> all;
        for (const std::string& input : inputs) {
            std::error_code ec;
            Result<std::vector<pipeline::BatchAsset>> some =
                fs::is_directory(input, ec) ? readFolder(input)
                : fs::path(input).extension() == ".json" ? readList(input)
                : Result<std::vector<pipeline::BatchAsset>>(std::vector<pipeline::BatchAsset>{{input, {}, {}, {}}});
            if (!some) return some.error();
            for (auto& a : *some) all.push_back(std::move(a));
        }
        const std::vector<std::string> asked = splitList(presets);
        for (const std::string& p : asked)
            if (p != kCustomPreset && !train::trainSchema().schema().findPreset(p))
                return makeError(ErrorCode::InvalidInput, "--preset '" + p + "' is not one of: " +
                                                              train::trainSchema().schema().presetList());
        for (auto& a : all)
            if (a.presets.empty() && a.budgets.empty()) a.presets = asked;
        return all;
    }

    // The flags over an asset's project: dataset flags over its import, belt and dataset
    // settings; training flags over its training settings.
    Status configure(project::Project& project) {
        SW_TRY(stage->applyTo(project));
        auto base = pipeline::trainingSettings(project);
        if (!base) return base.error();
        params = train::trainSchema().toParams(*base);
        SW_TRY(flags->apply());
        return pipeline::setTrainingSettings(project, train::trainSchema().fromParams(params));
    }

    Result<train::BatchOptions> deviceOptions() {
        train::BatchOptions options;
        options.pack = pack;
        SW_TRY(flags->apply());  // --device given on the command line
        const train::TrainSettings asked = train::trainSchema().fromParams(params);
        const int visible = train::cudaDeviceCount();
        if (!devices.empty()) {
            auto list = train::parseDeviceList(devices, visible);
            if (!list) return list.error();
            if (!list->empty()) SW_TRY(pipeline::checkDevice(train::TrainDevice::Cuda));
            options.cudaDevices = *list;
        } else if (deviceGiven && asked.device == train::TrainDevice::Cuda) {
            SW_TRY(pipeline::checkDevice(train::TrainDevice::Cuda));
            for (int d = 0; d < visible; ++d) options.cudaDevices.push_back(d);
        } else if (!deviceGiven) {
            for (int d = 0; d < visible; ++d) options.cudaDevices.push_back(d);  // every GPU; the CPU without one
        }
        return options;
    }

    static void printEvent(const pipeline::BatchEvent& e, int total, std::map<int, int>& shown) {
        // One line per stage of a job, and training at each quarter.
        int& last = shown[e.job];
        const int quarter = e.stage == "training" ? int(e.fraction * 4) : 0;
        const int key = (e.stage == "dataset" ? 1 : e.stage == "training" ? 10 + quarter : e.stage == "export" ? 20 : 30);
        if (key <= last && e.stage != "failed") return;
        if (e.stage == "dataset" && e.fraction > 0) return;
        if (e.stage == "export" && e.fraction > 0) return;
        last = key;
        if (e.stage == "training" && e.fraction > 0)
            std::printf("batch: [%d/%d] %s: training %d%%\n", e.job + 1, total, e.name.c_str(), 25 * quarter);
        else
            std::printf("batch: [%d/%d] %s: %s%s%s\n", e.job + 1, total, e.name.c_str(), e.stage.c_str(),
                        e.message.empty() ? "" : ": ", e.message.c_str());
        std::fflush(stdout);
    }

    Status report(const pipeline::BatchSummary& summary, const std::string& summaryPath) {
        std::fputs(pipeline::summaryText(summary).c_str(), stdout);
        if (timings) {  // each job's wall time by stage (the whole job: model → export)
            double total[4] = {0, 0, 0, 0};
            for (const pipeline::BatchRow& r : summary.rows) {
                if (r.status != "done") continue;
                std::printf("timings: %s: dataset %.2f s, training %.2f s, bake + export %.2f s; total %.2f s\n",
                            r.name.c_str(), r.datasetSeconds, r.trainingSeconds, r.exportSeconds, r.seconds);
                total[0] += r.datasetSeconds, total[1] += r.trainingSeconds, total[2] += r.exportSeconds, total[3] += r.seconds;
            }
            std::printf("timings: all jobs: dataset %.2f s, training %.2f s, bake + export %.2f s; total %.2f s "
                        "(trainings on parallel lanes overlap: the batch's wall time is less)\n",
                        total[0], total[1], total[2], total[3]);
        }
        std::printf("summary: %s\n", summaryPath.c_str());
        std::fflush(stdout);
        const int failed = summary.failed();
        if (failed == 0) return {};
        return makeError(ErrorCode::InvalidInput, std::to_string(failed) + " of " + std::to_string(summary.rows.size()) +
                                                      " jobs failed (their errors are in the summary)", output);
    }

    Status run() {
        if (output.empty()) return makeError(ErrorCode::InvalidInput, "-o is required (the batch folder)");
        if (merge) {
            if (!inputs.empty()) return makeError(ErrorCode::InvalidInput, "--merge takes no inputs, only -o", output);
            const int count = pipeline::shardSummaryCount(output);
            if (count == 0)
                return makeError(ErrorCode::InvalidInput,
                                 "no complete set of shard summaries (summary-<i>-of-<n>.json) to merge", output);
            auto merged = pipeline::mergeSummaries(output, count);
            if (!merged) return merged.error();
            return report(*merged, (fs::path(output) / "summary.json").string());
        }
        if (inputs.empty()) return makeError(ErrorCode::InvalidInput, "no inputs: give a folder, a list.json or models");
        std::optional<pipeline::Shard> chosen;
        if (!shard.empty()) {
            auto s = pipeline::parseShard(shard);
            if (!s) return s.error();
            chosen = *s;
        } else {
            auto s = pipeline::shardFromEnvironment();
            if (!s) return s.error();
            chosen = *s;
        }
        auto options = deviceOptions();
        if (!options) return options.error();
        auto assets = this->assets();
        if (!assets) return assets.error();
        pipeline::BatchRequest request;
        request.outDir = output;
        request.force = force;
        request.devices = *options;
        request.jobs = pipeline::planBatch(*assets, output, [this](project::Project& p) { return configure(p); });
        SW_TRY(pipeline::checkBatchNames(request.jobs));  // before any work: no job is dropped or clobbered
        if (chosen) {
            request.jobs = pipeline::shardJobs(request.jobs, chosen->index, chosen->count);
            request.shard = chosen;
        }
        const int total = int(request.jobs.size());
        const std::string where = options->cudaDevices.empty()
                                      ? "the CPU (" + std::to_string(train::hostThreads()) + " threads)"
                                      : std::to_string(options->cudaDevices.size()) + " GPU(s)";
        std::printf("batch: %d job%s of %zu asset%s%s on %s\n", total, total == 1 ? "" : "s", assets->size(),
                    assets->size() == 1 ? "" : "s",
                    chosen ? (", shard " + std::to_string(chosen->index + 1) + "/" + std::to_string(chosen->count)).c_str()
                           : "",
                    where.c_str());
        std::fflush(stdout);
        std::map<int, int> shown;
        request.onEvent = [total, &shown](const pipeline::BatchEvent& e) { printEvent(e, total, shown); };
        auto summary = pipeline::runBatch(request, Progress({}, std::make_shared<CancelToken>()));
        if (!summary) return summary.error();
        const std::string stem = chosen ? "summary-" + std::to_string(chosen->index + 1) + "-of-" +
                                              std::to_string(chosen->count)
                                        : "summary";
        Status reported = report(*summary, (fs::path(output) / (stem + ".json")).string());
        if (chosen && pipeline::shardSummaryCount(output) == chosen->count)
            std::printf("summary: all %d shards done: %s\n", chosen->count,
                        (fs::path(output) / "summary.json").string().c_str());
        return reported;
    }
};

}  // namespace

void addBatchCommand(CLI::App& app, Outcome& outcome) {
    auto state = std::make_shared<BatchCommand>();
    CLI::App* cmd = app.add_subcommand(
        "batch", "Retrain a library: every model or project through dataset, training, bake and export");
    cmd->add_option("inputs", state->inputs,
                    "A folder of models/projects, a list.json ({\"assets\": [{\"model\": ..., \"presets\": [...]}]}), "
                    "or model files (.glb, .gltf, .fbx, .obj) and projects (.splatproj)");
    cmd->add_option("-o,--output", state->output,
                    "Batch folder: <job>/ exports, cache/, summary.json and summary.txt")
        ->required();
    cmd->add_option("--preset", state->presets,
                    "Budget presets for every asset without its own in the list, comma-separated: a job each (" +
                        train::trainSchema().schema().presetList() +
                        "); hologram is its own 1800-splat training exported as <asset>-hologram");
    cmd->add_option("--devices", state->devices,
                    "CUDA devices to use, CUDA_VISIBLE_DEVICES style (0,2; none = the CPU); default: every GPU, "
                    "else the CPU");
    cmd->add_option("--pack", state->pack,
                    "Trainings at a time per device (default: the CPU's threads, 4 per GPU)")
        ->check(CLI::Range(1, 256));
    cmd->add_option("--shard", state->shard,
                    "Run shard i of n (1-based, e.g. 2/4): every n-th asset by name; default from "
                    "SLURM_ARRAY_TASK_ID/SLURM_ARRAY_TASK_COUNT. The last shard to finish writes summary.json");
    cmd->add_flag("--merge", state->merge, "Merge the shard summaries of -o into summary.json and summary.txt");
    cmd->add_flag("--force", state->force, "Re-run jobs whose export is up to date");
    cmd->add_flag("--timings", state->timings,
                  "Print each job's wall time by stage (dataset, training, bake + export; also in summary.json)");
    state->flags = std::make_unique<SchemaFlags>(*cmd, state->params);
    state->stage = std::make_unique<DatasetStageFlags>(*cmd, std::set<std::string>{"seed"});
    cmd->callback([state, cmd, &outcome] {
        state->deviceGiven = cmd->count("--device") > 0;
        outcome.status = state->run();
    });
}

}  // namespace sw::cli
