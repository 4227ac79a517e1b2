#pragma once
// Uniform upload of the splat programs (splat_look.glsl, splat_effects.glsl and the stage
// shaders). Locations are looked up by name per draw: a few dozen lookups, negligible next to
// the draw itself, and a uniform the linker removed (location −1) is ignored by GL.
#include <Eigen/Core>

#include "core/render/detail/gl_functions.h"
#include "core/render/effects.h"
#include "core/render/splat_renderer.h"

namespace sw::render::detail {

// Effect uniforms (u_time, u_scatter, …, u_partXform arrays) of `program` (in use).
void setEffectUniforms(const GlFunctions& gl, GLuint program, const EffectParams& e);
// Matrices, look, overlay and the per-pass switches of `program` (in use); idBase is the effect
// id of the pass's first splat.
void setLookUniforms(const GlFunctions& gl, GLuint program, const Eigen::Matrix4f& view,
                     const Eigen::Matrix4f& projection, const SplatRenderSettings& s, unsigned idBase);

}  // namespace sw::render::detail
