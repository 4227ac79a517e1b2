// The GPU path of large scans (core/render/scan_renderer.h, issue 36 item 4), on scenes built in
// code with fixed seeds, against the CPU path (core/render/scan_cull.h over lod::sortBackToFront):
//   - the GPU draw order equals the CPU order on a multi-chunk scene with depth ties and chunks of
//     several levels, all splats in view;
//   - culling: the GPU keeps every splat the CPU keeps with the frustum narrowed by CULL_TOL and
//     none it drops with it widened by CULL_TOL, and draws them in the CPU order;
//   - no chunk is drawn before its fence has been seen (fenceSignalled withheld);
//   - evictions free slots, the GPU pool never exceeds its bytes, a full pool makes chunks wait
//     (the pool draws coarser), the slot allocator's first fit, merging and fragmentation, and a
//     repack when a chunk is longer than every free run; after evictions and repacks every chunk
//     is still drawn from its own slots;
//   - images: a scan drawn by this path against the same splats drawn by the cloud renderer
//     (SplatRenderer shell pass), within the golden metric; false colour shows each drawn level.
#include <doctest/doctest.h>

#include <algorithm>
#include <chrono>
#include <cmath>
#include <filesystem>
#include <random>
#include <set>

#include "core/foundation/image_io.h"
#include "core/lod/sort.h"
#include "core/render/camera.h"
#include "core/render/cloud_preview.h"
#include "core/render/projection.h"
#include "core/render/scan_cull.h"
#include "core/render/scan_renderer.h"
#include "core/render/scan_slots.h"
#include "core/render/splat_renderer.h"
#include "tests/core/tst_lod_trees.h"
#include "tests/gl/golden.h"
#include "tests/gl/tst_splat_fixture.h"

using namespace sw;
using namespace sw::render;

namespace {

constexpr float CULL_TOL = 1e-4f;  // model units: a splat this near a plane may fall either way

// The image metric between the two renderers is the golden metric (tests/gl/golden.h): they
// project differently (EWA here, the 3D quad of the two major axes there) and order differently
// (exact here, 64 heading sectors there). Measured on the strip's thin splats: 0 % beyond 8/255.
constexpr int IMAGE_CHANNEL_TOL = test::kChannelTolerance;    // 8 out of 255
constexpr double IMAGE_MAX_SHARE = test::kMaxDifferingShare;  // 0.5 % of the pixels

// A grid of splats at x = i·step exactly (many splats share a quantised x within a chunk: depth
// ties for a view along +X), y jittered, z small.
splat::SplatCloud tieScene(int nx, int ny, float step, unsigned seed) {
    splat::SplatCloud c = lod::test::stripScene(static_cast<float>(nx) * step, static_cast<float>(ny) * step, step, seed);
    for (std::size_t i = 0; i < c.size(); ++i) c.positions[i].x() = std::round(c.positions[i].x() / step) * step;
    return c;
}

std::shared_ptr<const lod::LodTree> buildTree(const splat::SplatCloud& cloud, int leafSize, int levels) {
    lod::LodSettings s;
    s.leafSize = leafSize;
    s.levels = levels;
    s.threads = 1;
    auto tree = lod::buildLodTree(cloud, s);
    REQUIRE(tree.ok());
    return std::make_shared<const lod::LodTree>(std::move(*tree));
}

// Every leaf at level leaf % levels (or `level` when ≥ 0).
lod::Selection mixedLevels(const lod::LodTree& tree, int level = -1) {
    lod::Selection sel;
    for (std::uint32_t leaf = 0; leaf < tree.leaves.size(); ++leaf) {
        lod::LeafChoice c;
        c.leaf = leaf;
        c.level = static_cast<std::uint8_t>(level >= 0 ? level : static_cast<int>(leaf) % tree.levelCount);
        c.wanted = c.level;
        sel.leaves.push_back(c);
    }
    return sel;
}

// Looking from `eye` along +X, +Z up: an exact rotation (rows right, up, −forward).
Eigen::Matrix4f viewAlongX(const Eigen::Vector3f& eye) {
    Eigen::Matrix4f v = Eigen::Matrix4f::Identity();
    v.block<1, 3>(0, 0) = Eigen::RowVector3f(0, -1, 0);
    v.block<1, 3>(1, 0) = Eigen::RowVector3f(0, 0, 1);
    v.block<1, 3>(2, 0) = Eigen::RowVector3f(-1, 0, 0);
    v.block<3, 1>(0, 3) = -(v.topLeftCorner<3, 3>() * eye);
    return v;
}

struct Scene {
    std::unique_ptr<HeadlessContext> context;
    std::unique_ptr<ScanRenderer> renderer;
    std::unique_ptr<lod::ResidentPool> pool;
    std::shared_ptr<const lod::LodTree> tree;

