#include "core/foliage/foliage_preview.h"

#include <algorithm>
#include <cmath>

#include "core/foliage/scatter.h"

namespace sw::foliage {

const SettingsSchema<FoliagePreviewSettings>& previewSchema() {
    static const SettingsSchema<FoliagePreviewSettings> schema = [] {
        SettingsSchema<FoliagePreviewSettings> s("foliage-preview", "Foliage preview");
        using P = FoliagePreviewSettings;
        const std::string g = "Copies", f = "Fade";
        s.add(&P::enabled, "enabled", "Foliage").group(g)
            .tooltip("Show the open model in the viewport as foliage: scattered copies in the wind");
        s.add(&P::count, "count", "Copies").range(1, 2000).group(g).tooltip("How many copies are scattered on the ground");
        s.add(&P::seed, "seed", "Seed").range(0, 1000000).group(g).tooltip("Scatter seed: another seed, other places");
        s.add(&P::area, "area", "Area").range(0.5, 500).unit("m").group(g)
            .tooltip("Side of the square the copies are scattered over");
        s.add(&P::fadeStart, "fade-start", "Fade start").range(0, 10000).unit("m").group(f)
            .tooltip("Distance from the camera where the copies start to thin out");
        s.add(&P::fadeEnd, "fade-end", "Fade end").range(0, 10000).unit("m").group(f)
            .tooltip("Distance where the copies are gone; 0 = no fade");
        s.add(&P::unitsScale, "units-scale", "Units scale").range(0, 10000).unit("m per unit").group(g)
            .tooltip("Metres per unit of the asset (a cloud trained from a normalised model is in its normalised "
                     "units); 0 = from the model's normalisation when known, else 1");
        return s;
    }();
    return schema;
}

Result<PlantSet> previewPlants(const geometry::Mesh* mesh, const std::vector<Eigen::Vector3f>& points,
                               const std::string& what) {
    if (points.empty()) return makeError(ErrorCode::InvalidInput, "the asset has no points", what);
    if (mesh) {
        auto connected = analysePlants(*mesh, {}, what);
        if (!connected) return connected.error();
        float lo = points[0].z(), hi = points[0].z();
        for (const Eigen::Vector3f& p : points) {
            lo = std::min(lo, p.z());
            hi = std::max(hi, p.z());
        }
        bool grounded = !connected->plants.empty();
        for (const Plant& p : connected->plants) grounded = grounded && p.root.z() <= lo + 0.1f * (hi - lo);
        if (grounded) return connected;
    }
    return plantFromPoints(points, {}, what);
}

float resolvedUnitsScale(float unitsScale, float recorded) {
    if (unitsScale > 0.f && std::isfinite(unitsScale)) return unitsScale;
    return recorded > 0.f && std::isfinite(recorded) ? recorded : 1.f;
}

splat::SplatCloud scaledCloud(const splat::SplatCloud& cloud, float metresPerUnit) {
    splat::SplatCloud out = cloud;
    for (Eigen::Vector3f& p : out.positions) p *= metresPerUnit;
    for (Eigen::Vector3f& s : out.scales) s *= metresPerUnit;
    return out;
}

geometry::Mesh scaledMesh(const geometry::Mesh& mesh, float metresPerUnit) {
    geometry::Mesh out = mesh;
    for (Eigen::Vector3f& p : out.positions) p *= metresPerUnit;
    return out;
}

Result<std::vector<FoliageInstance>> previewCopies(const FoliagePreviewSettings& preview, float lowZ, float footprint) {
    ScatterSettings sc;
    sc.count = std::max(1, preview.count);
    sc.seed = static_cast<std::uint32_t>(std::max(0, preview.seed));
    sc.width = sc.depth = preview.area;
    // Copies as close as 0.6 of the asset's width, less where the area is too small for them all.
    const float room = 0.5f * preview.area / std::sqrt(float(sc.count));
    sc.minSpacing = std::clamp(0.6f * footprint, 0.f, room);
    auto scattered = scatter(sc);
    if (!scattered) return scattered.error();
    std::vector<FoliageInstance> copies;
    copies.reserve(scattered->copies.size());
    for (const ScatterCopy& c : scattered->copies) {
        FoliageInstance inst;
        inst.origin = c.position - Eigen::Vector3f(0.f, 0.f, lowZ * c.scale);
        inst.yaw = c.yaw;
        inst.metresPerUnit = c.scale;
        copies.push_back(inst);
    }
    return copies;
}

}  // namespace sw::foliage
