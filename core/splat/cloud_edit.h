#pragma once
// Row edits of a SplatCloud that undo exactly (issue 16 build item 2): removing splats returns
// a delta holding only their indices and rows, so an undo stack of deletes and crops costs the
// removed splats, never a copy of the cloud. restoreRows puts the rows back where they were:
// the cloud is bit-identical to the one before the removal.
#include <cstdint>
#include <span>
#include <vector>

#include "core/splat/splat_cloud.h"

namespace sw::splat {

struct CloudRows {
    std::vector<std::uint32_t> indices;  // [K] ascending, indices in the cloud before the removal
    SplatCloud rows;                     // [K] the removed splats, same arrays and SH degree
    std::size_t size() const { return indices.size(); }
};

// Removes the splats at `indices` (any order, duplicates and out-of-range ones ignored) from
// cloud, returning them.
CloudRows removeRows(SplatCloud& cloud, std::span<const std::uint32_t> indices);
// Inserts delta's rows back at their indices. Precondition: cloud is the cloud removeRows left
// (its size plus delta's is the old size; same optional arrays and SH degree).
void restoreRows(SplatCloud& cloud, const CloudRows& delta);

// The same two steps for one per-splat array ([N × stride] values): used for the arrays that
// ride along with a cloud (the floater signs, distances and keep list).
template <class T>
std::vector<T> removeEntries(std::vector<T>& values, std::span<const std::uint32_t> ascending, std::size_t stride = 1) {
    std::vector<T> removed;
    if (values.empty()) return removed;
    std::size_t out = 0, next = 0;
    const std::size_t n = values.size() / stride;
    for (std::size_t i = 0; i < n; ++i) {
        const bool drop = next < ascending.size() && ascending[next] == i;
        for (std::size_t k = 0; k < stride; ++k) {
            if (drop) removed.push_back(values[i * stride + k]);
            else values[out * stride + k] = values[i * stride + k];
        }
        if (drop) ++next;
        else ++out;
    }
    values.resize(out * stride);
    return removed;
}

// removed may be empty while values is not (an optional flag array that appeared after the
// removal): the restored entries are then value-initialised (0).
template <class T>
void restoreEntries(std::vector<T>& values, std::span<const std::uint32_t> ascending, const std::vector<T>& removed,
                    std::size_t stride = 1) {
    if (removed.empty() && values.empty()) return;
    const std::size_t n = values.size() / stride + ascending.size();
    std::vector<T> out(n * stride);
    std::size_t from = 0, next = 0;
    for (std::size_t i = 0; i < n; ++i) {
        const bool back = next < ascending.size() && ascending[next] == i;
        for (std::size_t k = 0; k < stride; ++k) {
            const std::size_t r = next * stride + k;  // a flag array created after the removal: zeros
            out[i * stride + k] = back ? (r < removed.size() ? removed[r] : T{}) : values[from * stride + k];
        }
        if (back) ++next;
        else ++from;
    }
    values = std::move(out);
}

// Sorted, de-duplicated indices below n.
std::vector<std::uint32_t> normaliseIndices(std::span<const std::uint32_t> indices, std::size_t n);

}  // namespace sw::splat