    Scene(std::shared_ptr<const lod::LodTree> t, std::uint64_t residentBudget, std::uint64_t gpuBytes,
          std::uint64_t blockBytes = 0)
        : tree(std::move(t)) {
        context = test::requireContext();
        auto r = ScanRenderer::create(context->loader(), gpuBytes, blockBytes);
        REQUIRE_MESSAGE(r.ok(), (r.ok() ? "" : r.error().toString()));
        renderer = std::move(*r);
        auto p = lod::ResidentPool::create({residentBudget, 2}, {std::make_shared<lod::MemoryChunkSource>(tree)});
        REQUIRE(p.ok());
        pool = std::move(*p);
    }
    ~Scene() { renderer->release(); }
    // Loads what `sel` wants and makes it drawable: update, wait, upload, fences.
    void load(const lod::Selection& sel, const lod::View& view = {}) {
        pool->update({{view, &sel}});
        pool->waitForLoads();
        REQUIRE(renderer->uploadChunks(*pool).ok());
        awaitFences();
    }
    // Polls until every upload's fence has been seen (at most 10 s).
    void awaitFences() {
        const auto start = std::chrono::steady_clock::now();
        while (renderer->poolStats().fencesPending > 0) {
            renderer->pollFences(*pool);
            REQUIRE(std::chrono::steady_clock::now() - start < std::chrono::seconds(10));
        }
    }
};

std::uint64_t splatsOf(const std::vector<lod::DrawItem>& draws) {
    std::uint64_t n = 0;
    for (const lod::DrawItem& d : draws) n += d.chunk->splats.size();
    return n;
}

}  // namespace

TEST_CASE("scan GPU order equals the CPU order: ties, several levels, all in view") {
    const auto tree = buildTree(tieScene(120, 12, 0.05f, 11), 256, 3);
    Scene scene(tree, 1ull << 26, 1ull << 24);
    const lod::Selection sel = mixedLevels(*tree);
    scene.load(sel);
    const auto draws = scene.pool->drawList(sel);
    REQUIRE(draws.size() == tree->leaves.size());
    std::set<std::uint32_t> levels;
    for (const lod::DrawItem& d : draws) levels.insert(d.key.level);
    CHECK(levels.size() == 3);
    const Eigen::Matrix4f view = viewAlongX({-4.0f, 0.3f, 0.4f});
    const Eigen::Matrix4f proj = sw::render::perspectiveMatrix(1.6f, 1.0f, 0.05f, 100.0f);
    const ScanFrame frame = scanFrame(view, proj);
    REQUIRE(frame.forward == Eigen::Vector3f(1, 0, 0));
    const auto cpu = lod::sortBackToFront(draws, frame.eye, frame.forward);
    REQUIRE(scanDrawOrder(frame, draws, -CULL_TOL).size() == cpu.size());  // every splat in view
    // The scene has ties: equal keys from different splats.
    std::size_t ties = 0;
    for (std::size_t i = 1; i < cpu.size(); ++i) {
        const auto key = [&](const lod::SortedSplat& s) {
            return lod::depthKey((lod::packedPosition(*draws[s.item].chunk, s.splat) - frame.eye).dot(frame.forward));
        };
        ties += key(cpu[i - 1]) == key(cpu[i]) ? 1 : 0;
    }
    CHECK(ties > 200);
    ScanDrawSettings s;
    s.width = 320;
    s.height = 200;
    s.countSplats = true;
    ScanDrawStats stats;
    REQUIRE(scene.renderer->renderImage(view, proj, draws, s, &stats).ok());
    CHECK(stats.chunks == draws.size());
    CHECK(stats.splatsSubmitted == splatsOf(draws));
    CHECK(stats.splatsDrawn == static_cast<std::int64_t>(cpu.size()));
    auto gpu = scene.renderer->lastOrder();
    REQUIRE(gpu.ok());
    REQUIRE(gpu->size() == cpu.size());
    std::size_t mismatches = 0;
    for (std::size_t i = 0; i < cpu.size(); ++i)
        mismatches += (*gpu)[i].item != cpu[i].item || (*gpu)[i].splat != cpu[i].splat ? 1 : 0;
    CHECK(mismatches == 0);
}

