#pragma once
// Meshes built in code for the renderer's tests (golden images, behaviour, Viewport widget).
#include "core/geometry/mesh.h"

namespace sw::test {

// A 0.6-edge box centred at the origin with a checker texture (8×8 cells, orange/cream, a dark
// blue top-left 2×2-cell marker so orientation shows), standing on a 1.6-wide teal plate
// (untextured, colour factor only) at z = −0.32, plus an alpha-MASK card (red disc, cutoff 0.5)
// facing −Y beside the box. Smooth per-face normals, glTF-style uvs.
geometry::Mesh makeBoxAndPlate();

// A unit square in the XZ plane (y = 0, facing −Y, centred at the origin) with an 8×8 texture of four solid quadrants:
// top-left red, top-right green, bottom-left blue, bottom-right white (all alpha 255 except
// when `maskBottomRight`: then the white texel has alpha 0 and the material uses alpha MASK).
// `withNormals` false leaves Mesh::normals empty (face normals path).
geometry::Mesh makeFacingQuad(bool withNormals = true, bool maskBottomRight = false);

}  // namespace sw::test
