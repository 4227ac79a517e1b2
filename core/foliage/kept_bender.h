#pragma once
// The benders a foliage scene keeps (issue 35 §4, §6): the Foliage dock's dragged capsules and
// scripted paths as the project stores them. A dragged bender is its resting place; a scripted
// one its path (walked in the scene's time) and the file it came from. The scalar fields are
// declared once as a schema (STYLE habit 10), so the project reads and writes them by name and
// an older file without one of them gets its default. Scene metres, +Z up.
#include <Eigen/Core>
#include <optional>
#include <string>

#include "core/foliage/bender.h"
#include "core/foundation/error.h"
#include "core/foundation/schema.h"

namespace sw::foliage {

struct KeptBender {
    float x = 0.f;        // m: a dragged bender's place (a scripted one's is its path's)
    float y = 0.f;
    float z = 0.f;
    float radius = 0.f;   // m; 0 = the touch settings' radius (a scripted one: its path's)
    float height = BENDER_CAPSULE_HEIGHT;  // m, the capsule drawn in the viewport
    std::string file;     // the path file's name, for the list (scripted only)
    std::optional<BenderPath> path;  // scripted; else dragged
    Eigen::Vector3f position() const { return {x, y, z}; }
};
const SettingsSchema<KeptBender>& keptBenderSchema();

// {"points": [[x, y, z], ...], "speed": s, "radius": r, "loop": b}: what benderPathFromJson reads.
std::string benderPathJson(const BenderPath& path);

}  // namespace sw::foliage
