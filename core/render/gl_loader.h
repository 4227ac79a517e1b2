#pragma once
// How the host hands GL functions to the renderer. The renderer never creates a window or a
// context: the host (Viewport widget, headless EGL context, tests) makes its context current
// and supplies a loader that resolves GL 4.5 core entry points by name.
#include <functional>

namespace sw::render {

// Returns the address of the GL function `name` (e.g. "glDrawElements") in the current
// context, or nullptr when it is missing. Examples: eglGetProcAddress, a lambda around
// QOpenGLContext::getProcAddress.
using GlProcLoader = std::function<void*(const char* name)>;

}  // namespace sw::render
