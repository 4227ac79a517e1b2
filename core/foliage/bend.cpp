// Must stay in step with its GLSL twin in shaders/foliage_wind.glsl (fwBendRotation, fwBendPoint):
// a change here is made there too (tests/gl/tst_foliage_gpu.cpp compares them).
#include "core/foliage/bend.h"

#include "core/foundation/check.h"

namespace sw::foliage {

Eigen::Quaternionf bendRotation(const Eigen::Vector2f& lean, float weight) {
    const float n = lean.norm();
    if (!(n > 0.f) || weight == 0.f) return Eigen::Quaternionf::Identity();
    // z × (lx, ly, 0) = (−ly, lx, 0): turning +z about it by a positive angle moves it toward lean.
    const Eigen::Vector3f axis(-lean.y() / n, lean.x() / n, 0.f);
    return Eigen::Quaternionf(Eigen::AngleAxisf(n * weight, axis));
}

Eigen::Vector3f bendPoint(const Eigen::Vector3f& p, const Eigen::Vector3f& root, const Eigen::Vector2f& lean,
                          float weight) {
    const Eigen::Vector3f d = p - root;
    return p + (bendRotation(lean, weight) * d - d);  // exactly p when there is no bend
}

namespace {

void checkSizes(std::size_t n, const PlantSet& plants, const std::vector<Eigen::Vector2f>& leans,
                const std::vector<Eigen::Vector3f>& offsets) {
    SW_REQUIRE(plants.vertexPlant.size() == n && plants.mainWeight.size() == n,
               "plant set covers " << plants.vertexPlant.size() << " of " << n << " points");
    SW_REQUIRE(leans.size() == plants.plants.size(), "leans " << leans.size() << " for " << plants.plants.size() << " plants");
    SW_REQUIRE(offsets.empty() || offsets.size() == n, "offsets " << offsets.size() << " for " << n << " points");
}

}  // namespace

void bendVertices(const std::vector<Eigen::Vector3f>& rest, const PlantSet& plants,
                  const std::vector<Eigen::Vector2f>& leans, const std::vector<Eigen::Vector3f>& offsets,
                  std::vector<Eigen::Vector3f>& out) {
    checkSizes(rest.size(), plants, leans, offsets);
    out.resize(rest.size());
    for (std::size_t v = 0; v < rest.size(); ++v) {
        const Eigen::Vector3f p = offsets.empty() ? rest[v] : Eigen::Vector3f(rest[v] + offsets[v]);
        const int pi = plants.vertexPlant[v];
        if (pi < 0) {
            out[v] = p;
            continue;
        }
        const auto i = static_cast<std::size_t>(pi);
        out[v] = bendPoint(p, plants.plants[i].root, leans[i], plants.mainWeight[v]);
    }
}

void bendSplats(const splat::SplatCloud& rest, const PlantSet& plants, const std::vector<Eigen::Vector2f>& leans,
                const std::vector<Eigen::Vector3f>& offsets, splat::SplatCloud& out) {
    checkSizes(rest.size(), plants, leans, offsets);
    out = rest;
    for (std::size_t s = 0; s < rest.size(); ++s) {
        const int pi = plants.vertexPlant[s];
        const Eigen::Vector3f p = offsets.empty() ? rest.positions[s] : Eigen::Vector3f(rest.positions[s] + offsets[s]);
        if (pi < 0) {
            out.positions[s] = p;
            continue;
        }
        const auto i = static_cast<std::size_t>(pi);
        out.positions[s] = bendPoint(p, plants.plants[i].root, leans[i], plants.mainWeight[s]);
        if (!(leans[i].norm() * plants.mainWeight[s] > 0.f)) continue;  // no bend: the rotation as it was
        const Eigen::Quaternionf r = bendRotation(leans[i], plants.mainWeight[s]);
        const Eigen::Vector4f& q = rest.rotations[s];  // (w, x, y, z)
        const Eigen::Quaternionf turned = (r * Eigen::Quaternionf(q[0], q[1], q[2], q[3])).normalized();
        out.rotations[s] = Eigen::Vector4f(turned.w(), turned.x(), turned.y(), turned.z());
    }
}

}  // namespace sw::foliage
