// Must stay in step with its GLSL twin, shaders/foliage_wind.comp (one instance per dispatch):
// a change here is made there too (tests/gl/tst_foliage_gpu.cpp compares them).
#include "core/foliage/animate.h"

#include <cmath>

#include "core/foundation/check.h"

namespace sw::foliage {

Eigen::Vector3f FoliageInstance::toScene(const Eigen::Vector3f& model) const {
    const float c = std::cos(yaw), s = std::sin(yaw);
    return origin + metresPerUnit * Eigen::Vector3f(c * model.x() - s * model.y(), s * model.x() + c * model.y(), model.z());
}

Eigen::Vector2f FoliageInstance::sceneToModelDirection(const Eigen::Vector2f& scene) const {
    const float c = std::cos(yaw), s = std::sin(yaw);
    return {c * scene.x() + s * scene.y(), -s * scene.x() + c * scene.y()};
}

std::vector<Eigen::Vector2f> plantLeans(const PlantSet& plants, const FoliageInstance& instance, const WindField& wind,
                                        const FrameInput& frame) {
    SW_REQUIRE(instance.metresPerUnit > 0.f, "metresPerUnit=" << instance.metresPerUnit);
    std::vector<Eigen::Vector2f> leans(plants.plants.size(), Eigen::Vector2f::Zero());
    for (std::size_t i = 0; i < plants.plants.size(); ++i) {
        const Plant& p = plants.plants[i];
        const Eigen::Vector3f root = instance.toScene(p.root);
        Eigen::Vector2f lean = wind.leanAt(root.head<2>(), frame.t, p.wind);
        if (!frame.acting.empty())
            lean += touchLean(root, p.radius * instance.metresPerUnit, p.height * instance.metresPerUnit, p.touch,
                              frame.acting, frame.look);
        const float n = lean.norm();
        if (n > MAX_LEAN) lean *= MAX_LEAN / n;
        leans[i] = instance.sceneToModelDirection(lean);
    }
    return leans;
}

std::vector<Eigen::Vector3f> shiverOffsets(const std::vector<Eigen::Vector3f>& rest, const PlantSet& plants,
                                           const FoliageInstance& instance, const WindField& wind,
                                           const FrameInput& frame) {
    if (wind.still() || frame.look.shiver <= 0.f) return {};
    SW_REQUIRE(plants.detailWeight.size() == rest.size(), "plant set covers " << plants.detailWeight.size() << " of " << rest.size());
    std::vector<Eigen::Vector3f> out(rest.size(), Eigen::Vector3f::Zero());
    const float c = std::cos(instance.yaw), s = std::sin(instance.yaw);
    for (std::size_t v = 0; v < rest.size(); ++v) {
        const int pi = plants.vertexPlant[v];
        if (pi < 0) continue;
        const float w = plants.detailWeight[v] * frame.look.shiver * plants.plants[static_cast<std::size_t>(pi)].wind.shiver;
        const Eigen::Vector3f d = wind.shiverAt(instance.toScene(rest[v]), frame.t, w) / instance.metresPerUnit;
        out[v] = Eigen::Vector3f(c * d.x() + s * d.y(), -s * d.x() + c * d.y(), d.z());  // scene → model (−yaw)
    }
    return out;
}

void animateVertices(const std::vector<Eigen::Vector3f>& rest, const PlantSet& plants, const FoliageInstance& instance,
                     const WindField& wind, const FrameInput& frame, std::vector<Eigen::Vector3f>& out) {
    bendVertices(rest, plants, plantLeans(plants, instance, wind, frame), shiverOffsets(rest, plants, instance, wind, frame),
                 out);
}

void animateSplats(const splat::SplatCloud& rest, const PlantSet& plants, const FoliageInstance& instance,
                   const WindField& wind, const FrameInput& frame, splat::SplatCloud& out) {
    bendSplats(rest, plants, plantLeans(plants, instance, wind, frame),
               shiverOffsets(rest.positions, plants, instance, wind, frame), out);
}

}  // namespace sw::foliage
