#pragma once
// SuperSplat's compressed PLY (PlayCanvas; the layout its `splat-transform` and engine read):
// a `chunk` element of float32 bounds per 256 splats (min/max x y z, min/max ln scale x y z,
// optionally min/max r g b), a `vertex` element of four uint32 (packed_position 11/10/11 bits,
// packed_rotation 2-bit largest index + 3 × 10 bits, packed_scale 11/10/11, packed_color
// 8/8/8/8 RGBA) and an optional `sh` element of 9, 24 or 45 uint8 f_rest values.
// docs/formats.md has the decoding; the splats are in the 3DGS convention, like any PLY.
#include <cstdint>
#include <span>
#include <string>

#include "core/formats/detail/ply_header.h"
#include "core/foundation/error.h"
#include "core/splat/splat_cloud.h"

namespace sw::formats::detail {

// Splats per chunk of the compressed layout.
inline constexpr std::uint64_t kCompressedPlyChunk = 256;

// True when the header declares the compressed layout (a `chunk` element and a `vertex` element
// with packed_position); decodeCompressedPly then checks the rest.
bool isCompressedPly(const PlyHeader& header);

// Decodes the whole file into model space; errors name `path`.
Result<splat::SplatCloud> decodeCompressedPly(std::span<const std::uint8_t> bytes, const PlyHeader& header,
                                              const std::string& path);

}  // namespace sw::formats::detail
