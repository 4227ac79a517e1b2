#pragma once
// Compiling and linking a vertex + fragment shader program, or a compute program.
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

}  // namespace sw::render::detail
