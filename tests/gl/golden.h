#pragma once
// Golden-image comparison (metric and threshold documented in tests/golden/README.md).
//
// compareWithGolden("box_plate_orbit_grey", image) compares with
// tests/golden/box_plate_orbit_grey.png. A pixel differs when any channel (RGBA) differs by
// more than kChannelTolerance; the comparison fails when more than kMaxDifferingShare of the
// pixels differ, when the sizes differ, or when the golden is missing. On failure it writes
// <name>.actual.png and <name>.diff.png into <test output dir>/golden/ and names them in the
// message; scripts/approve-goldens copies the actuals over the goldens.
#include <string>

#include "core/foundation/image_io.h"

namespace sw::test {

inline constexpr int kChannelTolerance = 8;             // out of 255
inline constexpr double kMaxDifferingShare = 0.005;     // 0.5 % of the pixels

struct GoldenOutcome {
    bool passed = false;
    long differingPixels = 0;
    double differingShare = 0;  // 0..1
    std::string message;        // why it failed and where the actual/diff images are
};

// Per-pixel comparison only (no files): how many pixels differ beyond kChannelTolerance.
long countDifferingPixels(const Rgba8Image& a, const Rgba8Image& b);

GoldenOutcome compareWithGolden(const std::string& name, const Rgba8Image& actual);

// Folder where actual/diff images go: <build>/tests/output/golden.
std::string goldenOutputDir();

}  // namespace sw::test
