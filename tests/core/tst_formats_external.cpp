// Third-party files from ../shared/assets: counts, sanity of decoded values, and conversions
// through every writer. Label: external (skipped when the assets are absent).
#include <doctest/doctest.h>

#include <chrono>
#include <cmath>

#include "core/formats/ply.h"
#include "core/formats/splat_file.h"
#include "core/formats/spz.h"
#include "core/foundation/file_io.h"
#include "tests/core/tst_formats_fixtures.h"
#include "tests/support/test_support.h"

using namespace sw::formats;
using sw::splat::SplatCloud;

namespace {

double maxPositionError(const SplatCloud& a, const SplatCloud& b) {
    double e = 0.0;
    for (std::size_t i = 0; i < a.size(); ++i)
        e = std::max(e, static_cast<double>((a.positions[i] - b.positions[i]).cwiseAbs().maxCoeff()));
    return e;
}

void checkSpzRoundTrips(const SplatCloud& cloud, const std::string& name) {
    for (int version : {3, 4}) {
        const auto t0 = std::chrono::steady_clock::now();
        auto file = encodeSpz(cloud, {version}, name);
        REQUIRE_MESSAGE(file.ok(), sw::test::errorText(file));
        auto back = decodeSpz(*file, name);
        REQUIRE_MESSAGE(back.ok(), sw::test::errorText(back));
        const double ms = std::chrono::duration<double, std::milli>(std::chrono::steady_clock::now() - t0).count();
        CHECK(back->size() == cloud.size());
        CHECK(back->shDegree == cloud.shDegree);
        CHECK(maxPositionError(cloud, *back) <= double(SpzTolerance::kPosition) * 1.001);
        MESSAGE(name << " as SPZ v" << version << ": " << file->size() << " bytes, encode+decode " << ms << " ms");
    }
}

}  // namespace

TEST_CASE("fruit_drops_minimal.ply: 4,721 splats, SH degree 3") {
    sw::test::requireSharedAssets();
    const std::string path = sw::test::assetPath("splats/fruit_drops_minimal.ply");
    auto cloud = readPly(path);
    REQUIRE_MESSAGE(cloud.ok(), sw::test::errorText(cloud));
    CHECK(cloud->size() == 4721);
    CHECK(cloud->shDegree == 3);
    CHECK(cloud->shRest.size() == 4721u * 15u * 3u);
    for (std::size_t i = 0; i < cloud->size(); ++i)
        CHECK(std::fabs(cloud->rotations[i].norm() - 1.0f) < 1e-5f);

    // In its own 3DGS axes positions come back bit-exactly, SH to float rounding (bands 2 and 3
    // are rotated there and back); in model axes everything is bit-exact.
    auto bytes = encodePly(*cloud, path);
    REQUIRE(bytes.ok());
    auto again = decodePly(*bytes, path);
    REQUIRE(again.ok());
    CHECK(maxPositionError(*cloud, *again) == 0.0);
    for (std::size_t j = 0; j < cloud->shRest.size(); ++j)
        CHECK(std::fabs(again->shRest[j] - cloud->shRest[j]) <= 1e-6f);
    auto asIs = encodePly(*cloud, path, {Axes::Model});
    REQUIRE(asIs.ok());
    auto exact = decodePly(*asIs, path);
    REQUIRE(exact.ok());
    CHECK(maxPositionError(*cloud, *exact) == 0.0);
    CHECK(exact->shRest == cloud->shRest);
    checkSpzRoundTrips(*cloud, "fruit_drops_minimal");
}

TEST_CASE("luma-seal.splat: 101,780 splats") {
    sw::test::requireSharedAssets();
    const std::string path = sw::test::assetPath("splats/luma-seal.splat");
    auto cloud = readSplatFile(path);
    REQUIRE_MESSAGE(cloud.ok(), sw::test::errorText(cloud));
    CHECK(cloud->size() == 101780);
    CHECK(cloud->shDegree == 0);

    auto bytes = encodeSplatFile(*cloud, path);
    REQUIRE(bytes.ok());
    auto raw = sw::readFileBytes(path);
    REQUIRE(raw.ok());
    std::size_t differing = 0;  // only rotation bytes may move (re-normalised quaternions)
    for (std::size_t i = 0; i < raw->size(); ++i)
        if ((*raw)[i] != (*bytes)[i] && i % 32 < 28) ++differing;
    CHECK(differing == 0);
    checkSpzRoundTrips(*cloud, "luma-seal");
}
