#pragma once
// Compiling and linking a vertex + fragment shader program, or a compute program; clearing a frame.
#include <initializer_list>

#include "core/render/detail/gl_functions.h"

namespace sw::render::detail {

// A linked program, or ErrorCode::Gpu carrying the driver's compile/link log and `name`.
Result<GLuint> buildProgram(const GlFunctions& gl, const char* name, const char* vertexSource,
                            const char* fragmentSource);
// The same, capturing the vertex outputs `feedbackVaryings` (interleaved, in this order) by
// transform feedback: used to read effect positions back for tests.
Result<GLuint> buildProgram(const GlFunctions& gl, const char* name, const char* vertexSource,
                            const char* fragmentSource, std::initializer_list<const char*> feedbackVaryings);

// A linked compute program.
Result<GLuint> buildComputeProgram(const GlFunctions& gl, const char* name, const char* computeSource);

// Clears the bound framebuffer: colour to (r, g, b, a), depth to 1, stencil to 0, with every write
// mask on first (a host such as Qt may have left some off, and a clear honours them). The stencil
// goes with the depth: a packed depth-stencil buffer (Qt's widget framebuffer) cleared without it
// is a masked read-modify-write of every sample, with it one fill (llvmpipe, 4× MSAA at
// 1280 × 800: ≈ 20 % of the editor's empty frame).
void clearFrame(const GlFunctions& gl, float r, float g, float b, float a);

}  // namespace sw::render::detail
