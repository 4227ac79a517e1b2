#pragma once
// The drone's layout in model space (+Z up, nose towards −Y, about 1.4 units long): a hull of
// armour plates around a superellipse-section body, a sensor eye with brows at the nose, dorsal
// fins and ventral tusks, twin-barrelled guns on both flanks and a twin-nozzle engine block at
// the back. Every piece is an open plate (PlateBuilder), wound outward.
#include "core/demo/detail/demo_rng.h"
#include "core/demo/detail/plate_builder.h"

namespace sw::demo::detail {

// Plates that are not hull armour: guns, engine, eye, brows and fins.
int fixedPlateCount();

// Adds `totalPlates` plates (>= fixedPlateCount() + 12): the fixed pieces plus hull armour.
void buildDroneShape(PlateBuilder& builder, int totalPlates, Rng& rng);

}  // namespace sw::demo::detail
