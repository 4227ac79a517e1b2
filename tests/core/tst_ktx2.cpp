// KTX2 / Basis ETC1S decoding: ETC1 blocks computed by hand from the Khronos Data Format
// Specification's ETC1 section, canonical Huffman tables, files built in code (an ETC1S
// file from tst_ktx2_fixtures.h and an uncompressed one), and every truncation and byte
// corruption of them. The real-file check against a reference decoder is in
// tst_geometry_external.cpp (jet-fighter).
#include <doctest/doctest.h>

#include <algorithm>
#include <fstream>

#include "core/geometry/detail/basis_huffman.h"
#include "core/geometry/detail/etc1_block.h"
#include "core/geometry/import.h"
#include "core/geometry/ktx2_texture.h"
#include "tests/core/tst_ktx2_fixtures.h"
#include "tests/support/test_support.h"

namespace {

using namespace sw::geometry;
namespace fx = sw::test::ktx2;

std::array<int, 3> texel(const detail::Etc1Texels& t, int x, int y) {
    const std::size_t i = static_cast<std::size_t>(4 * (4 * y + x));
    return {t[i], t[i + 1], t[i + 2]};
}

// ETC1S colour by the spec's formula: 5-bit base expanded, plus the selector's modifier
// (−b, −a, +a, +b), clamped.
std::array<int, 3> etc1sColour(std::array<int, 3> c5, int intensity, int selector) {
    static const int kTable[8][2] = {{2, 8}, {5, 17}, {9, 29}, {13, 42}, {18, 60}, {24, 80}, {33, 106}, {47, 183}};
    const int mod[4] = {-kTable[intensity][1], -kTable[intensity][0], kTable[intensity][0], kTable[intensity][1]};
    std::array<int, 3> out{};
    for (int c = 0; c < 3; ++c) out[c] = std::clamp(((c5[c] << 3) | (c5[c] >> 2)) + mod[selector], 0, 255);
    return out;
}

// An OBJ quad whose material's map_Kd is `texture`, written with `bytes` beside it.
std::string quadWithTexture(const std::string& stem, const std::string& texture, const fx::Bytes& bytes) {
    const std::string dir = sw::test::outputDir("ktx2");
    std::ofstream(dir + "/" + texture, std::ios::binary).write(reinterpret_cast<const char*>(bytes.data()), long(bytes.size()));
    std::ofstream(dir + "/" + stem + ".mtl") << "newmtl painted\nKd 1 1 1\nmap_Kd " << texture << "\n";
    std::ofstream(dir + "/" + stem + ".obj") << "mtllib " << stem << ".mtl\nusemtl painted\nv 0 0 0\nv 4 0 0\nv 4 4 0\nv 0 4 0\n"
                                                "vt 0 0\nvt 1 0\nvt 1 1\nvt 0 1\nf 1/1 2/2 3/3 4/4\n";
    return dir + "/" + stem + ".obj";
}

}  // namespace

TEST_CASE("ETC1 individual mode, no flip: 4:4:4 bases, codewords per half, column-major indices") {
    // R1=0x8 R2=0x2 G1=0x4 G2=0xF B1=0x1 B2=0x0; codewords 1 and 7; diff 0, flip 0.
    // Indices: texel (x, y) at bit 4x + y; MSBs in bits 31..16. Set (0,0) = 1 (+b), (1,2) = 2 (−a),
    // (2,0) = 3 (−b), (3,3) = 0 (+a), the rest 0.
    const std::uint64_t w = 0x82ull << 56 | 0x4Full << 48 | 0x10ull << 40 | std::uint64_t(1 << 5 | 7 << 2) << 32 |
                            (1ull << 0) /* (0,0) LSB */ | (1ull << (16 + 6)) /* (1,2) MSB */ |
                            (1ull << (16 + 8)) | (1ull << 8) /* (2,0) both */;
    std::uint8_t b[8];
    for (int i = 0; i < 8; ++i) b[i] = static_cast<std::uint8_t>(w >> (56 - 8 * i));
    const auto t = detail::decodeEtc1Block(b);
    // Left half base (0x88, 0x44, 0x11), codeword 1 = {5, 17}; right half (0x22, 0xFF, 0x00), codeword 7 = {47, 183}.
    CHECK(texel(t, 0, 0) == std::array<int, 3>{0x88 + 17, 0x44 + 17, 0x11 + 17});
    CHECK(texel(t, 1, 2) == std::array<int, 3>{0x88 - 5, 0x44 - 5, 0x11 - 5});
    CHECK(texel(t, 0, 3) == std::array<int, 3>{0x88 + 5, 0x44 + 5, 0x11 + 5});
    CHECK(texel(t, 2, 0) == std::array<int, 3>{0, 0xFF - 183, 0});         // 0x22 − 183 clamps
    CHECK(texel(t, 3, 3) == std::array<int, 3>{0x22 + 47, 255, 47});        // 0xFF + 47 clamps
    CHECK(t[3] == 255);
}

