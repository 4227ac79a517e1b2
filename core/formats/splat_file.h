#pragma once
// The antimatter15 ".splat" web format (github.com/antimatter15/splat, convert.py): a headerless
// array of 32-byte records: position 3 × float32, linear scale 3 × float32, RGBA 4 × uint8
// (colour in gamma space, alpha = opacity·255), rotation 4 × uint8 as q·128 + 128 with q the
// unit quaternion (w, x, y, z). No SH, no normals. Axes (axes.h): the 3DGS convention of the PLY
// files it is converted from, unless Model is asked for.
#include <cstdint>
#include <span>
#include <string>
#include <vector>

#include "core/formats/axes.h"
#include "core/foundation/error.h"
#include "core/splat/splat_cloud.h"

namespace sw::formats {

inline constexpr std::size_t kSplatRecordBytes = 32;

// Parses a whole .splat file (size must be a positive multiple of 32).
Result<splat::SplatCloud> decodeSplatFile(std::span<const std::uint8_t> bytes, const std::string& path, Axes axes);
Result<splat::SplatCloud> decodeSplatFile(std::span<const std::uint8_t> bytes, const std::string& path);  // Standard
Result<splat::SplatCloud> readSplatFile(const std::string& path, Axes axes = Axes::Standard);

// Serialises a valid cloud; colours and opacity are clamped to 0..1 and rounded to 8 bits,
// SH rest coefficients and normals are dropped.
Result<std::vector<std::uint8_t>> encodeSplatFile(const splat::SplatCloud& cloud, const std::string& what,
                                                  Axes axes = Axes::Standard);
Status writeSplatFile(const std::string& path, const splat::SplatCloud& cloud, Axes axes = Axes::Standard);

}  // namespace sw::formats
