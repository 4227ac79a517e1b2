#pragma once
// The splat effects' knobs (core/render/effects.h) declared once as parameter schemas, for the
// editor's Effects panel and presets; and the preview timeline that animates one effect in a
// loop: its amount follows a 0 → 1 → 0 wave while the other knobs stay as set. Vector knobs
// (centre, hit point, shot direction, part pivots) are not in the schemas: the editor sets
// them by clicking on the model or computes them from the model (effectPartPivots).
#include <Eigen/Core>
#include <array>

#include "core/formats/spl2.h"
#include "core/foundation/schema.h"
#include "core/render/effects.h"

namespace sw::render {

// The effect the timeline animates; Off animates none (the model as baked, only the clock runs).
enum class EffectKind : int { Scatter, Implode, Assemble, Ripple, Charge, LinkDecay, Siphon, PartXform, Off };

// Every scalar and enum knob of EffectParams except time (the timeline's clock). Groups are the
// effects' names ("Scatter", …, "Part transform"); each effect's amount is its first knob.
const SettingsSchema<EffectParams>& effectsSchema();

// The preview loop: which effect, how long, and the peaks of the effects whose amount is not a
// 0..1 progress (ripple amplitude, the part swing).
struct EffectTimeline {
    EffectKind effect = EffectKind::Scatter;
    float loopSeconds = 3.f;        // one 0 → 1 → 0 cycle, s (> 0)
    float rippleAmplitude = 0.03f;  // ripple peak, model units
    float partSwingDeg = 35.f;      // part_xform: peak rotation of each part about its pivot
    float partLift = 0.12f;         // part_xform: peak offset away from the model centre, model units
};
const SettingsSchema<EffectTimeline>& effectTimelineSchema();

// The schema group (= effect name) of an effect, e.g. "Scatter", "Part transform"; "Off" for Off
// (no knob has that group).
const char* effectGroup(EffectKind effect);

// 0 → 1 → 0 over one loop (raised cosine): 0 at t = 0 and t = loop, 1 at t = loop / 2.
float loopWave(float timeSeconds, float loopSeconds);

// Per-part pivots (parts 0..7 by floor(attrs.y / 16)): the centroid of the part's core splats,
// the origin for a part without splats.
std::array<Eigen::Vector3f, kEffectParts> effectPartPivots(const formats::Spl2Model& model);

// `knobs` with time = timeSeconds (wrapped into the loop) and the timeline's effect driven by
// loopWave: progress effects get the wave as their amount; ripple gets wave × rippleAmplitude;
// part_xform turns part p by ±wave·partSwingDeg (alternating sign) about X through its pivot
// and lifts it by wave·partLift along the pivot's direction from the origin (part 0 stays);
// part_xform is off while the wave is 0. Off: every effect's amount is 0.
EffectParams animateEffect(const EffectParams& knobs, const EffectTimeline& timeline, float timeSeconds,
                           const std::array<Eigen::Vector3f, kEffectParts>& pivots);

}  // namespace sw::render
