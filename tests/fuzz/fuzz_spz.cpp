// libFuzzer target: the SPZ reader, both containers (gzip v2/v3 and NGSP v4 with zstd streams).
#include <cstdint>
#include <span>

#include "core/formats/spz.h"
#include "tests/core/tst_formats_fixtures.h"
#include "tests/fuzz/fuzz_check.h"

extern "C" int LLVMFuzzerInitialize(int* argc, char*** argv) {
    sw::fuzz::seedsRequested(*argc, *argv, [](const std::filesystem::path& dir) {
        for (int degree = 0; degree <= 3; ++degree)
            for (int version : {2, 3, 4})
                sw::fuzz::writeSeedResult(dir / ("v" + std::to_string(version) + "_sh" + std::to_string(degree) + ".spz"),
                                          sw::formats::encodeSpz(sw::test::makeRandomCloud(2 + degree, degree, 21u + degree), {version}, "seed"));
    });
    return 0;
}

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
    const std::string path = "fuzz.spz";
    auto cloud = sw::formats::decodeSpz(std::span(data, size), path);
    if (!sw::fuzz::accepted(cloud, path)) return 0;
    if (auto s = cloud->validate(path); !s) sw::fuzz::broken("decoded cloud is invalid", s.error().toString());
    return 0;
}
