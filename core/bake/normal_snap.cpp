#include "core/bake/normal_snap.h"

#include <atomic>

#include "core/bake/detail/parallel.h"

namespace sw::bake {

const SettingsSchema<NormalSnapSettings>& normalSnapSchema() {
    static const SettingsSchema<NormalSnapSettings> schema = [] {
        SettingsSchema<NormalSnapSettings> s("normal-snap", "Normal snap");
        addNormalSnapParams(s);
        return s;
    }();
    return schema;
}

Result<NormalSnapResult> snapNormals(const geometry::RayQuery& query, const geometry::Mesh& mesh,
                                     std::span<const Eigen::Vector3f> positions, const NormalSnapSettings& settings,
                                     const Progress& progress) {
    const std::size_t n = positions.size();
    NormalSnapResult r;
    r.normals.resize(n);
    r.surface.resize(n);
    r.distance.resize(n);
    r.face.resize(n);
    r.side.resize(n);
    std::atomic<bool> cancelled{false};
    detail::parallelFor(n, 0, [&](std::size_t b, std::size_t e) {
        for (std::size_t i = b; i < e; ++i) {
            if ((i & 255) == 0 && progress.cancelled()) {
                cancelled = true;
                return;
            }
            const geometry::ClosestPoint cp = query.closestPoint(positions[i]);
            Eigen::Vector3f faceNormal = Eigen::Vector3f::Zero();
            if (cp.found) faceNormal = geometry::faceNormalArea(mesh, static_cast<std::size_t>(cp.face));
            const Eigen::Vector3f offset = cp.found ? Eigen::Vector3f(positions[i] - cp.point) : Eigen::Vector3f::Zero();
            Eigen::Vector3f normal = Eigen::Vector3f::UnitZ();
            if (faceNormal.squaredNorm() > 0) normal = faceNormal.normalized();
            else if (offset.squaredNorm() > 0) normal = offset.normalized();
            const float along = offset.dot(normal);
            r.side[i] = !cp.found || cp.distance <= settings.onSurfaceEpsilon ? 0 : (along < 0 ? -1 : 1);
            r.normals[i] = normal;
            r.surface[i] = cp.found ? cp.point : positions[i];
            r.distance[i] = cp.found ? cp.distance : 1e30f;
            r.face[i] = cp.found ? cp.face : -1;
        }
    });
    if (cancelled) return makeError(ErrorCode::Cancelled, "normal snap cancelled");
    for (std::size_t i = 0; i < n; ++i) {
        (r.side[i] < 0 ? r.behind : r.side[i] > 0 ? r.inFront : r.onSurface) += 1;
        if (r.face[i] >= 0) {
            const Eigen::Vector3f fn = geometry::faceNormalArea(mesh, static_cast<std::size_t>(r.face[i]));
            r.flipped += fn.dot(r.normals[i]) < 0 ? 1 : 0;
        }
    }
    progress.report(1.0, "normals snapped");
    return r;
}

}  // namespace sw::bake
