#include "core/project/project.h"

#include <algorithm>
#include <cmath>
#include <cstdio>
#include <filesystem>
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

template <class S>
json presetJson(const SettingsSchema<S>& schema, const S& settings) {
    return json::parse(schema.toParams(settings).toJson());
}

template <class S>
Status readPreset(const json& doc, const char* key, const SettingsSchema<S>& schema, S& out,
                  const std::string& path) {
    if (!doc.contains(key)) return {};  // missing section: defaults
    ParamSet params = schema.toParams(S{});
    if (Status s = params.fromJson(doc[key].dump(), path); !s)
        return makeError(s.error().code, std::string(key) + ": " + s.error().message, path);
    out = schema.fromParams(params);
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
    if (!count.is_number_integer() || count.get<long long>() < 0)
        return makeError(ErrorCode::Parse, "parts.components is not a non-negative integer", path);
    p.componentCount = count.get<int>();
    const json overrides = parts.value("overrides", json::array());
    if (!overrides.is_array()) return makeError(ErrorCode::Parse, "parts.overrides is not an array", path);
    for (std::size_t i = 0; i < overrides.size(); ++i) {
        const json& o = overrides[i];
        const std::string where = "parts.overrides[" + std::to_string(i) + "]";
        if (!o.is_object() || !o.contains("component") || !o.contains("part") || !o["component"].is_number_integer() ||
            !o["part"].is_number_integer())
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

}  // namespace

std::uint64_t fnv1a64(std::span<const std::uint8_t> bytes) {
    std::uint64_t h = 14695981039346656037ull;
    for (std::uint8_t b : bytes) {
        h ^= b;
        h *= 1099511628211ull;
    }
    return h;
}

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
    const fs::path proj = fs::absolute(projectPath);
    p.cacheFolder = (proj.parent_path() / (proj.stem().string() + ".cache")).string();
    return p;
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
    doc["cacheFolder"] = relativeTo(p.cacheFolder, base);
    return doc.dump(2) + "\n";
}

Result<Project> projectFromJson(std::string_view text, const std::string& projectPath) {
    const json doc = json::parse(text, nullptr, /*allow_exceptions=*/false);
    if (doc.is_discarded() || !doc.is_object()) return makeError(ErrorCode::Parse, "not a JSON object", projectPath);
    if (doc.value("format", std::string()) != kFormat)
        return makeError(ErrorCode::Parse, std::string("not a Splatwright project (format is not \"") + kFormat + "\")",
                         projectPath);
    const json version = doc.value("version", json());
    if (!version.is_number_integer() || version.get<int>() < 1 || version.get<int>() > kProjectVersion)
        return makeError(ErrorCode::Unsupported, "unsupported project version " + version.dump(), projectPath);
    const fs::path base = projectFolder(projectPath);
    Project p;
    const json model = doc.value("model", json());
    if (!model.is_object() || !model.contains("path") || !model["path"].is_string() || model["path"].get<std::string>().empty())
        return makeError(ErrorCode::Parse, "missing model.path", projectPath);
    p.modelPath = resolve(model["path"].get<std::string>(), base);
    const std::string hash = model.value("fnv1a64", std::string());
    if (hash.size() != 16 || hash.find_first_not_of("0123456789abcdef") != std::string::npos)
        return makeError(ErrorCode::Parse, "model.fnv1a64 is not 16 lowercase hex digits", projectPath);
    p.modelHash = std::stoull(hash, nullptr, 16);
    SW_TRY(readPreset(doc, "import", geometry::importSchema(), p.import, projectPath));
    SW_TRY(readPreset(doc, "belt", dataset::beltSchema(), p.belt, projectPath));
    SW_TRY(readPreset(doc, "dataset", dataset::datasetSchema(), p.dataset, projectPath));
    SW_TRY(readHsv(doc, p, projectPath));
    SW_TRY(readParts(doc, p, projectPath));
    const json cache = doc.value("cacheFolder", json(""));
    if (!cache.is_string()) return makeError(ErrorCode::Parse, "cacheFolder is not a string", projectPath);
    p.cacheFolder = resolve(cache.get<std::string>(), base);
    return p;
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
