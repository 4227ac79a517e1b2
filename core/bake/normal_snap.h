#pragma once
// Normal snap (PIPELINE §4): normals are not trained; each splat takes the normal of the mesh
// face nearest to its centre, oriented toward the side of that face the splat lies on.
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
    // model units: a centre closer than this to its face is "on" the face and its side is
    // decided by which side of the face is open (see snapNormals).
    float onSurfaceEpsilon = 1e-4f;
};
const SettingsSchema<NormalSnapSettings>& normalSnapSchema();

template <class S>
void addNormalSnapParams(SettingsSchema<S>& s) {
    s.template add<float>(&S::onSurfaceEpsilon, "snap-on-surface-epsilon", "On-surface distance")
        .range(0, 0.01).unit("model units").group("Normal snap")
        .tooltip("Centres closer than this to their face take the side whose ray escapes the mesh");
}

struct NormalSnapResult {
    std::vector<Eigen::Vector3f> normals;   // [N] unit, oriented (see snapNormals)
    std::vector<Eigen::Vector3f> surface;   // [N] closest point on the mesh
    std::vector<float> distance;            // [N] centre to closest point, model units
    std::vector<int> face;                  // [N] closest triangle
    int flipped = 0;                        // normals turned against their face winding
};

// positions: [N] model space. Orientation rule ("flipped against the nearest honest face"):
// the winding of generated and imported meshes is not trustworthy (plates wound inward), so
// the face normal n_f is only used as an axis. The snapped normal is ±n_f, choosing the sign
// with dot(n, centre − closest) > 0: it points from the surface toward the splat, i.e. out
// of the solid on the side the splat was trained on. When the centre lies on the face
// (distance ≤ onSurfaceEpsilon) that side is undefined; then the sign whose short ray
// escapes the mesh wins (the open, visible side of a closed hull), and the winding decides
// when both or neither escape. Errors: Cancelled.
Result<NormalSnapResult> snapNormals(const geometry::RayQuery& query, const geometry::Mesh& mesh,
                                     std::span<const Eigen::Vector3f> positions, const NormalSnapSettings& settings,
                                     const Progress& progress = {});

}  // namespace sw::bake
