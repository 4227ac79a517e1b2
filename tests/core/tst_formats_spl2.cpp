// SPL2 + CHNK: a tiny file whose bytes are written out by hand, writer checks, reader errors.
#include <doctest/doctest.h>

#include <filesystem>

#include "core/formats/spl2.h"
#include "core/foundation/file_io.h"
#include "tests/core/tst_formats_fixtures.h"
#include "tests/support/test_support.h"

using namespace sw::formats;
using sw::test::appendBytes;
using Bytes = std::vector<std::uint8_t>;

namespace {

// One core and two shell splats, two chunks.
Spl2Model tinyModel() {
    Spl2Model m;
    m.core.resize(1);
    m.core.pos[0] = {0.1f, 0.2f, 0.3f};
    m.core.ax0[0] = {0.5f, 0.0f, 0.0f};
    m.core.ax1[0] = {0.0f, 0.25f, 0.0f};
    m.core.normal[0] = {0.0f, 0.0f, 1.0f};
    m.core.color[0] = {1.0f, 0.5f, 0.25f};
    m.core.opacity[0] = 0.95f;
    m.core.attrs[0] = {0.75f, 35.0f, 255.0f, 0.125f};
    m.shell.resize(2);
    for (int i = 0; i < 2; ++i) {
        const float f = static_cast<float>(i + 1);
        m.shell.pos[i] = {f, -f, 2.0f * f};
        m.shell.ax0[i] = {0.0f, 0.1f * f, 0.0f};
        m.shell.ax1[i] = {0.0f, 0.0f, 0.05f * f};
        m.shell.normal[i] = {1.0f, 0.0f, 0.0f};
        m.shell.color[i] = {0.2f * f, 0.3f, 0.4f};
        m.shell.opacity[i] = 0.3f * f;
        m.shell.attrs[i] = {f, 0.0f, 16.0f * f + 15.0f, 0.5f};
    }
    for (int b = 0; b < kSpl2Buckets; ++b)
        m.orders.push_back(b % 2 == 0 ? std::vector<std::int32_t>{0, 1} : std::vector<std::int32_t>{1, 0});
    Spl2ChunkTail t;
    t.coreChunk = {1};
    t.coreMaterial = {static_cast<std::int32_t>(MaterialClass::Flesh)};
    t.shellChunk = {0, 1};
    t.shellMaterial = {static_cast<std::int32_t>(MaterialClass::Core), 0};
    t.chunks = {Spl2Chunk{{0.1f, 0.2f, 0.3f}, 2, 0.75f}, Spl2Chunk{{-1.0f, 0.0f, 1.0f}, 0, 0.5f}};
    m.chunks = t;
    return m;
}

void appendVec(Bytes& out, const Eigen::Vector3f& v) {
    for (int a = 0; a < 3; ++a) appendBytes(out, v[a]);
}

// The bytes of tinyModel() following the FORMATS.md table and the CHNK layout of docs/formats.md.
Bytes tinyBytes() {
    const Spl2Model m = tinyModel();
    Bytes out;
    sw::test::appendText(out, "SPL2");
    appendBytes(out, std::int32_t{1});   // n_core
    appendBytes(out, std::int32_t{2});   // n_shell
    appendBytes(out, std::int32_t{64});  // n_buckets
    for (const Spl2Part* p : {&m.core, &m.shell}) {
        for (const auto* field : {&p->pos, &p->ax0, &p->ax1, &p->normal, &p->color})
            for (const Eigen::Vector3f& v : *field) appendVec(out, v);
        for (float o : p->opacity) appendBytes(out, o);
        for (const Eigen::Vector4f& a : p->attrs)
            for (int c = 0; c < 4; ++c) appendBytes(out, a[c]);
    }
    for (int b = 0; b < 64; ++b) {
        appendBytes(out, std::int32_t{b % 2 == 0 ? 0 : 1});
        appendBytes(out, std::int32_t{b % 2 == 0 ? 1 : 0});
    }
    sw::test::appendText(out, "CHNK");
    appendBytes(out, std::int32_t{1});  // CHNK version
    appendBytes(out, std::int32_t{1});  // n_core
    appendBytes(out, std::int32_t{2});  // n_shell
    appendBytes(out, std::int32_t{2});  // n_chunks
    appendBytes(out, std::uint16_t{1 * 8 + 3});  // core 0: chunk 1, flesh
    appendBytes(out, std::uint16_t{0 * 8 + 5});  // shell 0: chunk 0, core material
    appendBytes(out, std::uint16_t{1 * 8 + 0});  // shell 1: chunk 1, default
    appendBytes(out, std::uint16_t{0});          // pad: 20 + 6 bytes → 28
    appendVec(out, {0.1f, 0.2f, 0.3f});
    appendBytes(out, std::int32_t{2});
    appendBytes(out, 0.75f);
    appendVec(out, {-1.0f, 0.0f, 1.0f});
    appendBytes(out, std::int32_t{0});
    appendBytes(out, 0.5f);
    return out;
}

std::string encodeError(const Spl2Model& m) {
    auto r = encodeSpl2(m, "bad.bin");
    REQUIRE_FALSE(r.ok());
    CHECK(r.error().code == sw::ErrorCode::InvalidInput);
    CHECK(r.error().path == "bad.bin");
    return r.error().message;
}

}  // namespace

