// The LOD folder on disk: it round-trips bit for bit, is written atomically, and every bad
// input is a one-line error naming the file.
#include <doctest/doctest.h>

#include <cmath>
#include <cstring>
#include <filesystem>
#include <fstream>
#include <limits>

#include "core/foundation/file_io.h"
#include "core/lod/lod_folder.h"
#include "core/lod/resident_pool.h"
#include "tests/core/tst_lod_trees.h"
#include "tests/support/test_support.h"

using namespace sw::lod;
namespace fs = std::filesystem;

namespace {

const LodTree& smallTree() {
    static const auto tree = test::stripTree(10.0f, 2.0f, 0.1f, 500, 3);
    return *tree;
}

bool same(const Eigen::AlignedBox3f& a, const Eigen::AlignedBox3f& b) { return a.min() == b.min() && a.max() == b.max(); }

void checkSameTree(const LodTree& a, const LodTree& b) {
    REQUIRE(a.nodes.size() == b.nodes.size());
    REQUIRE(a.leaves.size() == b.leaves.size());
    CHECK(a.levelCount == b.levelCount);
    CHECK(a.leafSize == b.leafSize);
    CHECK(a.reduction == b.reduction);
    for (std::size_t i = 0; i < a.nodes.size(); ++i) {
        CHECK(same(a.nodes[i].bounds, b.nodes[i].bounds));
        CHECK(a.nodes[i].count == b.nodes[i].count);
        CHECK(a.nodes[i].spacing == b.nodes[i].spacing);
        CHECK(a.nodes[i].leaf == b.nodes[i].leaf);
        CHECK(a.nodes[i].children[0] == b.nodes[i].children[0]);
        CHECK(a.nodes[i].children[1] == b.nodes[i].children[1]);
    }
    for (std::size_t i = 0; i < a.leaves.size(); ++i) {
        CHECK(a.leaves[i].node == b.leaves[i].node);
        CHECK(same(a.leaves[i].bounds, b.leaves[i].bounds));
        for (int l = 0; l < a.levelCount; ++l) {
            CHECK(a.leaves[i].levels[l].count == b.leaves[i].levels[l].count);
            CHECK(a.leaves[i].levels[l].spacing == b.leaves[i].levels[l].spacing);
            CHECK(a.leaves[i].levels[l].error == b.leaves[i].levels[l].error);
            const auto &ca = a.chunk(i, l), &cb = b.chunk(i, l);
            CHECK(ca.positions == cb.positions);
            CHECK(ca.scales == cb.scales);
            CHECK(ca.rotations == cb.rotations);
            CHECK(ca.opacities == cb.opacities);
            CHECK(ca.colors == cb.colors);
        }
    }
}

std::string written(const std::string& name) {
    const std::string dir = (fs::path(sw::test::outputDir("lod_folder")) / name).string();
    std::error_code ec;
    fs::remove_all(dir, ec);
    auto bytes = writeLodFolder(smallTree(), dir);
    REQUIRE(bytes.ok());
    return dir;
}

std::string readText(const std::string& path) {
    auto t = sw::readFileText(path);
    REQUIRE(t.ok());
    return *t;
}

void writeText(const std::string& path, const std::string& text) {
    std::ofstream(path, std::ios::binary | std::ios::trunc) << text;
}

void replaceIn(const std::string& path, const std::string& from, const std::string& to) {
    std::string t = readText(path);
    const auto at = t.find(from);
    REQUIRE(at != std::string::npos);
    t.replace(at, from.size(), to);
    writeText(path, t);
}

sw::Error readError(const std::string& dir) {
    auto r = readLodFolder(dir);
    REQUIRE_FALSE(r.ok());
    return r.error();
}

}  // namespace

TEST_CASE("a LOD folder reads back as the same tree, bit for bit, and writes the same bytes again") {
    const std::string dir = written("roundtrip");
    CHECK(fs::exists(fs::path(dir) / kLodManifest));
    CHECK(fs::exists(fs::path(dir) / chunkFileName(0, 2)));
    auto back = readLodFolder(dir);
    REQUIRE(back.ok());
    checkSameTree(smallTree(), *back);
    const std::string again = (fs::path(sw::test::outputDir("lod_folder")) / "roundtrip2").string();
    std::error_code ec;
    fs::remove_all(again, ec);
    REQUIRE(writeLodFolder(*back, again).ok());
    CHECK(readText(dir + "/lod.json") == readText(again + "/lod.json"));
    for (std::size_t leaf = 0; leaf < back->leaves.size(); ++leaf)
        for (int level = 0; level < back->levelCount; ++level)
            CHECK(readText(dir + "/" + chunkFileName(leaf, level)) == readText(again + "/" + chunkFileName(leaf, level)));
}

