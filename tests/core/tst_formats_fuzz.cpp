// Robustness: every prefix of a small file of each format (PLY, SPZ, .splat, SPL2, glTF KHR) fails cleanly, and a few hundred
// seeded random byte flips either fail with a message naming the file or decode to a valid
// cloud/model. Never a crash.
#include <doctest/doctest.h>

#include <functional>
#include <random>

#include "core/formats/gltf_splat.h"
#include "core/formats/ply.h"
#include "core/formats/spl2.h"
#include "core/formats/splat_file.h"
#include "core/formats/spz.h"
#include "tests/core/tst_formats_fixtures.h"

using namespace sw::formats;
using Bytes = std::vector<std::uint8_t>;

namespace {

// Returns true when the decode succeeded; on failure checks the error names the file.
using Decoder = std::function<bool(const Bytes&)>;

template <class R>
bool accepted(const R& r) {
    if (r.ok()) return true;
    CHECK(r.error().path == "fuzz.bin");
    CHECK_FALSE(r.error().message.empty());
    return false;
}

Decoder cloudDecoder(sw::Result<sw::splat::SplatCloud> (*decode)(std::span<const std::uint8_t>, const std::string&)) {
    return [decode](const Bytes& b) {
        auto r = decode(b, "fuzz.bin");
        if (r.ok()) CHECK(r->validate("fuzz.bin").ok());
        return accepted(r);
    };
}

// Number of prefixes (shorter than the file) that decoded successfully.
int acceptedPrefixes(const Bytes& file, const Decoder& decode) {
    int ok = 0;
    for (std::size_t n = 0; n < file.size(); ++n) ok += decode(Bytes(file.begin(), file.begin() + static_cast<long>(n)));
    return ok;
}

int acceptedFlips(const Bytes& file, const Decoder& decode, std::uint32_t seed, int rounds = 300) {
    std::mt19937 rng(seed);
    int ok = 0;
    for (int i = 0; i < rounds; ++i) {
        Bytes b = file;
        const int flips = 1 + static_cast<int>(rng() % 3);
        for (int f = 0; f < flips; ++f) b[rng() % b.size()] ^= static_cast<std::uint8_t>(1u << (rng() % 8));
        ok += decode(b);
    }
    return ok;
}

}  // namespace

TEST_CASE("PLY: every prefix fails, flips never crash") {
    auto file = encodePly(sw::test::makeRandomCloud(3, 1, 7u), "f");
    REQUIRE(file.ok());
    const Decoder d = cloudDecoder(&decodePly);
    CHECK(d(*file));
    CHECK(acceptedPrefixes(*file, d) == 0);
    MESSAGE("PLY flips accepted: " << acceptedFlips(*file, d, 1u) << "/300");
}

TEST_CASE("SPZ v3 and v4: every prefix fails, flips never crash") {
    for (int version : {3, 4}) {
        auto file = encodeSpz(sw::test::makeRandomCloud(4, 2, 8u), {version}, "f");
        REQUIRE(file.ok());
        const Decoder d = cloudDecoder(&decodeSpz);
        CHECK(d(*file));
        CHECK(acceptedPrefixes(*file, d) == 0);
        const int flipped = acceptedFlips(*file, d, 2u + static_cast<unsigned>(version));
        MESSAGE("SPZ v" << version << " flips accepted: " << flipped << "/300");
    }
}

TEST_CASE(".splat: only whole-record prefixes decode") {
    auto file = encodeSplatFile(sw::test::makeRandomCloud(3, 0, 9u), "f");
    REQUIRE(file.ok());
    const Decoder d = cloudDecoder(&decodeSplatFile);
    CHECK(acceptedPrefixes(*file, d) == 2);  // 32 and 64 bytes are valid 1- and 2-splat files
    MESSAGE(".splat flips accepted: " << acceptedFlips(*file, d, 3u) << "/300");
}

TEST_CASE("SPL2: only the tail-less prefix decodes") {
    Spl2Model m;
    m.core.resize(2);
    m.shell.resize(3);
    for (std::size_t i = 0; i < 3; ++i) m.shell.attrs[i] = {1.0f, 2.0f, 3.0f, static_cast<float>(i)};
    m.orders.assign(kSpl2Buckets, {2, 0, 1});
    m.chunks = Spl2ChunkTail{{0, 1}, {1, 2}, {1, 1, 0}, {0, 4, 5}, {Spl2Chunk{}, Spl2Chunk{}}};
    auto file = encodeSpl2(m, "f");
    REQUIRE(file.ok());
    const Decoder d = [](const Bytes& b) { return accepted(decodeSpl2(b, "fuzz.bin")); };
    CHECK(d(*file));
    const std::size_t body = 16 + 5 * 80 + 64 * 3 * 4;
    CHECK(d(Bytes(file->begin(), file->begin() + static_cast<long>(body))));
    CHECK(acceptedPrefixes(*file, d) == 1);
    MESSAGE("SPL2 flips accepted: " << acceptedFlips(*file, d, 4u) << "/300");
}

TEST_CASE("glTF KHR_gaussian_splatting (GLB and .gltf): every prefix fails, flips never crash") {
    for (bool binary : {true, false}) {
        auto file = encodeGltfSplat(sw::test::makeRandomCloud(3, 1, 10u), {binary, Axes::Standard}, "f");
        REQUIRE(file.ok());
        const Decoder d = cloudDecoder(&decodeGltfSplat);
        CHECK(d(*file));
        CHECK(acceptedPrefixes(*file, d) == 0);
        MESSAGE(std::string(binary ? "GLB" : ".gltf") << " flips accepted: " << acceptedFlips(*file, d, 5u) << "/300");
    }
}
