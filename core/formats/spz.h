#pragma once
// Niantic SPZ (github.com/nianticlabs/spz). Layout learned from the reference load-spz.cc and
// documented in docs/formats.md:
// - versions 2 and 3: one gzip stream holding a 16-byte header (magic 0x5053474e, version,
//   numPoints, shDegree, fractionalBits, flags, reserved) and the attribute blocks positions,
//   alphas, colours, scales, rotations, SH;
// - version 4: an uncompressed 32-byte header (…, numStreams, tocByteOffset, 12 reserved),
//   a table of contents of (compressed, uncompressed) uint64 pairs, then one ZSTD frame per
//   non-empty block in the same order.
// Quantisation (detail/spz_pack.h): position 1/4096, opacity 1/255, SH DC (colour) 1/(0.15·255),
// ln scale 1/16, rotation smallest-three with 9 bits (v3+), SH rest 8 bits rounded to 5 bits
// (degree 1) or 4 bits (higher). Axes (axes.h): SPZ's own RUB (x right, y up, z back) unless
// the options say Model; the file itself does not record which.
#include <cstdint>
#include <span>
#include <string>
#include <vector>

#include "core/formats/axes.h"
#include "core/foundation/error.h"
#include "core/splat/splat_cloud.h"

namespace sw::formats {

struct SpzWriteOptions {
    int version = 3;  // 2 (legacy rotations), 3 (what web viewers read today) or 4 (ZSTD streams)
    Axes axes = Axes::Standard;  // Model: model space as-is (--axes model)
};

// Worst-case round-trip errors of the quantisation (inside the representable ranges).
struct SpzTolerance {
    static constexpr float kPosition = 0.5f / 4096.0f;              // absolute, per axis
    static constexpr float kOpacity = 0.5f / 255.0f;                // absolute
    static constexpr float kColor = 0.5f * 0.28209479f / 38.25f;    // absolute rgb (dc step / 2)
    static constexpr float kLogScale = 0.5f / 16.0f;                // absolute in ln(sigma)
    static constexpr float kShDegree1 = 4.5f / 128.0f;              // absolute
    static constexpr float kShHigher = 8.5f / 128.0f;               // absolute
};

Result<std::vector<std::uint8_t>> encodeSpz(const splat::SplatCloud& cloud, const SpzWriteOptions& options,
                                            const std::string& what);
// encodeSpz + atomic write: on failure no partial file is left at path.
Status writeSpz(const std::string& path, const splat::SplatCloud& cloud, const SpzWriteOptions& options = {});

// Reads versions 2, 3 (gzip) and 4 (ZSTD); `path` names the file in errors. `axes` says what the
// file holds: RUB (Standard, converted to model space) or model space (read as-is).
Result<splat::SplatCloud> decodeSpz(std::span<const std::uint8_t> bytes, const std::string& path, Axes axes);
Result<splat::SplatCloud> decodeSpz(std::span<const std::uint8_t> bytes, const std::string& path);  // Standard
Result<splat::SplatCloud> readSpz(const std::string& path, Axes axes = Axes::Standard);

}  // namespace sw::formats
