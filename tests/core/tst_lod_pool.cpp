// Resident pool: byte budget (loads in flight included), coarse levels first, farthest-first
// eviction, no chunk drawn before its upload fence, several views over one pool, the packed layout.
#include <doctest/doctest.h>

#include <algorithm>
#include <atomic>
#include <mutex>
#include <cmath>
#include <set>
#include <thread>

#include "core/lod/resident_pool.h"
#include "tests/core/tst_lod_trees.h"

using namespace sw::lod;

namespace {

std::shared_ptr<const LodTree> stripTree() {
    static const auto tree = test::stripTree(100.0f, 2.0f, 0.05f, 2000, 5);
    return tree;
}

// Records the order chunks are loaded in.
class LoggingSource final : public ChunkSource {
public:
    explicit LoggingSource(std::shared_ptr<const LodTree> tree, bool fail = false) : m_inner(tree), m_fail(fail) {}
    const LodTree& tree() const override { return m_inner.tree(); }
    sw::Result<sw::splat::SplatCloud> loadChunk(std::uint32_t leaf, std::uint32_t level) const override {
        {
            std::lock_guard lock(m_mutex);
            m_log.push_back({0, leaf, level});
        }
        if (m_fail) return sw::makeError(sw::ErrorCode::Io, "cannot read the chunk", "chunk.swlc");
        return m_inner.loadChunk(leaf, level);
    }
    std::vector<ChunkKey> log() const {
        std::lock_guard lock(m_mutex);
        return m_log;
    }

private:
    MemoryChunkSource m_inner;
    bool m_fail;
    mutable std::mutex m_mutex;
    mutable std::vector<ChunkKey> m_log;
};

View viewAt(float x) {
    View v;
    v.position = {x, 1.0f, 2.0f};
    v.viewportHeight = 200;
    return v;
}

Selection select(const View& v, std::int64_t budget = 10'000'000) {
    SelectionSettings s;
    s.splatBudget = budget;
    auto sel = selectLevels({stripTree().get()}, v, s);
    REQUIRE(sel.ok());
    return std::move(*sel);
}

std::uint64_t allBytes(const LodTree& t) {
    std::uint64_t n = 0;
    for (const LodLeaf& leaf : t.leaves)
        for (const LevelInfo& l : leaf.levels) n += PackedChunk::residentBytes(l.count);
    return n;
}

// One frame of the render side: plan, let the loaders finish, upload, and see the fences land.
void frame(ResidentPool& pool, const std::vector<ViewRequest>& views) {
    pool.update(views);
    pool.waitForLoads();
    for (const DrawItem& d : pool.takeUploads()) pool.fenceSignalled(d.key);
}

std::unique_ptr<ResidentPool> makePool(std::uint64_t budget, std::shared_ptr<const ChunkSource> source, int workers = 2) {
    auto pool = ResidentPool::create({budget, workers}, {std::move(source)});
    REQUIRE(pool.ok());
    return std::move(*pool);
}

}  // namespace

TEST_CASE("the packed resident layout is 16 bytes per splat and close to the source") {
    const auto& chunk = stripTree()->chunk(3, 0);
    const PackedChunk packed = packChunk(chunk);
    CHECK(sizeof(PackedSplat) == 16);
    CHECK(packed.bytes() == 32 + 16 * chunk.size());
    const auto back = unpackChunk(packed);
    const Eigen::Vector3f step = packed.bounds.sizes() / 65535.0f;
    for (std::size_t i = 0; i < chunk.size(); ++i) {
        for (int k = 0; k < 3; ++k) {
            CHECK(std::abs(back.positions[i][k] - chunk.positions[i][k]) <= 0.51f * step[k] + 1e-6f);
            CHECK(std::abs(std::log(back.scales[i][k] / chunk.scales[i][k])) <= 0.5f * 20.0f / 255.0f + 1e-4f);
            CHECK(std::abs(back.colors[i][k] - chunk.colors[i][k]) <= 0.5f / 255.0f + 1e-6f);
        }
        CHECK(std::abs(back.opacities[i] - chunk.opacities[i]) <= 0.5f / 255.0f + 1e-6f);
        CHECK(std::abs(back.rotations[i].dot(chunk.rotations[i])) > 0.9999f);  // q and −q are one rotation; ≤ 1.6°
    }
}

TEST_CASE("a memory budget of 0 bytes is refused") {
    auto pool = ResidentPool::create({0, 1}, {std::make_shared<MemoryChunkSource>(stripTree())});
    REQUIRE_FALSE(pool.ok());
    CHECK(pool.error().code == sw::ErrorCode::InvalidInput);
    CHECK(pool.error().message.find("memory budget is 0 bytes") != std::string::npos);
}

