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

namespace {

// +1 when the open side of the face at `surface` is along +axis, −1 when along −axis, 0 when
// both or neither side escapes (a few skewed rays per side, so grazing geometry does not decide).
int openSide(const geometry::RayQuery& query, const Eigen::Vector3f& surface, const Eigen::Vector3f& axis) {
    Eigen::Vector3f t = axis.unitOrthogonal();
    const Eigen::Vector3f b = axis.cross(t);
    const Eigen::Vector3f dirs[3] = {axis, (axis + 0.5f * t).normalized(), (axis - 0.5f * t + 0.3f * b).normalized()};
    int plus = 0, minus = 0;
    for (const auto& d : dirs) {
        plus += query.occluded(surface + 1e-3f * axis, d) ? 0 : 1;
        const Eigen::Vector3f m(-d.x(), -d.y(), -d.z());
        minus += query.occluded(surface - 1e-3f * axis, m) ? 0 : 1;
    }
    return plus > minus ? 1 : (minus > plus ? -1 : 0);
}

}  // namespace

Result<NormalSnapResult> snapNormals(const geometry::RayQuery& query, const geometry::Mesh& mesh,
                                     std::span<const Eigen::Vector3f> positions, const NormalSnapSettings& settings,
                                     const Progress& progress) {
    const std::size_t n = positions.size();
    NormalSnapResult r;
    r.normals.resize(n);
    r.surface.resize(n);
    r.distance.resize(n);
    r.face.resize(n);
    std::atomic<int> flipped{0};
    std::atomic<bool> cancelled{false};
    detail::parallelFor(n, 0, [&](std::size_t b, std::size_t e) {
        for (std::size_t i = b; i < e; ++i) {
            if ((i & 255) == 0 && progress.cancelled()) {
                cancelled = true;
                return;
            }
            const geometry::ClosestPoint cp = query.closestPoint(positions[i]);
            Eigen::Vector3f axis = Eigen::Vector3f::UnitZ();
            if (cp.found) {
                const Eigen::Vector3f fn = geometry::faceNormalArea(mesh, static_cast<std::size_t>(cp.face));
                if (fn.squaredNorm() > 0) axis = fn.normalized();
            }
            int sign = 1;
            const Eigen::Vector3f offset = positions[i] - cp.point;
            if (cp.found && cp.distance > settings.onSurfaceEpsilon) sign = offset.dot(axis) >= 0 ? 1 : -1;
            else if (cp.found) sign = openSide(query, cp.point, axis) < 0 ? -1 : 1;
            if (sign < 0) flipped.fetch_add(1, std::memory_order_relaxed);
            r.normals[i] = axis * static_cast<float>(sign);
            r.surface[i] = cp.found ? cp.point : positions[i];
            r.distance[i] = cp.found ? cp.distance : 1e30f;
            r.face[i] = cp.face;
        }
    });
    if (cancelled) return makeError(ErrorCode::Cancelled, "normal snap cancelled");
    r.flipped = flipped;
    progress.report(1.0, "normals snapped");
    return r;
}

}  // namespace sw::bake
