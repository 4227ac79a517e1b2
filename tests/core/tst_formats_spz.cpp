// SPZ: hand-computed byte vectors for v3 and v4, round trips within the documented
// quantisation tolerance for v2/v3/v4, and header errors.
#include <doctest/doctest.h>

#include <cmath>

#include "core/formats/detail/compress.h"
#include "core/formats/spz.h"
#include "tests/core/tst_formats_fixtures.h"

using namespace sw::formats;
using sw::splat::SplatCloud;
using Bytes = std::vector<std::uint8_t>;

namespace {

constexpr float kC0 = 0.28209479177387814f;

// Two splats, SH degree 1, with values whose quantised bytes are worked out below.
SplatCloud handCloud() {
    SplatCloud c;
    c.shDegree = 1;
    c.resize(2);
    c.positions[0] = {1.0f, -2.5f, 1.0f / 4096.0f};
    c.positions[1] = {0.0f, 100.0f, -0.0625f};
    c.opacities[0] = 0.5f;  // 127.5 → 128 (round half away from zero)
    c.opacities[1] = 1.0f;  // 255
    c.colors[0] = {0.5f, 0.5f + kC0, 0.5f - 2.0f * kC0};  // DC 0, 1, −2
    c.colors[1] = {0.5f + 0.4f * kC0, 1.0f, 0.0f};       // DC 0.4, 1.7725, −1.7725
    c.scales[0] = {std::exp(-3.0f), 1.0f, std::exp(1.5f)};
    c.scales[1] = {std::exp(-11.0f), std::exp(6.0f), std::exp(-9.25f)};
    c.rotations[0] = {0.8f, 0.0f, 0.6f, 0.0f};   // (w, x, y, z)
    c.rotations[1] = {0.5f, -0.5f, 0.5f, 0.5f};
    // shRest [N, K=3, 3]: coefficient-major, channel-minor.
    c.shRest = {0.0f, 0.25f, -0.5f, 0.1f, 1.0f, -1.1f, 0.0f, 0.0f, 0.0f,
                -0.25f, 0.5f, 0.03f, -0.03f, 0.0f, 0.0f, 0.0f, 0.0f, 0.0f};
    return c;
}

// The blocks of handCloud(), each byte derived by hand from the format description.
struct HandBlocks {
    Bytes positions = {
        // splat 0: 1·4096 = 0x001000; −2.5·4096 = −10240 = 0xFFD800; (1/4096)·4096 = 1
        0x00, 0x10, 0x00, 0x00, 0xD8, 0xFF, 0x01, 0x00, 0x00,
        // splat 1: 0; 100·4096 = 409600 = 0x064000; −0.0625·4096 = −256 = 0xFFFF00
        0x00, 0x00, 0x00, 0x00, 0x40, 0x06, 0x00, 0xFF, 0xFF};
    Bytes alphas = {128, 255};
    Bytes colors = {
        128,  // DC 0: 0·38.25 + 127.5 = 127.5 → 128
        166,  // DC 1: 38.25 + 127.5 = 165.75 → 166
        51,   // DC −2: −76.5 + 127.5 = 51
        143,  // DC 0.4: 15.3 + 127.5 = 142.8 → 143
        195,  // rgb 1 → DC 0.5/C0 = 1.77245: 67.796 + 127.5 = 195.296 → 195
        60};  // rgb 0 → DC −1.77245: −67.796 + 127.5 = 59.704 → 60
    Bytes scales = {
        112,  // (−3 + 10)·16
        160,  // (0 + 10)·16
        184,  // (1.5 + 10)·16
        0,    // (−11 + 10)·16 = −16 → clamped 0
        255,  // (6 + 10)·16 = 256 → clamped 255
        12};  // (−9.25 + 10)·16
    // Rotation words: index of the largest |component| of (x, y, z, w) in the top 2 bits, then
    // for the other three in order: sign (relative to the largest, made positive) and
    // round(511·|q|/√½) truncated after + 0.5.
    // splat 0: (x, y, z, w) = (0, 0.6, 0, 0.8): largest w (3); y: 511·0.6/0.70711 = 433.6 → 434.
    // splat 1: (−0.5, 0.5, 0.5, 0.5): largest x (0, first of the ties), negative → flip signs;
    //          y, z, w become negative: 512 | round(511·0.70711) = 512 | 361 = 873.
    static constexpr std::uint32_t kRot0 = (3u << 30) | (0u << 20) | (434u << 10) | 0u;
    static constexpr std::uint32_t kRot1 = (0u << 30) | (873u << 20) | (873u << 10) | 873u;
    Bytes rotations = {kRot0 & 0xff, (kRot0 >> 8) & 0xff, (kRot0 >> 16) & 0xff, kRot0 >> 24,
                       kRot1 & 0xff, (kRot1 >> 8) & 0xff, (kRot1 >> 16) & 0xff, kRot1 >> 24};
    // SH degree 1 (5 bits): q = round(x·128) + 128, then (q + 4) / 8 · 8, clamped 0..255.
    Bytes sh = {
        128,  // 0: 128 → 128
        160,  // 0.25: 160 → 160
        64,   // −0.5: 64 → 64
        144,  // 0.1: round(12.8) = 13 → 141 → 145/8 = 18 → 144
        255,  // 1.0: 256 → 256 → clamp 255
        0,    // −1.1: round(−140.8) = −141 → −13 → (−9)/8 = −1 → −8 → clamp 0
        128, 128, 128,
        96,   // −0.25: 96 → 100/8 = 12 → 96
        192,  // 0.5: 192
        136,  // 0.03: round(3.84) = 4 → 132 → (132 + 4)/8 = 17 → 136
        128,  // −0.03: −4 → 124 → 128/8 = 16 → 128
        128, 128, 128, 128, 128};
};

Bytes legacyHeader(std::uint32_t version, std::uint32_t n, std::uint8_t degree) {
    Bytes h;
    sw::test::appendBytes(h, std::uint32_t{0x5053474e});
    sw::test::appendBytes(h, version);
    sw::test::appendBytes(h, n);
    h.insert(h.end(), {degree, 12, 0, 0});  // SH degree, fractional bits, flags, reserved
    return h;
}

Bytes handV3Payload() {
    const HandBlocks b;
    Bytes out = legacyHeader(3, 2, 1);
    for (const Bytes* block : {&b.positions, &b.alphas, &b.colors, &b.scales, &b.rotations, &b.sh})
        out.insert(out.end(), block->begin(), block->end());
    return out;
}

template <class T>
T readAt(const Bytes& b, std::size_t offset) {
    T v;
    std::memcpy(&v, b.data() + offset, sizeof(T));
    return v;
}

void checkWithinTolerance(const SplatCloud& a, const SplatCloud& b) {
    REQUIRE(a.size() == b.size());
    REQUIRE(a.shDegree == b.shDegree);
    for (std::size_t i = 0; i < a.size(); ++i) {
        CHECK((a.positions[i] - b.positions[i]).cwiseAbs().maxCoeff() <= SpzTolerance::kPosition * 1.001f);
        CHECK(std::fabs(a.opacities[i] - b.opacities[i]) <= SpzTolerance::kOpacity * 1.001f);
        CHECK((a.colors[i] - b.colors[i]).cwiseAbs().maxCoeff() <= SpzTolerance::kColor * 1.001f);
        const Eigen::Array3f dlog = a.scales[i].array().log() - b.scales[i].array().log();
        CHECK(dlog.abs().maxCoeff() <= SpzTolerance::kLogScale * 1.001f);
        // 9-bit smallest-three: each stored component is off by at most √½/511/2 ≈ 7e-4.
        CHECK(std::fabs(a.rotations[i].dot(b.rotations[i])) >= 0.9999f);
    }
    const std::size_t k = static_cast<std::size_t>(sw::splat::shRestCount(a.shDegree));
    for (std::size_t j = 0; j < a.shRest.size(); ++j) {
        const bool degree1 = (j % (k * 3)) < 9;
        CHECK(std::fabs(a.shRest[j] - b.shRest[j]) <= (degree1 ? SpzTolerance::kShDegree1 : SpzTolerance::kShHigher));
    }
}

}  // namespace

