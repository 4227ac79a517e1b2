#include "core/foundation/image_io.h"

#include <stb/stb_image.h>
#include <stb/stb_image_write.h>

#include <climits>
#include <cstring>

#include "core/foundation/file_io.h"

namespace sw {
namespace {

void appendBytes(void* context, void* data, int size) {
    auto* out = static_cast<std::vector<std::uint8_t>*>(context);
    const auto* p = static_cast<const std::uint8_t*>(data);
    out->insert(out->end(), p, p + size);
}

}  // namespace

Result<Rgba8Image> decodeImage(std::span<const std::uint8_t> bytes, const std::string& what) {
    if (bytes.empty()) return makeError(ErrorCode::Parse, "empty image data", what);
    if (bytes.size() > static_cast<std::size_t>(INT_MAX)) return makeError(ErrorCode::Parse, "image data too large", what);
    int w = 0, h = 0, n = 0;
    stbi_uc* pixels = stbi_load_from_memory(bytes.data(), static_cast<int>(bytes.size()), &w, &h, &n, 4);
    if (!pixels) return makeError(ErrorCode::Parse, std::string("cannot decode image (") + stbi_failure_reason() + ")", what);
    Rgba8Image img;
    img.width = w;
    img.height = h;
    img.rgba.assign(pixels, pixels + static_cast<std::size_t>(w) * h * 4);
    stbi_image_free(pixels);
    return img;
}

Result<Rgba8Image> readImageFile(const std::string& path) {
    auto bytes = readFileBytes(path);
    if (!bytes) return bytes.error();
    return decodeImage(*bytes, path);
}

Result<Rgba8Image> readImageSize(std::span<const std::uint8_t> bytes, const std::string& what) {
    int w = 0, h = 0, n = 0;
    if (bytes.empty() || bytes.size() > static_cast<std::size_t>(INT_MAX) ||
        !stbi_info_from_memory(bytes.data(), static_cast<int>(bytes.size()), &w, &h, &n))
        return makeError(ErrorCode::Parse, "not a readable image", what);
    Rgba8Image img;
    img.width = w;
    img.height = h;
    return img;
}

Result<std::vector<std::uint8_t>> encodePng(const Rgba8Image& image) {
    if (image.width <= 0 || image.height <= 0 ||
        image.rgba.size() != static_cast<std::size_t>(image.width) * image.height * 4)
        return makeError(ErrorCode::InvalidInput, "image has inconsistent size for PNG encoding");
    std::vector<std::uint8_t> out;
    if (!stbi_write_png_to_func(appendBytes, &out, image.width, image.height, 4, image.rgba.data(), image.width * 4))
        return makeError(ErrorCode::Internal, "PNG encoding failed");
    return out;
}

Status writePngFile(const std::string& path, const Rgba8Image& image) {
    auto png = encodePng(image);
    if (!png) return makeError(png.error().code, png.error().message, path);
    return writeFileAtomic(path, *png);
}

}  // namespace sw
