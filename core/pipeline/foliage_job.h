#pragma once
// runFoliageScene: a foliage scene rendered offscreen (issue 35 §8) for every front end — the CLI's
// `foliage` command, tests, docs and render farms. A mesh model or a splat cloud (.ply) is marked
// foliage, its plants found (core/foliage/plant.h), N copies scattered on the ground (scatter.h),
// the wind, the look and the fade taken from a preset and a scene-file JSON (seed 004's shape),
// scripted benders walked along their paths, and each frame drawn by render::FoliageRenderer to
// a PNG written atomically (never over an input). Every input is checked before anything is
// drawn or written: a model whose cards have no texture or a fully transparent one, a scatter
// over MAX_SCATTER_COPIES, a bender path or a foliage JSON with a NaN or a wrong type.
// Scene metres, +Z up; a glTF model is in metres. A cloud is scaled to metres by unitsScale when
// given, else by the normalisation its project records (a cloud trained in a project's cache,
// <name>.cache/training/cloud.ply beside <name>.splatproj, is in the model's normalised units:
// 1 / the import's scale), else taken in its own units as metres.
#include <cstdint>
#include <optional>
#include <string>
#include <vector>

#include "core/foliage/foliage_settings.h"
#include "core/foundation/error.h"
#include "core/foundation/progress.h"

namespace sw::pipeline {

enum class PlantGrouping {
    Auto,       // connected plants, unless a piece does not reach the ground (a tree's cards): Whole
    Connected,  // each connected piece a plant (a clump of grass blades)
    Whole,      // the asset is one plant rooted at its lowest point (a tree)
};

struct FoliageSceneSettings {
    std::string asset;                  // .glb/.gltf/.fbx/.obj model, or .ply splat cloud
    std::int64_t scatter = 1;           // copies; 1 = one copy at the origin
    std::uint32_t seed = 1;             // scatter seed
    float spacing = 0.f;                // m between copies; 0 = 0.6 × the asset's footprint
    std::string preset;                 // wind preset (calm, breeze, storm); empty = the defaults
    std::string settingsJson;           // seed 004 scene JSON over the preset; empty = none
    std::string benderJson;             // {"benders": [...]} (bender.h); empty = none
    std::optional<foliage::FadeRange> fade;  // overrides the JSON's node fade
    PlantGrouping plants = PlantGrouping::Auto;
    std::string beside;                 // another asset (model or cloud) as one copy right of the scatter, same wind
    float unitsScale = 0.f;             // metres per unit of a cloud asset; 0 = its project's record, else 1

    float time = 0.f;                   // s, of the first frame
    int frames = 1;                     // >= 1
    float fps = 24.f;                   // > 0, frames > 1
    int width = 1280;
    int height = 800;
    float azimuthDeg = 30.f;            // orbit camera around the scatter's centre
    float elevationDeg = 20.f;
    float distance = 0.f;               // m; 0 = frame the scatter
    std::string png;                    // out.png; with frames > 1: out_0000.png, out_0001.png, ...
    bool overwrite = false;             // replace a file splatwright did not write (never an input)
    bool countFragments = false;        // report the fragment shader invocations of each frame
    bool ground = true;                 // a plain ground square under the copies
    bool cardOutlines = false;          // draw the alpha-MASK cards' edges over the frame
};

struct FoliageSceneReport {
    std::string assetKind;              // "mesh" or "splats"
    std::size_t points = 0;             // vertices or splats
    std::size_t plants = 0;
    std::string grouping;               // "connected" or "whole"
    std::string foliageReason;          // why the model reads as foliage (detectFoliage), or empty
    std::size_t copies = 0;
    std::size_t benders = 0;
    float assetHeight = 0.f;            // m
    float besideHeight = 0.f;           // m, of the --beside asset
    float unitsScale = 1.f;             // metres per unit the cloud was drawn at (1 for a model)
    std::string unitsSource;            // where it came from: "--units-scale", the project's model, or "none recorded"
    std::vector<std::string> written;   // PNGs, in frame order
    std::vector<std::size_t> copiesDrawn;       // per frame
    std::vector<std::uint64_t> fragments;       // per frame, when asked
    int drawCalls = 0;                  // of the last frame
    std::string gl;                     // renderer and version
};

// The file of frame k: png itself for a single frame, else <stem>_<kkkk><ext>.
std::string foliageFramePath(const std::string& png, int frame, int frames);

// The metres per unit a project records for a cloud trained in its cache (1 / the scale of its
// model's normalisation) and the model's path; nullopt when the cloud is not a project's.
struct RecordedUnits {
    float metresPerUnit = 1.f;
    std::string model;
};
std::optional<RecordedUnits> recordedCloudUnits(const std::string& cloudPath);

Result<FoliageSceneReport> runFoliageScene(const FoliageSceneSettings& settings, const Progress& progress = {});

}  // namespace sw::pipeline
