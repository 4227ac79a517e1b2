#pragma once
// KTX 2.0 textures (Khronos KTX File Format Specification 2.0), as glTF's KHR_texture_basisu
// embeds them, decoded to 8-bit RGBA so they join the PNG/JPEG texture path. Level 0 of layer 0,
// face 0 is decoded; rows come out top to bottom (the "rd" orientation glTF requires; an "ru"
// file is flipped).
//
// Supported payloads: Basis Universal ETC1S with BasisLZ supercompression (scheme 1; the
// .basis/ETC1S specification's codebooks and slices, optional alpha slice) and uncompressed
// R8G8B8A8 / R8G8B8 (UNORM or SRGB, scheme 0). Values are returned as stored: an sRGB texture
// stays sRGB-encoded, like a PNG.
// Errors name `what` (a path or "embedded #k"): UASTC, other formats or supercompression
// schemes, 3D textures, texture video, a side over kMaxKtx2Side (Unsupported); anything
// truncated, out of bounds or inconsistent (Parse).
#include <cstdint>
#include <span>
#include <string>

#include "core/foundation/error.h"
#include "core/foundation/image_io.h"

namespace sw::geometry {

constexpr int kMaxKtx2Side = 16384;

// True when bytes start with the 12-byte KTX 2.0 file identifier.
bool isKtx2(std::span<const std::uint8_t> bytes);
// Width and height of level 0 (rgba empty) after checking the container and that its payload is
// one we decode.
Result<Rgba8Image> readKtx2Size(std::span<const std::uint8_t> bytes, const std::string& what);
Result<Rgba8Image> decodeKtx2(std::span<const std::uint8_t> bytes, const std::string& what);

}  // namespace sw::geometry
