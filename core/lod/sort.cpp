#include "core/lod/sort.h"

#include <algorithm>
#include <cstring>

namespace sw::lod {

std::uint32_t depthKey(float depth) {
    std::uint32_t bits;
    std::memcpy(&bits, &depth, 4);
    return (bits & 0x80000000u) ? ~bits : bits | 0x80000000u;
}

Eigen::Vector3f packedPosition(const PackedChunk& chunk, std::size_t i) {
    const PackedSplat& s = chunk.splats[i];
    const Eigen::Vector3f q(s.position[0], s.position[1], s.position[2]);
    return chunk.bounds.min() + chunk.bounds.sizes().cwiseProduct(q / 65535.0f);
}

std::vector<SortedSplat> sortBackToFront(const std::vector<DrawItem>& draws, const Eigen::Vector3f& eye,
                                         const Eigen::Vector3f& forward) {
    std::vector<SortedSplat> order;
    std::vector<std::uint32_t> keys;
    for (std::size_t item = 0; item < draws.size(); ++item) {
        const PackedChunk& chunk = *draws[item].chunk;
        for (std::size_t i = 0; i < chunk.splats.size(); ++i) {
            order.push_back({static_cast<std::uint32_t>(item), static_cast<std::uint32_t>(i)});
            keys.push_back(depthKey((packedPosition(chunk, i) - eye).dot(forward)));
        }
    }
    std::vector<std::uint32_t> index(order.size());
    for (std::uint32_t i = 0; i < index.size(); ++i) index[i] = i;
    std::stable_sort(index.begin(), index.end(), [&](std::uint32_t a, std::uint32_t b) { return keys[a] > keys[b]; });
    std::vector<SortedSplat> sorted(order.size());
    for (std::size_t i = 0; i < index.size(); ++i) sorted[i] = order[index[i]];
    return sorted;
}

}  // namespace sw::lod
