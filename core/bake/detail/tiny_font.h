#pragma once
// A 5×7 pixel font for the few words drawn into debug pictures (the legend of <name>.dropped.png):
// lowercase letters, digits, space and . , : ( ) - /. Unknown characters draw as a blank.
#include <cstdint>
#include <string_view>

#include "core/foundation/image_io.h"

namespace sw::bake::detail {

constexpr int kGlyphWidth = 5, kGlyphHeight = 7, kGlyphAdvance = 6;

// Width in pixels of `text` drawn at `scale`.
int textWidth(std::string_view text, int scale = 1);
// Draws `text` with its top-left at (x, y), each font pixel a scale × scale block of `rgb`;
// pixels outside the image are skipped.
void drawText(Rgba8Image& image, int x, int y, std::string_view text, const std::uint8_t rgb[3], int scale = 1);

}  // namespace sw::bake::detail