TEST_CASE("ETC1 differential mode, flip: 5-bit base plus signed delta, halves stacked") {
    // R=20 dR=-4, G=3 dG=+3, B=31 dB=0; codewords 0 and 4; diff 1, flip 1; all indices 0 (+a).
    const std::uint64_t w = std::uint64_t(20 << 3 | 4) << 56 | std::uint64_t(3 << 3 | 3) << 48 | std::uint64_t(31 << 3 | 0) << 40 |
                            std::uint64_t(0 << 5 | 4 << 2 | 1 << 1 | 1) << 32;
    std::uint8_t b[8];
    for (int i = 0; i < 8; ++i) b[i] = static_cast<std::uint8_t>(w >> (56 - 8 * i));
    const auto t = detail::decodeEtc1Block(b);
    // Top (y 0..1): (20, 3, 31) → (165, 24, 255) + 2. Bottom: (16, 6, 31) → (132, 49, 255) + 18.
    CHECK(texel(t, 3, 1) == std::array<int, 3>{167, 26, 255});
    CHECK(texel(t, 0, 2) == std::array<int, 3>{150, 67, 255});
}

TEST_CASE("an ETC1S endpoint and selectors map to the ETC1 block with the spec's colours") {
    detail::Etc1sEndpoint e;
    e.color5 = {20, 10, 5};
    e.intensity = 3;
    detail::Etc1sSelectors s{};
    for (int i = 0; i < 16; ++i) s[static_cast<std::size_t>(i)] = static_cast<std::uint8_t>(i % 4);
    const auto block = detail::etc1sToEtc1(e, s);
    const auto t = detail::decodeEtc1Block(block.data());
    for (int y = 0; y < 4; ++y)
        for (int x = 0; x < 4; ++x) CHECK(texel(t, x, y) == etc1sColour({20, 10, 5}, 3, (4 * y + x) % 4));
    // Selectors rise in brightness.
    CHECK(texel(t, 0, 0)[0] < texel(t, 1, 0)[0]);
    CHECK(texel(t, 1, 0)[0] < texel(t, 2, 0)[0]);
    CHECK(texel(t, 2, 0)[0] < texel(t, 3, 0)[0]);
}

TEST_CASE("canonical Huffman: codes by length then symbol, MSB first; over-subscribed is refused") {
    detail::HuffmanTable table;
    // Lengths (2, 1, 3, 3): symbol 1 = 0, symbol 0 = 10, symbol 2 = 110, symbol 3 = 111.
    REQUIRE(table.build({2, 1, 3, 3}));
    fx::BitWriter w;
    for (auto [code, len] : std::vector<std::pair<std::uint32_t, int>>{{0b110, 3}, {0b0, 1}, {0b111, 3}, {0b10, 2}}) w.code(code, len);
    const auto bytes = w.bytes();
    detail::BitReader in(bytes);
    CHECK(table.decode(in) == 2);
    CHECK(table.decode(in) == 1);
    CHECK(table.decode(in) == 3);
    CHECK(table.decode(in) == 0);
    CHECK(!in.overrun());
    CHECK(!table.build({1, 1, 1}));
    detail::HuffmanTable incomplete;
    REQUIRE(incomplete.build({0, 2}));  // only code 00 exists
    const std::vector<std::uint8_t> ones{0xFF};
    detail::BitReader bad(ones);
    CHECK(incomplete.decode(bad) == -1);
}

