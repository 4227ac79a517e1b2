#pragma once
// ETC1 block decoding (Khronos Data Format Specification 1.3, §"ETC1 compressed texture image
// formats", the same as OES_compressed_ETC1_RGB8_texture): one 64-bit block, read big-endian
// from its 8 bytes, holds 4×4 texels as two sub-blocks (2×4 side by side, or 4×2 stacked when
// the flip bit is set), each with a base colour (individual 4:4:4 pairs, or 5:5:5 plus a 3-bit
// signed delta in differential mode), a 3-bit intensity table codeword and a 2-bit index per
// texel. ETC1S (Basis Universal) is the subset: differential mode, zero delta, one codeword.
#include <array>
#include <cstdint>

namespace sw::geometry::detail {

// [16 texels][R, G, B, A] rows top to bottom, texel (x, y) at 4·(4y + x); A is 255.
using Etc1Texels = std::array<std::uint8_t, 64>;

// The block's 8 bytes in file order (byte 0 holds bits 63..56).
Etc1Texels decodeEtc1Block(const std::uint8_t* block);

// An ETC1S codebook entry (Basis ETC1S spec §7): 5-bit colour, intensity codeword 0..7.
struct Etc1sEndpoint {
    std::array<std::uint8_t, 3> color5{};
    std::uint8_t intensity = 0;
};
// [y·4 + x] Basis selectors 0..3, in order of increasing brightness (−b, −a, +a, +b).
using Etc1sSelectors = std::array<std::uint8_t, 16>;

// The ETC1 block (8 bytes, file order) an ETC1S endpoint and selector pair stands for.
std::array<std::uint8_t, 8> etc1sToEtc1(const Etc1sEndpoint& endpoint, const Etc1sSelectors& selectors);

}  // namespace sw::geometry::detail
