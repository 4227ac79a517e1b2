#include "core/train/checkpoint.h"

#include <filesystem>
#include <nlohmann/json.hpp>
#include <system_error>

#include "core/formats/ply.h"
#include "core/foundation/file_io.h"

namespace sw::train {

namespace fs = std::filesystem;

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
    SW_TRY(formats::writePly((fs::path(dir) / plyName).string(), checkpoint.cloud));
    nlohmann::ordered_json doc;
    doc["step"] = checkpoint.step;
    doc["seed"] = checkpoint.seed;
    doc["ply"] = plyName;
    doc["settings"] = nlohmann::json::parse(checkpoint.settingsJson, nullptr, false);
    SW_TRY(writeFileAtomic(jsonPath, doc.dump(2) + "\n"));
    if (!previousPly.empty() && previousPly != plyName) fs::remove(fs::path(dir) / previousPly, ec);
    return {};
}

Result<Checkpoint> readCheckpoint(const std::string& path) {
    const fs::path jsonPath = fs::is_directory(path) ? fs::path(path) / "checkpoint.json" : fs::path(path);
    auto text = readFileText(jsonPath.string());
    if (!text) return text.error();
    const auto doc = nlohmann::json::parse(*text, nullptr, false);
    if (!doc.is_object() || !doc.contains("step") || !doc["step"].is_number_integer() || !doc.contains("ply") ||
        !doc["ply"].is_string() || !doc.contains("seed") || !doc["seed"].is_number_integer())
        return makeError(ErrorCode::Parse, "not a checkpoint: needs integer 'step' and 'seed' and a 'ply' name",
                         jsonPath.string());
    Checkpoint checkpoint;
    checkpoint.step = doc["step"].get<int>();
    checkpoint.seed = doc["seed"].get<std::uint64_t>();
    if (checkpoint.step < 0) return makeError(ErrorCode::Parse, "negative checkpoint step", jsonPath.string());
    if (doc.contains("settings") && doc["settings"].is_object()) checkpoint.settingsJson = doc["settings"].dump();
    const std::string plyPath = (jsonPath.parent_path() / doc["ply"].get<std::string>()).string();
    auto cloud = formats::readPly(plyPath);
    if (!cloud) return cloud.error();
    SW_TRY(cloud->validate(plyPath));
    if (cloud->empty()) return makeError(ErrorCode::InvalidInput, "checkpoint cloud has no splats", plyPath);
    checkpoint.cloud = std::move(*cloud);
    return checkpoint;
}

}  // namespace sw::train
