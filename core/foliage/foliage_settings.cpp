#include "core/foliage/foliage_settings.h"

#include <cctype>
#include <cmath>

namespace sw::foliage {

Eigen::Vector2f WindSettings::direction() const {
    const Eigen::Vector2f d(directionX, directionY);
    const float n = d.norm();
    return n > 0.f && std::isfinite(n) ? Eigen::Vector2f(d / n) : Eigen::Vector2f(1.f, 0.f);
}

namespace {

// Values go through float, as the settings struct stores them, so a preset matches its own values.
ParamPreset windPreset(std::string name, std::string label, std::string tooltip, float speed, float turbulence,
                       float gust, float gustSpeed) {
    auto v = [](float x) { return ParamValue(static_cast<double>(x)); };
    return ParamPreset{std::move(name), std::move(label), std::move(tooltip),
                       {{"enabled", true}, {"speed", v(speed)}, {"turbulence", v(turbulence)}, {"gust", v(gust)},
                        {"gust-speed", v(gustSpeed)}}};
}

}  // namespace

const SettingsSchema<WindSettings>& windSchema() {
    static const SettingsSchema<WindSettings> schema = [] {
        SettingsSchema<WindSettings> s("foliage-wind", "Wind");
        using W = WindSettings;
        const std::string g = "Wind";
        s.add(&W::enabled, "enabled", "Wind").group(g).tooltip("Off: calm, every plant stands still");
        s.add(&W::directionX, "direction-x", "Direction x").range(-1, 1).group(g)
            .tooltip("Wind direction on the ground (x, y); normalised");
        s.add(&W::directionY, "direction-y", "Direction y").range(-1, 1).group(g);
        s.add(&W::speed, "speed", "Speed").range(0, 60).unit("m/s").group(g)
            .tooltip("Steady lean of the plants and how fast the wind field drifts; 0 = still");
        s.add(&W::turbulence, "turbulence", "Turbulence").range(0, 2).group(g)
            .tooltip("Random share of speed: how far a plant strays from the mean wind");
        s.add(&W::gust, "gust", "Gust").range(0, 1).group(g).tooltip("Strength of the gusts");
        s.add(&W::gustSpeed, "gust-speed", "Gust speed").range(0, 60).unit("m/s").group(g)
            .tooltip("How fast the gust pattern crosses the level");
        s.addPreset(windPreset("calm", "Calm", "A light air: plants barely lean", 2.f, 0.2f, 0.1f, 2.f));
        s.addPreset(windPreset("breeze", "Breeze", "The seed's defaults", 8.3f, 0.4f, 0.35f, 5.6f));
        s.addPreset(windPreset("storm", "Storm", "Strong wind with heavy gusts", 20.f, 1.2f, 0.9f, 14.f));
        return s;
    }();
    return schema;
}

const SettingsSchema<LookSettings>& lookSchema() {
    static const SettingsSchema<LookSettings> schema = [] {
        SettingsSchema<LookSettings> s("foliage", "Foliage look");
        using L = LookSettings;
        const std::string m = "Motion", v = "Look";
        s.add(&L::touch, "touch", "Touch").range(0, 5).unit("m").group(m)
            .tooltip("How far a small plant's tip leans away from a bender at its centre; 0 = no touch");
        s.add(&L::shiver, "shiver", "Shiver").range(0, 4).group(m)
            .tooltip("Multiplies each material's shiver drag (the leaves' own motion); 0 = none");
        s.add(&L::variation, "variation", "Hue variation").range(0, 1).group(v)
            .tooltip("Hue drift per copy, from a hash of the copy's position");
        s.add(&L::sunWrap, "sun-wrap", "Sun wrap").range(0, 1).group(v).tooltip("Wrapped sun light (thin leaves pass light)");
        s.add(&L::translucency, "translucency", "Translucency").range(0, 1).group(v)
            .tooltip("Sun through a thin back-lit leaf");
        s.add(&L::leafShadow, "leaf-shadow", "Leaf shadow").range(0, 1).group(v)
            .tooltip("Share of a light's shadow a leaf card takes (bark takes all of it)");
        s.add(&L::skyAo, "sky-ao", "Sky AO").range(0, 1).group(v).tooltip("How much baked sky visibility darkens ambient");
        s.add(&L::canopy, "canopy", "Canopy").range(0, 1).group(v)
            .tooltip("Card shading normal: its own plane (0) .. the crown's hull (1)");
        s.add(&L::normalMap, "normal-map", "Normal map").range(0, 2).group(v).tooltip("Strength of the cards' normal maps");
        s.add(&L::edgeFade, "edge-fade", "Edge fade").range(0, 1).group(v)
            .tooltip("An edge-on card dissolves over this share of |N·V|; 0 = none");
        s.add(&L::coverage, "coverage", "Coverage").range(0, 4).group(v)
            .tooltip("alpha × (1 + coverage × mip level): distant crowns keep their density");
        return s;
    }();
    return schema;
}

const SettingsSchema<TouchSettings>& touchSchema() {
    static const SettingsSchema<TouchSettings> schema = [] {
        SettingsSchema<TouchSettings> s("foliage-touch", "Benders");
        using T = TouchSettings;
        const std::string g = "Benders";
        s.add(&T::radius, "radius", "Radius").range(0.01, 20).unit("m").group(g)
            .tooltip("A bender pushes plants whose footprint is within this distance");
        s.add(&T::bendFullUnder, "bend-full-under", "Full lean under").range(0, 100).unit("m").group(g)
            .tooltip("Plants up to this height lean fully");
        s.add(&T::fadeBy, "fade-by", "No lean from").range(0, 100).unit("m").group(g)
            .tooltip("The lean fades to nothing by this plant height (a tree does not twist)");
        s.add(&T::smoothing, "smoothing", "Velocity smoothing").range(0, 5).unit("s").group(g)
            .tooltip("Time constant of a bender's velocity");
        s.add(&T::maxBenders, "max-benders", "Benders acting").range(0, 64).group(g)
            .tooltip("Only this many benders nearest the camera act each frame");
        return s;
    }();
    return schema;
}

Status checkFade(const FadeRange& fade, const std::string& what) {
    auto bad = [&](const std::string& why) {
        return makeError(ErrorCode::InvalidInput,
                         "fade [" + std::to_string(fade.start) + ", " + std::to_string(fade.end) + "]: " + why, what);
    };
    if (!std::isfinite(fade.start) || !std::isfinite(fade.end)) return bad("not a finite number");
    if (fade.start < 0.f || fade.end < 0.f) return bad("negative distance");
    if (fade.end > 0.f && fade.end < fade.start) return bad("end before start (end 0 = no fade)");
    return {};
}

std::string camelKey(const std::string& schemaName) {
    std::string out;
    bool upper = false;
    for (char c : schemaName) {
        if (c == '-') {
            upper = true;
            continue;
        }
        out += upper ? static_cast<char>(std::toupper(static_cast<unsigned char>(c))) : c;
        upper = false;
    }
    return out;
}

}  // namespace sw::foliage
