#include "core/bake/channels.h"

#include <algorithm>
#include <array>
#include <cctype>
#include <cmath>

#include "core/bake/detail/parallel.h"
#include "core/bake/floaters.h"
#include "core/geometry/surface_sampler.h"

namespace sw::bake {

const SettingsSchema<ChannelSettings>& channelSchema() {
    static const SettingsSchema<ChannelSettings> schema = [] {
        SettingsSchema<ChannelSettings> s("channels", "Channels");
        addChannelParams(s);
        return s;
    }();
    return schema;
}

const char* emissionSourceText(EmissionSource source) {
    switch (source) {
        case EmissionSource::Materials: return "emissive materials";
        case EmissionSource::Rarity: return "colour rarity";
        default: return "off";
    }
}

float quantiseFraction(float v) {
    return std::round(std::clamp(v, 0.f, 1.f) * 256.f) / 256.f;
}

namespace {

int hullPart(const geometry::Mesh& mesh) {
    for (std::size_t p = 0; p < mesh.partNames.size(); ++p) {
        std::string name = mesh.partNames[p];
        std::transform(name.begin(), name.end(), name.begin(), [](unsigned char c) { return char(std::tolower(c)); });
        if (name == "hull") return static_cast<int>(p);
    }
    return -1;
}

bool anyEmissive(const geometry::Mesh& mesh) {
    return std::any_of(mesh.materials.begin(), mesh.materials.end(), [](const geometry::Material& m) { return m.emits(); });
}

float srgbToLinear(float c) {
    return c <= 0.04045f ? c / 12.92f : std::pow((c + 0.055f) / 1.055f, 2.4f);
}

// The emitted colour of face f at point p: the material's emissive × its texture at p's UV.
Eigen::Vector3f emittedAt(const geometry::Mesh& mesh, int f, const Eigen::Vector3f& p) {
    if (f < 0 || std::size_t(f) >= mesh.faceMaterial.size()) return Eigen::Vector3f::Zero();
    const int mi = mesh.faceMaterial[std::size_t(f)];
    if (mi < 0 || std::size_t(mi) >= mesh.materials.size()) return Eigen::Vector3f::Zero();
    const geometry::Material& m = mesh.materials[std::size_t(mi)];
    Eigen::Vector3f e(m.emissive[0], m.emissive[1], m.emissive[2]);
    const int t = m.emissiveTexture;
    if (!m.emits() || t < 0 || std::size_t(t) >= mesh.textures.size() || mesh.uvs.size() != mesh.positions.size())
        return e;
    const Eigen::Vector3i& tri = mesh.triangles[std::size_t(f)];
    const Eigen::Vector3f a = mesh.positions[std::size_t(tri[0])], b = mesh.positions[std::size_t(tri[1])],
                          c = mesh.positions[std::size_t(tri[2])];
    // Barycentric weights of p in the triangle (p is its closest point, so inside or on it).
    const Eigen::Vector3f v0 = b - a, v1 = c - a, v2 = p - a;
    const float d00 = v0.dot(v0), d01 = v0.dot(v1), d11 = v1.dot(v1), d20 = v2.dot(v0), d21 = v2.dot(v1);
    const float den = d00 * d11 - d01 * d01;
    const float v = den > 0 ? (d11 * d20 - d01 * d21) / den : 0.f, w = den > 0 ? (d00 * d21 - d01 * d20) / den : 0.f;
    const Eigen::Vector2f uv = (1 - v - w) * mesh.uvs[std::size_t(tri[0])] + v * mesh.uvs[std::size_t(tri[1])] +
                               w * mesh.uvs[std::size_t(tri[2])];
    const Eigen::Vector3f s = geometry::sampleTextureBilinear(mesh.textures[std::size_t(t)], uv);
    return e.cwiseProduct(Eigen::Vector3f(srgbToLinear(s[0]), srgbToLinear(s[1]), srgbToLinear(s[2])));
}

// Emission levels from the materials (see computeChannels).
int materialEmission(const geometry::Mesh& mesh, const ChannelInputs& in, ChannelResult& r) {
    const std::size_t n = in.positions.size();
    r.emissionLevel.assign(n, 0);
    int lit = 0;
    for (std::size_t i = 0; i < n; ++i) {
        const float bright = emittedAt(mesh, in.faces[i], in.surface[i]).maxCoeff();
        r.emissionLevel[i] = std::clamp(int(std::lround(15.f * std::min(bright, 1.f))), 0, 15);
        lit += r.emissionLevel[i] > 0;
    }
    return lit;
}

// Emission levels by rarity (see computeChannels).
int emissionLevels(const ChannelInputs& in, std::span<const int> part, int hull, const ChannelSettings& s,
                   ChannelResult& r) {
    const std::size_t n = in.colors.size();
    std::array<std::vector<float>, 3> chan;
    for (std::size_t i = 0; i < n; ++i)
        if (hull < 0 || part[i] == hull)
            for (int c = 0; c < 3; ++c) chan[std::size_t(c)].push_back(in.colors[i][c]);
    if (chan[0].empty())
        for (std::size_t i = 0; i < n; ++i)
            for (int c = 0; c < 3; ++c) chan[std::size_t(c)].push_back(in.colors[i][c]);
    for (int c = 0; c < 3; ++c) r.medianColor[c] = percentile(chan[std::size_t(c)], 0.5);
    std::vector<float> dist(n);
    for (std::size_t i = 0; i < n; ++i) dist[i] = (in.colors[i] - r.medianColor).norm();
    r.emissionLevel.assign(n, 0);
    if (n == 0 || s.emissionShare <= 0) return 0;
    const float threshold = std::max(percentile(dist, 1.0 - double(s.emissionShare)), s.emissionMinDistance);
    const float top = *std::max_element(dist.begin(), dist.end());
    int lit = 0;
    // Strictly above the (1 − share) quantile, so ties at the threshold never exceed the share.
    for (std::size_t i = 0; i < n; ++i) {
        if (dist[i] <= threshold || dist[i] <= 0 || in.colors[i].maxCoeff() < s.emissionMinValue) continue;
        const float t = top > threshold ? (dist[i] - threshold) / (top - threshold) : 1.f;
        r.emissionLevel[i] = std::clamp(1 + int(std::lround(14.f * t)), 1, 15);
        ++lit;
    }
    return lit;
}

}  // namespace

Result<ChannelResult> computeChannels(const geometry::Mesh& mesh, const geometry::RayQuery& query,
                                      const ChannelInputs& in, const ChannelSettings& settings,
                                      const Progress& progress) {
    const std::size_t n = in.positions.size();
    ChannelResult r;
    r.part.resize(n);
    for (std::size_t i = 0; i < n; ++i) {
        const int f = in.faces[i];
        const int p = f >= 0 && std::size_t(f) < mesh.facePart.size() ? mesh.facePart[std::size_t(f)] : 0;
        r.part[i] = std::clamp(p, 0, geometry::Mesh::kMaxParts - 1);
    }
    geometry::SkyVisibilitySettings sky;
    sky.raysPerPoint = settings.aoRays;
    sky.maxDistance = settings.aoMaxDistance;
    // The dome is seen from the surface the splat stands for: a centre behind or on its face
    // (trained splats sit a little inside thin plates) would see the plate itself, so its rays
    // start at the closest surface point; a centre in front of the face starts at itself.
    // A splat sunk under a plate stacked over the hull snaps to the hull below, but it is the
    // plate's skin it shows: the rays start on the outermost surface within aoLift along the
    // normal.
    std::vector<Eigen::Vector3f> origin(n);
    detail::parallelFor(n, 0, [&](std::size_t b, std::size_t e) {
        for (std::size_t i = b; i < e; ++i) {
            const Eigen::Vector3f& nrm = in.normals[i];
            Eigen::Vector3f o = (in.positions[i] - in.surface[i]).dot(nrm) > sky.originOffset ? in.positions[i] : in.surface[i];
            float left = settings.aoLift;
            for (int step = 0; step < 4 && left > 0; ++step) {
                const geometry::RayHit hit = query.intersect(o, nrm, sky.originOffset, left);
                if (!hit.hit) break;
                o += nrm * hit.distance;
                left -= hit.distance;
            }
            origin[i] = o;
        }
    });
    const std::vector<float> ao = geometry::skyVisibility(query, origin, in.normals, sky);
    progress.report(0.6, "channels: AO");
    if (progress.cancelled()) return makeError(ErrorCode::Cancelled, "channel bake cancelled");

    std::vector<float> thickness(n, 0.f);
    detail::parallelFor(n, 0, [&](std::size_t b, std::size_t e) {
        for (std::size_t i = b; i < e; ++i) {
            const Eigen::Vector3f down = -in.normals[i];
            const geometry::RayHit hit = query.intersect(in.surface[i] + 1e-4f * down, down, 1e-4f);
            thickness[i] = hit.hit ? hit.distance : 0.f;
        }
    });
    const EmissionSource source = settings.emissionSource == EmissionSource::Auto
                                      ? (anyEmissive(mesh) ? EmissionSource::Materials : EmissionSource::Rarity)
                                      : settings.emissionSource;
    r.emissionFrom = source;
    if (source == EmissionSource::Materials) {
        r.emissive = materialEmission(mesh, in, r);
    } else if (source == EmissionSource::Rarity) {
        r.emissive = emissionLevels(in, r.part, hullPart(mesh), settings, r);
    } else {
        r.emissionLevel.assign(n, 0);
        r.emissive = 0;
    }

    std::vector<float> size(n);
    for (std::size_t i = 0; i < n; ++i) size[i] = in.ax0[i].norm() * in.ax1[i].norm();
    const float plate = percentile(size, double(settings.platePercentile) / 100.0);
    const float dot = percentile(size, double(settings.dotPercentile) / 100.0);
    r.shape.resize(n);
    r.attrs.resize(n);
    for (std::size_t i = 0; i < n; ++i) {
        const ShapeClass shape = size[i] >= plate ? ShapeClass::Plate : (size[i] <= dot ? ShapeClass::Dot : ShapeClass::Hex);
        r.shape[i] = static_cast<int>(shape);
        r.attrs[i] = Eigen::Vector4f(quantiseFraction(ao[i]), float(r.part[i] * 16 + r.emissionLevel[i]),
                                     quantiseFraction(thickness[i] / settings.thicknessRange), float(r.shape[i]));
    }
    progress.report(1.0, "channels baked");
    return r;
}

}  // namespace sw::bake
