#pragma once
// runBatch: the user-level "retrain a library" job (issue 17) for every front end: every asset
// (a model or a project) through dataset → training → bake → export, the trainings packed K at a
// time per device (train/batch.h lanes: one worker per chosen GPU, the CPU's cores split
// without oversubscription when there is none), resumable, one asset's failure never stopping
// the others, and the summary table. Built only with the trainer (SPLATWRIGHT_TORCH).
//
// Jobs: one per (asset, budget preset). The asset's first job is named after the asset, the
// others `<asset>-<preset>` (`drone-hologram`): each preset is its own training with its own cap,
// never a cut of a larger cloud. An asset's jobs share its dataset.
//
// Layout of the batch folder <out> (every entry recorded in its output marker):
//   <out>/<job>/                   the job's export (<job>.bin, .meta.json, .json, .ply, .spz)
//   <out>/cache/<asset>/dataset/   the asset's rendered dataset (shared by its jobs)
//   <out>/cache/<job>/training/    the job's training run; <job>/*.stamp.json its stage stamps
//   <out>/cache/<job>/row.json     the job's summary row, read back when it is skipped
//   <out>/summary.json, .txt       the summary (a shard writes summary-<i>-of-<n>.json/.txt;
//                                  mergeSummaries writes summary.json/.txt from all n)
// Resume: a job whose export is up to date (layout.h stage status of its project) is skipped
// with its stored row; a job whose training is up to date only re-exports.
#include <functional>
#include <optional>
#include <string>
#include <vector>

#include "core/foundation/error.h"
#include "core/foundation/progress.h"
#include "core/project/project.h"
#include "core/train/batch.h"
#include "core/train/trainer.h"

namespace sw::pipeline {

// One input of a batch.
struct BatchAsset {
    std::string input;                 // model file (.glb, .gltf, .fbx, .obj) or project (.splatproj)
    std::string name;                  // asset name; empty = the input's stem
    // Budgets asked for it: preset names of train::trainPresets() ("boss", "small",
    // "hologram") or "custom" (the settings as configured); empty = {"custom"}.
    std::vector<std::string> presets;
    std::vector<int> budgets;          // further custom budgets (a list's "budgets": [3000]): job <asset>-b<budget>
};

struct BatchJob {
    std::string asset;                 // the asset's name (its dataset folder)
    std::string name;                  // the job's name: export stem and folder
    std::string input;
    std::string preset;                // "boss", "hologram", ..., "custom"
    project::Project project;          // folders inside the batch folder; training = the preset's
    Status planned;                    // an error found while planning (unreadable model, bad preset)
    // A project (.splatproj) asked for with its own settings whose training is up to date in its
    // own cache (trained and saved in the editor, say): the job exports from that trained cloud and
    // its dataset, rendering and training nothing; its cache stays the project's (unless forced).
    bool ownRun = false;
    // Its name is unusable (unsafe, the batch folder's own, a second asset of that name, another
    // asset's job name): the whole batch is refused before any work (checkBatchNames).
    bool badName = false;
};
// The first naming error among the planned jobs (badName), or Ok: `batch` refuses to start then.
Status checkBatchNames(const std::vector<BatchJob>& jobs);

// The project of every asset before its presets: made for a model (project::newProject: the
// model's hash, default settings) or loaded from a project file, then given to `configure` (the
// CLI's dataset and training flags over it; may be empty).
using ConfigureProject = std::function<Status(project::Project&)>;

// The jobs of `assets` in <out>, in the assets' order. Asset names must be unique and
// file-name safe ([A-Za-z0-9._-], not starting with '.'), else every job of the later one is
// planned with an error; a job name that comes twice (a preset asked twice) is asked once.
std::vector<BatchJob> planBatch(const std::vector<BatchAsset>& assets, const std::string& outDir,
                                const ConfigureProject& configure = {});

// Shards: assets (not jobs: an asset's jobs share a dataset) in order of their names, the k-th
// going to shard k mod count; shard is 0-based. Every asset lands in exactly one shard.
std::vector<BatchJob> shardJobs(const std::vector<BatchJob>& jobs, int shard, int count);
// "2/4" (1-based, as written on the command line: shard 2 of 4) → {1, 4}; or from
// SLURM_ARRAY_TASK_ID / SLURM_ARRAY_TASK_COUNT (taskId relative to SLURM_ARRAY_TASK_MIN when
// given). Errors: malformed text, i outside 1..n.
struct Shard {
    int index = 0;  // 0-based
    int count = 1;
};
Result<Shard> parseShard(const std::string& text);
// The shard from the Slurm environment (nullopt when SLURM_ARRAY_TASK_ID is unset); `get`
// reads a variable (std::getenv by default, a map in tests).
Result<std::optional<Shard>> shardFromEnvironment(const std::function<const char*(const char*)>& get = {});

// A summary row: one job.
struct BatchRow {
    std::string name, asset, preset;
    std::string status;                // "done", "skipped" (up to date), "failed"
    std::string error;                 // the failure's one line ("<path>: <message>")
    int budget = 0;                    // the cap it was trained with
    int trainedSplats = 0;             // the trained cloud's splats (≤ budget)
    int splats = 0;                    // exported (core + shell)
    double valPsnr = 0;                // validation PSNR on valBackground (grey 0.5 by default)
    double valBackground = 0.5;
    double opaqueShare = 0;            // trained splats with opacity > 0.9
    int floatersRemoved = 0;
    double spl2Kb = 0;                 // <job>.bin
    double seconds = 0;                // this run's time on the job (0 when skipped)
    // The same by stage (wall seconds; an asset's dataset shared by its jobs is split among them;
    // 0 for a stage that was up to date): dataset, training, bake and export.
    double datasetSeconds = 0, trainingSeconds = 0, exportSeconds = 0;
    std::string exportPath;            // <out>/<job>/<job>.bin
};

struct BatchSummary {
    std::vector<BatchRow> rows;
    int failed() const;
};
std::string summaryJson(const BatchSummary& summary);
Result<BatchSummary> summaryFromJson(const std::string& text, const std::string& path);
std::string summaryText(const BatchSummary& summary);  // the table, one line per job

// What happens to a job, for a progress line per asset.
struct BatchEvent {
    int job = 0;                       // index into the request's jobs
    std::string name;
    std::string stage;                 // "dataset", "training", "export", "done", "skipped", "failed"
    double fraction = 0;               // of the stage
    std::string message;
};

struct BatchRequest {
    std::vector<BatchJob> jobs;
    std::string outDir;
    train::BatchOptions devices;       // CUDA devices (empty: the CPU) and trainings per device
    bool force = false;                // re-run up-to-date jobs
    std::optional<Shard> shard;        // names the summary summary-<i>-of-<n>
    std::function<void(const BatchEvent&)> onEvent;  // from any lane's thread (serialised)
};

// Runs every job; a job's failure is its row's. Errors only for the batch as a whole: the
// output folder (not ours, not writable), Cancelled (the rows finished so far are in the
// summary written before returning; temporaries are removed).
Result<BatchSummary> runBatch(const BatchRequest& request, const Progress& progress = {});

// Reads <out>/summary-<i>-of-<n>.json for i = 1..n and writes <out>/summary.json and .txt.
// Errors: a missing or unreadable shard summary (named).
Result<BatchSummary> mergeSummaries(const std::string& outDir, int count);
// The shard count of the shard summaries in <out> (0 when none).
int shardSummaryCount(const std::string& outDir);

}  // namespace sw::pipeline
