// Cutting a region out of a scan (extract.h): exactly the finest splats inside, bit for bit,
// read leaf by leaf; screen shapes equal the selection tools' picks; limits, cancel and errors.
#include <doctest/doctest.h>

#include <algorithm>
#include <atomic>
#include <cstring>
#include <filesystem>
#include <fstream>
#include <mutex>
#include <set>

#include "core/formats/cloud_io.h"
#include "core/formats/ply.h"
#include "core/foundation/file_io.h"
#include "core/foundation/progress.h"
#include "core/lod/extract.h"
#include "core/lod/lod_folder.h"
#include "core/lod/lod_job.h"
#include "core/splat/selection.h"
#include "tests/core/tst_lod_trees.h"
#include "tests/support/test_support.h"

using namespace sw::lod;
namespace fs = std::filesystem;
using sw::splat::SplatCloud;

namespace {

// One splat's every float (SH bands too) as bytes: clouds compare as sorted multisets of these.
std::vector<std::string> records(const SplatCloud& c) {
    const std::size_t rest = c.shDegree > 0 ? std::size_t(sw::splat::shRestCount(c.shDegree)) * 3 : 0;
    std::vector<std::string> out;
    for (std::size_t i = 0; i < c.size(); ++i) {
        std::vector<float> v = {c.positions[i].x(), c.positions[i].y(), c.positions[i].z(), c.scales[i].x(), c.scales[i].y(),
                                c.scales[i].z(), c.rotations[i][0], c.rotations[i][1], c.rotations[i][2], c.rotations[i][3],
                                c.opacities[i], c.colors[i].x(), c.colors[i].y(), c.colors[i].z()};
        for (std::size_t k = 0; k < rest; ++k) v.push_back(c.shRest[i * rest + k]);
        out.emplace_back(reinterpret_cast<const char*>(v.data()), v.size() * sizeof(float));
    }
    std::sort(out.begin(), out.end());
    return out;
}

// The splats of `cloud` that `mask` marks.
SplatCloud filtered(const SplatCloud& cloud, const std::vector<std::uint8_t>& mask) {
    SplatCloud out;
    out.shDegree = cloud.shDegree;
    const std::size_t rest = cloud.shDegree > 0 ? std::size_t(sw::splat::shRestCount(cloud.shDegree)) * 3 : 0;
    for (std::size_t i = 0; i < cloud.size(); ++i) {
        if (!mask[i]) continue;
        out.positions.push_back(cloud.positions[i]);
        out.rotations.push_back(cloud.rotations[i]);
        out.scales.push_back(cloud.scales[i]);
        out.opacities.push_back(cloud.opacities[i]);
        out.colors.push_back(cloud.colors[i]);
        for (std::size_t k = 0; k < rest; ++k) out.shRest.push_back(cloud.shRest[i * rest + k]);
    }
    return out;
}

// A source that records every load and checks they come one at a time, finest level only.
class WatchedSource final : public ChunkSource {
public:
    explicit WatchedSource(std::shared_ptr<const LodTree> tree) : m_inner(std::move(tree)) {}
    const LodTree& tree() const override { return m_inner.tree(); }
    sw::Result<SplatCloud> loadChunk(std::uint32_t leaf, std::uint32_t level) const override {
        if (++m_inFlight > 1) m_overlapped = true;
        auto chunk = m_inner.loadChunk(leaf, level);
        {
            std::lock_guard lock(m_mutex);
            m_loads.emplace_back(leaf, level);
        }
        if (m_cancelAfter > 0 && m_loads.size() >= m_cancelAfter) m_token->cancel();
        --m_inFlight;
        return chunk;
    }
    std::vector<std::pair<std::uint32_t, std::uint32_t>> loads() const { return m_loads; }
    bool overlapped() const { return m_overlapped; }
    void cancelAfter(std::size_t loads, std::shared_ptr<sw::CancelToken> token) {
        m_cancelAfter = loads;
        m_token = std::move(token);
    }

private:
    MemoryChunkSource m_inner;
    mutable std::mutex m_mutex;
    mutable std::vector<std::pair<std::uint32_t, std::uint32_t>> m_loads;
    mutable std::atomic<int> m_inFlight{0};
    mutable std::atomic<bool> m_overlapped{false};
    std::size_t m_cancelAfter = 0;
    std::shared_ptr<sw::CancelToken> m_token;
};

std::shared_ptr<const LodTree> treeOf(const SplatCloud& cloud, int leafSize, int levels) {
    LodSettings s;
    s.leafSize = leafSize;
    s.levels = levels;
    auto tree = buildLodTree(cloud, s);
    REQUIRE(tree.ok());
    return std::make_shared<const LodTree>(std::move(*tree));
}

Eigen::Matrix4f lookAt(const Eigen::Vector3f& eye, const Eigen::Vector3f& target, const Eigen::Vector3f& up) {
    const Eigen::Vector3f f = (target - eye).normalized(), s = f.cross(up).normalized(), u = s.cross(f);
    Eigen::Matrix4f m = Eigen::Matrix4f::Identity();
    m.block<1, 3>(0, 0) = s.transpose();
    m.block<1, 3>(1, 0) = u.transpose();
    m.block<1, 3>(2, 0) = -f.transpose();
    m(0, 3) = -s.dot(eye), m(1, 3) = -u.dot(eye), m(2, 3) = f.dot(eye);
    return m;
}

Eigen::Matrix4f perspective(float fovY, float aspect, float n, float f) {
    const float t = 1.0f / std::tan(0.5f * fovY);
    Eigen::Matrix4f m = Eigen::Matrix4f::Zero();
    m(0, 0) = t / aspect, m(1, 1) = t, m(2, 2) = (f + n) / (n - f), m(2, 3) = 2 * f * n / (n - f), m(3, 2) = -1;
    return m;
}

}  // namespace

