#include "core/formats/detail/webp_image.h"

#include <webp/decode.h>

namespace sw::formats::detail {

Result<RgbaImage> decodeWebp(std::span<const std::uint8_t> bytes, const std::string& what) {
    int w = 0, h = 0;
    if (bytes.empty() || !WebPGetInfo(bytes.data(), bytes.size(), &w, &h))
        return makeError(ErrorCode::Parse, "not a WebP image (" + std::to_string(bytes.size()) + " bytes)", what);
    if (w <= 0 || h <= 0 || std::uint64_t(w) * std::uint64_t(h) > kMaxWebpPixels)
        return makeError(ErrorCode::Parse, "WebP image of " + std::to_string(w) + "x" + std::to_string(h) + " pixels", what);
    RgbaImage image;
    image.width = w;
    image.height = h;
    image.rgba.resize(image.pixels() * 4);
    if (!WebPDecodeRGBAInto(bytes.data(), bytes.size(), image.rgba.data(), image.rgba.size(), w * 4))
        return makeError(ErrorCode::Parse,
                         "corrupt WebP image: its " + std::to_string(w) + "x" + std::to_string(h) + " pixels do not decode",
                         what);
    return image;
}

}  // namespace sw::formats::detail
