#pragma once
// GLSL sources compiled into the binary (generated from the files in shaders/ by
// embed_shaders.cmake). Canon: GLSL 450 core, literal loop bounds, no pow per pixel, no depth
// writes from fragment shaders, colour math in gamma space ending in one gamma_out() switch.

namespace sw::shaders {

extern const char* const kMeshVert;  // shaders/mesh.vert: textured mesh, view-space outputs
extern const char* const kMeshFrag;  // shaders/mesh.frag: base colour × half-Lambert headlight

}  // namespace sw::shaders
