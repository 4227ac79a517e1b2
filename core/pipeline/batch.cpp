#include "core/pipeline/batch.h"

#include <fcntl.h>
#include <sys/file.h>
#include <unistd.h>

#include <algorithm>
#include <chrono>
#include <cstdio>
#include <cstdlib>
#include <filesystem>
#include <map>
#include <mutex>
#include <nlohmann/json.hpp>
#include <set>

#include "core/foundation/file_io.h"
#include "core/foundation/output_folder.h"
#include "core/pipeline/bake_job.h"
#include "core/pipeline/dataset_job.h"
#include "core/pipeline/layout.h"
#include "core/pipeline/training_job.h"

namespace sw::pipeline {

namespace fs = std::filesystem;
using nlohmann::json;
using nlohmann::ordered_json;

namespace {

using Clock = std::chrono::steady_clock;

double secondsSince(Clock::time_point t) { return std::chrono::duration<double>(Clock::now() - t).count(); }

std::string join(const std::string& a, const std::string& b) { return (fs::path(a) / b).string(); }
std::string cacheOf(const std::string& outDir, const std::string& name) { return join(join(outDir, "cache"), name); }
std::string rowPath(const std::string& outDir, const std::string& job) { return join(cacheOf(outDir, job), "row.json"); }

bool safeName(const std::string& name) {
    if (name.empty() || name.front() == '.' || name.size() > 200 || name == "cache") return false;
    return std::all_of(name.begin(), name.end(), [](char c) {
        return (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') || (c >= '0' && c <= '9') || c == '-' || c == '_' ||
               c == '.';
    });
}

std::string assetName(const BatchAsset& asset) {
    if (!asset.name.empty()) return asset.name;
    return fs::path(asset.input).stem().string();
}

std::string summaryStem(const std::optional<Shard>& shard) {
    if (!shard) return "summary";
    return "summary-" + std::to_string(shard->index + 1) + "-of-" + std::to_string(shard->count);
}

// The whole batch folder's claims and summaries are written under one lock (flock on the
// folder itself: no file of its own), so shards of an array job on one machine (or on a shared
// file system with working locks) never lose each other's entries of the output marker.
class FolderLock {
public:
    explicit FolderLock(const std::string& folder) {
        m_fd = ::open(folder.c_str(), O_RDONLY | O_DIRECTORY | O_CLOEXEC);
        if (m_fd >= 0) ::flock(m_fd, LOCK_EX);
    }
    ~FolderLock() {
        if (m_fd >= 0) ::close(m_fd);  // releases the lock
    }
    FolderLock(const FolderLock&) = delete;
    FolderLock& operator=(const FolderLock&) = delete;

private:
    int m_fd = -1;
};

ordered_json rowJson(const BatchRow& r) {
    ordered_json j;
    j["name"] = r.name;
    j["asset"] = r.asset;
    j["preset"] = r.preset;
    j["status"] = r.status;
    j["error"] = r.error;
    j["budget"] = r.budget;
    j["trained_splats"] = r.trainedSplats;
    j["splats"] = r.splats;
    j["val_psnr_db"] = r.valPsnr;
    j["val_background"] = r.valBackground;
    j["val_background_name"] = train::valBackgroundName(r.valBackground);
    j["opaque_share"] = r.opaqueShare;
    j["floaters_removed"] = r.floatersRemoved;
    j["spl2_kb"] = r.spl2Kb;
    j["seconds"] = r.seconds;
    j["export"] = r.exportPath;
    return j;
}

Result<BatchRow> rowFromJson(const json& j, const std::string& path) {
    try {
        BatchRow r;
        r.name = j.at("name").get<std::string>();
        r.asset = j.at("asset").get<std::string>();
        r.preset = j.at("preset").get<std::string>();
        r.status = j.at("status").get<std::string>();
        r.error = j.at("error").get<std::string>();
        r.budget = j.at("budget").get<int>();
        r.trainedSplats = j.at("trained_splats").get<int>();
        r.splats = j.at("splats").get<int>();
        r.valPsnr = j.at("val_psnr_db").get<double>();
        r.valBackground = j.at("val_background").get<double>();
        r.opaqueShare = j.at("opaque_share").get<double>();
        r.floatersRemoved = j.at("floaters_removed").get<int>();
        r.spl2Kb = j.at("spl2_kb").get<double>();
        r.seconds = j.at("seconds").get<double>();
        r.exportPath = j.at("export").get<std::string>();
        return r;
    } catch (const json::exception& e) {
        return makeError(ErrorCode::Parse, std::string("not a batch summary row: ") + e.what(), path);
    }
}

// The last report of a run's metrics.json (training skipped as up to date).
void metricsInto(const std::string& metricsPath, BatchRow& row) {
    auto text = readFileText(metricsPath);
    if (!text) return;
    const json doc = json::parse(*text, nullptr, false);
    if (!doc.is_object() || !doc.contains("metrics") || !doc["metrics"].is_array() || doc["metrics"].empty()) return;
    const json& last = doc["metrics"].back();
    row.trainedSplats = last.value("splats", 0);
    row.valPsnr = last.value("val_psnr_db", 0.0);
    row.valBackground = last.value("val_background", 0.5);
    row.opaqueShare = last.value("opaque_share", 0.0);
}

std::string oneLine(const Error& e) { return e.toString(); }

}  // namespace

int BatchSummary::failed() const {
    return int(std::count_if(rows.begin(), rows.end(), [](const BatchRow& r) { return r.status == "failed"; }));
}

std::vector<BatchJob> planBatch(const std::vector<BatchAsset>& assets, const std::string& outDir,
                                const ConfigureProject& configure) {
    std::vector<BatchJob> jobs;
    std::set<std::string> assetNames, jobNames;
    for (const BatchAsset& asset : assets) {
        const std::string name = assetName(asset);
        BatchJob base;
        base.asset = name;
        base.input = asset.input;
        base.name = name;
        base.preset = kCustomPreset;
        const auto failAll = [&](Error e) {
            base.planned = std::move(e);
            jobs.push_back(base);
        };
        if (!safeName(name)) {
            failAll(makeError(ErrorCode::InvalidInput,
                              "asset name '" + name + "' is not a safe file name ([A-Za-z0-9._-], not starting with '.', not 'cache')",
                              asset.input));
            continue;
        }
        if (!assetNames.insert(name).second) {
            base.name = name + " (again)";
            failAll(makeError(ErrorCode::InvalidInput, "a second asset named '" + name + "'; give it another name",
                              asset.input));
            continue;
        }
        Result<project::Project> project = isProjectFile(asset.input)
                                               ? project::loadProject(asset.input)
                                               : project::newProject(asset.input, join(cacheOf(outDir, name), name + project::kProjectExtension));
        if (!project) {
            failAll(project.error());
            continue;
        }
        if (configure) {
            Status configured = configure(*project);
            if (!configured) {
                failAll(configured.error());
                continue;
            }
        }
        auto settings = trainingSettings(*project);
        if (!settings) {
            failAll(Error{settings.error().code, settings.error().message, asset.input});
            continue;
        }
        // (preset, job name, budget override) of every job of the asset.
        struct Want {
            std::string preset, name;
            int budget = 0;
        };
        std::vector<Want> wants;
        std::vector<std::string> presets = asset.presets;
        if (presets.empty() && asset.budgets.empty()) presets.push_back(kCustomPreset);
        for (const std::string& p : presets)
            wants.push_back({p, p == kCustomPreset || p == "boss" ? name : name + "-" + p, 0});
        for (int b : asset.budgets) wants.push_back({kCustomPreset, name + "-b" + std::to_string(b), b});
        for (const Want& want : wants) {
            if (!jobNames.insert(want.name).second) continue;  // asked twice
            BatchJob job = base;
            job.name = want.name;
            job.preset = want.preset;
            job.project = *project;
            ParamSet params = train::trainSchema().toParams(*settings);
            Status applied = params.applyPreset(want.preset);
            if (applied && want.budget > 0) applied = params.set("budget", std::int64_t(want.budget));
            if (applied) applied = setTrainingSettings(job.project, train::trainSchema().fromParams(params));
            if (!applied) {
                job.planned = Error{applied.error().code, applied.error().message, asset.input};
            }
            job.project.cacheFolder = cacheOf(outDir, job.name);
            job.project.exportFolder = join(outDir, job.name);
            job.project.exportName = job.name;
            jobs.push_back(std::move(job));
        }
    }
    return jobs;
}

std::vector<BatchJob> shardJobs(const std::vector<BatchJob>& jobs, int shard, int count) {
    std::vector<std::string> assets;
    for (const BatchJob& j : jobs) assets.push_back(j.asset);
    std::sort(assets.begin(), assets.end());
    assets.erase(std::unique(assets.begin(), assets.end()), assets.end());
    std::set<std::string> mine;
    for (std::size_t k = 0; k < assets.size(); ++k)
        if (count > 0 && int(k % std::size_t(count)) == shard) mine.insert(assets[k]);
    std::vector<BatchJob> out;
    for (const BatchJob& j : jobs)
        if (mine.count(j.asset)) out.push_back(j);
    return out;
}

Result<Shard> parseShard(const std::string& text) {
    const auto bad = [&] {
        return makeError(ErrorCode::InvalidInput, "--shard '" + text + "': expected i/n with 1 ≤ i ≤ n (e.g. 2/4)");
    };
    const auto slash = text.find('/');
    if (slash == std::string::npos || slash == 0 || slash + 1 >= text.size() || text.size() > 20) return bad();
    const std::string a = text.substr(0, slash), b = text.substr(slash + 1);
    if (a.find_first_not_of("0123456789") != std::string::npos || b.find_first_not_of("0123456789") != std::string::npos)
        return bad();
    const long i = std::stol(a), n = std::stol(b);
    if (n < 1 || i < 1 || i > n || n > 1'000'000) return bad();
    return Shard{int(i - 1), int(n)};
}

Result<std::optional<Shard>> shardFromEnvironment(const std::function<const char*(const char*)>& get) {
    const auto env = [&](const char* name) -> const char* { return get ? get(name) : std::getenv(name); };
    const char* id = env("SLURM_ARRAY_TASK_ID");
    if (!id || !*id) return std::optional<Shard>{};
    const char* count = env("SLURM_ARRAY_TASK_COUNT");
    const char* min = env("SLURM_ARRAY_TASK_MIN");
    const auto number = [](const char* s, long& out) {
        if (!s || !*s || std::string(s).find_first_not_of("0123456789") != std::string::npos || std::string(s).size() > 9)
            return false;
        out = std::stol(s);
        return true;
    };
    long i = 0, n = 0, lo = 0;
    if (!number(id, i) || !number(count, n) || (min && *min && !number(min, lo)) || n < 1 || i < lo || i - lo >= n)
        return makeError(ErrorCode::InvalidInput, std::string("SLURM_ARRAY_TASK_ID=") + id + " with SLURM_ARRAY_TASK_COUNT=" +
                                                      (count ? count : "(unset)") + " and SLURM_ARRAY_TASK_MIN=" +
                                                      (min ? min : "(unset)") +
                                                      " is no shard (the array must be contiguous, e.g. --array=0-3)");
    return std::optional<Shard>{Shard{int(i - lo), int(n)}};
}

std::string summaryJson(const BatchSummary& summary) {
    ordered_json doc;
    doc["format"] = "splatwright-batch-summary";
    ordered_json rows = ordered_json::array();
    for (const BatchRow& r : summary.rows) rows.push_back(rowJson(r));
    doc["jobs"] = std::move(rows);
    doc["failed"] = summary.failed();
    return doc.dump(2) + "\n";
}

Result<BatchSummary> summaryFromJson(const std::string& text, const std::string& path) {
    const json doc = json::parse(text, nullptr, false);
    if (!doc.is_object() || doc.value("format", "") != "splatwright-batch-summary" || !doc.contains("jobs") ||
        !doc["jobs"].is_array())
        return makeError(ErrorCode::Parse, "not a splatwright batch summary", path);
    BatchSummary summary;
    for (const json& j : doc["jobs"]) {
        auto row = rowFromJson(j, path);
        if (!row) return row.error();
        summary.rows.push_back(std::move(*row));
    }
    return summary;
}

std::string summaryText(const BatchSummary& summary) {
    std::string out;
    char line[512];
    std::snprintf(line, sizeof line, "%-24s %7s %7s %9s %8s %8s %8s %8s %8s  %s\n", "asset", "budget", "splats",
                  "PSNR grey", "opaque%", "floaters", "SPL2 KB", "time s", "status", "error");
    out += line;
    for (const BatchRow& r : summary.rows) {
        if (r.status == "failed")
            std::snprintf(line, sizeof line, "%-24s %7s %7s %9s %8s %8s %8s %8.1f %8s  %s\n", r.name.c_str(), "-", "-",
                          "-", "-", "-", "-", r.seconds, r.status.c_str(), r.error.c_str());
        else
            std::snprintf(line, sizeof line, "%-24s %7d %7d %9.2f %8.1f %8d %8.1f %8.1f %8s\n", r.name.c_str(), r.budget,
                          r.splats, r.valPsnr, 100 * r.opaqueShare, r.floatersRemoved, r.spl2Kb, r.seconds,
                          r.status.c_str());
        out += line;
    }
    const int failed = summary.failed();
    std::snprintf(line, sizeof line, "%zu jobs: %zu done or up to date, %d failed (PSNR on the validation views over %s)\n",
                  summary.rows.size(), summary.rows.size() - std::size_t(failed), failed,
                  summary.rows.empty() ? "grey 0.5" : train::valBackgroundName(summary.rows.front().valBackground).c_str());
    return out + line;
}

namespace {

Status writeSummary(const std::string& outDir, const std::string& stem, const BatchSummary& summary) {
    SW_TRY(writeFileAtomic(join(outDir, stem + ".json"), summaryJson(summary)));
    return writeFileAtomic(join(outDir, stem + ".txt"), summaryText(summary));
}

// Serialises events from the lanes.
class Events {
public:
    explicit Events(const std::function<void(const BatchEvent&)>& sink) : m_sink(sink) {}
    void operator()(int job, const std::string& name, const std::string& stage, double fraction,
                    const std::string& message = {}) {
        if (!m_sink) return;
        const std::lock_guard<std::mutex> lock(m_mutex);
        m_sink(BatchEvent{job, name, stage, fraction, message});
    }

private:
    const std::function<void(const BatchEvent&)>& m_sink;
    std::mutex m_mutex;
};

struct JobState {
    bool run = false;             // not skipped, not failed at planning
    bool train = false;           // its training is to run
    ModelPtr model;               // from the asset's dataset job
    std::string datasetDir;       // the asset's
    double seconds = 0;
    std::optional<TrainingResult> trained;
};

}  // namespace

Result<BatchSummary> runBatch(const BatchRequest& request, const Progress& progress) {
    const std::string& out = request.outDir;
    if (out.empty()) return makeError(ErrorCode::InvalidInput, "no output folder for the batch");
    const std::string stem = summaryStem(request.shard);
    {
        std::error_code ec;
        fs::create_directories(out, ec);
        if (ec) return makeError(ErrorCode::Io, "cannot create the batch folder: " + ec.message(), out);
        const FolderLock lock(out);
        std::vector<std::string> entries = {"cache/", stem + ".json", stem + ".txt"};
        if (request.shard) {
            entries.push_back("summary.json");
            entries.push_back("summary.txt");
        }
        for (const BatchJob& job : request.jobs)
            if (job.planned) entries.push_back(job.name + "/");
        SW_TRY(claimOutputs(out, entries));
    }
    Events event(request.onEvent);
    const int n = int(request.jobs.size());
    BatchSummary summary;
    std::vector<JobState> state(static_cast<std::size_t>(n));
    for (int j = 0; j < n; ++j) {
        const BatchJob& job = request.jobs[std::size_t(j)];
        BatchRow row;
        row.name = job.name;
        row.asset = job.asset;
        row.preset = job.preset;
        row.exportPath = join(join(out, job.name), job.name + ".bin");
        if (!job.planned) {
            row.status = "failed";
            row.error = oneLine(job.planned.error());
            event(j, job.name, "failed", 1, row.error);
        } else if (!request.force && stageStatus(job.project, Stage::Export) == StageStatus::UpToDate) {
            auto text = readFileText(rowPath(out, job.name));
            const json doc = text ? json::parse(*text, nullptr, false) : json();
            auto stored = text && doc.is_object() ? rowFromJson(doc, rowPath(out, job.name)) : Result<BatchRow>(Error{});
            if (stored) {
                row = *stored;
                row.status = "skipped";
                row.seconds = 0;
                event(j, job.name, "skipped", 1, "up to date");
            } else {
                state[std::size_t(j)].run = true;
            }
        } else {
            state[std::size_t(j)].run = true;
        }
        if (job.planned)
            if (auto s = trainingSettings(job.project); s) row.budget = s->budget;
        summary.rows.push_back(std::move(row));
    }
    const auto fail = [&](int j, const Error& e) {
        BatchRow& row = summary.rows[std::size_t(j)];
        row.status = "failed";
        row.error = oneLine(e);
        row.seconds = state[std::size_t(j)].seconds;
        state[std::size_t(j)].run = false;
        event(j, row.name, "failed", 1, row.error);
    };
    const auto cancelled = [&] { return makeError(ErrorCode::Cancelled, "batch cancelled", out); };

    // Datasets, one per asset with a job to run (GL on this thread).
    std::map<std::string, std::vector<int>> byAsset;
    for (int j = 0; j < n; ++j)
        if (state[std::size_t(j)].run) byAsset[request.jobs[std::size_t(j)].asset].push_back(j);
    for (const auto& [asset, members] : byAsset) {
        if (progress.cancelled()) return cancelled();
        const auto t0 = Clock::now();
        project::Project shared = request.jobs[std::size_t(members.front())].project;
        shared.cacheFolder = cacheOf(out, asset);
        const std::string dir = datasetDir(shared);
        ModelPtr model;
        if (request.force || stageStatus(shared, Stage::Dataset) != StageStatus::UpToDate) {
            event(members.front(), request.jobs[std::size_t(members.front())].name, "dataset", 0);
            auto rendered = runDataset(datasetRequest(shared), Progress([&](double f, std::string_view m) {
                event(members.front(), request.jobs[std::size_t(members.front())].name, "dataset", f, std::string(m));
            }, progress.cancelToken()));
            if (!rendered) {
                if (rendered.error().code == ErrorCode::Cancelled || progress.cancelled()) return cancelled();
                for (int j : members) fail(j, rendered.error());
                continue;
            }
            model = rendered->model;
        }
        const double seconds = secondsSince(t0);
        for (int j : members) {
            state[std::size_t(j)].model = model;
            state[std::size_t(j)].datasetDir = dir;
            state[std::size_t(j)].seconds += seconds / double(members.size());
        }
    }

    // Trainings, packed on the lanes.
    std::vector<int> training;
    std::vector<TrainingRequest> requests(static_cast<std::size_t>(n));
    for (int j = 0; j < n; ++j) {
        JobState& s = state[std::size_t(j)];
        if (!s.run) continue;
        const BatchJob& job = request.jobs[std::size_t(j)];
        if (!request.force && stageStatus(job.project, Stage::Training) == StageStatus::UpToDate) continue;
        auto req = trainingRequest(job.project);
        if (!req) {
            fail(j, req.error());
            continue;
        }
        req->dataset.reset();  // the asset's dataset, rendered above
        req->datasetDir = s.datasetDir;
        req->surface = s.model;
        requests[std::size_t(j)] = std::move(*req);
        s.train = true;
        training.push_back(j);
    }
    if (!training.empty()) {
        const auto workers = train::planWorkers(
            request.devices.cudaDevices,
            request.devices.hostThreads > 0 ? request.devices.hostThreads : train::hostThreads(), request.devices.pack,
            int(training.size()));
        std::vector<std::optional<Error>> errors(training.size());
        train::runOnLanes(int(training.size()), workers, [&](int k, const train::Lane& lane) {
            const int j = training[std::size_t(k)];
            const std::string& name = request.jobs[std::size_t(j)].name;
            if (progress.cancelled()) {
                errors[std::size_t(k)] = cancelled();
                return;
            }
            TrainingRequest& req = requests[std::size_t(j)];
            req.settings.device = lane.device;
            req.settings.threads = lane.threads;
            req.deviceIndex = lane.deviceIndex;
            req.threadShare = lane.share;
            char where[96];
            std::snprintf(where, sizeof where, "%s %d, %d thread%s", lane.device == train::TrainDevice::Cuda ? "cuda" : "cpu lane",
                          lane.device == train::TrainDevice::Cuda ? lane.deviceIndex : lane.lane, lane.threads,
                          lane.threads == 1 ? "" : "s");
            event(j, name, "training", 0, where);
            const auto t0 = Clock::now();
            auto result = runTraining(req, Progress([&, j](double f, std::string_view m) {
                event(j, name, "training", f, std::string(m));
            }, progress.cancelToken()));
            state[std::size_t(j)].seconds += secondsSince(t0);
            if (!result) errors[std::size_t(k)] = result.error();
            else state[std::size_t(j)].trained = std::move(*result);
        });
        if (progress.cancelled()) return cancelled();
        for (std::size_t k = 0; k < training.size(); ++k)
            if (errors[k]) fail(training[k], *errors[k]);
    }

    // Bakes and exports, one at a time (the bake uses every core itself).
    for (int j = 0; j < n; ++j) {
        JobState& s = state[std::size_t(j)];
        if (!s.run) continue;
        if (progress.cancelled()) return cancelled();
        const BatchJob& job = request.jobs[std::size_t(j)];
        BatchRow& row = summary.rows[std::size_t(j)];
        const auto t0 = Clock::now();
        event(j, job.name, "export", 0);
        auto exporting = exportRequest(job.project);
        if (!exporting) {
            fail(j, exporting.error());
            continue;
        }
        std::error_code ec;
        if (fs::exists(join(s.datasetDir, "transforms_train.json"), ec)) exporting->bake.datasetDir = s.datasetDir;
        if (s.model) exporting->bake.model.imported = s.model;
        auto exported = runExport(*exporting, Progress([&](double f, std::string_view m) {
            event(j, job.name, "export", f, std::string(m));
        }, progress.cancelToken()));
        s.seconds += secondsSince(t0);
        if (!exported) {
            if (exported.error().code == ErrorCode::Cancelled || progress.cancelled()) return cancelled();
            fail(j, exported.error());
            continue;
        }
        if (s.trained) {
            const train::EvalMetrics& m = s.trained->train.final;
            row.trainedSplats = m.splats;
            row.valPsnr = m.valPsnr;
            row.valBackground = m.valBackground;
            row.opaqueShare = m.opaqueShare;
            row.budget = s.trained->start.settings.budget;
        } else {
            metricsInto(runMetrics(trainingDir(job.project)), row);
        }
        const bake::BakeReport& report = exported->baked->report;
        row.splats = int(report.core + report.shell);
        row.floatersRemoved = report.floaters.removed;
        for (const bake::ExportedFile& f : exported->files.files)
            if (fs::path(f.path).extension() == ".bin") {
                row.spl2Kb = double(f.bytes) / 1024.0;
                row.exportPath = f.path;
            }
        row.seconds = s.seconds;
        row.status = "done";
        row.error.clear();
        Status stored = writeFileAtomic(rowPath(out, job.name), rowJson(row).dump(2) + "\n");
        if (!stored) {
            fail(j, stored.error());
            continue;
        }
        event(j, job.name, "done", 1);
    }
    if (progress.cancelled()) return cancelled();

    const FolderLock lock(out);
    SW_TRY(writeSummary(out, stem, summary));
    if (request.shard && shardSummaryCount(out) == request.shard->count) {
        auto merged = mergeSummaries(out, request.shard->count);
        if (!merged) return merged.error();
    }
    return summary;
}

int shardSummaryCount(const std::string& outDir) {
    std::error_code ec;
    std::map<int, int> found;  // count → shards present
    for (const auto& entry : fs::directory_iterator(outDir, ec)) {
        int i = 0, count = 0;
        char tail = 0;
        const std::string name = entry.path().filename().string();
        if (std::sscanf(name.c_str(), "summary-%d-of-%d.jso%c", &i, &count, &tail) == 3 && tail == 'n' &&
            name == "summary-" + std::to_string(i) + "-of-" + std::to_string(count) + ".json" && i >= 1 && i <= count)
            found[count] += 1;
    }
    int best = 0;
    for (const auto& [count, present] : found)
        if (present == count) best = std::max(best, count);
    return best;
}

Result<BatchSummary> mergeSummaries(const std::string& outDir, int count) {
    if (count < 1) return makeError(ErrorCode::InvalidInput, "no shard summaries to merge (summary-<i>-of-<n>.json)", outDir);
    BatchSummary merged;
    for (int i = 1; i <= count; ++i) {
        const std::string path = join(outDir, "summary-" + std::to_string(i) + "-of-" + std::to_string(count) + ".json");
        auto text = readFileText(path);
        if (!text) return Error{text.error().code, "shard " + std::to_string(i) + " of " + std::to_string(count) +
                                                       " has no summary yet: " + text.error().message, path};
        auto part = summaryFromJson(*text, path);
        if (!part) return part.error();
        for (BatchRow& r : part->rows) merged.rows.push_back(std::move(r));
    }
    std::stable_sort(merged.rows.begin(), merged.rows.end(),
                     [](const BatchRow& a, const BatchRow& b) { return a.name < b.name; });
    SW_TRY(claimOutputs(outDir, {"summary.json", "summary.txt"}));
    SW_TRY(writeSummary(outDir, "summary", merged));
    return merged;
}

}  // namespace sw::pipeline
