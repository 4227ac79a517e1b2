#pragma once
// The project's cache layout, in one place (every front end asks here, nobody spells a path):
//   <cache>/dataset/             the rendered NeRF-synthetic dataset   datasetDir()
//   <cache>/training/            a training run folder                 trainingDir()
//   <cache>/training/cloud.ply   the trained cloud                     trainedCloud()
//   <cache>/training/checkpoint/ its checkpoint                        runCheckpointDir()
//   <cache>/<stage>.stamp.json   the settings hash a stage was last run with
//   <project folder>/export/     the export folder (Project::exportFolder)  exportDir()
// A training run folder outside a project (splatwright-cli train -o <run>) has the same shape:
// <run>/cloud.ply, <run>/metrics.json, <run>/checkpoint/, and <run>/dataset/ for a model input.
// A project not saved yet (the editor's fresh state of an opened model) has the same layout in a
// scratch cache under the user's cache folder (scratchCacheFolder); saving it moves that folder
// into <name>.cache beside the project file (adoptCache). A dataset that is not the project's own
// (rendered to a folder the user chose, or opened from elsewhere) trains into <dataset>.training,
// without a stamp: a stage's status is about the project's own folders.
//
// Stage status: a stage is Missing when its product is absent, Stale when the product exists
// but the stage's settings hash (stageHash: its own settings and everything upstream) differs
// from the one stamped when it last ran, UpToDate otherwise.
#include <cstdint>
#include <string>

#include "core/foundation/error.h"
#include "core/project/project.h"

namespace sw::pipeline {

std::string datasetDir(const project::Project& project);
std::string trainingDir(const project::Project& project);
std::string trainedCloud(const project::Project& project);
std::string exportDir(const project::Project& project);

// Inside a training run folder.
std::string runCheckpointDir(const std::string& runDir);  // <run>/checkpoint
std::string runCloud(const std::string& runDir);          // <run>/cloud.ply
std::string runMetrics(const std::string& runDir);        // <run>/metrics.json
std::string runDatasetDir(const std::string& runDir);     // <run>/dataset

enum class Stage { Dataset, Training, Export };
enum class StageStatus { Missing, Stale, UpToDate };
const char* stageName(Stage stage);              // "dataset", "training", "export"
const char* stageStatusName(StageStatus status);  // "missing", "stale", "up to date"

// FNV-1a 64 of the stage's settings (canonical JSON) and of the stages before it: dataset =
// model hash + import + belt + dataset settings + material HSV; training = dataset + the
// trainer's settings that change the result (not threads, device, periods); export = training
// + bake settings + recipe + parts + export settings and name.
std::uint64_t stageHash(const project::Project& project, Stage stage);
StageStatus stageStatus(const project::Project& project, Stage stage);

// Where a stage's stamp lives, and writing it (atomic) after the stage succeeded.
struct StageStamp {
    std::string path;        // empty: nothing is stamped
    std::uint64_t hash = 0;
};
StageStamp stageStamp(const project::Project& project, Stage stage);
Status writeStamp(const StageStamp& stamp);
// A project's job sent to another folder: when `folder` is set and differs from `dir`, `dir`
// becomes `folder` and the stamp is dropped (a stage's status is about the project's folders).
void redirect(std::string& dir, StageStamp& stamp, const std::string& folder);

// The scratch cache of a project not saved yet: <userCache>/unsaved/<model stem>-<8 hex digits of
// the model's absolute path> (one per model file, so reopening the model finds its run again).
std::string scratchCacheFolder(const std::string& userCache, const std::string& modelPath);
// The training folder for a run on `dataset`: the project's trainingDir when `dataset` is its
// datasetDir, else <dataset>.training. `stamp` (when given) receives the training stamp for the
// project's own folders and nothing otherwise.
std::string trainingDirFor(const project::Project& project, const std::string& dataset, StageStamp* stamp = nullptr);
// Moves (or, across file systems, copies then removes) the cache folder `from` to `to`, which must
// not exist: the copy goes to a temporary beside `to` renamed at the end, so `to` is whole or
// absent. Errors name the folder; `from` is left as it was on failure.
Status adoptCache(const std::string& from, const std::string& to);
// Copies the cache folder `from` to `to` (which must not exist) through a temporary beside `to`.
Status copyCache(const std::string& from, const std::string& to);

}  // namespace sw::pipeline