TEST_CASE("SPZ v3 writer output equals the hand-computed bytes after gunzip") {
    auto file = encodeSpz(handCloud(), {3, Axes::Model}, "hand.spz");
    REQUIRE_MESSAGE(file.ok(), sw::test::errorText(file));
    REQUIRE(file->size() > 2);
    CHECK((*file)[0] == 0x1f);
    CHECK((*file)[1] == 0x8b);
    auto raw = sw::formats::detail::gzipDecompress(*file, 1 << 20, "hand.spz");
    REQUIRE(raw.ok());
    const Bytes expected = handV3Payload();
    CHECK(raw->size() == 16 + 2 * (9 + 1 + 3 + 3 + 4 + 9));
    CHECK(*raw == expected);
}

TEST_CASE("SPZ v4 writer output equals the hand-computed header, TOC and streams") {
    auto file = encodeSpz(handCloud(), {4, Axes::Model}, "hand.spz");
    REQUIRE_MESSAGE(file.ok(), sw::test::errorText(file));
    const Bytes& f = *file;
    REQUIRE(f.size() >= 32 + 6 * 16);
    CHECK(readAt<std::uint32_t>(f, 0) == 0x5053474eu);
    CHECK(readAt<std::uint32_t>(f, 4) == 4u);
    CHECK(readAt<std::uint32_t>(f, 8) == 2u);
    CHECK(f[12] == 1);   // SH degree
    CHECK(f[13] == 12);  // fractional bits
    CHECK(f[14] == 0);   // flags
    CHECK(f[15] == 6);   // streams: positions, alphas, colours, scales, rotations, SH
    CHECK(readAt<std::uint32_t>(f, 16) == 32u);  // TOC right after the header
    for (std::size_t i = 20; i < 32; ++i) CHECK(f[i] == 0);
    const HandBlocks b;
    const Bytes* blocks[] = {&b.positions, &b.alphas, &b.colors, &b.scales, &b.rotations, &b.sh};
    std::size_t offset = 32 + 6 * 16;
    for (std::size_t s = 0; s < 6; ++s) {
        const auto compressed = readAt<std::uint64_t>(f, 32 + s * 16);
        CHECK(readAt<std::uint64_t>(f, 40 + s * 16) == blocks[s]->size());
        REQUIRE(offset + compressed <= f.size());
        Bytes stream(blocks[s]->size());
        REQUIRE(sw::formats::detail::zstdDecompress({f.data() + offset, compressed}, stream, "hand.spz", offset).ok());
        CHECK(stream == *blocks[s]);
        offset += compressed;
    }
    CHECK(offset == f.size());
}

