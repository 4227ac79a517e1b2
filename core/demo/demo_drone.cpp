#include "core/demo/demo_drone.h"

#include <algorithm>
#include <cmath>
#include <numeric>

#include "core/demo/detail/demo_rng.h"
#include "core/demo/detail/drone_paint.h"
#include "core/demo/detail/drone_shape.h"
#include "core/demo/detail/plate_builder.h"
#include "core/demo/detail/plated_shape.h"

namespace sw::demo {

const SettingsSchema<DemoSettings>& demoSchema() {
    static const SettingsSchema<DemoSettings> schema = [] {
        SettingsSchema<DemoSettings> s("demo", "Demo asset");
        s.addChoice(&DemoSettings::style, "style", "Style", {{DemoStyle::Drone, "drone"}, {DemoStyle::Plated, "plated"}})
            .tooltip("drone: the bundled boss drone; plated: a closed hull under coarse open plates with gaps "
                     "(AI-generated bosses)")
            .group("Demo asset");
        s.add(&DemoSettings::seed, "seed", "Seed")
            .tooltip("Random seed: plate styles, paint and which plates are wound inward")
            .group("Demo asset");
        s.add(&DemoSettings::plates, "plates", "Plates")
            .range(kMinDemoPlates, kMaxDemoPlates)
            .tooltip("Open plate components in the whole model (each its own connected component)")
            .group("Demo asset");
        s.add(&DemoSettings::textureSize, "texture-size", "Texture size")
            .range(256, 8192)
            .unit("px")
            .tooltip("Edge of the square base-colour texture")
            .group("Demo asset");
        s.add(&DemoSettings::invertedShare, "inverted-share", "Inverted share")
            .range(0, 1)
            .tooltip("Share of plates with reversed (inward) winding, as generated models have")
            .group("Demo asset");
        s.add(&DemoSettings::atlasMargin, "atlas-margin", "Atlas margin")
            .range(0, 16)
            .unit("px")
            .tooltip("Padding around each plate's cell of the texture atlas")
            .group("Demo asset");
        return s;
    }();
    return schema;
}

DemoSettings platedBossSettings() {
    DemoSettings s;
    s.style = DemoStyle::Plated;
    s.plates = 240;
    s.invertedShare = 1.f / 3.f;
    return s;
}

int DemoDrone::openPlateCount() const {
    return static_cast<int>(componentInverted.size()) - (hullComponent >= 0 ? 1 : 0);
}

int DemoDrone::invertedCount() const {
    return static_cast<int>(std::count(componentInverted.begin(), componentInverted.end(), true));
}

namespace {

// Exactly round(share · n) plates, chosen by a seeded partial Fisher–Yates shuffle.
std::vector<bool> chooseInverted(int n, float share, detail::Rng& rng) {
    std::vector<int> order(static_cast<std::size_t>(n));
    std::iota(order.begin(), order.end(), 0);
    const int k = static_cast<int>(std::lround(static_cast<double>(share) * n));
    std::vector<bool> inverted(static_cast<std::size_t>(n), false);
    for (int i = 0; i < k; ++i) {
        std::swap(order[i], order[i + rng.below(n - i)]);
        inverted[order[i]] = true;
    }
    return inverted;
}

// The schema's range checks, so API callers get the same messages as CLI users.
Status validateSettings(const DemoSettings& s) {
    ParamSet params(demoSchema().schema());
    SW_TRY(params.set("style", std::string(s.style == DemoStyle::Plated ? "plated" : "drone")));
    SW_TRY(params.set("seed", static_cast<std::int64_t>(s.seed)));
    SW_TRY(params.set("plates", static_cast<std::int64_t>(s.plates)));
    SW_TRY(params.set("texture-size", static_cast<std::int64_t>(s.textureSize)));
    SW_TRY(params.set("inverted-share", static_cast<double>(s.invertedShare)));
    SW_TRY(params.set("atlas-margin", static_cast<std::int64_t>(s.atlasMargin)));
    return {};
}

// Centres the bounding box at the origin and scales its longest side to `edge` (the importer's
// normalisation then leaves the model as it is).
void fitToCube(geometry::Mesh& mesh, float edge) {
    const geometry::Bounds b = geometry::computeBounds(mesh);
    const Eigen::Vector3f centre = b.center();
    const float scale = edge / b.size().maxCoeff();
    for (auto& p : mesh.positions) p = (p - centre) * scale;
}

}  // namespace

Result<DemoDrone> generateDemoDrone(const DemoSettings& settings, const Progress& progress) {
    SW_TRY(validateSettings(settings));
    DemoDrone drone;
    geometry::Mesh& mesh = drone.mesh;
    detail::Rng rng(settings.seed);
    detail::PlateBuilder builder(mesh);
    progress.report(0.0, "building plates");
    const bool plated = settings.style == DemoStyle::Plated;
    if (plated) detail::buildPlatedShape(builder, settings.plates, rng);
    else detail::buildDroneShape(builder, settings.plates, rng);
    const int plates = static_cast<int>(builder.plates().size());
    drone.hullComponent = plated ? 0 : -1;
    fitToCube(mesh, kDemoCubeEdge);

    detail::AtlasLayout atlas;
    atlas.cells = static_cast<int>(std::ceil(std::sqrt(static_cast<double>(plates))));
    atlas.textureSize = settings.textureSize;
    atlas.margin = std::min(settings.atlasMargin, static_cast<int>(atlas.cellSize() / 4.f));
    builder.assignAtlas(atlas);

    if (plated) {  // the hull (component 0) keeps its winding; the share is of the open plates
        const std::vector<bool> open = chooseInverted(plates - 1, settings.invertedShare, rng);
        drone.componentInverted.assign(1, false);
        drone.componentInverted.insert(drone.componentInverted.end(), open.begin(), open.end());
    } else {
        drone.componentInverted = chooseInverted(plates, settings.invertedShare, rng);
    }
    for (int p = 0; p < plates; ++p)
        if (drone.componentInverted[static_cast<std::size_t>(p)]) builder.invert(p);
    drone.faceComponent.resize(mesh.triangles.size());
    for (int p = 0; p < plates; ++p) {
        const detail::PlateRecord& rec = builder.plates()[static_cast<std::size_t>(p)];
        std::fill_n(drone.faceComponent.begin() + rec.firstFace, rec.faceCount, p);
    }
    if (progress.cancelled()) return makeError(ErrorCode::Cancelled, "demo generation cancelled");

    progress.report(0.2, "painting the texture");
    mesh.textures.push_back(detail::paintDroneTexture(builder.plates(), atlas, rng.fork()));
    geometry::Material paint;
    paint.name = "drone_paint";
    paint.baseColorTexture = 0;
    paint.baseColorSource = "baseColorTexture";
    mesh.materials.push_back(paint);
    if (plated) mesh.partNames = {"hull"};
    else mesh.partNames = {"hull", "gun_left", "gun_right", "engine"};
    if (progress.cancelled()) return makeError(ErrorCode::Cancelled, "demo generation cancelled");
    progress.report(1.0, "demo drone ready");
    return drone;
}

}  // namespace sw::demo
