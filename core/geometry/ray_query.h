#pragma once
// Ray casts, occlusion and closest-point queries on a triangle mesh (Embree 3). Serves sky
// visibility (AO) for the dataset, normal snapping and floater tests in the bake.
// Thread-safe after construction: queries may run from several threads at once.
#include <Eigen/Core>
#include <memory>
#include <span>
#include <vector>

#include "core/foundation/error.h"
#include "core/geometry/mesh.h"

namespace sw::geometry {

struct RayHit {
    bool hit = false;
    float distance = 0;          // along the (unit) direction
    int face = -1;               // triangle index in the mesh
    Eigen::Vector3f normal;      // geometric normal of the face (unit, follows the winding)
    Eigen::Vector2f barycentric; // (u, v) of the hit in the face
};

struct ClosestPoint {
    bool found = false;
    Eigen::Vector3f point;
    float distance = 0;
    int face = -1;
};

class RayQuery {
public:
    // Builds the acceleration structure. Errors: empty mesh, non-finite vertices, Embree failure.
    static Result<std::unique_ptr<RayQuery>> build(const Mesh& mesh);
    ~RayQuery();
    RayQuery(const RayQuery&) = delete;
    RayQuery& operator=(const RayQuery&) = delete;

    // direction must be unit length; the ray covers [tNear, tFar].
    RayHit intersect(const Eigen::Vector3f& origin, const Eigen::Vector3f& direction, float tNear = 0.f,
                     float tFar = 1e30f) const;
    bool occluded(const Eigen::Vector3f& origin, const Eigen::Vector3f& direction, float tNear = 0.f,
                  float tFar = 1e30f) const;
    // Nearest point of the mesh surface within maxDistance.
    ClosestPoint closestPoint(const Eigen::Vector3f& p, float maxDistance = 1e30f) const;

    std::size_t triangleCount() const;

private:
    RayQuery();
    struct Impl;
    std::unique_ptr<Impl> m_impl;
};

struct SkyVisibilitySettings {
    int raysPerPoint = 64;        // cosine-weighted over the hemisphere of the normal
    float maxDistance = 10.f;     // model units; farther blockers do not count
    float originOffset = 1e-3f;   // model units along the normal against self-hits
    std::uint32_t seed = 1;
    int threads = 0;              // 0 = hardware concurrency
};

// Sky visibility under a white dome: the cosine-weighted fraction of hemisphere rays around each
// normal that escape. 1 = fully open, 0 = fully enclosed. Deterministic for a seed, whatever the
// thread count (each point has its own random stream).
// points, normals: [N] model space (normals unit). Returns [N] in [0, 1].
std::vector<float> skyVisibility(const RayQuery& query, std::span<const Eigen::Vector3f> points,
                                 std::span<const Eigen::Vector3f> normals, const SkyVisibilitySettings& settings);

// Closest point on triangle abc to p (Ericson, Real-Time Collision Detection, §5.1.5).
Eigen::Vector3f closestPointOnTriangle(const Eigen::Vector3f& p, const Eigen::Vector3f& a, const Eigen::Vector3f& b,
                                       const Eigen::Vector3f& c);

}  // namespace sw::geometry