TEST_CASE("SPZ v4 omits the empty SH stream at degree 0") {
    SplatCloud c = handCloud();
    c.shDegree = 0;
    c.shRest.clear();
    auto file = encodeSpz(c, {4}, "d0.spz");
    REQUIRE(file.ok());
    CHECK((*file)[15] == 5);
    auto back = decodeSpz(*file, "d0.spz");
    REQUIRE(back.ok());
    CHECK(back->shDegree == 0);
}

TEST_CASE("SPZ reader decodes the hand-computed v3 payload") {
    auto gz = sw::formats::detail::gzipCompress(handV3Payload());
    REQUIRE(gz.ok());
    auto c = decodeSpz(*gz, "hand.spz", Axes::Model);
    REQUIRE_MESSAGE(c.ok(), sw::test::errorText(c));
    REQUIRE(c->size() == 2);
    CHECK(c->positions[0] == Eigen::Vector3f(1.0f, -2.5f, 1.0f / 4096.0f));
    CHECK(c->positions[1] == Eigen::Vector3f(0.0f, 100.0f, -0.0625f));
    CHECK(c->opacities[1] == 1.0f);
    CHECK(c->scales[0].x() == doctest::Approx(std::exp(-3.0f)));
    CHECK(c->colors[0].x() == doctest::Approx(0.5f + kC0 * ((128.0f / 255.0f - 0.5f) / 0.15f)));  // byte 128 is DC 0.013
    CHECK(c->rotations[0][0] == doctest::Approx(0.8f).epsilon(2e-3));
    CHECK(c->rotations[0][2] == doctest::Approx(0.6f).epsilon(2e-3));
    CHECK(c->shRest[1] == 0.25f);   // (160 − 128)/128
    CHECK(c->shRest[5] == -1.0f);   // (0 − 128)/128
    CHECK(c->scales[1].x() == doctest::Approx(std::exp(-10.0f)));  // clamped to the smallest step
}

