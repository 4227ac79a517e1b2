#include "core/train/checkpoint.h"

#include <filesystem>
#include <limits>
#include <string_view>
#include <nlohmann/json.hpp>
#include <system_error>

#include "core/formats/ply.h"
#include "core/foundation/file_io.h"

namespace sw::train {

namespace fs = std::filesystem;

namespace {

// A PLY this program wrote into the checkpoint folder: "checkpoint_<digits>.ply", no folder part.
// checkpoint.json is a file the user can edit, so a name from it is deleted only when it is
// one of ours ("../x", "/home/u/x.ply" or "notes.ply" are left alone).
bool isCheckpointPlyName(const std::string& name) {
    constexpr std::string_view prefix = "checkpoint_", suffix = ".ply";
    if (name.size() <= prefix.size() + suffix.size() || name.compare(0, prefix.size(), prefix) != 0 ||
        name.compare(name.size() - suffix.size(), suffix.size(), suffix) != 0)
        return false;
    for (std::size_t i = prefix.size(); i < name.size() - suffix.size(); ++i)
        if (name[i] < '0' || name[i] > '9') return false;
    return true;
}

}  // namespace

Status writeCheckpoint(const std::string& dir, const Checkpoint& checkpoint) {
    std::error_code ec;
    fs::create_directories(dir, ec);
    if (ec) return makeError(ErrorCode::Io, "cannot create folder: " + ec.message(), dir);
    const std::string jsonPath = (fs::path(dir) / "checkpoint.json").string();
    std::string previousPly;
    if (auto old = readFileText(jsonPath)) {
        const auto doc = nlohmann::json::parse(*old, nullptr, false);
        if (doc.is_object() && doc.contains("ply") && doc["ply"].is_string()) previousPly = doc["ply"];
    }
    const std::string plyName = "checkpoint_" + std::to_string(checkpoint.step) + ".ply";
    SW_TRY(formats::writePly((fs::path(dir) / plyName).string(), checkpoint.cloud, {formats::Axes::Model}));
    nlohmann::ordered_json doc;
    doc["step"] = checkpoint.step;
    doc["seed"] = checkpoint.seed;
    doc["ply"] = plyName;
    doc["settings"] = nlohmann::json::parse(checkpoint.settingsJson, nullptr, false);
    SW_TRY(writeFileAtomic(jsonPath, doc.dump(2) + "\n"));
    if (isCheckpointPlyName(previousPly) && previousPly != plyName) {
        const fs::path previous = fs::path(dir) / previousPly;
        if (fs::is_regular_file(fs::symlink_status(previous, ec))) fs::remove(previous, ec);
    }
    return {};
}

Result<CheckpointHeader> readCheckpointHeader(const std::string& path) {
    const fs::path jsonPath = fs::is_directory(path) ? fs::path(path) / "checkpoint.json" : fs::path(path);
    auto text = readFileText(jsonPath.string());
    if (!text) return text.error();
    const auto doc = nlohmann::json::parse(*text, nullptr, false);
    if (!doc.is_object() || !doc.contains("step") || !doc["step"].is_number_integer() || !doc.contains("ply") ||
        !doc["ply"].is_string() || !doc.contains("seed") || !doc["seed"].is_number_integer())
        return makeError(ErrorCode::Parse, "not a checkpoint: needs integer 'step' and 'seed' and a 'ply' name",
                         jsonPath.string());
    const nlohmann::json& step = doc["step"];
    if (!step.is_number_unsigned() && step.get<long long>() < 0)
        return makeError(ErrorCode::Parse, "negative checkpoint step", jsonPath.string());
    if (step.get<unsigned long long>() > static_cast<unsigned long long>(std::numeric_limits<int>::max()))
        return makeError(ErrorCode::Parse, "checkpoint step " + step.dump() + " is larger than " +
                                               std::to_string(std::numeric_limits<int>::max()), jsonPath.string());
    CheckpointHeader header;
    header.step = step.get<int>();
    header.seed = doc["seed"].get<std::uint64_t>();
    if (doc.contains("settings") && doc["settings"].is_object()) header.settingsJson = doc["settings"].dump();
    header.plyPath = (jsonPath.parent_path() / doc["ply"].get<std::string>()).string();
    return header;
}

Result<Checkpoint> readCheckpoint(const std::string& path) {
    auto header = readCheckpointHeader(path);
    if (!header) return header.error();
    Checkpoint checkpoint;
    checkpoint.step = header->step;
    checkpoint.seed = header->seed;
    checkpoint.settingsJson = std::move(header->settingsJson);
    auto cloud = formats::readPly(header->plyPath);
    if (!cloud) return cloud.error();
    SW_TRY(cloud->validate(header->plyPath));
    if (cloud->empty()) return makeError(ErrorCode::InvalidInput, "checkpoint cloud has no splats", header->plyPath);
    checkpoint.cloud = std::move(*cloud);
    return checkpoint;
}

}  // namespace sw::train
