#include "core/render/effects_schema.h"

#include <Eigen/Geometry>
#include <cmath>

namespace sw::render {

namespace {

constexpr float kPi = 3.14159265358979f;

void addScatterKnobs(SettingsSchema<EffectParams>& s) {
    s.add(&EffectParams::scatter, "scatter", "Scatter progress").range(0, 1).group("Scatter")
        .tooltip("0 = off, 1 = every splat has flown its full distance");
    s.addChoice(&EffectParams::scatterMode, "scatter-mode", "Mode",
                {{ScatterMode::Radial, "Radial"}, {ScatterMode::Ring, "Ring"},
                 {ScatterMode::Column, "Firework column"}, {ScatterMode::Vortex, "Vortex"}})
        .group("Scatter")
        .tooltip("Radial: away from the centre; ring: outward in the horizontal plane; column: an upward plume; "
                 "vortex: swirling around +Z");
    s.add(&EffectParams::scatterDistance, "scatter-distance", "Distance").range(0, 4).unit("model units")
        .group("Scatter").tooltip("Distance travelled at progress 1 (each splat × 0.5..1.5)");
    s.add(&EffectParams::kineticBias, "kinetic-bias", "Kinetic bias").range(0, 1).group("Scatter")
        .tooltip("Share of the motion turned along the killing shot's direction");
}

void addRippleKnobs(SettingsSchema<EffectParams>& s) {
    s.add(&EffectParams::ripple, "ripple", "Ripple amplitude").range(0, 0.2).unit("model units").group("Ripple")
        .tooltip("Displacement along the normal at the wave front (0 = off)");
    s.add(&EffectParams::rippleSpeed, "ripple-speed", "Speed").range(0.01, 10).unit("model units/s").group("Ripple")
        .tooltip("How fast the front travels from the hit point");
    s.add(&EffectParams::rippleWavelength, "ripple-wavelength", "Wavelength").range(0.005, 2).unit("model units")
        .group("Ripple").tooltip("Distance between wave crests");
    s.add(&EffectParams::rippleDecay, "ripple-decay", "Decay").range(0, 50).unit("1/model units").group("Ripple")
        .tooltip("How quickly the waves die out behind the front");
}

void addLinkSiphonKnobs(SettingsSchema<EffectParams>& s) {
    s.add(&EffectParams::linkDecay, "link-decay", "Link decay strength").range(0, 1).group("Link decay")
        .tooltip("0 = off; parts twitch, glitch and fade toward cyan");
    s.add(&EffectParams::linkSlotsPerSecond, "link-slots", "Slots per second").range(0.1, 60).unit("1/s")
        .group("Link decay").tooltip("Time slots per second; each slot picks one part to twitch");
    s.add(&EffectParams::linkTwitch, "link-twitch", "Twitch").range(0, 0.2).unit("model units").group("Link decay")
        .tooltip("Twitch distance along the normal");
    s.add(&EffectParams::linkPacketRate, "link-packet-rate", "Packet rate").range(0, 1).group("Link decay")
        .tooltip("Share of the splats that glitch in each slot");
    s.add(&EffectParams::siphon, "siphon", "Siphon share").range(0, 1).group("Siphon")
        .tooltip("Fraction of the splats that spiral into the centre (0 = off)");
    s.add(&EffectParams::siphonSpeed, "siphon-speed", "Speed").range(0, 10).unit("cycles/s").group("Siphon")
        .tooltip("Spiral cycles per second");
    s.add(&EffectParams::siphonTurns, "siphon-turns", "Turns").range(0, 20).group("Siphon")
        .tooltip("Turns around the centre per cycle");
}

SettingsSchema<EffectParams> makeEffectsSchema() {
    SettingsSchema<EffectParams> s("effects", "Effects");
    addScatterKnobs(s);
    s.add(&EffectParams::implode, "implode", "Implode progress").range(0, 1).group("Implode")
        .tooltip("0 = off, 1 = every splat has reached the centre (each starts up to half the way late)");
    s.add(&EffectParams::assemble, "assemble", "Assemble state").range(0, 1).group("Assemble")
        .tooltip("1 = every splat displaced by up to the spread, 0 = assembled");
    s.add(&EffectParams::assembleSpread, "assemble-spread", "Spread").range(0, 3).unit("model units")
        .group("Assemble").tooltip("Largest displacement at assemble state 1");
    addRippleKnobs(s);
    s.add(&EffectParams::charge, "charge", "Charge").range(0, 1).group("Charge")
        .tooltip("0 = off; panels lift along their normals and occluded splats glow");
    s.add(&EffectParams::chargeLift, "charge-lift", "Lift").range(0, 0.3).unit("model units").group("Charge")
        .tooltip("Panel lift at charge 1");
    addLinkSiphonKnobs(s);
    s.add(&EffectParams::partXform, "part-xform", "Part transform on").range(0, 1).group("Part transform")
        .tooltip("1 applies each part's rigid transform (pivot, rotation, offset)");
    return s;
}

}  // namespace

const SettingsSchema<EffectParams>& effectsSchema() {
    static const SettingsSchema<EffectParams> schema = makeEffectsSchema();
    return schema;
}

const SettingsSchema<EffectTimeline>& effectTimelineSchema() {
    static const SettingsSchema<EffectTimeline> schema = [] {
        SettingsSchema<EffectTimeline> s("effect-timeline", "Effect timeline");
        s.addChoice(&EffectTimeline::effect, "effect", "Effect",
                    {{EffectKind::Off, "Off"}, {EffectKind::Scatter, "Scatter"}, {EffectKind::Implode, "Implode"},
                     {EffectKind::Assemble, "Assemble"}, {EffectKind::Ripple, "Ripple"},
                     {EffectKind::Charge, "Charge"}, {EffectKind::LinkDecay, "Link decay"},
                     {EffectKind::Siphon, "Siphon"}, {EffectKind::PartXform, "Part transform"}})
            .group("Timeline").tooltip("The effect whose amount the timeline drives (0 → 1 → 0 per loop)");
        s.add(&EffectTimeline::loopSeconds, "loop-seconds", "Loop length").range(0.2, 60).unit("s")
            .group("Timeline").tooltip("Duration of one 0 → 1 → 0 cycle");
        s.add(&EffectTimeline::rippleAmplitude, "ripple-peak", "Ripple peak").range(0, 0.2).unit("model units")
            .group("Ripple").tooltip("Ripple amplitude at the middle of the loop");
        s.add(&EffectTimeline::partSwingDeg, "part-swing", "Part swing").range(0, 180).unit("deg")
            .group("Part transform").tooltip("Peak rotation of each part about its pivot (alternating direction)");
        s.add(&EffectTimeline::partLift, "part-lift", "Part lift").range(0, 1).unit("model units")
            .group("Part transform").tooltip("Peak offset of each part away from the model centre (part 0 stays)");
        return s;
    }();
    return schema;
}

const char* effectGroup(EffectKind effect) {
    switch (effect) {
        case EffectKind::Scatter: return "Scatter";
        case EffectKind::Implode: return "Implode";
        case EffectKind::Assemble: return "Assemble";
        case EffectKind::Ripple: return "Ripple";
        case EffectKind::Charge: return "Charge";
        case EffectKind::LinkDecay: return "Link decay";
        case EffectKind::Siphon: return "Siphon";
        case EffectKind::PartXform: return "Part transform";
        case EffectKind::Off: return "Off";
    }
    return "Scatter";
}

float loopWave(float timeSeconds, float loopSeconds) {
    if (!(loopSeconds > 0.f)) return 0.f;
    const float phase = timeSeconds / loopSeconds - std::floor(timeSeconds / loopSeconds);
    return 0.5f - 0.5f * std::cos(2.f * kPi * phase);
}

std::array<Eigen::Vector3f, kEffectParts> effectPartPivots(const formats::Spl2Model& model) {
    std::array<Eigen::Vector3f, kEffectParts> sum{};
    std::array<int, kEffectParts> count{};
    for (std::size_t p = 0; p < sum.size(); ++p) sum[p] = Eigen::Vector3f::Zero();
    for (std::size_t i = 0; i < model.core.size(); ++i) {
        const int part = static_cast<int>(std::floor(model.core.attrs[i].y() / 16.f));
        if (part < 0 || part >= kEffectParts) continue;
        sum[static_cast<std::size_t>(part)] += model.core.pos[i];
        ++count[static_cast<std::size_t>(part)];
    }
    for (std::size_t p = 0; p < sum.size(); ++p)
        if (count[p] > 0) sum[p] /= static_cast<float>(count[p]);
    return sum;
}

EffectParams animateEffect(const EffectParams& knobs, const EffectTimeline& timeline, float timeSeconds,
                           const std::array<Eigen::Vector3f, kEffectParts>& pivots) {
    EffectParams e = knobs;
    const float loop = std::max(timeline.loopSeconds, 1e-3f);
    e.time = timeSeconds - loop * std::floor(timeSeconds / loop);
    const float w = loopWave(timeSeconds, loop);
    switch (timeline.effect) {
        case EffectKind::Off:
            e.scatter = e.implode = e.assemble = e.ripple = e.charge = e.linkDecay = e.siphon = 0.f;
            e.partXform = 0;
            break;
        case EffectKind::Scatter: e.scatter = w; break;
        case EffectKind::Implode: e.implode = w; break;
        case EffectKind::Assemble: e.assemble = w; break;
        case EffectKind::Ripple: e.ripple = w * timeline.rippleAmplitude; break;
        case EffectKind::Charge: e.charge = w; break;
        case EffectKind::LinkDecay: e.linkDecay = w; break;
        case EffectKind::Siphon: e.siphon = w; break;
        case EffectKind::PartXform:
            e.partXform = w > 0.f ? 1 : 0;  // off at rest: exactly the untouched model
            for (std::size_t p = 0; p < pivots.size(); ++p) {
                const float sign = p % 2 ? 1.f : -1.f;
                const float angle = p == 0 ? 0.f : sign * w * timeline.partSwingDeg * kPi / 180.f;
                e.partPivot[p] = pivots[p];
                e.partRotation[p] = Eigen::Quaternionf(Eigen::AngleAxisf(angle, Eigen::Vector3f::UnitX()));
                const float len = pivots[p].norm();
                e.partOffset[p] = p == 0 || len < 1e-6f ? Eigen::Vector3f::Zero()
                                                        : Eigen::Vector3f(pivots[p] / len * (w * timeline.partLift));
            }
            break;
    }
    return e;
}

}  // namespace sw::render
