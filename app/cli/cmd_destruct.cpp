// `splatwright-cli destruct <model.bin | project.splatproj> --profile railgun --shots 5 --seed 1
// --png out.png [--json stats.json] [--heading deg] [--game-scale px] [--interval s] [--settle s]
// [--heal 0..1] [--write-profile weapon.json] [--replay session.json]`: the destruction test bench
// headless (issue 15), a thin shell over pipeline::runDestruct.
// Fires a scripted volley with a weapon profile (a built-in name or a JSON preset) from the
// heading's side (lobbed from above for an epicenter profile) at points spread by the seed,
// advances the simulation `interval` s between shots and `settle` s after, and writes the
// game-scale sheet of the result (×1 and ×3, grey and black; drawn by the renderer's damage path)
// and/or the hit statistics as JSON. A project is baked first, as `export` bakes it (its bake
// settings, recipe and parts), and brings its own weapon profiles and simulation settings. A
// session saved by the editor's Destruction dock replays to the same state (printed as `state:`).
#include <cmath>
#include <cstdio>
#include <memory>
#include <set>
#include <string>

#include "app/cli/command.h"
#include "app/cli/schema_flags.h"
#include "app/cli/terminal_progress.h"
#include "core/foundation/file_io.h"
#include "core/foundation/output_file.h"
#include "core/pipeline/destruct_job.h"

namespace sw::cli {
namespace {

struct DestructCommand {
    ParamSet params{destruct::simSchema().schema()};  // the simulation's settings (--island-max, --chunk-copies, …)
    std::unique_ptr<SchemaFlags> flags;
    std::string input;
    std::string profileName = "cannon";
    int shots = 5;
    std::uint32_t seed = 1;
    std::string replay;
    std::string saveSession;
    std::string writeProfile;
    bool overwrite = false;
    pipeline::DestructRequest request;
    float spread = 0.35f;

    void printReport(const pipeline::DestructResult& result) const {
        const destruct::Simulation& sim = result.session->simulation();
        const destruct::SimStats s = sim.stats();
        int missed = 0, knocked = 0;
        for (const auto& r : result.hits) missed += r.missed ? 1 : 0, knocked += int(r.knocked.size()) + r.carried;
        std::printf("destruct: %s, %zu core slots, profile %s (%s), seed %u\n", input.c_str(), sim.size(),
                    sim.profile().name.c_str(), destruct::hitKindName(sim.profile().kind), sim.settings().seed);
        if (!replay.empty())
            std::printf("  replay:   %s (%zu actions, %.2f s, with the session's settings)\n", replay.c_str(),
                        request.replay.size(), result.session->recordedTime());
        // The simulation settings that differ from the defaults (given as flags or a preset).
        const ParamSet used = destruct::simSchema().toParams(sim.settings()), defaults = destruct::simSchema().toParams({});
        std::string changed;
        for (const ParamSpec& p : used.schema().params())
            if (p.name != "seed" && used.valueToString(p.name) != defaults.valueToString(p.name))
                changed += (changed.empty() ? "" : ", ") + p.name + " " + used.valueToString(p.name);
        if (!changed.empty()) std::printf("  settings: %s\n", changed.c_str());
        std::printf("  shots:    %zu (%d missed), %d slot layers knocked out, palette %s\n", result.hits.size(), missed, knocked,
                    sim.palette().name.c_str());
        std::printf("  damaged:  %d slots; layers 1-4: %d %d %d %d\n", s.damaged, s.perLayer[1], s.perLayer[2], s.perLayer[3],
                    s.perLayer[4]);
        std::printf("  chunks:   %d cracked, %d torn, %d islands; %d bodies and %d debris in flight\n", s.chunksCracked,
                    s.chunksTorn, s.islandsTorn, s.bodiesAlive, s.debrisAlive);
        std::string health;
        for (std::size_t p = 0; p < s.partHealth.size(); ++p)
            health += (p ? ", " : "") + std::to_string(p) + ": " + std::to_string(int(std::lround(100.f * s.partHealth[p]))) + " %";
        std::printf("  parts:    %s\n", health.c_str());
        for (const auto& e : sim.events())
            if (e.type == destruct::EventType::PartThreshold) std::printf("  event:    hit %d: %s\n", e.hit, e.text.c_str());
        if (request.heal > 0.f && replay.empty()) std::printf("  healed:   %.0f %%\n", double(request.heal) * 100.0);
        std::printf("  state:    %016llx\n", static_cast<unsigned long long>(result.stateHash));
        if (!request.json.empty()) std::printf("  json:     %s\n", request.json.c_str());
        if (!saveSession.empty()) std::printf("  session:  %s\n", saveSession.c_str());
        if (!request.png.empty())
            std::printf("  png:      %s (%dx%d, game scale %d px, heading %.1f°)\n", request.png.c_str(), result.pngWidth,
                        result.pngHeight, request.heightPx, double(request.headingDeg));
    }