TEST_CASE("a box extraction is exactly the finest splats inside it, bit for bit, from memory and from a folder") {
    const SplatCloud cloud = test::stripScene(20.0f, 4.0f, 0.1f, 11);  // 8000 splats
    const auto tree = treeOf(cloud, 500, 3);
    const MemoryChunkSource memory(tree);
    const std::string folder = sw::test::outputDir("lod_extract") + "/box";
    fs::remove_all(folder);
    REQUIRE(writeLodFolder(*tree, folder).ok());
    auto onDisk = FolderChunkSource::open(folder);
    REQUIRE(onDisk.ok());
    const Eigen::AlignedBox3f boxes[] = {
        {Eigen::Vector3f(3.05f, 0.55f, -1.0f), Eigen::Vector3f(9.37f, 2.71f, 1.0f)},   // across several leaves
        {Eigen::Vector3f(-5.0f, -5.0f, -5.0f), Eigen::Vector3f(50.0f, 50.0f, 5.0f)},  // the whole scan
        {Eigen::Vector3f(12.0f, 1.0f, 0.0f), Eigen::Vector3f(12.3f, 1.3f, 0.002f)},   // a thin slab
    };
    for (const Eigen::AlignedBox3f& box : boxes) {
        CAPTURE(box.min().transpose());
        const SplatCloud expected = filtered(cloud, sw::splat::insideAabb(cloud.positions, box.min(), box.max()));
        REQUIRE(expected.size() > 0);
        for (const ChunkSource* source : {static_cast<const ChunkSource*>(&memory), static_cast<const ChunkSource*>(onDisk->get())}) {
            auto got = extractRegion(*source, Region::aabb(box), {});
            REQUIRE(got.ok());
            CHECK(got->size() == expected.size());
            CHECK(records(*got) == records(expected));
            CHECK(got->validate("extract").ok());
        }
        CHECK(records(cutCloud(cloud, Region::aabb(box))) == records(expected));  // the same cut of a cloud in memory
    }
    // A box beside the scan: an empty cloud, no chunk read.
    WatchedSource watched(tree);
    auto none = extractRegion(watched, Region::aabb({Eigen::Vector3f(30, 30, 30), Eigen::Vector3f(31, 31, 31)}), {});
    REQUIRE(none.ok());
    CHECK(none->empty());
    CHECK(watched.loads().empty());
}

