#pragma once
// Basis Universal ETC1S decoding (the .basis / ETC1S texture specification: §7 endpoint codebook,
// §8 selector codebook, §9 slice Huffman tables, §10 slice decoding). In KTX 2.0 these sections
// are the BasisLZ global data's endpointsData, selectorsData and tablesData, and each image's
// RGB (and optional alpha) slice sits in its mip level's bytes. Texture video (P-frames) is not
// supported. Every function returns the reason on failure, an empty string on success.
#include <cstdint>
#include <span>
#include <string>
#include <vector>

#include "core/geometry/detail/basis_huffman.h"
#include "core/geometry/detail/etc1_block.h"

namespace sw::geometry::detail {

struct Etc1sCodebooks {
    std::vector<Etc1sEndpoint> endpoints;   // [endpointCount]
    std::vector<Etc1sSelectors> selectors;  // [selectorCount]
    HuffmanTable endpointPred;              // §9, 2×2-block endpoint predictor symbols (257)
    HuffmanTable deltaEndpoint;             // endpoint index deltas
    HuffmanTable selector;                  // selector index, history reference or run
    HuffmanTable selectorHistoryRle;        // run lengths (64)
    int selectorHistorySize = 0;            // the approximate move-to-front buffer (§10.1)
};

std::string readEtc1sCodebooks(std::span<const std::uint8_t> endpointsData, std::span<const std::uint8_t> selectorsData,
                               std::span<const std::uint8_t> tablesData, int endpointCount, int selectorCount,
                               Etc1sCodebooks& books);

// Decodes one slice of ⌈width/4⌉ × ⌈height/4⌉ blocks into rgba ([height, width, 4], already sized):
// RGB from the texels when !alphaSlice, else A from their green channel (§11).
std::string decodeEtc1sSlice(const Etc1sCodebooks& books, std::span<const std::uint8_t> slice, int width, int height,
                             bool alphaSlice, std::vector<std::uint8_t>& rgba);

}  // namespace sw::geometry::detail
