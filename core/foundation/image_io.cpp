#include "core/foundation/image_io.h"

#include <stb/stb_image.h>
#include <png.h>

#include <climits>
#include <cstring>

#include "core/foundation/file_io.h"
#include "core/foundation/interrupt.h"

namespace sw {
namespace {

void appendBytes(png_structp png, png_bytep data, png_size_t size) {
    if (interruptRequested()) png_error(png, "cancelled");  // a large sheet takes seconds: Ctrl-C stops it
    auto* out = static_cast<std::vector<std::uint8_t>*>(png_get_io_ptr(png));
    out->insert(out->end(), data, data + size);
}

void flushNothing(png_structp) {}

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

Result<std::vector<std::uint8_t>> encodePng(const Rgba8Image& image, int level) {
    if (image.width <= 0 || image.height <= 0 ||
        image.rgba.size() != static_cast<std::size_t>(image.width) * image.height * 4)
        return makeError(ErrorCode::InvalidInput, "image has inconsistent size for PNG encoding");
    png_structp png = png_create_write_struct(PNG_LIBPNG_VER_STRING, nullptr, nullptr, nullptr);
    png_infop info = png ? png_create_info_struct(png) : nullptr;
    if (!png || !info) {
        png_destroy_write_struct(&png, &info);
        return makeError(ErrorCode::OutOfMemory, "PNG encoder allocation failed");
    }
    std::vector<std::uint8_t> out;
    std::vector<png_bytep> rows(static_cast<std::size_t>(image.height));
    for (int y = 0; y < image.height; ++y)
        rows[static_cast<std::size_t>(y)] = const_cast<png_bytep>(image.rgba.data()) + static_cast<std::size_t>(y) * image.width * 4;
    if (setjmp(png_jmpbuf(png))) {  // libpng reports errors by longjmp
        png_destroy_write_struct(&png, &info);
        if (interruptRequested()) return makeError(ErrorCode::Cancelled, "cancelled (interrupted); nothing was written");
        return makeError(ErrorCode::Internal, "PNG encoding failed");
    }
    png_set_write_fn(png, &out, appendBytes, flushNothing);
    png_set_compression_level(png, level < 0 ? 0 : level > 9 ? 9 : level);
    if (level <= 3) png_set_filter(png, 0, PNG_FILTER_SUB);  // cheap filter for fast levels
    png_set_IHDR(png, info, static_cast<png_uint_32>(image.width), static_cast<png_uint_32>(image.height), 8,
                 PNG_COLOR_TYPE_RGBA, PNG_INTERLACE_NONE, PNG_COMPRESSION_TYPE_DEFAULT, PNG_FILTER_TYPE_DEFAULT);
    png_set_rows(png, info, rows.data());
    png_write_png(png, info, PNG_TRANSFORM_IDENTITY, nullptr);
    png_destroy_write_struct(&png, &info);
    return out;
}

Status writePngFile(const std::string& path, const Rgba8Image& image, int level) {
    auto png = encodePng(image, level);
    if (!png) return makeError(png.error().code, png.error().message, path);
    return writeFileAtomic(path, *png);
}

}  // namespace sw
