// The destruction state drawn by the splat renderer (issue 15 point 7): the GPU-computed centres
// of damaged slots, torn chunks and debris match the C++ simulation (read back from the prepare
// pass); a hit uploads its changed records, not the cloud; after 10 hits from one side a
// game-scale render of that side has no background pixel inside the pre-hit silhouette.
#include <doctest/doctest.h>

#include "core/destruct/render_sync.h"
#include "core/foundation/image_io.h"
#include "core/render/game_scale.h"
#include "tests/core/tst_destruct_fixture.h"
#include "tests/gl/tst_splat_fixture.h"
#include "tests/support/test_support.h"

using namespace sw;

namespace {

destruct::Simulation makeSim(const formats::Spl2Model& model, const char* profile) {
    auto sim = destruct::Simulation::create(model);
    REQUIRE(sim.ok());
    sim->setProfile(*destruct::loadProfile(profile));
    return std::move(*sim);
}

// A generated hull of n slots drawn by a renderer through its damage path, fed by a cannon
// simulation.
struct DamagedHull {
    explicit DamagedHull(int n) : model(test::makeHull(n)), sim(makeSim(model, "cannon")) {
        auto created = render::SplatRenderer::create(context->loader());
        REQUIRE(created.ok());
        renderer = std::move(*created);
        REQUIRE(renderer->setModel(model).ok());
        REQUIRE(sync.attach(*renderer, sim).ok());
    }
    std::unique_ptr<render::HeadlessContext> context = test::requireContext();
    std::unique_ptr<render::SplatRenderer> renderer;
    formats::Spl2Model model;
    destruct::Simulation sim;
    destruct::DamageSync sync;
};

void volley(destruct::Simulation& sim, int shots, std::uint32_t seed) {
    std::uint32_t h = seed;
    for (int k = 0; k < shots; ++k) {
        h = destruct::slotHash(h + 17u);
        const float x = (float(h % 1000u) / 1000.f - 0.5f) * 0.5f;
        h = destruct::slotHash(h);
        const float z = (float(h % 1000u) / 1000.f - 0.5f) * 0.3f;
        sim.fire(Eigen::Vector3f(x, -3.f, z), Eigen::Vector3f(0.f, 1.f, 0.f));
        sim.step(1.f / 30.f);
    }
}

}  // namespace