TEST_CASE("an extraction reads only the leaves the region meets, their finest level, one chunk at a time") {
    const SplatCloud cloud = test::stripScene(40.0f, 2.0f, 0.1f, 5);  // 8000 splats, 16+ leaves along x
    const auto tree = treeOf(cloud, 400, 4);
    WatchedSource source(tree);
    const Eigen::AlignedBox3f box(Eigen::Vector3f(10.0f, -1.0f, -1.0f), Eigen::Vector3f(14.0f, 3.0f, 1.0f));
    ExtractStats stats;
    auto got = extractRegion(source, Region::aabb(box), {}, {}, &stats);
    REQUIRE(got.ok());
    CHECK_FALSE(source.overlapped());
    std::set<std::uint32_t> expectedLeaves;
    std::size_t largestChunk = 0;
    for (std::size_t l = 0; l < tree->leaves.size(); ++l) {
        if (tree->leaves[l].bounds.intersects(box)) expectedLeaves.insert(std::uint32_t(l));
        largestChunk = std::max(largestChunk, tree->chunk(l, 0).size());
    }
    std::set<std::uint32_t> loaded;
    for (const auto& [leaf, level] : source.loads()) {
        CHECK(level == 0);
        loaded.insert(leaf);
    }
    CHECK(source.loads().size() == loaded.size());  // each leaf once
    CHECK(loaded == expectedLeaves);
    CHECK(stats.leavesVisited == expectedLeaves.size());
    CHECK(stats.leavesSkipped == tree->leaves.size() - expectedLeaves.size());
    CHECK(stats.leavesSkipped >= tree->leaves.size() / 2);
    CHECK(stats.peakHeld <= got->size() + largestChunk);
    CHECK(stats.peakHeld >= got->size());
}

TEST_CASE("an extraction is Cancelled when its progress is, before or between leaves") {
    const auto tree = test::stripTree(20.0f, 2.0f, 0.1f, 200, 2);
    const Region everything = Region::aabb(tree->nodes[0].bounds);
    auto token = std::make_shared<sw::CancelToken>();
    token->cancel();
    WatchedSource before(tree);
    auto r = extractRegion(before, everything, {}, sw::Progress({}, token));
    REQUIRE_FALSE(r.ok());
    CHECK(r.error().code == sw::ErrorCode::Cancelled);
    CHECK(before.loads().empty());

    auto token2 = std::make_shared<sw::CancelToken>();
    WatchedSource between(tree);
    between.cancelAfter(3, token2);
    auto r2 = extractRegion(between, everything, {}, sw::Progress({}, token2));
    REQUIRE_FALSE(r2.ok());
    CHECK(r2.error().code == sw::ErrorCode::Cancelled);
    CHECK(between.loads().size() == 3);
    CHECK(tree->leaves.size() > 3);
}

