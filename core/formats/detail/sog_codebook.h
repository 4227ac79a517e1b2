#pragma once
// The quantisers of the SOG writer (sog_write.h). A codebook maps a float to one of 256 entries:
// 1-D k-means (Lloyd) started at the quantiles, run on the sorted values so each pass costs
// O(256 log n). An SH palette maps each splat's SH rest coefficients (K × 3 floats) to one of at
// most 65536 entries: with no more splats than entries each splat is its own entry, else the
// splats are split recursively (the cluster of largest squared error first, at its mean along its
// widest dimension) and an entry is the mean of its cluster.
#include <cstdint>
#include <span>
#include <vector>

#include "core/foundation/progress.h"

namespace sw::formats::detail {

struct Codebook {
    std::vector<float> entries;  // 256, ascending
    std::vector<float> bounds;   // 255 midpoints between neighbouring entries

    // The nearest entry's index.
    std::uint8_t index(float v) const;
};

// `values` must be finite and non-empty; `iterations` Lloyd passes after the quantile start.
Codebook buildCodebook(std::span<const float> values, int iterations);

struct ShPalette {
    std::vector<float> entries;         // [entryCount × dims]
    std::vector<std::uint32_t> labels;  // [n] entry of each splat
    std::size_t entryCount = 0;
};

// `rows`: n rows of `dims` floats each (the SH rest of n splats); at most `maxEntries` entries.
// Progress runs over the splits; a cancel returns what is built so far (the caller checks).
ShPalette buildShPalette(std::span<const float> rows, std::size_t dims, std::size_t maxEntries, const Progress& progress = {});

}  // namespace sw::formats::detail
