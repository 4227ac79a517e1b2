// The LOD tree as a PlayCanvas Streamed SOG: written, it reads back with the same counts per level
// and every splat within the SOG quantisation; read through StreamedSogChunkSource and written
// again it gives the same splats; output refusals and cancel; lod-build writes both formats.
#include <doctest/doctest.h>

#include <cmath>
#include <filesystem>
#include <fstream>

#include "core/formats/ply.h"
#include "core/formats/sog_write.h"
#include "core/formats/streamed_sog.h"
#include "core/foundation/file_io.h"
#include "core/lod/lod_folder.h"
#include "core/lod/lod_job.h"
#include "core/lod/resident_pool.h"
#include "core/lod/streamed_sog_source.h"
#include "core/lod/streamed_sog_write.h"
#include "tests/core/tst_lod_trees.h"
#include "tests/support/test_support.h"

using namespace sw::lod;
namespace fs = std::filesystem;

namespace {

std::shared_ptr<const LodTree> tree() {
    static const auto t = test::stripTree(20.0f, 2.0f, 0.05f, 1000, 4);  // 16000 splats, 16 leaves
    return t;
}

std::string fresh(const std::string& name) {
    const fs::path p = fs::path(sw::test::outputDir("lod_streamed_sog")) / name;
    std::error_code ec;
    fs::remove_all(p, ec);
    return p.string();
}

// Per leaf and level, the same bounds in both trees: the leaf of `b` matching leaf `i` of `a`.
std::uint32_t matchingLeaf(const LodTree& a, std::size_t i, const LodTree& b) {
    for (std::size_t j = 0; j < b.leaves.size(); ++j)
        if (b.leaves[j].bounds.min() == a.leaves[i].bounds.min() && b.leaves[j].bounds.max() == a.leaves[i].bounds.max())
            return std::uint32_t(j);
    FAIL("no leaf with the bounds of leaf " << i);
    return 0;
}

double logT(double v) { return std::copysign(std::log1p(std::fabs(v)), v); }

// docs/formats.md, "Writing SOG": positions within half a 16-bit step of sign·ln(|p| + 1) over the
// file's range (bounded here by the whole tree's range), rotations |q·q'| ≥ 0.9995, ln σ and colour
// within 1/100 of their range (the tree's), opacity within half of 1/255.
struct Tolerance {
    double step = 0, ln = 0, colour = 0.01;
    explicit Tolerance(const LodTree& t) {
        double lnLo = HUGE_VAL, lnHi = -HUGE_VAL;
        for (int a = 0; a < 3; ++a) {
            double lo = HUGE_VAL, hi = -HUGE_VAL;
            for (const auto& c : t.chunks)
                for (std::size_t i = 0; i < c.size(); ++i) {
                    lo = std::min(lo, logT(double(c.positions[i][a])));
                    hi = std::max(hi, logT(double(c.positions[i][a])));
                    lnLo = std::min(lnLo, std::log(double(c.scales[i][a])));
                    lnHi = std::max(lnHi, std::log(double(c.scales[i][a])));
                }
            step = std::max(step, (hi - lo) / 65535.0);
        }
        ln = (lnHi - lnLo) / 100.0;
    }
    void check(const sw::splat::SplatCloud& got, const sw::splat::SplatCloud& src) const {
        REQUIRE(got.size() == src.size());
        for (std::size_t i = 0; i < src.size(); ++i) {
            CAPTURE(i);
            for (int a = 0; a < 3; ++a) {
                CHECK(std::fabs(double(got.positions[i][a] - src.positions[i][a])) <=
                      (double(std::fabs(src.positions[i][a])) + 1.0) * std::expm1(0.5 * step) * 1.01 + 1e-6);
                CHECK(std::fabs(std::log(double(got.scales[i][a] / src.scales[i][a]))) <= ln);
                CHECK(std::fabs(double(got.colors[i][a] - src.colors[i][a])) <= colour);
            }
            CHECK(std::fabs(got.rotations[i].dot(src.rotations[i])) >= 0.9995f);
            CHECK(std::fabs(got.opacities[i] - src.opacities[i]) <= 0.5f / 255.f + 1e-6f);
        }
    }
};

bool bitIdentical(const sw::splat::SplatCloud& a, const sw::splat::SplatCloud& b) {
    return a.positions == b.positions && a.rotations == b.rotations && a.scales == b.scales && a.colors == b.colors &&
           a.opacities == b.opacities;
}

}  // namespace

