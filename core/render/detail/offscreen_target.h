#pragma once
// The renderer's offscreen target: a multisampled colour + depth framebuffer resolved into a
// single-sampled one for read-back. Reallocated only when the size or sample count changes.
#include <functional>

#include "core/foundation/image_io.h"
#include "core/render/detail/gl_functions.h"

namespace sw::render::detail {

struct OffscreenTarget {
    GLuint msaaFramebuffer = 0;
    GLuint msaaColor = 0;
    GLuint msaaDepth = 0;
    GLuint resolveFramebuffer = 0;
    GLuint resolveColor = 0;
    int width = 0;
    int height = 0;
    int samples = 0;  // as allocated (after clamping)
};

// Makes `target` width × height with `samples` (clamped to GL_MAX_SAMPLES; 0/1 = no MSAA).
// ErrorCode::Gpu when the framebuffer is incomplete; OutOfMemory (checkOffscreenRender) before
// allocating when the render cannot fit in this process's memory.
Status ensureTarget(const GlFunctions& gl, OffscreenTarget& target, int width, int height, int samples);
// Resolves the MSAA framebuffer and reads it back, rows top to bottom.
Rgba8Image readTarget(const GlFunctions& gl, const OffscreenTarget& target);
void releaseTarget(const GlFunctions& gl, OffscreenTarget& target);
// Sizes the target, calls draw(msaaFramebuffer), reads the result back and restores the host's
// framebuffer bindings, whatever happened. `what` names the pass in GL errors.
Result<Rgba8Image> renderIntoTarget(const GlFunctions& gl, OffscreenTarget& target, int width, int height,
                                    int samples, const std::function<Status(GLuint framebuffer)>& draw,
                                    const char* what);

}  // namespace sw::render::detail
