#pragma once
// The project file `<name>.splatproj` (JSON): which model and every setting the artist can
// change, for the editor and the CLI (which accepts a project wherever it accepts a model).
//
//   {"format": "splatwright-project", "version": 2,
//    "model": {"path": "drone.glb", "fnv1a64": "89ab…"},       // path relative to the project
//    "import": {preset}, "belt": {preset}, "dataset": {preset}, // ParamSet::toJson of each schema
//    "materialHsv": [{"hueShift": 0, "saturation": 1, "value": 1}, …],
//    "parts": {"names": ["body", …], "components": 12, "overrides": [{"component": 3, "part": 1}]},
//    "training": {preset}, "bake": {preset}, "recipe": {recipe} or null,
//    "export": {preset, "name": "", "folder": "export"},
//    "effects": {preset}, "effectTimeline": {preset},
//    "effectVectors": {"center": [x, y, z], "shotDirection": [x, y, z], "hitPoint": [x, y, z]},
//    "foliage": {"wind": {preset}, "look": {preset}, "touch": {preset}, "preview": {preset},
//                "benders": [{preset, "path": {bender path}}, …]},
//    "cacheFolder": "drone.cache"}
//
// Version 1 (import, belt, dataset, HSV, parts and the cache folder) opens: migrateProject
// gives the sections version 2 added their defaults. A newer version is Unsupported.
//
// Part overrides are keyed by connected component (geometry::faceComponents, edge adjacency),
// which is stable for a given model file; "components" records how many the model had, so a
// changed model is detected instead of silently mis-assigning faces.
#include <cstdint>
#include <optional>
#include <span>
#include <string>
#include <vector>

#include "core/bake/bake.h"
#include "core/bake/export.h"
#include "core/bake/materials.h"
#include "core/dataset/belt.h"
#include "core/dataset/dataset_stage.h"
#include "core/destruct/simulation.h"
#include "core/destruct/weapon_profile.h"
#include "core/foliage/foliage_preview.h"
#include "core/foliage/foliage_settings.h"
#include "core/foliage/kept_bender.h"
#include "core/dataset/lighting.h"
#include "core/foundation/error.h"
#include "core/foundation/file_io.h"
#include "core/geometry/import.h"
#include "core/geometry/mesh.h"
#include "core/render/effects.h"
#include "core/render/effects_schema.h"

namespace sw::project {

inline constexpr const char* kProjectExtension = ".splatproj";
inline constexpr int kProjectVersion = 2;

struct PartOverride {
    int component = 0;  // connected component (edge adjacency) of the model
    int part = 0;       // 0..Mesh::kMaxParts-1
    bool operator==(const PartOverride&) const = default;
};

struct Project {
    std::string modelPath;        // absolute after load; saved relative to the project folder
    std::uint64_t modelHash = 0;  // fnv1a64 of the model file's bytes
    geometry::ImportSettings import;
    dataset::BeltSettings belt;
    dataset::DatasetSettings dataset;
    std::vector<dataset::HsvAdjust> materialHsv;  // [materials]
    std::vector<std::string> partNames;           // [parts] ≤ Mesh::kMaxParts
    int componentCount = 0;                       // components of the model the overrides refer to
    std::vector<PartOverride> partOverrides;      // ascending component, one entry each
    std::string cacheFolder;                      // absolute after load; saved relative
    // Version 2.
    // The trainer's settings as its preset JSON ({"stage": "train", "params": {…}}; empty =
    // defaults): core/project builds without the trainer (libtorch), core/pipeline's
    // trainingSettings() reads them. Loading checks that every value is a JSON scalar.
    std::string training;
    bake::BakeSettings bake;
    std::optional<bake::MaterialRecipe> recipe;   // the Recipes panel's; unset = bake.materialRecipe
    bake::ExportSettings exportSettings;
    std::string exportName;                       // file stem; empty = the model's
    std::string exportFolder;                     // absolute after load; saved relative
    render::EffectParams effects;                 // schema knobs + center, shotDirection, hitPoint
    render::EffectTimeline effectTimeline;
    // The Destruction dock's weapon profiles (built-ins the artist tuned for this model and
    // profiles of their own; unique non-empty names; exported beside the asset as
    // <name>.<profile>.weapon.json) and the simulation's settings. Absent in older files: none,
    // defaults.
    std::vector<destruct::WeaponProfile> weapons;
    destruct::SimSettings destruction;
    // The Foliage dock's wind, look, touch and preview (copies, fade). Absent in older files:
    // defaults; a missing part of it: that part's defaults.
    foliage::FoliageSettings foliage;
    foliage::FoliagePreviewSettings foliagePreview;
    // The dock's benders (dragged places and scripted paths). Absent in older files: none.
    std::vector<foliage::KeptBender> foliageBenders;
};

using ::sw::fnv1a64;  // core/foundation/file_io.h
Result<std::uint64_t> hashFile(const std::string& path);

// A new project for `modelPath` (hashed now) saved as `projectPath`: default settings,
// cache folder "<project name>.cache" and export folder "export" next to the project file.
Result<Project> newProject(const std::string& modelPath, const std::string& projectPath);
// The project's folders beside its file: <name>.cache, and <folder>/export (when `exportToo` or
// none is set yet). The editor's Save As and newProject use it; nobody else spells them.
void placeFolders(Project& p, const std::string& projectPath, bool exportToo);

std::string projectToJson(const Project& project, const std::string& projectPath);
// Parses, migrates and validates; errors (ErrorCode::Parse / InvalidInput / Unsupported) carry
// `projectPath` and name the key (a wrong JSON type included); nothing throws.
Result<Project> projectFromJson(std::string_view text, const std::string& projectPath);

// Atomic write (sw::writeFileAtomic).
Status saveProject(const Project& project, const std::string& projectPath);
Result<Project> loadProject(const std::string& projectPath);

// Ok when the model file exists and still has project.modelHash; an error naming it otherwise.
Status verifyModel(const Project& project);

// Applies part names and overrides to a mesh of the project's model: facePart of every face of
// an overridden component is set. InvalidInput when the component count differs from
// project.componentCount (the model changed) or a part id is out of range.
Status applyParts(const Project& project, geometry::Mesh& mesh);

// Sets (or replaces) the override of one component, keeping overrides sorted by component.
void setPartOverride(Project& project, int component, int part);

}  // namespace sw::project
