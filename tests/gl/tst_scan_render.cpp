// The GPU path of large scans (core/render/scan_renderer.h, issue 36 item 4), on scenes built in
// code with fixed seeds, against the CPU path (core/render/scan_cull.h over lod::sortBackToFront):
//   - the GPU draw order equals the CPU order on a multi-chunk scene with depth ties and chunks of
//     several levels, all splats in view;
//   - culling: the GPU keeps every splat the CPU keeps with the frustum narrowed by CULL_TOL and
//     none it drops with it widened by CULL_TOL, and draws them in the CPU order;
//   - no chunk is drawn before its fence has been seen (fenceSignalled withheld);
//   - evictions free slots, the GPU pool never exceeds its bytes, a full pool makes chunks wait
//     (the pool draws coarser), and the slot allocator's first fit, merging and fragmentation;
//   - images: a scan drawn by this path against the same splats drawn by the cloud renderer
//     (SplatRenderer shell pass), within IMAGE_TOL; false colour shows each drawn level.
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

// The image metric between the two renderers: they project differently (EWA here, the 3D quad
// of the two major axes there) and order differently (exact here, 64 heading sectors there).
constexpr int IMAGE_CHANNEL_TOL = 24;       // out of 255
constexpr double IMAGE_MAX_SHARE = 0.02;    // of the pixels beyond IMAGE_CHANNEL_TOL

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

Eigen::Matrix4f perspective(float fovY, float aspect, float near, float far) {
    Eigen::Matrix4f p = Eigen::Matrix4f::Zero();
    const float f = 1.0f / std::tan(fovY / 2.0f);
    p(0, 0) = f / aspect;
    p(1, 1) = f;
    p(2, 2) = (far + near) / (near - far);
    p(2, 3) = 2.0f * far * near / (near - far);
    p(3, 2) = -1.0f;
    return p;
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

    Scene(std::shared_ptr<const lod::LodTree> t, std::uint64_t residentBudget, std::uint64_t gpuBytes) : tree(std::move(t)) {
        context = test::requireContext();
        auto r = ScanRenderer::create(context->loader(), gpuBytes);
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
    const Eigen::Matrix4f proj = perspective(1.6f, 1.0f, 0.05f, 100.0f);
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
        const Eigen::Matrix4f proj = perspective(c.fov, 1.6f, 0.1f, 6.0f);
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