TEST_CASE("SPL2 writer produces the hand-computed bytes") {
    const Bytes expected = tinyBytes();
    CHECK(expected.size() == 16 + 3 * 20 * 4 + 64 * 2 * 4 + 28 + 2 * 20);
    auto bytes = encodeSpl2(tinyModel(), "tiny.bin");
    REQUIRE_MESSAGE(bytes.ok(), sw::test::errorText(bytes));
    CHECK(*bytes == expected);
}

TEST_CASE("SPL2 reader decodes the hand-computed bytes") {
    auto m = decodeSpl2(tinyBytes(), "tiny.bin");
    REQUIRE_MESSAGE(m.ok(), sw::test::errorText(m));
    const Spl2Model ref = tinyModel();
    CHECK(m->core.attrs == ref.core.attrs);
    CHECK(m->shell.pos == ref.shell.pos);
    CHECK(m->shell.opacity == ref.shell.opacity);
    CHECK(m->orders == ref.orders);
    REQUIRE(m->chunks.has_value());
    CHECK(m->chunks->coreMaterial == std::vector<std::int32_t>{3});
    CHECK(m->chunks->shellChunk == std::vector<std::int32_t>{0, 1});
    CHECK(m->chunks->chunks[1].centroid == Eigen::Vector3f(-1.0f, 0.0f, 1.0f));
    CHECK(m->chunks->chunks[0].part == 2);
    CHECK(packChunkMaterial(m->chunks->coreChunk[0], m->chunks->coreMaterial[0]) == 12);
}

TEST_CASE("SPL2 without a CHNK tail stops after the orders") {
    Spl2Model m = tinyModel();
    m.chunks.reset();
    auto bytes = encodeSpl2(m, "plain.bin");
    REQUIRE(bytes.ok());
    CHECK(bytes->size() == 16 + 3 * 20 * 4 + 64 * 2 * 4);
    auto back = decodeSpl2(*bytes, "plain.bin");
    REQUIRE(back.ok());
    CHECK_FALSE(back->chunks.has_value());
    Spl2Model empty;
    empty.orders.assign(64, {});
    auto e = encodeSpl2(empty, "empty.bin");
    REQUIRE(e.ok());
    CHECK(e->size() == 16 + 64 * 0);
    CHECK(decodeSpl2(*e, "empty.bin").ok());
}