TEST_CASE("a screen region keeps exactly what the rect, lasso and brush tools select on the same cloud and camera") {
    const SplatCloud cloud = test::stripScene(20.0f, 6.0f, 0.1f, 23);  // 12000 splats
    const auto tree = treeOf(cloud, 700, 3);
    const MemoryChunkSource source(tree);
    const int w = 800, h = 600;
    const Eigen::Matrix4f view = lookAt({6.0f, -8.0f, 6.0f}, {8.0f, 3.0f, 0.0f}, Eigen::Vector3f::UnitZ());
    const Eigen::Matrix4f proj = perspective(0.8f, float(w) / float(h), 0.1f, 100.0f);
    const sw::splat::ProjectedCentres p = sw::splat::projectCentres(cloud.positions, view, proj, w, h);
    const std::vector<Eigen::Vector2f> lasso = {{220, 140}, {610, 190}, {520, 470}, {400, 300}, {180, 420}};
    const std::vector<Eigen::Vector2f> dabs = {{300, 300}, {330, 310}, {360, 330}, {600, 100}};
    sw::splat::Mask brush(cloud.size(), 0);
    for (const Eigen::Vector2f& d : dabs) {
        const sw::splat::Mask c = sw::splat::insideCircle(p, d, 40.0f);
        for (std::size_t i = 0; i < brush.size(); ++i) brush[i] |= c[i];
    }
    const std::pair<Region, sw::splat::Mask> cases[] = {
        {Region::screenRect(view, proj, w, h, {500, 420}, {250, 180}), sw::splat::insideBox(p, {500, 420}, {250, 180})},
        {Region::screenLasso(view, proj, w, h, lasso), sw::splat::insideLasso(p, lasso)},
        {Region::screenBrush(view, proj, w, h, dabs, 40.0f), brush},
    };
    for (const auto& [region, mask] : cases) {
        CAPTURE(int(region.kind));
        const SplatCloud expected = filtered(cloud, mask);
        REQUIRE(expected.size() > 100);
        REQUIRE(expected.size() < cloud.size() / 2);
        ExtractStats stats;
        auto got = extractRegion(source, region, {}, {}, &stats);
        REQUIRE(got.ok());
        CHECK(records(*got) == records(expected));
        CHECK(stats.leavesSkipped > 0);
    }
    // Behind the camera nothing is picked, and no leaf is read.
    const Eigen::Matrix4f away = lookAt({6.0f, -8.0f, 6.0f}, {6.0f, -20.0f, 6.0f}, Eigen::Vector3f::UnitZ());
    ExtractStats stats;
    auto none = extractRegion(source, Region::screenRect(away, proj, w, h, {0, 0}, {800, 600}), {}, {}, &stats);
    REQUIRE(none.ok());
    CHECK(none->empty());
    CHECK(stats.leavesVisited == 0);
}

TEST_CASE("the splat limit refuses a larger region naming its count; the opacity floor; bad regions and settings") {
    const SplatCloud cloud = test::stripScene(10.0f, 2.0f, 0.1f, 3);  // 2000 splats
    const auto tree = treeOf(cloud, 300, 2);
    const MemoryChunkSource source(tree);
    const Region all = Region::aabb(tree->nodes[0].bounds);
    ExtractSettings s;
    s.splatLimit = 1999;
    auto over = extractRegion(source, all, s);
    REQUIRE_FALSE(over.ok());
    CHECK(over.error().code == sw::ErrorCode::InvalidInput);
    CHECK(over.error().message.find("holds at least 2000 splats, more than the extraction limit of 1999") != std::string::npos);
    // A region the tree cannot vouch for is counted whole before refusing.
    s.splatLimit = 10;
    const Region part = Region::aabb({Eigen::Vector3f(2.05f, 0.05f, -1.0f), Eigen::Vector3f(3.05f, 1.05f, 1.0f)});  // 10 × 10
    auto counted = extractRegion(source, part, s);
    REQUIRE_FALSE(counted.ok());
    CHECK(counted.error().message.find("the region holds 100 splats, more than the extraction limit of 10") != std::string::npos);
    s.splatLimit = 100;
    CHECK(extractRegion(source, part, s).ok());

    ExtractSettings floor;
    floor.opacityFloor = 0.4f;
    auto opaque = extractRegion(source, all, floor);
    REQUIRE(opaque.ok());
    sw::splat::Mask keep(cloud.size());
    for (std::size_t i = 0; i < cloud.size(); ++i) keep[i] = cloud.opacities[i] >= 0.4f;
    CHECK(records(*opaque) == records(filtered(cloud, keep)));
    CHECK(opaque->size() > 0);
    CHECK(opaque->size() < cloud.size());

    ExtractSettings bad;
    bad.opacityFloor = 2.0f;
    CHECK(extractRegion(source, all, bad).error().message.find("opacity-floor") != std::string::npos);
    Region empty = Region::aabb({Eigen::Vector3f(1, 1, 1), Eigen::Vector3f(0, 2, 2)});
    CHECK(extractRegion(source, empty, {}).error().message == "the region box is empty (a minimum above its maximum)");
    Region lasso = Region::screenLasso(Eigen::Matrix4f::Identity(), Eigen::Matrix4f::Identity(), 10, 10, {{0, 0}, {1, 1}});
    CHECK(extractRegion(source, lasso, {}).error().message == "the region lasso needs at least three points");
    Region brush = Region::screenBrush(Eigen::Matrix4f::Identity(), Eigen::Matrix4f::Identity(), 0, 10, {{0, 0}}, 3.0f);
    CHECK(extractRegion(source, brush, {}).error().message == "the region has a viewport of 0 x 10 px");
}

