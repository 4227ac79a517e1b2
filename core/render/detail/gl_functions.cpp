#include "core/render/detail/gl_functions.h"

#include <cstdio>
#include <cstring>

namespace sw::render::detail {

Result<GlFunctions> loadGlFunctions(const GlProcLoader& loader) {
    if (!loader) return makeError(ErrorCode::Gpu, "no GL function loader was given");
    GlFunctions gl;
    std::string missing;
#define SW_GL_LOAD(type, name)                                   \
    gl.name = reinterpret_cast<type>(loader("gl" #name));        \
    if (!gl.name) missing += (missing.empty() ? "gl" : ", gl") + std::string(#name);
    SW_GL_FUNCTIONS(SW_GL_LOAD)
#undef SW_GL_LOAD
    if (!missing.empty()) {
        return makeError(ErrorCode::Gpu, "OpenGL 4.5 core functions missing in this context: " + missing);
    }
    return gl;
}

namespace {

const char* glErrorName(GLenum e) {
    switch (e) {
    case GL_INVALID_ENUM: return "GL_INVALID_ENUM";
    case GL_INVALID_VALUE: return "GL_INVALID_VALUE";
    case GL_INVALID_OPERATION: return "GL_INVALID_OPERATION";
    case GL_INVALID_FRAMEBUFFER_OPERATION: return "GL_INVALID_FRAMEBUFFER_OPERATION";
    case GL_OUT_OF_MEMORY: return "GL_OUT_OF_MEMORY";
    default: return "unknown";
    }
}

}  // namespace

bool hasExtension(const GlFunctions& gl, const char* name) {
    GLint count = 0;
    gl.GetIntegerv(GL_NUM_EXTENSIONS, &count);
    for (GLint i = 0; i < count; ++i) {
        const auto* ext = reinterpret_cast<const char*>(gl.GetStringi(GL_EXTENSIONS, static_cast<GLuint>(i)));
        if (ext && std::strcmp(ext, name) == 0) return true;
    }
    return false;
}

std::string drainGlErrors(const GlFunctions& gl, const char* what) {
    std::string text;
    // A lost context can report errors forever: stop after a few.
    for (int i = 0; i < 8; ++i) {
        const GLenum e = gl.GetError();
        if (e == GL_NO_ERROR) break;
        char buf[96];
        std::snprintf(buf, sizeof buf, "GL error 0x%04x (%s)", e, glErrorName(e));
        text += (text.empty() ? "" : ", ") + std::string(buf);
    }
    if (!text.empty()) text += std::string(" after ") + what;
    return text;
}

Status gpuStatus(const GlFunctions& gl, const char* what) {
    const std::string errors = drainGlErrors(gl, what);
    if (errors.empty()) return {};
    return makeError(ErrorCode::Gpu, errors);
}

}  // namespace sw::render::detail
