#pragma once
// The quantisers of the SOG writer (sog_write.h). A codebook maps a float to one of 256 entries:
// 1-D k-means (Lloyd) started at the quantiles, run on the sorted values so each pass costs
// O(256 log n). An SH palette maps each splat's SH rest coefficients (K × 3 floats) to one of at
// most 65536 entries: with no more splats than entries each splat is its own entry, else the
// splats are split recursively (the cluster of largest squared error first, at its mean along its
// widest dimension) and an entry is the mean of its cluster.
#include <algorithm>
#include <cmath>
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

// The codebook of values that take at most 256 distinct values once decoded (a cloud read from a
// SOG): `decoded` the values as the reader gives them, `encode` their coded form (ln σ, f_dc),
// `decode` the reader's formula. Each entry is the float nearest encode(u) that decodes to exactly
// u, so writing what was read reproduces every value bit for bit. Empty entries when there are
// more than 256 distinct values.
template <class Encode, class Decode>
Codebook exactCodebook(std::span<const float> decoded, Encode encode, Decode decode);

Codebook codebookOf(std::vector<float> entries);  // ascending entries, padded to 256 with the last

template <class Encode, class Decode>
Codebook exactCodebook(std::span<const float> decoded, Encode encode, Decode decode) {
    std::vector<float> distinct(decoded.begin(), decoded.end());
    std::sort(distinct.begin(), distinct.end());
    distinct.erase(std::unique(distinct.begin(), distinct.end()), distinct.end());
    if (distinct.empty() || distinct.size() > 256) return {};
    std::vector<float> entries;
    for (float u : distinct) {
        const float e0 = encode(u);
        float best = e0;
        if (decode(e0) != u)
            for (float up = e0, down = e0, k = 0; k < 8; ++k) {  // a few floats either side
                up = std::nextafter(up, HUGE_VALF);
                down = std::nextafter(down, -HUGE_VALF);
                if (decode(up) == u || decode(down) == u) {
                    best = decode(up) == u ? up : down;
                    break;
                }
            }
        entries.push_back(best);
    }
    std::sort(entries.begin(), entries.end());
    return codebookOf(std::move(entries));
}

struct ShPalette {
    std::vector<float> entries;         // [entryCount × dims]
    std::vector<std::uint32_t> labels;  // [n] entry of each splat
    std::size_t entryCount = 0;
};

// `rows`: n rows of `dims` floats each (the SH rest of n splats); at most `maxEntries` entries.
// Progress runs over the splits; a cancel returns what is built so far (the caller checks).
ShPalette buildShPalette(std::span<const float> rows, std::size_t dims, std::size_t maxEntries, const Progress& progress = {});

}  // namespace sw::formats::detail
