#pragma once
// Foliage settings (seed 004 "Растительность", PIPELINE §8), declared once as schemas (STYLE
// habit 10) so the dock, the CLI flags, the project and the exported JSON share one list:
//   WindSettings   Foliage.wind: direction, speed, turbulence, gust, gustSpeed (+ on/off)
//   LookSettings   the rest of Foliage.configure: touch, variation, sunWrap, shiver, ...
//   TouchSettings  the bender model the engine has built in (radius, size response, smoothing)
//   FadeRange      per asset: Foliage.fade(model, start, end)
// Lengths are scene metres, +Z up; the wind direction is on the ground plane (x, y), which is
// the seed's (x, z) in its Y-up engine.
#include <Eigen/Core>
#include <string>
#include <vector>

#include "core/foundation/error.h"
#include "core/foundation/schema.h"

namespace sw::foliage {

struct WindSettings {
    bool enabled = true;         // false = calm (the seed's `wind: false`)
    float directionX = 1.f;      // on the ground; normalised where used
    float directionY = 0.3f;
    float speed = 8.3f;          // m/s: steady lean and how fast the field drifts; 0 = still
    float turbulence = 0.4f;     // 0..2 random share of speed
    float gust = 0.35f;          // 0..1 gust strength
    float gustSpeed = 5.6f;      // m/s: how fast the gust pattern crosses the level
    Eigen::Vector2f direction() const;  // unit; +x when both components are 0
};
const SettingsSchema<WindSettings>& windSchema();  // presets: calm, breeze, storm

struct LookSettings {
    float touch = 0.6f;          // m a small plant's tip moves away from a bender at its centre; 0 = none
    float variation = 0.35f;     // 0..1 hue drift per copy
    float sunWrap = 0.5f;        // 0..1 wrapped sun light
    float shiver = 1.f;          // × each material's shiver drag; 0 = none
    float translucency = 0.35f;  // 0..1 sun through a back-lit leaf
    float leafShadow = 0.6f;     // 0..1 share of a light's shadow a leaf card takes
    float skyAo = 0.7f;          // 0..1 baked sky visibility darkening ambient
    float canopy = 0.7f;         // 0..1 card shading normal: its plane (0) .. the crown's hull (1)
    float normalMap = 0.5f;      // card normal-map strength
    float edgeFade = 0.15f;      // |N·V| share over which an edge-on card dissolves; 0 = none
    float coverage = 0.25f;      // alpha × (1 + coverage × mip level)
};
const SettingsSchema<LookSettings>& lookSchema();

struct TouchSettings {
    float radius = 0.7f;         // m, a bender's default radius (Foliage.bend(node, 0.7))
    float bendFullUnder = 2.f;   // m, plants up to this height lean fully
    float fadeBy = 5.f;          // m, the lean fades to nothing by this height
    float smoothing = 0.2f;      // s, time constant of a bender's velocity
    int maxBenders = 8;          // the benders nearest the camera that act
};
const SettingsSchema<TouchSettings>& touchSchema();

// Distance fade of one asset, metres from the camera; end 0 = none.
struct FadeRange {
    float start = 0.f;
    float end = 0.f;
    bool active() const { return end > 0.f; }
};
// InvalidInput unless both are finite, start >= 0 and (end == 0 or end >= start).
Status checkFade(const FadeRange& fade, const std::string& what);

struct FoliageSettings {
    WindSettings wind;
    LookSettings look;
    TouchSettings touch;
};

// One node of a scene file marked foliage, with its asset's fade.
struct FoliageNode {
    std::string name;
    FadeRange fade;
};

// The scene-file shape of seed 004:
//   {"env": {"foliage": {"wind": {"direction": [x, y], "speed": ..., "turbulence": ...,
//    "gust": ..., "gustSpeed": ...} | false, "touch": ..., "variation": ..., "sunWrap": ...}},
//    "nodes": {"<name>": {"foliage": {"fade": [start, end]}}}}
// Keys are the schema names in lowerCamelCase. TouchSettings is not part of it (the engine's
// constants); the project keeps it through the schema presets.
std::string sceneJson(const FoliageSettings& settings, const std::vector<FoliageNode>& nodes);

struct FoliageScene {
    FoliageSettings settings;
    std::vector<FoliageNode> nodes;  // nodes whose "foliage" is true or an object, in file order
};
// Parses sceneJson's shape. Every key present replaces the value in `base`, the others keep it
// (seed 004: "each passed field replaces the current value"). Errors (Parse for a wrong type,
// InvalidInput for NaN, infinity or out of range, an unknown key) name the key and the file.
Result<FoliageScene> parseSceneJson(const std::string& text, const std::string& path,
                                    const FoliageSettings& base = {});
Status saveSceneJson(const std::string& path, const FoliageSettings& settings,
                     const std::vector<FoliageNode>& nodes);  // atomic
Result<FoliageScene> loadSceneJson(const std::string& path, const FoliageSettings& base = {});

// "gust-speed" -> "gustSpeed": the scene-file key of a schema parameter.
std::string camelKey(const std::string& schemaName);

}  // namespace sw::foliage
