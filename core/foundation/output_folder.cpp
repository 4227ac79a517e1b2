#include "core/foundation/output_folder.h"

#include <filesystem>
#include <nlohmann/json.hpp>
#include <set>
#include <system_error>

#include "core/foundation/file_io.h"

namespace sw {
namespace fs = std::filesystem;
namespace {

// The entries folder's marker lists; empty (and ok = false) when there is no readable marker.
std::set<std::string> listedEntries(const fs::path& folder, bool& ok) {
    ok = false;
    std::error_code ec;
    if (!fs::is_regular_file(folder / kOutputMarker, ec)) return {};
    auto text = readFileText((folder / kOutputMarker).string());
    if (!text) return {};
    const auto doc = nlohmann::json::parse(*text, nullptr, false);
    if (!doc.is_object() || !doc.contains("writer") || doc["writer"] != "splatwright" || !doc.contains("entries") ||
        !doc["entries"].is_array())
        return {};
    std::set<std::string> entries;
    for (const auto& e : doc["entries"])
        if (e.is_string()) entries.insert(e.get<std::string>());
    ok = true;
    return entries;
}

// True when `rel` (a file, or a folder when isFolder) is covered by the listed entries.
bool covered(const std::set<std::string>& entries, const std::string& rel, bool isFolder) {
    if (rel == kOutputMarker) return true;
    if (entries.count(rel) || entries.count(rel + "/")) return true;
    for (std::string up = rel; !up.empty();) {  // under a listed folder
        const auto slash = up.rfind('/');
        if (slash == std::string::npos) break;
        up.resize(slash);
        if (entries.count(up + "/")) return true;
    }
    if (isFolder) {  // a folder holding listed entries
        const std::string prefix = rel + "/";
        const auto it = entries.lower_bound(prefix);
        if (it != entries.end() && it->compare(0, prefix.size(), prefix) == 0) return true;
    }
    return false;
}

Error foreign(const fs::path& path, const std::string& what) {
    return makeError(ErrorCode::InvalidInput,
                     what + " was not written by splatwright (no " + kOutputMarker +
                         " lists it); it is left untouched: choose another output or move it away",
                     path.string());
}

}  // namespace

Status recordOutputs(const std::string& folder, const std::vector<std::string>& entries) {
    bool ok = false;
    std::set<std::string> all = listedEntries(folder, ok);
    all.insert(entries.begin(), entries.end());
    nlohmann::ordered_json doc;
    doc["writer"] = "splatwright";
    doc["note"] = "Entries splatwright wrote here; it replaces only these.";
    doc["entries"] = std::vector<std::string>(all.begin(), all.end());
    return writeFileAtomic((fs::path(folder) / kOutputMarker).string(), doc.dump(1) + "\n");
}

Status checkReplaceable(const std::string& folder, const std::string& entry) {
    std::string rel = entry;
    const bool isFolder = !rel.empty() && rel.back() == '/';
    if (isFolder) rel.pop_back();
    const fs::path path = fs::path(folder) / rel;
    std::error_code ec;
    if (!fs::exists(fs::symlink_status(path, ec))) return {};
    bool ok = false;
    const auto entries = listedEntries(folder, ok);
    if (!covered(entries, rel, false) && !entries.count(rel + "/")) return foreign(path, "it exists and");
    return {};
}

Status claimOutputs(const std::string& folder, const std::vector<std::string>& entries) {
    std::error_code ec;
    const auto st = fs::symlink_status(folder, ec);
    if (fs::exists(st) && !fs::is_directory(st))
        return makeError(ErrorCode::InvalidInput, "exists and is not a folder; it is left untouched", folder);
    for (const std::string& e : entries) SW_TRY(checkReplaceable(folder, e));
    fs::create_directories(folder, ec);
    if (ec) return makeError(ErrorCode::Io, "cannot create the folder (" + ec.message() + ")", folder);
    return recordOutputs(folder, entries);
}

Status checkFolderReplaceable(const std::string& folder) {
    const fs::path root(folder);
    std::error_code ec;
    const auto st = fs::symlink_status(root, ec);
    if (!fs::exists(st)) return {};
    if (!fs::is_directory(st))
        return makeError(ErrorCode::InvalidInput,
                         "exists and is not a folder; it is left untouched: choose a new folder for the output",
                         folder);
    bool ok = false;
    const auto entries = listedEntries(root, ok);
    fs::recursive_directory_iterator it(root, fs::directory_options::none, ec), end;
    if (ec) return makeError(ErrorCode::Io, "cannot list the existing folder (" + ec.message() + ")", folder);
    for (; it != end; it.increment(ec)) {
        if (ec) return makeError(ErrorCode::Io, "cannot list the existing folder (" + ec.message() + ")", folder);
        std::error_code kindEc;
        const bool isFolder = it->is_directory(kindEc) && !it->is_symlink(kindEc);
        const std::string rel = it->path().lexically_relative(root).generic_string();
        if (!covered(entries, rel, isFolder))
            return makeError(ErrorCode::InvalidInput,
                             "the folder exists and holds '" + rel +
                                 "', which splatwright did not write; nothing was replaced: choose a new or empty "
                                 "folder for the output",
                             folder);
    }
    return {};
}

Status replaceFolder(const std::string& temp, const std::string& target) {
    SW_TRY(checkFolderReplaceable(target));
    std::error_code ec;
    fs::path old;
    if (fs::is_directory(fs::symlink_status(target, ec)) && fs::is_empty(target, ec)) {
        fs::remove(target, ec);
    } else if (fs::exists(fs::symlink_status(target, ec))) {
        old = temporaryPathFor(target);
        fs::rename(target, old, ec);
        if (ec) return makeError(ErrorCode::Io, "cannot move the existing folder aside (" + ec.message() + ")", target);
    }
    fs::rename(temp, target, ec);
    if (ec) {
        std::error_code back;
        if (!old.empty()) fs::rename(old, target, back);
        return makeError(ErrorCode::Io, "cannot move the new folder into place (" + ec.message() + ")", target);
    }
    if (!old.empty()) fs::remove_all(old, ec);
    return {};
}

Result<TemporaryFolder> TemporaryFolder::create(const std::string& target) {
    removeStaleTemporaries(target);
    TemporaryFolder folder;
    const std::string path = temporaryPathFor(target);
    std::error_code ec;
    if (!fs::create_directory(path, ec) || ec)
        return makeError(ErrorCode::Io, "cannot create a folder here (" + (ec ? ec.message() : "exists") + ")", target);
    folder.m_path = path;
    if (Status st = recordOutputs(path, {}); !st) return folder.relocate(st.error(), target);
    return folder;
}

TemporaryFolder::TemporaryFolder(TemporaryFolder&& other) noexcept : m_path(std::move(other.m_path)) {
    other.m_path.clear();
}

TemporaryFolder::~TemporaryFolder() {
    std::error_code ec;
    if (!m_path.empty()) fs::remove_all(m_path, ec);
}

Error TemporaryFolder::relocate(Error error, const std::string& target) const {
    if (!m_path.empty() && error.path.compare(0, m_path.size(), m_path) == 0)
        error.path = target + error.path.substr(m_path.size());
    return error;
}

}  // namespace sw