TEST_CASE("a §6 table round-trips and a truncated one fails") {
    fx::BitWriter w;
    fx::flatTable(w, 20);
    w.code(13, fx::flatLength(20));
    const auto bytes = w.bytes();
    detail::BitReader in(bytes);
    detail::HuffmanTable t;
    REQUIRE(detail::readHuffmanTable(in, t).empty());
    CHECK(t.symbolCount() == 20);
    CHECK(t.decode(in) == 13);
    const std::vector<std::uint8_t> cut(bytes.begin(), bytes.begin() + 3);
    detail::BitReader short_(cut);
    CHECK(!detail::readHuffmanTable(short_, t).empty());
}

TEST_CASE("an ETC1S KTX2 built in code decodes to the spec's colours, block by block") {
    const auto file = fx::etc1sFile();
    REQUIRE(isKtx2(file));
    auto img = decodeKtx2(file, "two.ktx2");
    REQUIRE_MESSAGE(img.ok(), img.error().toString());
    REQUIRE(img->width == 8);
    REQUIRE(img->height == 4);
    auto at = [&](int x, int y) {
        const std::size_t i = 4 * (std::size_t(y) * 8 + std::size_t(x));
        return std::array<int, 3>{img->rgba[i], img->rgba[i + 1], img->rgba[i + 2]};
    };
    const auto& e = fx::twoEndpoints();
    const auto& s = fx::twoSelectors();
    for (int b = 0; b < 2; ++b)
        for (int y = 0; y < 4; ++y)
            for (int x = 0; x < 4; ++x) {
                const int sel = (s[b][y] >> (2 * x)) & 3;
                CHECK(at(4 * b + x, y) == etc1sColour(e[b].color5, e[b].intensity, sel));
            }
    CHECK(img->rgba[3] == 255);
    auto size = readKtx2Size(file, "two.ktx2");
    REQUIRE(size.ok());
    CHECK(size->width == 8);
    CHECK(size->rgba.empty());
    // KTXorientation "ru": rows stored bottom-up come out top-down.
    auto up = decodeKtx2(fx::etc1sFile("ru"), "up.ktx2");
    REQUIRE(up.ok());
    CHECK(std::equal(up->rgba.begin(), up->rgba.begin() + 32, img->rgba.end() - 32));
}

TEST_CASE("an uncompressed R8G8B8A8_SRGB KTX2 is read as stored") {
    auto img = decodeKtx2(fx::rawRgbaFile(), "raw.ktx2");
    REQUIRE_MESSAGE(img.ok(), img.error().toString());
    REQUIRE(img->width == 3);
    REQUIRE(img->height == 2);
    const std::size_t i = 4 * (1 * 3 + 2);  // (2, 1)
    CHECK(std::vector<int>(img->rgba.begin() + long(i), img->rgba.begin() + long(i) + 4) == std::vector<int>{20, 101, 7, 203});
}

TEST_CASE("UASTC, unknown formats and schemes are Unsupported naming the file") {
    fx::ContainerSpec uastc;
    uastc.colorModel = 166;
    uastc.scheme = 2;
    auto u = decodeKtx2(fx::container(uastc, fx::Bytes(16, 0), {}), "uastc.ktx2");
    REQUIRE(!u.ok());
    CHECK(u.error().code == sw::ErrorCode::Unsupported);
    CHECK(u.error().path == "uastc.ktx2");
    CHECK(u.error().message.find("UASTC") != std::string::npos);
    fx::ContainerSpec bc7;
    bc7.vkFormat = 145;  // VK_FORMAT_BC7_SRGB_BLOCK
    bc7.scheme = 0;
    bc7.colorModel = 128;
    auto b = readKtx2Size(fx::container(bc7, fx::Bytes(16, 0), {}), "bc7.ktx2");
    REQUIRE(!b.ok());
    CHECK(b.error().code == sw::ErrorCode::Unsupported);
    CHECK(b.error().message.find("vkFormat 145") != std::string::npos);
    fx::ContainerSpec zlib;
    zlib.vkFormat = 43;
    zlib.scheme = 3;
    zlib.colorModel = 1;
    auto z = decodeKtx2(fx::container(zlib, fx::Bytes(24, 0), {}), "zlib.ktx2");
    REQUIRE(!z.ok());
    CHECK(z.error().code == sw::ErrorCode::Unsupported);
}

