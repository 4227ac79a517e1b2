#include "core/render/headless_context.h"

#include <EGL/egl.h>
#include <EGL/eglext.h>
#include <GL/glcorearb.h>

#include <cstdio>
#include <cstring>
#include <vector>

namespace sw::render {

struct HeadlessContext::Impl {
    EGLDisplay display = EGL_NO_DISPLAY;
    EGLContext context = EGL_NO_CONTEXT;
    std::string platform;
    std::string renderer;
    std::string version;
};

namespace {

bool hasExtension(const char* list, const char* name) {
    if (!list) return false;
    const std::size_t n = std::strlen(name);
    for (const char* p = list; (p = std::strstr(p, name)) != nullptr; p += n) {
        if ((p == list || p[-1] == ' ') && (p[n] == ' ' || p[n] == '\0')) return true;
    }
    return false;
}

// An initialised display from `platform`, or EGL_NO_DISPLAY.
EGLDisplay openDisplay(const std::string& platform) {
    const char* clientExt = eglQueryString(EGL_NO_DISPLAY, EGL_EXTENSIONS);
    auto getPlatformDisplay = reinterpret_cast<PFNEGLGETPLATFORMDISPLAYEXTPROC>(
        eglGetProcAddress("eglGetPlatformDisplayEXT"));
    EGLDisplay display = EGL_NO_DISPLAY;
    if (platform == "surfaceless") {
        if (!getPlatformDisplay || !hasExtension(clientExt, "EGL_MESA_platform_surfaceless")) return EGL_NO_DISPLAY;
        display = getPlatformDisplay(EGL_PLATFORM_SURFACELESS_MESA, EGL_DEFAULT_DISPLAY, nullptr);
    } else if (platform == "device") {
        auto queryDevices = reinterpret_cast<PFNEGLQUERYDEVICESEXTPROC>(eglGetProcAddress("eglQueryDevicesEXT"));
        if (!getPlatformDisplay || !queryDevices || !hasExtension(clientExt, "EGL_EXT_platform_device")) {
            return EGL_NO_DISPLAY;
        }
        EGLDeviceEXT devices[8];
        EGLint count = 0;
        if (!queryDevices(8, devices, &count) || count < 1) return EGL_NO_DISPLAY;
        display = getPlatformDisplay(EGL_PLATFORM_DEVICE_EXT, devices[0], nullptr);
    } else {
        display = eglGetDisplay(EGL_DEFAULT_DISPLAY);
    }
    if (display == EGL_NO_DISPLAY) return EGL_NO_DISPLAY;
    EGLint major = 0, minor = 0;
    if (!eglInitialize(display, &major, &minor)) return EGL_NO_DISPLAY;
    return display;
}

// A current GL 4.5 core context on `display` (surfaceless), or EGL_NO_CONTEXT.
EGLContext createCoreContext(EGLDisplay display) {
    if (!eglBindAPI(EGL_OPENGL_API)) return EGL_NO_CONTEXT;
    const EGLint configAttribs[] = {EGL_RENDERABLE_TYPE, EGL_OPENGL_BIT, EGL_RED_SIZE, 8, EGL_GREEN_SIZE, 8,
                                    EGL_BLUE_SIZE, 8, EGL_NONE};
    EGLConfig config = nullptr;
    EGLint count = 0;
    if (!eglChooseConfig(display, configAttribs, &config, 1, &count) || count < 1) {
        // Surfaceless rendering does not need a config where EGL_KHR_no_config_context exists.
        if (!hasExtension(eglQueryString(display, EGL_EXTENSIONS), "EGL_KHR_no_config_context")) {
            return EGL_NO_CONTEXT;
        }
        config = EGL_NO_CONFIG_KHR;
    }
    const EGLint contextAttribs[] = {EGL_CONTEXT_MAJOR_VERSION, 4, EGL_CONTEXT_MINOR_VERSION, 5,
                                     EGL_CONTEXT_OPENGL_PROFILE_MASK, EGL_CONTEXT_OPENGL_CORE_PROFILE_BIT,
                                     EGL_NONE};
    EGLContext context = eglCreateContext(display, config, EGL_NO_CONTEXT, contextAttribs);
    if (context == EGL_NO_CONTEXT) return EGL_NO_CONTEXT;
    if (!eglMakeCurrent(display, EGL_NO_SURFACE, EGL_NO_SURFACE, context)) {
        eglDestroyContext(display, context);
        return EGL_NO_CONTEXT;
    }
    return context;
}

std::string glString(GLenum name) {
    auto getString = reinterpret_cast<PFNGLGETSTRINGPROC>(eglGetProcAddress("glGetString"));
    const GLubyte* s = getString ? getString(name) : nullptr;
    return s ? reinterpret_cast<const char*>(s) : "";
}

}  // namespace

Result<std::unique_ptr<HeadlessContext>> HeadlessContext::create() {
    std::string tried;
    for (const char* platform : {"surfaceless", "device", "default"}) {
        EGLDisplay display = openDisplay(platform);
        if (display == EGL_NO_DISPLAY) {
            tried += std::string(tried.empty() ? "" : ", ") + platform + ": no display";
            continue;
        }
        EGLContext context = createCoreContext(display);
        if (context == EGL_NO_CONTEXT) {
            char code[16];
            std::snprintf(code, sizeof code, "0x%04x", eglGetError());
            tried += std::string(tried.empty() ? "" : ", ") + platform + ": no GL 4.5 core context (EGL " + code + ")";
            // The display may be shared with other users in this process: leave it initialised.
            continue;
        }
        auto impl = std::make_unique<Impl>();
        impl->display = display;
        impl->context = context;
        impl->platform = platform;
        impl->renderer = glString(GL_RENDERER);
        impl->version = glString(GL_VERSION);
        return std::unique_ptr<HeadlessContext>(new HeadlessContext(std::move(impl)));
    }
    return makeError(ErrorCode::Gpu, "no headless OpenGL 4.5 core context via EGL (" + tried +
                                         "); install Mesa's EGL (libegl-mesa0) or a GPU driver with EGL");
}

HeadlessContext::HeadlessContext(std::unique_ptr<Impl> impl) : m_impl(std::move(impl)) {}

HeadlessContext::~HeadlessContext() {
    if (eglGetCurrentContext() == m_impl->context) {
        eglMakeCurrent(m_impl->display, EGL_NO_SURFACE, EGL_NO_SURFACE, EGL_NO_CONTEXT);
    }
    eglDestroyContext(m_impl->display, m_impl->context);
    // No eglTerminate: the display is a per-process singleton other contexts may still use.
}

Status HeadlessContext::makeCurrent() {
    if (!eglMakeCurrent(m_impl->display, EGL_NO_SURFACE, EGL_NO_SURFACE, m_impl->context)) {
        char code[16];
        std::snprintf(code, sizeof code, "0x%04x", eglGetError());
        return makeError(ErrorCode::Gpu, std::string("eglMakeCurrent failed (EGL ") + code + ")");
    }
    return {};
}

GlProcLoader HeadlessContext::loader() const {
    return [](const char* name) { return reinterpret_cast<void*>(eglGetProcAddress(name)); };
}

const std::string& HeadlessContext::platform() const { return m_impl->platform; }
const std::string& HeadlessContext::rendererName() const { return m_impl->renderer; }
const std::string& HeadlessContext::versionName() const { return m_impl->version; }

}  // namespace sw::render
