// The out-of-core LOD build (lod_build_disk.h) on a 300k-splat scan generated in code under a
// 16 MiB limit: built in parts on disk, every splat lands in exactly one leaf, the tree's counts
// and bounds hold from the root down, coarse levels keep each leaf's mass, the streamed PLY gives
// the splats the whole-file reader gives, a cancel leaves nothing, and a scan that fits is built
// in memory as before.
#include <doctest/doctest.h>

#include <algorithm>
#include <atomic>
#include <filesystem>
#include <unistd.h>

#include "core/formats/ply.h"
#include "core/lod/lod_build_disk.h"
#include "core/lod/lod_folder.h"
#include "core/lod/lod_job.h"
#include "core/lod/merge.h"
#include "tests/core/tst_lod_fixtures.h"

using namespace sw::lod;
namespace fs = std::filesystem;

namespace {

struct Scan {
    fs::path dir;
    std::string ply;
    sw::splat::SplatCloud cloud;  // as the whole-file reader gives it (model space)
};

const Scan& bigScan() {
    static const Scan scan = [] {
        Scan s;
        s.dir = fs::temp_directory_path() / ("sw_lod_disk_" + std::to_string(::getpid()));
        fs::remove_all(s.dir);
        fs::create_directories(s.dir);
        s.ply = (s.dir / "scan.ply").string();
        const sw::splat::SplatCloud strip = test::stripScene(300.0f, 10.0f, 0.1f, 11u);  // 3000 × 100 splats
        REQUIRE(sw::formats::writePly(s.ply, strip).ok());
        auto back = sw::formats::readPly(s.ply);
        REQUIRE(back.ok());
        s.cloud = std::move(*back);
        return s;
    }();
    return scan;
}

bool lexLess(const Eigen::Vector3f& a, const Eigen::Vector3f& b) {
    return std::lexicographical_compare(a.data(), a.data() + 3, b.data(), b.data() + 3);
}

}  // namespace

TEST_CASE("a streamed PLY gives the splats the whole-file reader gives, block by block") {
    const Scan& scan = bigScan();
    auto reader = sw::formats::PlyStreamReader::open(scan.ply);
    REQUIRE(reader.ok());
    CHECK((*reader)->count() == scan.cloud.size());
    std::size_t at = 0;
    for (;;) {
        auto block = (*reader)->next(70000);
        REQUIRE(block.ok());
        if (block->empty()) break;
        for (std::size_t i = 0; i < block->size(); ++i, ++at) {
            REQUIRE(block->positions[i] == scan.cloud.positions[at]);
            REQUIRE(block->scales[i] == scan.cloud.scales[at]);
            REQUIRE(block->opacities[i] == scan.cloud.opacities[at]);
        }
    }
    CHECK(at == scan.cloud.size());
}

TEST_CASE("a scan over the memory limit is built on disk in parts: every splat once, counts, bounds and mass hold") {
    const Scan& scan = bigScan();
    REQUIRE(scan.cloud.size() * kBuildBytesPerSplat > 16ull * 1048576ull);  // does not fit 16 MiB
    LodSettings settings;
    settings.leafSize = 4096;
    settings.levels = 4;
    settings.memoryMiB = 16;
    const std::string out = (scan.dir / "disk").string();
    auto report = buildLodFolder(scan.ply, out, settings);
    REQUIRE_MESSAGE(report.ok(), report.error().toString());
    CHECK(report->parts >= 3);
    CHECK(report->splats == scan.cloud.size());
    CHECK_FALSE(fs::exists(fs::path(out) / "scratch"));  // scratch files went with the build

    auto tree = readLodFolder(out);
    REQUIRE_MESSAGE(tree.ok(), tree.error().toString());
    CHECK(tree->splatCount(0) == scan.cloud.size());
    REQUIRE(tree->nodes[0].count == scan.cloud.size());
    // Every node: an internal one holds its children's counts and bounds; a leaf points back.
    for (std::size_t n = 0; n < tree->nodes.size(); ++n) {
        const LodNode& node = tree->nodes[n];
        if (node.leaf >= 0) {
            CHECK(tree->leaves[std::size_t(node.leaf)].node == std::int32_t(n));
            CHECK(node.count <= std::uint64_t(settings.leafSize));
            continue;
        }
        const LodNode& a = tree->nodes[std::size_t(node.children[0])];
        const LodNode& b = tree->nodes[std::size_t(node.children[1])];
        CHECK(node.children[0] > std::int32_t(n));  // parents precede children
        CHECK(node.count == a.count + b.count);
        CHECK(node.bounds.contains(a.bounds));
        CHECK(node.bounds.contains(b.bounds));
    }
    // Level 0 of all leaves is the scan, each splat once.
    std::vector<Eigen::Vector3f> built, source = scan.cloud.positions;
    for (std::size_t leaf = 0; leaf < tree->leaves.size(); ++leaf) {
        const auto& chunk = tree->chunk(leaf, 0);
        built.insert(built.end(), chunk.positions.begin(), chunk.positions.end());
        // Coarser levels keep the leaf's mass (opacity stays below 1 in this scene).
        double m0 = 0, m3 = 0;
        for (std::size_t i = 0; i < chunk.size(); ++i) m0 += splatMass(chunk.opacities[i], chunk.scales[i]);
        const auto& coarse = tree->chunk(leaf, 3);
        for (std::size_t i = 0; i < coarse.size(); ++i) m3 += splatMass(coarse.opacities[i], coarse.scales[i]);
        CHECK(m3 == doctest::Approx(m0).epsilon(1e-3));
    }
    std::sort(built.begin(), built.end(), lexLess);
    std::sort(source.begin(), source.end(), lexLess);
    CHECK(built == source);
}

TEST_CASE("a cancelled out-of-core build leaves nothing; a scan that fits is built in memory in one part") {
    const Scan& scan = bigScan();
    LodSettings settings;
    settings.leafSize = 4096;
    settings.levels = 3;
    settings.memoryMiB = 16;
    auto token = std::make_shared<sw::CancelToken>();
    std::atomic<int> reports{0};
    sw::Progress progress([&](double, std::string_view) {
        if (++reports == 20) token->cancel();
    }, token);
    const std::string out = (scan.dir / "cancelled").string();
    auto cancelled = buildLodFolder(scan.ply, out, settings, progress);
    REQUIRE_FALSE(cancelled.ok());
    CHECK(cancelled.error().code == sw::ErrorCode::Cancelled);
    CHECK_FALSE(fs::exists(out));
    for (const auto& entry : fs::directory_iterator(scan.dir))
        CHECK_MESSAGE(entry.path().filename().string().find("cancelled") == std::string::npos, entry.path().string());

    settings.memoryMiB = 4096;
    auto inMemory = buildLodFolder(scan.ply, (scan.dir / "memory").string(), settings);
    REQUIRE(inMemory.ok());
    CHECK(inMemory->parts == 1);
    CHECK(inMemory->splats == scan.cloud.size());
}