TEST_CASE("no chunk is drawn before its upload fence has signalled") {
    auto pool = makePool(1ull << 30, std::make_shared<MemoryChunkSource>(stripTree()));
    const Selection sel = select(viewAt(-1.0f));
    pool->update({{viewAt(-1.0f), &sel}});
    pool->waitForLoads();
    CHECK(pool->drawList(sel).empty());  // loaded, not uploaded
    const auto uploads = pool->takeUploads();
    REQUIRE(!uploads.empty());
    for (const DrawItem& d : uploads) {
        CHECK(pool->state(d.key) == ChunkState::Uploading);
        CHECK(pool->drawable(d.key) == nullptr);
    }
    CHECK(pool->drawList(sel).empty());  // uploaded, fences pending
    CHECK(pool->takeUploads().empty());  // each chunk is uploaded once
    // Half the fences land: exactly those chunks become drawable.
    std::set<std::uint64_t> landed;
    for (std::size_t i = 0; i < uploads.size(); i += 2) {
        pool->fenceSignalled(uploads[i].key);
        landed.insert(uploads[i].key.packed());
    }
    for (const DrawItem& d : uploads) CHECK((pool->drawable(d.key) != nullptr) == (landed.count(d.key.packed()) == 1));
    for (const DrawItem& d : pool->drawList(sel)) CHECK(landed.count(d.key.packed()) == 1);
    for (const DrawItem& d : uploads) pool->fenceSignalled(d.key);
    const auto draws = pool->drawList(sel);
    CHECK(draws.size() == sel.leaves.size());
    for (std::size_t i = 0; i < draws.size(); ++i) CHECK(draws[i].key.level == sel.leaves[i].level);
}

TEST_CASE("coarse levels are loaded first, then the nearest") {
    auto source = std::make_shared<LoggingSource>(stripTree());
    auto pool = makePool(1ull << 30, source, 1);  // one loader: loads follow the plan exactly
    const View v = viewAt(-1.0f);
    const Selection sel = select(v);
    frame(*pool, {{v, &sel}});
    const auto log = source->log();
    REQUIRE(log.size() > sel.leaves.size());
    for (std::size_t i = 1; i < log.size(); ++i) {
        CHECK(log[i].level <= log[i - 1].level);
        if (log[i].level == log[i - 1].level) {
            const auto& leaves = stripTree()->leaves;
            CHECK(leaves[log[i].leaf].bounds.exteriorDistance(v.position) >=
                  leaves[log[i - 1].leaf].bounds.exteriorDistance(v.position));
        }
    }
    CHECK(log.front().level == 4);
    std::size_t coarsest = 0;
    while (coarsest < log.size() && log[coarsest].level == 4) ++coarsest;
    CHECK(coarsest == stripTree()->leaves.size());  // every leaf's coarse level before any detail
}

TEST_CASE("resident bytes never exceed the budget, loads in flight included") {
    const std::uint64_t budget = allBytes(*stripTree()) / 5;
    auto pool = makePool(budget, std::make_shared<MemoryChunkSource>(stripTree()), 3);
    std::atomic<bool> done{false};
    std::uint64_t seen = 0;
    std::thread sampler([&] {
        while (!done) seen = std::max(seen, pool->residentBytes());
    });
    for (float x = -1.0f; x <= 101.0f; x += 8.5f) {  // a camera flying along the strip
        const View v = viewAt(x);
        const Selection sel = select(v);
        pool->update({{v, &sel}});  // plans while the previous frame's loads may still run
        for (const DrawItem& d : pool->takeUploads()) pool->fenceSignalled(d.key);
        frame(*pool, {{v, &sel}});
        std::uint64_t drawn = 0;
        for (const DrawItem& d : pool->drawList(sel)) drawn += d.chunk->bytes();
        CHECK(drawn <= budget);
        CHECK(pool->residentBytes() <= budget);
    }
    pool->waitForLoads();
    done = true;
    sampler.join();
    CHECK(seen <= budget);
    CHECK(pool->peakBytes() <= budget);
    CHECK(pool->peakBytes() > budget / 2);  // the pool was used
    CHECK_FALSE(pool->evictions().empty());
    CHECK(pool->failures().empty());
}

TEST_CASE("eviction is farthest-first") {
    auto pool = makePool(allBytes(*stripTree()) / 3, std::make_shared<MemoryChunkSource>(stripTree()));
    const View start = viewAt(-1.0f), end = viewAt(101.0f);
    const Selection a = select(start);
    for (int i = 0; i < 3; ++i) frame(*pool, {{start, &a}});
    const std::size_t before = pool->evictions().size();
    std::vector<ChunkKey> residentBefore;
    for (std::uint32_t leaf = 0; leaf < stripTree()->leaves.size(); ++leaf)
        for (std::uint32_t level = 0; level < 5; ++level)
            if (pool->state({0, leaf, level}) == ChunkState::Drawable) residentBefore.push_back({0, leaf, level});
    const Selection b = select(end);
    pool->update({{end, &b}});
    const auto all = pool->evictions();
    const std::vector<ChunkKey> evicted(all.begin() + static_cast<std::ptrdiff_t>(before), all.end());
    REQUIRE(!evicted.empty());
    std::set<std::uint64_t> wanted;
    for (const LeafChoice& c : b.leaves)
        for (std::uint32_t level = c.level; level < 5; ++level) wanted.insert(ChunkKey{0, c.leaf, level}.packed());
    const auto dist = [&](const ChunkKey& k) { return stripTree()->leaves[k.leaf].bounds.exteriorDistance(end.position); };
    float nearestEvicted = 1e30f;
    for (std::size_t i = 0; i < evicted.size(); ++i) {
        CHECK(wanted.count(evicted[i].packed()) == 0);  // only what the view no longer wants
        if (i > 0) CHECK(dist(evicted[i]) <= dist(evicted[i - 1]));
        nearestEvicted = std::min(nearestEvicted, dist(evicted[i]));
    }
    for (const ChunkKey& k : residentBefore)  // what stayed and is not wanted is nearer than what went
        if (pool->state(k) != ChunkState::Absent && !wanted.count(k.packed())) CHECK(dist(k) <= nearestEvicted);
}