TEST_CASE("scan culling keeps the CPU's splats and draws them in the CPU order") {
    const auto tree = buildTree(tieScene(200, 20, 0.05f, 5), 512, 2);
    Scene scene(tree, 1ull << 26, 1ull << 24);
    const lod::Selection sel = mixedLevels(*tree);
    scene.load(sel);
    const auto draws = scene.pool->drawList(sel);
    struct Case {
        Eigen::Vector3f eye;
        float fov;
    };
    for (const Case& c : {Case{{3.0f, 0.5f, 0.3f}, 0.6f}, Case{{6.5f, 0.2f, 0.1f}, 0.3f}, Case{{-1.0f, 0.5f, 2.0f}, 0.9f}}) {
        CAPTURE(c.eye.transpose());
        const Eigen::Matrix4f view = viewAlongX(c.eye);
        const Eigen::Matrix4f proj = sw::render::perspectiveMatrix(c.fov, 1.6f, 0.1f, 6.0f);
        const ScanFrame frame = scanFrame(view, proj);
        const auto strict = scanDrawOrder(frame, draws, -CULL_TOL), loose = scanDrawOrder(frame, draws, CULL_TOL);
        ScanDrawSettings s;
        s.width = 160;
        s.height = 100;
        s.countSplats = true;
        ScanDrawStats stats;
        REQUIRE(scene.renderer->renderImage(view, proj, draws, s, &stats).ok());
        CHECK(stats.splatsDrawn >= static_cast<std::int64_t>(strict.size()));
        CHECK(stats.splatsDrawn <= static_cast<std::int64_t>(loose.size()));
        CHECK(loose.size() < splatsOf(draws));  // the cull drops something
        CHECK(strict.size() > 100);
        auto gpu = scene.renderer->lastOrder();
        REQUIRE(gpu.ok());
        CHECK(gpu->size() == static_cast<std::size_t>(stats.splatsDrawn));
        // The GPU's set, in the CPU's order of those splats: the same sequence.
        std::set<std::pair<std::uint32_t, std::uint32_t>> kept;
        for (const lod::SortedSplat& g : *gpu) kept.insert({g.item, g.splat});
        std::vector<lod::SortedSplat> cpu;
        for (const lod::SortedSplat& l : loose)
            if (kept.count({l.item, l.splat})) cpu.push_back(l);
        REQUIRE(cpu.size() == gpu->size());
        std::size_t mismatches = 0;
        for (std::size_t i = 0; i < cpu.size(); ++i) mismatches += (*gpu)[i].item != cpu[i].item || (*gpu)[i].splat != cpu[i].splat;
        CHECK(mismatches == 0);
        for (const lod::SortedSplat& t : strict) CHECK_MESSAGE(kept.count({t.item, t.splat}), "strictly visible splat not drawn");
    }
}

TEST_CASE("no chunk is drawn before its fence has been seen") {
    const auto tree = buildTree(lod::test::stripScene(4.0f, 1.0f, 0.04f, 21), 256, 2);
    Scene scene(tree, 1ull << 26, 1ull << 24);
    const lod::Selection coarse = mixedLevels(*tree, 1), fine = mixedLevels(*tree, 0);
    scene.load(coarse);
    const Eigen::Matrix4f view = viewAlongX({-3.0f, 0.5f, 0.5f});
    const Eigen::Matrix4f proj = sw::render::perspectiveMatrix(1.2f, 1.6f, 0.1f, 20.0f);
    ScanDrawSettings s;
    s.width = 200;
    s.height = 125;
    s.countSplats = true;
    const auto coarseDraws = scene.pool->drawList(coarse);
    ScanDrawStats coarseStats;
    auto coarseImage = scene.renderer->renderImage(view, proj, coarseDraws, s, &coarseStats);
    REQUIRE(coarseImage.ok());
    REQUIRE(coarseStats.splatsDrawn > 0);

    // The fine level is loaded and uploaded, its fences not looked at: the pool still draws coarse.
    scene.pool->update({{lod::View{}, &fine}});
    scene.pool->waitForLoads();
    REQUIRE(scene.renderer->uploadChunks(*scene.pool).ok());
    for (const lod::DrawItem& d : scene.pool->drawList(fine)) CHECK(d.key.level == 1);
    // A draw list naming the fine chunks anyway (fences unseen) draws none of them.
    std::vector<lod::DrawItem> mixed;
    for (std::uint32_t leaf = 0; leaf < tree->leaves.size(); ++leaf) {
        const lod::ChunkKey key{0, leaf, 0};
        REQUIRE(scene.pool->state(key) == lod::ChunkState::Uploading);
        mixed.push_back({key, nullptr});
    }
    mixed.insert(mixed.end(), coarseDraws.begin(), coarseDraws.end());
    ScanDrawStats mixedStats;
    auto mixedImage = scene.renderer->renderImage(view, proj, mixed, s, &mixedStats);
    REQUIRE(mixedImage.ok());
    CHECK(mixedStats.skipped == tree->leaves.size());
    CHECK(mixedStats.splatsDrawn == coarseStats.splatsDrawn);
    CHECK(test::countDifferingPixels(*mixedImage, *coarseImage) == 0);

    // Once the fences are seen, the pool hands out the fine level and it is drawn.
    scene.awaitFences();
    const auto fineDraws = scene.pool->drawList(fine);
    for (const lod::DrawItem& d : fineDraws) CHECK(d.key.level == 0);
    ScanDrawStats fineStats;
    REQUIRE(scene.renderer->renderImage(view, proj, fineDraws, s, &fineStats).ok());
    CHECK(fineStats.skipped == 0);
    CHECK(fineStats.splatsDrawn > 2 * coarseStats.splatsDrawn);
}

