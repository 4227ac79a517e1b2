// Chunks: equal area within ±30 %, never across a (material, part) group, deterministic.
#include <doctest/doctest.h>

#include <map>
#include <random>
#include <set>

#include "core/bake/chunks.h"
#include "core/bake/surface_sample.h"
#include "tests/core/tst_bake_fixtures.h"

using namespace sw;

namespace {

struct Fixture {
    splat::SplatCloud cloud;
    std::vector<float> area;
    std::vector<int> material, part;
    bake::ChunkInputs inputs() const { return {cloud.positions, area, material, part}; }
};

// A sphere and a box (parts 0 and 1) with splat sizes varying ×3 across the model, and two
// materials split by a plane, so equal area differs clearly from equal count.
Fixture makeFixture(int count) {
    geometry::Mesh mesh;
    test::appendSphere(mesh, {-0.3f, 0, 0}, 0.35f, 0);
    test::appendBox(mesh, {0.2f, -0.2f, -0.2f}, {0.6f, 0.2f, 0.2f}, 1);
    mesh = test::withDefaultMaterial(mesh);
    bake::SurfaceSampleSettings s;
    s.count = count;
    s.seed = 21;
    Fixture f;
    f.cloud = bake::sampleSurface(mesh, s);
    for (std::size_t i = 0; i < f.cloud.size(); ++i) {
        const Eigen::Vector3f& p = f.cloud.positions[i];
        const float grow = 1.f + 2.f * (p.y() + 0.4f) / 0.8f;  // splats grow along +Y
        f.area.push_back(f.cloud.scales[i].x() * f.cloud.scales[i].y() * grow * grow);
        f.material.push_back(p.z() > 0.05f ? 2 : 0);
        f.part.push_back(p.x() > 0.1f ? 1 : 0);
    }
    return f;
}

}  // namespace

// Criterion (the "chunk area within ±30 % of the target"), measured exactly as:
// chunk area = Σ |ax0|·|ax1| of its splats; target = its group's total area / the group's chunk
// count; every chunk must satisfy |area/target − 1| ≤ 0.30.
TEST_CASE("chunks have equal area within ±30 % and stay inside their group") {
    const Fixture f = makeFixture(6000);
    auto r = bake::buildChunks(f.inputs(), {});
    REQUIRE(r.ok());
    CHECK(r->groups == 4);
    CHECK(r->chunks.size() == doctest::Approx(60).epsilon(0.1));
    CHECK_FALSE(r->capped);
    std::map<int, std::set<std::pair<int, int>>> groupsOfChunk;
    for (std::size_t i = 0; i < f.cloud.size(); ++i) groupsOfChunk[r->chunk[i]].insert({f.material[i], f.part[i]});
    for (const auto& [chunk, groups] : groupsOfChunk) {
        CHECK(groups.size() == 1);
        CHECK(r->chunks[std::size_t(chunk)].part == groups.begin()->second);
        CHECK(r->chunkMaterial[std::size_t(chunk)] == groups.begin()->first);
    }
    std::vector<int> counts(r->chunks.size(), 0);
    for (int c : r->chunk) ++counts[std::size_t(c)];
    int minCount = 1 << 30, maxCount = 0;
    for (std::size_t c = 0; c < r->chunks.size(); ++c) {
        INFO("chunk " << c << " area " << r->chunkArea[c] << " target " << r->targetArea[c] << " splats " << counts[c]);
        CHECK(std::abs(r->chunkArea[c] / r->targetArea[c] - 1.f) <= 0.30f);
        minCount = std::min(minCount, counts[c]);
        maxCount = std::max(maxCount, counts[c]);
        CHECK(r->chunks[c].size > 0.f);
        CHECK(1 + int(c) * 8 + r->chunkMaterial[c] <= formats::kSpl2MaxPacked);
    }
    CHECK(maxCount > 2 * minCount);  // equal area, not equal count: small splats → more per chunk
}

TEST_CASE("chunks are deterministic for a seed and change with it") {
    const Fixture f = makeFixture(3000);
    bake::ChunkSettings s;
    auto a = bake::buildChunks(f.inputs(), s);
    auto b = bake::buildChunks(f.inputs(), s);
    s.chunkSeed = 2;
    auto c = bake::buildChunks(f.inputs(), s);
    REQUIRE((a.ok() && b.ok() && c.ok()));
    CHECK(a->chunk == b->chunk);
    CHECK(a->chunk != c->chunk);
}

TEST_CASE("chunk count is capped so 1 + chunk·8 + material stays ≤ 2048") {
    const Fixture f = makeFixture(3000);
    bake::ChunkSettings s;
    s.chunkSplats = 5;  // would ask for ~600 chunks
    auto r = bake::buildChunks(f.inputs(), s);
    REQUIRE(r.ok());
    CHECK(r->capped);
    CHECK(r->chunks.size() <= 255);
    for (std::size_t c = 0; c < r->chunks.size(); ++c) CHECK(1 + int(c) * 8 + r->chunkMaterial[c] <= 2048);
    s.maxChunks = 3;  // fewer than the 4 groups
    auto tooFew = bake::buildChunks(f.inputs(), s);
    REQUIRE_FALSE(tooFew.ok());
    CHECK(tooFew.error().message == "max-chunks 3 is below the 4 (material, part) groups");
}
