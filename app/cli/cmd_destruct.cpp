// `splatwright-cli destruct <model.bin | project.splatproj> --profile railgun --shots 5 --seed 1
// --png out.png [--json stats.json] [--heading deg] [--game-scale px] [--interval s] [--settle s]
// [--heal 0..1] [--write-profile weapon.json]`: the destruction test bench headless (issue 15).
// Fires a scripted volley with a weapon profile (a built-in name or a JSON preset) from the
// heading's side (lobbed from above for an epicenter profile) at points spread by the seed,
// advances the simulation `interval` s between shots and `settle` s after, and writes the
// game-scale sheet of the result (×1 and ×3, grey and black; drawn by the renderer's damage path)
// and/or the hit statistics as JSON. A project is baked first, as `export` bakes it (its bake
// settings, recipe and parts), and brings its own weapon profiles and simulation settings.
#include <cmath>
#include <cstdio>
#include <filesystem>
#include <memory>
#include <nlohmann/json.hpp>
#include <optional>
#include <set>
#include <string>

#include "app/cli/command.h"
#include "app/cli/schema_flags.h"
#include "core/destruct/render_sync.h"
#include "core/destruct/simulation.h"
#include "core/destruct/volley.h"
#include "core/formats/spl2.h"
#include "core/foundation/file_io.h"
#include "core/foundation/image_io.h"
#include "core/pipeline/bake_job.h"
#include "core/project/project.h"
#include "core/render/game_scale.h"
#include "core/render/headless_context.h"

namespace sw::cli {
namespace {

struct DestructCommand {
    ParamSet params{destruct::simSchema().schema()};  // the simulation's settings (--island-max, --chunk-copies, …)
    std::unique_ptr<SchemaFlags> flags;
    std::string input;
    std::string profileName = "cannon";
    int shots = 5;
    std::uint32_t seed = 1;
    std::string png;
    std::string json;
    std::string writeProfile;
    float headingDeg = 0.f;
    int heightPx = 100;
    float interval = 0.1f;
    float settle = 0.25f;
    float heal = 0.f;
    float spread = 0.35f;

    bool isProject() const { return std::filesystem::path(input).extension() == project::kProjectExtension; }

    // The weapon profile: a project's own of that name first (tuned in the Destruction dock), then
    // a built-in or a JSON preset file.
    Result<destruct::WeaponProfile> weapon(const std::optional<project::Project>& project) const {
        if (project)
            for (const destruct::WeaponProfile& w : project->weapons)
                if (w.name == profileName) return w;
        return destruct::loadProfile(profileName);
    }

    // The baked model: the .bin as exported, or a project baked as the editor and `export` bake it
    // (its trained cloud, model, parts, bake settings and recipe, dataset for the floater scan).
    Result<formats::Spl2Model> load(const std::optional<project::Project>& loaded) const {
        if (!loaded) return formats::readSpl2(input);
        auto request = pipeline::bakeRequest(*loaded);
        if (!request) return request.error();
        auto baked = pipeline::runBake(*request);
        if (!baked) return baked.error();
        return baked->baked->spl2;
    }

    destruct::Volley volley() const {
        destruct::Volley v;
        v.shots = shots;
        v.seed = seed;
        v.headingDeg = headingDeg;
        v.spread = spread;
        v.interval = interval;
        return v;
    }

    Status writeJson(const destruct::Simulation& sim, const std::vector<destruct::HitReport>& hits) const {
        nlohmann::json j;
        j["input"] = input;
        j["profile"] = nlohmann::json::parse(destruct::profileToJson(sim.profile()))["params"];
        j["seed"] = seed;
        j["settings"] = nlohmann::json::parse(destruct::simSchema().toParams(sim.settings()).toJson())["params"];
        j["slots"] = sim.size();
        j["time"] = sim.time();
        for (const auto& r : hits) {
            nlohmann::json h;
            h["index"] = r.index;
            h["missed"] = r.missed;
            h["impact"] = {r.impact.x(), r.impact.y(), r.impact.z()};
            if (sim.profile().kind == destruct::HitKind::Pierce) h["exit"] = {r.exit.x(), r.exit.y(), r.exit.z()};
            h["knocked"] = r.knocked.size() + std::size_t(r.carried);  // one by one + carried off by torn chunks
            h["cracked"] = r.cracked;
            h["torn"] = r.torn;
            h["islands"] = r.islands;
            h["settled"] = r.settled;
            h["debris"] = r.debris;
            h["channel"] = r.channel;
            h["supportVisits"] = r.supportVisits;
            j["hits"].push_back(h);
        }
        const destruct::SimStats s = sim.stats();
        j["stats"] = {{"damaged", s.damaged},           {"perLayer", s.perLayer},       {"chunksCracked", s.chunksCracked},
                      {"chunksTorn", s.chunksTorn},     {"islandsTorn", s.islandsTorn}, {"bodiesAlive", s.bodiesAlive},
                      {"debrisAlive", s.debrisAlive},   {"partHealth", s.partHealth},   {"palette", sim.palette().name}};
        j["events"] = nlohmann::json::array();
        for (const auto& e : sim.events()) j["events"].push_back({{"hit", e.hit}, {"text", e.text}});
        return writeFileAtomic(json, j.dump(2) + "\n");
    }

