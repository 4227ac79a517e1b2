#pragma once
// Per-view choice of each leaf's level of detail by screen-space error, under one splat budget
// shared by every open scan. A level's error on screen is its splat spacing projected to pixels
// at the leaf's distance from the camera; the level a view wants is the coarsest whose error is
// at most τ (low / medium / high quality presets). The budget is spent greedily: every leaf
// starts at its coarsest level, then the refinements that remove the most error per added splat
// are applied while they fit (the strategy of PlayCanvas's streamed LOD). A budget smaller than
// the coarsest levels keeps them all (a coarse picture, flagged overBudget), never an error.
// Selections of different views are independent: a view holds no state.
#include <Eigen/Core>
#include <cstdint>
#include <vector>

#include "core/foundation/error.h"
#include "core/foundation/schema.h"
#include "core/lod/lod_tree.h"

namespace sw::lod {

struct View {
    Eigen::Vector3f position = Eigen::Vector3f::Zero();  // camera centre, model space
    float fovY = 0.8f;                                    // vertical field of view, radians
    int viewportHeight = 1080;                            // pixels
    // Pixels per model unit at distance 1: viewportHeight / (2 tan(fovY / 2)).
    double focalPixels() const;
};

struct SelectionSettings {
    float tau = 1.0f;                      // largest screen-space error kept, pixels
    std::int64_t splatBudget = 4'000'000;  // splats drawn in the view over every scan
};
// tau and splat-budget, with the presets low (τ 4 px), medium (2 px) and high (1 px, the default).
const SettingsSchema<SelectionSettings>& selectionSchema();

// Screen-space error of `spacing` (model units) for a box seen from `view`, in pixels; the
// distance is the camera's to the box, at least 1e-6 of the box diagonal.
double screenError(const View& view, const Eigen::AlignedBox3f& bounds, float spacing);

struct LeafChoice {
    std::uint32_t scan = 0;
    std::uint32_t leaf = 0;
    std::uint8_t level = 0;   // chosen
    std::uint8_t wanted = 0;  // the coarsest level within τ (chosen when the budget allows)
    float distance = 0.0f;    // camera to the leaf's bounds
};

struct Selection {
    std::vector<LeafChoice> leaves;  // every leaf of every scan, scan by scan
    std::uint64_t splats = 0;        // splats the chosen levels hold
    double error = 0.0;              // Σ screen error of the chosen levels, pixels
    bool overBudget = false;         // the coarsest levels alone exceed the budget
};

// InvalidInput for a budget below 1 (naming it) or τ outside its range.
Result<Selection> selectLevels(const std::vector<const LodTree*>& scans, const View& view,
                               const SelectionSettings& settings);

}  // namespace sw::lod