TEST_CASE("SPL2 writer rejects what the runtime cannot use") {
    Spl2Model m = tinyModel();
    m.shell.attrs[1][3] = 0.1f;
    CHECK(encodeError(m) == "shell splat 1 attrs[3] = 0.100000001 does not survive a float16 round trip (nearest half 0.0999755859)");
    m = tinyModel();
    m.core.attrs[0][1] = 2049.0f;
    CHECK(encodeError(m).find("core splat 0 attrs[1]") == 0);
    m = tinyModel();
    m.orders[5] = {1, 1};
    CHECK(encodeError(m) == "shell order 5 is not a permutation (index 1)");
    m = tinyModel();
    m.orders.pop_back();
    CHECK(encodeError(m) == "SPL2 needs 64 shell orders, got 63");
    m = tinyModel();
    m.chunks->shellMaterial[1] = 6;
    CHECK(encodeError(m) == "shell splat 1: material 6 is not 0..5");
    m = tinyModel();
    m.chunks->coreChunk[0] = 2;
    CHECK(encodeError(m) == "core splat 0: chunk 2 is not below the chunk count 2");
    m = tinyModel();
    m.chunks->chunks.resize(300);
    m.chunks->coreChunk[0] = 256;  // 1 + 256·8 + 3 = 2052 > 2048
    CHECK(encodeError(m) == "CHNK has 300 chunks (at most 256)");
    m = tinyModel();
    m.chunks->chunks.resize(256);
    m.chunks->coreChunk[0] = 255;  // 1 + 255·8 + 3 = 2044: allowed
    CHECK(encodeSpl2(m, "ok.bin").ok());
    m = tinyModel();
    m.core.ax0.pop_back();
    CHECK(encodeError(m) == "core arrays have different lengths");
}

TEST_CASE("SPL2 reader rejects inconsistent files with the byte offset") {
    Bytes b = tinyBytes();
    Bytes buckets = b;
    buckets[12] = 32;
    auto r = decodeSpl2(buckets, "t.bin");
    REQUIRE_FALSE(r.ok());
    CHECK(r.error().code == sw::ErrorCode::Unsupported);
    CHECK(r.error().message == "SPL2 has 32 buckets (64 expected) at byte offset 12");

    Bytes huge = b;
    huge[7] = 0x10;  // n_core = 0x10000001
    r = decodeSpl2(huge, "t.bin");
    REQUIRE_FALSE(r.ok());
    CHECK(r.error().message.find("truncated: 268435457 core and 2 shell splats needs") == 0);

    Bytes order = b;
    order[256 + 12] = 1;  // orders start at 16 + 3·80 = 256; bucket 1 = {1, 0}: entry 1 becomes 1, a duplicate
    r = decodeSpl2(order, "t.bin");
    REQUIRE_FALSE(r.ok());
    CHECK(r.error().message == "shell order entry 1 breaks the permutation at byte offset 268");

    Bytes tail = b;
    tail[768] = 'X';
    CHECK(decodeSpl2(tail, "t.bin").error().message == "unexpected trailing bytes (no CHNK tail) at byte offset 768");

    Bytes code = b;
    code[788] = 6;  // core code 6: material 6
    CHECK(decodeSpl2(code, "t.bin").error().message == "CHNK code 6 has no valid chunk/material at byte offset 788");

    Bytes magic = b;
    magic[0] = 'X';
    CHECK(decodeSpl2(magic, "t.bin").error().message == "bad SPL2 magic at byte offset 0");
}

TEST_CASE("SPL2 writes are atomic") {
    const std::string path = sw::test::outputDir("formats_spl2") + "/tiny.bin";
    REQUIRE(writeSpl2(path, tinyModel()).ok());
    CHECK(*sw::readFileBytes(path) == tinyBytes());
    Spl2Model bad = tinyModel();
    bad.core.attrs[0][0] = 1e-9f;
    CHECK_FALSE(writeSpl2(path, bad).ok());
    CHECK(*sw::readFileBytes(path) == tinyBytes());
    auto back = readSpl2(path);
    REQUIRE(back.ok());
    CHECK(back->shell.size() == 2);
}
