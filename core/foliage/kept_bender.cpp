#include "core/foliage/kept_bender.h"

#include <nlohmann/json.hpp>

namespace sw::foliage {

const SettingsSchema<KeptBender>& keptBenderSchema() {
    static const SettingsSchema<KeptBender> schema = [] {
        SettingsSchema<KeptBender> s("foliage-bender", "Bender");
        using B = KeptBender;
        s.add(&B::x, "x", "X").range(-1e5, 1e5).unit("m").tooltip("Where a dragged bender stands");
        s.add(&B::y, "y", "Y").range(-1e5, 1e5).unit("m").tooltip("Where a dragged bender stands");
        s.add(&B::z, "z", "Z").range(-1e5, 1e5).unit("m").tooltip("Where a dragged bender stands");
        s.add(&B::radius, "radius", "Radius").range(0, 100).unit("m")
            .tooltip("How far the bender pushes plants; 0 = the touch settings' radius");
        s.add(&B::height, "height", "Height").range(0.01, 100).unit("m").tooltip("Height of the bender's capsule");
        s.add(&B::file, "file", "Path file").tooltip("The bender path file a scripted bender came from");
        return s;
    }();
    return schema;
}

std::string benderPathJson(const BenderPath& path) {
    nlohmann::ordered_json doc;
    nlohmann::json points = nlohmann::json::array();
    for (const Eigen::Vector3f& p : path.points) points.push_back({p.x(), p.y(), p.z()});
    doc["points"] = points;
    doc["speed"] = path.speed;
    doc["radius"] = path.radius;
    doc["loop"] = path.loop;
    return doc.dump();
}

}  // namespace sw::foliage
