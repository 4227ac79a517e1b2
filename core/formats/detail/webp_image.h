#pragma once
// WebP images as the SOG format stores its attribute textures (lossless, RGBA 8 bits a channel),
// decoded with libwebp (Google, developers.google.com/speed/webp). Errors name `what` (the file,
// or "bundle.sog:quats.webp") and never read past the given bytes.
#include <cstdint>
#include <span>
#include <string>
#include <vector>

#include "core/foundation/error.h"

namespace sw::formats::detail {

struct RgbaImage {
    int width = 0;
    int height = 0;
    std::vector<std::uint8_t> rgba;  // [height, width, 4] uint8, row-major

    std::size_t pixels() const { return std::size_t(width) * std::size_t(height); }
};

// The largest image accepted: 2^28 pixels (1 GiB of RGBA), far above any SOG texture.
inline constexpr std::uint64_t kMaxWebpPixels = std::uint64_t(1) << 28;

Result<RgbaImage> decodeWebp(std::span<const std::uint8_t> bytes, const std::string& what);
// Lossless WebP of `image` (libwebp, `exact`: the RGB under alpha 0 is kept), which decodes back
// to the same RGBA bytes; `effort` 0..9 is libwebp's lossless preset (0 fastest, 9 smallest).
// Errors (0 pixels or above 16383 on a side, libwebp out of memory) name `what`.
Result<std::vector<std::uint8_t>> encodeWebpLossless(const RgbaImage& image, int effort, const std::string& what);

}  // namespace sw::formats::detail
