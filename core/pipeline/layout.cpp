#include "core/pipeline/layout.h"

#include <cstdio>
#include <filesystem>
#include <nlohmann/json.hpp>

#include "core/foundation/file_io.h"

namespace sw::pipeline {

namespace fs = std::filesystem;
using nlohmann::json;

namespace {

std::string join(const std::string& folder, const char* name) { return (fs::path(folder) / name).string(); }

std::string hex64(std::uint64_t v) {
    char buf[17];
    std::snprintf(buf, sizeof buf, "%016llx", static_cast<unsigned long long>(v));
    return buf;
}

// The settings as their preset JSON; settings outside their schema hash as one fixed text
// (the stage refuses them anyway).
template <class S>
std::string settingsText(const SettingsSchema<S>& schema, const S& settings) {
    if (!schema.check(settings)) return "invalid " + schema.schema().stage();
    return schema.toParams(settings).toJson();
}

// The trainer's settings that change the trained cloud: the project's training preset without
// the session's parameters (a resume may change those).
std::string trainingText(const std::string& preset) {
    json doc = json::parse(preset, nullptr, /*allow_exceptions=*/false);
    if (!doc.is_object() || !doc.contains("params") || !doc["params"].is_object()) return "{}";
    for (const char* session : {"threads", "device", "eval-every", "checkpoint-every", "snapshot-every"})
        doc["params"].erase(session);
    return doc["params"].dump();  // keys sorted: the same settings give the same text
}

// The import settings that change the model read: allow-outside says where files may be read
// from, not what is read, so it is left out (and the hashes of projects from before it stay).
std::string importText(const geometry::ImportSettings& settings) {
    std::string text = settingsText(geometry::importSchema(), settings);
    auto doc = nlohmann::ordered_json::parse(text, nullptr, /*allow_exceptions=*/false);
    if (!doc.is_object() || !doc.contains("params") || !doc["params"].is_object()) return text;
    doc["params"].erase("allow-outside");
    return doc.dump(2) + "\n";  // as ParamSet::toJson writes it: the same text as before the key existed
}

std::uint64_t hashText(const std::string& text) {
    return project::fnv1a64({reinterpret_cast<const std::uint8_t*>(text.data()), text.size()});
}

std::string exportStem(const project::Project& p) {
    if (!p.exportName.empty()) return p.exportName;
    const std::string stem = fs::path(p.modelPath).stem().string();
    return stem.empty() || stem.front() == '.' ? std::string("model") : stem;
}

}  // namespace

std::string datasetDir(const project::Project& project) { return join(project.cacheFolder, "dataset"); }
std::string trainingDir(const project::Project& project) { return join(project.cacheFolder, "training"); }
std::string trainedCloud(const project::Project& project) { return runCloud(trainingDir(project)); }
std::string exportDir(const project::Project& project) { return project.exportFolder; }

std::string scratchCacheFolder(const std::string& userCache, const std::string& modelPath) {
    std::error_code ec;
    const fs::path model = fs::absolute(modelPath, ec).lexically_normal();
    const std::string stem = model.stem().string().empty() ? std::string("model") : model.stem().string();
    const std::string text = model.string();
    const std::string hash = hex64(hashText(text)).substr(0, 8);
    return (fs::path(userCache) / "unsaved" / (stem + "-" + hash)).string();
}

std::string trainingDirFor(const project::Project& project, const std::string& dataset, StageStamp* stamp) {
    const auto same = [](const std::string& a, const std::string& b) {
        std::error_code ec;
        return fs::absolute(a, ec).lexically_normal() == fs::absolute(b, ec).lexically_normal();
    };
    if (stamp) *stamp = {};
    if (!project.cacheFolder.empty() && same(dataset, datasetDir(project))) {
        if (stamp) *stamp = stageStamp(project, Stage::Training);
        return trainingDir(project);
    }
    std::error_code ec;
    fs::path folder = fs::absolute(dataset, ec).lexically_normal();
    if (folder.filename().empty()) folder = folder.parent_path();  // "data/" → "data"
    return folder.string() + ".training";
}

std::string runCheckpointDir(const std::string& runDir) { return join(runDir, "checkpoint"); }
std::string runCloud(const std::string& runDir) { return join(runDir, "cloud.ply"); }
std::string runMetrics(const std::string& runDir) { return join(runDir, "metrics.json"); }
std::string runDatasetDir(const std::string& runDir) { return join(runDir, "dataset"); }

const char* stageName(Stage stage) {
    switch (stage) {
    case Stage::Dataset: return "dataset";
    case Stage::Training: return "training";
    case Stage::Export: return "export";
    }
    return "?";
}

const char* stageStatusName(StageStatus status) {
    switch (status) {
    case StageStatus::Missing: return "missing";
    case StageStatus::Stale: return "stale";
    case StageStatus::UpToDate: return "up to date";
    }
    return "?";
}

std::uint64_t stageHash(const project::Project& p, Stage stage) {
    std::string text = "model " + hex64(p.modelHash) + "\n" + importText(p.import) +
                       settingsText(dataset::beltSchema(), p.belt) + settingsText(dataset::datasetSchema(), p.dataset);
    for (const dataset::HsvAdjust& h : p.materialHsv)
        text += "hsv " + std::to_string(h.hueShift) + " " + std::to_string(h.saturation) + " " + std::to_string(h.value) + "\n";
    if (stage == Stage::Dataset) return hashText(text);
    text += "training " + trainingText(p.training) + "\n";
    if (stage == Stage::Training) return hashText(text);
    text += settingsText(bake::bakeSchema(), p.bake);
    text += "recipe " + (p.recipe ? bake::recipeToJson(*p.recipe) : std::string("none")) + "\n";
    for (const std::string& name : p.partNames) text += "part " + name + "\n";
    text += "components " + std::to_string(p.componentCount) + "\n";
    for (const project::PartOverride& o : p.partOverrides)
        text += "override " + std::to_string(o.component) + " " + std::to_string(o.part) + "\n";
    text += settingsText(bake::exportSchema(), p.exportSettings) + "name " + exportStem(p) + "\n";
    return hashText(text);
}

StageStamp stageStamp(const project::Project& project, Stage stage) {
    return {join(project.cacheFolder, (std::string(stageName(stage)) + ".stamp.json").c_str()), stageHash(project, stage)};
}

Status writeStamp(const StageStamp& stamp) {
    if (stamp.path.empty()) return {};
    std::error_code ec;
    fs::create_directories(fs::path(stamp.path).parent_path(), ec);
    if (ec) return makeError(ErrorCode::Io, "cannot create folder: " + ec.message(), fs::path(stamp.path).parent_path().string());
    const json doc = {{"format", "splatwright-stage-stamp"}, {"fnv1a64", hex64(stamp.hash)}};
    return writeFileAtomic(stamp.path, doc.dump(2) + "\n");
}

namespace {
Status checkCacheTarget(const std::string& from, const std::string& to) {
    std::error_code ec;
    if (fs::exists(to, ec)) return makeError(ErrorCode::InvalidInput, "the project's cache folder exists already", to);
    if (!fs::is_directory(from, ec)) return makeError(ErrorCode::Io, "no cache folder to bring into the project", from);
    fs::create_directories(fs::path(to).parent_path(), ec);
    if (ec) return makeError(ErrorCode::Io, "cannot create folder: " + ec.message(), fs::path(to).parent_path().string());
    return {};
}
}  // namespace

Status copyCache(const std::string& from, const std::string& to) {
    SW_TRY(checkCacheTarget(from, to));
    std::error_code ec;
    const fs::path tmp = fs::path(to).string() + ".partial";
    fs::remove_all(tmp, ec);  // a copy an earlier crash left behind (our own name)
    fs::copy(from, tmp, fs::copy_options::recursive, ec);
    if (!ec) fs::rename(tmp, to, ec);
    if (ec) {
        std::error_code ignored;
        fs::remove_all(tmp, ignored);
        return makeError(ErrorCode::Io, "cannot copy the cache folder here: " + ec.message(), to);
    }
    return {};
}

Status adoptCache(const std::string& from, const std::string& to) {
    SW_TRY(checkCacheTarget(from, to));
    std::error_code ec;
    fs::rename(from, to, ec);
    if (!ec) return {};
    if (ec != std::errc::cross_device_link)
        return makeError(ErrorCode::Io, "cannot move the cache folder here: " + ec.message(), to);
    SW_TRY(copyCache(from, to));
    fs::remove_all(from, ec);  // the copy is whole; a scratch folder left over is only disk space
    return {};
}

void redirect(std::string& dir, StageStamp& stamp, const std::string& folder) {
    if (folder.empty() || folder == dir) return;
    dir = folder;
    stamp = {};
}

StageStatus stageStatus(const project::Project& project, Stage stage) {
    std::string product;
    switch (stage) {
    case Stage::Dataset: product = join(datasetDir(project), "transforms_train.json"); break;
    case Stage::Training: product = trainedCloud(project); break;
    case Stage::Export: product = join(exportDir(project), (exportStem(project) + ".bin").c_str()); break;
    }
    std::error_code ec;
    if (!fs::is_regular_file(product, ec)) return StageStatus::Missing;
    const StageStamp stamp = stageStamp(project, stage);
    auto text = readFileText(stamp.path);
    if (!text) return StageStatus::Stale;
    const json doc = json::parse(*text, nullptr, /*allow_exceptions=*/false);
    if (!doc.is_object() || !doc.contains("fnv1a64") || !doc["fnv1a64"].is_string()) return StageStatus::Stale;
    return doc["fnv1a64"].get<std::string>() == hex64(stamp.hash) ? StageStatus::UpToDate : StageStatus::Stale;
}

}  // namespace sw::pipeline
