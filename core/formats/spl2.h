#pragma once
// SPL2: the game runtime's baked splat binary (../shared/FORMATS.md is normative; byte
// layout repeated in docs/formats.md). Header "SPL2", n_core, n_shell, n_buckets (64); per part
// (core, then shell) pos, ax0, ax1, normal, color as [n, 3] float32, opacity [n], attrs [n, 4];
// then 64 back-to-front shell orders of n_shell int32; then an optional CHNK tail (our
// extension, version 1) with per-splat chunk and material and a per-chunk table.
#include <Eigen/Core>
#include <cstdint>
#include <optional>
#include <span>
#include <string>
#include <vector>

#include "core/foundation/error.h"

namespace sw::formats {

inline constexpr int kSpl2Buckets = 64;        // heading sectors of 360/64 degrees
inline constexpr int kSpl2MaterialClasses = 6;  // default, chitin, bone, flesh, circuit, core
inline constexpr int kSpl2MaxPacked = 2048;     // 1 + chunk·8 + material must not exceed this
inline constexpr int kSpl2ChunkVersion = 1;

enum class MaterialClass : std::int32_t { Default = 0, Chitin, Bone, Flesh, Circuit, Core };

struct Spl2Part {
    std::vector<Eigen::Vector3f> pos;     // [n] normalised model space
    std::vector<Eigen::Vector3f> ax0;     // [n] first major axis, direction × extent
    std::vector<Eigen::Vector3f> ax1;     // [n] second major axis, direction × extent
    std::vector<Eigen::Vector3f> normal;  // [n] unit normal (third axis)
    std::vector<Eigen::Vector3f> color;   // [n] RGB 0..1, gamma
    std::vector<float> opacity;           // [n] 0..1
    std::vector<Eigen::Vector4f> attrs;   // [n] four baked channels, each exact in float16

    std::size_t size() const { return pos.size(); }
    void resize(std::size_t n);  // every array to n (zeros)
};

struct Spl2Chunk {
    Eigen::Vector3f centroid = Eigen::Vector3f::Zero();  // normalised model space
    std::int32_t part = 0;                               // part id the chunk belongs to
    float size = 0.0f;                                   // chunk extent (radius), model units
};

struct Spl2ChunkTail {
    std::vector<std::int32_t> coreChunk;      // [n_core] chunk id
    std::vector<std::int32_t> coreMaterial;   // [n_core] MaterialClass value
    std::vector<std::int32_t> shellChunk;     // [n_shell]
    std::vector<std::int32_t> shellMaterial;  // [n_shell]
    std::vector<Spl2Chunk> chunks;            // [n_chunks]
};

struct Spl2Model {
    Spl2Part core;   // opaque, importance order (LOD = first k)
    Spl2Part shell;  // alpha-blended
    std::vector<std::vector<std::int32_t>> orders;  // [64][n_shell] permutations, back to front
    std::optional<Spl2ChunkTail> chunks;            // absent: chunk 0 / material 0 everywhere
};

// The instance-colour alpha the runtime uses: 1 + chunk·8 + material.
constexpr int packChunkMaterial(int chunk, int material) { return 1 + chunk * 8 + material; }

// Checks everything the writer guarantees: sizes, finite values, attrs exact in float16,
// 64 orders that are permutations, chunk/material ranges and packed value ≤ 2048.
Status validateSpl2(const Spl2Model& model, const std::string& what);

Result<std::vector<std::uint8_t>> encodeSpl2(const Spl2Model& model, const std::string& what);
// encodeSpl2 + atomic write: on failure no partial file is left at path.
Status writeSpl2(const std::string& path, const Spl2Model& model);

Result<Spl2Model> decodeSpl2(std::span<const std::uint8_t> bytes, const std::string& path);
Result<Spl2Model> readSpl2(const std::string& path);

}  // namespace sw::formats
