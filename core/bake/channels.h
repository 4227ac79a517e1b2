#pragma once
// Baked channels (PIPELINE §5): the per-instance vec4 `attrs` of SPL2, stored as half floats at
// runtime, so every value is an integer ≤ 255 or a multiple of 1/256 in [0, 1] (both exact in
// IEEE binary16). Layout (docs/bake.md):
//   x  AO: sky visibility around the snapped (outward) normal, k/256 (1 open, 0 enclosed), seen
//      from the skin the splat stands for: start at the centre when it lies in front of its
//      face, else at the closest surface point; then, when a surface lies within aoLift along
//      the normal (a plate over the hull the splat sank under), on that surface
//   y  part·16 + emission level (0..15): integer 0..127 (part from the closest face)
//   z  hull thickness: distance along −normal from the surface to the opposite surface,
//      ÷ thicknessRange, clamped to 1, k/256 (0 = nothing behind: an open plate)
//   w  shape class by size percentile: 0 dot (≤ p40), 1 rounded hex, 2 plate (≥ p85)
#include <Eigen/Core>
#include <cstdint>
#include <span>
#include <string>
#include <vector>

#include "core/foundation/error.h"
#include "core/foundation/progress.h"
#include "core/foundation/schema.h"
#include "core/geometry/mesh.h"
#include "core/geometry/ray_query.h"

namespace sw::bake {

// Where the emission channel comes from: auto = the model's emissive materials when it declares
// any, else colour rarity; materials = only what the materials declare (none → nothing glows);
// rarity = the colour rule below; off = nothing glows.
enum class EmissionSource : int { Auto = 0, Materials = 1, Rarity = 2, Off = 3 };

struct ChannelSettings {
    int aoRays = 32;                   // sky-visibility rays per splat
    float aoMaxDistance = 2.f;         // model units; farther blockers do not count
    float aoLift = 0.06f;              // model units: AO is taken on the outermost skin this close above the splat
    EmissionSource emissionSource = EmissionSource::Auto;
    float emissionShare = 0.03f;       // the rarest this share of splats may light up
    float emissionMinDistance = 0.2f;  // RGB distance from the median below which nothing lights
    float emissionMinValue = 0.8f;     // HSV value (brightest channel) below which nothing lights
    float thicknessRange = 0.4f;       // model units mapped to z = 1
    float platePercentile = 85.f;      // size ≥ this percentile → plate
    float dotPercentile = 40.f;        // size ≤ this percentile → dot
};
const SettingsSchema<ChannelSettings>& channelSchema();

enum class ShapeClass : int { Dot = 0, Hex = 1, Plate = 2 };

// Per-splat inputs (all [n], the splats being baked).
struct ChannelInputs {
    std::span<const Eigen::Vector3f> positions;  // centres
    std::span<const Eigen::Vector3f> normals;    // snapped normals (unit)
    std::span<const Eigen::Vector3f> surface;    // closest mesh points
    std::span<const int> faces;                  // closest faces
    std::span<const Eigen::Vector3f> colors;     // gamma RGB
    std::span<const Eigen::Vector3f> ax0, ax1;   // stored major axes (size = |ax0|·|ax1|)
};

struct ChannelResult {
    std::vector<Eigen::Vector4f> attrs;  // [n] packed as above
    std::vector<int> part;               // [n]
    std::vector<int> emissionLevel;      // [n] 0..15
    std::vector<int> shape;              // [n] ShapeClass
    Eigen::Vector3f medianColor = Eigen::Vector3f::Zero();
    int emissive = 0;                    // splats with emission level > 0
    EmissionSource emissionFrom = EmissionSource::Off;  // the source used: Materials, Rarity or Off
};
// "emissive materials", "colour rarity" or "off": the report's words for a source used.
const char* emissionSourceText(EmissionSource source);

// Rounds v (clamped to [0, 1]) to the nearest multiple of 1/256: exact in binary16.
float quantiseFraction(float v);

// mesh: the snapped-to mesh (facePart, partNames, materials); query: its ray query.
// Emission from materials: level = round(15 × brightest channel of the closest face's emissive
// colour × its emissive texture (linearised) at the closest surface point), capped at 15.
// Emission by rarity: the median colour of the splats on the part named "hull" (all splats when
// no part has that name); the emissionShare of splats farthest from it light up when at least
// emissionMinDistance away and at least emissionMinValue bright (a rare colour that is not bright,
// e.g. red paint on grey armour, is paint, not a light), with level 1..15 growing with the
// distance. Errors: Cancelled.
Result<ChannelResult> computeChannels(const geometry::Mesh& mesh, const geometry::RayQuery& query,
                                      const ChannelInputs& in, const ChannelSettings& settings,
                                      const Progress& progress = {});

template <class S>
void addChannelParams(SettingsSchema<S>& s) {
    const std::string g = "Channels";
    s.template add<int>(&S::aoRays, "ao-rays", "AO rays").range(1, 4096).group(g);
    s.template add<float>(&S::aoMaxDistance, "ao-max-distance", "AO distance").range(0.001, 100).unit("model units").group(g);
    s.template add<float>(&S::aoLift, "ao-lift", "AO lift").range(0, 1).unit("model units").group(g)
        .tooltip("AO is measured on the outermost surface within this distance above the splat (plates over a hull)");
    s.template addChoice<EmissionSource>(&S::emissionSource, "emission-source", "Emission from",
                         {{EmissionSource::Auto, "auto"}, {EmissionSource::Materials, "materials"},
                          {EmissionSource::Rarity, "rarity"}, {EmissionSource::Off, "off"}})
        .group(g)
        .tooltip("auto: the model's emissive materials when it has any, else the rarest bright colours");
    s.template add<float>(&S::emissionShare, "emission-share", "Emissive share").range(0, 1).group(g)
        .tooltip("The rarest colours (farthest from the hull's median) light up, at most this share");
    s.template add<float>(&S::emissionMinDistance, "emission-min-distance", "Emission min distance").range(0, 2).group(g);
    s.template add<float>(&S::emissionMinValue, "emission-min-value", "Emission min brightness").range(0, 1).group(g)
        .tooltip("Only colours at least this bright (HSV value) light up: a rare dark or mid-tone colour is paint");
    s.template add<float>(&S::thicknessRange, "thickness-range", "Thickness range").range(0.001, 10).unit("model units").group(g);
    s.template add<float>(&S::platePercentile, "plate-percentile", "Plate percentile").range(0, 100).group(g);
    s.template add<float>(&S::dotPercentile, "dot-percentile", "Dot percentile").range(0, 100).group(g);
}

}  // namespace sw::bake
