#include "core/splat/cloud_edit.h"

#include <algorithm>

namespace sw::splat {

std::vector<std::uint32_t> normaliseIndices(std::span<const std::uint32_t> indices, std::size_t n) {
    std::vector<std::uint32_t> out;
    out.reserve(indices.size());
    for (std::uint32_t i : indices)
        if (i < n) out.push_back(i);
    std::sort(out.begin(), out.end());
    out.erase(std::unique(out.begin(), out.end()), out.end());
    return out;
}

CloudRows removeRows(SplatCloud& cloud, std::span<const std::uint32_t> indices) {
    CloudRows delta;
    delta.indices = normaliseIndices(indices, cloud.size());
    const std::span<const std::uint32_t> idx(delta.indices);
    SplatCloud& r = delta.rows;
    r.shDegree = cloud.shDegree;
    r.positions = removeEntries(cloud.positions, idx);
    r.rotations = removeEntries(cloud.rotations, idx);
    r.scales = removeEntries(cloud.scales, idx);
    r.opacities = removeEntries(cloud.opacities, idx);
    r.colors = removeEntries(cloud.colors, idx);
    r.normals = removeEntries(cloud.normals, idx);
    r.shRest = removeEntries(cloud.shRest, idx, std::size_t(shRestCount(cloud.shDegree)) * 3);
    return delta;
}

void restoreRows(SplatCloud& cloud, const CloudRows& delta) {
    const std::span<const std::uint32_t> idx(delta.indices);
    const SplatCloud& r = delta.rows;
    restoreEntries(cloud.positions, idx, r.positions);
    restoreEntries(cloud.rotations, idx, r.rotations);
    restoreEntries(cloud.scales, idx, r.scales);
    restoreEntries(cloud.opacities, idx, r.opacities);
    restoreEntries(cloud.colors, idx, r.colors);
    restoreEntries(cloud.normals, idx, r.normals);
    restoreEntries(cloud.shRest, idx, r.shRest, std::size_t(shRestCount(cloud.shDegree)) * 3);
}

}  // namespace sw::splat
