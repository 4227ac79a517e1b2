// planBatch, shardJobs and the shard of a run (batch.h): the jobs of a batch and how the shards
// of an array job divide them.
#include <algorithm>
#include <cstdlib>
#include <filesystem>
#include <map>
#include <set>

#include "core/pipeline/batch.h"
#include "core/pipeline/detail/batch_files.h"
#include "core/pipeline/layout.h"
#include "core/pipeline/model_source.h"
#include "core/pipeline/training_job.h"

namespace sw::pipeline {

namespace fs = std::filesystem;
using detail::cacheOf;
using detail::join;

namespace {

// The batch folder's own entries: cache/, summary.json / .txt and the shards' summary-<i>-of-<n>.*
bool reservedName(const std::string& name) {
    return name == "cache" || name.rfind("summary.", 0) == 0 || name.rfind("summary-", 0) == 0;
}

bool safeName(const std::string& name) {
    if (name.empty() || name.front() == '.' || name.size() > 200 || reservedName(name)) return false;
    return std::all_of(name.begin(), name.end(), [](char c) {
        return (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') || (c >= '0' && c <= '9') || c == '-' || c == '_' ||
               c == '.';
    });
}

std::string assetName(const BatchAsset& asset) {
    if (!asset.name.empty()) return asset.name;
    return fs::path(asset.input).stem().string();
}

}  // namespace

std::vector<BatchJob> planBatch(const std::vector<BatchAsset>& assets, const std::string& outDir,
                                const ConfigureProject& configure) {
    std::vector<BatchJob> jobs;
    std::set<std::string> assetNames;
    std::map<std::string, std::string> jobOwner;  // job name → the asset whose job it is
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
                              "asset name '" + name + "' is not a safe file name ([A-Za-z0-9._-], not starting with '.', "
                              "not 'cache' nor 'summary.*' / 'summary-*', the batch folder's own)",
                              asset.input));
            jobs.back().badName = true;
            continue;
        }
        if (!assetNames.insert(name).second) {
            base.name = name + " (again)";
            failAll(makeError(ErrorCode::InvalidInput, "a second asset named '" + name + "'; give it another name",
                              asset.input));
            jobs.back().badName = true;
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
        const bool ownUpToDate = isProjectFile(asset.input) && stageStatus(*project, Stage::Training) == StageStatus::UpToDate;
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
            if (const auto owner = jobOwner.find(want.name); owner != jobOwner.end()) {
                if (owner->second == name) continue;  // asked twice (custom and boss are the same job)
                BatchJob clash = base;  // two assets would write one job folder: neither may be dropped
                clash.name = want.name + " (" + name + ")";
                clash.planned = makeError(ErrorCode::InvalidInput,
                                          "job '" + want.name + "' of asset '" + name + "' has the name of asset '" +
                                              owner->second + "''s job; rename one of the assets",
                                          asset.input);
                clash.badName = true;
                jobs.push_back(std::move(clash));
                continue;
            }
            jobOwner.emplace(want.name, name);
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
            // The project's own settings (not a preset's or a budget's): its up-to-date run is reused.
            job.ownRun = ownUpToDate && want.preset == kCustomPreset && want.budget == 0 && applied &&
                         stageHash(job.project, Stage::Training) == stageHash(*project, Stage::Training);
            if (!job.ownRun) job.project.cacheFolder = cacheOf(outDir, job.name);
            job.project.exportFolder = join(outDir, job.name);
            job.project.exportName = job.name;
            jobs.push_back(std::move(job));
        }
    }
    return jobs;
}

Status checkBatchNames(const std::vector<BatchJob>& jobs) {
    for (const BatchJob& job : jobs)
        if (job.badName && !job.planned) return job.planned;
    return {};
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

}  // namespace sw::pipeline
