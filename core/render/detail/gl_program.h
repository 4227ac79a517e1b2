#pragma once
// Compiling and linking a vertex + fragment shader program.
#include "core/render/detail/gl_functions.h"

namespace sw::render::detail {

// A linked program, or ErrorCode::Gpu carrying the driver's compile/link log and `name`.
Result<GLuint> buildProgram(const GlFunctions& gl, const char* name, const char* vertexSource,
                            const char* fragmentSource);

}  // namespace sw::render::detail
