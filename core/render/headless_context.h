#pragma once
// A window-less OpenGL 4.5 core context for the CLI, benchmarks and golden-image tests: raw
// EGL, Mesa's surfaceless platform first (no X needed), then an EGL device (NVIDIA's EGL),
// then the default display. Rendering goes to the renderer's own framebuffers.
#include <memory>
#include <string>

#include "core/foundation/error.h"
#include "core/render/gl_loader.h"

namespace sw::render {

class HeadlessContext {
public:
    // Creates the context and makes it current on the calling thread. ErrorCode::Gpu with a
    // message naming what failed when no GL 4.5 core context can be had.
    static Result<std::unique_ptr<HeadlessContext>> create();
    ~HeadlessContext();
    HeadlessContext(const HeadlessContext&) = delete;
    HeadlessContext& operator=(const HeadlessContext&) = delete;

    // Makes the context current on the calling thread (it is current after create()).
    Status makeCurrent();
    // Resolves GL functions through eglGetProcAddress; valid while this context lives.
    GlProcLoader loader() const;
    // "surfaceless", "device" or "default": the EGL platform that worked.
    const std::string& platform() const;
    // GL_RENDERER / GL_VERSION of the context, e.g. "llvmpipe (LLVM 15.0.6, 256 bits)".
    const std::string& rendererName() const;
    const std::string& versionName() const;

private:
    struct Impl;
    explicit HeadlessContext(std::unique_ptr<Impl> impl);
    std::unique_ptr<Impl> m_impl;
};

}  // namespace sw::render
