#include "core/render/render_memory.h"

#include <algorithm>

#include "core/foundation/memory.h"

namespace sw::render {

std::uint64_t offscreenRenderBytes(int width, int height, int samples) {
    const std::uint64_t pixels = mulSaturating(std::uint64_t(std::max(width, 0)), std::uint64_t(std::max(height, 0)));
    const std::uint64_t perPixel = std::uint64_t(std::max(samples, 1)) * 8 + 16;
    return mulSaturating(pixels, perPixel);
}

Status checkOffscreenRender(int width, int height, int samples, const std::string& path) {
    const std::string what = "a " + std::to_string(width) + "x" + std::to_string(height) + " render" +
                             (samples > 1 ? " with " + std::to_string(samples) + "x MSAA" : std::string());
    return checkAllocation(offscreenRenderBytes(width, height, samples), what, path);
}

}  // namespace sw::render
