// ScanSet and openScanSource (core/lod/scan_set.h): a single file is the one-chunk degenerate
// tree, our LOD folder opens by its lod.json or the folder, errors name the file; several scans
// share one pool and one budget, a frame's plan counts wanted and drawable chunks, settings are
// checked and a changed memory budget makes the pool again.
#include <doctest/doctest.h>

#include <filesystem>
#include <fstream>

#include "core/formats/cloud_io.h"
#include "core/formats/streamed_sog.h"
#include "core/lod/lod_folder.h"
#include "core/lod/scan_set.h"
#include "core/lod/streamed_sog_write.h"
#include "tests/core/tst_lod_trees.h"
#include "tests/support/test_support.h"

using namespace sw::lod;
namespace fs = std::filesystem;

namespace {

std::string freshDir(const std::string& name) {
    const std::string dir = (fs::path(sw::test::outputDir("lod_scan_set")) / name).string();
    std::error_code ec;
    fs::remove_all(dir, ec);
    return dir;
}

View viewAt(float x) {
    View v;
    v.position = {x, 1.0f, 2.0f};
    v.viewportHeight = 400;
    return v;
}

// Frames until every wanted chunk of `view` is drawable: uploads land on the next frame.
ViewPlan settle(ScanSet& set, const View& view) {
    std::vector<ChunkKey> landed;
    ViewPlan last;
    for (int frame = 0; frame < 200; ++frame) {
        for (const ChunkKey& key : landed) set.pool()->fenceSignalled(key);
        landed.clear();
        auto plans = set.plan({view});
        REQUIRE(plans.ok());
        REQUIRE(plans->size() == 1);
        last = plans->front();
        for (const DrawItem& item : set.pool()->takeUploads()) landed.push_back(item.key);
        if (last.drawableChunks == last.wantedChunks && landed.empty()) break;
        set.pool()->waitForLoads();
    }
    return last;
}

}  // namespace

TEST_CASE("a single cloud is one leaf with one level holding every splat, SH kept") {
    sw::splat::SplatCloud cloud = test::stripScene(2.0f, 1.0f, 0.1f, 3);
    cloud.shDegree = 1;
    cloud.shRest.assign(cloud.size() * 3 * 3, 0.25f);
    const LodTree tree = singleChunkTree(cloud);
    CHECK(tree.levelCount == 1);
    REQUIRE(tree.nodes.size() == 1);
    REQUIRE(tree.leaves.size() == 1);
    CHECK(tree.nodes[0].leaf == 0);
    CHECK(tree.nodes[0].count == cloud.size());
    CHECK(tree.leaves[0].levels.at(0).count == cloud.size());
    CHECK(tree.leaves[0].levels[0].spacing == doctest::Approx(splatSpacing(tree.leaves[0].bounds, cloud.size())));
    CHECK(tree.chunk(0, 0).positions == cloud.positions);
    CHECK(tree.chunk(0, 0).shDegree == 1);
    CHECK(tree.chunk(0, 0).shRest == cloud.shRest);
    for (const Eigen::Vector3f& p : cloud.positions) CHECK(tree.leaves[0].bounds.contains(p));
}

