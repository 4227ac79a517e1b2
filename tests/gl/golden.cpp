#include "tests/gl/golden.h"

#include <algorithm>
#include <cstdlib>
#include <filesystem>
#include <sstream>

#include "core/foundation/check.h"
#include "tests/support/test_support.h"

namespace sw::test {

namespace {

bool pixelDiffers(const std::uint8_t* a, const std::uint8_t* b) {
    for (int k = 0; k < 4; ++k) {
        if (std::abs(int(a[k]) - int(b[k])) > kChannelTolerance) return true;
    }
    return false;
}

// Differing pixels in red over a dimmed grey copy of the golden.
Rgba8Image diffImage(const Rgba8Image& golden, const Rgba8Image& actual) {
    Rgba8Image diff{actual.width, actual.height, std::vector<std::uint8_t>(actual.rgba.size())};
    for (std::size_t i = 0; i < actual.rgba.size(); i += 4) {
        const std::uint8_t* g = &golden.rgba[i];
        const std::uint8_t grey = static_cast<std::uint8_t>((g[0] + g[1] + g[2]) / 12 + 32);
        const bool differs = pixelDiffers(g, &actual.rgba[i]);
        diff.rgba[i + 0] = differs ? 255 : grey;
        diff.rgba[i + 1] = differs ? 0 : grey;
        diff.rgba[i + 2] = differs ? 0 : grey;
        diff.rgba[i + 3] = 255;
    }
    return diff;
}

}  // namespace

std::string goldenOutputDir() { return outputDir("golden"); }

long countDifferingPixels(const Rgba8Image& a, const Rgba8Image& b) {
    SW_REQUIRE(a.width == b.width && a.height == b.height,
               a.width << "x" << a.height << " vs " << b.width << "x" << b.height);
    long count = 0;
    for (std::size_t i = 0; i < a.rgba.size(); i += 4) count += pixelDiffers(&a.rgba[i], &b.rgba[i]) ? 1 : 0;
    return count;
}

GoldenOutcome compareWithGolden(const std::string& name, const Rgba8Image& actual) {
    namespace fs = std::filesystem;
    const std::string goldenPath = std::string(SW_GOLDEN_DIR) + "/" + name + ".png";
    const std::string actualPath = goldenOutputDir() + "/" + name + ".actual.png";
    const std::string diffPath = goldenOutputDir() + "/" + name + ".diff.png";
    // Leftovers of an earlier failing run must not be approved by mistake.
    fs::remove(actualPath);
    fs::remove(diffPath);

    GoldenOutcome out;
    std::ostringstream msg;
    auto golden = readImageFile(goldenPath);
    if (!golden) {
        msg << "golden " << goldenPath << " is missing or unreadable (" << golden.error().message << ")";
    } else if (golden->width != actual.width || golden->height != actual.height) {
        msg << "size " << actual.width << "x" << actual.height << " differs from the golden's " << golden->width
            << "x" << golden->height;
    } else {
        out.differingPixels = countDifferingPixels(*golden, actual);
        out.differingShare = double(out.differingPixels) / double(std::max(1, actual.width * actual.height));
        out.passed = out.differingShare <= kMaxDifferingShare;
        if (out.passed) return out;
        msg << out.differingPixels << " pixels (" << 100.0 * out.differingShare << " %) differ by more than "
            << kChannelTolerance << "/255; allowed " << 100.0 * kMaxDifferingShare << " %";
        if (Status s = writePngFile(diffPath, diffImage(*golden, actual)); s) msg << "\n  diff:   " << diffPath;
    }
    if (Status s = writePngFile(actualPath, actual); s) {
        msg << "\n  actual: " << actualPath << "\n  approve with: scripts/approve-goldens " << name;
    } else {
        msg << "\n  could not write the actual image: " << s.error().toString();
    }
    out.message = "golden '" + name + "': " + msg.str();
    return out;
}

}  // namespace sw::test
