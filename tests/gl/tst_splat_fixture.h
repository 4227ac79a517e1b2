#pragma once
// Splat models built in code for the splat renderer tests (no bake needed): a small "creature"
// of core splats on an ellipsoid with parts, emission, AO, chunks and materials, plus a thin
// shell; and the matching source mesh (a UV ellipsoid) for the game-scale view.
#include "core/formats/spl2.h"
#include "core/geometry/mesh.h"
#include "core/render/headless_context.h"

namespace sw::test {

// nCore core splats on the ellipsoid (radii 0.55, 0.38, 0.3), nShell shell splats just
// outside; parts 0..3 by region (1 left pod, 2 right pod, 3 top fin, 0 hull), an emissive
// "eye" on the front (−Y), AO from the normal's height, 12 chunks, materials from the part.
// attrs.w is 0 (shape classes computed by size). Orders from sw::bake::shellOrders (tilt 40°).
formats::Spl2Model makeCreature(int nCore = 700, int nShell = 60);
geometry::Mesh makeCreatureMesh();

// Creates a headless context or fails the current test with the reason.
std::unique_ptr<render::HeadlessContext> requireContext();

}  // namespace sw::test
