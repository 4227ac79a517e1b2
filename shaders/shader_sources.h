#pragma once
// GLSL sources compiled into the binary (generated from the files in shaders/ by
// embed_shaders.cmake). Canon: GLSL 450 core, literal loop bounds, no pow per pixel, no depth
// writes from fragment shaders, colour math in gamma space ending in one gamma_out() switch.

namespace sw::shaders {

extern const char* const kMeshVert;  // shaders/mesh.vert: textured mesh, view-space outputs
extern const char* const kMeshFrag;  // shaders/mesh.frag: base colour × half-Lambert headlight

// Splat renderer (core/render/splat_renderer.cpp). The prepare pass is assembled as
// kSplatHashGlsl (#version, integer hashes) + kSplatEffectsGlsl + kSplatLookGlsl + kSplatPrepareComp;
// the vertex stages only read its output.
extern const char* const kSplatHashGlsl;     // #version + integer hashes shared with links.vert
extern const char* const kSplatEffectsGlsl;  // effects (PIPELINE §6), mirrors core/render/effects.cpp
extern const char* const kSplatLookGlsl;     // splat records (storage buffer), cel look, overlays
extern const char* const kSplatDamageGlsl;    // destruction state per core slot + pool (core/destruct), after kSplatLookGlsl
extern const char* const kSplatPrepareComp;  // per splat: effects, colour, clip-space centre and axes
extern const char* const kSplatCoreVert;     // core pass: indexed shape fans, LOD = splats drawn
extern const char* const kSplatShapeGlsl;    // #version + shapes, coverage ramp, gamma_out (core frag)
extern const char* const kSplatCoreFrag;     // after kSplatShapeGlsl
extern const char* const kSplatShellVert;    // shell pass: quads in the sector's order
extern const char* const kSplatShellFrag;    // Gaussian falloff
extern const char* const kLinksVert;         // links effect (seed 002), after kSplatHashGlsl
extern const char* const kLinksFrag;

// Foliage wind (core/render/foliage_wind_gpu.cpp): "#version 450 core" + kFoliageWindGlsl +
// kFoliageInstanceGlsl + kFoliageWindComp; the foliage renderer (foliage_renderer.cpp) assembles
// its vertex shaders the same way, so the pass the tests read back and the pass that draws share
// the code of core/foliage's CPU reference.
extern const char* const kFoliageWindGlsl;      // hash, noise, wind field, gusts, lean, shiver, bend
extern const char* const kFoliageInstanceGlsl;  // copy frame, plant lean with benders, shiver, hue, fade
extern const char* const kFoliageWindComp;      // per vertex or splat: lean at the root, shiver, bend
extern const char* const kFoliageVert;          // mesh copies, instanced: wind + benders, per-copy hue and fade
extern const char* const kFoliageFrag;          // masked / opaque foliage look (seed 004)
extern const char* const kFoliageSplatVert;     // splat copies: centre and axes bent, a disc per splat
extern const char* const kFoliageSplatFrag;     // the splat disc, its hue and fade
extern const char* const kFoliageCopiesGlsl;    // the drawn copy: visible list -> copy record
extern const char* const kFoliageCullComp;      // per copy: fade and frustum test, compacted visible list

// Large scans (core/render/scan_renderer.cpp): "#version 450 core" + kScanCommonGlsl + one of
// kScanCullComp or kScanSplatVert; kScanSortComp and kScanSplatFrag follow "#version 450 core" alone.
extern const char* const kScanCommonGlsl;  // pool, chunk table and drawn-chunk buffers, packed-splat decode
extern const char* const kScanCullComp;    // per splat: frustum cull, (~depth key, draw id) appended
extern const char* const kScanSortComp;    // bitonic sort of the pairs, padding and the indirect count
extern const char* const kScanSplatVert;   // instanced quads in sorted order, EWA projection
extern const char* const kScanSplatFrag;   // Gaussian falloff, blended back to front

}  // namespace sw::shaders
