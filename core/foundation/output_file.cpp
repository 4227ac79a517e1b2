#include "core/foundation/output_file.h"

#include <sys/stat.h>

#include <filesystem>

#include "core/foundation/output_folder.h"

namespace sw {
namespace fs = std::filesystem;
namespace {

// The same file: one device and inode (lstat for links is not wanted here: an input named
// through a link is still that file).
bool sameFile(const std::string& a, const std::string& b) {
    struct stat sa {}, sb {};
    if (::stat(a.c_str(), &sa) != 0 || ::stat(b.c_str(), &sb) != 0) return false;
    return sa.st_dev == sb.st_dev && sa.st_ino == sb.st_ino;
}

Error refused(const std::string& path, const std::string& why) {
    return makeError(ErrorCode::InvalidInput, why + "; nothing was written", path);
}

}  // namespace

Status checkOutputFile(const std::string& path, const OutputFileRule& rule) {
    if (path.empty()) return {};
    struct stat st {};
    if (::lstat(path.c_str(), &st) != 0) return {};  // a new file (its folder's errors come with the write)
    if (S_ISLNK(st.st_mode)) {
        std::error_code ec;
        const fs::path target = fs::read_symlink(path, ec);
        struct stat to {};
        // A link to a character device (/dev/stdout → /proc/self/fd/1 → a tty) is still a device.
        if (::stat(path.c_str(), &to) == 0 && S_ISCHR(to.st_mode)) return {};
        return refused(path, "is a symbolic link" + (ec ? std::string() : " to " + target.string()) +
                                 "; splatwright does not write through links (name the file itself)");
    }
    // A device is written in place; a folder, pipe or socket is refused by the writer itself
    // (file_io.h: "is a folder, not a file").
    if (!S_ISREG(st.st_mode)) return {};
    for (const std::string& input : rule.inputs)
        if (!input.empty() && sameFile(path, input))
            return refused(path, "is an input of this job (" + input + "); choose another output");
    if (rule.overwrite) return {};
    const fs::path p(path);
    const std::string folder = p.has_parent_path() ? p.parent_path().string() : std::string(".");
    if (checkReplaceable(folder, p.filename().string()))
        return {};  // its folder's marker lists it: the program wrote it
    return refused(path, "exists and was not written by splatwright (no " + std::string(kOutputMarker) +
                             " lists it); it is left untouched: choose another output, or --overwrite");
}

Status checkOutputFiles(const std::vector<std::string>& paths, const OutputFileRule& rule) {
    for (std::size_t i = 0; i < paths.size(); ++i) {
        SW_TRY(checkOutputFile(paths[i], rule));
        for (std::size_t j = 0; j < i; ++j)
            if (!paths[i].empty() && (paths[i] == paths[j] || sameFile(paths[i], paths[j])))
                return refused(paths[i], "is asked for twice (as two outputs of this job)");
    }
    return {};
}

Status recordOutputFile(const std::string& path) {
    if (path.empty()) return {};
    struct stat st {};
    if (::lstat(path.c_str(), &st) != 0 || !S_ISREG(st.st_mode)) return {};
    const fs::path p(path);
    return recordOutputs(p.has_parent_path() ? p.parent_path().string() : std::string("."), {p.filename().string()});
}

}  // namespace sw
