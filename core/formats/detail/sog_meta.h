#pragma once
// The meta.json of a SOG (sog.h), parsed and checked field by field: every error names the file
// and the field ("'scales.codebook' must be an array of 256 numbers").
#include <array>
#include <cstdint>
#include <string>
#include <vector>

#include "core/foundation/error.h"

namespace sw::formats::detail {

struct SogMeta {
    int version = 1;  // 1: the unversioned first layout (mins/maxs); 2: codebooks
    std::uint64_t count = 0;
    std::array<double, 3> meanMin{}, meanMax{};
    std::string meansLow, meansHigh, quats, scales, sh0;
    // version 1: per-channel ranges (ln scale; f_dc r g b and the opacity logit; one SH range)
    std::array<double, 3> scaleMin{}, scaleMax{};
    std::array<double, 4> sh0Min{}, sh0Max{};
    double shMin = 0.0, shMax = 0.0;
    // version 2: 256-entry codebooks
    std::vector<float> scaleCodebook, sh0Codebook, shCodebook;
    // SH bands 1..3 (0: none); version 1 takes the band count from the centroid image's width
    bool hasSh = false;
    int shBands = 0;
    std::uint64_t shPaletteCount = 0;  // version 2 only
    std::string shCentroids, shLabels;
};

// Parses meta.json text; `path` names it in errors. A version above kSogVersion is Unsupported.
Result<SogMeta> parseSogMeta(const std::string& text, const std::string& path);

}  // namespace sw::formats::detail
