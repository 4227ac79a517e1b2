#include "core/formats/detail/webp_image.h"

#include <webp/decode.h>
#include <webp/encode.h>

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

Result<std::vector<std::uint8_t>> encodeWebpLossless(const RgbaImage& image, int effort, const std::string& what) {
    if (image.width <= 0 || image.height <= 0 || image.width > WEBP_MAX_DIMENSION || image.height > WEBP_MAX_DIMENSION ||
        image.rgba.size() != image.pixels() * 4)
        return makeError(ErrorCode::InvalidInput, "cannot encode a WebP image of " + std::to_string(image.width) + "x" +
                                                      std::to_string(image.height) + " pixels (1.." +
                                                      std::to_string(WEBP_MAX_DIMENSION) + " a side)", what);
    // The advanced API for `exact`: the simple WebPEncodeLosslessRGBA may change the RGB of
    // pixels whose alpha is 0, and a SOG's sh0 image keeps the colour of transparent splats.
    WebPConfig config;
    WebPPicture picture;
    if (!WebPConfigInit(&config) || !WebPConfigLosslessPreset(&config, effort) || !WebPPictureInit(&picture))
        return makeError(ErrorCode::Internal, "libwebp version mismatch", what);
    config.exact = 1;
    picture.use_argb = 1;
    picture.width = image.width;
    picture.height = image.height;
    WebPMemoryWriter writer;
    WebPMemoryWriterInit(&writer);
    picture.writer = WebPMemoryWrite;
    picture.custom_ptr = &writer;
    const bool ok = WebPPictureImportRGBA(&picture, image.rgba.data(), image.width * 4) && WebPEncode(&config, &picture);
    WebPPictureFree(&picture);
    if (!ok) {
        WebPMemoryWriterClear(&writer);
        return makeError(ErrorCode::OutOfMemory, "libwebp could not encode the lossless image (error " +
                                                     std::to_string(int(picture.error_code)) + ")", what);
    }
    std::vector<std::uint8_t> bytes(writer.mem, writer.mem + writer.size);
    WebPMemoryWriterClear(&writer);
    return bytes;
}

}  // namespace sw::formats::detail
