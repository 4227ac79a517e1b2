#pragma once
// The drone's base-colour atlas, painted procedurally: each plate's cell gets dark gunmetal or
// olive paint with noise, grime and chipped edges, an inset panel line, rivets and, on some
// plates, hazard stripes, stencil numbers and small saturated accent lights; the eye and the
// exhaust cells glow red and cyan (something for "emission by rarity" to find).
#include <cstdint>
#include <vector>

#include "core/demo/detail/plate_builder.h"
#include "core/geometry/mesh.h"

namespace sw::demo::detail {

// Paints atlas.textureSize² RGBA8 (alpha 255). Deterministic in (plates, atlas, seed).
geometry::Image paintDroneTexture(const std::vector<PlateRecord>& plates, const AtlasLayout& atlas,
                                  std::uint32_t seed);

}  // namespace sw::demo::detail
