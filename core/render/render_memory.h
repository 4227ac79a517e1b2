#pragma once
// Host memory of an offscreen render, checked before its buffers are made: with the software
// GL the headless CLI runs on (Mesa llvmpipe) the multisampled colour + depth, the resolve
// target, the read-back, its top-down copy and the encoded PNG all live in this process, so a
// render sized by the user's flags (render --width/--height, preview --view, dataset
// --resolution --msaa, bench-render) is refused with the out-of-memory error (CLI exit 7)
// instead of aborting with std::bad_alloc after minutes of swapping.
#include <cstdint>
#include <string>

#include "core/foundation/error.h"

namespace sw::render {

// (max(samples, 1) × 8 + 16) bytes per pixel: RGBA8 + 24-bit depth (padded to 32) per sample,
// then resolve, read-back, top-down copy and PNG, 4 bytes each. Saturates instead of wrapping.
std::uint64_t offscreenRenderBytes(int width, int height, int samples);

// OutOfMemory "a WxH render with Nx MSAA needs A MiB but only B MiB are available" (naming
// `path`, the output, when given) when offscreenRenderBytes exceeds sw::allocatableBytes().
Status checkOffscreenRender(int width, int height, int samples, const std::string& path = {});

}  // namespace sw::render
