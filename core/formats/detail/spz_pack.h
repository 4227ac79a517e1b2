#pragma once
// SPZ attribute quantisation (Niantic SPZ, github.com/nianticlabs/spz, load-spz.cc: layout
// learned from the reference, code written here). Packing and unpacking only; the gzip and
// ZSTD containers live in spz.cpp.
#include <cstdint>
#include <string>
#include <vector>

#include "core/foundation/error.h"
#include "core/splat/splat_cloud.h"

namespace sw::formats::detail {

inline constexpr std::uint32_t kSpzMagic = 0x5053474e;  // "NGSP" little-endian
inline constexpr int kSpzFractionalBits = 12;           // 1/4096 position step
inline constexpr float kSpzColorScale = 0.15f;          // SH DC → byte: dc·0.15·255 + 127.5

// Packed attribute blocks exactly as stored (all arrays little-endian bytes).
struct SpzPacked {
    std::uint32_t version = 3;
    std::uint32_t numPoints = 0;
    int shDegree = 0;
    int fractionalBits = kSpzFractionalBits;
    std::uint8_t flags = 0;
    std::vector<std::uint8_t> positions;  // [N, 3, 3] 24-bit two's complement fixed point
    std::vector<std::uint8_t> alphas;     // [N] opacity·255
    std::vector<std::uint8_t> colors;     // [N, 3] SH DC·0.15·255 + 127.5
    std::vector<std::uint8_t> scales;     // [N, 3] (ln sigma + 10)·16
    std::vector<std::uint8_t> rotations;  // [N, 4] smallest-three (v3+) or [N, 3] first-three (v2)
    std::vector<std::uint8_t> sh;         // [N, K, 3] SH rest, coefficient-major, 8-bit
};

// Bytes per point of the rotation block for a version.
inline std::size_t spzRotationBytes(std::uint32_t version) { return version >= 3 ? 4 : 3; }
// Bytes per point of all blocks together.
std::size_t spzBytesPerPoint(std::uint32_t version, int shDegree);
// Resizes every block of p for p.numPoints / p.version / p.shDegree.
void allocateSpz(SpzPacked& p);

// Quantises a valid cloud. Fails (InvalidInput) when a position is outside the ±2048 range of
// 24-bit fixed point with 12 fractional bits.
Result<SpzPacked> packSpz(const splat::SplatCloud& cloud, std::uint32_t version, const std::string& what);

// Inverse of packSpz; block sizes must match (allocateSpz).
splat::SplatCloud unpackSpz(const SpzPacked& packed);

}  // namespace sw::formats::detail
