#pragma once
// Benders (seed 004 "Касание — Foliage.bend"): nodes whose live position pushes plants aside. A
// plant whose footprint is within a bender's radius leans away from it as a whole (root fixed,
// tip full, through the main-bend weight); near the plant's centre it leans along the bender's
// motion instead (velocity smoothed over ~0.2 s), so a bush you run through bends forward and
// settles behind you, and a bender standing still inside a plant leaves it nearly upright.
// Any number can be registered; the maxBenders nearest the camera act; a removed one drops out.
// Scene metres, +Z up; time in seconds.
#include <Eigen/Core>
#include <string>
#include <vector>

#include "core/foliage/foliage_settings.h"
#include "core/foundation/error.h"

namespace sw::foliage {

inline constexpr float BENDER_CAPSULE_HEIGHT = 1.6f;  // m: a standing figure

struct Bender {
    int id = -1;
    Eigen::Vector3f position = Eigen::Vector3f::Zero();  // scene metres
    float radius = 0.7f;                                 // m
    Eigen::Vector3f velocity = Eigen::Vector3f::Zero();  // m/s, smoothed
    float height = BENDER_CAPSULE_HEIGHT;                // m, the capsule drawn (the push ignores it)
};

inline constexpr float TOUCH_VELOCITY_REF = 0.5f;  // m/s at which the motion share is half

class BenderSet {
public:
    explicit BenderSet(const TouchSettings& touch = {}) : m_touch(touch) {}

    // Registers a bender; radius <= 0 takes TouchSettings::radius. Returns its id.
    int add(const Eigen::Vector3f& position, float radius = 0.f);
    bool remove(int id);  // false when no such bender
    bool setHeight(int id, float height);  // false when no such bender
    // Moves a bender to `position` after dt seconds (dt > 0): its velocity follows the raw one
    // with weight 1 − exp(−dt / smoothing) (exponential smoothing, time constant `smoothing`).
    void move(int id, const Eigen::Vector3f& position, float dt);
    const std::vector<Bender>& benders() const { return m_benders; }
    // The maxBenders benders nearest the camera, nearest first (ties by id).
    std::vector<Bender> acting(const Eigen::Vector3f& camera) const;

private:
    TouchSettings m_touch;
    std::vector<Bender> m_benders;
    int m_nextId = 0;
};

// Tip lean (rad × direction) of one plant from the acting benders. root: scene metres;
// footprint: the plant's radius in metres; response: Plant::touch. Each bender within
// footprint + radius pushes the tip by look.touch × response × falloff × direction, falloff 1
// inside the footprint, smoothstep to 0 at footprint + radius; direction blends away-from-the-
// bender (share d / core) with the smoothed motion (share (1 − d / core) × |v| / (|v| +
// TOUCH_VELOCITY_REF)), core = max(footprint, radius / 2). The summed push is clamped to
// look.touch × response and turned into a lean atan(|push| / height), at most MAX_LEAN.
Eigen::Vector2f touchLean(const Eigen::Vector3f& root, float footprint, float heightMetres, float response,
                          const std::vector<Bender>& acting, const LookSettings& look);

// A scripted bender: points walked at `speed` by arc length, looping or stopping at the end.
struct BenderPath {
    std::vector<Eigen::Vector3f> points;  // [K >= 1] scene metres
    float speed = 1.f;                    // m/s, > 0
    float radius = 0.7f;                  // m
    bool loop = false;
};
// {"points": [[x, y, z], ...], "speed": 1.5, "radius": 0.7, "loop": false}; radius and loop
// optional. Parse/InvalidInput errors name the key and the file (NaN, infinity, wrong types,
// no points, speed <= 0).
Result<BenderPath> benderPathFromJson(const std::string& text, const std::string& path);
Result<BenderPath> loadBenderPath(const std::string& path);
// A scene's scripted benders: {"benders": [{"radius": 0.7, "speed": 1.5, "points": [[x, y, z],
// ...], "loop": false}, ...]}, each entry a BenderPath as above; errors name the entry's key
// ("benders[1].points[0]: not a finite number") and the file.
Result<std::vector<BenderPath>> benderPathsFromJson(const std::string& text, const std::string& path);
Result<std::vector<BenderPath>> loadBenderPaths(const std::string& path);
// Position at time t >= 0.
Eigen::Vector3f pathPosition(const BenderPath& path, float t);

}  // namespace sw::foliage
