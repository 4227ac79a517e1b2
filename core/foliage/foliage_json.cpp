// The scene-file shape of seed 004 (env.foliage and per-node foliage.fade), written and read.
#include <charconv>
#include <cmath>
#include <cstdlib>
#include <nlohmann/json.hpp>

#include "core/foliage/detail/json_text.h"
#include "core/foliage/foliage_settings.h"
#include "core/foundation/file_io.h"

namespace sw::foliage {
namespace {

using Json = nlohmann::ordered_json;

// A float setting as the shortest decimal that reads back to the same float (8.3f -> 8.3).
double shortDecimal(double v) {
    char buf[32];
    const auto r = std::to_chars(buf, buf + sizeof buf, static_cast<float>(v));
    *r.ptr = '\0';
    return std::strtod(buf, nullptr);
}

Json paramValue(const ParamValue& v) {
    if (const double* d = std::get_if<double>(&v)) return shortDecimal(*d);
    Json out;
    std::visit([&](const auto& x) { out = x; }, v);
    return out;
}

Json windJson(const WindSettings& wind) {
    if (!wind.enabled) return false;
    const ParamSet p = windSchema().toParams(wind);
    Json out = Json::object();
    out["direction"] = {shortDecimal(wind.directionX), shortDecimal(wind.directionY)};
    for (const ParamSpec& spec : p.schema().params())
        if (spec.name != "enabled" && spec.name.rfind("direction-", 0) != 0)
            out[camelKey(spec.name)] = paramValue(p.get(spec.name));
    return out;
}

Error keyError(ErrorCode code, const std::string& key, const std::string& why, const std::string& path) {
    return makeError(code, key + ": " + why, path);
}

// A finite JSON number, else a Parse (wrong type) or InvalidInput (NaN, infinity) error.
Result<double> number(const Json& v, const std::string& key, const std::string& path) {
    if (detail::isNonFinite(v))
        return keyError(ErrorCode::InvalidInput, key, "not a finite number (" + v.get<std::string>().substr(1) + ")", path);
    if (!v.is_number()) return keyError(ErrorCode::Parse, key, std::string("expected a number, got ") + v.type_name(), path);
    const double d = v.get<double>();
    if (!std::isfinite(d)) return keyError(ErrorCode::InvalidInput, key, "not a finite number", path);
    return d;
}

// Sets `name` of `params` from a JSON value; the schema checks the range.
Status setParam(ParamSet& params, const std::string& name, const Json& v, const std::string& key,
                const std::string& path) {
    auto d = number(v, key, path);
    if (!d) return d.error();
    Status st = params.set(name, *d);
    if (!st) return keyError(st.error().code, key, st.error().message, path);
    return {};
}

// Finds the schema parameter whose camelCase key is `key`.
const ParamSpec* byCamelKey(const ParamSchema& schema, const std::string& key) {
    for (const ParamSpec& spec : schema.params())
        if (camelKey(spec.name) == key) return &spec;
    return nullptr;
}

Status parseWind(const Json& w, WindSettings& wind, const std::string& path) {
    const std::string at = "env.foliage.wind";
    if (w.is_boolean()) {
        wind.enabled = w.get<bool>();
        return {};
    }
    if (!w.is_object()) return keyError(ErrorCode::Parse, at, std::string("expected an object or false, got ") + w.type_name(), path);
    ParamSet p = windSchema().toParams(wind);
    SW_TRY(p.set("enabled", true));
    for (const auto& [key, value] : w.items()) {
        const std::string k = at + "." + key;
        if (key == "direction") {
            if (!value.is_array() || value.size() != 2) return keyError(ErrorCode::Parse, k, "expected [x, y]", path);
            SW_TRY(setParam(p, "direction-x", value[0], k, path));
            SW_TRY(setParam(p, "direction-y", value[1], k, path));
            continue;
        }
        const ParamSpec* spec = byCamelKey(windSchema().schema(), key);
        if (!spec || spec->name == "enabled" || spec->name.rfind("direction-", 0) == 0)
            return keyError(ErrorCode::InvalidInput, k, "unknown key", path);
        SW_TRY(setParam(p, spec->name, value, k, path));
    }
    wind = windSchema().fromParams(p);
    return {};
}

Status parseEnv(const Json& f, FoliageSettings& s, const std::string& path) {
    if (!f.is_object()) return keyError(ErrorCode::Parse, "env.foliage", std::string("expected an object, got ") + f.type_name(), path);
    ParamSet look = lookSchema().toParams(s.look);
    for (const auto& [key, value] : f.items()) {
        if (key == "wind") {
            SW_TRY(parseWind(value, s.wind, path));
            continue;
        }
        const ParamSpec* spec = byCamelKey(lookSchema().schema(), key);
        if (!spec) return keyError(ErrorCode::InvalidInput, "env.foliage." + key, "unknown key", path);
        SW_TRY(setParam(look, spec->name, value, "env.foliage." + key, path));
    }
    s.look = lookSchema().fromParams(look);
    return {};
}

Status parseNode(const std::string& name, const Json& f, std::vector<FoliageNode>& nodes,
                 const std::string& path) {
    const std::string at = "nodes." + name + ".foliage";
    if (f.is_boolean()) {
        if (f.get<bool>()) nodes.push_back({name, {}});
        return {};
    }
    if (!f.is_object()) return keyError(ErrorCode::Parse, at, std::string("expected true or an object, got ") + f.type_name(), path);
    FoliageNode node{name, {}};
    for (const auto& [key, value] : f.items()) {
        if (key != "fade") return keyError(ErrorCode::InvalidInput, at + "." + key, "unknown key", path);
        if (!value.is_array() || value.size() != 2) return keyError(ErrorCode::Parse, at + ".fade", "expected [start, end]", path);
        auto a = number(value[0], at + ".fade", path);
        if (!a) return a.error();
        auto b = number(value[1], at + ".fade", path);
        if (!b) return b.error();
        node.fade = {static_cast<float>(*a), static_cast<float>(*b)};
        Status st = checkFade(node.fade, path);
        if (!st) return keyError(ErrorCode::InvalidInput, at + ".fade", st.error().message, path);
    }
    nodes.push_back(std::move(node));
    return {};
}

}  // namespace

std::string sceneJson(const FoliageSettings& settings, const std::vector<FoliageNode>& nodes) {
    Json foliage = Json::object();
    foliage["wind"] = windJson(settings.wind);
    const ParamSet look = lookSchema().toParams(settings.look);
    for (const ParamSpec& spec : look.schema().params()) foliage[camelKey(spec.name)] = paramValue(look.get(spec.name));
    Json doc;
    doc["env"]["foliage"] = foliage;
    Json n = Json::object();
    for (const FoliageNode& node : nodes) {
        if (node.fade.active()) n[node.name]["foliage"]["fade"] = {shortDecimal(node.fade.start), shortDecimal(node.fade.end)};
        else n[node.name]["foliage"] = true;
    }
    doc["nodes"] = n;
    return doc.dump(2) + "\n";
}

Result<FoliageScene> parseSceneJson(const std::string& text, const std::string& path, const FoliageSettings& base) {
    auto parsed = detail::parseJsonObject<Json>(text, "foliage scene", path);
    if (!parsed) return parsed.error();
    const Json& doc = *parsed;
    FoliageScene scene{base, {}};
    if (doc.contains("env")) {
        const Json& env = doc["env"];
        if (!env.is_object()) return keyError(ErrorCode::Parse, "env", "expected an object", path);
        if (env.contains("foliage")) SW_TRY(parseEnv(env["foliage"], scene.settings, path));
    }
    if (doc.contains("nodes")) {
        const Json& nodes = doc["nodes"];
        if (!nodes.is_object()) return keyError(ErrorCode::Parse, "nodes", "expected an object", path);
        for (const auto& [name, node] : nodes.items())
            if (node.is_object() && node.contains("foliage")) SW_TRY(parseNode(name, node["foliage"], scene.nodes, path));
    }
    return scene;
}

Status saveSceneJson(const std::string& path, const FoliageSettings& settings, const std::vector<FoliageNode>& nodes) {
    for (const FoliageNode& node : nodes) SW_TRY(checkFade(node.fade, path));
    return writeFileAtomic(path, sceneJson(settings, nodes));
}

Result<FoliageScene> loadSceneJson(const std::string& path, const FoliageSettings& base) {
    auto text = readFileText(path);
    if (!text) return text.error();
    return parseSceneJson(*text, path, base);
}

}  // namespace sw::foliage
