#pragma once
// Normal snap (PIPELINE §4): normals are not trained; each splat takes the outward normal of
// the (winding-repaired) mesh face nearest to its centre. The side of the face the centre lies
// on never decides the sign: trained splats routinely sit a little inside thin plates.
#include <Eigen/Core>
#include <span>
#include <vector>

#include "core/foundation/error.h"
#include "core/foundation/progress.h"
#include "core/foundation/schema.h"
#include "core/geometry/mesh.h"
#include "core/geometry/ray_query.h"

namespace sw::bake {

struct NormalSnapSettings {
    // model units: a centre closer than this to its face counts as "on" the face in the report
    // (behind / on / in front); the normal is the face's in every case.
    float onSurfaceEpsilon = 1e-4f;
};
const SettingsSchema<NormalSnapSettings>& normalSnapSchema();

template <class S>
void addNormalSnapParams(SettingsSchema<S>& s) {
    s.template add<float>(&S::onSurfaceEpsilon, "snap-on-surface-epsilon", "On-surface distance")
        .range(0, 0.01).unit("model units").group("Normal snap")
        .tooltip("Centres closer than this to their face are reported as on it (the normal is the face's either way)");
}

struct NormalSnapResult {
    std::vector<Eigen::Vector3f> normals;   // [N] unit outward normal of the nearest face
    std::vector<Eigen::Vector3f> surface;   // [N] closest point on the mesh
    std::vector<float> distance;            // [N] centre to closest point, model units (unsigned)
    std::vector<int> face;                  // [N] closest triangle (−1 when none)
    std::vector<signed char> side;          // [N] −1 behind the face (inside), 0 on it, +1 in front
    int behind = 0, onSurface = 0, inFront = 0;  // counts of side
    int flipped = 0;                        // normals turned against their face's winding: the
                                            // rule never does, counted from the output to prove it
};

// mesh: the repaired mesh (geometry::importModel repairs the winding, PIPELINE §1), so its
// face winding is the outward normal. positions: [N] model space. Each normal is the unit
// normal of the closest face (by its winding); a degenerate face falls back to the direction
// from the surface point to the centre. Errors: Cancelled.
Result<NormalSnapResult> snapNormals(const geometry::RayQuery& query, const geometry::Mesh& mesh,
                                     std::span<const Eigen::Vector3f> positions, const NormalSnapSettings& settings,
                                     const Progress& progress = {});

}  // namespace sw::bake
