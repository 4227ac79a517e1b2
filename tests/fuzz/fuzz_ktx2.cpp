// libFuzzer target: the KTX2 reader (core/geometry/ktx2_texture.h): container, DFD, key/value
// data, BasisLZ global data, ETC1S codebooks, Huffman tables and slices, uncompressed levels.
#include <cstdint>
#include <span>

#include "core/geometry/ktx2_texture.h"
#include "tests/core/tst_ktx2_fixtures.h"
#include "tests/fuzz/fuzz_check.h"

extern "C" int LLVMFuzzerInitialize(int* argc, char*** argv) {
    sw::fuzz::seedsRequested(*argc, *argv, [](const std::filesystem::path& dir) {
        namespace fx = sw::test::ktx2;
        sw::fuzz::writeSeed(dir / "etc1s.ktx2", fx::etc1sFile());
        sw::fuzz::writeSeed(dir / "etc1s_up.ktx2", fx::etc1sFile("ru"));
        sw::fuzz::writeSeed(dir / "rgba.ktx2", fx::rawRgbaFile());
        // 12x8: odd block columns, two block rows (the 2×2 predictor groups' second row).
        const fx::Etc1sStream s = fx::etc1sStream(12, 8, fx::twoEndpoints(), fx::twoSelectors());
        fx::ContainerSpec spec;
        spec.width = 12;
        spec.height = 8;
        sw::fuzz::writeSeed(dir / "etc1s_12x8.ktx2", fx::container(spec, s.slice, s.sgd));
    });
    return 0;
}

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
    const std::string path = "fuzz.ktx2";
    const std::span bytes(data, size);
    auto header = sw::geometry::readKtx2Size(bytes, path);
    auto image = sw::geometry::decodeKtx2(bytes, path);
    if (!sw::fuzz::accepted(image, path)) return 0;
    if (!header) sw::fuzz::broken("decoded a file whose header was refused", header.error().toString());
    if (image->width != header->width || image->height != header->height)
        sw::fuzz::broken("header size differs from the decoded size", path);
    if (image->rgba.size() != std::size_t(image->width) * std::size_t(image->height) * 4)
        sw::fuzz::broken("pixel buffer does not match the size", path);
    return 0;
}