TEST_CASE("destruct gpu: damaged slots, chunk copies and debris match the CPU simulation") {
    DamagedHull hull(3000);
    auto& renderer = *hull.renderer;
    const formats::Spl2Model& model = hull.model;
    destruct::Simulation& sim = hull.sim;
    destruct::DamageSync& sync = hull.sync;
    const std::uint64_t afterAttach = renderer.damageBytesUploaded();
    sim.fire({0.f, -3.f, 0.f}, {0.f, 1.f, 0.f});
    REQUIRE(sync.sync(renderer, sim).ok());
    // One hit uploads its changed records and the bodies, far less than the cloud's records.
    const std::uint64_t hitBytes = renderer.damageBytesUploaded() - afterAttach;
    CHECK(hitBytes > 0u);
    CHECK(hitBytes < std::uint64_t(model.core.size()) * 24u * sizeof(float) / 4u);

    for (const char* p : {"cannon", "mortar", "railgun", "grenade"}) {
        sim.setProfile(*destruct::loadProfile(p));
        volley(sim, 3, 11u);
    }
    for (int k = 0; k < 8; ++k) sim.step(1.f / 30.f);
    REQUIRE(sync.sync(renderer, sim).ok());
    std::vector<std::uint8_t> visible;
    auto gpu = renderer.damagedCentres(&visible);
    REQUIRE_MESSAGE(gpu.ok(), (gpu.ok() ? "" : gpu.error().toString()));
    REQUIRE(gpu->size() == sim.size() + sim.poolHighWater());
    float worstSlot = 0.f, worstPool = 0.f;
    int moved = 0, chunks = 0, debris = 0, mismatch = 0, carried = 0;
    for (std::size_t i = 0; i < sim.size(); ++i) {
        worstSlot = std::max(worstSlot, ((*gpu)[i] - sim.position(i)).norm());
        moved += sim.depth(i) > 0.f ? 1 : 0;
        // Carried off by a torn chunk and never written one by one: the GPU reads it through the chunk.
        carried += sim.damage().chunkCarried(sim.chunkOf(i)) && sim.damage().storedDepth(i) < 1.f ? 1 : 0;
    }
    for (std::size_t e = 0; e < sim.poolHighWater(); ++e) {
        const std::size_t g = sim.size() + e;
        if ((visible[g] != 0) != sim.poolVisible(e)) ++mismatch;
        if (!sim.poolVisible(e)) continue;
        const auto kind = sim.pool()[e].kind;
        chunks += kind != destruct::PoolKind::Debris ? 1 : 0;
        debris += kind == destruct::PoolKind::Debris ? 1 : 0;
        worstPool = std::max(worstPool, ((*gpu)[g] - sim.poolPosition(e)).norm());
    }
    CHECK(moved > 200);
    CHECK(carried > 50);
    CHECK(chunks > 50);
    CHECK(debris > 20);
    CHECK(mismatch == 0);
    CHECK(worstSlot < 1e-5f);
    CHECK(worstPool < 1e-4f);

    // What the records leave to the chunk records (a carried chunk's slots, the ring around it,
    // plating and not wounded in its own record) reads on the GPU as the accessors say: the same
    // centres, look colours and shapes (a wound's pentagon) as records packed from the accessors.
    int ring = 0;
    for (std::size_t i = 0; i < sim.size(); ++i) {
        int around[2];
        const int k = sim.damage().ringChunks(i, around);
        bool torn = false;
        for (int j = 0; j < k; ++j) torn = torn || sim.damage().chunkCarried(around[j]);
        const bool own = sim.damage().chunkCarried(sim.chunkOf(i)) && sim.damage().storedDepth(i) < 1.f;
        ring += torn && !own && sim.damage().storedDepth(i) < 1.f && !(sim.damage().storedFlags(i) & destruct::kWound) ? 1 : 0;
    }
    MESSAGE("slots read through a torn chunk's ring: " << ring << ", carried: " << carried);
    CHECK(ring > 20);
    std::vector<Eigen::Vector4f> lazyLooks, packedLooks;
    auto lazy = renderer.damagedCentres(nullptr, &lazyLooks);
    REQUIRE(lazy.ok());
    std::vector<std::uint32_t> all(sim.size());
    for (std::uint32_t i = 0; i < all.size(); ++i) all[i] = i;
    REQUIRE(renderer.updateDamageSlots(destruct::packSlots(sim), all).ok());
    auto packed = renderer.damagedCentres(nullptr, &packedLooks);
    REQUIRE(packed.ok());
    float worstCentre = 0.f, worstColour = 0.f;
    int shapes = 0, wounds = 0;
    for (std::size_t i = 0; i < sim.size(); ++i) {
        worstCentre = std::max(worstCentre, ((*lazy)[i] - (*packed)[i]).norm());
        worstColour = std::max(worstColour, (lazyLooks[i].head<3>() - packedLooks[i].head<3>()).cwiseAbs().maxCoeff());
        shapes += lazyLooks[i].w() != packedLooks[i].w() ? 1 : 0;
        wounds += (sim.flags(i) & destruct::kWound) && packedLooks[i].w() == 5.f ? 1 : 0;
    }
    CHECK(worstCentre < 1e-6f);
    CHECK(worstColour < 1e-5f);
    CHECK(shapes == 0);
    CHECK(wounds > ring);
    renderer.release();
}

TEST_CASE("destruct gpu: after 10 hits from one side no background shows inside the pre-hit silhouette") {
    auto context = test::requireContext();
    auto created = render::SplatRenderer::create(context->loader());
    REQUIRE(created.ok());
    auto& renderer = **created;
    const formats::Spl2Model model = test::makeHull(6000);
    REQUIRE(renderer.setModel(model).ok());
    render::GameScaleSettings gs;
    gs.heightPx = 100;
    gs.headingDeg = 0.f;  // the camera on −Y, the side the shots come from
    gs.tiltDeg = 20.f;
    const render::GameScaleFraming f = render::frameGameScale(model.core.pos, gs);
    render::SplatRenderSettings s;
    s.width = f.width;
    s.height = f.height;
    s.background = render::Background::Transparent;
    s.roundSplats = false;  // opaque shape fans: coverage is alpha 1 (alpha-to-coverage blends edges)
    auto before = renderer.renderImage(f.view, f.projection, s);
    REQUIRE(before.ok());

    destruct::Simulation sim = makeSim(model, "cannon");
    destruct::DamageSync sync;
    REQUIRE(sync.attach(renderer, sim).ok());
    for (const char* p : {"cannon", "railgun", "mortar"}) {
        sim.setProfile(*destruct::loadProfile(p));
        volley(sim, p[0] == 'm' ? 2 : 4, 23u);
    }
    CHECK(sim.hits() == 10);
    CHECK(sim.stats().damaged > 300);
    REQUIRE(sync.sync(renderer, sim).ok());
    auto after = renderer.renderImage(f.view, f.projection, s);
    REQUIRE(after.ok());
    const int w = before->width, h = before->height;
    const auto alpha = [&](const Rgba8Image& im, int x, int y) { return im.rgba[(std::size_t(y) * std::size_t(w) + std::size_t(x)) * 4 + 3]; };
    int inside = 0, holes = 0;
    for (int y = 1; y + 1 < h; ++y)
        for (int x = 1; x + 1 < w; ++x) {
            // Interior of the pre-hit silhouette: the pixel and its 4 neighbours fully covered.
            if (alpha(*before, x, y) < 255 || alpha(*before, x - 1, y) < 255 || alpha(*before, x + 1, y) < 255 ||
                alpha(*before, x, y - 1) < 255 || alpha(*before, x, y + 1) < 255)
                continue;
            ++inside;
            if (alpha(*after, x, y) < 128) ++holes;
        }
    CHECK(inside > 3000);
    CHECK(holes == 0);
    (void)writePngFile(test::outputDir("destruct_gpu") + "/before.png", *before);
    (void)writePngFile(test::outputDir("destruct_gpu") + "/after.png", *after);
    renderer.release();
}

