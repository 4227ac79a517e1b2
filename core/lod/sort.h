#pragma once
// Back-to-front order of the splats a view draws: the CPU reference of the GPU sort (key
// generation + radix sort). The key of a splat is depthKey(dot(p − eye, forward)), a 32-bit
// unsigned integer whose order is the depth's; splats are drawn by descending key, ties in the
// order of the draw list and of the splats within a chunk (a stable LSD radix sort on the keys
// negated gives the same order). Positions are those of the resident packed chunks.
#include <Eigen/Core>
#include <cstdint>
#include <vector>

#include "core/lod/resident_pool.h"

namespace sw::lod {

// Order-preserving map of a finite float to uint32 (sign flip for positives, all bits for negatives).
std::uint32_t depthKey(float depth);

struct SortedSplat {
    std::uint32_t item = 0;   // index into the draw list
    std::uint32_t splat = 0;  // splat within that item's chunk
};

// Every splat of `draws`, farthest along `forward` first; forward need not be unit length.
std::vector<SortedSplat> sortBackToFront(const std::vector<DrawItem>& draws, const Eigen::Vector3f& eye,
                                         const Eigen::Vector3f& forward);

// Centre of splat `i` of a resident chunk (the dequantised position).
Eigen::Vector3f packedPosition(const PackedChunk& chunk, std::size_t i);

}  // namespace sw::lod
