#include "core/geometry/detail/etc1_block.h"

#include <algorithm>

namespace sw::geometry::detail {
namespace {

// Intensity modifier tables (small a, large b) by codeword; a texel index selects +a, +b, −a, −b.
constexpr std::uint8_t kModifiers[8][2] = {{2, 8}, {5, 17}, {9, 29}, {13, 42}, {18, 60}, {24, 80}, {33, 106}, {47, 183}};
// ETC1 texel index (MSB·2 + LSB) of each Basis selector (−b, −a, +a, +b).
constexpr std::uint8_t kEtc1IndexOfSelector[4] = {3, 2, 0, 1};

int field(std::uint64_t w, int lowBit, int width) { return static_cast<int>((w >> lowBit) & ((1u << width) - 1)); }

}  // namespace

Etc1Texels decodeEtc1Block(const std::uint8_t* block) {
    std::uint64_t w = 0;
    for (int i = 0; i < 8; ++i) w = (w << 8) | block[i];
    const bool differential = field(w, 33, 1) != 0;
    const bool flip = field(w, 32, 1) != 0;
    int base[2][3];
    for (int c = 0; c < 3; ++c) {
        if (differential) {
            const int c5 = field(w, 59 - 8 * c, 5);
            const int delta = field(w, 56 - 8 * c, 3);
            const int second = std::clamp(c5 + (delta >= 4 ? delta - 8 : delta), 0, 31);  // out of range: undefined in ETC1
            base[0][c] = (c5 << 3) | (c5 >> 2);
            base[1][c] = (second << 3) | (second >> 2);
        } else {
            base[0][c] = field(w, 60 - 8 * c, 4) * 17;
            base[1][c] = field(w, 56 - 8 * c, 4) * 17;
        }
    }
    const int codeword[2] = {field(w, 37, 3), field(w, 34, 3)};
    Etc1Texels out{};
    for (int y = 0; y < 4; ++y)
        for (int x = 0; x < 4; ++x) {
            const int sub = flip ? (y >= 2) : (x >= 2);
            const int bit = 4 * x + y;  // texel indices are stored column by column
            const int index = (field(w, 16 + bit, 1) << 1) | field(w, bit, 1);
            const int magnitude = kModifiers[codeword[sub]][index & 1];
            const int modifier = index >= 2 ? -magnitude : magnitude;
            std::uint8_t* t = &out[static_cast<std::size_t>(4 * (4 * y + x))];
            for (int c = 0; c < 3; ++c) t[c] = static_cast<std::uint8_t>(std::clamp(base[sub][c] + modifier, 0, 255));
            t[3] = 255;
        }
    return out;
}

std::array<std::uint8_t, 8> etc1sToEtc1(const Etc1sEndpoint& endpoint, const Etc1sSelectors& selectors) {
    std::uint64_t w = 0;
    for (int c = 0; c < 3; ++c) w |= std::uint64_t(endpoint.color5[c] & 31) << (59 - 8 * c);  // deltas stay 0
    w |= std::uint64_t(endpoint.intensity & 7) << 37 | std::uint64_t(endpoint.intensity & 7) << 34;
    w |= std::uint64_t(1) << 33;  // differential; flip 0 (both halves are alike)
    for (int y = 0; y < 4; ++y)
        for (int x = 0; x < 4; ++x) {
            const int index = kEtc1IndexOfSelector[selectors[static_cast<std::size_t>(4 * y + x)] & 3];
            const int bit = 4 * x + y;
            w |= std::uint64_t(index >> 1) << (16 + bit) | std::uint64_t(index & 1) << bit;
        }
    std::array<std::uint8_t, 8> out{};
    for (int i = 0; i < 8; ++i) out[static_cast<std::size_t>(i)] = static_cast<std::uint8_t>(w >> (56 - 8 * i));
    return out;
}

}  // namespace sw::geometry::detail
