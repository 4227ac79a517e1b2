#include "core/geometry/ray_query.h"

#include <embree3/rtcore.h>

#include <algorithm>
#include <cmath>
#include <limits>
#include <random>
#include <thread>

#include "core/foundation/check.h"

namespace sw::geometry {

struct RayQuery::Impl {
    RTCDevice device = nullptr;
    RTCScene scene = nullptr;
    std::vector<Eigen::Vector3f> positions;  // [V]
    std::vector<Eigen::Vector3i> triangles;  // [F]

    ~Impl() {
        if (scene) rtcReleaseScene(scene);
        if (device) rtcReleaseDevice(device);
    }
};

namespace {

struct PointQueryState {
    const std::vector<Eigen::Vector3f>* positions;
    const std::vector<Eigen::Vector3i>* triangles;
    ClosestPoint best;
};

bool closestPointCallback(RTCPointQueryFunctionArguments* args) {
    auto* state = static_cast<PointQueryState*>(args->userPtr);
    const Eigen::Vector3i& t = (*state->triangles)[args->primID];
    const auto& pos = *state->positions;
    const Eigen::Vector3f q(args->query->x, args->query->y, args->query->z);
    const Eigen::Vector3f c = closestPointOnTriangle(q, pos[t[0]], pos[t[1]], pos[t[2]]);
    const float d = (c - q).norm();
    if (d < args->query->radius) {
        args->query->radius = d;  // shrink the search sphere
        state->best = ClosestPoint{true, c, d, static_cast<int>(args->primID)};
        return true;
    }
    return false;
}

}  // namespace

RayQuery::RayQuery() : m_impl(std::make_unique<Impl>()) {}
RayQuery::~RayQuery() = default;

Result<std::unique_ptr<RayQuery>> RayQuery::build(const Mesh& mesh) {
    if (mesh.triangles.empty()) return makeError(ErrorCode::InvalidInput, "ray queries need a mesh with triangles");
    for (const auto& p : mesh.positions)
        if (!p.allFinite()) return makeError(ErrorCode::InvalidInput, "mesh has non-finite vertex positions");
    std::unique_ptr<RayQuery> q(new RayQuery());
    Impl& m = *q->m_impl;
    m.positions = mesh.positions;
    m.triangles = mesh.triangles;
    m.device = rtcNewDevice(nullptr);
    if (!m.device) return makeError(ErrorCode::Internal, "Embree device creation failed");
    m.scene = rtcNewScene(m.device);
    rtcSetSceneBuildQuality(m.scene, RTC_BUILD_QUALITY_HIGH);
    RTCGeometry geom = rtcNewGeometry(m.device, RTC_GEOMETRY_TYPE_TRIANGLE);
    auto* vb = static_cast<float*>(rtcSetNewGeometryBuffer(geom, RTC_BUFFER_TYPE_VERTEX, 0, RTC_FORMAT_FLOAT3,
                                                           3 * sizeof(float), m.positions.size()));
    auto* ib = static_cast<unsigned*>(rtcSetNewGeometryBuffer(geom, RTC_BUFFER_TYPE_INDEX, 0, RTC_FORMAT_UINT3,
                                                              3 * sizeof(unsigned), m.triangles.size()));
    if (!vb || !ib) {
        rtcReleaseGeometry(geom);
        return makeError(ErrorCode::OutOfMemory, "Embree buffer allocation failed");
    }
    for (std::size_t i = 0; i < m.positions.size(); ++i)
        for (int k = 0; k < 3; ++k) vb[3 * i + k] = m.positions[i][k];
    for (std::size_t f = 0; f < m.triangles.size(); ++f) {
        for (int k = 0; k < 3; ++k) {
            const int v = m.triangles[f][k];
            if (v < 0 || static_cast<std::size_t>(v) >= m.positions.size()) {
                rtcReleaseGeometry(geom);
                return makeError(ErrorCode::InvalidInput, "triangle " + std::to_string(f) + " has an out-of-range vertex index");
            }
            ib[3 * f + k] = static_cast<unsigned>(v);
        }
    }
    rtcCommitGeometry(geom);
    rtcAttachGeometry(m.scene, geom);
    rtcReleaseGeometry(geom);
    rtcCommitScene(m.scene);
    if (rtcGetDeviceError(m.device) != RTC_ERROR_NONE) return makeError(ErrorCode::Internal, "Embree scene build failed");
    return q;
}

std::size_t RayQuery::triangleCount() const { return m_impl->triangles.size(); }

RayHit RayQuery::intersect(const Eigen::Vector3f& o, const Eigen::Vector3f& d, float tNear, float tFar) const {
    RTCIntersectContext context;
    rtcInitIntersectContext(&context);
    RTCRayHit rh{};
    rh.ray.org_x = o.x(); rh.ray.org_y = o.y(); rh.ray.org_z = o.z();
    rh.ray.dir_x = d.x(); rh.ray.dir_y = d.y(); rh.ray.dir_z = d.z();
    rh.ray.tnear = tNear;
    rh.ray.tfar = tFar;
    rh.ray.mask = 0xffffffffu;
    rh.hit.geomID = RTC_INVALID_GEOMETRY_ID;
    rh.hit.instID[0] = RTC_INVALID_GEOMETRY_ID;
    rtcIntersect1(m_impl->scene, &context, &rh);
    RayHit hit;
    if (rh.hit.geomID == RTC_INVALID_GEOMETRY_ID) return hit;
    hit.hit = true;
    hit.distance = rh.ray.tfar;
    hit.face = static_cast<int>(rh.hit.primID);
    hit.normal = Eigen::Vector3f(rh.hit.Ng_x, rh.hit.Ng_y, rh.hit.Ng_z).normalized();
    hit.barycentric = Eigen::Vector2f(rh.hit.u, rh.hit.v);
    return hit;
}

bool RayQuery::occluded(const Eigen::Vector3f& o, const Eigen::Vector3f& d, float tNear, float tFar) const {
    RTCIntersectContext context;
    rtcInitIntersectContext(&context);
    RTCRay ray{};
    ray.org_x = o.x(); ray.org_y = o.y(); ray.org_z = o.z();
    ray.dir_x = d.x(); ray.dir_y = d.y(); ray.dir_z = d.z();
    ray.tnear = tNear;
    ray.tfar = tFar;
    ray.mask = 0xffffffffu;
    rtcOccluded1(m_impl->scene, &context, &ray);
    return ray.tfar == -std::numeric_limits<float>::infinity();
}

ClosestPoint RayQuery::closestPoint(const Eigen::Vector3f& p, float maxDistance) const {
    RTCPointQuery query;
    query.x = p.x(); query.y = p.y(); query.z = p.z();
    query.radius = maxDistance;
    query.time = 0.f;
    RTCPointQueryContext context;
    rtcInitPointQueryContext(&context);
    PointQueryState state{&m_impl->positions, &m_impl->triangles, {}};
    rtcPointQuery(m_impl->scene, &query, &context, closestPointCallback, &state);
    return state.best;
}

Eigen::Vector3f closestPointOnTriangle(const Eigen::Vector3f& p, const Eigen::Vector3f& a, const Eigen::Vector3f& b,
                                       const Eigen::Vector3f& c) {
    const Eigen::Vector3f ab = b - a, ac = c - a, ap = p - a;
    const float d1 = ab.dot(ap), d2 = ac.dot(ap);
    if (d1 <= 0 && d2 <= 0) return a;
    const Eigen::Vector3f bp = p - b;
    const float d3 = ab.dot(bp), d4 = ac.dot(bp);
    if (d3 >= 0 && d4 <= d3) return b;
    const float vc = d1 * d4 - d3 * d2;
    if (vc <= 0 && d1 >= 0 && d3 <= 0) return a + ab * (d1 / (d1 - d3));
    const Eigen::Vector3f cp = p - c;
    const float d5 = ab.dot(cp), d6 = ac.dot(cp);
    if (d6 >= 0 && d5 <= d6) return c;
    const float vb = d5 * d2 - d1 * d6;
    if (vb <= 0 && d2 >= 0 && d6 <= 0) return a + ac * (d2 / (d2 - d6));
    const float va = d3 * d6 - d5 * d4;
    if (va <= 0 && (d4 - d3) >= 0 && (d5 - d6) >= 0) return b + (c - b) * ((d4 - d3) / ((d4 - d3) + (d5 - d6)));
    const float denom = 1.f / (va + vb + vc);
    return a + ab * (vb * denom) + ac * (vc * denom);
}

std::vector<float> skyVisibility(const RayQuery& query, std::span<const Eigen::Vector3f> points,
                                 std::span<const Eigen::Vector3f> normals, const SkyVisibilitySettings& s) {
    SW_REQUIRE(points.size() == normals.size(), "points=" << points.size() << " normals=" << normals.size());
    SW_REQUIRE(s.raysPerPoint > 0, "raysPerPoint=" << s.raysPerPoint);
    std::vector<float> out(points.size(), 1.f);
    const unsigned threads = s.threads > 0 ? static_cast<unsigned>(s.threads) : std::max(1u, std::thread::hardware_concurrency());
    auto work = [&](std::size_t begin, std::size_t end) {
        for (std::size_t i = begin; i < end; ++i) {
            // Per-point stream: the result does not depend on how points are split over threads.
            std::mt19937 rng(s.seed * 0x9E3779B9u ^ static_cast<std::uint32_t>(i * 2654435761u));
            std::uniform_real_distribution<float> uni(0.f, 1.f);
            const Eigen::Vector3f n = normals[i].normalized();
            const Eigen::Vector3f t = (std::abs(n.x()) < 0.9f ? Eigen::Vector3f::UnitX() : Eigen::Vector3f::UnitY()).cross(n).normalized();
            const Eigen::Vector3f b = n.cross(t);
            const Eigen::Vector3f origin = points[i] + n * s.originOffset;
            int open = 0;
            for (int r = 0; r < s.raysPerPoint; ++r) {
                // Cosine-weighted hemisphere sample (Malley's method).
                const float u1 = uni(rng), u2 = uni(rng);
                const float radius = std::sqrt(u1), phi = 6.28318530718f * u2;
                const Eigen::Vector3f dir = (t * (radius * std::cos(phi)) + b * (radius * std::sin(phi)) +
                                             n * std::sqrt(std::max(0.f, 1.f - u1))).normalized();
                open += !query.occluded(origin, dir, 0.f, s.maxDistance);
            }
            out[i] = static_cast<float>(open) / static_cast<float>(s.raysPerPoint);
        }
    };
    std::vector<std::thread> pool;
    const std::size_t chunk = (points.size() + threads - 1) / threads;
    for (unsigned k = 0; k < threads; ++k) {
        const std::size_t begin = k * chunk, end = std::min(points.size(), begin + chunk);
        if (begin < end) pool.emplace_back(work, begin, end);
    }
    for (auto& th : pool) th.join();
    return out;
}

}  // namespace sw::geometry
