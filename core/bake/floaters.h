#pragma once
// Floaters, four independent signs (PIPELINE §4). Each sign is a boolean per splat with its
// own count, so the editor can show them separately; the bake removes the union of the
// enabled ones.
//   1 far:        distance from the centre to the mesh surface > farDistance (0.055);
//   2 detached:   not in the largest connected component of the neighbour graph (grid hash,
//                 an edge joins centres closer than the link radius) and not lying on the
//                 surface: a component whose median distance to the surface (either side) is
//                 at most detachedSurfaceDistance sits on real geometry (a thin cable beside a
//                 big body) and lives;
//   3 silhouette: seen from the game views (72 azimuths × 5 elevations over the belt), the
//                 ray from the viewpoint through the centre misses the mesh entirely — in at
//                 least silhouetteMissShare of the views that see the splat (a view sees it
//                 when nothing is hit before the centre). A miss only counts when the splat
//                 sticks out by more than silhouetteTolerance: the ray through the centre
//                 moved that far toward its closest surface point must miss too (a healthy
//                 splat 0.013 off a curved surface would otherwise miss in grazing views);
//   4 dataset:    its disc projects only onto transparent background in every train view.
#include <Eigen/Core>
#include <cstdint>
#include <span>
#include <string>
#include <vector>

#include "core/foundation/error.h"
#include "core/foundation/image_io.h"
#include "core/foundation/progress.h"
#include "core/foundation/schema.h"
#include "core/geometry/ray_query.h"
#include "core/splat/splat_cloud.h"

