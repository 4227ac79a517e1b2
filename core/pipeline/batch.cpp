// runBatch (batch.h): every job of a batch through dataset → training → bake → export, the
// trainings packed on the lanes (train/batch.h), one job's failure its row's.
#include "core/pipeline/batch.h"

#include <fcntl.h>
#include <sys/file.h>
#include <unistd.h>

#include <chrono>
#include <cstdio>
#include <filesystem>
#include <map>
#include <mutex>

#include "core/foundation/file_io.h"
#include "core/foundation/output_folder.h"
#include "core/pipeline/bake_job.h"
#include "core/pipeline/dataset_job.h"
#include "core/pipeline/detail/batch_files.h"
#include "core/pipeline/layout.h"
#include "core/pipeline/training_job.h"

namespace sw::pipeline {

namespace fs = std::filesystem;
using nlohmann::json;
using detail::cacheOf;
using detail::join;
using detail::rowFromJson;
using detail::rowJson;
using detail::rowPath;
using detail::writeSummary;

namespace {

using Clock = std::chrono::steady_clock;

double secondsSince(Clock::time_point t) { return std::chrono::duration<double>(Clock::now() - t).count(); }

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

// The metrics of a job's training in its summary row.
void metricsInto(const train::EvalMetrics& m, BatchRow& row) {
    row.trainedSplats = m.splats;
    row.valPsnr = m.valPsnr;
    row.valBackground = m.valBackground;
    row.opaqueShare = m.opaqueShare;
}

// The last report of a run's metrics.json (training skipped as up to date).
void metricsInto(const std::string& metricsPath, BatchRow& row) {
    auto text = readFileText(metricsPath);
    if (!text) return;
    const auto reports = train::metricsFromJson(*text, metricsPath);
    if (reports && !reports->empty()) metricsInto(reports->back(), row);
}

std::string oneLine(const Error& e) { return e.toString(); }

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
    double datasetSeconds = 0, trainingSeconds = 0, exportSeconds = 0;
    std::optional<TrainingResult> trained;
};

}  // namespace

Result<BatchSummary> runBatch(const BatchRequest& request, const Progress& progress) {
    const std::string& out = request.outDir;
    if (out.empty()) return makeError(ErrorCode::InvalidInput, "no output folder for the batch");
    const std::string stem = summaryStem(request.shard);
    // Forced, a project's own run is not reused: the job trains in the batch folder like the rest.
    std::vector<BatchJob> jobs = request.jobs;
    for (BatchJob& job : jobs)
        if (request.force && job.ownRun) job.ownRun = false, job.project.cacheFolder = cacheOf(out, job.name);
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
        for (const BatchJob& job : jobs)
            if (job.planned) entries.push_back(job.name + "/");
        SW_TRY(claimOutputs(out, entries));
    }
    Events event(request.onEvent);
    const int n = int(jobs.size());
    BatchSummary summary;
    std::vector<JobState> state(static_cast<std::size_t>(n));
    for (int j = 0; j < n; ++j) {
        const BatchJob& job = jobs[std::size_t(j)];
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
    for (int j = 0; j < n; ++j) {
        if (!state[std::size_t(j)].run) continue;
        if (jobs[std::size_t(j)].ownRun) state[std::size_t(j)].datasetDir = datasetDir(jobs[std::size_t(j)].project);
        else byAsset[jobs[std::size_t(j)].asset].push_back(j);
    }
    for (const auto& [asset, members] : byAsset) {
        if (progress.cancelled()) return cancelled();
        const auto t0 = Clock::now();
        project::Project shared = jobs[std::size_t(members.front())].project;
        shared.cacheFolder = cacheOf(out, asset);
        const std::string dir = datasetDir(shared);
        ModelPtr model;
        if (request.force || stageStatus(shared, Stage::Dataset) != StageStatus::UpToDate) {
            event(members.front(), jobs[std::size_t(members.front())].name, "dataset", 0);
            auto rendered = runDataset(datasetRequest(shared), Progress([&](double f, std::string_view m) {
                event(members.front(), jobs[std::size_t(members.front())].name, "dataset", f, std::string(m));
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
            state[std::size_t(j)].datasetSeconds += seconds / double(members.size());
        }
    }

    // Trainings, packed on the lanes.
    std::vector<int> training;
    std::vector<TrainingRequest> requests(static_cast<std::size_t>(n));
    for (int j = 0; j < n; ++j) {
        JobState& s = state[std::size_t(j)];
        if (!s.run) continue;
        const BatchJob& job = jobs[std::size_t(j)];
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
            const std::string& name = jobs[std::size_t(j)].name;
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
            const double trainedFor = secondsSince(t0);
            state[std::size_t(j)].seconds += trainedFor;
            state[std::size_t(j)].trainingSeconds += trainedFor;
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
        const BatchJob& job = jobs[std::size_t(j)];
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
        s.exportSeconds = secondsSince(t0);
        s.seconds += s.exportSeconds;
        if (!exported) {
            if (exported.error().code == ErrorCode::Cancelled || progress.cancelled()) return cancelled();
            fail(j, exported.error());
            continue;
        }
        if (s.trained) {
            metricsInto(s.trained->train.final, row);
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
        row.datasetSeconds = s.datasetSeconds;
        row.trainingSeconds = s.trainingSeconds;
        row.exportSeconds = s.exportSeconds;
        row.status = "done";
        row.error.clear();
        std::error_code made;  // a project's own run trained nothing in the batch's cache: its row's folder
        fs::create_directories(fs::path(rowPath(out, job.name)).parent_path(), made);
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

}  // namespace sw::pipeline
