#pragma once
// What the viewport's foliage preview shows (issue 35 §6): the Foliage dock fills it, the
// Viewport draws it (widgets/viewport_foliage.cpp). No Qt.
#include "core/foliage/bender.h"
#include "core/foliage/foliage_preview.h"
#include "core/foliage/foliage_settings.h"

namespace sw::widgets {

struct FoliageView {
    foliage::FoliageSettings settings;        // wind, look, touch
    foliage::FoliagePreviewSettings preview;  // enabled, copies, fade
    float time = 0.f;                         // s: the wind's (and the scripted benders') time
    foliage::BenderSet benders;               // dragged and scripted benders at `time`
    float unitsScale = 1.f;                   // metres per unit of the asset (resolved, > 0)
};

}  // namespace sw::widgets
