#pragma once
// Scatter (issue 35 §3): N copies of a foliage asset on the ground by count or density, seed,
// slope and minimum spacing. Dart throwing (Cook, "Stochastic Sampling in Computer Graphics",
// ACM TOG 1986) with a uniform grid whose cells are at least minSpacing wide, so each candidate
// checks 3 × 3 cells: 10k copies take milliseconds, 1M a second or so. Deterministic per seed
// (splitmix64, no global state). Scene metres, +Z up.
#include <Eigen/Core>
#include <cstdint>
#include <functional>
#include <vector>

#include "core/foundation/error.h"
#include "core/foundation/progress.h"

namespace sw::foliage {

inline constexpr std::int64_t MAX_SCATTER_COPIES = 10'000'000;

struct ScatterSettings {
    std::int64_t count = 1000;   // copies wanted; 0 = density × area
    float density = 0.f;         // copies per m² when count is 0
    float width = 50.f;          // m along x, centred at the origin
    float depth = 50.f;          // m along y
    std::uint32_t seed = 1;
    float minSpacing = 0.3f;     // m between copy origins; 0 = none
    float maxSlope = 35.f;       // deg: steeper ground stays bare
    float scaleMin = 0.8f;       // uniform scale range of a copy
    float scaleMax = 1.2f;
    int attemptsPerCopy = 30;    // dart throws per wanted copy before giving up on the rest
};

struct ScatterCopy {
    Eigen::Vector3f position;  // scene metres, on the ground
    float yaw = 0.f;           // rad about +Z
    float scale = 1.f;
};

struct ScatterResult {
    std::vector<ScatterCopy> copies;  // at most the copies wanted (fewer when spacing or slope forbid)
    std::int64_t wanted = 0;
    std::int64_t attempts = 0;
};

// Ground height z(x, y); empty = the plane z = 0.
using GroundHeight = std::function<float(float x, float y)>;

// InvalidInput for a count or density × area above MAX_SCATTER_COPIES (N = 10^9 is refused
// before anything is allocated), a non-positive area, a negative spacing or a bad scale range;
// Cancelled when the progress is cancelled.
Result<ScatterResult> scatter(const ScatterSettings& settings, const GroundHeight& ground = {},
                              const Progress& progress = {});

}  // namespace sw::foliage
