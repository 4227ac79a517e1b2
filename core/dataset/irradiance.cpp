#include "core/dataset/irradiance.h"

#include <algorithm>
#include <atomic>
#include <cmath>
#include <thread>

#include "core/dataset/lighting.h"
#include "core/foundation/hash.h"
#include "core/geometry/ray_query.h"

namespace sw::dataset {
namespace {

using Eigen::Vector3f;
using geometry::Mesh;

// A first hit of a gather ray: face·2 + side (0 front, 1 back), -1 for the dome; barycentric
// (u, v) of the hit in 1/65535 steps.
constexpr std::int32_t kOpen = -1, kBehind = -2;  // Hit::faceSide: the dome; below the surface

struct Hit {
    std::int32_t faceSide = kOpen;  // face * 2 + side, or kOpen / kBehind
    std::uint16_t u = 0, v = 0;
};
static_assert(sizeof(Hit) == 8);

// Base colour lookups of one mesh: nearest texel, REPEAT wrap (as the renderer samples).
class Materials {
public:
    Materials(const Mesh& mesh, const std::vector<HsvAdjust>& hsv) : m_mesh(mesh), m_hsv(hsv) {}

    int materialOf(std::size_t f) const {
        if (f >= m_mesh.faceMaterial.size()) return -1;
        const int m = m_mesh.faceMaterial[f];
        return m >= 0 && m < static_cast<int>(m_mesh.materials.size()) ? m : -1;
    }
    bool masked(std::size_t f) const {
        const int m = materialOf(f);
        return m >= 0 && m_mesh.materials[static_cast<std::size_t>(m)].alphaMask;
    }
    // Gamma-space RGBA (factor × texel) at texture coordinate uv.
    Eigen::Vector4f baseColor(int material, const Eigen::Vector2f& uv) const {
        if (material < 0) return Eigen::Vector4f::Ones();
        const geometry::Material& mat = m_mesh.materials[static_cast<std::size_t>(material)];
        Eigen::Vector4f c(mat.baseColorFactor[0], mat.baseColorFactor[1], mat.baseColorFactor[2], mat.baseColorFactor[3]);
        const int t = mat.baseColorTexture;
        if (t >= 0 && t < static_cast<int>(m_mesh.textures.size()) && !m_mesh.textures[static_cast<std::size_t>(t)].empty()) {
            const geometry::Image& img = m_mesh.textures[static_cast<std::size_t>(t)];
            const float fu = uv.x() - std::floor(uv.x()), fv = uv.y() - std::floor(uv.y());
            const int x = std::clamp(static_cast<int>(fu * static_cast<float>(img.width)), 0, img.width - 1);
            const int y = std::clamp(static_cast<int>(fv * static_cast<float>(img.height)), 0, img.height - 1);
            const std::uint8_t* p = &img.rgba[(static_cast<std::size_t>(y) * static_cast<std::size_t>(img.width) + static_cast<std::size_t>(x)) * 4];
            for (int k = 0; k < 4; ++k) c[k] *= static_cast<float>(p[k]) / 255.f;
        }
        return c;
    }
    Eigen::Vector2f uvAt(std::size_t f, float u, float v) const {
        if (m_mesh.uvs.size() != m_mesh.positions.size()) return Eigen::Vector2f::Zero();
        const Eigen::Vector3i& t = m_mesh.triangles[f];
        return (1.f - u - v) * m_mesh.uvs[t[0]] + u * m_mesh.uvs[t[1]] + v * m_mesh.uvs[t[2]];
    }
    // Does a ray pass through face f at barycentric (u, v)? (alpha-masked texel)
    bool passes(std::size_t f, float u, float v) const {
        if (!masked(f)) return false;
        const int m = materialOf(f);
        return baseColor(m, uvAt(f, u, v))[3] < m_mesh.materials[static_cast<std::size_t>(m)].alphaCutoff;
    }
    Vector3f linearAlbedo(int material, const Eigen::Vector4f& gamma) const {
        Vector3f c = gamma.head<3>().cwiseMax(0.f).cwiseMin(1.f);
        if (material >= 0 && static_cast<std::size_t>(material) < m_hsv.size()) c = applyHsv(c, m_hsv[static_cast<std::size_t>(material)]);
        return {srgbToLinear(c.x()), srgbToLinear(c.y()), srgbToLinear(c.z())};
    }

private:
    const Mesh& m_mesh;
    const std::vector<HsvAdjust>& m_hsv;
};

// Runs fn(i) for i in [begin, end) on `threads` threads, in blocks claimed from a counter.
template <class Fn>
void parallelFor(std::size_t begin, std::size_t end, unsigned threads, Fn&& fn) {
    std::atomic<std::size_t> next{begin};
    constexpr std::size_t kBlock = 256;
    auto work = [&] {
        for (std::size_t b; (b = next.fetch_add(kBlock)) < end;)
            for (std::size_t i = b; i < std::min(end, b + kBlock); ++i) fn(i);
    };
    std::vector<std::thread> pool;
    for (unsigned k = 1; k < threads; ++k) pool.emplace_back(work);
    work();
    for (auto& th : pool) th.join();
}

}  // namespace

float srgbToLinear(float c) {
    return c <= 0.04045f ? c / 12.92f : std::pow((c + 0.055f) / 1.055f, 2.4f);
}

float linearToSrgb(float c) {
    return c <= 0.0031308f ? 12.92f * c : 1.055f * std::pow(c, 1.f / 2.4f) - 0.055f;
}

std::vector<Vector3f> faceAlbedo(const Mesh& mesh, const std::vector<HsvAdjust>& materialHsv) {
    const Materials mats(mesh, materialHsv);
    static constexpr float kBary[4][2] = {{1.f / 3, 1.f / 3}, {1.f / 6, 1.f / 6}, {2.f / 3, 1.f / 6}, {1.f / 6, 2.f / 3}};
    std::vector<Vector3f> out(mesh.triangles.size());
    for (std::size_t f = 0; f < mesh.triangles.size(); ++f) {
        const int m = mats.materialOf(f);
        const float cutoff = m >= 0 ? mesh.materials[static_cast<std::size_t>(m)].alphaCutoff : 0.f;
        Vector3f sum = Vector3f::Zero(), sumAll = Vector3f::Zero();
        int n = 0;
        for (const auto& b : kBary) {
            const Eigen::Vector4f c = mats.baseColor(m, mats.uvAt(f, b[0], b[1]));
            const Vector3f lin = mats.linearAlbedo(m, c);
            sumAll += lin;
            if (!mats.masked(f) || c[3] >= cutoff) sum += lin, ++n;
        }
        out[f] = n > 0 ? Vector3f(sum / static_cast<float>(n)) : Vector3f(sumAll / 4.f);
    }
    return out;
}

Result<DomeIrradiance> domeIrradiance(const Mesh& mesh, const geometry::RayQuery& query,
                                      const std::vector<Vector3f>& albedo, const DomeSettings& s,
                                      const Progress& progress) {
    SW_REQUIRE(albedo.size() == mesh.triangles.size(), "albedo=" << albedo.size() << " faces=" << mesh.triangles.size());
    SW_REQUIRE(s.rays > 0 && s.bounces >= 0, "rays=" << s.rays << " bounces=" << s.bounces);
    const std::size_t V = mesh.positions.size(), P = 2 * V, N = static_cast<std::size_t>(s.rays);
    const unsigned threads = s.threads > 0 ? static_cast<unsigned>(s.threads) : std::max(1u, std::thread::hardware_concurrency());
    const Materials mats(mesh, {});

    // Front normals: the vertex (shading) normals, turned to agree with the winding around each
    // vertex, and the geometric normal there (area-weighted face normals). Cycles gathers a
    // diffuse BSDF cosine-weighted around the shading normal but drops every direction below the
    // geometric surface (bsdf_diffuse: eval 0 when ω·Ng ≤ 0), so a normal bent off its faces loses
    // the share of its hemisphere that lies behind the surface. Foliage cards rely on it: pine-
    // tree-1's card normals are bent a median 76° outward from their cards, and Cycles lights those
    // cards at about 60 % of an unbent card.
    std::vector<Vector3f> normals = vertexNormals(mesh), geometric(V, Vector3f::Zero());
    for (std::size_t f = 0; f < mesh.triangles.size(); ++f) {
        const Vector3f n = geometry::faceNormalArea(mesh, f);
        for (int k = 0; k < 3; ++k) geometric[static_cast<std::size_t>(mesh.triangles[f][k])] += n;
    }
    for (std::size_t v = 0; v < V; ++v) {
        if (!(normals[v].squaredNorm() > 0.f)) normals[v] = geometric[v];
        if (normals[v].dot(geometric[v]) < 0.f) normals[v] = -normals[v];
        if (!(normals[v].squaredNorm() > 0.f)) normals[v] = Vector3f::UnitZ();
        normals[v].normalize();
        geometric[v] = geometric[v].squaredNorm() > 0.f ? Vector3f(geometric[v].normalized()) : normals[v];
    }

    constexpr std::size_t kInsideProbe = 8;  // back-side rays that decide "inside a closed surface"
    std::vector<Hit> hits(P * N);
    std::vector<float> vis(P, 0.f);
    std::atomic<std::size_t> segments{0};
    // R2 sequence (Roberts 2018): the generalised golden ratio's plastic-number steps.
    constexpr double kA1 = 0.7548776662466927, kA2 = 0.5698402909980532;
    auto trace = [&](std::size_t p) {
        const std::size_t v = p / 2;
        const Vector3f n = (p % 2 == 0) ? normals[v] : Vector3f(-normals[v]);
        const Vector3f g = (p % 2 == 0) ? geometric[v] : Vector3f(-geometric[v]);
        const Vector3f t = (std::abs(n.x()) < 0.9f ? Vector3f::UnitX() : Vector3f::UnitY()).cross(n).normalized();
        const Vector3f b = n.cross(t);
        const Vector3f origin = mesh.positions[v] + g * s.originOffset;
        const std::uint32_t h = lowbias32(s.seed * 0x9E3779B9u ^ lowbias32(static_cast<std::uint32_t>(p) + 0x632BE5ABu));
        const double o1 = unitFloat24(h), o2 = unitFloat24(lowbias32(h ^ 0x5bd1e995u));
        int open = 0;
        std::size_t segs = 0, insideHits = 0;
        for (std::size_t r = 0; r < N; ++r) {
            double u1 = o1 + kA1 * static_cast<double>(r), u2 = o2 + kA2 * static_cast<double>(r);
            u1 -= std::floor(u1);
            u2 -= std::floor(u2);
            const float radius = std::sqrt(static_cast<float>(u1)), phi = 6.28318530718f * static_cast<float>(u2);
            const Vector3f dir = (t * (radius * std::cos(phi)) + b * (radius * std::sin(phi)) +
                                  n * std::sqrt(std::max(0.f, 1.f - static_cast<float>(u1)))).normalized();
            Hit hit;
            if (dir.dot(g) <= 0.f) {  // behind the surface: no light (Cycles' eval 0)
                hit.faceSide = kBehind;
                hits[p * N + r] = hit;
                continue;
            }
            float tNear = 0.f;
            for (int pass = 0; pass < 32; ++pass) {
                ++segs;
                const geometry::RayHit rh = query.intersect(origin, dir, tNear, s.maxDistance);
                if (!rh.hit) break;
                const std::size_t f = static_cast<std::size_t>(rh.face);
                if (mats.passes(f, rh.barycentric.x(), rh.barycentric.y())) {
                    tNear = rh.distance + 1e-4f;
                    continue;
                }
                const bool backSide = rh.normal.dot(dir) > 0.f;  // the ray meets the face's back
                hit.faceSide = static_cast<std::int32_t>(f * 2 + (backSide ? 1 : 0));
                hit.u = static_cast<std::uint16_t>(std::lround(std::clamp(rh.barycentric.x(), 0.f, 1.f) * 65535.f));
                hit.v = static_cast<std::uint16_t>(std::lround(std::clamp(rh.barycentric.y(), 0.f, 1.f) * 65535.f));
                break;
            }
            open += hit.faceSide == kOpen;
            hits[p * N + r] = hit;
            insideHits += hit.faceSide >= 0 && hit.faceSide % 2 == 1;
            // The back of a closed, outward-wound surface: every probe met the inside of a face,
            // so no camera outside sees this side (open plates' backs see the sky or other faces'
            // fronts). Its remaining rays would cost half the bake on closed models for nothing.
            if (p % 2 == 1 && r + 1 == kInsideProbe && insideHits == kInsideProbe && N > kInsideProbe) {
                for (std::size_t q = r + 1; q < N; ++q) hits[p * N + q] = hits[p * N + q % kInsideProbe];
                break;
            }
        }
        vis[p] = static_cast<float>(open) / static_cast<float>(N);
        segments.fetch_add(segs, std::memory_order_relaxed);
    };
    const std::size_t slice = 8192;
    for (std::size_t begin = 0; begin < P; begin += slice) {
        const std::size_t end = std::min(P, begin + slice);
        parallelFor(begin, end, threads, trace);
        if (progress.cancelled()) return makeError(ErrorCode::Cancelled, "lighting cancelled");
        progress.report(0.9 * static_cast<double>(end) / static_cast<double>(P), "tracing the white dome");
    }

    // Gather iterations over the cached hits.
    std::vector<Vector3f> E(P), next(P);
    for (std::size_t p = 0; p < P; ++p) E[p] = Vector3f::Constant(vis[p]);
    const float inv = 1.f / static_cast<float>(N);
    for (int k = 0; k < s.bounces; ++k) {
        parallelFor(0, P, threads, [&](std::size_t p) {
            Vector3f sum = Vector3f::Zero();
            for (std::size_t r = 0; r < N; ++r) {
                const Hit& hit = hits[p * N + r];
                if (hit.faceSide < 0) continue;
                const std::size_t f = static_cast<std::size_t>(hit.faceSide) / 2, side = static_cast<std::size_t>(hit.faceSide) % 2;
                const float u = hit.u / 65535.f, v = hit.v / 65535.f;
                const Eigen::Vector3i& tri = mesh.triangles[f];
                const Vector3f e = (1.f - u - v) * E[static_cast<std::size_t>(tri[0]) * 2 + side] +
                                   u * E[static_cast<std::size_t>(tri[1]) * 2 + side] +
                                   v * E[static_cast<std::size_t>(tri[2]) * 2 + side];
                sum += albedo[f].cwiseProduct(e);
            }
            next[p] = Vector3f::Constant(vis[p]) + sum * inv;
        });
        std::swap(E, next);
        if (progress.cancelled()) return makeError(ErrorCode::Cancelled, "lighting cancelled");
    }
    progress.report(1.0, "white dome traced");

    DomeIrradiance out;
    out.front.reserve(V);
    out.back.reserve(V);
    out.visibility.reserve(V);
    for (std::size_t v = 0; v < V; ++v) {
        out.front.push_back(E[2 * v]);
        out.back.push_back(E[2 * v + 1]);
        out.visibility.push_back(vis[2 * v]);
    }
    out.raysCast = segments.load();
    return out;
}

}  // namespace sw::dataset