TEST_CASE("openScanSource: an LOD folder by lod.json or by the folder, a PLY as one chunk, errors name the file") {
    const auto tree = test::stripTree(10.0f, 2.0f, 0.05f, 1000, 4);
    const std::string folder = freshDir("strip");
    REQUIRE(writeLodFolder(*tree, folder).ok());
    CHECK(isLodFolderPath(folder));
    CHECK(isLodFolderPath(folder + "/lod.json"));
    for (const std::string& path : {folder, folder + "/lod.json"}) {
        auto source = openScanSource(path);
        REQUIRE(source.ok());
        CHECK((*source)->tree().leaves.size() == tree->leaves.size());
        CHECK((*source)->tree().levelCount == 4);
        auto chunk = (*source)->loadChunk(0, 3);
        REQUIRE(chunk.ok());
        CHECK(chunk->positions == tree->chunk(0, 3).positions);
    }

    const std::string ply = freshDir("single") + ".ply";
    const sw::splat::SplatCloud cloud = test::stripScene(1.0f, 1.0f, 0.05f, 9);
    REQUIRE(sw::formats::writeSplatCloud(ply, cloud).ok());
    CHECK_FALSE(isLodFolderPath(ply));
    auto single = openScanSource(ply);
    REQUIRE(single.ok());
    CHECK((*single)->tree().levelCount == 1);
    CHECK((*single)->tree().leaves.size() == 1);
    CHECK((*single)->tree().leaves[0].levels[0].count == cloud.size());

    auto missing = openScanSource(folder + "/nothing.ply");
    REQUIRE_FALSE(missing.ok());
    CHECK(missing.error().toString().find("nothing.ply") != std::string::npos);

    std::ofstream(folder + "/lod.json", std::ios::trunc) << "{\"format\": \"splatwright-lod\", \"nodes\": [";
    auto corrupt = openScanSource(folder + "/lod.json");
    REQUIRE_FALSE(corrupt.ok());
    const std::string message = corrupt.error().toString();
    CHECK(message.find("lod.json") != std::string::npos);
    CHECK(message.find('\n') == std::string::npos);
}

TEST_CASE("openScanSource streams a Streamed SOG by its lod-meta.json or its folder") {
    const auto tree = test::stripTree(6.0f, 1.0f, 0.05f, 600, 3);
    const std::string folder = freshDir("streamed");
    REQUIRE(writeStreamedSog(MemoryChunkSource(tree), folder).ok());
    CHECK(sw::formats::isStreamedSogPath(folder));
    CHECK(sw::formats::isStreamedSogPath(folder + "/lod-meta.json"));
    CHECK_FALSE(isLodFolderPath(folder));
    for (const std::string& path : {folder, folder + "/lod-meta.json"}) {
        auto source = openScanSource(path);
        REQUIRE(source.ok());
        CHECK((*source)->tree().levelCount == tree->levelCount);
        CHECK((*source)->tree().leaves.size() == tree->leaves.size());
        auto chunk = (*source)->loadChunk(0, 0);
        REQUIRE(chunk.ok());
        CHECK(chunk->size() == tree->leaves[0].levels[0].count);
    }
}

TEST_CASE("two scans share one pool and one splat budget; a frame's plan counts wanted and drawable chunks") {
    const auto a = test::stripTree(20.0f, 2.0f, 0.05f, 1000, 4);
    const auto b = std::make_shared<const LodTree>(singleChunkTree(test::stripScene(2.0f, 2.0f, 0.05f, 4)));
    ScanSet set;
    CHECK(set.empty());
    CHECK(set.pool() == nullptr);
    auto nothing = set.plan({viewAt(0.0f)});
    REQUIRE(nothing.ok());
    CHECK(nothing->empty());

    REQUIRE(set.add("a", std::make_shared<MemoryChunkSource>(a)).ok());
    const std::uint64_t afterA = set.generation();
    REQUIRE(set.add("b", std::make_shared<MemoryChunkSource>(b)).ok());
    CHECK(set.generation() > afterA);  // the pool is made again over both
    REQUIRE(set.scans().size() == 2);

    const ViewPlan plan = settle(set, viewAt(0.0f));
    CHECK(plan.selection.leaves.size() == a->leaves.size() + b->leaves.size());
    CHECK(plan.wantedChunks > a->leaves.size());
    CHECK(plan.drawableChunks == plan.wantedChunks);
    CHECK(plan.loadingChunks == 0);
    std::size_t wanted = 0;
    for (const LeafChoice& c : plan.selection.leaves)
        wanted += static_cast<std::size_t>((c.scan == 0 ? a : b)->levelCount - c.level);
    CHECK(plan.wantedChunks == wanted);
    // Every chosen leaf draws, scan b's one chunk among them.
    const std::vector<DrawItem> list = set.pool()->drawList(plan.selection);
    CHECK(list.size() == plan.selection.leaves.size());
    CHECK(std::count_if(list.begin(), list.end(), [](const DrawItem& d) { return d.key.scan == 1; }) == 1);

    // One budget over both: a splat budget of 1 keeps every leaf at its coarsest level.
    ScanSettings tiny = set.settings();
    tiny.selection.splatBudget = 1;
    const std::uint64_t before = set.generation();
    REQUIRE(set.setSettings(tiny).ok());
    CHECK(set.generation() == before);  // the selection alone: the pool stays
    auto coarse = set.plan({viewAt(0.0f)});
    REQUIRE(coarse.ok());
    CHECK(coarse->front().selection.overBudget);
    CHECK(coarse->front().selection.splats == a->splatCount(a->levelCount - 1) + b->splatCount(0));
}

