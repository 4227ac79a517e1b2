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

}  // namespace sw::pipeline