TEST_CASE("a chunk's read error names its file") {
    const auto tree = test::stripTree(10.0f, 2.0f, 0.1f, 300, 2);
    const std::string folder = sw::test::outputDir("lod_extract") + "/broken";
    fs::remove_all(folder);
    REQUIRE(writeLodFolder(*tree, folder).ok());
    const fs::path chunk = fs::path(folder) / chunkFileName(2, 0);
    fs::resize_file(chunk, fs::file_size(chunk) - 4);
    auto source = FolderChunkSource::open(folder);
    REQUIRE(source.ok());
    auto r = extractRegion(**source, Region::aabb(tree->nodes[0].bounds), {});
    REQUIRE_FALSE(r.ok());
    CHECK(r.error().path == chunk.string());
    CHECK(r.error().message.find("truncated chunk") == 0);
}

namespace {

// lod-build of `scan` (a PLY) into `out`, in memory or on disk (a 16 MiB limit), then the whole
// tree extracted: its splats and the folder's source.
SplatCloud builtThenExtracted(const std::string& scan, const std::string& out, int memoryMiB, std::size_t& parts) {
    LodSettings s;
    s.leafSize = 4096;
    s.levels = 3;
    s.memoryMiB = memoryMiB;
    fs::remove_all(out);
    auto report = buildLodFolder(scan, out, s, {}, {false, {}});
    REQUIRE(report.ok());
    parts = report->parts;
    auto source = FolderChunkSource::open(out);
    REQUIRE(source.ok());
    auto all = extractRegion(**source, Region::aabb((*source)->tree().nodes[0].bounds), {});
    REQUIRE(all.ok());
    return std::move(*all);
}

}  // namespace

TEST_CASE("SH bands survive lod-build (in memory and on disk) at level 0 and come back out of an extraction") {
    const std::string dir = sw::test::outputDir("lod_extract") + "/sh";
    fs::remove_all(dir);
    fs::create_directories(dir);
    // 60 000 splats of degree 3: 31 MB of build working set, over a 16 MiB limit.
    const std::string ply = dir + "/scan.ply";
    REQUIRE(sw::formats::writePly(ply, test::withSh(test::stripScene(60.0f, 10.0f, 0.1f, 17), 3)).ok());
    auto source = sw::formats::readSplatCloud(ply);  // what the PLY holds, to the bit
    REQUIRE(source.ok());
    REQUIRE(source->shDegree == 3);
    std::size_t parts = 0;
    const SplatCloud inMemory = builtThenExtracted(ply, dir + "/memory", 4096, parts);
    CHECK(parts == 1);
    CHECK(inMemory.shDegree == 3);
    CHECK(records(inMemory) == records(*source));
    const SplatCloud onDisk = builtThenExtracted(ply, dir + "/disk", 16, parts);
    CHECK(parts > 1);
    CHECK(onDisk.shDegree == 3);
    CHECK(records(onDisk) == records(*source));

    // The manifest records the degree; level 0 carries 14 + 45 floats a splat, coarser levels 14.
    auto folder = FolderChunkSource::open(dir + "/disk");
    REQUIRE(folder.ok());
    CHECK((*folder)->tree().shDegree == 3);
    CHECK(sw::readFileText(dir + "/disk/lod.json")->find("\"shDegree\": 3") != std::string::npos);
    const auto level0 = sw::readFileBytes((*folder)->chunkPath(0, 0)), level1 = sw::readFileBytes((*folder)->chunkPath(0, 1));
    REQUIRE(level0.ok());
    REQUIRE(level1.ok());
    std::uint32_t floats0 = 0, floats1 = 0;
    std::memcpy(&floats0, level0->data() + 20, 4);
    std::memcpy(&floats1, level1->data() + 20, 4);
    CHECK(floats0 == 59);
    CHECK(floats1 == 14);
    auto coarse = (*folder)->loadChunk(0, 1);
    REQUIRE(coarse.ok());
    CHECK(coarse->shDegree == 0);
    CHECK(coarse->shRest.empty());
    // A region of it: the same SH as the source's splats there.
    const Eigen::AlignedBox3f box(Eigen::Vector3f(20.05f, 2.05f, -1.0f), Eigen::Vector3f(31.05f, 7.05f, 1.0f));
    auto part = extractRegion(**folder, Region::aabb(box), {});
    REQUIRE(part.ok());
    CHECK(part->size() == 110 * 50);
    CHECK(records(*part) == records(filtered(*source, sw::splat::insideAabb(source->positions, box.min(), box.max()))));
}

