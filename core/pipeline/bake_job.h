#pragma once
// runBake and runExport: the user-level "bake" and "export" jobs (PIPELINE §4–5) for every
// front end. runBake reads the cloud (or takes the caller's), imports the model (or takes the
// caller's), loads the dataset views for floater sign 4 when a dataset folder is given, and
// bakes. runExport bakes first unless the caller hands a baked model, then writes the game
// files (core/bake/export.h: .bin, .meta.json, .json, .ply, .spz, atomically).
#include <memory>
#include <string>
#include <utility>
#include <vector>

#include "core/bake/bake.h"
#include "core/bake/export.h"
#include "core/destruct/weapon_profile.h"
#include "core/foundation/error.h"
#include "core/foundation/progress.h"
#include "core/pipeline/layout.h"
#include "core/pipeline/model_source.h"
#include "core/splat/splat_cloud.h"

namespace sw::pipeline {

using CloudPtr = std::shared_ptr<const splat::SplatCloud>;
using BakedPtr = std::shared_ptr<const bake::BakedModel>;

struct BakeRequest {
    CloudPtr cloud;              // used as is when set (validated)
    std::string cloudPath;       // otherwise read from here (.ply, .spz, .splat)
    ModelSource model;           // the model the cloud was trained on
    std::string datasetDir;      // floater sign 4; empty = skipped
    bake::BakeSettings settings;
    bake::BakeOverrides overrides;  // the Floater inspector's keep list, the Recipes panel's recipe
};

struct BakeResult {
    BakedPtr baked;
    ModelPtr model;
    CloudPtr cloud;
};

// Errors: invalid settings, the cloud's (named by its path), the model's, the dataset's, the
// bake's, Cancelled.
Result<BakeResult> runBake(const BakeRequest& request, const Progress& progress = {});

struct ExportRequest {
    BakeRequest bake;            // baked first unless `baked` is set
    BakedPtr baked;              // an existing bake of bake.model (the editor's current one)
    std::string outDir;
    std::string name;            // file stem; empty = the model file's stem ("model" without one)
    bake::ExportSettings settings;
    std::string trainingSettingsJson;  // for the sidecar; empty = none
    // Written beside the asset as <name>.<profile>.weapon.json (bake::ExportMeta::weaponProfiles).
    std::vector<std::pair<std::string, std::string>> weaponProfiles;
    StageStamp stamp;            // written on success when its path is set
};

struct ExportOutcome {
    BakedPtr baked;
    ModelPtr model;
    bake::ExportResult files;
};

Result<ExportOutcome> runExport(const ExportRequest& request, const Progress& progress = {});

// The project's bake and export: its trained cloud (an error naming it when the project has
// none yet), model (hash-checked, its parts), dataset when rendered, bake settings and recipe,
// export settings, name and folder.
Result<BakeRequest> bakeRequest(const project::Project& project);
// Weapon profiles as ExportRequest::weaponProfiles: (name, preset JSON) each.
std::vector<std::pair<std::string, std::string>> weaponProfileFiles(const std::vector<destruct::WeaponProfile>& weapons);
Result<ExportRequest> exportRequest(const project::Project& project);

}  // namespace sw::pipeline
