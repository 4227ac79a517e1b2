#pragma once
// The resident layout of a chunk: 16 bytes per splat (the packed size of Spark's page pool;
// Magnopus reports ≈ 32 B), plus a 32-byte chunk header holding the bounds the positions are
// quantised in. Documented in docs/formats.md ("Resident chunk layout").
//   bytes 0–5   position: 3 × uint16, (p − min) / (max − min) · 65535 per axis
//   bytes 6–9   colour and opacity: 4 × uint8 (RGB clamped to 0..1, opacity 0..1), · 255
//   bytes 10–12 scale: 3 × uint8, (ln σ − kLogScaleMin) / (kLogScaleMax − kLogScaleMin) · 255
//   bytes 13–15 rotation: "smallest three" in 24 bits, little-endian: bits 0–1 the index of the
//               quaternion's largest component (made ≥ 0), then three 7-bit fields holding the
//               other components in (w, x, y, z) order, (c / √½ + 1) / 2 · 127; the largest is
//               √(1 − Σ c²) (at most ≈ 1.2° off)
#include <Eigen/Geometry>
#include <cstdint>
#include <vector>

#include "core/splat/splat_cloud.h"

namespace sw::lod {

inline constexpr float kLogScaleMin = -16.0f;
inline constexpr float kLogScaleMax = 4.0f;

struct PackedSplat {
    std::uint16_t position[3];
    std::uint8_t rgba[4];
    std::uint8_t logScale[3];
    std::uint8_t rotation[3];
};
static_assert(sizeof(PackedSplat) == 16, "the resident layout is 16 bytes per splat");

inline constexpr std::uint64_t kChunkHeaderBytes = 32;  // bounds (2 × 3 float32) and the count, padded

struct PackedChunk {
    Eigen::AlignedBox3f bounds;
    std::vector<PackedSplat> splats;
    // Bytes this chunk takes in the resident pool: header + 16 per splat.
    std::uint64_t bytes() const { return residentBytes(splats.size()); }
    static std::uint64_t residentBytes(std::uint64_t splatCount) { return kChunkHeaderBytes + 16 * splatCount; }
};

PackedChunk packChunk(const splat::SplatCloud& cloud);
// Back to a cloud (SH-free): what a renderer of the resident pool draws.
splat::SplatCloud unpackChunk(const PackedChunk& chunk);

}  // namespace sw::lod