TEST_CASE("a budget too small for the detail gives a coarser picture, never a failure") {
    const auto tree = stripTree();
    std::uint64_t coarse = 0;
    for (const LodLeaf& leaf : tree->leaves) coarse += PackedChunk::residentBytes(leaf.levels[4].count) +
                                                       PackedChunk::residentBytes(leaf.levels[3].count);
    auto pool = makePool(coarse, std::make_shared<MemoryChunkSource>(tree));
    const View v = viewAt(-1.0f);
    const Selection sel = select(v);
    for (int i = 0; i < 4; ++i) frame(*pool, {{v, &sel}});
    const auto draws = pool->drawList(sel);
    CHECK(draws.size() == sel.leaves.size());  // every leaf is drawn, some coarser than chosen
    int coarser = 0;
    for (std::size_t i = 0; i < draws.size(); ++i) {
        CHECK(draws[i].key.level >= sel.leaves[i].level);
        coarser += draws[i].key.level > sel.leaves[i].level;
    }
    CHECK(coarser > 0);
    CHECK(pool->failures().empty());
    CHECK(pool->peakBytes() <= coarse);
}

TEST_CASE("a budget smaller than any chunk draws nothing and fails nothing") {
    auto pool = makePool(100, std::make_shared<MemoryChunkSource>(stripTree()));
    const View v = viewAt(-1.0f);
    const Selection sel = select(v);
    frame(*pool, {{v, &sel}});
    CHECK(pool->drawList(sel).empty());
    CHECK(pool->residentBytes() == 0);
    CHECK(pool->failures().empty());
    CHECK(pool->state({0, 0, 4}) == ChunkState::Absent);  // waits for room, not failed
}

TEST_CASE("two views with different cameras draw independently from one pool") {
    auto pool = makePool(1ull << 30, std::make_shared<MemoryChunkSource>(stripTree()));
    const View va = viewAt(-1.0f), vb = viewAt(101.0f);
    const Selection a = select(va), b = select(vb);
    frame(*pool, {{va, &a}, {vb, &b}});
    const auto da = pool->drawList(a), db = pool->drawList(b);
    REQUIRE(da.size() == a.leaves.size());
    REQUIRE(db.size() == b.leaves.size());
    int differ = 0;
    for (std::size_t i = 0; i < da.size(); ++i) {
        CHECK(da[i].key.level == a.leaves[i].level);
        CHECK(db[i].key.level == b.leaves[i].level);
        if (da[i].key == db[i].key) CHECK(da[i].chunk == db[i].chunk);  // one copy of the data
        differ += da[i].key.level != db[i].key.level;
    }
    CHECK(differ > static_cast<int>(da.size()) / 2);
}

TEST_CASE("a chunk that fails to load is reported once and its bytes are released") {
    auto source = std::make_shared<LoggingSource>(stripTree(), true);
    auto pool = makePool(1ull << 30, source);
    const View v = viewAt(-1.0f);
    const Selection sel = select(v);
    frame(*pool, {{v, &sel}});
    frame(*pool, {{v, &sel}});
    CHECK(pool->drawList(sel).empty());
    CHECK(pool->residentBytes() == 0);
    CHECK(pool->failures().size() == source->log().size());  // not retried
    CHECK(pool->failures().front().toString() == "chunk.swlc: cannot read the chunk");
}

TEST_CASE("a plain scan is the degenerate case: one leaf, one level, one chunk always resident") {
    auto tree = test::stripTree(5.0f, 2.0f, 0.1f, 1 << 20, 1);
    REQUIRE(tree->leaves.size() == 1);
    auto pool = makePool(PackedChunk::residentBytes(1000), std::make_shared<MemoryChunkSource>(tree));
    for (float x : {-100.0f, 0.0f, 100.0f}) {  // wherever the camera is
        SelectionSettings ss;
        ss.splatBudget = 10;  // even under a budget it cannot meet
        View v = viewAt(x);
        auto sel = selectLevels({tree.get()}, v, ss);
        REQUIRE(sel.ok());
        frame(*pool, {{v, &*sel}});
        const auto draws = pool->drawList(*sel);
        REQUIRE(draws.size() == 1);
        CHECK(draws[0].chunk->splats.size() == 1000);
    }
    CHECK(pool->evictions().empty());
}
