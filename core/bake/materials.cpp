#include "core/bake/materials.h"

#include <algorithm>
#include <array>
#include <cmath>
#include <nlohmann/json.hpp>

#include "core/bake/detail/grid_hash.h"
#include "core/foundation/file_io.h"

namespace sw::bake {

namespace {
constexpr std::array<const char*, formats::kSpl2MaterialClasses> kNames{"default", "chitin", "bone", "flesh", "circuit", "core"};
}

const char* materialName(formats::MaterialClass material) {
    const auto i = static_cast<std::size_t>(material);
    return i < kNames.size() ? kNames[i] : "default";
}

MaterialRecipe defaultRecipe() {
    using M = formats::MaterialClass;
    MaterialRecipe r;
    r.name = "built-in";
    r.rules = {
        {M::Core, 0, 360, 0.55f, 1, 0.85f, 1},
        {M::Circuit, 150, 250, 0.35f, 1, 0.3f, 1},
        {M::Flesh, 330, 40, 0.25f, 0.75f, 0.3f, 1},  // above 0.75 saturation a red is paint, not flesh
        {M::Bone, 0, 360, 0, 0.2f, 0.7f, 1},
        {M::Chitin, 0, 360, 0, 1, 0, 0.3f},
    };
    return r;
}

Eigen::Vector3f rgbToHsv(const Eigen::Vector3f& c) {
    const Eigen::Vector3f rgb = c.cwiseMax(0.f).cwiseMin(1.f);
    const float mx = rgb.maxCoeff(), mn = rgb.minCoeff(), d = mx - mn;
    float h = 0.f;
    if (d > 0) {
        if (mx == rgb.x()) h = 60.f * std::fmod((rgb.y() - rgb.z()) / d, 6.f);
        else if (mx == rgb.y()) h = 60.f * ((rgb.z() - rgb.x()) / d + 2.f);
        else h = 60.f * ((rgb.x() - rgb.y()) / d + 4.f);
        if (h < 0) h += 360.f;
    }
    return {h, mx > 0 ? d / mx : 0.f, mx};
}

int classifyColor(const Eigen::Vector3f& rgb, const MaterialRecipe& recipe) {
    const Eigen::Vector3f hsv = rgbToHsv(rgb);
    for (const MaterialRule& rule : recipe.rules) {
        const bool hue = rule.hueMin <= rule.hueMax ? hsv.x() >= rule.hueMin && hsv.x() <= rule.hueMax
                                                    : hsv.x() >= rule.hueMin || hsv.x() <= rule.hueMax;
        if (hue && hsv.y() >= rule.satMin && hsv.y() <= rule.satMax && hsv.z() >= rule.valMin && hsv.z() <= rule.valMax)
            return static_cast<int>(rule.material);
    }
    return static_cast<int>(formats::MaterialClass::Default);
}

std::vector<int> classifyMaterials(std::span<const Eigen::Vector3f> colors, const MaterialRecipe& recipe) {
    std::vector<int> out(colors.size());
    for (std::size_t i = 0; i < colors.size(); ++i) out[i] = classifyColor(colors[i], recipe);
    return out;
}

std::vector<int> smoothMaterials(std::span<const Eigen::Vector3f> positions, std::vector<int> classes, float radius,
                                 int iterations) {
    if (positions.empty() || iterations <= 0) return classes;
    const detail::GridHash grid(positions, radius);
    std::vector<int> next(classes.size());
    for (int it = 0; it < iterations; ++it) {
        for (std::size_t i = 0; i < classes.size(); ++i) {
            std::array<int, formats::kSpl2MaterialClasses> votes{};
            ++votes[std::size_t(classes[i])];
            grid.forEachNeighbour(i, [&](std::size_t j) { ++votes[std::size_t(classes[j])]; });
            int best = classes[i];
            for (int c = 0; c < formats::kSpl2MaterialClasses; ++c)
                if (votes[std::size_t(c)] > votes[std::size_t(best)]) best = c;
            next[i] = best;
        }
        classes.swap(next);
    }
    return classes;
}

namespace {

Status readRange(const nlohmann::json& rule, const char* key, float lo, float hi, float& a, float& b,
                 const std::string& where, const std::string& path) {
    if (!rule.contains(key)) return {};
    const auto& v = rule[key];
    if (!v.is_array() || v.size() != 2 || !v[0].is_number() || !v[1].is_number())
        return makeError(ErrorCode::Parse, where + ": '" + key + "' must be [min, max]", path);
    a = v[0].get<float>();
    b = v[1].get<float>();
    if (!(a >= lo && a <= hi && b >= lo && b <= hi))
        return makeError(ErrorCode::InvalidInput, where + ": '" + key + "' outside [" + std::to_string(lo) + ", " +
                                                      std::to_string(hi) + "]", path);
    return {};
}

}  // namespace

Result<MaterialRecipe> parseRecipe(std::string_view json, const std::string& path) {
    const nlohmann::json doc = nlohmann::json::parse(json, nullptr, false);
    if (doc.is_discarded() || !doc.is_object()) return makeError(ErrorCode::Parse, "material recipe is not a JSON object", path);
    if (!doc.contains("rules") || !doc["rules"].is_array())
        return makeError(ErrorCode::Parse, "material recipe has no 'rules' array", path);
    MaterialRecipe recipe;
    recipe.name = doc.value("name", std::string{});
    for (std::size_t k = 0; k < doc["rules"].size(); ++k) {
        const auto& j = doc["rules"][k];
        const std::string where = "rule " + std::to_string(k);
        if (!j.is_object() || !j.contains("class") || !j["class"].is_string())
            return makeError(ErrorCode::Parse, where + ": needs a 'class' name", path);
        const std::string cls = j["class"].get<std::string>();
        const auto it = std::find(kNames.begin(), kNames.end(), cls);
        if (it == kNames.end()) return makeError(ErrorCode::InvalidInput, where + ": unknown class '" + cls + "'", path);
        MaterialRule rule;
        rule.material = static_cast<formats::MaterialClass>(it - kNames.begin());
        SW_TRY(readRange(j, "hue", 0, 360, rule.hueMin, rule.hueMax, where, path));
        SW_TRY(readRange(j, "saturation", 0, 1, rule.satMin, rule.satMax, where, path));
        SW_TRY(readRange(j, "value", 0, 1, rule.valMin, rule.valMax, where, path));
        recipe.rules.push_back(rule);
    }
    return recipe;
}

std::string recipeToJson(const MaterialRecipe& recipe) {
    nlohmann::json doc;
    doc["name"] = recipe.name;
    doc["rules"] = nlohmann::json::array();
    for (const MaterialRule& r : recipe.rules)
        doc["rules"].push_back({{"class", materialName(r.material)},
                                {"hue", {r.hueMin, r.hueMax}},
                                {"saturation", {r.satMin, r.satMax}},
                                {"value", {r.valMin, r.valMax}}});
    return doc.dump(2) + "\n";
}

Result<MaterialRecipe> loadRecipe(const std::string& path) {
    auto text = readFileText(path);
    if (!text) return text.error();
    return parseRecipe(*text, path);
}

Status saveRecipe(const std::string& path, const MaterialRecipe& recipe) {
    return writeFileAtomic(path, recipeToJson(recipe));
}

const SettingsSchema<MaterialSettings>& materialSchema() {
    static const SettingsSchema<MaterialSettings> schema = [] {
        SettingsSchema<MaterialSettings> s("materials", "Materials");
        addMaterialParams(s);
        return s;
    }();
    return schema;
}

}  // namespace sw::bake
