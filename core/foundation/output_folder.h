#pragma once
// Folder outputs never delete or replace what this program did not write. Every folder the
// program writes into carries a marker, ".splatwright-output.json", listing the entries it
// wrote there (relative paths; a trailing "/" marks a whole folder as ours). An existing path
// is replaced only when the marker of its folder lists it, and a whole folder (the dataset) is
// replaced only when it is empty or everything in it is listed: a folder holding the user's
// files, the input model or a foreign tree is refused with an error naming the first foreign
// entry. Folders are built under a temporary name (TemporaryFolder) and renamed into place.
#include <string>
#include <vector>

#include "core/foundation/error.h"

namespace sw {

inline constexpr const char* kOutputMarker = ".splatwright-output.json";

// Adds `entries` to folder's marker (created when missing; written atomically).
Status recordOutputs(const std::string& folder, const std::vector<std::string>& entries);

// Ok when folder/entry does not exist or folder's marker lists it (or a folder above it).
// InvalidInput otherwise: "<folder/entry>: exists and was not written by splatwright ...".
Status checkReplaceable(const std::string& folder, const std::string& entry);

// checkReplaceable() for each entry, then creates folder and records them: the start of a
// stage that writes these entries into a folder the user named (train -o).
Status claimOutputs(const std::string& folder, const std::vector<std::string>& entries);

// Ok when `folder` does not exist, is an empty folder, or holds only what its marker lists.
Status checkFolderReplaceable(const std::string& folder);

// Puts the complete folder `temp` at `target`: after checkFolderReplaceable(target), an old
// target is moved aside, temp renamed into place, and the old one removed.
Status replaceFolder(const std::string& temp, const std::string& target);

// "<target>.tmp-<pid>-<hex>/" with a marker, created after removing the stale ones of target
// (file_io.h). Removed with its contents on destruction unless release()d.
class TemporaryFolder {
public:
    static Result<TemporaryFolder> create(const std::string& target);
    TemporaryFolder(TemporaryFolder&& other) noexcept;
    TemporaryFolder& operator=(TemporaryFolder&&) = delete;
    TemporaryFolder(const TemporaryFolder&) = delete;
    ~TemporaryFolder();

    const std::string& path() const { return m_path; }
    void release() { m_path.clear(); }
    // An error about a file inside this folder re-pointed at where that file ends up under
    // `target`, so messages name the user's path, not the temporary one.
    Error relocate(Error error, const std::string& target) const;

private:
    TemporaryFolder() = default;
    std::string m_path;
};

}  // namespace sw