TEST_CASE("slot allocator: first fit, freed runs merge, fragmentation leaves no run long enough") {
    SlotAllocator a(100);
    CHECK(a.allocate(30) == std::optional<std::uint64_t>(0));
    CHECK(a.allocate(30) == std::optional<std::uint64_t>(30));
    CHECK(a.allocate(30) == std::optional<std::uint64_t>(60));
    CHECK(!a.allocate(11).has_value());
    a.release(0, 30);
    a.release(60, 30);
    CHECK(a.used() == 30);
    CHECK(a.freeRuns() == 2);
    CHECK(!a.allocate(50).has_value());  // 70 free, in runs of 30 and 40
    CHECK(a.allocate(35) == std::optional<std::uint64_t>(60));  // first run long enough
    CHECK(a.allocate(20) == std::optional<std::uint64_t>(0));
    a.release(30, 30);
    a.release(0, 20);
    CHECK(a.largestFree() == 60);  // 0..60 merged
    CHECK(a.freeRuns() == 2);
    a.release(60, 35);
    CHECK(a.freeRuns() == 1);
    CHECK(a.largestFree() == 100);
    CHECK(a.used() == 0);
}

namespace {

// 16 B a splat of every chunk the pool holds for the GPU (uploading or drawable).
std::uint64_t poolChunkBytes(const lod::ResidentPool& pool, const lod::LodTree& tree, std::size_t* chunks) {
    std::uint64_t bytes = 0;
    *chunks = 0;
    for (std::uint32_t leaf = 0; leaf < tree.leaves.size(); ++leaf)
        for (std::uint32_t level = 0; level < static_cast<std::uint32_t>(tree.levelCount); ++level) {
            const lod::ChunkState st = pool.state({0, leaf, level});
            if (st != lod::ChunkState::Uploading && st != lod::ChunkState::Drawable) continue;
            bytes += 16ull * tree.leaves[leaf].levels[level].count;
            ++*chunks;
        }
    return bytes;
}

}  // namespace

