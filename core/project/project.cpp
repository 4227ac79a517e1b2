#include "core/project/project.h"

#include <algorithm>
#include <cmath>
#include <cstdio>
#include <filesystem>
#include <limits>
#include <nlohmann/json.hpp>

#include "core/foundation/file_io.h"
#include "core/geometry/winding.h"

namespace sw::project {

namespace fs = std::filesystem;
using nlohmann::json;

namespace {

constexpr const char* kFormat = "splatwright-project";

std::string hex64(std::uint64_t v) {
    char buf[17];
    std::snprintf(buf, sizeof buf, "%016llx", static_cast<unsigned long long>(v));
    return buf;
}

// Stored relative to the project folder when possible, so a project folder can move.
std::string relativeTo(const std::string& path, const fs::path& base) {
    if (path.empty()) return {};
    std::error_code ec;
    const fs::path rel = fs::proximate(fs::absolute(path), base, ec);
    return ec ? path : rel.generic_string();
}

std::string resolve(const std::string& path, const fs::path& base) {
    if (path.empty()) return {};
    const fs::path p(path);
    return (p.is_absolute() ? p : (base / p)).lexically_normal().string();
}

fs::path projectFolder(const std::string& projectPath) {
    return fs::absolute(fs::path(projectPath)).parent_path();
}

// An integer JSON value within [lo, hi] (unsigned and signed storage alike).
bool isIntIn(const json& v, long long lo, long long hi) {
    if (v.is_number_unsigned()) {  // a JSON 0 or positive integer: both ends count ("version": 0 is below 1)
        const unsigned long long u = v.get<unsigned long long>();
        return (lo <= 0 || u >= static_cast<unsigned long long>(lo)) && u <= static_cast<unsigned long long>(hi);
    }
    return v.is_number_integer() && v.get<long long>() >= lo && v.get<long long>() <= hi;
}

// doc[key] as a string; a missing key gives `fallback`, another type a Parse error naming it.
Result<std::string> stringAt(const json& doc, const char* key, const std::string& where, std::string fallback,
                             const std::string& path) {
    if (!doc.contains(key)) return fallback;
    if (!doc[key].is_string()) return makeError(ErrorCode::Parse, where + key + " is not a string", path);
    return doc[key].get<std::string>();
}

template <class S>
json presetJson(const SettingsSchema<S>& schema, const S& settings) {
    return json::parse(schema.toParams(settings).toJson());
}

template <class S>
Status readPreset(const json& doc, const char* key, const SettingsSchema<S>& schema, S& out,
                  const std::string& path) {
    if (!doc.contains(key)) return {};  // missing section: defaults
    if (!doc[key].is_object()) return makeError(ErrorCode::Parse, std::string(key) + " is not an object", path);
    ParamSet params = schema.toParams(S{});
    if (Status s = params.fromJson(doc[key].dump(), path); !s)
        return makeError(s.error().code, std::string(key) + ": " + s.error().message, path);
    out = schema.fromParams(params);
    return {};
}

// foliage: {"wind", "look", "touch", "preview"}, each a preset; a missing one keeps its defaults.
Status readFoliage(const json& doc, Project& p, const std::string& path) {
    if (!doc.contains("foliage")) return {};
    const json& f = doc["foliage"];
    if (!f.is_object()) return makeError(ErrorCode::Parse, "foliage is not an object", path);
    const auto part = [&](Status s) -> Status {
        if (s) return s;
        return makeError(s.error().code, "foliage." + s.error().message, path);
    };
    SW_TRY(part(readPreset(f, "wind", foliage::windSchema(), p.foliage.wind, path)));
    SW_TRY(part(readPreset(f, "look", foliage::lookSchema(), p.foliage.look, path)));
    SW_TRY(part(readPreset(f, "touch", foliage::touchSchema(), p.foliage.touch, path)));
    SW_TRY(part(readPreset(f, "preview", foliage::previewSchema(), p.foliagePreview, path)));
    if (!f.contains("benders")) return {};  // saved before the benders were kept: none
    const json& list = f["benders"];
    if (!list.is_array()) return makeError(ErrorCode::Parse, "foliage.benders is not an array", path);
    for (std::size_t i = 0; i < list.size(); ++i) {
        const std::string where = "foliage.benders[" + std::to_string(i) + "]";
        if (!list[i].is_object()) return makeError(ErrorCode::Parse, where + " is not an object", path);
        json entry = list[i];
        const json pathJson = entry.contains("path") ? entry["path"] : json();
        entry.erase("path");
        if (!entry.contains("params")) entry["params"] = json::object();  // every field its default
        foliage::KeptBender b;
        SW_TRY(part(readPreset(json{{"bender", entry}}, "bender", foliage::keptBenderSchema(), b, path)));
        if (!pathJson.is_null()) {
            auto walked = foliage::benderPathFromJson(pathJson.dump(), path);
            if (!walked) return makeError(walked.error().code, where + ".path." + walked.error().message, path);
            b.path = std::move(*walked);
        }
        p.foliageBenders.push_back(std::move(b));
    }
    return {};
}

// weapons: an array of weapon presets ({"stage": "weapon", "params": {…}}), names unique.
Status readWeapons(const json& doc, Project& p, const std::string& path) {
    if (!doc.contains("weapons")) return {};
    const json& list = doc["weapons"];
    if (!list.is_array()) return makeError(ErrorCode::Parse, "weapons is not an array", path);
    for (std::size_t i = 0; i < list.size(); ++i) {
        const std::string where = "weapons[" + std::to_string(i) + "]";
        if (!list[i].is_object()) return makeError(ErrorCode::Parse, where + " is not an object", path);
        auto profile = destruct::profileFromJson(list[i].dump(), path);
        if (!profile) return makeError(profile.error().code, where + ": " + profile.error().message, path);
        if (profile->name.empty()) return makeError(ErrorCode::InvalidInput, where + " has no name", path);
        for (const destruct::WeaponProfile& w : p.weapons)
            if (w.name == profile->name)
                return makeError(ErrorCode::InvalidInput, where + ": a second weapon profile named '" + w.name + "'", path);
        p.weapons.push_back(std::move(*profile));
    }
    return {};
}

Status readHsv(const json& doc, Project& p, const std::string& path) {
    if (!doc.contains("materialHsv")) return {};
    const json& list = doc["materialHsv"];
    if (!list.is_array()) return makeError(ErrorCode::Parse, "materialHsv is not an array", path);
    for (std::size_t i = 0; i < list.size(); ++i) {
        const json& e = list[i];
        dataset::HsvAdjust h;
        const std::string where = "materialHsv[" + std::to_string(i) + "]";
        if (!e.is_object()) return makeError(ErrorCode::Parse, where + " is not an object", path);
        for (auto [key, field] : {std::pair{"hueShift", &h.hueShift}, std::pair{"saturation", &h.saturation},
                                  std::pair{"value", &h.value}}) {
            if (!e.contains(key)) continue;
            if (!e[key].is_number()) return makeError(ErrorCode::Parse, where + "." + key + " is not a number", path);
            *field = e[key].get<float>();
            if (!std::isfinite(*field)) return makeError(ErrorCode::InvalidInput, where + "." + key + " is not finite", path);
        }
        if (h.saturation < 0 || h.value < 0)
            return makeError(ErrorCode::InvalidInput, where + ": saturation and value must be ≥ 0", path);
        p.materialHsv.push_back(h);
    }
    return {};
}

Status readParts(const json& doc, Project& p, const std::string& path) {
    if (!doc.contains("parts")) return {};
    const json& parts = doc["parts"];
    if (!parts.is_object()) return makeError(ErrorCode::Parse, "parts is not an object", path);
    const json names = parts.value("names", json::array());
    if (!names.is_array() || names.size() > static_cast<std::size_t>(geometry::Mesh::kMaxParts))
        return makeError(ErrorCode::InvalidInput, "parts.names must be an array of at most " +
                                                      std::to_string(geometry::Mesh::kMaxParts) + " names", path);
    for (const json& n : names) {
        if (!n.is_string()) return makeError(ErrorCode::Parse, "parts.names holds a non-string", path);
        p.partNames.push_back(n.get<std::string>());
    }
    const json count = parts.value("components", json(0));
    if (!isIntIn(count, 0, std::numeric_limits<int>::max()))
        return makeError(ErrorCode::Parse, "parts.components is not a non-negative integer", path);
    p.componentCount = count.get<int>();
    const json overrides = parts.value("overrides", json::array());
    if (!overrides.is_array()) return makeError(ErrorCode::Parse, "parts.overrides is not an array", path);
    for (std::size_t i = 0; i < overrides.size(); ++i) {
        const json& o = overrides[i];
        const std::string where = "parts.overrides[" + std::to_string(i) + "]";
        if (!o.is_object() || !o.contains("component") || !o.contains("part") ||
            !isIntIn(o["component"], std::numeric_limits<int>::min(), std::numeric_limits<int>::max()) ||
            !isIntIn(o["part"], std::numeric_limits<int>::min(), std::numeric_limits<int>::max()))
            return makeError(ErrorCode::Parse, where + " needs integer component and part", path);
        const int c = o["component"].get<int>(), part = o["part"].get<int>();
        if (c < 0 || c >= p.componentCount)
            return makeError(ErrorCode::InvalidInput, where + ": component " + std::to_string(c) + " is not in [0, " +
                                                          std::to_string(p.componentCount) + ")", path);
        if (part < 0 || part >= geometry::Mesh::kMaxParts)
            return makeError(ErrorCode::InvalidInput, where + ": part " + std::to_string(part) + " is out of range", path);
        setPartOverride(p, c, part);
    }
    return {};
}

json vec3Json(const Eigen::Vector3f& v) { return json::array({v.x(), v.y(), v.z()}); }

Status readVec3(const json& obj, const char* key, Eigen::Vector3f& out, const std::string& path) {
    if (!obj.contains(key)) return {};
    const json& v = obj[key];
    const std::string where = std::string("effectVectors.") + key;
    if (!v.is_array() || v.size() != 3) return makeError(ErrorCode::Parse, where + " is not an array of 3 numbers", path);
    for (int i = 0; i < 3; ++i) {
        if (!v[std::size_t(i)].is_number()) return makeError(ErrorCode::Parse, where + " is not an array of 3 numbers", path);
        out[i] = v[std::size_t(i)].get<float>();
        if (!std::isfinite(out[i])) return makeError(ErrorCode::InvalidInput, where + " is not finite", path);
    }
    return {};
}

Status readEffectVectors(const json& doc, Project& p, const std::string& path) {
    if (!doc.contains("effectVectors")) return {};
    const json& v = doc["effectVectors"];
    if (!v.is_object()) return makeError(ErrorCode::Parse, "effectVectors is not an object", path);
    SW_TRY(readVec3(v, "center", p.effects.center, path));
    SW_TRY(readVec3(v, "shotDirection", p.effects.shotDirection, path));
    SW_TRY(readVec3(v, "hitPoint", p.effects.hitPoint, path));
    if (p.effects.shotDirection.norm() < 1e-6f)
        return makeError(ErrorCode::InvalidInput, "effectVectors.shotDirection is zero", path);
    p.effects.shotDirection.normalize();
    return {};
}

// The trainer's preset, kept as text (core/pipeline checks names and ranges): an object whose
// "params" values are JSON scalars.
Status readTraining(const json& doc, Project& p, const std::string& path) {
    if (!doc.contains("training")) return {};
    const json& t = doc["training"];
    if (!t.is_object()) return makeError(ErrorCode::Parse, "training is not an object", path);
    if (t.empty()) return {};
    if (t.contains("stage") && t["stage"] != "train")
        return makeError(ErrorCode::InvalidInput, "training: preset is for stage " + t["stage"].dump() + ", not 'train'", path);
    if (!t.contains("params") || !t["params"].is_object())
        return makeError(ErrorCode::Parse, "training: missing \"params\" object", path);
    for (auto& [key, value] : t["params"].items())
        if (!value.is_boolean() && !value.is_number() && !value.is_string())
            return makeError(ErrorCode::Parse, "training: parameter '" + key + "' has an unsupported JSON type", path);
    p.training = t.dump();
    return {};
}

Status readRecipe(const json& doc, Project& p, const std::string& path) {
    if (!doc.contains("recipe") || doc["recipe"].is_null()) return {};
    if (!doc["recipe"].is_object()) return makeError(ErrorCode::Parse, "recipe is not an object", path);
    auto recipe = bake::parseRecipe(doc["recipe"].dump(), path);
    if (!recipe) return makeError(recipe.error().code, "recipe: " + recipe.error().message, path);
    p.recipe = std::move(*recipe);
    return {};
}

// "export": the export schema's preset plus "name" and "folder".
Status readExport(const json& doc, Project& p, const fs::path& base, const std::string& path) {
    if (!doc.contains("export")) return {};
    const json& e = doc["export"];
    if (!e.is_object()) return makeError(ErrorCode::Parse, "export is not an object", path);
    if (e.contains("params")) {
        json preset = e;
        preset.erase("name");
        preset.erase("folder");
        json only = json::object();
        only["export"] = preset;
        SW_TRY(readPreset(only, "export", bake::exportSchema(), p.exportSettings, path));
    }
    auto name = stringAt(e, "name", "export.", {}, path);
    if (!name) return name.error();
    if (name->find('/') != std::string::npos || name->find('\\') != std::string::npos || *name == "." || *name == "..")
        return makeError(ErrorCode::InvalidInput, "export.name '" + *name + "' is not a file stem", path);
    p.exportName = *name;
    auto folder = stringAt(e, "folder", "export.", "export", path);
    if (!folder) return folder.error();
    p.exportFolder = resolve(folder->empty() ? std::string("export") : *folder, base);
    return {};
}

}  // namespace

Result<std::uint64_t> hashFile(const std::string& path) {
    auto bytes = readFileBytes(path);
    if (!bytes) return bytes.error();
    return fnv1a64(*bytes);
}

Result<Project> newProject(const std::string& modelPath, const std::string& projectPath) {
    auto hash = hashFile(modelPath);
    if (!hash) return hash.error();
    Project p;
    p.modelPath = fs::absolute(modelPath).lexically_normal().string();
    p.modelHash = *hash;
    placeFolders(p, projectPath, true);
    return p;
}

void placeFolders(Project& p, const std::string& projectPath, bool exportToo) {
    const fs::path proj = fs::absolute(projectPath);
    p.cacheFolder = (proj.parent_path() / (proj.stem().string() + ".cache")).string();
    if (exportToo || p.exportFolder.empty()) p.exportFolder = (proj.parent_path() / "export").string();
}

std::string projectToJson(const Project& p, const std::string& projectPath) {
    const fs::path base = projectFolder(projectPath);
    json doc;
    doc["format"] = kFormat;
    doc["version"] = kProjectVersion;
    doc["model"] = {{"path", relativeTo(p.modelPath, base)}, {"fnv1a64", hex64(p.modelHash)}};
    doc["import"] = presetJson(geometry::importSchema(), p.import);
    doc["belt"] = presetJson(dataset::beltSchema(), p.belt);
    doc["dataset"] = presetJson(dataset::datasetSchema(), p.dataset);
    json hsv = json::array();
    for (const dataset::HsvAdjust& h : p.materialHsv)
        hsv.push_back({{"hueShift", h.hueShift}, {"saturation", h.saturation}, {"value", h.value}});
    doc["materialHsv"] = hsv;
    json overrides = json::array();
    for (const PartOverride& o : p.partOverrides) overrides.push_back({{"component", o.component}, {"part", o.part}});
    doc["parts"] = {{"names", p.partNames}, {"components", p.componentCount}, {"overrides", overrides}};
    const json training = json::parse(p.training, nullptr, /*allow_exceptions=*/false);
    doc["training"] = training.is_object() ? training : json::object();
    doc["bake"] = presetJson(bake::bakeSchema(), p.bake);
    doc["recipe"] = p.recipe ? json::parse(bake::recipeToJson(*p.recipe)) : json(nullptr);
    doc["export"] = presetJson(bake::exportSchema(), p.exportSettings);
    doc["export"]["name"] = p.exportName;
    doc["export"]["folder"] = relativeTo(p.exportFolder, base);
    doc["effects"] = presetJson(render::effectsSchema(), p.effects);
    doc["effectTimeline"] = presetJson(render::effectTimelineSchema(), p.effectTimeline);
    doc["effectVectors"] = {{"center", vec3Json(p.effects.center)},
                            {"shotDirection", vec3Json(p.effects.shotDirection)},
                            {"hitPoint", vec3Json(p.effects.hitPoint)}};
    json weapons = json::array();
    for (const destruct::WeaponProfile& w : p.weapons) weapons.push_back(json::parse(destruct::profileToJson(w)));
    doc["weapons"] = weapons;
    doc["destruction"] = presetJson(destruct::simSchema(), p.destruction);
    doc["foliage"] = {{"wind", presetJson(foliage::windSchema(), p.foliage.wind)},
                      {"look", presetJson(foliage::lookSchema(), p.foliage.look)},
                      {"touch", presetJson(foliage::touchSchema(), p.foliage.touch)},
                      {"preview", presetJson(foliage::previewSchema(), p.foliagePreview)}};
    json benders = json::array();
    for (const foliage::KeptBender& b : p.foliageBenders) {
        json entry = presetJson(foliage::keptBenderSchema(), b);
        if (b.path) entry["path"] = json::parse(foliage::benderPathJson(*b.path));
        benders.push_back(std::move(entry));
    }
    doc["foliage"]["benders"] = benders;
    doc["cacheFolder"] = relativeTo(p.cacheFolder, base);
    return doc.dump(2) + "\n";
}

namespace {

Status migrateProject(json& doc, const std::string& projectPath) {
    const json version = doc.value("version", json());
    if (!isIntIn(version, 1, kProjectVersion))
        return makeError(ErrorCode::Unsupported, "unsupported project version " + version.dump(), projectPath);
    // Version 1 → 2: version 1 saved import, belt, dataset, HSV, parts and the cache folder. The
    // sections version 2 added (training, bake, recipe, export, effects) are absent there and
    // read as defaults; its export folder is "export" next to the project file.
    if (version.get<int>() == 1) {
        doc["export"] = {{"folder", "export"}};
        doc["version"] = 2;
    }
    return {};
}

Result<Project> readProject(const json& doc, const std::string& projectPath) {
    const fs::path base = projectFolder(projectPath);
    Project p;
    const json model = doc.value("model", json());
    if (!model.is_object() || !model.contains("path") || !model["path"].is_string() || model["path"].get<std::string>().empty())
        return makeError(ErrorCode::Parse, "missing model.path", projectPath);
    p.modelPath = resolve(model["path"].get<std::string>(), base);
    auto hash = stringAt(model, "fnv1a64", "model.", {}, projectPath);
    if (!hash) return hash.error();
    if (hash->size() != 16 || hash->find_first_not_of("0123456789abcdef") != std::string::npos)
        return makeError(ErrorCode::Parse, "model.fnv1a64 is not 16 lowercase hex digits", projectPath);
    p.modelHash = std::stoull(*hash, nullptr, 16);
    SW_TRY(readPreset(doc, "import", geometry::importSchema(), p.import, projectPath));
    SW_TRY(readPreset(doc, "belt", dataset::beltSchema(), p.belt, projectPath));
    SW_TRY(readPreset(doc, "dataset", dataset::datasetSchema(), p.dataset, projectPath));
    SW_TRY(readHsv(doc, p, projectPath));
    SW_TRY(readParts(doc, p, projectPath));
    SW_TRY(readTraining(doc, p, projectPath));
    SW_TRY(readPreset(doc, "bake", bake::bakeSchema(), p.bake, projectPath));
    SW_TRY(readRecipe(doc, p, projectPath));
    SW_TRY(readExport(doc, p, base, projectPath));
    SW_TRY(readPreset(doc, "effects", render::effectsSchema(), p.effects, projectPath));
    SW_TRY(readPreset(doc, "effectTimeline", render::effectTimelineSchema(), p.effectTimeline, projectPath));
    SW_TRY(readEffectVectors(doc, p, projectPath));
    SW_TRY(readWeapons(doc, p, projectPath));
    SW_TRY(readPreset(doc, "destruction", destruct::simSchema(), p.destruction, projectPath));
    SW_TRY(readFoliage(doc, p, projectPath));
    auto cache = stringAt(doc, "cacheFolder", "", {}, projectPath);
    if (!cache) return cache.error();
    p.cacheFolder = resolve(*cache, base);
    return p;
}

}  // namespace

Result<Project> projectFromJson(std::string_view text, const std::string& projectPath) {
    json doc = json::parse(text, nullptr, /*allow_exceptions=*/false);
    if (doc.is_discarded() || !doc.is_object()) return makeError(ErrorCode::Parse, "not a JSON object", projectPath);
    auto format = stringAt(doc, "format", "", {}, projectPath);
    if (!format) return format.error();
    if (*format != kFormat)
        return makeError(ErrorCode::Parse, std::string("not a Splatwright project (format is not \"") + kFormat + "\")",
                         projectPath);
    SW_TRY(migrateProject(doc, projectPath));
    try {  // every access above is type-checked; this only guards against a slip
        return readProject(doc, projectPath);
    } catch (const json::exception& e) {
        return makeError(ErrorCode::Parse, std::string("unexpected JSON content: ") + e.what(), projectPath);
    }
}

Status saveProject(const Project& project, const std::string& projectPath) {
    return writeFileAtomic(projectPath, projectToJson(project, projectPath));
}

Result<Project> loadProject(const std::string& projectPath) {
    auto text = readFileText(projectPath);
    if (!text) return text.error();
    return projectFromJson(*text, projectPath);
}

Status verifyModel(const Project& project) {
    auto hash = hashFile(project.modelPath);
    if (!hash) return hash.error();
    if (*hash != project.modelHash)
        return makeError(ErrorCode::InvalidInput,
                         "the model changed since the project was saved (fnv1a64 " + hex64(*hash) + ", expected " +
                             hex64(project.modelHash) + ")", project.modelPath);
    return {};
}

Status applyParts(const Project& project, geometry::Mesh& mesh) {
    if (!project.partNames.empty()) mesh.partNames = project.partNames;
    if (project.partOverrides.empty()) return {};
    const geometry::FaceComponents comps = geometry::faceComponents(mesh);
    if (comps.count != project.componentCount)
        return makeError(ErrorCode::InvalidInput, "the model has " + std::to_string(comps.count) +
                                                      " components, the project's part overrides are for " +
                                                      std::to_string(project.componentCount));
    std::vector<int> partOf(static_cast<std::size_t>(comps.count), -1);
    for (const PartOverride& o : project.partOverrides) {
        if (o.component < 0 || o.component >= comps.count || o.part < 0 || o.part >= geometry::Mesh::kMaxParts)
            return makeError(ErrorCode::InvalidInput, "part override out of range");
        partOf[static_cast<std::size_t>(o.component)] = o.part;
    }
    mesh.facePart.resize(mesh.triangleCount(), 0);
    for (std::size_t f = 0; f < mesh.triangleCount(); ++f) {
        const int part = partOf[static_cast<std::size_t>(comps.faceComponent[f])];
        if (part >= 0) mesh.facePart[f] = part;
    }
    int maxPart = 0;
    for (int part : mesh.facePart) maxPart = std::max(maxPart, part);
    while (static_cast<int>(mesh.partNames.size()) <= maxPart)
        mesh.partNames.push_back("part " + std::to_string(mesh.partNames.size() + 1));
    return {};
}

void setPartOverride(Project& project, int component, int part) {
    auto& list = project.partOverrides;
    auto it = std::lower_bound(list.begin(), list.end(), component,
                               [](const PartOverride& o, int c) { return o.component < c; });
    if (it != list.end() && it->component == component) it->part = part;
    else list.insert(it, PartOverride{component, part});
}

}  // namespace sw::project
