// A bench session's record as JSON (docs/formats.md, "Destruction session"):
//   {"stage": "destruct-session", "version": 1, "settings": {destruct preset, seed included}, "actions": [
//     {"kind": "shot",   "profile": {weapon params}, "origin": [x,y,z], "direction": [x,y,z]},
//     {"kind": "volley", "profile": {...}, "shots": 5, "seed": 1, "heading": 0, "spread": 0.35, "interval": 0.1},
//     {"kind": "steps",  "steps": 12, "dt": 0.0166667},
//     {"kind": "heal",   "amount": 0.5}]}
// Floats are written as doubles (exact round trip), so a replayed record gives the same bytes.
#include <cmath>
#include <nlohmann/json.hpp>

#include "core/destruct/session.h"
#include "core/foundation/file_io.h"

namespace sw::destruct {
namespace {
using nlohmann::json;

json vec(const Eigen::Vector3f& v) { return json::array({v.x(), v.y(), v.z()}); }

const char* kindName(SessionAction::Kind k) {
    switch (k) {
    case SessionAction::Kind::Shot: return "shot";
    case SessionAction::Kind::Volley: return "volley";
    case SessionAction::Kind::Steps: return "steps";
    case SessionAction::Kind::Heal: return "heal";
    }
    return "?";
}

json profileJson(const WeaponProfile& p) { return json::parse(profileToJson(p)); }

// Reads one action; `where` names it in errors ("action 3").
struct ActionReader {
    const json& j;
    std::string where;