TEST_CASE("evicted chunks free their slots; the GPU pool never exceeds its bytes") {
    const auto tree = buildTree(lod::test::stripScene(30.0f, 1.0f, 0.03f, 8), 512, 3);
    const std::uint64_t finest = 16ull * tree->splatCount(0);
    const std::uint64_t budget = finest / 4;
    // The pool in one storage block, and split over three (a chunk never crosses a block, so the
    // blocks fragment more: more repacks).
    std::uint64_t blockBytes = 0;
    SUBCASE("one storage block") { blockBytes = 0; }
    SUBCASE("three storage blocks") { blockBytes = budget / 3 + 16; }
    Scene scene(tree, budget, budget, blockBytes);
    ScanDrawSettings s;
    s.width = 160;
    s.height = 100;
    s.countSplats = true;
    lod::SelectionSettings selection;
    selection.tau = 0.5f;
    // Straight down on the strip's middle from high above: every splat in view.
    Eigen::Matrix4f overview = Eigen::Matrix4f::Identity();
    overview(0, 3) = -15.0f;
    overview(1, 3) = -0.5f;
    overview(2, 3) = -40.0f;
    const Eigen::Matrix4f overviewProjection = sw::render::perspectiveMatrix(1.0f, 1.6f, 1.0f, 100.0f);
    const ScanFrame overviewFrame = scanFrame(overview, overviewProjection);
    // A sweep along the strip, then jumps to random places (seeded): scattered evictions leave
    // holes between resident chunks, and a chunk longer than every hole makes the pool repack.
    std::vector<Eigen::Vector3f> path;
    for (int frame = 0; frame < 16; ++frame) path.emplace_back(2.0f * static_cast<float>(frame) - 1.0f, 0.5f, 0.3f);
    std::mt19937 rng(5);
    std::uniform_real_distribution<float> along(-1.0f, 31.0f);
    for (int frame = 0; frame < 24; ++frame) path.emplace_back(along(rng), 0.5f, 0.3f);
    for (std::size_t frame = 0; frame < path.size(); ++frame) {
        CAPTURE(frame);
        lod::View v;
        v.position = path[frame];
        v.viewportHeight = 100;
        auto sel = lod::selectLevels({tree.get()}, v, selection);
        REQUIRE(sel.ok());
        scene.pool->update({{v, &*sel}});
        scene.pool->waitForLoads();
        REQUIRE(scene.renderer->sync(*scene.pool).ok());
        scene.awaitFences();
        const ScanPoolStats p = scene.renderer->poolStats();
        std::size_t chunks = 0;
        CHECK(p.usedBytes == poolChunkBytes(*scene.pool, *tree, &chunks));
        CHECK(p.chunks == chunks);
        CHECK(p.waiting == 0);
        CHECK(p.usedBytes <= p.capacityBytes);
        const auto draws = scene.pool->drawList(*sel);
        ScanDrawStats stats;
        REQUIRE(scene.renderer->renderImage(viewAlongX(v.position), sw::render::perspectiveMatrix(1.0f, 1.6f, 0.05f, 50.0f), draws, s, &stats).ok());
        CHECK(stats.skipped == 0);
        // Every drawn chunk reads its own splats from its slots: from above, all in view, the GPU
        // order is the CPU order of the resident splats.
        REQUIRE(scene.renderer->renderImage(overview, overviewProjection, draws, s, &stats).ok());
        CHECK(stats.splatsDrawn > 0);
        auto gpu = scene.renderer->lastOrder();
        REQUIRE(gpu.ok());
        const auto cpu = lod::sortBackToFront(draws, overviewFrame.eye, overviewFrame.forward);
        REQUIRE(gpu->size() == cpu.size());
        std::size_t mismatches = 0;
        for (std::size_t i = 0; i < cpu.size(); ++i) mismatches += (*gpu)[i].item != cpu[i].item || (*gpu)[i].splat != cpu[i].splat;
        CHECK(mismatches == 0);
    }
    MESSAGE("evictions ", scene.pool->evictions().size(), ", repacks ", scene.renderer->poolStats().repacks);
    CHECK(scene.pool->evictions().size() > 10);
    CHECK(scene.renderer->poolStats().peakBytes <= scene.renderer->poolStats().capacityBytes);
}

TEST_CASE("a pool split over storage blocks draws what one block draws; a pool past four blocks is refused") {
    const auto tree = buildTree(tieScene(40, 12, 0.05f, 13), 256, 3);
    // Room for every level twice over: a chunk that does not fit at the end of a block leaves
    // that end unused.
    const std::uint64_t bytes = 32ull * (tree->splatCount(0) + tree->splatCount(1) + tree->splatCount(2));
    const lod::Selection mixed = mixedLevels(*tree);
    ScanDrawSettings s;
    s.width = 200;
    s.height = 120;
    s.countSplats = true;
    const Eigen::Matrix4f view = viewAlongX({-1.0f, 0.3f, 0.2f});
    const Eigen::Matrix4f proj = sw::render::perspectiveMatrix(1.0f, 200.f / 120.f, 0.05f, 50.0f);
    struct Drawn {
        Rgba8Image image;
        std::vector<lod::SortedSplat> order;
        ScanDrawStats stats;
    };
    // One scene at a time: each has a context of its own.
    auto drawWith = [&](std::uint64_t blockBytes) {
        Scene scene(tree, 4 * bytes, bytes, blockBytes);
        scene.load(mixed);
        CHECK(scene.renderer->poolStats().waiting == 0);
        CHECK(scene.renderer->poolStats().capacityBytes == bytes / 16 * 16);
        Drawn d;
        auto image = scene.renderer->renderImage(view, proj, scene.pool->drawList(mixed), s, &d.stats);
        REQUIRE(image.ok());
        d.image = std::move(*image);
        auto order = scene.renderer->lastOrder();
        REQUIRE(order.ok());
        d.order = std::move(*order);
        if (blockBytes > 0) {  // five blocks' worth is refused with the reason
            auto tooMany = ScanRenderer::create(scene.context->loader(), 5 * blockBytes, blockBytes);
            REQUIRE(!tooMany.ok());
            CHECK(tooMany.error().message.find("storage blocks") != std::string::npos);
        }
        return d;
    };
    const Drawn one = drawWith(0);
    const Drawn split = drawWith(bytes / 4 + 16);
    CHECK(one.stats.splatsDrawn > 0);
    CHECK(one.stats.splatsDrawn == split.stats.splatsDrawn);
    REQUIRE(one.order.size() == split.order.size());
    std::size_t mismatches = 0;
    for (std::size_t i = 0; i < one.order.size(); ++i)
        mismatches += one.order[i].item != split.order[i].item || one.order[i].splat != split.order[i].splat;
    CHECK(mismatches == 0);
    CHECK(test::countDifferingPixels(one.image, split.image) == 0);
}

