#pragma once
// 8-bit image decode/encode (PNG, JPEG in; PNG out) shared by import, demo generation, the
// dataset writer and the golden-image harness. Pixels are RGBA8, rows top to bottom.
#include <cstdint>
#include <span>
#include <string>
#include <vector>

#include "core/foundation/error.h"

namespace sw {

struct Rgba8Image {
    int width = 0;
    int height = 0;
    std::vector<std::uint8_t> rgba;  // [height, width, 4]
};

// Decodes PNG/JPEG/BMP/TGA bytes; `what` names the source in errors (a path or "embedded #2").
Result<Rgba8Image> decodeImage(std::span<const std::uint8_t> bytes, const std::string& what);
Result<Rgba8Image> readImageFile(const std::string& path);
// Reads only the header: width and height without decoding pixels.
Result<Rgba8Image> readImageSize(std::span<const std::uint8_t> bytes, const std::string& what);

// PNG encoding with libpng; `level` is the zlib level 0..9 (lower is faster). Thread-safe.
Result<std::vector<std::uint8_t>> encodePng(const Rgba8Image& image, int level = 6);
// Atomic PNG write.
Status writePngFile(const std::string& path, const Rgba8Image& image, int level = 6);

}  // namespace sw
