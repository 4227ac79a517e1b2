#include "core/render/detail/offscreen_target.h"

#include <algorithm>
#include <cstdio>
#include <cstring>
#include <string>

#include "core/render/render_memory.h"

namespace sw::render::detail {

namespace {

GLuint makeRenderbuffer(const GlFunctions& gl, GLenum format, int samples, int width, int height) {
    GLuint rb = 0;
    gl.GenRenderbuffers(1, &rb);
    gl.BindRenderbuffer(GL_RENDERBUFFER, rb);
    gl.RenderbufferStorageMultisample(GL_RENDERBUFFER, samples, format, width, height);
    gl.BindRenderbuffer(GL_RENDERBUFFER, 0);
    return rb;
}

Status checkComplete(const GlFunctions& gl, const char* which) {
    const GLenum status = gl.CheckFramebufferStatus(GL_FRAMEBUFFER);
    if (status == GL_FRAMEBUFFER_COMPLETE) return {};
    char code[16];
    std::snprintf(code, sizeof code, "0x%04x", status);
    return makeError(ErrorCode::Gpu, std::string(which) + " framebuffer incomplete (status " + code + ")");
}

}  // namespace

Status ensureTarget(const GlFunctions& gl, OffscreenTarget& t, int width, int height, int samples) {
    GLint maxSamples = 0;
    gl.GetIntegerv(GL_MAX_SAMPLES, &maxSamples);
    const int wanted = std::clamp(samples, 0, static_cast<int>(maxSamples));
    const int useSamples = wanted <= 1 ? 0 : wanted;
    if (t.msaaFramebuffer && t.width == width && t.height == height && t.samples == useSamples) return {};
    releaseTarget(gl, t);
    SW_TRY(checkOffscreenRender(width, height, useSamples));  // before the driver allocates it
    t.width = width;
    t.height = height;
    t.samples = useSamples;

    t.msaaColor = makeRenderbuffer(gl, GL_RGBA8, useSamples, width, height);
    t.msaaDepth = makeRenderbuffer(gl, GL_DEPTH_COMPONENT24, useSamples, width, height);
    gl.GenFramebuffers(1, &t.msaaFramebuffer);
    gl.BindFramebuffer(GL_FRAMEBUFFER, t.msaaFramebuffer);
    gl.FramebufferRenderbuffer(GL_FRAMEBUFFER, GL_COLOR_ATTACHMENT0, GL_RENDERBUFFER, t.msaaColor);
    gl.FramebufferRenderbuffer(GL_FRAMEBUFFER, GL_DEPTH_ATTACHMENT, GL_RENDERBUFFER, t.msaaDepth);
    Status ok = checkComplete(gl, "multisampled");
    if (ok) {
        t.resolveColor = makeRenderbuffer(gl, GL_RGBA8, 0, width, height);
        gl.GenFramebuffers(1, &t.resolveFramebuffer);
        gl.BindFramebuffer(GL_FRAMEBUFFER, t.resolveFramebuffer);
        gl.FramebufferRenderbuffer(GL_FRAMEBUFFER, GL_COLOR_ATTACHMENT0, GL_RENDERBUFFER, t.resolveColor);
        ok = checkComplete(gl, "resolve");
    }
    gl.BindFramebuffer(GL_FRAMEBUFFER, 0);
    if (!ok) releaseTarget(gl, t);
    return ok;
}

Rgba8Image readTarget(const GlFunctions& gl, const OffscreenTarget& t) {
    gl.BindFramebuffer(GL_READ_FRAMEBUFFER, t.msaaFramebuffer);
    gl.BindFramebuffer(GL_DRAW_FRAMEBUFFER, t.resolveFramebuffer);
    gl.BlitFramebuffer(0, 0, t.width, t.height, 0, 0, t.width, t.height, GL_COLOR_BUFFER_BIT, GL_NEAREST);
    gl.BindFramebuffer(GL_READ_FRAMEBUFFER, t.resolveFramebuffer);
    gl.ReadBuffer(GL_COLOR_ATTACHMENT0);
    gl.PixelStorei(GL_PACK_ALIGNMENT, 1);
    Rgba8Image image;
    image.width = t.width;
    image.height = t.height;
    const std::size_t row = static_cast<std::size_t>(t.width) * 4;
    std::vector<std::uint8_t> bottomUp(row * static_cast<std::size_t>(t.height));
    gl.ReadPixels(0, 0, t.width, t.height, GL_RGBA, GL_UNSIGNED_BYTE, bottomUp.data());
    // GL rows start at the bottom; images are top-down.
    image.rgba.resize(bottomUp.size());
    for (int y = 0; y < t.height; ++y) {
        std::memcpy(image.rgba.data() + static_cast<std::size_t>(y) * row,
                    bottomUp.data() + static_cast<std::size_t>(t.height - 1 - y) * row, row);
    }
    return image;
}

void releaseTarget(const GlFunctions& gl, OffscreenTarget& t) {
    if (t.msaaFramebuffer) gl.DeleteFramebuffers(1, &t.msaaFramebuffer);
    if (t.resolveFramebuffer) gl.DeleteFramebuffers(1, &t.resolveFramebuffer);
    if (t.msaaColor) gl.DeleteRenderbuffers(1, &t.msaaColor);
    if (t.msaaDepth) gl.DeleteRenderbuffers(1, &t.msaaDepth);
    if (t.resolveColor) gl.DeleteRenderbuffers(1, &t.resolveColor);
    t = OffscreenTarget{};
}

Result<Rgba8Image> renderIntoTarget(const GlFunctions& gl, OffscreenTarget& target, int width, int height,
                                    int samples, const std::function<Status(GLuint framebuffer)>& draw,
                                    const char* what) {
    GLint hostDraw = 0, hostRead = 0;
    gl.GetIntegerv(GL_DRAW_FRAMEBUFFER_BINDING, &hostDraw);
    gl.GetIntegerv(GL_READ_FRAMEBUFFER_BINDING, &hostRead);
    Status status = ensureTarget(gl, target, width, height, samples);
    Rgba8Image image;
    if (status) status = draw(target.msaaFramebuffer);
    if (status) image = readTarget(gl, target);
    gl.BindFramebuffer(GL_DRAW_FRAMEBUFFER, static_cast<GLuint>(hostDraw));
    gl.BindFramebuffer(GL_READ_FRAMEBUFFER, static_cast<GLuint>(hostRead));
    if (!status) return status.error();
    SW_TRY(gpuStatus(gl, what));
    return image;
}

}  // namespace sw::render::detail