TEST_CASE("slot allocator over blocks: no run crosses a block, freed runs merge only inside one") {
    SlotAllocator a(100, 40);  // blocks [0, 40), [40, 80), [80, 100)
    CHECK(a.freeRuns() == 3);
    CHECK(a.largestFree() == 40);
    CHECK(!a.allocate(41).has_value());
    CHECK(a.allocate(30) == std::optional<std::uint64_t>(0));
    CHECK(a.allocate(20) == std::optional<std::uint64_t>(40));  // 10 left in block 0: too short
    CHECK(a.allocate(10) == std::optional<std::uint64_t>(30));
    CHECK(a.allocate(20) == std::optional<std::uint64_t>(60));
    CHECK(a.allocate(20) == std::optional<std::uint64_t>(80));
    CHECK(a.used() == 100);
    a.release(30, 10);
    a.release(40, 20);  // adjacent to 30..40 but across the block boundary: two runs
    CHECK(a.freeRuns() == 2);
    CHECK(a.largestFree() == 20);
    a.release(0, 30);
    a.release(60, 20);
    a.release(80, 20);
    CHECK(a.freeRuns() == 3);
    CHECK(a.used() == 0);
    a.clear();
    CHECK(a.freeRuns() == 3);
}

TEST_CASE("a full GPU pool makes chunks wait: the pool draws coarser, nothing breaks") {
    const auto tree = buildTree(lod::test::stripScene(8.0f, 1.0f, 0.02f, 9), 1024, 3);
    const std::uint64_t finest = 16ull * tree->splatCount(0);
    Scene scene(tree, 4 * finest, finest / 5);  // the resident pool admits 20× what the GPU holds
    const lod::Selection fine = mixedLevels(*tree, 0);
    scene.pool->update({{lod::View{}, &fine}});
    scene.pool->waitForLoads();
    REQUIRE(scene.renderer->sync(*scene.pool).ok());
    scene.awaitFences();
    const ScanPoolStats p = scene.renderer->poolStats();
    CHECK(p.waiting > 0);
    CHECK(p.usedBytes <= p.capacityBytes);
    CHECK(p.peakBytes <= p.capacityBytes);
    CHECK(p.usedBytes > p.capacityBytes / 2);
    const auto draws = scene.pool->drawList(fine);
    REQUIRE(!draws.empty());
    const bool coarser = std::any_of(draws.begin(), draws.end(), [](const lod::DrawItem& d) { return d.key.level > 0; });
    CHECK(coarser);
    ScanDrawSettings s;
    s.width = 160;
    s.height = 100;
    s.countSplats = true;
    ScanDrawStats stats;
    REQUIRE(scene.renderer->renderImage(viewAlongX({-2.0f, 0.5f, 0.3f}), sw::render::perspectiveMatrix(1.0f, 1.6f, 0.05f, 50.0f), draws, s, &stats).ok());
    CHECK(stats.skipped == 0);
    CHECK(stats.splatsDrawn > 0);
    // Later frames keep waiting without error.
    for (int i = 0; i < 3; ++i) REQUIRE(scene.renderer->sync(*scene.pool).ok());
    CHECK(scene.renderer->poolStats().usedBytes <= p.capacityBytes);
}

namespace {

// Pixels where some RGB channel differs by more than `tolerance`.
double differingShare(const Rgba8Image& a, const Rgba8Image& b, int tolerance) {
    REQUIRE(a.width == b.width);
    REQUIRE(a.height == b.height);
    long differing = 0;
    for (std::size_t i = 0; i < a.rgba.size(); i += 4)
        for (std::size_t k = 0; k < 3; ++k)
            if (std::abs(int(a.rgba[i + k]) - int(b.rgba[i + k])) > tolerance) {
                ++differing;
                break;
            }
    return static_cast<double>(differing) / static_cast<double>(a.width * a.height);
}

double coveredShare(const Rgba8Image& image, int background) {
    long covered = 0;
    for (std::size_t i = 0; i < image.rgba.size(); i += 4)
        covered += std::abs(int(image.rgba[i]) - background) > 8 || std::abs(int(image.rgba[i + 1]) - background) > 8 ? 1 : 0;
    return static_cast<double>(covered) / static_cast<double>(image.width * image.height);
}

void save(const std::string& name, const Rgba8Image& image) {
    std::filesystem::create_directories(test::goldenOutputDir());
    REQUIRE(writePngFile(test::goldenOutputDir() + "/" + name + ".png", image).ok());
}

}  // namespace