TEST_CASE("a folder source streams into the resident pool") {
    const std::string dir = written("stream");
    auto source = FolderChunkSource::open(dir);
    REQUIRE(source.ok());
    auto pool = ResidentPool::create({1ull << 26, 2}, {*source});
    REQUIRE(pool.ok());
    View v;
    v.position = {-1.0f, 1.0f, 1.0f};
    auto sel = selectLevels({&(*source)->tree()}, v, SelectionSettings{});
    REQUIRE(sel.ok());
    (*pool)->update({{v, &*sel}});
    (*pool)->waitForLoads();
    for (const DrawItem& d : (*pool)->takeUploads()) (*pool)->fenceSignalled(d.key);
    const auto draws = (*pool)->drawList(*sel);
    CHECK(draws.size() == sel->leaves.size());
    CHECK((*pool)->failures().empty());
}

TEST_CASE("a truncated chunk met while streaming is reported once; its leaf is drawn coarser") {
    const std::string dir = written("stream_truncated");
    const fs::path chunk = fs::path(dir) / chunkFileName(0, 0);
    fs::resize_file(chunk, fs::file_size(chunk) / 2);
    auto source = FolderChunkSource::open(dir);
    REQUIRE(source.ok());
    auto pool = ResidentPool::create({1ull << 26, 2}, {*source});
    REQUIRE(pool.ok());
    View v;
    v.position = {-1.0f, 1.0f, 1.0f};
    SelectionSettings s;
    s.tau = 0.05f;  // every leaf wants its finest level
    auto sel = selectLevels({&(*source)->tree()}, v, s);
    REQUIRE(sel.ok());
    for (int frame = 0; frame < 3; ++frame) {
        (*pool)->update({{v, &*sel}});
        (*pool)->waitForLoads();
        for (const DrawItem& d : (*pool)->takeUploads()) (*pool)->fenceSignalled(d.key);
    }
    const auto failures = (*pool)->failures();
    REQUIRE(failures.size() == 1);
    CHECK(failures[0].path == chunk.string());
    CHECK(failures[0].message.rfind("truncated chunk: ", 0) == 0);
    const auto draws = (*pool)->drawList(*sel);
    REQUIRE(draws.size() == sel->leaves.size());
    for (std::size_t i = 0; i < draws.size(); ++i) CHECK(draws[i].key.level == (draws[i].key.leaf == 0 ? 1u : 0u));
}

TEST_CASE("a truncated chunk is an error naming the chunk file and the offset") {
    const std::string dir = written("truncated");
    const fs::path chunk = fs::path(dir) / chunkFileName(1, 0);
    fs::resize_file(chunk, fs::file_size(chunk) - 10);
    const sw::Error e = readError(dir);
    CHECK(e.code == sw::ErrorCode::Parse);
    CHECK(e.path == chunk.string());
    CHECK(e.message.rfind("truncated chunk: ", 0) == 0);
    CHECK(e.message.find("at byte offset") != std::string::npos);
}

TEST_CASE("a manifest naming a missing chunk file is an error naming that file") {
    const std::string dir = written("missing");
    fs::remove(fs::path(dir) / chunkFileName(2, 1));
    const sw::Error e = readError(dir);
    CHECK(e.code == sw::ErrorCode::Io);
    CHECK(e.path == (fs::path(dir) / chunkFileName(2, 1)).string());
    CHECK(e.message == "chunk file is missing (named by lod.json)");
}

TEST_CASE("a manifest naming a path outside its folder is refused") {
    for (const std::string bad : {"../outside.swlc", "/etc/passwd", "chunks/../../x.swlc"}) {
        CAPTURE(bad);
        const std::string dir = written("outside");
        const std::string quoted = '"' + bad + '"';
        replaceIn(dir + "/lod.json", '"' + chunkFileName(0, 0) + '"', quoted);
        const sw::Error e = readError(dir);
        CHECK(e.code == sw::ErrorCode::InvalidInput);
        CHECK(e.path == dir + "/lod.json");
        CHECK(e.message == "names the chunk file '" + bad + "', a path outside its folder");
    }
}

TEST_CASE("a chunk file that links outside its folder is refused") {
    const std::string dir = written("link");
    const fs::path chunk = fs::path(dir) / chunkFileName(0, 0);
    const fs::path outside = fs::path(dir).parent_path() / "link_target.swlc";
    fs::remove(outside);
    fs::rename(chunk, outside);
    fs::create_symlink(outside, chunk);
    const sw::Error e = readError(dir);
    CHECK(e.code == sw::ErrorCode::InvalidInput);
    CHECK(e.path == dir + "/lod.json");
    CHECK(e.message == "the chunk file 'chunks/0_0.swlc' is a link to a file outside its folder");
}

