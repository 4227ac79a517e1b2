#pragma once
// runDestruct: the destruction bench as a job (PIPELINE §7) for every front end. The input is a
// baked model as exported (.bin) or a project, baked as `export` bakes it and bringing its own
// weapon profiles and simulation settings. A bench session (core/destruct/session.h) plays either
// a recorded session (a file the Destruction dock saved) or a scripted volley, the settle time
// and a heal; then the hit statistics go to JSON and the game-scale sheet of the damaged model
// (×1 and ×3, grey and black, drawn by the renderer's damage path) to PNG. The Destruction dock
// loads a saved session through it (then drives that Session interactively).
#include <cstdint>
#include <memory>
#include <string>
#include <vector>

#include "core/destruct/session.h"
#include "core/foundation/error.h"
#include "core/foundation/progress.h"

namespace sw::pipeline {

// What `destruct` shoots.
struct DestructInput {
    std::shared_ptr<const formats::Spl2Model> model;
    std::string what;                              // the input's path, for messages
    std::vector<destruct::WeaponProfile> weapons;  // a project's own profiles (empty for a .bin)
    destruct::SimSettings settings;                // a project's simulation settings (defaults for a .bin)
};
// A .bin is read as exported; a .splatproj is baked (pipeline::bakeRequest + runBake).
Result<DestructInput> loadDestructInput(const std::string& path, const Progress& progress = {});

struct DestructRequest {
    DestructInput input;
    destruct::SimSettings settings;    // seed included
    destruct::WeaponProfile profile;   // the volley's
    destruct::Volley volley;
    float settle = 0.25f;              // simulated seconds after the volley (one step)
    float heal = 0.f;                  // share healed after that
    // Played instead of the volley, settle and heal when not empty (a saved session).
    std::vector<destruct::SessionAction> replay;
    std::string json;                  // hit statistics and events; empty = not written
    std::string png;                   // game-scale sheet; empty = not drawn
    int heightPx = 100;                // model height on the sheet
    float headingDeg = 0.f;            // the sheet's view heading
};

struct DestructResult {
    std::shared_ptr<destruct::Session> session;
    std::vector<destruct::HitReport> hits;
    std::uint64_t stateHash = 0;       // FNV-1a 64 of Simulation::serializeState()
    int pngWidth = 0, pngHeight = 0;
};

// Errors: the simulation's (settings, a model it rejects), Cancelled (between shots), Io writing
// the JSON or PNG, Gpu when no OpenGL context can be had for the PNG.
Result<DestructResult> runDestruct(const DestructRequest& request, const Progress& progress = {});

// FNV-1a 64 of the simulation's state bytes (the identity of a replayed state).
std::uint64_t stateHash(const destruct::Simulation& sim);

}  // namespace sw::pipeline