TEST_CASE("a scan drawn by the GPU path looks like the cloud renderer's drawing of the same splats") {
    const auto tree = buildTree(lod::test::stripScene(2.0f, 1.2f, 0.02f, 3), 1024, 2);
    Scene scene(tree, 1ull << 26, 1ull << 24);
    const lod::Selection sel = mixedLevels(*tree, 0);
    scene.load(sel);
    const auto draws = scene.pool->drawList(sel);
    splat::SplatCloud all;  // the resident (quantised) splats
    for (const lod::DrawItem& d : draws) {
        const splat::SplatCloud c = lod::unpackChunk(*d.chunk);
        for (std::size_t i = 0; i < c.size(); ++i) {
            all.positions.push_back(c.positions[i]);
            all.scales.push_back(c.scales[i]);
            all.rotations.push_back(c.rotations[i]);
            all.opacities.push_back(c.opacities[i]);
            all.colors.push_back(c.colors[i]);
        }
    }
    all.resize(all.positions.size());
    const formats::Spl2Model model = previewModelFromCloud(all);
    REQUIRE(model.core.size() == 0);  // opacities ≤ 0.6: every splat a Gaussian of the shell pass
    auto cloudRenderer = SplatRenderer::create(scene.context->loader());
    REQUIRE(cloudRenderer.ok());
    REQUIRE((*cloudRenderer)->setModel(model).ok());
    Camera camera;
    camera.target = {1.0f, 0.6f, 0.0f};
    camera.distance = 1.8f;
    camera.azimuthDeg = 20.0f;
    camera.elevationDeg = 50.0f;
    camera.sceneRadius = 1.5f;
    SplatRenderSettings cs;
    cs.width = 640;
    cs.height = 400;
    cs.cel = false;
    const Eigen::Matrix4f view = camera.view(), proj = camera.projection(1.6f);
    auto cloudImage = (*cloudRenderer)->renderImage(view, proj, cs);
    (*cloudRenderer)->release();
    REQUIRE(cloudImage.ok());
    ScanDrawSettings s;
    s.width = 640;
    s.height = 400;
    auto scanImage = scene.renderer->renderImage(view, proj, draws, s);
    REQUIRE(scanImage.ok());
    save("scan_vs_cloud.scan", *scanImage);
    save("scan_vs_cloud.cloud", *cloudImage);
    CHECK(coveredShare(*scanImage, 128) > 0.3);
    const double share = differingShare(*scanImage, *cloudImage, IMAGE_CHANNEL_TOL);
    MESSAGE("pixels beyond ", IMAGE_CHANNEL_TOL, "/255: ", share * 100.0, " %");
    CHECK(share <= IMAGE_MAX_SHARE);
    // The metric can fail: the same scan from a camera turned by 3° is far outside it.
    camera.azimuthDeg += 3.0f;
    auto turned = scene.renderer->renderImage(camera.view(), proj, draws, s);
    REQUIRE(turned.ok());
    CHECK(differingShare(*turned, *cloudImage, IMAGE_CHANNEL_TOL) > 5 * IMAGE_MAX_SHARE);
}