    Result<float> number(const char* key, double lo, double hi) const {
        if (!j.contains(key) || !j[key].is_number())
            return makeError(ErrorCode::Parse, where + ": '" + key + "' must be a number");
        const double v = j[key].get<double>();
        if (!std::isfinite(v) || v < lo || v > hi)
            return makeError(ErrorCode::InvalidInput, where + ": '" + key + "' " + std::to_string(v) + " is outside " +
                                                          std::to_string(lo) + " .. " + std::to_string(hi));
        return float(v);
    }
    Result<float> whole(const char* key, double lo, double hi) const {
        auto v = number(key, lo, hi);
        if (v && std::floor(j[key].get<double>()) != j[key].get<double>())
            return makeError(ErrorCode::InvalidInput, where + ": '" + key + "' must be a whole number");
        return v;
    }
    Result<Eigen::Vector3f> vector(const char* key) const {
        if (!j.contains(key) || !j[key].is_array() || j[key].size() != 3)
            return makeError(ErrorCode::Parse, where + ": '" + key + "' must be [x, y, z]");
        Eigen::Vector3f v;
        for (int i = 0; i < 3; ++i) {
            if (!j[key][i].is_number() || !std::isfinite(j[key][i].get<double>()))
                return makeError(ErrorCode::InvalidInput, where + ": '" + key + "' must hold three finite numbers");
            v[i] = j[key][i].get<float>();
        }
        return v;
    }
    Result<WeaponProfile> profile(const std::string& path) const {
        if (!j.contains("profile") || !j["profile"].is_object())
            return makeError(ErrorCode::Parse, where + ": 'profile' must be a weapon profile object");
        auto p = profileFromJson(j["profile"].dump(), path);
        if (!p) return makeError(p.error().code, where + ": " + p.error().message);
        return p;
    }
};

Result<SessionAction> readAction(const json& j, const std::string& where, const std::string& path) {
    if (!j.is_object() || !j.contains("kind") || !j["kind"].is_string())
        return makeError(ErrorCode::Parse, where + ": an action must be an object with a 'kind'");
    const ActionReader r{j, where};
    const std::string kind = j["kind"].get<std::string>();
    SessionAction a;
    if (kind == "shot" || kind == "volley") {
        auto p = r.profile(path);
        if (!p) return p.error();
        a.profile = *p;
    }
    if (kind == "shot") {
        a.kind = SessionAction::Kind::Shot;
        auto o = r.vector("origin"), d = r.vector("direction");
        if (!o) return o.error();
        if (!d) return d.error();
        if (d->norm() < 1e-6f) return makeError(ErrorCode::InvalidInput, where + ": 'direction' is zero");
        a.origin = *o, a.direction = *d;
    } else if (kind == "volley") {
        a.kind = SessionAction::Kind::Volley;
        auto shots = r.whole("shots", 0, 100000), seed = r.whole("seed", 0, 4294967295.0);
        auto heading = r.number("heading", -3600, 3600), spread = r.number("spread", 0, 2);
        auto interval = r.number("interval", 0, 60);
        for (const Result<float>* v : {&shots, &seed, &heading, &spread, &interval})
            if (!*v) return v->error();
        a.volley.shots = int(*shots), a.volley.seed = std::uint32_t(j["seed"].get<double>());
        a.volley.headingDeg = *heading, a.volley.spread = *spread, a.volley.interval = *interval;
    } else if (kind == "steps") {
        a.kind = SessionAction::Kind::Steps;
        auto steps = r.whole("steps", 0, 1e7), dt = r.number("dt", 0, 600);
        if (!steps) return steps.error();
        if (!dt) return dt.error();
        a.steps = int(*steps), a.dt = *dt;
    } else if (kind == "heal") {
        a.kind = SessionAction::Kind::Heal;
        auto amount = r.number("amount", 0, 1);
        if (!amount) return amount.error();
        a.amount = *amount;
    } else {
        return makeError(ErrorCode::InvalidInput, where + ": unknown kind '" + kind + "' (shot, volley, steps, heal)");
    }
    return a;
}
}  // namespace

std::string sessionToJson(const SessionRecord& record) {
    json j = {{"stage", "destruct-session"}, {"version", 1}};
    j["settings"] = json::parse(simSchema().toParams(record.settings).toJson());
    j["actions"] = json::array();
    for (const SessionAction& a : record.actions) {
        json o = {{"kind", kindName(a.kind)}};
        switch (a.kind) {
        case SessionAction::Kind::Shot:
            o["profile"] = profileJson(a.profile), o["origin"] = vec(a.origin), o["direction"] = vec(a.direction);
            break;
        case SessionAction::Kind::Volley:
            o["profile"] = profileJson(a.profile);
            o["shots"] = a.volley.shots, o["seed"] = a.volley.seed, o["heading"] = a.volley.headingDeg;
            o["spread"] = a.volley.spread, o["interval"] = a.volley.interval;
            break;
        case SessionAction::Kind::Steps: o["steps"] = a.steps, o["dt"] = a.dt; break;
        case SessionAction::Kind::Heal: o["amount"] = a.amount; break;
        }
        j["actions"].push_back(std::move(o));
    }
    return j.dump(2) + "\n";
}

Result<SessionRecord> sessionFromJson(const std::string& text, const std::string& path) {
    const json j = json::parse(text, nullptr, false);
    auto fail = [&](ErrorCode code, const std::string& message) { return makeError(code, message, path); };
    if (j.is_discarded() || !j.is_object()) return fail(ErrorCode::Parse, "not a JSON object");
    if (!j.contains("stage") || j["stage"] != "destruct-session")
        return fail(ErrorCode::InvalidInput, "not a destruction session (\"stage\": \"destruct-session\")");
    if (!j.contains("version") || !j["version"].is_number_integer() || j["version"].get<int>() != 1)
        return fail(ErrorCode::Unsupported, "unsupported destruction session version (this build reads 1)");
    if (!j.contains("actions") || !j["actions"].is_array()) return fail(ErrorCode::Parse, "'actions' must be an array");
    SessionRecord record;
    if (!j.contains("settings") || !j["settings"].is_object())
        return fail(ErrorCode::Parse, "'settings' must be the simulation's settings (a destruct preset)");
    ParamSet params(simSchema().schema());
    if (Status read = params.fromJson(j["settings"].dump(), path); !read)
        return fail(read.error().code, "settings: " + read.error().message);
    record.settings = simSchema().fromParams(params);
    std::vector<SessionAction>& actions = record.actions;
    for (std::size_t k = 0; k < j["actions"].size(); ++k) {
        auto a = readAction(j["actions"][k], "action " + std::to_string(k + 1), path);
        if (!a) return fail(a.error().code, a.error().message);
        actions.push_back(std::move(*a));
    }
    return record;
}

Result<SessionRecord> loadSession(const std::string& path) {
    auto text = readFileText(path);
    if (!text) return text.error();
    return sessionFromJson(*text, path);
}

}  // namespace sw::destruct