TEST_CASE("scan settings are checked; a new memory budget makes the pool again") {
    ScanSet set;
    REQUIRE(set.add("a", std::make_shared<MemoryChunkSource>(test::stripTree(4.0f, 1.0f, 0.05f, 500, 3))).ok());
    ScanSettings bad = set.settings();
    bad.stream.memoryMiB = 0.0;
    auto refused = set.setSettings(bad);
    REQUIRE_FALSE(refused.ok());
    CHECK(refused.error().toString().find("memory budget") != std::string::npos);
    CHECK(set.settings().stream.memoryMiB == 1024.0);  // unchanged
    bad = set.settings();
    bad.selection.tau = 0.0f;
    CHECK_FALSE(set.setSettings(bad).ok());
    ScanSettings small = set.settings();
    small.stream.memoryMiB = 0.5;
    const std::uint64_t before = set.generation();
    REQUIRE(set.setSettings(small).ok());
    CHECK(set.generation() == before + 1);
    const ViewPlan plan = settle(set, viewAt(2.0f));
    CHECK(set.pool()->residentBytes() <= std::uint64_t(0.5 * 1048576.0));
    CHECK(plan.drawableChunks > 0);
    set.clear();
    CHECK(set.empty());
    CHECK(set.pool() == nullptr);
}

TEST_CASE("a byte cap (the renderer's largest block) bounds the pool's budget; only a changed capped budget makes it again") {
    ScanSet set;
    REQUIRE(set.add("a", std::make_shared<MemoryChunkSource>(test::stripTree(4.0f, 1.0f, 0.05f, 500, 3))).ok());
    const std::uint64_t budget = set.settings().stream.pool().byteBudget;  // 1 GiB
    CHECK(set.byteCap() == 0);
    CHECK(set.poolByteBudget() == budget);
    std::uint64_t before = set.generation();
    REQUIRE(set.setByteCap(budget * 2).ok());  // above the budget: the pool stays
    CHECK(set.generation() == before);
    CHECK(set.poolByteBudget() == budget);
    REQUIRE(set.setByteCap(64 * 1024).ok());  // below: the pool is made again with 64 KiB
    CHECK(set.generation() == before + 1);
    CHECK(set.poolByteBudget() == 64u * 1024u);
    const ViewPlan plan = settle(set, viewAt(2.0f));
    CHECK(plan.drawableChunks > 0);
    CHECK(set.pool()->residentBytes() <= 64u * 1024u);
    // A memory budget change above the cap leaves the capped budget, and the pool, as they were.
    ScanSettings larger = set.settings();
    larger.stream.memoryMiB = 2048.0;
    before = set.generation();
    REQUIRE(set.setSettings(larger).ok());
    CHECK(set.generation() == before);
    CHECK(set.poolByteBudget() == 64u * 1024u);
    // One below it does make the pool again.
    ScanSettings smaller = set.settings();
    smaller.stream.memoryMiB = 1.0 / 32.0;  // 32 KiB
    REQUIRE(set.setSettings(smaller).ok());
    CHECK(set.generation() == before + 1);
    CHECK(set.poolByteBudget() == 32u * 1024u);
    REQUIRE(set.setByteCap(0).ok());  // no limit: the memory budget again, the same pool
    CHECK(set.generation() == before + 1);
}
