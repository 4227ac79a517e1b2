#include "core/pipeline/destruct_job.h"

#include <filesystem>
#include <nlohmann/json.hpp>

#include "core/destruct/render_sync.h"
#include "core/foundation/file_io.h"
#include "core/foundation/image_io.h"
#include "core/pipeline/bake_job.h"
#include "core/project/project.h"
#include "core/render/game_scale.h"
#include "core/render/headless_context.h"

namespace sw::pipeline {
namespace {
using nlohmann::json;

json paramsJson(const std::string& schemaJson) { return json::parse(schemaJson)["params"]; }

json hitJson(const destruct::HitReport& r, bool pierce) {
    json h;
    h["index"] = r.index;
    h["missed"] = r.missed;
    h["impact"] = {r.impact.x(), r.impact.y(), r.impact.z()};
    if (pierce) h["exit"] = {r.exit.x(), r.exit.y(), r.exit.z()};
    h["knocked"] = r.knocked.size() + std::size_t(r.carried);  // one by one + carried off by torn chunks
    h["cracked"] = r.cracked;
    h["torn"] = r.torn;
    h["islands"] = r.islands;
    h["settled"] = r.settled;
    h["debris"] = r.debris;
    h["channel"] = r.channel;
    h["supportVisits"] = r.supportVisits;
    return h;
}

Status writeStats(const DestructRequest& request, const DestructResult& result) {
    const destruct::Simulation& sim = result.session->simulation();
    json j;
    j["input"] = request.input.what;
    j["profile"] = paramsJson(destruct::profileToJson(sim.profile()));
    j["seed"] = request.settings.seed;
    j["settings"] = paramsJson(destruct::simSchema().toParams(sim.settings()).toJson());
    j["slots"] = sim.size();
    j["time"] = sim.time();
    j["stateHash"] = result.stateHash;
    j["hits"] = json::array();
    for (const auto& r : result.hits) j["hits"].push_back(hitJson(r, sim.profile().kind == destruct::HitKind::Pierce));
    const destruct::SimStats s = sim.stats();
    j["stats"] = {{"damaged", s.damaged},         {"perLayer", s.perLayer},       {"chunksCracked", s.chunksCracked},
                  {"chunksTorn", s.chunksTorn},   {"islandsTorn", s.islandsTorn}, {"bodiesAlive", s.bodiesAlive},
                  {"debrisAlive", s.debrisAlive}, {"partHealth", s.partHealth},   {"palette", sim.palette().name}};
    j["events"] = json::array();
    for (const auto& e : sim.events()) j["events"].push_back({{"hit", e.hit}, {"text", e.text}});
    return writeFileAtomic(request.json, j.dump(2) + "\n");
}

Status drawSheet(const DestructRequest& request, DestructResult& result) {
    auto context = render::HeadlessContext::create();
    if (!context) return context.error();
    auto splats = render::SplatRenderer::create((*context)->loader());
    if (!splats) return splats.error();
    destruct::Simulation& sim = result.session->simulation();  // the sync takes its dirty lists
    render::GameScaleSettings gs;
    gs.heightPx = request.heightPx;
    gs.headingDeg = request.headingDeg;
    gs.look.roundSplats = true;
    gs.look.effects.time = sim.time();
    destruct::DamageSync sync;
    Status status = (*splats)->setModel(*request.input.model);
    if (status) status = sync.attach(**splats, sim);
    Result<Rgba8Image> image = status ? render::renderGameScale(**splats, nullptr, gs) : Result<Rgba8Image>(status.error());
    (*splats)->release();
    if (!image) return image.error();
    SW_TRY(writePngFile(request.png, *image));
    result.pngWidth = image->width, result.pngHeight = image->height;
    return {};
}

// The volley shot by shot (so that a cancel lands between shots), then the settle and the heal.
Status playVolley(const DestructRequest& request, DestructResult& result, const Progress& progress) {
    destruct::Session& session = *result.session;
    for (int k = 0; k < request.volley.shots; ++k) {
        if (progress.cancelled()) return makeError(ErrorCode::Cancelled, "cancelled", request.input.what);
        progress.report(double(k) / double(std::max(1, request.volley.shots)), "shooting");
        const auto [origin, direction] = destruct::volleyAim(request.volley, k, request.profile.kind);
        result.hits.push_back(session.shoot(request.profile, origin, direction));
        session.step(1, request.volley.interval);
    }
    session.step(1, request.settle);
    if (request.heal > 0.f) session.heal(request.heal);
    return {};
}
}  // namespace

std::uint64_t stateHash(const destruct::Simulation& sim) { return fnv1a64(sim.serializeState()); }

Result<DestructInput> loadDestructInput(const std::string& path, const Progress& progress) {
    DestructInput in;
    in.what = path;
    if (std::filesystem::path(path).extension() != project::kProjectExtension) {
        auto model = formats::readSpl2(path);
        if (!model) return model.error();
        in.model = std::make_shared<const formats::Spl2Model>(std::move(*model));
        return in;
    }
    auto loaded = project::loadProject(path);
    if (!loaded) return loaded.error();
    auto request = bakeRequest(*loaded);
    if (!request) return request.error();
    auto baked = runBake(*request, progress);
    if (!baked) return baked.error();
    in.model = std::make_shared<const formats::Spl2Model>(baked->baked->spl2);
    in.weapons = loaded->weapons;
    in.settings = loaded->destruction;
    return in;
}

Result<DestructResult> runDestruct(const DestructRequest& request, const Progress& progress) {
    SW_REQUIRE(request.input.model != nullptr, "runDestruct needs a model");
    auto session = destruct::Session::create(request.input.model, request.settings, request.input.what);
    if (!session) return session.error();
    DestructResult result;
    result.session = std::make_shared<destruct::Session>(std::move(*session));
    if (!request.replay.empty()) {
        for (const destruct::SessionAction& a : request.replay) {
            if (progress.cancelled()) return makeError(ErrorCode::Cancelled, "cancelled", request.input.what);
            for (auto& hit : result.session->play({a})) result.hits.push_back(std::move(hit));
        }
    } else {
        SW_TRY(playVolley(request, result, progress.sub(0.0, 0.8)));
    }
    result.stateHash = stateHash(result.session->simulation());
    if (!request.json.empty()) SW_TRY(writeStats(request, result));
    if (progress.cancelled()) return makeError(ErrorCode::Cancelled, "cancelled", request.input.what);
    if (!request.png.empty()) {
        progress.report(0.85, "drawing the game-scale sheet");
        SW_TRY(drawSheet(request, result));
    }
    return result;
}

}  // namespace sw::pipeline
