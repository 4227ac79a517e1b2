#pragma once
// The "plated" demo style: the AI-generated boss class of issue 14 — a closed hull (one
// superellipsoid body) with open armour plates stacked over it. Each plate is a coarse
// chamfered outline fanned from one corner (long thin triangles, as generators emit them),
// raised off the hull with gaps to its neighbours so the hull shows between plates; a share
// of the plates carry a smaller plate stacked on top. Every piece is wound outward here;
// demo_drone.cpp reverses a seeded share of the open plates afterwards.
#include "core/demo/detail/demo_rng.h"
#include "core/demo/detail/plate_builder.h"

namespace sw::demo::detail {

// Adds the hull (plate 0, closed) and then `openPlates` open plates (>= 24).
void buildPlatedShape(PlateBuilder& builder, int openPlates, Rng& rng);

}  // namespace sw::demo::detail