TEST_CASE("SPZ round trips within the documented tolerance (v2, v3, v4; SH degrees 0-3)") {
    for (int version : {2, 3, 4}) {
        for (int degree = 0; degree <= 3; ++degree) {
            CAPTURE(version);
            CAPTURE(degree);
            const SplatCloud c = sw::test::makeRandomCloud(200, degree, 100u + static_cast<unsigned>(version * 4 + degree), false);
            auto file = encodeSpz(c, {version, Axes::Model}, "rt.spz");  // the quantiser (axes: tst_formats_axes)
            REQUIRE(file.ok());
            auto back = decodeSpz(*file, "rt.spz", Axes::Model);
            REQUIRE_MESSAGE(back.ok(), sw::test::errorText(back));
            if (version == 2) {  // first-three: 8 bits for x, y, z; w = √(1 − |xyz|²) is coarse when small
                for (std::size_t i = 0; i < c.size(); ++i) CHECK(std::fabs(c.rotations[i].dot(back->rotations[i])) >= 0.99f);
                SplatCloud same = *back;
                same.rotations = c.rotations;
                checkWithinTolerance(c, same);
            } else {
                checkWithinTolerance(c, *back);
            }
        }
    }
}

TEST_CASE("SPZ writer saturates huge SH coefficients instead of overflowing the quantizer") {
    // Found by fuzz_ply (convert path): round(1e30·128) + 128 cast to int was undefined (UBSan
    // float-cast-overflow) and came out as INT_MIN on x86, so +1e30 was stored as −1.
    SplatCloud c = sw::test::makeRandomCloud(1, 1, 3u, false);
    for (std::size_t j = 0; j < c.shRest.size(); ++j) c.shRest[j] = j % 2 ? -1e30f : 1e30f;
    for (int version : {2, 3, 4}) {
        CAPTURE(version);
        auto file = encodeSpz(c, {version, Axes::Model}, "big.spz");
        REQUIRE(file.ok());
        auto back = decodeSpz(*file, "big.spz", Axes::Model);
        REQUIRE_MESSAGE(back.ok(), sw::test::errorText(back));
        for (std::size_t j = 0; j < c.shRest.size(); ++j) {
            CAPTURE(j);
            if (j % 2) CHECK(back->shRest[j] == -1.0f);
            else CHECK(back->shRest[j] > 0.9f);
        }
    }
}

TEST_CASE("SPZ errors: versions, ranges, counts, trailing bytes") {
    SplatCloud far = handCloud();
    far.positions[1].x() = 2048.5f;
    auto e = encodeSpz(far, {3}, "far.spz");
    REQUIRE_FALSE(e.ok());
    CHECK(e.error().message == "splat 1: position 2048.5 is outside the SPZ range ±2048");
    CHECK(encodeSpz(handCloud(), {5}, "x.spz").error().code == sw::ErrorCode::InvalidInput);

    auto decodeRaw = [](Bytes raw) {
        auto gz = sw::formats::detail::gzipCompress(raw);
        REQUIRE(gz.ok());
        return decodeSpz(*gz, "bad.spz");
    };
    Bytes v1 = handV3Payload();
    v1[4] = 1;
    CHECK(decodeRaw(v1).error().code == sw::ErrorCode::Unsupported);
    Bytes v9 = handV3Payload();
    v9[4] = 9;
    CHECK(decodeRaw(v9).error().code == sw::ErrorCode::Unsupported);
    Bytes many = handV3Payload();
    many[10] = 0x10;  // 1 M points claimed
    auto r = decodeRaw(many);
    REQUIRE_FALSE(r.ok());
    CHECK(r.error().message.find("truncated") == 0);
    CHECK(r.error().message.find("at byte offset 16 of the decompressed stream") != std::string::npos);
    Bytes trailing = handV3Payload();
    trailing.push_back(0);
    CHECK(decodeRaw(trailing).error().message.find("trailing") != std::string::npos);
    CHECK(decodeSpz(Bytes{1, 2, 3, 4}, "bad.spz").error().message.find("not an SPZ file") == 0);

    auto v4 = encodeSpz(handCloud(), {4}, "x.spz");
    REQUIRE(v4.ok());
    Bytes bigCount = *v4;
    bigCount[11] = 0x7f;
    CHECK(decodeSpz(bigCount, "bad.spz").error().message.find("implausible") != std::string::npos);
    Bytes badToc = *v4;
    badToc[16] = 0xff;
    CHECK(decodeSpz(badToc, "bad.spz").error().code == sw::ErrorCode::Parse);
}
