#pragma once
// The cloud edits of a project, kept beside the cloud they edit (issue 16 item 1): which splats
// (by stable ID = row of the cloud file) are deleted, kept in the bake or hidden, and whether a
// bake was shown, with the cloud file's size and FNV-1a 64 hash so edits of another cloud (a
// new training run) are never applied. Written atomically when the project is saved; the cloud
// file itself is never written.
#include <QString>
#include <cstdint>
#include <vector>

#include "core/foundation/error.h"

namespace sw::editor {

struct CloudEdits {
    std::uint64_t cloudBytes = 0;
    std::uint64_t cloudHash = 0;
    std::vector<std::uint32_t> deleted, kept, hidden;  // stable IDs, ascending
    bool baked = false;                                // re-bake after restoring
    bool empty() const { return deleted.empty() && kept.empty() && hidden.empty() && !baked; }
};

// <cloud>.edits.json for a cloud file.
QString cloudEditsPath(const QString& cloudPath);
// Size and hash of the cloud file (its identity); an Io error naming it.
sw::Result<std::pair<std::uint64_t, std::uint64_t>> cloudIdentity(const QString& cloudPath);
// Writes (or, for empty edits, removes; with keepEmpty, writes them too) `file`: the edits file
// of a cloud (cloudEditsPath) or an autosave's companion (AutosaveController::cloudEditsOf,
// kept when empty: restoring it applies no edits instead of the project's saved ones).
sw::Status saveCloudEdits(const QString& file, const CloudEdits& edits, bool keepEmpty = false);
// The edits in `file` for the cloud file `cloudPath`: none (empty) when there is no such file;
// an error naming the file when it is unreadable, malformed, or of another cloud (size or hash
// differ).
sw::Result<CloudEdits> loadCloudEdits(const QString& file, const QString& cloudPath);

}  // namespace sw::editor