TEST_CASE("a Streamed SOG written from a LOD tree reads back: counts per level, tree, and every splat") {
    const std::string dir = fresh("written");
    StreamedSogSettings s;
    s.fileSplats = 5000;  // several files per fine level
    auto bytes = writeStreamedSog(MemoryChunkSource(tree()), dir, s);
    REQUIRE(bytes.ok());
    CHECK(*bytes > 0);
    auto manifest = sw::formats::readStreamedSogManifest(dir);
    REQUIRE(manifest.ok());
    CHECK(manifest->version == 1);
    REQUIRE(manifest->lodLevels == tree()->levelCount);
    for (int l = 0; l < tree()->levelCount; ++l) CHECK(manifest->levelCounts[std::size_t(l)] == tree()->splatCount(l));
    CHECK(manifest->filenames.size() > std::size_t(tree()->levelCount));  // level 0's 16000 splats in 4 files
    CHECK(manifest->chunkNodes().size() == tree()->leaves.size());
    auto level0 = sw::formats::readStreamedSogLevel(*manifest, 0);
    REQUIRE(level0.ok());
    CHECK(level0->size() == tree()->splatCount(0));

    auto source = StreamedSogChunkSource::open(dir);
    REQUIRE(source.ok());
    const LodTree& back = (*source)->tree();
    CHECK(back.levelCount == tree()->levelCount);
    REQUIRE(back.leaves.size() == tree()->leaves.size());
    CHECK(back.nodes.size() == tree()->nodes.size());  // the k-d tree is binary: mirrored node for node
    CHECK(back.nodes[0].count == tree()->nodes[0].count);
    CHECK(back.nodes[0].bounds.min() == tree()->nodes[0].bounds.min());
    const Tolerance tol(*tree());
    for (std::size_t i = 0; i < tree()->leaves.size(); ++i) {
        const std::uint32_t j = matchingLeaf(*tree(), i, back);
        for (int l = 0; l < tree()->levelCount; ++l) {
            CAPTURE(l);
            CHECK(back.leaves[j].levels[std::size_t(l)].count == tree()->leaves[i].levels[std::size_t(l)].count);
            auto chunk = (*source)->loadChunk(j, std::uint32_t(l));
            REQUIRE(chunk.ok());
            tol.check(*chunk, tree()->chunk(i, l));
        }
    }
}

TEST_CASE("a Streamed SOG read through StreamedSogChunkSource and written again gives the same splats and manifest") {
    const std::string first = fresh("first"), second = fresh("second");
    REQUIRE(writeStreamedSog(MemoryChunkSource(tree()), first).ok());
    auto a = StreamedSogChunkSource::open(first);
    REQUIRE(a.ok());
    REQUIRE(writeStreamedSog(**a, second).ok());
    auto b = StreamedSogChunkSource::open(second);
    REQUIRE(b.ok());
    CHECK(*sw::readFileText(first + "/lod-meta.json") == *sw::readFileText(second + "/lod-meta.json"));
    REQUIRE((*b)->tree().leaves.size() == (*a)->tree().leaves.size());
    for (std::uint32_t leaf = 0; leaf < (*a)->tree().leaves.size(); ++leaf)
        for (std::uint32_t l = 0; l < std::uint32_t((*a)->tree().levelCount); ++l) {
            auto ca = (*a)->loadChunk(leaf, l), cb = (*b)->loadChunk(leaf, l);
            REQUIRE(ca.ok());
            REQUIRE(cb.ok());
            CHECK(bitIdentical(*ca, *cb));
        }
}

