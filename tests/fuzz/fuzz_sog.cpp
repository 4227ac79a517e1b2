// libFuzzer target: the bundled SOG reader (ZIP container, meta.json, WebP images, codebooks).
#include <cstdint>
#include <vector>

#include "core/formats/sog.h"
#include "tests/core/tst_formats_sog_fixture.h"
#include "tests/fuzz/fuzz_check.h"

extern "C" int LLVMFuzzerInitialize(int* argc, char*** argv) {
    sw::fuzz::seedsRequested(*argc, *argv, [](const std::filesystem::path& dir) {
        sw::test::SogFixture withSh;
        sw::fuzz::writeSeed(dir / "five_sh1.sog", withSh.bundle());
        withSh.meta.erase("shN");
        withSh.files.erase("shN_centroids.webp");
        withSh.files.erase("shN_labels.webp");
        sw::fuzz::writeSeed(dir / "five.sog", withSh.bundle());
    });
    return 0;
}

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
    const std::string path = "fuzz.sog";
    auto cloud = sw::formats::decodeSogBundle(std::vector<std::uint8_t>(data, data + size), path);
    if (!cloud) {  // an error names the bundle, or one of its entries as fuzz.sog:<entry>
        if (cloud.error().path.rfind(path, 0) != 0) sw::fuzz::broken("error does not name the file", cloud.error().toString());
        if (cloud.error().message.empty()) sw::fuzz::broken("error without a message", cloud.error().toString());
        return 0;
    }
    if (auto s = cloud->validate(path); !s) sw::fuzz::broken("decoded cloud is invalid", s.error().toString());
    return 0;
}