    // Every file this run writes, checked before any work (core/foundation/output_file.h).
    Status checkOutputs() const {
        const OutputFileRule rule{{input, profileName, replay}, overwrite};
        return checkOutputFiles({request.json, request.png, writeProfile, saveSession}, rule);
    }

    Status run() {
        SW_TRY(checkOutputs());
        TerminalProgress bake("bake");
        auto in = pipeline::loadDestructInput(input, bake.progress());
        bake.finish();
        if (!in) return in.error();
        // The weapon: the project's own of that name first (tuned in the Destruction dock), then a
        // built-in or a JSON preset file.
        auto profile = destruct::resolveProfile(in->weapons, profileName);
        if (!profile) return profile.error();
        if (!writeProfile.empty()) {
            SW_TRY(destruct::saveProfile(writeProfile, *profile));
            SW_TRY(recordOutputFile(writeProfile));
        }
        // A project's simulation settings, under the flags given.
        params = destruct::simSchema().toParams(in->settings);
        SW_TRY(flags->apply());
        request.settings = destruct::simSchema().fromParams(params);
        request.settings.seed = seed;
        if (!replay.empty()) {  // the session's own settings and seed: it replays to the same state
            auto record = destruct::loadSession(replay);
            if (!record) return record.error();
            request.replay = std::move(record->actions);
            request.settings = record->settings;
        }
        request.input = std::move(*in);
        request.profile = *profile;
        request.volley.shots = shots;
        request.volley.seed = seed;
        request.volley.headingDeg = request.headingDeg;
        request.volley.spread = spread;
        TerminalProgress bar("destruct");
        auto result = pipeline::runDestruct(request, bar.progress());
        bar.finish();
        if (!result) return result.error();
        if (!saveSession.empty())
            SW_TRY(writeFileAtomic(saveSession, destruct::sessionToJson(result->session->saved())));
        for (const std::string* written : {&request.json, &request.png, &saveSession}) SW_TRY(recordOutputFile(*written));
        printReport(*result);
        return {};
    }
};

}  // namespace

void addDestructCommand(CLI::App& app, Outcome& outcome) {
    auto state = std::make_shared<DestructCommand>();
    CLI::App* cmd = app.add_subcommand("destruct", "Shoot a baked model with a weapon profile and write the result (PNG, JSON)");
    cmd->add_option("model", state->input, "Baked model (.bin, as exported) or an editor project (.splatproj)")->required();
    cmd->add_option("--profile", state->profileName,
                    "Weapon profile: a project's own (tuned in the editor), cannon, mortar, railgun, grenade, hammer or a .json preset")
        ->capture_default_str();
    cmd->add_option("--shots", state->shots, "Shots in the volley")->check(CLI::Range(0, 100000))->capture_default_str();
    cmd->add_option("--seed", state->seed, "Seed of the simulation and of the aim points")->capture_default_str();
    cmd->add_option("--png", state->request.png, "Write the game-scale sheet of the result (.png)");
    cmd->add_option("--json", state->request.json, "Write the hit statistics and events (.json)");
    cmd->add_option("--write-profile", state->writeProfile, "Also write the weapon profile as a JSON preset (beside the asset)");
    cmd->add_option("--replay", state->replay,
                    "Play a saved destruction session (.json, Destruction dock ▸ Save Session) with its settings and seed, "
                    "instead of the volley, settle and heal");
    addOverwriteFlag(cmd, state->overwrite);
    cmd->add_option("--save-session", state->saveSession,
                    "Write what was played as a destruction session (.json) that --replay and the Destruction dock play");
    cmd->add_option("--heading", state->request.headingDeg, "Heading the shots come from and the view looks from, degrees")
        ->check(finiteRange(-3600, 3600))
        ->capture_default_str();
    cmd->add_option("--game-scale", state->request.heightPx, "Model height on screen in px")->check(CLI::Range(8, 2000))->capture_default_str();
    cmd->add_option("--interval", state->request.volley.interval, "Simulated seconds between shots")->check(CLI::Range(0.f, 60.f))->capture_default_str();
    cmd->add_option("--settle", state->request.settle, "Simulated seconds after the last shot")->check(CLI::Range(0.f, 600.f))->capture_default_str();
    cmd->add_option("--heal", state->request.heal, "Heal this share (0..1) after the volley")->check(CLI::Range(0.f, 1.f))->capture_default_str();
    cmd->add_option("--spread", state->spread, "Aim spread around the middle, model units")->check(CLI::Range(0.f, 2.f))->capture_default_str();
    // The simulation's settings from its schema; its seed is --seed (it also spreads the aim points).
    state->flags = std::make_unique<SchemaFlags>(*cmd, state->params, std::set<std::string>{"seed"});
    cmd->callback([state, &outcome] { outcome.status = state->run(); });
}

}  // namespace sw::cli
