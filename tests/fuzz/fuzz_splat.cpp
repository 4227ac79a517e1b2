// libFuzzer target: the antimatter15 .splat reader (32-byte records).
#include <cstdint>
#include <span>

#include "core/formats/splat_file.h"
#include "tests/core/tst_formats_fixtures.h"
#include "tests/fuzz/fuzz_check.h"

extern "C" int LLVMFuzzerInitialize(int* argc, char*** argv) {
    sw::fuzz::seedsRequested(*argc, *argv, [](const std::filesystem::path& dir) {
        sw::fuzz::writeSeedResult(dir / "three.splat", sw::formats::encodeSplatFile(sw::test::makeRandomCloud(3, 0, 5u, false), "seed"));
        sw::fuzz::writeSeedResult(dir / "one.splat", sw::formats::encodeSplatFile(sw::test::makeRandomCloud(1, 0, 6u, false), "seed"));
    });
    return 0;
}

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
    const std::string path = "fuzz.splat";
    auto cloud = sw::formats::decodeSplatFile(std::span(data, size), path);
    if (!sw::fuzz::accepted(cloud, path)) return 0;
    if (auto s = cloud->validate(path); !s) sw::fuzz::broken("decoded cloud is invalid", s.error().toString());
    if (auto bytes = sw::formats::encodeSplatFile(*cloud, path); !bytes || bytes->size() != size)
        sw::fuzz::broken("decoded cloud does not re-encode to the same size", "");
    return 0;
}