namespace sw::bake {

struct FloaterSettings {
    float farDistance = 0.055f;        // sign 1, model units (healthy p50/p99 ≈ 0.013/0.057)
    float linkRadius = 0.f;            // sign 2, model units; 0 = linkFactor × mean spacing
    float linkFactor = 2.f;            // sign 2: auto radius = factor·sqrt(bbox surface area / N)
    float detachedSurfaceDistance = 0.02f;  // sign 2, model units: a component this close (median) lives
    int silhouetteAzimuths = 72;       // sign 3 view grid
    int silhouetteElevations = 5;
    float silhouetteElevationMin = 14.f;  // deg, the training belt
    float silhouetteElevationMax = 50.f;  // deg
    float viewRadius = 3.2f;           // model units, perspective viewpoints looking at the origin
    float silhouetteMissShare = 0.5f;  // sign 3: flagged when misses / views-that-see-it ≥ this
    int silhouetteMinViews = 4;        // sign 3: seen by fewer views → no verdict (not flagged)
    float silhouetteSlack = 0.01f;     // model units: a hit this close before the centre still "sees" it
    float silhouetteTolerance = 0.02f; // sign 3, model units: how far past the silhouette counts as a miss
    float discSigmas = 2.f;            // sign 4: disc radius = discSigmas × largest sigma
    int backgroundAlpha = 0;           // sign 4: alpha ≤ this is transparent background
    bool removeFar = true;
    bool removeDetached = true;
    bool removeSilhouette = true;
    bool removeDataset = true;
};
const SettingsSchema<FloaterSettings>& floaterSchema();

// Train views of a NeRF-synthetic dataset, decoded for the sign-4 pass.
struct DatasetViews {
    double cameraAngleX = 0;                   // radians, horizontal field of view
    std::vector<Eigen::Matrix4d> cameraToWorld;  // [V] OpenGL camera convention
    std::vector<Rgba8Image> images;            // [V] RGBA, alpha = coverage
};
// Reads <dir>/transforms_train.json and its images. Errors name the JSON or image file.
Result<DatasetViews> loadDatasetViews(const std::string& dir, const Progress& progress = {});

// Where the splats of one sign lie: behind their nearest face (inside the hull or under a
// plate), on it, or in front of it (outside), and their bounding box (lo > hi when none).
struct FloaterWhere {
    int behind = 0, on = 0, inFront = 0;
    Eigen::Vector3f lo = Eigen::Vector3f::Constant(1e30f), hi = Eigen::Vector3f::Constant(-1e30f);
    int count() const { return behind + on + inFront; }
};

struct FloaterReport {
    int far = 0, detached = 0, silhouette = 0, dataset = 0;  // splats flagged per sign
    // Per sign (far, detached, silhouette, dataset) and for the removed union: where they lie.
    FloaterWhere farWhere, detachedWhere, silhouetteWhere, datasetWhere, removedWhere;
    int detachedOnSurface = 0;         // splats of small components spared because they lie on the surface
    int removed = 0;                   // union of the enabled signs, less the kept ones
    int kept = 0;                      // flagged by an enabled sign but kept (BakeOverrides)
    bool datasetSkipped = true;        // no dataset given: sign 4 did not run
    float distanceP50 = 0, distanceP99 = 0;  // distance-to-surface percentiles, model units
    float linkRadius = 0;              // radius actually used for sign 2
    int components = 0;                // connected components of the neighbour graph
    int largestComponent = 0;          // splats in the component that lives
    int silhouetteViews = 0;           // view count of sign 3
    // Share of splats outside the mesh's bounding box grown by farDistance: near 0 for a cloud in
    // the mesh's normalised space, large when the cloud was trained in another space.
    float outsideBoxShare = 0;
};

struct FloaterResult {
    std::vector<std::uint8_t> far, detached, silhouette, dataset;  // [N] 0/1 per sign
    std::vector<std::uint8_t> removed;                             // [N] union of enabled signs
    FloaterReport report;
};

// cloud: the trained splats; surface, distance, side: [N] closest surface points,
// centre-to-surface distances and sides (−1 behind the face, 0 on, +1 in front) from snapNormals
// (side may be empty: every splat counts as on its face in the where-report);
// dataset: optional (nullptr skips sign 4). Errors: Cancelled.
Result<FloaterResult> detectFloaters(const splat::SplatCloud& cloud, const geometry::RayQuery& query,
                                     std::span<const Eigen::Vector3f> surface, std::span<const float> distance,
                                     std::span<const signed char> side, const DatasetViews* dataset,
                                     const FloaterSettings& settings, const Progress& progress = {});

// The individual signs, for tests and the editor overlays. Each returns [N] 0/1.
// distance: [N] centre-to-surface distances, or empty (then every small component is flagged);
// a small component whose median distance is ≤ surfaceDistance is not flagged (onSurface counts
// its splats).
std::vector<std::uint8_t> detachedSign(std::span<const Eigen::Vector3f> positions, float linkRadius,
                                       int* components = nullptr, int* largest = nullptr,
                                       std::span<const float> distance = {}, float surfaceDistance = 0.f,
                                       int* onSurface = nullptr);
// surface, distance: [N] closest surface points and distances (see silhouetteTolerance).
std::vector<std::uint8_t> silhouetteSign(const geometry::RayQuery& query, std::span<const Eigen::Vector3f> positions,
                                         std::span<const Eigen::Vector3f> surface, std::span<const float> distance,
                                         const FloaterSettings& settings, const Progress& progress = {});
std::vector<std::uint8_t> datasetSign(const splat::SplatCloud& cloud, const DatasetViews& views,
                                      const FloaterSettings& settings, const Progress& progress = {});

// Nearest-rank percentile (q in [0, 1]) of values; 0 when empty.
float percentile(std::vector<float> values, double q);

// Schema fields of FloaterSettings, usable for any settings struct S deriving from it.
template <class S>
void addFloaterParams(SettingsSchema<S>& s) {
    const std::string g = "Floaters";
    s.template add<float>(&S::farDistance, "far-distance", "Far from mesh").range(0, 1).unit("model units").group(g)
        .tooltip("Sign 1: splats whose centre is farther than this from the surface");
    s.template add<float>(&S::linkRadius, "link-radius", "Link radius").range(0, 1).unit("model units").group(g)
        .tooltip("Sign 2: neighbour graph edge length; 0 = link factor × mean spacing");
    s.template add<float>(&S::linkFactor, "link-factor", "Link factor").range(0.5, 20).group(g)
        .tooltip("Sign 2: automatic link radius in mean spacings");
    s.template add<float>(&S::detachedSurfaceDistance, "detached-surface-distance", "Detached on-surface distance")
        .range(0, 1).unit("model units").group(g)
        .tooltip("Sign 2: a small component whose median distance to the surface is at most this lies on real geometry and lives");
    s.template add<int>(&S::silhouetteAzimuths, "silhouette-azimuths", "Silhouette azimuths").range(1, 720).group(g);
    s.template add<int>(&S::silhouetteElevations, "silhouette-elevations", "Silhouette elevations").range(1, 90).group(g);
    s.template add<float>(&S::silhouetteElevationMin, "silhouette-elevation-min", "Lowest view").range(-89, 89).unit("deg").group(g);
    s.template add<float>(&S::silhouetteElevationMax, "silhouette-elevation-max", "Highest view").range(-89, 89).unit("deg").group(g);
    s.template add<float>(&S::viewRadius, "view-radius", "View distance").range(0.1, 100).unit("model units").group(g);
    s.template add<float>(&S::silhouetteMissShare, "silhouette-miss-share", "Silhouette miss share").range(0, 1).group(g)
        .tooltip("Sign 3: flagged when this share of the views that see the splat miss the mesh");
    s.template add<int>(&S::silhouetteMinViews, "silhouette-min-views", "Silhouette min views").range(1, 100000).group(g);
    s.template add<float>(&S::silhouetteSlack, "silhouette-slack", "Silhouette slack").range(0, 0.5).unit("model units").group(g);
    s.template add<float>(&S::silhouetteTolerance, "silhouette-tolerance", "Silhouette tolerance").range(0, 1)
        .unit("model units").group(g).tooltip("Sign 3: a splat must stick out of the silhouette by more than this");
    s.template add<float>(&S::discSigmas, "disc-sigmas", "Disc radius").range(0, 10).unit("sigma").group(g)
        .tooltip("Sign 4: projected disc radius in sigmas of the largest axis");
    s.template add<int>(&S::backgroundAlpha, "background-alpha", "Background alpha").range(0, 254).group(g);
    s.template add<bool>(&S::removeFar, "remove-far", "Remove far").group(g);
    s.template add<bool>(&S::removeDetached, "remove-detached", "Remove detached").group(g);
    s.template add<bool>(&S::removeSilhouette, "remove-silhouette", "Remove silhouette").group(g);
    s.template add<bool>(&S::removeDataset, "remove-dataset", "Remove dataset floaters").group(g);
}

}  // namespace sw::bake