TEST_CASE("a chunk folder that links outside the scan's folder is refused; a link inside it is read") {
    const std::string dir = written("linked_folder");
    const fs::path chunks = fs::path(dir) / "chunks";
    const fs::path outside = fs::path(dir).parent_path() / "linked_folder_chunks";
    fs::remove_all(outside);
    fs::rename(chunks, outside);
    fs::create_symlink(outside, chunks);
    const sw::Error e = readError(dir);
    CHECK(e.code == sw::ErrorCode::InvalidInput);
    CHECK(e.message == "the chunk file 'chunks/0_0.swlc' is a link to a file outside its folder");
    // Moved back, and one chunk a link to another file inside the folder: read.
    fs::remove(chunks);
    fs::rename(outside, chunks);
    const fs::path chunk = chunks / "0_0.swlc", moved = fs::path(dir) / "moved.swlc";
    fs::rename(chunk, moved);
    fs::create_symlink(moved, chunk);
    CHECK(readLodFolder(dir).ok());
}

TEST_CASE("a higher major version is refused, a higher minor one is read") {
    const std::string dir = written("version");
    replaceIn(dir + "/lod.json", "\"version\": \"1.1\"", "\"version\": \"2.0\"");
    const sw::Error e = readError(dir);
    CHECK(e.code == sw::ErrorCode::Unsupported);
    CHECK(e.message == "format version 2.0 is newer than this program reads (1.x)");
    replaceIn(dir + "/lod.json", "\"version\": \"2.0\"", "\"version\": \"1.7\"");
    CHECK(readLodFolder(dir).ok());
}

TEST_CASE("NaN splats in a chunk are an error naming the chunk and the splat") {
    const std::string dir = written("nan");
    sw::splat::SplatCloud c = smallTree().chunk(0, 1);
    c.positions[2].y() = std::numeric_limits<float>::quiet_NaN();
    const auto bytes = encodeChunk(c, 0, 1);
    const std::string path = dir + "/" + chunkFileName(0, 1);
    writeText(path, std::string(bytes.begin(), bytes.end()));
    const sw::Error e = readError(dir);
    CHECK(e.code == sw::ErrorCode::InvalidInput);
    CHECK(e.path == path);
    CHECK(e.message == "splat 2: position is not finite");
}

TEST_CASE("a corrupted chunk fails its checksum; a chunk of another leaf is refused") {
    const std::string dir = written("corrupt");
    const std::string path = dir + "/" + chunkFileName(0, 0);
    std::string bytes = readText(path);
    bytes[100] = static_cast<char>(bytes[100] ^ 0x55);
    writeText(path, bytes);
    CHECK(readError(dir).message == "chunk content does not match its checksum at byte offset 24");
    fs::copy_file(dir + "/" + chunkFileName(1, 0), path, fs::copy_options::overwrite_existing);
    CHECK(readError(dir).message.find("the manifest says leaf 0 level 0") != std::string::npos);
}

TEST_CASE("a LOD folder splatwright wrote is replaced whole by the next build") {
    const std::string dir = written("rebuilt");
    writeText(dir + "/" + chunkFileName(0, 0), "stale");  // the next build must not keep anything of it
    LodSettings s;
    s.leafSize = 300;
    s.levels = 2;
    auto other = buildLodTree(test::stripScene(10.0f, 2.0f, 0.1f), s);
    REQUIRE(other.ok());
    REQUIRE(writeLodFolder(*other, dir).ok());
    auto back = readLodFolder(dir);
    REQUIRE(back.ok());
    checkSameTree(*other, *back);
    CHECK_FALSE(fs::exists(fs::path(dir) / chunkFileName(0, 2)));  // no chunk of the old tree is left
}

TEST_CASE("a folder holding the user's files is never replaced, and a cancelled write leaves nothing") {
    const std::string dir = (fs::path(sw::test::outputDir("lod_folder")) / "users").string();
    std::error_code ec;
    fs::remove_all(dir, ec);
    fs::create_directories(dir);
    writeText(dir + "/scan.ply", "mine");
    auto r = writeLodFolder(smallTree(), dir);
    REQUIRE_FALSE(r.ok());
    CHECK(r.error().code == sw::ErrorCode::InvalidInput);
    CHECK(readText(dir + "/scan.ply") == "mine");
    CHECK_FALSE(fs::exists(fs::path(dir) / kLodManifest));

    const std::string fresh = (fs::path(sw::test::outputDir("lod_folder")) / "cancelled").string();
    fs::remove_all(fresh, ec);
    auto token = std::make_shared<sw::CancelToken>();
    token->cancel();
    auto c = writeLodFolder(smallTree(), fresh, sw::Progress({}, token));
    REQUIRE_FALSE(c.ok());
    CHECK(c.error().code == sw::ErrorCode::Cancelled);
    CHECK_FALSE(fs::exists(fresh));
    for (const auto& entry : fs::directory_iterator(fs::path(fresh).parent_path()))
        CHECK(entry.path().filename().string().find("cancelled.tmp-") == std::string::npos);
}