    Status render(destruct::Simulation& sim, const formats::Spl2Model& model) const {
        auto context = render::HeadlessContext::create();
        if (!context) return context.error();
        auto splats = render::SplatRenderer::create((*context)->loader());
        if (!splats) return splats.error();
        render::GameScaleSettings gs;
        gs.heightPx = heightPx;
        gs.headingDeg = headingDeg;
        gs.look.roundSplats = true;
        gs.look.effects.time = sim.time();
        destruct::DamageSync sync;
        Status status = (*splats)->setModel(model);
        if (status) status = sync.attach(**splats, sim);
        Result<Rgba8Image> image = status ? render::renderGameScale(**splats, nullptr, gs) : Result<Rgba8Image>(status.error());
        (*splats)->release();
        if (!image) return image.error();
        SW_TRY(writePngFile(png, *image));
        std::printf("  png:      %s (%dx%d, game scale %d px, heading %.1f°)\n", png.c_str(), image->width, image->height,
                    heightPx, double(headingDeg));
        return {};
    }

    Status run() {
        std::optional<project::Project> project;
        if (isProject()) {
            auto loaded = project::loadProject(input);
            if (!loaded) return loaded.error();
            project = std::move(*loaded);
        }
        auto profile = weapon(project);
        if (!profile) return profile.error();
        if (!writeProfile.empty()) SW_TRY(destruct::saveProfile(writeProfile, *profile));
        auto model = load(project);
        if (!model) return model.error();
        // A project's simulation settings, under the flags given.
        if (project) params = destruct::simSchema().toParams(project->destruction);
        SW_TRY(flags->apply());
        destruct::SimSettings settings = destruct::simSchema().fromParams(params);
        settings.seed = seed;
        auto created = destruct::Simulation::create(*model, settings, input);
        if (!created) return created.error();
        destruct::Simulation& sim = *created;
        sim.setProfile(*profile);
        const std::vector<destruct::HitReport> hits = destruct::fireVolley(sim, volley());
        sim.step(settle);
        if (heal > 0.f) sim.heal(heal);
        const destruct::SimStats s = sim.stats();
        int missed = 0, knocked = 0;
        for (const auto& r : hits) missed += r.missed ? 1 : 0, knocked += int(r.knocked.size()) + r.carried;
        std::printf("destruct: %s, %zu core slots, profile %s (%s), seed %u\n", input.c_str(), sim.size(),
                    profile->name.c_str(), destruct::hitKindName(profile->kind), seed);
        // The simulation settings that differ from the defaults (given as flags or a preset).
        const ParamSet used = destruct::simSchema().toParams(sim.settings()), defaults = destruct::simSchema().toParams({});
        std::string changed;
        for (const ParamSpec& p : used.schema().params())
            if (p.name != "seed" && used.valueToString(p.name) != defaults.valueToString(p.name))
                changed += (changed.empty() ? "" : ", ") + p.name + " " + used.valueToString(p.name);
        if (!changed.empty()) std::printf("  settings: %s\n", changed.c_str());
        std::printf("  shots:    %d (%d missed), %d slot layers knocked out, palette %s\n", shots, missed, knocked,
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
        if (heal > 0.f) std::printf("  healed:   %.0f %%\n", double(heal) * 100.0);
        if (!json.empty()) {
            SW_TRY(writeJson(sim, hits));
            std::printf("  json:     %s\n", json.c_str());
        }
        if (!png.empty()) SW_TRY(render(sim, *model));
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
    cmd->add_option("--png", state->png, "Write the game-scale sheet of the result (.png)");
    cmd->add_option("--json", state->json, "Write the hit statistics and events (.json)");
    cmd->add_option("--write-profile", state->writeProfile, "Also write the weapon profile as a JSON preset (beside the asset)");
    cmd->add_option("--heading", state->headingDeg, "Heading the shots come from and the view looks from, degrees")
        ->capture_default_str();
    cmd->add_option("--game-scale", state->heightPx, "Model height on screen in px")->check(CLI::Range(8, 2000))->capture_default_str();
    cmd->add_option("--interval", state->interval, "Simulated seconds between shots")->check(CLI::Range(0.f, 60.f))->capture_default_str();
    cmd->add_option("--settle", state->settle, "Simulated seconds after the last shot")->check(CLI::Range(0.f, 600.f))->capture_default_str();
    cmd->add_option("--heal", state->heal, "Heal this share (0..1) after the volley")->check(CLI::Range(0.f, 1.f))->capture_default_str();
    cmd->add_option("--spread", state->spread, "Aim spread around the middle, model units")->check(CLI::Range(0.f, 2.f))->capture_default_str();
    // The simulation's settings from its schema; its seed is --seed (it also spreads the aim points).
    state->flags = std::make_unique<SchemaFlags>(*cmd, state->params, std::set<std::string>{"seed"});
    cmd->callback([state, &outcome] { outcome.status = state->run(); });
}

}  // namespace sw::cli