TEST_CASE("every truncation of a KTX2 file is a Parse error naming the file") {
    for (const auto& file : {fx::etc1sFile(), fx::rawRgbaFile()}) {
        for (std::size_t n = 0; n < file.size(); ++n) {
            const fx::Bytes cut(file.begin(), file.begin() + long(n));
            auto img = decodeKtx2(cut, "cut.ktx2");
            REQUIRE_MESSAGE(!img.ok(), "decoded a file cut to " << n << " of " << file.size() << " bytes");
            CHECK(img.error().code == sw::ErrorCode::Parse);
            CHECK(img.error().path == "cut.ktx2");
            CHECK(img.error().message.rfind("KTX2 texture: ", 0) == 0);
        }
    }
}

TEST_CASE("every single-byte corruption of the ETC1S file decodes or fails cleanly") {
    const auto file = fx::etc1sFile();
    int failed = 0;
    for (std::size_t i = 0; i < file.size(); ++i)
        for (std::uint8_t flip : {std::uint8_t(0x01), std::uint8_t(0x80), std::uint8_t(0xFF)}) {
            fx::Bytes bad = file;
            bad[i] ^= flip;
            auto img = decodeKtx2(bad, "bad.ktx2");
            if (img.ok()) {
                CHECK(img->rgba.size() == std::size_t(img->width) * std::size_t(img->height) * 4);
            } else {
                ++failed;
                CHECK(img.error().path == "bad.ktx2");
                CHECK(!img.error().message.empty());
            }
        }
    CHECK(failed > 0);
}

TEST_CASE("import: a KTX2 base colour enters like a PNG; a UASTC one is an Unsupported error naming it") {
    ImportSettings quiet;
    quiet.smallTextureWarning = 0;  // 8 px on the whole quad would warn
    auto model = importModel(quadWithTexture("quad_etc1s", "two.ktx2", fx::etc1sFile()), quiet);
    REQUIRE_MESSAGE(model.ok(), model.error().toString());
    REQUIRE(model->mesh.textures.size() == 1);
    const auto direct = decodeKtx2(fx::etc1sFile(), "two.ktx2");
    REQUIRE(direct.ok());
    CHECK(model->mesh.textures[0].width == 8);
    CHECK(model->mesh.textures[0].rgba == direct->rgba);
    CHECK(model->report.warnings.empty());

    fx::ContainerSpec uastc;
    uastc.colorModel = 166;
    uastc.scheme = 2;
    const std::string path = quadWithTexture("quad_uastc", "uastc.ktx2", fx::container(uastc, fx::Bytes(16, 0), {}));
    auto refused = importModel(path);
    REQUIRE(!refused.ok());
    CHECK(refused.error().code == sw::ErrorCode::Unsupported);
    CHECK(refused.error().path == path);
    CHECK(refused.error().message.find("uastc.ktx2") != std::string::npos);
    CHECK(refused.error().message.find("UASTC") != std::string::npos);
    CHECK(refused.error().message.find('\n') == std::string::npos);
}

TEST_CASE("import: a corrupt KTX2 base colour is a Parse error naming the model, the material and the texture") {
    auto bytes = fx::etc1sFile();
    bytes.resize(bytes.size() / 2);  // cut through the supercompressed payload
    const std::string path = quadWithTexture("quad_corrupt", "half.ktx2", bytes);
    auto refused = importModel(path);
    REQUIRE(!refused.ok());
    CHECK(refused.error().code == sw::ErrorCode::Parse);
    CHECK(refused.error().path == path);
    CHECK(refused.error().message.find("half.ktx2") != std::string::npos);
    CHECK(refused.error().message.find("is corrupt") != std::string::npos);
    CHECK(refused.error().message.find('\n') == std::string::npos);
}
