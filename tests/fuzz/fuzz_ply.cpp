// libFuzzer target: the PLY reader (header parser + binary_little_endian vertex records).
// A cloud that decodes is valid, re-encodes, and decodes again to the same splat count; the
// convert paths (to SPZ v2/v3/v4 and .splat) either fail cleanly or give files that decode.
#include <cstdint>
#include <span>

#include "core/formats/ply.h"
#include "core/formats/splat_file.h"
#include "core/formats/spz.h"
#include "tests/core/tst_formats_fixtures.h"
#include "tests/fuzz/fuzz_check.h"

extern "C" int LLVMFuzzerInitialize(int* argc, char*** argv) {
    sw::fuzz::seedsRequested(*argc, *argv, [](const std::filesystem::path& dir) {
        for (int degree = 0; degree <= 3; ++degree)
            sw::fuzz::writeSeedResult(dir / ("sh" + std::to_string(degree) + ".ply"),
                                      sw::formats::encodePly(sw::test::makeRandomCloud(2 + degree, degree, 11u + degree), "seed"));
        // A plain point cloud: uchar colours, then a face element with a list property.
        std::vector<std::uint8_t> b;
        sw::test::appendText(b, "ply\nformat binary_little_endian 1.0\ncomment seed\nelement vertex 2\nproperty float x\n"
                                "property float y\nproperty double z\nproperty uchar red\nproperty uchar green\n"
                                "property uchar blue\nelement face 1\nproperty list uchar int vertex_indices\nend_header\n");
        for (int v = 0; v < 2; ++v) {
            sw::test::appendBytes(b, 1.0f * v);
            sw::test::appendBytes(b, 2.0f);
            sw::test::appendBytes(b, -3.0);
            for (std::uint8_t c : {std::uint8_t(255), std::uint8_t(128), std::uint8_t(0)}) sw::test::appendBytes(b, c);
        }
        sw::test::appendBytes(b, std::uint8_t(3));
        for (int i : {0, 1, 0}) sw::test::appendBytes(b, std::int32_t(i));
        sw::fuzz::writeSeed(dir / "points.ply", b);
    });
    return 0;
}

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
    const std::string path = "fuzz.ply";
    auto cloud = sw::formats::decodePly(std::span(data, size), path);
    if (!sw::fuzz::accepted(cloud, path)) return 0;
    if (auto s = cloud->validate(path); !s) sw::fuzz::broken("decoded cloud is invalid", s.error().toString());
    auto bytes = sw::formats::encodePly(*cloud, path);
    if (!bytes) sw::fuzz::broken("decoded cloud does not re-encode", bytes.error().toString());
    auto again = sw::formats::decodePly(*bytes, path);
    if (!again || again->size() != cloud->size()) sw::fuzz::broken("re-encoded cloud does not decode", "");
    for (int version : {2, 3, 4}) {
        auto spz = sw::formats::encodeSpz(*cloud, {version}, path);
        if (!sw::fuzz::accepted(spz, path)) continue;
        auto back = sw::formats::decodeSpz(*spz, path);
        if (!back || back->size() != cloud->size()) sw::fuzz::broken("converted SPZ does not decode", std::to_string(version));
    }
    if (auto splat = sw::formats::encodeSplatFile(*cloud, path); sw::fuzz::accepted(splat, path)) {
        auto back = sw::formats::decodeSplatFile(*splat, path);
        if (!back && !cloud->empty()) sw::fuzz::broken("converted .splat does not decode", back.error().toString());
    }
    return 0;
}
