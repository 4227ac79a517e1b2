// Foliage detection by name, card variants, material extras and defaults by plant size.
#include "core/foliage/plant.h"

#include <algorithm>
#include <array>
#include <cctype>
#include <cmath>
#include <nlohmann/json.hpp>

#include "core/foliage/detail/json_text.h"

namespace sw::foliage {
namespace {

constexpr std::array<std::string_view, 26> FOLIAGE_WORDS = {
    "tree",  "trees",  "grass",  "grasses", "foliage", "leaf",   "leaves",     "bush",  "bushes",
    "shrub", "shrubs", "fern",   "ferns",   "plant",   "plants", "vegetation", "hedge", "hedges",
    "ivy",   "clover", "pine",   "pines",   "flora",   "weed",   "weeds",      "canopy"};

bool isFoliageWord(const std::string& word) {
    return std::find(FOLIAGE_WORDS.begin(), FOLIAGE_WORDS.end(), word) != FOLIAGE_WORDS.end();
}

// Words of a name, lower case: split at non-letters and at lower→upper changes ("LeafCard").
std::vector<std::string> words(std::string_view name) {
    std::vector<std::string> out(1);
    char prev = 0;
    for (char c : name) {
        const auto u = static_cast<unsigned char>(c);
        const bool split = !std::isalpha(u) || (std::isupper(u) && std::islower(static_cast<unsigned char>(prev)));
        if (split && !out.back().empty()) out.emplace_back();
        if (std::isalpha(u)) out.back() += static_cast<char>(std::tolower(u));
        prev = c;
    }
    return out;
}

float smoothstep(float e0, float e1, float x) {
    if (e1 <= e0) return x < e0 ? 0.f : 1.f;
    const float t = std::clamp((x - e0) / (e1 - e0), 0.f, 1.f);
    return t * t * (3.f - 2.f * t);
}

Status readWindKey(const nlohmann::json& v, const std::string& key, float& out, const std::string& path) {
    const std::string at = "extras lecodes.wind." + key;
    if (!v.is_number()) return makeError(ErrorCode::Parse, at + ": expected a number, got " + v.type_name(), path);
    const double d = v.get<double>();
    if (!std::isfinite(d) || d < 0.0 || d > 1000.0)
        return makeError(ErrorCode::InvalidInput, at + ": " + v.dump() + " is not in [0, 1000]", path);
    if (key == "stiffness" && d <= 0.0) return makeError(ErrorCode::InvalidInput, at + ": must be > 0", path);
    out = static_cast<float>(d);
    return {};
}

}  // namespace

bool isFoliageName(std::string_view name) {
    for (const std::string& w : words(name))
        if (isFoliageWord(w)) return true;
    return false;
}

FoliageDetection detectFoliage(const geometry::Mesh& mesh, std::string_view sourcePath) {
    FoliageDetection d;
    for (std::size_t m = 0; m < mesh.materials.size(); ++m) {
        if (!isFoliageName(mesh.materials[m].name)) continue;
        if (d.reason.empty()) d.reason = "material '" + mesh.materials[m].name + "'";
        d.materials.push_back(static_cast<int>(m));
    }
    std::size_t begin = 0;
    while (d.reason.empty() && begin < sourcePath.size()) {
        std::size_t end = sourcePath.find('/', begin);
        if (end == std::string_view::npos) end = sourcePath.size();
        const std::string_view part = sourcePath.substr(begin, end - begin);
        if (isFoliageName(part)) d.reason = std::string(end == sourcePath.size() ? "file '" : "folder '") + std::string(part) + "'";
        begin = end + 1;
    }
    d.foliage = !d.reason.empty();
    return d;
}

FoliageVariant variantFor(const geometry::Material& material) {
    return material.alphaMask ? FoliageVariant::Masked : FoliageVariant::Opaque;
}

Result<std::optional<MaterialWind>> windFromExtras(const std::string& extrasJson, const std::string& path,
                                                   const MaterialWind& base) {
    auto parsed = detail::parseJsonObject<nlohmann::json>(extrasJson, "material extras", path);
    if (!parsed) return parsed.error();
    const nlohmann::json& doc = *parsed;
    const nlohmann::json* wind = nullptr;
    if (doc.contains("lecodes.wind")) wind = &doc["lecodes.wind"];
    else if (doc.contains("lecodes") && doc["lecodes"].is_object() && doc["lecodes"].contains("wind"))
        wind = &doc["lecodes"]["wind"];
    if (!wind) return std::optional<MaterialWind>{};
    if (!wind->is_object()) return makeError(ErrorCode::Parse, "extras lecodes.wind: expected an object", path);
    MaterialWind out = base;
    for (const auto& [key, value] : wind->items()) {
        float* field = key == "drag" ? &out.drag : key == "stiffness" ? &out.stiffness
                     : key == "lean" ? &out.lean : key == "shiver" ? &out.shiver : nullptr;
        if (!field) return makeError(ErrorCode::InvalidInput, "extras lecodes.wind." + key + ": unknown key", path);
        SW_TRY(readWindKey(value, key, *field, path));
    }
    return std::optional<MaterialWind>(out);
}

float touchResponse(float heightMetres, const TouchSettings& touch) {
    return 1.f - smoothstep(touch.bendFullUnder, touch.fadeBy, heightMetres);
}

MaterialWind defaultWindForHeight(float heightMetres, const TouchSettings& touch) {
    MaterialWind w;
    const float full = std::max(touch.bendFullUnder, 1e-3f);
    w.stiffness = 1.f + 0.5f * std::max(0.f, heightMetres - full) / full;
    return w;
}

float mainBendWeight(float u) {
    const float c = std::clamp(u, 0.f, 1.f);
    return 0.5f * c * (3.f - c);
}

}  // namespace sw::foliage
