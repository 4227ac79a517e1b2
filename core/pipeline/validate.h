#pragma once
// Validation of every stage's settings, for every front end (CLI flags, editor panels, project
// files): each check returns an InvalidInput error naming the parameter (its schema name) and
// the values, so no SW_REQUIRE inside a stage is reachable from a panel or a flag. The run*
// functions of core/pipeline call these first; a panel may call them to show the error early.
// The trainer's settings are checked by validateTraining (training.h, with the trainer).
#include "core/bake/bake.h"
#include "core/bake/export.h"
#include "core/dataset/belt.h"
#include "core/dataset/dataset_stage.h"
#include "core/foundation/error.h"
#include "core/geometry/import.h"

namespace sw::pipeline {

// Schema ranges of every field.
Status validateImport(const geometry::ImportSettings& settings);
// Schema ranges, and elevation-min ≤ elevation-max.
Status validateBelt(const dataset::BeltSettings& settings);
// Schema ranges; every material HSV adjustment finite with saturation and value ≥ 0.
Status validateDataset(const dataset::DatasetSettings& settings);
// Schema ranges, silhouette-elevation-min ≤ silhouette-elevation-max and
// belt-elevation-min ≤ belt-elevation-max.
Status validateBake(const bake::BakeSettings& settings);
Status validateExport(const bake::ExportSettings& settings);

}  // namespace sw::pipeline
