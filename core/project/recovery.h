#pragma once
// Crash recovery files (issue #16 build item 3): the editor's autosave writes the project state
// it has not saved yet to a recovery file, atomically (sw::writeFileAtomic: temporary, fsync,
// rename), and removes it on a clean quit or after a save. A recovery file still there at the
// next start means the editor did not quit cleanly.
//
//   {"format": "splatwright-recovery", "version": 1,
//    "projectPath": "/abs/drone.splatproj",   // "" for a project never saved
//    "savedAtMs": 1764640000000, "pid": 4242,  // wall clock, the writing process
//    "project": {…}}                           // projectToJson(project, <the recovery file>)
#include <cstdint>
#include <string>

#include "core/foundation/error.h"
#include "core/project/project.h"

namespace sw::project {

inline constexpr const char* kRecoveryExtension = ".autosave";

struct Recovery {
    std::string projectPath;  // the project this state belongs to; empty = never saved
    std::int64_t savedAtMs = 0;
    std::int64_t pid = 0;
    Project project;
};

// Beside a saved project: "<project>.autosave" (drone.splatproj → drone.splatproj.autosave).
std::string recoveryPathBeside(const std::string& projectPath);

std::string recoveryToJson(const Recovery& recovery, const std::string& recoveryPath);
// Errors (Parse / InvalidInput / Unsupported) carry recoveryPath and name the key.
Result<Recovery> recoveryFromJson(std::string_view text, const std::string& recoveryPath);
Status saveRecovery(const Recovery& recovery, const std::string& recoveryPath);  // atomic
Result<Recovery> loadRecovery(const std::string& recoveryPath);

}  // namespace sw::project