TEST_CASE("destruct gpu: a pending crack's line reads cracked through the chunk record, as if written slot by slot") {
    // Cracks leave their crack line to the chunk records (the line slots' records say plating, not
    // cracked): the GPU must draw the same centres, colours and shapes as from records of the same
    // state written into every slot (materializeAll: no crack pending, no chunk carried), here with
    // crack lines in chunks torn since and on the rings of torn chunks.
    DamagedHull hull(3000);
    auto& renderer = *hull.renderer;
    destruct::Simulation& sim = hull.sim;
    destruct::DamageSync& sync = hull.sync;
    volley(sim, 4, 5u);
    sim.setProfile(*destruct::loadProfile("mortar"));
    volley(sim, 1, 7u);
    sim.setProfile(*destruct::loadProfile("cannon"));
    volley(sim, 3, 29u);
    // Two shots on the far side: the first cracks fresh chunks, the second tears one of them first
    // (cascade) and cracks the chunks beside it, whose crack lines lie on its ring.
    sim.fire({0.1f, 3.f, 0.f}, {0.f, -1.f, 0.f});
    sim.step(1.f / 30.f);
    sim.fire({0.34f, 3.f, -0.1f}, {0.f, -1.f, 0.f});
    REQUIRE(sync.sync(renderer, sim).ok());
    int line = 0, inCarried = 0, overRing = 0;
    for (std::size_t i = 0; i < sim.size(); ++i) {
        const int c = sim.chunkOf(i);
        if (!sim.damage().chunkCrackPending(c) || !sim.damage().onChunkRim(i) || sim.damage().storedDepth(i) >= 1.f || (sim.damage().storedFlags(i) & destruct::kCracked))
            continue;
        ++line;  // read through the chunk record: never written since the crack
        inCarried += sim.damage().chunkCarried(c) ? 1 : 0;
        int around[2];
        bool torn = false;
        for (int j = 0, k = sim.damage().ringChunks(i, around); j < k; ++j) torn = torn || sim.damage().chunkCarried(around[j]);
        overRing += torn && !sim.damage().chunkCarried(c) ? 1 : 0;
    }
    MESSAGE("crack-line slots read through their chunk: " << line << ", in torn chunks " << inCarried << ", on torn chunks' rings " << overRing);
    CHECK(line > 200);
    CHECK(inCarried > 100);
    CHECK(overRing > 8);
    std::vector<Eigen::Vector4f> lazyLooks, writtenLooks;
    auto lazy = renderer.damagedCentres(nullptr, &lazyLooks);
    REQUIRE(lazy.ok());
    destruct::Simulation written = sim;
    written.materializeAll();
    std::vector<std::uint32_t> all(sim.size());
    for (std::uint32_t i = 0; i < all.size(); ++i) all[i] = i;
    REQUIRE(renderer.updateDamageSlots(destruct::packSlots(written), all).ok());
    REQUIRE(renderer.updateDamageChunks(destruct::packChunks(written)).ok());
    auto reference = renderer.damagedCentres(nullptr, &writtenLooks);
    REQUIRE(reference.ok());
    float worstCentre = 0.f, worstColour = 0.f;
    int shapes = 0, hot = 0;
    for (std::size_t i = 0; i < sim.size(); ++i) {
        worstCentre = std::max(worstCentre, ((*lazy)[i] - (*reference)[i]).norm());
        worstColour = std::max(worstColour, (lazyLooks[i].head<3>() - writtenLooks[i].head<3>()).cwiseAbs().maxCoeff());
        shapes += lazyLooks[i].w() != writtenLooks[i].w() ? 1 : 0;
        const int c = sim.chunkOf(i);
        hot += sim.damage().chunkCrackPending(c) && !sim.damage().chunkCarried(c) && sim.damage().onChunkRim(i) && written.heat0(i) == 0.6f ? 1 : 0;
    }
    CHECK(hot > 20);  // slots that draw the crack's heat, not a torn chunk's
    CHECK(worstCentre < 1e-6f);
    CHECK(worstColour < 1e-5f);
    CHECK(shapes == 0);
    renderer.release();
}
