#pragma once
// Initial splats for training (PIPELINE.md §3): positions sampled on the mesh surface (or,
// for a dataset without a mesh, inside its visual hull), colour from the texture or the
// images, random unit quaternions, scale 0.03 on every axis, opacity 0.5 (logit 0) ± a small jitter.
#include <cstdint>

#include "core/foundation/error.h"
#include "core/foundation/progress.h"
#include "core/geometry/mesh.h"
#include "core/splat/splat_cloud.h"
#include "core/train/train_data.h"

namespace sw::train {

struct InitSettings {
    int count = 6000;            // splats to create
    std::uint64_t seed = 1;
    float scale = 0.03f;         // initial sigma on each axis, model units
    float opacity = 0.5f;
    // Uniform ± jitter on the initial opacity. The entropy penalty o(1 − o) has zero gradient at
    // exactly 0.5, and splats hidden inside the object get no image gradient: without the
    // jitter they stay at 0.5 forever, neither opaque nor dead (measured: 3.9% of a 6000-splat
    // demo run). With it, the entropy phase drives them to 0 (then MCMC relocates them) or 1.
    float opacityJitter = 0.01f;
    // Visual hull only:
    float cubeEdge = 1.6f;       // candidates are drawn in this cube centred at the origin
    int hullViews = 48;          // train views tested per candidate (evenly spaced subset)
    float hullAlpha = 0.5f;      // a view votes "inside" when the pixel's alpha exceeds this
    float hullMissShare = 0.05f; // share of landing views allowed to vote "outside"
};

// `count` area-weighted surface samples of the mesh, coloured by its base colour.
Result<splat::SplatCloud> initFromSurface(const geometry::Mesh& mesh, const InitSettings& settings);

// Visual-hull sampling: uniform random points in the cube, kept when they project inside
// alpha > hullAlpha in all but hullMissShare of the tested train views where they land in the
// image (and land in at least one); colour is the mean straight colour over those views.
// Returns fewer than `count` splats when the hull is too thin to fill within the candidate
// limit (200 × count); none at all is an InvalidInput error. Both return OutOfMemory when
// the start cloud cannot be allocated.
Result<splat::SplatCloud> initFromVisualHull(const TrainData& data, const InitSettings& settings,
                                             const Progress& progress = {});

}  // namespace sw::train
