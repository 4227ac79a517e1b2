#pragma once
// Per-view choice of each leaf's level of detail by screen-space error, under one splat budget
// shared by every open scan. A level's error on screen is its splat spacing projected to pixels
// at the leaf's distance from the camera; the level a view wants is the coarsest whose error is
// at most τ (low / medium / high quality presets). The budget is spent greedily: every leaf
// starts at its coarsest level, then the refinements that remove the most error per added splat
// are applied while they fit (the strategy of PlayCanvas's streamed LOD). A budget smaller than
// the coarsest levels keeps them all (a coarse picture, flagged overBudget), never an error.
// Selections of different views are independent: a view holds no state.
// A view may carry its frustum: a leaf wholly outside it is left out of the view (not drawn, not
// counted in the budget, its coarsest level still kept resident so that turning shows it at
// once), so the budget goes to what the view sees.
#include <Eigen/Core>
#include <array>
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
    // left, right, bottom, top, near, far: n·p + d ≥ 0 inside, |n| = 1 (frustumPlanes); unused
    // while hasFrustum is false (every leaf in view).
    bool hasFrustum = false;
    std::array<Eigen::Vector4f, 6> frustum = [] {
        std::array<Eigen::Vector4f, 6> planes;
        for (Eigen::Vector4f& p : planes) p.setZero();
        return planes;
    }();
    // Pixels per model unit at distance 1: viewportHeight / (2 tan(fovY / 2)).
    double focalPixels() const;
    // Sets the frustum of projection · view (model → clip).
    void setFrustum(const Eigen::Matrix4f& viewProjection);
};

// The six planes of a model → clip matrix (Gribb and Hartmann), normalised.
std::array<Eigen::Vector4f, 6> frustumPlanes(const Eigen::Matrix4f& viewProjection);
// Whether `box` lies wholly outside one of the planes.
bool outsideFrustum(const std::array<Eigen::Vector4f, 6>& planes, const Eigen::AlignedBox3f& box);

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
    bool inView = true;       // false: outside the view's frustum (coarsest, not drawn, not counted)
};

struct Selection {
    std::vector<LeafChoice> leaves;  // every leaf of every scan, scan by scan
    std::uint64_t splats = 0;        // splats the chosen levels of the leaves in view hold
    double error = 0.0;              // Σ screen error of the chosen levels in view, pixels
    std::size_t culled = 0;          // leaves outside the view's frustum
    bool overBudget = false;         // the coarsest levels alone exceed the budget
};

// InvalidInput for a budget below 1 (naming it) or τ outside its range.
Result<Selection> selectLevels(const std::vector<const LodTree*>& scans, const View& view,
                               const SelectionSettings& settings);

}  // namespace sw::lod
