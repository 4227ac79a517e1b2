// The simulation's settings schema (`destruct`) and their range check.
#include <cmath>
#include <string>
#include <utility>

#include "core/destruct/sim_types.h"

namespace sw::destruct {

const SettingsSchema<SimSettings>& simSchema() {
    static const SettingsSchema<SimSettings> schema = [] {
        SettingsSchema<SimSettings> s("destruct", "Destruction");
        using S = SimSettings;
        const std::string g = "Onion", h = "Support", b = "Bodies";
        s.add(&S::seed, "seed", "Seed").group(g);
        s.add(&S::inwardBlend, "inward-blend", "Inward blend").range(0, 1).group(g)
            .tooltip("0: layers go along -normal; 1: toward the centroid");
        s.add(&S::thicknessRange, "thickness-range", "Thickness range").range(0.001, 10).unit("model units").group(g)
            .tooltip("The bake's thickness range: attrs.z = 1 means this thick");
        s.add(&S::stepShare, "step-share", "Layer step").range(0.01, 2).group(g).tooltip("Share of the hull thickness per layer");
        s.add(&S::minStep, "min-step", "Min layer step").range(0.0001, 1).unit("model units").group(g)
            .tooltip("Layer step where the hull has no thickness (open plates)");
        s.add(&S::islandMax, "island-max", "Island size").range(0, 10000).group(h)
            .tooltip("Plating islands up to this many splats tear off");
        s.add(&S::partThreshold, "part-threshold", "Part threshold").range(0.001, 1).group(h)
            .tooltip("Share of a part's splats knocked out that silences it");
        s.add(&S::gravity, "gravity", "Gravity").range(0, 100).unit("model units/s²").group(b).tooltip("Pulls torn pieces and debris along -Z");
        s.add(&S::floorZ, "floor-z", "Floor height").range(-100, 100).unit("model units").group(b)
            .tooltip("Pieces and debris that fall below this height vanish");
        s.add(&S::bodyLifetime, "body-lifetime", "Chunk lifetime").range(0.01, 600).unit("s").group(b)
            .tooltip("A torn piece flies this long, then vanishes");
        s.add(&S::debrisLifetime, "debris-lifetime", "Debris lifetime").range(0.01, 600).unit("s").group(b)
            .tooltip("A debris splat flies (and cools) this long");
        s.add(&S::debrisScale, "debris-scale", "Debris size").range(0.01, 4).group(b).tooltip("Debris splats are drawn this much smaller than the splat they came from");
        s.add(&S::undersideOffset, "underside-offset", "Underside offset").range(0, 4).unit("layer steps").group(b)
            .tooltip("How far inside the plating a torn piece's underside copies sit");
        s.add(&S::poolCapacity, "pool-capacity", "Pool capacity").range(0, 1 << 22).group(b)
            .tooltip("Debris and piece copies alive at once (extra instances drawn every frame)");
        s.add(&S::chunkCopies, "chunk-copies", "Copies per piece").range(1, 100000).group(b)
            .tooltip("A torn piece is drawn with at most this many plating copies (half as many underside), each larger");
        s.add(&S::pieceCoverage, "piece-coverage", "Piece coverage").range(0.25, 16).group(b)
            .tooltip("A torn piece's copies together cover this many times its surface (never more than its splats did)");
        s.add(&S::debrisMax, "debris-max", "Debris at once").range(0, 1 << 22).group(b)
            .tooltip("At most this many white-hot debris splats fly at once");
        return s;
    }();
    return schema;
}

Status validateSimSettings(const SimSettings& s) {
    const auto bad = [](const std::string& name, double v) {
        return makeError(ErrorCode::InvalidInput, "destruction setting " + name + " = " + std::to_string(v) + " is out of range");
    };
    const ParamSchema& schema = simSchema().schema();
    const std::pair<const char*, double> values[] = {
        {"inward-blend", s.inwardBlend}, {"thickness-range", s.thicknessRange}, {"step-share", s.stepShare},
        {"min-step", s.minStep}, {"island-max", s.islandMax}, {"part-threshold", s.partThreshold},
        {"gravity", s.gravity}, {"floor-z", s.floorZ}, {"body-lifetime", s.bodyLifetime},
        {"debris-lifetime", s.debrisLifetime}, {"debris-scale", s.debrisScale},
        {"underside-offset", s.undersideOffset}, {"pool-capacity", s.poolCapacity},
        {"chunk-copies", s.chunkCopies}, {"piece-coverage", s.pieceCoverage}, {"debris-max", s.debrisMax}};
    for (const auto& [name, v] : values) {
        const ParamSpec* spec = schema.find(name);
        if (!std::isfinite(v) || (spec && (v < spec->min || v > spec->max))) return bad(name, v);
    }
    if (s.graph.targetNeighbours < 1 || s.graph.maxNeighbours < 1) return bad("graph neighbours", s.graph.targetNeighbours);
    return {};
}

}  // namespace sw::destruct