TEST_CASE("the Streamed SOG source decodes each file once while it stays cached, from several threads") {
    const std::string dir = fresh("cached");
    REQUIRE(writeStreamedSog(MemoryChunkSource(tree()), dir).ok());  // one file per level
    auto source = StreamedSogChunkSource::open(dir, 1);
    REQUIRE(source.ok());
    const auto& t = (*source)->tree();
    for (std::uint32_t leaf = 0; leaf < t.leaves.size(); ++leaf) REQUIRE((*source)->loadChunk(leaf, 0).ok());
    CHECK((*source)->fileDecodes() == 1);  // every leaf's finest run lies in one file
    std::vector<std::thread> threads;
    for (int k = 0; k < 4; ++k)
        threads.emplace_back([&, k] {
            for (std::uint32_t leaf = 0; leaf < t.leaves.size(); ++leaf) CHECK((*source)->loadChunk(leaf, std::uint32_t(k % 2 + 1)).ok());
        });
    for (auto& th : threads) th.join();
    CHECK((*source)->fileDecodes() >= 3);
    CHECK((*source)->fileDecodes() <= 1 + 2 * t.leaves.size());
    CHECK_FALSE((*source)->loadChunk(std::uint32_t(t.leaves.size()), 0).ok());
}

TEST_CASE("a Streamed SOG is never written over the user's files or its own input, and a cancelled write leaves nothing") {
    const std::string dir = fresh("users");
    fs::create_directories(dir);
    { std::ofstream(dir + "/scan.ply") << "mine"; }
    auto r = writeStreamedSog(MemoryChunkSource(tree()), dir);
    REQUIRE_FALSE(r.ok());
    CHECK(r.error().code == sw::ErrorCode::InvalidInput);
    CHECK(r.error().toString().find("scan.ply") != std::string::npos);
    CHECK(*sw::readFileText(dir + "/scan.ply") == "mine");
    CHECK_FALSE(fs::exists(dir + "/lod-meta.json"));

    const std::string input = fresh("input");
    REQUIRE(writeStreamedSog(MemoryChunkSource(tree()), input).ok());
    auto source = StreamedSogChunkSource::open(input);
    REQUIRE(source.ok());
    for (const std::string& target : {input, fs::path(input).parent_path().string()}) {
        auto same = writeStreamedSog(**source, target);
        REQUIRE_FALSE(same.ok());
        CHECK(same.error().code == sw::ErrorCode::InvalidInput);
        CHECK(same.error().message.find("holds the chunks being written") != std::string::npos);
    }
    CHECK(StreamedSogChunkSource::open(input).ok());

    const std::string target = fresh("cancelled");
    auto token = std::make_shared<sw::CancelToken>();
    int files = 0;
    const sw::Progress progress([&](double, std::string_view what) { if (what == "SOG encoded" && ++files == 2) token->cancel(); }, token);
    auto c = writeStreamedSog(MemoryChunkSource(tree()), target, {}, progress);
    REQUIRE_FALSE(c.ok());
    CHECK(c.error().code == sw::ErrorCode::Cancelled);
    CHECK(files == 2);  // cancelled mid-way, after two SOG files
    CHECK_FALSE(fs::exists(target));
    for (const auto& entry : fs::directory_iterator(fs::path(target).parent_path()))
        CHECK(entry.path().filename().string().find("cancelled.tmp-") == std::string::npos);
}

TEST_CASE("lod-build writes the LOD folder and a Streamed SOG with the same splats per level") {
    const std::string scan = fresh("scene.ply"), out = fresh("built");
    REQUIRE(sw::formats::writePly(scan, test::stripScene(10.0f, 2.0f, 0.05f)).ok());
    LodSettings s;
    s.leafSize = 1000;
    s.levels = 4;
    auto report = buildLodFolder(scan, out, s);
    REQUIRE(report.ok());
    CHECK(report->streamedSog);
    auto folder = readLodFolder(out);
    REQUIRE(folder.ok());
    auto streamed = StreamedSogChunkSource::open((fs::path(out) / kStreamedSogFolder).string());
    REQUIRE(streamed.ok());
    const auto& m = (*streamed)->manifest();
    REQUIRE(m.lodLevels == folder->levelCount);
    for (int l = 0; l < folder->levelCount; ++l) {
        CHECK(m.levelCounts[std::size_t(l)] == folder->splatCount(l));
        CHECK((*streamed)->tree().splatCount(l) == report->levelSplats[std::size_t(l)]);
    }
    CHECK(report->levelSplats[0] == 8000);

    const std::string skipped = fresh("skipped");
    auto without = buildLodFolder(scan, skipped, s, {}, LodFolderExtras{});
    REQUIRE(without.ok());
    CHECK_FALSE(fs::exists(fs::path(skipped) / kStreamedSogFolder));
}

