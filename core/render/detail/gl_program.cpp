#include "core/render/detail/gl_program.h"

#include <algorithm>
#include <vector>

namespace sw::render::detail {

namespace {

std::string shaderLog(const GlFunctions& gl, GLuint shader) {
    GLint length = 0;
    gl.GetShaderiv(shader, GL_INFO_LOG_LENGTH, &length);
    std::vector<char> text(static_cast<std::size_t>(std::max(length, 1)), '\0');
    gl.GetShaderInfoLog(shader, length, nullptr, text.data());
    return text.data();
}

std::string programLog(const GlFunctions& gl, GLuint program) {
    GLint length = 0;
    gl.GetProgramiv(program, GL_INFO_LOG_LENGTH, &length);
    std::vector<char> text(static_cast<std::size_t>(std::max(length, 1)), '\0');
    gl.GetProgramInfoLog(program, length, nullptr, text.data());
    return text.data();
}

Result<GLuint> compileShader(const GlFunctions& gl, GLenum type, const char* source, const std::string& what) {
    const GLuint shader = gl.CreateShader(type);
    gl.ShaderSource(shader, 1, &source, nullptr);
    gl.CompileShader(shader);
    GLint ok = GL_FALSE;
    gl.GetShaderiv(shader, GL_COMPILE_STATUS, &ok);
    if (ok != GL_TRUE) {
        const std::string log = shaderLog(gl, shader);
        gl.DeleteShader(shader);
        return makeError(ErrorCode::Gpu, "compiling " + what + " failed: " + log);
    }
    return shader;
}

// Links `program` (its shaders attached) and frees the shaders; the program or the link log.
Result<GLuint> linkProgram(const GlFunctions& gl, GLuint program, std::initializer_list<GLuint> shaders,
                           const std::string& base) {
    gl.LinkProgram(program);
    // Shaders stay alive while attached; deleting now frees them with the program.
    for (const GLuint shader : shaders) gl.DeleteShader(shader);
    GLint ok = GL_FALSE;
    gl.GetProgramiv(program, GL_LINK_STATUS, &ok);
    if (ok != GL_TRUE) {
        const std::string log = programLog(gl, program);
        gl.DeleteProgram(program);
        return makeError(ErrorCode::Gpu, "linking shader program " + base + " failed: " + log);
    }
    return program;
}

}  // namespace

Result<GLuint> buildProgram(const GlFunctions& gl, const char* name, const char* vertexSource,
                            const char* fragmentSource) {
    return buildProgram(gl, name, vertexSource, fragmentSource, {});
}

Result<GLuint> buildProgram(const GlFunctions& gl, const char* name, const char* vertexSource,
                            const char* fragmentSource, std::initializer_list<const char*> feedbackVaryings) {
    const std::string base(name);
    auto vs = compileShader(gl, GL_VERTEX_SHADER, vertexSource, base + ".vert");
    if (!vs) return vs.error();
    auto fs = compileShader(gl, GL_FRAGMENT_SHADER, fragmentSource, base + ".frag");
    if (!fs) {
        gl.DeleteShader(*vs);
        return fs.error();
    }
    const GLuint program = gl.CreateProgram();
    gl.AttachShader(program, *vs);
    gl.AttachShader(program, *fs);
    if (feedbackVaryings.size() > 0) {
        const std::vector<const char*> names(feedbackVaryings);
        gl.TransformFeedbackVaryings(program, static_cast<GLsizei>(names.size()), names.data(),
                                     GL_INTERLEAVED_ATTRIBS);
    }
    return linkProgram(gl, program, {*vs, *fs}, base);
}

Result<GLuint> buildComputeProgram(const GlFunctions& gl, const char* name, const char* computeSource) {
    const std::string base(name);
    auto cs = compileShader(gl, GL_COMPUTE_SHADER, computeSource, base + ".comp");
    if (!cs) return cs.error();
    const GLuint program = gl.CreateProgram();
    gl.AttachShader(program, *cs);
    return linkProgram(gl, program, {*cs}, base);
}

void clearFrame(const GlFunctions& gl, float r, float g, float b, float a) {
    gl.DepthMask(GL_TRUE);
    gl.ColorMask(GL_TRUE, GL_TRUE, GL_TRUE, GL_TRUE);
    gl.StencilMask(0xffffffffu);
    gl.ClearColor(r, g, b, a);
    gl.ClearDepth(1.0);
    gl.ClearStencil(0);
    gl.Clear(GL_COLOR_BUFFER_BIT | GL_DEPTH_BUFFER_BIT | GL_STENCIL_BUFFER_BIT);
}

}  // namespace sw::render::detail
