// The real scans of ../shared/assets/scans (label external): PlayCanvas's 7-level Streamed SOG
// (playbot, 919,279 splats over its levels) streamed through the resident pool under a small byte
// budget by StreamedSogChunkSource, and written again as a Streamed SOG; a real SOG with SH
// decoded, re-encoded and decoded again.
#include <doctest/doctest.h>

#include <chrono>
#include <cmath>
#include <filesystem>
#include <numeric>
#include <set>

#include "core/formats/sog.h"
#include "core/formats/sog_write.h"
#include "core/formats/streamed_sog.h"
#include "core/lod/resident_pool.h"
#include "core/lod/streamed_sog_source.h"
#include "core/lod/streamed_sog_write.h"
#include "tests/support/test_support.h"

using namespace sw::lod;
namespace fs = std::filesystem;

namespace {

const std::string& playbot() {
    static const std::string p = sw::test::assetPath("scans/playbot/lod-meta.json");
    return p;
}

double seconds(std::chrono::steady_clock::time_point t0) {
    return std::chrono::duration<double>(std::chrono::steady_clock::now() - t0).count();
}

// Plans, loads, uploads and fences frame by frame until nothing changes; the budget is checked
// after every frame.
std::vector<DrawItem> stream(ResidentPool& pool, const View& view, const Selection& sel, std::uint64_t budget) {
    std::vector<DrawItem> draws;
    for (int frame = 0; frame < 32; ++frame) {
        pool.update({{view, &sel}});
        pool.waitForLoads();
        CHECK(pool.residentBytes() <= budget);
        for (const DrawItem& d : pool.takeUploads()) pool.fenceSignalled(d.key);
        draws = pool.drawList(sel);
    }
    return draws;
}

}  // namespace

TEST_CASE("PlayCanvas's Streamed SOG streams through the resident pool under a small byte budget") {
    auto source = StreamedSogChunkSource::open(playbot());
    REQUIRE(source.ok());
    const LodTree& t = (*source)->tree();
    CHECK(t.levelCount == 7);
    REQUIRE(t.leaves.size() == 2);
    std::uint64_t all = 0;
    for (int l = 0; l < t.levelCount; ++l) all += t.splatCount(l);
    CHECK(all == 919279);
    CHECK(t.splatCount(0) == 500000);
    CHECK(t.nodes[0].count == 500000);
    for (const LodLeaf& leaf : t.leaves) {
        CHECK(leaf.levels[0].error == 0.0f);
        for (int l = 1; l < t.levelCount; ++l) {
            CHECK(leaf.levels[std::size_t(l)].spacing > leaf.levels[std::size_t(l - 1)].spacing);
            CHECK(leaf.levels[std::size_t(l)].error > 0.0f);
        }
    }

    View view;  // close in front of the model: it wants the finest levels
    view.position = t.nodes[0].bounds.center() + Eigen::Vector3f(0.0f, -3.0f, 0.5f);
    view.viewportHeight = 1080;
    auto sel = selectLevels({&t}, view, SelectionSettings{});
    REQUIRE(sel.ok());
    for (const LeafChoice& c : sel->leaves) CHECK(c.level == 0);

    // 3 MiB: neither finest chunk (about 250k splats, 4 MB packed) fits; the pool keeps coarser ones.
    const std::uint64_t small = 3ull << 20;
    auto pool = ResidentPool::create({small, 2}, {*source});
    REQUIRE(pool.ok());
    const auto t0 = std::chrono::steady_clock::now();
    auto draws = stream(**pool, view, *sel, small);
    MESSAGE("streamed under 3 MiB in " << seconds(t0) << " s, " << (*source)->fileDecodes() << " SOG files decoded, peak "
                                       << (*pool)->peakBytes() << " bytes");
    CHECK((*pool)->failures().empty());
    CHECK((*pool)->peakBytes() <= small);
    REQUIRE(draws.size() == 2);
    const auto manifest = sw::formats::readStreamedSogManifest(playbot());
    REQUIRE(manifest.ok());
    for (const DrawItem& d : draws) {
        CAPTURE(d.key.leaf);
        CHECK(d.key.level > 0);  // coarser than selected: the budget holds no finest chunk
        const auto& run = (*source)->run(d.key.leaf, d.key.level);
        CHECK(d.chunk->splats.size() == run.count);
        // The drawn chunk is the manifest's run, decoded independently.
        auto truth = sw::formats::readStreamedSogChunk(*manifest, (*source)->manifestNode(d.key.leaf), int(d.key.level));
        REQUIRE(truth.ok());
        const auto back = unpackChunk(*d.chunk);
        const Eigen::Vector3f step = d.chunk->bounds.sizes() / 65535.0f;
        for (std::size_t i = 0; i < back.size(); ++i)
            CHECK(((back.positions[i] - truth->positions[i]).cwiseAbs() - 0.51f * step).maxCoeff() <= 1e-6f);
    }

    // 64 MiB holds the whole finest level: both leaves drawn at level 0.
    auto big = ResidentPool::create({64ull << 20, 2}, {*source});
    REQUIRE(big.ok());
    draws = stream(**big, view, *sel, 64ull << 20);
    REQUIRE(draws.size() == 2);
    for (const DrawItem& d : draws) CHECK(d.key.level == 0);
    std::uint64_t drawn = 0;
    for (const DrawItem& d : draws) drawn += d.chunk->splats.size();
    CHECK(drawn == 500000);
}