TEST_CASE("a Streamed SOG tree with three children, a node holding lods and children, and missing levels becomes a binary LOD tree") {
    const std::string dir = fresh("shapes");
    fs::create_directories(dir);
    sw::splat::SplatCloud cloud = test::stripScene(3.0f, 1.0f, 0.3f);  // 30 splats
    REQUIRE(cloud.size() == 30);
    REQUIRE(sw::formats::writeSog(dir + "/a", cloud).ok());
    const std::string b = R"("bound": {"min": [-1, -1, -1], "max": [1, 1, 1]})";
    auto lod = [](int offset, int count) { return R"({"file": 0, "offset": )" + std::to_string(offset) + R"(, "count": )" + std::to_string(count) + "}"; };
    const std::string manifest = R"({"lodLevels": 3, "filenames": ["a/meta.json"], "tree": {)" + b + R"(, "children": [
        {)" + b + R"(, "lods": {"0": )" + lod(0, 10) + R"(, "2": )" + lod(10, 2) + R"(}},
        {)" + b + R"(, "lods": {"1": )" + lod(12, 5) + R"(}},
        {)" + b + R"(, "lods": {"0": )" + lod(17, 8) + R"(, "1": )" + lod(25, 3) + R"(, "2": )" + lod(28, 2) + R"(},
         "children": [{)" + b + R"(, "lods": {"0": )" + lod(0, 1) + R"(}}]}]}})";
    { std::ofstream(dir + "/lod-meta.json") << manifest; }
    auto source = StreamedSogChunkSource::open(dir);
    REQUIRE(source.ok());
    const LodTree& t = (*source)->tree();
    REQUIRE(t.leaves.size() == 4);
    CHECK(t.nodes.size() == 7);  // 4 leaves, the node with lods and a child, the root, one more to keep the root binary
    CHECK(t.nodes[0].leaf < 0);
    CHECK(t.nodes[0].count == 10 + 5 + 8 + 1);
    CHECK(t.splatCount(0) == 24);
    for (const LodNode& n : t.nodes) {
        if (n.leaf >= 0) continue;
        REQUIRE(n.children[0] > 0);
        REQUIRE(n.children[1] > 0);
        CHECK(n.count == t.nodes[std::size_t(n.children[0])].count + t.nodes[std::size_t(n.children[1])].count);
    }
    const auto& m = (*source)->manifest();
    auto leafOf = [&](int node) {
        for (std::uint32_t i = 0; i < t.leaves.size(); ++i)
            if ((*source)->manifestNode(i) == node) return i;
        FAIL("no leaf for node " << node);
        return 0u;
    };
    // Node 1 lacks level 1: it reads level 0 (the nearest finer). Node 2 lacks level 0: it reads
    // level 1 (the nearest coarser), and level 2 reads level 1 (finer).
    CHECK((*source)->run(leafOf(1), 1).offset == 0);
    CHECK((*source)->run(leafOf(1), 1).count == 10);
    CHECK((*source)->run(leafOf(2), 0).offset == 12);
    CHECK((*source)->run(leafOf(2), 2).offset == 12);
    CHECK(t.leaves[leafOf(2)].levels[0].error == 0.0f);
    for (std::uint32_t leaf = 0; leaf < t.leaves.size(); ++leaf)
        for (std::uint32_t l = 0; l < 3; ++l) {
            auto chunk = (*source)->loadChunk(leaf, l);
            REQUIRE(chunk.ok());
            CHECK(chunk->size() == t.leaves[leaf].levels[l].count);
            const int node = (*source)->manifestNode(leaf);
            if (!m.nodes[std::size_t(node)].lods.count(int(l))) continue;
            auto truth = sw::formats::readStreamedSogChunk(m, node, int(l));
            REQUIRE(truth.ok());
            CHECK(truth->positions == chunk->positions);
        }
}