TEST_CASE("false colour shows each drawn chunk's LOD level") {
    const auto tree = buildTree(lod::test::stripScene(3.0f, 1.2f, 0.02f, 4), 1024, 3);
    Scene scene(tree, 1ull << 26, 1ull << 24);
    const lod::Selection sel = mixedLevels(*tree);
    scene.load(sel);
    const auto draws = scene.pool->drawList(sel);
    Camera camera;
    camera.target = {1.5f, 0.6f, 0.0f};
    camera.distance = 2.6f;
    camera.azimuthDeg = 0.0f;
    camera.elevationDeg = 60.0f;
    camera.sceneRadius = 2.0f;
    ScanDrawSettings s;
    s.width = 640;
    s.height = 400;
    s.background = Background::Black;
    s.levelColors = true;
    auto image = scene.renderer->renderImage(camera.view(), camera.projection(1.6f), draws, s);
    REQUIRE(image.ok());
    save("scan_level_colors", *image);
    // Pixels by the palette colour of nearest chromaticity (bright enough to tell).
    std::vector<long> nearest(8, 0);
    for (std::size_t i = 0; i < image->rgba.size(); i += 4) {
        const Eigen::Vector3f c(image->rgba[i], image->rgba[i + 1], image->rgba[i + 2]);
        if (c.sum() < 90.0f) continue;
        int best = 0;
        float bestDistance = 1e9f;
        for (int l = 0; l < 8; ++l) {
            const Eigen::Vector3f p = scanLevelColor(l);
            const float d = (c / c.sum() - p / p.sum()).norm();
            if (d < bestDistance) bestDistance = d, best = l;
        }
        if (bestDistance < 0.05f) ++nearest[static_cast<std::size_t>(best)];
    }
    for (int l = 0; l < 8; ++l) {
        CAPTURE(l);
        if (l < tree->levelCount) CHECK(nearest[static_cast<std::size_t>(l)] > 500);
        else CHECK(nearest[static_cast<std::size_t>(l)] < 20);
    }
    // Without false colour the splats' own colours (random hues) are drawn.
    s.levelColors = false;
    auto plain = scene.renderer->renderImage(camera.view(), camera.projection(1.6f), draws, s);
    REQUIRE(plain.ok());
    CHECK(differingShare(*plain, *image, 24) > 0.1);
}

TEST_CASE("a chunk longer than every free run makes the GPU pool repack; every chunk keeps its splats") {
    const auto tree = buildTree(lod::test::stripScene(16.0f, 0.64f, 0.02f, 12), 512, 3);
    const std::size_t leaves = tree->leaves.size();
    REQUIRE(leaves >= 8);
    // Room for levels 1 and 2 of every leaf and 64 bytes more, on both sides: the finer level of
    // one leaf needs evictions, which the view in the middle takes from both ends.
    std::uint64_t bytes = 64;
    for (const lod::LodLeaf& leaf : tree->leaves)
        bytes += lod::PackedChunk::residentBytes(leaf.levels[1].count) + lod::PackedChunk::residentBytes(leaf.levels[2].count);
    Scene scene(tree, bytes, bytes);
    scene.load(mixedLevels(*tree, 1));
    REQUIRE(scene.renderer->poolStats().chunks == 2 * leaves);
    const std::uint32_t middle = static_cast<std::uint32_t>(leaves / 2);
    lod::Selection one;
    one.leaves.push_back({0, middle, 0, 0, 0.0f});
    lod::View v;
    v.position = tree->leaves[middle].bounds.center();
    scene.load(one, v);
    const ScanPoolStats p = scene.renderer->poolStats();
    CHECK(p.repacks >= 1);
    CHECK(p.waiting == 0);
    CHECK(p.usedBytes <= p.capacityBytes);
    std::size_t chunks = 0;
    CHECK(p.usedBytes == poolChunkBytes(*scene.pool, *tree, &chunks));
    CHECK(p.chunks == chunks);
    CHECK(scene.pool->state({0, middle, 0}) == lod::ChunkState::Drawable);
    // Every resident chunk, drawn from above: the GPU reads each one's splats where they now are.
    std::vector<lod::DrawItem> draws;
    for (std::uint32_t leaf = 0; leaf < leaves; ++leaf)
        for (std::uint32_t level = 0; level < 3; ++level)
            if (const lod::PackedChunk* c = scene.pool->drawable({0, leaf, level})) draws.push_back({{0, leaf, level}, c});
    REQUIRE(draws.size() == chunks);
    Eigen::Matrix4f overview = Eigen::Matrix4f::Identity();
    overview(0, 3) = -8.0f;
    overview(1, 3) = -0.3f;
    overview(2, 3) = -30.0f;
    const Eigen::Matrix4f projection = sw::render::perspectiveMatrix(1.0f, 1.6f, 1.0f, 100.0f);
    const ScanFrame frame = scanFrame(overview, projection);
    ScanDrawSettings s;
    s.width = 160;
    s.height = 100;
    REQUIRE(scene.renderer->renderImage(overview, projection, draws, s).ok());
    auto gpu = scene.renderer->lastOrder();
    REQUIRE(gpu.ok());
    const auto cpu = lod::sortBackToFront(draws, frame.eye, frame.forward);
    REQUIRE(gpu->size() == cpu.size());
    std::size_t mismatches = 0;
    for (std::size_t i = 0; i < cpu.size(); ++i) mismatches += (*gpu)[i].item != cpu[i].item || (*gpu)[i].splat != cpu[i].splat;
    CHECK(mismatches == 0);
}