TEST_CASE("PlayCanvas's Streamed SOG written again as a Streamed SOG keeps its levels and splats") {
    auto source = StreamedSogChunkSource::open(playbot());
    REQUIRE(source.ok());
    const fs::path out = fs::path(sw::test::outputDir("lod_streamed_scan")) / "playbot";
    std::error_code ec;
    fs::remove_all(out, ec);
    const auto t0 = std::chrono::steady_clock::now();
    auto bytes = writeStreamedSog(**source, out.string());
    REQUIRE(bytes.ok());
    MESSAGE("919,279 splats written as a Streamed SOG in " << seconds(t0) << " s, " << *bytes << " bytes");
    auto back = StreamedSogChunkSource::open(out.string());
    REQUIRE(back.ok());
    const LodTree& a = (*source)->tree();
    const LodTree& b = (*back)->tree();
    REQUIRE(b.leaves.size() == a.leaves.size());
    for (int l = 0; l < a.levelCount; ++l) CHECK(b.splatCount(l) == a.splatCount(l));
    // Positions go onto the 16-bit grid of each file's own range again (PlayCanvas's ranges are
    // not those of the splats a file holds): within half a step of sign·ln(|p| + 1) over the root's bound.
    double step = 0;
    for (int k = 0; k < 3; ++k) {
        auto logT = [](double v) { return std::copysign(std::log1p(std::fabs(v)), v); };
        step = std::max(step, (logT(double(a.nodes[0].bounds.max()[k])) - logT(double(a.nodes[0].bounds.min()[k]))) / 65535.0);
    }
    double worst = 0;  // the change in units of that half step, (|p| + 1)·(e^{s/2} − 1)
    for (std::uint32_t leaf = 0; leaf < a.leaves.size(); ++leaf)
        for (std::uint32_t l = 0; l < std::uint32_t(a.levelCount); ++l) {
            auto ca = (*source)->loadChunk(leaf, l), cb = (*back)->loadChunk(leaf, l);
            REQUIRE(ca.ok());
            REQUIRE(cb.ok());
            REQUIRE(ca->size() == cb->size());
            CHECK(ca->rotations == cb->rotations);
            CHECK(ca->scales == cb->scales);
            CHECK(ca->colors == cb->colors);
            CHECK(ca->opacities == cb->opacities);
            for (std::size_t i = 0; i < ca->size(); ++i)
                for (int k = 0; k < 3; ++k)
                    worst = std::max(worst, double(std::fabs(ca->positions[i][k] - cb->positions[i][k])) /
                                                ((double(std::fabs(ca->positions[i][k])) + 1.0) * std::expm1(0.5 * step)));
        }
    MESSAGE("largest position change: " << worst << " of half a 16-bit step");
    CHECK(worst <= 1.01);
}

TEST_CASE("a real SOG with SH 3 decoded, re-encoded and decoded again keeps its splats") {
    const std::string skull = sw::test::assetPath("scans/skull.sog");
    auto a = sw::formats::readSog(skull);
    REQUIRE(a.ok());
    const std::string path = (fs::path(sw::test::outputDir("lod_streamed_scan")) / "skull.sog").string();
    const auto t0 = std::chrono::steady_clock::now();
    REQUIRE(sw::formats::writeSog(path, *a).ok());
    MESSAGE("skull (94,936 splats, SH 3) encoded in " << seconds(t0) << " s: " << fs::file_size(path) << " bytes (the original "
                                                      << fs::file_size(skull) << ")");
    auto b = sw::formats::readSog(path);
    REQUIRE(b.ok());
    REQUIRE(b->size() == a->size());
    CHECK(b->shDegree == 3);
    CHECK(a->rotations == b->rotations);
    CHECK(a->scales == b->scales);
    CHECK(a->colors == b->colors);
    CHECK(a->opacities == b->opacities);
    double pos = 0, sh = 0, shRange = 0;
    for (std::size_t i = 0; i < a->size(); ++i) pos = std::max(pos, double((a->positions[i] - b->positions[i]).cwiseAbs().maxCoeff()));
    for (std::size_t j = 0; j < a->shRest.size(); ++j) {
        sh = std::max(sh, double(std::fabs(a->shRest[j] - b->shRest[j])));
        shRange = std::max(shRange, double(std::fabs(a->shRest[j])));
    }
    MESSAGE("largest position change " << pos << ", SH change " << sh << " of coefficients up to " << shRange);
    CHECK(pos <= 1e-5);
    CHECK(sh <= shRange / 50);  // the palette (65536 entries for 94,936 splats) and the SH codebook
}