TEST_CASE("a 1.0 folder (14 floats a splat, no SH degree in its manifest) still reads; a chunk short of its SH is an error") {
    const auto tree = test::stripTree(10.0f, 2.0f, 0.1f, 300, 2);
    const std::string dir = sw::test::outputDir("lod_extract") + "/v1_0";
    fs::remove_all(dir);
    REQUIRE(writeLodFolder(*tree, dir).ok());
    std::string manifest = *sw::readFileText(dir + "/lod.json");
    const auto cut = [&manifest](const std::string& from, const std::string& to) {
        const auto at = manifest.find(from);
        REQUIRE(at != std::string::npos);
        manifest.replace(at, from.size(), to);
    };
    cut("\"version\": \"1.1\"", "\"version\": \"1.0\"");
    cut(" \"shDegree\": 0,\n", "");
    for (std::size_t leaf = 0; leaf < tree->leaves.size(); ++leaf)
        for (int level = 0; level < tree->levelCount; ++level) {  // the chunk headers of version 1.0
            const std::string path = dir + "/" + chunkFileName(leaf, level);
            std::fstream f(path, std::ios::binary | std::ios::in | std::ios::out);
            const std::uint32_t version = 1;
            f.seekp(4);
            f.write(reinterpret_cast<const char*>(&version), 4);
        }
    std::ofstream(dir + "/lod.json", std::ios::binary | std::ios::trunc) << manifest;
    REQUIRE(manifest.find("shDegree") == std::string::npos);
    auto back = readLodFolder(dir);
    REQUIRE(back.ok());
    CHECK(back->shDegree == 0);
    for (std::size_t i = 0; i < tree->chunks.size(); ++i) CHECK(records(back->chunks[i]) == records(tree->chunks[i]));
    auto source = FolderChunkSource::open(dir);
    REQUIRE(source.ok());
    auto all = extractRegion(**source, Region::aabb(tree->nodes[0].bounds), {});
    REQUIRE(all.ok());
    CHECK(all->size() == tree->splatCount(0));

    // A manifest claiming SH bands its chunks do not hold.
    cut("\"levels\": 2,", "\"shDegree\": 3, \"levels\": 2,");
    std::ofstream(dir + "/lod.json", std::ios::binary | std::ios::trunc) << manifest;
    auto claimed = FolderChunkSource::open(dir);
    REQUIRE(claimed.ok());
    auto r = (*claimed)->loadChunk(0, 0);
    REQUIRE_FALSE(r.ok());
    CHECK(r.error().path == (*claimed)->chunkPath(0, 0));
    CHECK(r.error().message == "chunk header says 14 floats per splat; the manifest's SH degree 3 needs 59 at byte offset 20");
    CHECK((*claimed)->loadChunk(0, 1).ok());
}
