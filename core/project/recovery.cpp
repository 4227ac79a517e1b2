#include "core/project/recovery.h"

#include <nlohmann/json.hpp>

#include "core/foundation/file_io.h"

namespace sw::project {

using nlohmann::json;

namespace {
constexpr const char* kFormat = "splatwright-recovery";
constexpr int kVersion = 1;
}  // namespace

std::string recoveryPathBeside(const std::string& projectPath) { return projectPath + kRecoveryExtension; }

std::string recoveryToJson(const Recovery& r, const std::string& recoveryPath) {
    json doc;
    doc["format"] = kFormat;
    doc["version"] = kVersion;
    doc["projectPath"] = r.projectPath;
    doc["savedAtMs"] = r.savedAtMs;
    doc["pid"] = r.pid;
    doc["project"] = json::parse(projectToJson(r.project, recoveryPath));
    return doc.dump(2) + "\n";
}

Result<Recovery> recoveryFromJson(std::string_view text, const std::string& recoveryPath) {
    const json doc = json::parse(text, nullptr, /*allow_exceptions=*/false);
    if (doc.is_discarded() || !doc.is_object()) return makeError(ErrorCode::Parse, "not a JSON object", recoveryPath);
    const auto format = doc.find("format");
    if (format == doc.end() || !format->is_string() || format->get<std::string>() != kFormat)
        return makeError(ErrorCode::Parse, std::string("not a Splatwright recovery file (format is not \"") + kFormat + "\")",
                         recoveryPath);
    const auto version = doc.find("version");
    if (version == doc.end() || !version->is_number_integer())
        return makeError(ErrorCode::Parse, "\"version\" is missing or not an integer", recoveryPath);
    if (version->get<int>() > kVersion)
        return makeError(ErrorCode::Unsupported, "recovery file version " + std::to_string(version->get<int>()) +
                                                     " is newer than this Splatwright (" + std::to_string(kVersion) + ")",
                         recoveryPath);
    Recovery r;
    const auto path = doc.find("projectPath");
    if (path == doc.end() || !path->is_string()) return makeError(ErrorCode::Parse, "\"projectPath\" is not a string", recoveryPath);
    r.projectPath = path->get<std::string>();
    for (const auto& [key, member] : {std::pair{"savedAtMs", &r.savedAtMs}, std::pair{"pid", &r.pid}}) {
        const auto value = doc.find(key);
        if (value == doc.end() || !value->is_number_integer())
            return makeError(ErrorCode::Parse, std::string("\"") + key + "\" is not an integer", recoveryPath);
        *member = value->get<std::int64_t>();
    }
    const auto project = doc.find("project");
    if (project == doc.end() || !project->is_object()) return makeError(ErrorCode::Parse, "\"project\" is not an object", recoveryPath);
    auto parsed = projectFromJson(project->dump(), recoveryPath);
    if (!parsed) return parsed.error();
    r.project = std::move(parsed).value();
    return r;
}

Status saveRecovery(const Recovery& recovery, const std::string& recoveryPath) {
    return writeFileAtomic(recoveryPath, recoveryToJson(recovery, recoveryPath));
}

Result<Recovery> loadRecovery(const std::string& recoveryPath) {
    auto text = readFileText(recoveryPath);
    if (!text) return text.error();
    return recoveryFromJson(*text, recoveryPath);
}

}  // namespace sw::project
