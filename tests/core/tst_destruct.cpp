// core/destruct (issue 15): the destruction simulation's behaviours on a hull built in code
// (tst_destruct_fixture.h), explicit seeds, no wall clock.
#include <doctest/doctest.h>

#include <algorithm>
#include <cmath>
#include <set>
#include <string>

#include "core/destruct/gpu_state.h"
#include "core/destruct/simulation.h"
#include "tests/core/tst_destruct_fixture.h"

using namespace sw::destruct;

namespace {

Simulation makeSim(int n, SimSettings s = {}, const char* profile = "cannon") {
    auto sim = Simulation::create(sw::test::makeHull(n), s);
    REQUIRE_MESSAGE(sim.ok(), (sim.ok() ? "" : sim.error().toString()));
    auto p = loadProfile(profile);
    REQUIRE(p.ok());
    sim->setProfile(*p);
    return std::move(*sim);
}

// The slot nearest a point (plating positions).
std::uint32_t nearest(const Simulation& sim, const Eigen::Vector3f& p) {
    std::uint32_t best = 0;
    for (std::uint32_t i = 1; i < sim.size(); ++i)
        if ((sim.position(i) - p).squaredNorm() < (sim.position(best) - p).squaredNorm()) best = i;
    return best;
}

// Slots within distance r of slot c on the plating, and those in the ring (r, r + w].
void ringAround(const Simulation& sim, std::uint32_t c, float r, float w, std::vector<std::uint32_t>& patch,
                std::vector<std::uint32_t>& ring) {
    const Eigen::Vector3f p = sim.position(c);
    for (std::uint32_t i = 0; i < sim.size(); ++i) {
        const float d = (sim.position(i) - p).norm();
        if (d <= r) patch.push_back(i);
        else if (d <= r + w) ring.push_back(i);
    }
}

void volley(Simulation& sim, int shots, std::uint32_t seed) {
    std::uint32_t h = seed;
    for (int k = 0; k < shots; ++k) {
        h = slotHash(h + 17u);
        const float x = (float(h % 1000u) / 1000.f - 0.5f) * 0.6f;
        h = slotHash(h);
        const float z = (float(h % 1000u) / 1000.f - 0.5f) * 0.4f;
        sim.fire(Eigen::Vector3f(x, -3.f, z), Eigen::Vector3f(0.f, 1.f, 0.f));
        sim.step(1.f / 30.f);
    }
}

}  // namespace

TEST_CASE("destruct: profiles round-trip through their schema JSON; bad values are errors") {
    for (const WeaponProfile& p : builtinProfiles()) {
        auto back = profileFromJson(profileToJson(p));
        REQUIRE(back.ok());
        CHECK(back->name == p.name);
        CHECK(back->kind == p.kind);
        CHECK(back->damage == doctest::Approx(p.damage));
        CHECK(back->cascade == p.cascade);
    }
    auto bad = profileFromJson(R"({"stage": "weapon", "params": {"debris-share": 3}})", "w.json");
    REQUIRE_FALSE(bad.ok());
    CHECK(bad.error().message.find("debris-share") != std::string::npos);
    auto unknown = loadProfile("no-such-weapon");
    REQUIRE_FALSE(unknown.ok());
    CHECK(unknown.error().message.find("unknown weapon profile") != std::string::npos);
    SimSettings s;
    s.stepShare = -1.f;
    auto sim = Simulation::create(sw::test::makeHull(500), s);
    REQUIRE_FALSE(sim.ok());
    CHECK(sim.error().message.find("step-share") != std::string::npos);
    sw::formats::Spl2Model empty = sw::test::makeHull(10);
    empty.core.resize(0);
    empty.chunks.reset();
    CHECK_FALSE(Simulation::create(empty).ok());
}

TEST_CASE("destruct: the support graph calibrates its radius from N and has bounded degree") {
    for (int n : {2000, 8000, 32000}) {
        const auto m = sw::test::makeHull(n);
        SupportGraph g(m.core.pos);
        CHECK(g.meanDegree() > 6.0);
        CHECK(g.meanDegree() < 16.1);
        CHECK(g.maxDegree() <= 16);
        CHECK(g.radius() == doctest::Approx(1.8f * std::sqrt(2.6f / float(n))).epsilon(0.4));
    }
}

TEST_CASE("destruct: same seed gives bit-identical state; another seed differs") {
    std::vector<std::uint8_t> states[3];
    for (int run = 0; run < 3; ++run) {
        SimSettings s;
        s.seed = run == 2 ? 2u : 1u;
        Simulation sim = makeSim(3000, s);
        for (const char* name : {"cannon", "mortar", "railgun", "grenade", "hammer"}) {
            sim.setProfile(*loadProfile(name));
            volley(sim, 3, 5u);
        }
        sim.step(0.5f);
        states[run] = sim.serializeState();
    }
    CHECK(states[0] == states[1]);
    CHECK(states[0] != states[2]);
}

TEST_CASE("destruct: repeated hits at one spot dig deeper, one onion layer per hit, never past the core") {
    SimSettings s;
    Simulation sim = makeSim(6000, s);
    WeaponProfile p = sim.profile();
    p.chunkBudget = 0;  // only the crater
    sim.setProfile(p);
    const Eigen::Vector3f origin(0.05f, -3.f, 0.02f), dir(0.f, 1.f, 0.f);
    std::vector<float> centre;
    for (int k = 0; k < 6; ++k) {
        const HitReport r = sim.fire(origin, dir);
        REQUIRE_FALSE(r.missed);
        centre.push_back(sim.depth(r.impactSlot));
        CHECK(r.knocked.size() >= 40u);
    }
    CHECK(centre[0] == 1.f);
    CHECK(centre[1] == 2.f);
    CHECK(centre[2] == 3.f);
    CHECK(centre[3] == 4.f);
    CHECK(centre[5] == 4.f);
    // The slot sits exactly on its onion layer: plating + inward · step · depth, inside the hull.
    const std::uint32_t c = sim.fire(origin, dir).impactSlot;
    const Eigen::Vector3f plating = sw::test::makeHull(6000).core.pos[c];
    const Eigen::Vector3f expected = plating + sim.inward(c) * (sim.layerStep(c) * 4.f);
    CHECK((sim.position(c) - expected).norm() < 1e-6f);
    CHECK(sim.layerStep(c) == doctest::Approx(0.3f * 0.5f * 0.4f));
    CHECK(sim.inward(c).dot(-sw::test::makeHull(6000).core.normal[c]) > 0.8f);
    CHECK(sim.position(c).norm() < plating.norm() - 0.2f);
    const SimStats st = sim.stats();
    CHECK(st.perLayer[4] > 0);
    CHECK(st.perLayer[1] + st.perLayer[2] + st.perLayer[3] > 0);
}

TEST_CASE("destruct: layers are procedural (underlay, ribs on a lattice, innards, dark core with hot spots)") {
    const DamagePalette pal = choosePalette({0.7f, 0.22f, 0.25f});
    // A red hull gets a palette far from red.
    CHECK(pal.name != "ember");
    CHECK(pal.hueDistance > 90.f);
    CHECK(choosePalette({0.2f, 0.8f, 0.9f}).name != "plasma");
    CHECK(choosePalette({0.5f, 0.5f, 0.5f}).name == "ember");
    const Eigen::Vector3f hull(0.7f, 0.22f, 0.25f);
    CHECK(layerColor(1, hull, 0, {0.04f, 0.04f, 0.04f}, 1, pal, false).maxCoeff() < 0.3f);
    // Ribs follow the global lattice: two points on the plane x = k · pitch are ribs in any chunk.
    CHECK(onRib({kRibPitch * 3.f, 0.031f, 0.047f}));
    CHECK(onRib({kRibPitch * -2.f, 0.213f, -0.3f}));
    CHECK_FALSE(onRib({kRibPitch * 0.5f, kRibPitch * 0.5f, kRibPitch * 0.5f}));
    int hot = 0, cold = 0;
    for (std::uint32_t s = 0; s < 4000; ++s) {
        const Eigen::Vector3f c = layerColor(4, hull, 0, {0, 0, 0}, s, pal, false);
        if (c.maxCoeff() > 0.6f && c.z() > 0.9f && c.x() > 0.6f) ++cold;
        else if (c.maxCoeff() > 0.3f) ++hot;
        CHECK(layerColor(4, hull, 0, {0, 0, 0}, s, pal, true).maxCoeff() < 0.05f);
    }
    CHECK(hot > 200);
    CHECK(hot < 500);
    CHECK(cold > 10);
    CHECK(cold < 100);
    CHECK(blackBody(1.f).minCoeff() > 0.9f);
    CHECK(blackBody(0.f).maxCoeff() == 0.f);
    CHECK(blackBody(0.5f).x() > blackBody(0.5f).z());
    CHECK(heatAt(1.f, 1.2f, 1.f) == doctest::Approx(std::exp(-1.2f)));
}

TEST_CASE("destruct: islands of up to 24 plating splats tear off, larger ones stay") {
    SimSettings s;
    for (const bool small : {true, false}) {
        Simulation sim = makeSim(6000, s);
        const std::uint32_t c = nearest(sim, Eigen::Vector3f(0.f, -0.45f, 0.f));
        const float r = sim.graph().radius();
        std::vector<std::uint32_t> patch, ring;
        ringAround(sim, c, small ? 1.1f * r : 2.0f * r, 1.3f * r, patch, ring);
        INFO("patch " << patch.size());
        REQUIRE(patch.size() > (small ? 8u : 25u));
        REQUIRE((small ? patch.size() <= 24u : patch.size() > 24u));
        for (std::uint32_t i : ring)
            if (sim.depth(i) == 0.f) sim.knockOut(i);
        int islands = 0, sized = 0;
        for (const Event& e : sim.events())
            if (e.type == EventType::IslandTorn) ++islands, sized = std::max(sized, e.count);
        int patchDeep = 0;
        for (std::uint32_t i : patch) patchDeep += sim.depth(i) >= 1.f ? 1 : 0;
        if (small) {
            CHECK(islands >= 1);
            CHECK(sized == int(patch.size()));
            CHECK(patchDeep == int(patch.size()));  // reborn one layer deeper: the crater floor
            CHECK(sim.stats().bodiesAlive >= 1);
        } else {
            CHECK(patchDeep == 0);
            CHECK(sized <= 24);
        }
    }
}

TEST_CASE("destruct: plating left over a pit settles to its neighbours' level") {
    SimSettings s;
    s.islandMax = 0;  // no island tearing: the lone slot must settle instead
    Simulation sim = makeSim(6000, s);
    const std::uint32_t u = nearest(sim, Eigen::Vector3f(0.1f, -0.45f, 0.05f));
    const std::vector<std::uint32_t> nb = sim.neighbours(u);
    for (std::uint32_t w : nb) sim.knockOut(w);
    CHECK(sim.depth(u) == 0.f);
    for (std::uint32_t w : nb)
        if (sim.depth(w) < 2.f) sim.knockOut(w);
    CHECK(sim.depth(u) == 2.f);
    CHECK((sim.flags(u) & kSettled) != 0);
}

TEST_CASE("destruct: heal lerps holes back and restores everything exactly at 100 %") {
    auto model = sw::test::makeHull(4000);
    Simulation sim = makeSim(4000);
    for (const char* name : {"cannon", "railgun", "mortar"}) {
        sim.setProfile(*loadProfile(name));
        volley(sim, 4, 3u);
    }
    REQUIRE(sim.stats().damaged > 100);
    std::vector<float> before(sim.size());
    for (std::uint32_t i = 0; i < sim.size(); ++i) before[i] = sim.depth(i);
    sim.heal(0.5f);
    for (std::uint32_t i = 0; i < sim.size(); ++i) CHECK(sim.depth(i) == doctest::Approx(before[i] * 0.5f));
    sim.heal(1.f);
    int moved = 0, recoloured = 0;
    for (std::uint32_t i = 0; i < sim.size(); ++i) {
        moved += sim.position(i) != model.core.pos[i] ? 1 : 0;
        recoloured += sim.displayColor(i) != model.core.color[i] ? 1 : 0;
    }
    CHECK(moved == 0);
    CHECK(recoloured == 0);
    const SimStats st = sim.stats();
    CHECK(st.damaged == 0);
    CHECK(st.poolUsed == 0);
    CHECK(st.bodiesAlive == 0);
    CHECK(st.chunksTorn == 0);
    for (float h : st.partHealth) CHECK(h == 1.f);
}

TEST_CASE("destruct: a part's threshold event fires at exactly ceil(30 %) of its splats") {
    SimSettings s;
    s.islandMax = 0;
    Simulation sim = makeSim(6000, s);
    const int part = 2;
    const int need = int(std::ceil(0.3 * sim.partSize(part)));
    std::vector<std::uint32_t> slots;
    for (std::uint32_t i = 0; i < sim.size(); ++i)
        if (sim.partOf(i) == part) slots.push_back(i);
    REQUIRE(int(slots.size()) == sim.partSize(part));
    int firedAt = -1;
    for (std::size_t k = 0; k < slots.size() && firedAt < 0; ++k) {
        if (sim.depth(slots[k]) >= 1.f) continue;
        sim.knockOut(slots[k]);
        for (const Event& e : sim.events())
            if (e.type == EventType::PartThreshold && e.id == part) firedAt = sim.partKnocked(part);
    }
    CHECK(firedAt == need);
    int fired = 0;
    for (const Event& e : sim.events())
        if (e.type == EventType::PartThreshold) {
            ++fired;
            CHECK(e.count == need);
        }
    CHECK(fired == 1);
    CHECK(sim.stats().partHealth[std::size_t(part)] == doctest::Approx(1.0 - double(need) / sim.partSize(part)));
}

TEST_CASE("destruct: a support update visits O(neighbours) slots, independent of N") {
    std::uint64_t visits[2];
    int degree[2];
    int k = 0;
    for (int n : {6000, 24000}) {
        Simulation sim = makeSim(n);
        const std::uint32_t c = nearest(sim, Eigen::Vector3f(0.f, -0.45f, 0.f));
        visits[k] = sim.knockOut(c);
        degree[k] = sim.graph().maxDegree();
        const std::uint64_t d = std::uint64_t(degree[k]);
        // Rims and settle checks: deg·(deg + 1); island fills: deg fills of ≤ 25 slots · deg.
        CHECK(visits[k] <= d * (d + 1) + d * 25 * d);
        CHECK(visits[k] >= d);
        ++k;
    }
    CHECK(double(visits[1]) / double(visits[0]) == doctest::Approx(1.0).epsilon(0.5));
}

TEST_CASE("destruct: a hit's counted work (support visits, grid cells) does not grow from 6k to 96k slots") {
    // The same shots on hulls 16× apart in N: the footprint has the same number of slots, so the
    // support visits and the cells the ray and bolt queries look at must stay about the same
    // (a pass over the slots, or a ray walked cell by cell through empty space, would grow with N
    // or with √N = 4×). Chunk tearing is off: a torn chunk's work follows its size, not N.
    struct Work {
        double visits = 0, cells = 0, knocked = 0, railCells = 0;
    };
    Work work[2];
    int k = 0;
    for (int n : {6000, 96000}) {
        for (const char* name : {"cannon", "railgun"}) {
            Simulation sim = makeSim(n, {}, name);
            WeaponProfile p = sim.profile();
            p.chunkBudget = 0;
            p.cascade = false;
            p.crackShare = 1.f;
            sim.setProfile(p);
            for (int shot = 0; shot < 8; ++shot) {
                const float a = float(shot) * 0.785398f;
                const Eigen::Vector3f toCam(std::sin(a), -std::cos(a), 0.f);
                const HitReport r = sim.fire(toCam * 3.f + Eigen::Vector3f(0.f, 0.f, 0.05f * float(shot % 3)), -toCam);
                REQUIRE_FALSE(r.missed);
                CHECK(r.torn.empty());
                if (std::string(name) == "cannon") {
                    work[k].visits += double(r.supportVisits) / 8.0;
                    work[k].cells += double(r.cellsVisited) / 8.0;
                    work[k].knocked += double(r.knocked.size()) / 8.0;
                } else {
                    work[k].railCells += double(r.cellsVisited) / 8.0;
                }
            }
        }
        ++k;
    }
    MESSAGE("cannon cells per hit " << work[0].cells << " -> " << work[1].cells << ", railgun " << work[0].railCells << " -> "
                                    << work[1].railCells);
    CHECK(work[0].knocked == doctest::Approx(work[1].knocked).epsilon(0.05));
    CHECK(work[1].visits / work[0].visits == doctest::Approx(1.0).epsilon(0.3));
    CHECK(work[1].cells / work[0].cells < 1.3);
    CHECK(work[1].railCells / work[0].railCells < 1.3);
    // The walks pass over walk cells with no occupied cell in their 3³ neighbourhood (one bit test):
    // the bolt through the whole 96k hull looks at ≈ 290 cells (the 27-cell neighbourhoods of
    // every walk cell in an occupied block made that 1.6x more).
    CHECK(work[1].railCells < 400);
}

TEST_CASE("destruct: a tearing hit's work does not grow with the torn chunk's size") {
    // The same railgun shots (each tears the chunk at its exit) on hulls of the same N whose chunks
    // are 100 and 400 slots: the torn chunk carries 4x the slots, but it is knocked out as a whole
    // (its carried state), so the slots the hit writes (the render sync's dirty records), the knocks
    // one by one and the members read to place the copies must not follow the chunk's size; only
    // the support updates around the rim (perimeter ~ sqrt(size)) may grow.
    struct Work {
        double written = 0, knocked = 0, probes = 0, visits = 0, carried = 0;
    };
    Work work[2];
    for (int k = 0; k < 2; ++k) {
        auto created = Simulation::create(sw::test::makeHull(24000, k == 0 ? 100 : 400));
        REQUIRE(created.ok());
        Simulation sim = std::move(*created);
        sim.setProfile(*loadProfile("railgun"));
        (void)sim.takeDirtySlots();
        int hits = 0;
        for (int shot = 0; shot < 8; ++shot) {
            const float a = float(shot) * 0.785398f;
            const Eigen::Vector3f toCam(std::sin(a), -std::cos(a), 0.f);
            const HitReport r = sim.fire(toCam * 3.f + Eigen::Vector3f(0.f, 0.f, 0.04f * float(shot % 3)), -toCam);
            REQUIRE_FALSE(r.missed);
            REQUIRE(r.torn.size() == 1u);
            // Carried off: every slot of the torn chunk reads one layer deep, wounded.
            const int c = r.torn.front();
            int members = 0;
            for (std::uint32_t i = 0; i < sim.size(); ++i)
                if (sim.chunkOf(i) == c) {
                    ++members;
                    CHECK(sim.depth(i) >= 1.f);
                    CHECK((sim.flags(i) & kWound) != 0);
                }
            CHECK(r.carried <= members);
            work[k].written += double(sim.takeDirtySlots().size()) / 8.0;
            work[k].knocked += double(r.knocked.size()) / 8.0;
            work[k].probes += double(r.tearProbes) / 8.0;
            work[k].visits += double(r.supportVisits) / 8.0;
            work[k].carried += double(r.carried) / 8.0;
            ++hits;
        }
        CHECK(hits == 8);
    }
    MESSAGE("100-slot chunks: written " << work[0].written << ", knocked " << work[0].knocked << ", probes " << work[0].probes
                                        << ", visits " << work[0].visits << ", carried " << work[0].carried);
    MESSAGE("400-slot chunks: written " << work[1].written << ", knocked " << work[1].knocked << ", probes " << work[1].probes
                                        << ", visits " << work[1].visits << ", carried " << work[1].carried);
    CHECK(work[1].carried / work[0].carried > 3.0);  // the torn pieces really are 4x larger
    CHECK(work[1].knocked / work[0].knocked == doctest::Approx(1.0).epsilon(0.2));
    CHECK(work[1].probes <= 12.0 * 8.0);              // ≤ 8 probes for each of the 12 copies
    // The ring around the torn chunk reads wound through it, so the written records stay about the
    // same (1.43x while the tear wrote its ring: 125 -> 180 records a hit; now 61 -> 67).
    CHECK(work[1].written / work[0].written < 1.25);
    // A carried rim slot updates its neighbours outside the chunk only (1.61x before, 1.38x now).
    CHECK(work[1].visits / work[0].visits < 1.5);
}

TEST_CASE("destruct: the ring around a torn chunk reads wound and warm through it until written") {
    auto created = Simulation::create(sw::test::makeHull(24000, 400));
    REQUIRE(created.ok());
    Simulation sim = std::move(*created);
    sim.setProfile(*loadProfile("railgun"));
    std::vector<std::uint8_t> woundBefore(sim.size());
    std::vector<float> depthBefore(sim.size());
    for (std::uint32_t i = 0; i < sim.size(); ++i) woundBefore[i] = sim.flags(i) & kWound, depthBefore[i] = sim.depth(i);
    (void)sim.takeDirtySlots();
    const HitReport r = sim.fire({0.05f, -3.f, 0.02f}, {0.f, 1.f, 0.f});
    REQUIRE(r.torn.size() == 1u);
    const int c = r.torn.front();
    REQUIRE(sim.damage().chunkCarried(c));
    const std::vector<std::uint32_t> dirty = sim.takeDirtySlots();
    // The ring: slots outside the chunk, plating and not wounded before, neighbours of a slot the
    // chunk carried off. Each reads wound; those not written by the hit otherwise read the ring's heat
    // from the tear and are no dirty record.
    std::vector<std::uint32_t> ring, read;
    for (std::uint32_t e = 0; e < sim.size(); ++e) {
        if (sim.chunkOf(e) != c || depthBefore[e] >= 1.f) continue;
        for (std::uint32_t u : sim.neighbours(e))
            if (sim.chunkOf(u) != c && depthBefore[u] < 1.f && !woundBefore[u] && std::find(ring.begin(), ring.end(), u) == ring.end())
                ring.push_back(u);
    }
    for (std::uint32_t u : ring) {
        CHECK((sim.flags(u) & kWound) != 0);
        if (sim.damage().storedFlags(u) & kWound) continue;  // written by the hit (knocked, cracked, or a ring beyond two)
        read.push_back(u);
        CHECK(sim.heat0(u) == 0.5f);
        CHECK(sim.heatTime(u) == sim.damage().chunkTornAt(c));
        CHECK_FALSE(std::binary_search(dirty.begin(), dirty.end(), u));
    }
    MESSAGE("ring " << ring.size() << " slots, " << read.size() << " read through the chunk; " << dirty.size() << " dirty records");
    CHECK(read.size() * 2 > ring.size());
    CHECK(dirty.size() < ring.size());
    // Knocking a ring slot writes what it read first, then the knock (its own state from then on).
    const std::uint32_t u = read.front();
    sim.knockOut(u);
    CHECK(sim.depth(u) == 1.f);
    CHECK((sim.damage().storedFlags(u) & kWound) != 0);
    CHECK(sim.heat0(u) == 0.f);  // knockOut's heat
    // A partial heal writes the ring out (no chunk is carried after it), reading the same.
    const std::uint32_t v = read.back();
    const float heatTime = sim.heatTime(v);
    sim.heal(0.5f);
    CHECK_FALSE(sim.damage().chunkCarried(c));
    CHECK((sim.damage().storedFlags(v) & kWound) != 0);
    CHECK(sim.heat0(v) == 0.5f);
    CHECK(sim.heatTime(v) == heatTime);
}

TEST_CASE("destruct: cannon cracks, then the cracked chunk tears off first on the next shot (cascade)") {
    Simulation sim = makeSim(6000);
    const HitReport a = sim.fire({0.f, -3.f, 0.f}, {0.f, 1.f, 0.f});
    REQUIRE_FALSE(a.missed);
    const int chunkA = sim.chunkOf(a.impactSlot);
    CHECK(a.torn.empty());
    REQUIRE(std::find(a.cracked.begin(), a.cracked.end(), chunkA) != a.cracked.end());
    CHECK(sim.chunkCracked(chunkA));
    // The next shot lands on another chunk nearby: chunk A goes first.
    HitReport b;
    for (float x = 0.05f; x < 0.5f; x += 0.03f) {
        const auto slot = nearest(sim, Eigen::Vector3f(x, -0.45f, 0.f));
        if (sim.chunkOf(slot) != chunkA) {
            b = sim.fire({x, -3.f, 0.f}, {0.f, 1.f, 0.f});
            break;
        }
    }
    REQUIRE_FALSE(b.missed);
    REQUIRE_FALSE(b.torn.empty());
    CHECK(b.torn.front() == chunkA);
    CHECK(sim.chunkTorn(chunkA));
    const int chunkB = sim.chunkOf(b.impactSlot);
    CHECK(sim.chunkCracked(chunkB));
    // The torn chunk flies as a rigid body drawn with at most chunkCopies plating copies and half as
    // many underside copies. Together the copies of a kind cover the piece's surface pieceCoverage
    // times (never with more area than the piece's own discs), shared equally: Σ scale² · disc of the
    // copied slot = min(coverage × surface, Σ discs). Disc and surface computed here from the model and
    // the graph (surface per slot: π r² / degree), not through the simulation's sums.
    const Body* body = nullptr;
    for (const Body& bd : sim.bodies())
        if (bd.chunk == chunkA) body = &bd;
    REQUIRE(body != nullptr);
    const auto hull = sw::test::makeHull(6000);
    const double pi = 3.14159265358979, r = sim.graph().radius();
    const auto discOf = [&](std::size_t i) { return pi * 9.0 * double(hull.core.ax0[i].norm()) * double(hull.core.ax1[i].norm()); };
    double disc = 0, surface = 0;
    int members = 0;
    for (std::size_t i = 0; i < hull.core.size(); ++i) {
        if (sim.chunkOf(i) != chunkA) continue;
        ++members;
        disc += discOf(i);
        surface += pi * r * r / double(sim.neighbours(i).size());
    }
    CHECK(sim.chunkDisc(chunkA) == doctest::Approx(disc).epsilon(1e-4));
    CHECK(sim.chunkSurface(chunkA) == doctest::Approx(surface).epsilon(1e-4));
    int plating = 0, underside = 0;
    double platingArea = 0, undersideArea = 0, smallest = 1e30, largest = 0;
    std::set<std::uint32_t> sources;
    for (std::uint32_t e : body->pool) {
        const PoolEntry& p = sim.pool()[e];
        CHECK(sim.chunkOf(p.source) == chunkA);
        const double drawn = double(p.scale) * double(p.scale) * discOf(p.source);
        if (p.kind == PoolKind::ChunkPlating) ++plating, platingArea += drawn, sources.insert(p.source);
        if (p.kind == PoolKind::ChunkUnderside) ++underside, undersideArea += drawn;
        smallest = std::min(smallest, drawn), largest = std::max(largest, drawn);
    }
    int carried = 0;  // plating splats the piece took (its ChunkTorn event)
    for (const Event& ev : sim.events())
        if (ev.type == EventType::ChunkTorn && ev.id == chunkA) carried = ev.count;
    const int copies = sim.settings().chunkCopies;
    REQUIRE(carried > copies);
    CHECK(plating == copies);
    CHECK(underside == copies / 2);
    CHECK(sources.size() == std::size_t(plating));  // distinct slots, spread over the piece
    REQUIRE(disc > double(sim.settings().pieceCoverage) * surface);  // the hull's discs overlap: the copies shrink
    const double expected = double(sim.settings().pieceCoverage) * surface * double(carried) / double(members);
    CHECK(platingArea == doctest::Approx(expected).epsilon(1e-3));
    CHECK(undersideArea == doctest::Approx(expected).epsilon(1e-3));
    CHECK(platingArea < 0.9 * disc * double(carried) / double(members));  // less than the carried discs put together
    CHECK(largest < 2.5 * smallest);  // plating copies equal, underside copies equal (twice as large)
    const Eigen::Vector3f start = sim.poolPosition(body->pool.front());
    for (int k = 0; k < 15; ++k) sim.step(1.f / 30.f);
    CHECK((sim.poolPosition(body->pool.front()) - start).norm() > 0.05f);
}

TEST_CASE("destruct: mortar knocks out radially from the epicentre and throws chunks up and out") {
    Simulation sim = makeSim(6000, {}, "mortar");
    const HitReport r = sim.fire({0.1f, 0.f, 3.f}, {0.f, 0.f, -1.f});
    REQUIRE_FALSE(r.missed);
    CHECK(r.impact.z() > 0.3f);  // the top
    const std::size_t foot = std::size_t(sim.profile().damage);
    REQUIRE(r.knocked.size() >= foot);
    float last = 0.f;
    bool radial = true;
    for (std::size_t k = 0; k < foot; ++k) {
        const float d = (sw::test::makeHull(6000).core.pos[r.knocked[k]] - r.impact).norm();
        radial = radial && d + 1e-5f >= last;
        last = d;
    }
    CHECK(radial);
    CHECK(last <= sim.profile().radius);
    REQUIRE_FALSE(r.torn.empty());
    for (const Body& b : sim.bodies()) {
        if (!b.alive || b.chunk < 0) continue;
        CHECK(b.velocity.z() > 0.f);
        CHECK(b.velocity.dot(b.pivot - r.impact) > 0.f);
    }
}

TEST_CASE("destruct: railgun spalls at the entry, cracks a channel and tears the exit chunk on the bolt line") {
    Simulation sim = makeSim(6000, {}, "railgun");
    const Eigen::Vector3f origin(0.1f, -3.f, 0.05f), dir(0.f, 1.f, 0.f);
    const HitReport r = sim.fire(origin, dir);
    REQUIRE_FALSE(r.missed);
    const auto offLine = [&](const Eigen::Vector3f& p) {
        const Eigen::Vector3f v = p - origin;
        return (v - v.dot(dir) * dir).norm();
    };
    const float tol = sim.graph().radius();
    CHECK(offLine(r.impact) < tol);
    CHECK(offLine(r.exit) < tol);
    CHECK(r.impact.y() < -0.3f);
    CHECK(r.exit.y() > 0.3f);
    CHECK(r.debris > 0);
    CHECK(r.channel >= 2);
    REQUIRE(r.torn.size() == 1u);
    CHECK(r.torn.front() == sim.chunkOf(r.exitSlot));
    CHECK(sim.depth(r.impactSlot) >= 1.f);
    // The exit chunk flies along the bolt.
    for (const Body& b : sim.bodies())
        if (b.alive && b.chunk == r.torn.front()) CHECK(b.velocity.normalized().dot(dir) > 0.99f);
}

TEST_CASE("destruct: debris is born white-hot and cools along the black-body curve") {
    Simulation sim = makeSim(4000, {}, "railgun");
    const HitReport r = sim.fire({0.f, -3.f, 0.f}, {0.f, 1.f, 0.f});
    REQUIRE(r.debris > 0);
    int found = -1;
    for (std::uint32_t e = 0; e < sim.poolHighWater(); ++e)
        if (sim.pool()[e].kind == PoolKind::Debris) found = int(e);
    REQUIRE(found >= 0);
    const PoolEntry& p = sim.pool()[std::size_t(found)];
    CHECK(p.heat0 == 1.f);
    const float cool = sim.profile().cooling;
    CHECK(blackBody(heatAt(p.heat0, cool, 0.f)).minCoeff() > 0.9f);
    CHECK(blackBody(heatAt(p.heat0, cool, 1.f)).z() < 0.4f);
    // Gone after its lifetime, the pool slot freed.
    for (int k = 0; k < 90; ++k) sim.step(1.f / 30.f);
    CHECK(sim.stats().debrisAlive == 0);
}

TEST_CASE("destruct: hits mark only what changed dirty; packing matches the state") {
    Simulation sim = makeSim(3000);
    (void)sim.takeDirtySlots();
    const HitReport r = sim.fire({0.f, -3.f, 0.f}, {0.f, 1.f, 0.f});
    const auto dirty = sim.takeDirtySlots();
    CHECK(dirty.size() >= r.knocked.size());
    CHECK(dirty.size() < sim.size() / 4);
    CHECK(sim.takeDirtySlots().empty());
    const std::vector<float> slots = packSlots(sim);
    const std::uint32_t s = r.impactSlot;
    CHECK(slots[std::size_t(s) * kGpuSlotFloats] == sim.depth(s));
    CHECK(slots[std::size_t(s) * kGpuSlotFloats + 3] == float(sim.flags(s)));
    // Wound masks only where there is damage: craters, their rims, crack lines.
    int wounds = 0;
    for (std::uint32_t i = 0; i < sim.size(); ++i) {
        if (!(sim.flags(i) & kWound)) continue;
        ++wounds;
        bool near = sim.depth(i) > 0.f || (sim.flags(i) & kCracked);
        for (std::uint32_t u : sim.neighbours(i)) near = near || sim.depth(u) > 0.f;
        CHECK(near);
    }
    CHECK(wounds > 0);
}

TEST_CASE("destruct: a torn piece's copy size covers the piece, never more than its splats, never less than one") {
    SimSettings s;
    s.pieceCoverage = 1.5f;
    const Simulation sim = makeSim(3000, s);
    // 100 slots whose discs (300) cover their surface (100) 3×: 8 copies share 1.5 × 100.
    CHECK(sim.pieceScale(100, 8, 300.0, 100.0, 3.0) == doctest::Approx(std::sqrt(150.0 / 8.0 / 3.0)));
    // A copy of a bigger splat is drawn less enlarged: the same area.
    CHECK(sim.pieceScale(100, 8, 300.0, 100.0, 4.0) == doctest::Approx(std::sqrt(150.0 / 8.0 / 4.0)));
    // Sparse discs (they cover their surface once): the copies keep the discs' area, no more.
    CHECK(sim.pieceScale(100, 8, 100.0, 100.0, 1.0) == doctest::Approx(std::sqrt(100.0 / 8.0)));
    // As many copies as slots: the copies are the splats themselves.
    CHECK(sim.pieceScale(8, 8, 24.0, 8.0, 3.0) == 1.f);
    CHECK(sim.pieceScale(5, 8, 15.0, 5.0, 3.0) == 1.f);
    // A copy of a splat larger than its share: never smaller than the splat.
    CHECK(sim.pieceScale(10, 8, 30.0, 10.0, 20.0) == 1.f);
}

TEST_CASE("destruct: a crack writes no slot of its crack line: a cracking hit's records do not grow from 6k to 96k slots") {
    // Cannon shots that crack chunks (nothing tears) on hulls 16x apart in N: the chunks there are 100
    // and 376 slots, so the crack line (the cracked chunk's rim still plating) is about twice as
    // long at 96k. It reads cracked through the chunk, so the records a hit writes (the render
    // sync's dirty slots: knocks, chips, ragged rims) must not follow it; a line slot is written
    // only when something else changes it (the chips, knocked).
    struct Work {
        double written = 0, cracks = 0, line = 0, lineWritten = 0;
    };
    Work work[2];
    int k = 0;
    for (int n : {6000, 96000}) {
        Simulation sim = makeSim(n);
        WeaponProfile p = sim.profile();
        p.chunkBudget = 0;
        p.cascade = false;
        sim.setProfile(p);
        const auto onRim = [&](std::uint32_t u) {
            for (std::uint32_t w : sim.neighbours(u))
                if (sim.chunkOf(w) != sim.chunkOf(u)) return true;
            return false;
        };
        (void)sim.takeDirtySlots();
        for (int shot = 0; shot < 8; ++shot) {
            const float a = float(shot) * 0.785398f;
            const Eigen::Vector3f toCam(std::sin(a), -std::cos(a), 0.f);
            const std::size_t events = sim.events().size();
            const HitReport r = sim.fire(toCam * 3.f + Eigen::Vector3f(0.f, 0.f, 0.05f * float(shot % 3)), -toCam);
            REQUIRE_FALSE(r.missed);
            CHECK(r.torn.empty());
            const std::vector<std::uint32_t> dirty = sim.takeDirtySlots();
            work[k].written += double(dirty.size());
            work[k].cracks += double(r.cracked.size());
            for (std::size_t e = events; e < sim.events().size(); ++e)
                if (sim.events()[e].type == EventType::ChunkCracked) work[k].line += double(sim.events()[e].count);
            for (std::uint32_t u : dirty) {
                const bool cracked = std::find(r.cracked.begin(), r.cracked.end(), sim.chunkOf(u)) != r.cracked.end();
                if (cracked && sim.depth(u) < 1.f && onRim(u)) ++work[k].lineWritten;
            }
            // Every slot of the line reads cracked and wound, with the crack's heat unless written since.
            for (int c : r.cracked)
                for (std::uint32_t u = 0; u < sim.size(); ++u)
                    if (sim.chunkOf(u) == c && sim.depth(u) < 1.f && onRim(u)) {
                        CHECK((sim.flags(u) & (kCracked | kWound)) == (kCracked | kWound));
                        if (!(sim.damage().storedFlags(u) & kCracked)) CHECK(sim.heat0(u) == 0.6f);
                    }
        }
        REQUIRE(work[k].cracks >= 8.0);
        ++k;
    }
    MESSAGE("6k: " << work[0].cracks << " cracks, line " << work[0].line / work[0].cracks << " slots a crack, "
                   << work[0].lineWritten << " line slots written, " << work[0].written / 8.0 << " records a hit");
    MESSAGE("96k: " << work[1].cracks << " cracks, line " << work[1].line / work[1].cracks << " slots a crack, "
                    << work[1].lineWritten << " line slots written, " << work[1].written / 8.0 << " records a hit");
    CHECK(work[1].line / work[1].cracks > 1.5 * work[0].line / work[0].cracks);  // the lines really are longer
    for (const Work& w : work) CHECK(w.lineWritten <= w.cracks);
    CHECK(work[1].written / work[0].written < 1.15);
}

TEST_CASE("destruct: crack lines, carried chunks and rings read through the chunk give the state written slot by slot") {
    // Two simulations take the same hits; one writes every read-through state into the slots after
    // each hit (materializeAll: what cracks and tears wrote slot by slot before they were read
    // through). Every byte of the state as the accessors read it must match after every hit, over
    // the three profiles, partial heals between rounds (which write it all out themselves) and a
    // full heal at the end; and the read-throughs must really be there (cracks over rings too, and
    // cracks of slots a railgun's channel cracked before: the crack writes those).
    Simulation lazy = makeSim(6000), eager = makeSim(6000);
    int crackRead = 0, crackOverRing = 0, crackCarried = 0, crackOverChannel = 0, compared = 0;
    const auto countReads = [&] {
        for (std::uint32_t i = 0; i < lazy.size(); ++i) {
            const int c = lazy.chunkOf(i);
            if (!lazy.damage().chunkCrackPending(c) || !lazy.damage().onChunkRim(i) || lazy.damage().storedDepth(i) >= 1.f) continue;
            if (lazy.damage().storedFlags(i) & kCracked) continue;  // written since the crack
            ++crackRead;
            crackCarried += lazy.damage().chunkCarried(c) ? 1 : 0;
            int ring[2];
            const int rings = lazy.damage().ringChunks(i, ring);
            bool torn = false;
            for (int j = 0; j < rings; ++j) torn = torn || lazy.damage().chunkCarried(ring[j]);
            crackOverRing += torn && !lazy.damage().chunkCarried(c) ? 1 : 0;
        }
    };
    // Rim slots cracked by a channel, their chunk not cracked yet.
    const auto channelled = [&] {
        std::vector<std::uint32_t> out;
        for (std::uint32_t i = 0; i < lazy.size(); ++i)
            if (lazy.damage().onChunkRim(i) && (lazy.damage().storedFlags(i) & kCracked) && lazy.depth(i) < 1.f && !lazy.chunkCracked(lazy.chunkOf(i)))
                out.push_back(i);
        return out;
    };
    for (int round = 0; round < 3; ++round) {
        // Each profile fires at the round's spots; "at channels": first at the centres of chunks
        // that hold rim slots a bolt's channel cracked (cracking them, not knocking those slots).
        for (const std::string pass : {"railgun", "cannon at channels", "mortar", "cannon", "railgun", "cannon at channels"}) {
            const std::string name = pass.substr(0, pass.find(' '));
            lazy.setProfile(*loadProfile(name));
            eager.setProfile(*loadProfile(name));
            std::vector<int> targets;
            if (name != pass)
                for (std::uint32_t i : channelled())
                    if (targets.size() < 4 && std::find(targets.begin(), targets.end(), lazy.chunkOf(i)) == targets.end())
                        targets.push_back(lazy.chunkOf(i));
            std::uint32_t h = 9u + 101u * std::uint32_t(round);
            for (int shot = 0; shot < 4; ++shot) {
                h = slotHash(h + 17u);
                const float x = (float(h % 1000u) / 1000.f - 0.5f) * 0.6f;
                h = slotHash(h);
                const float z = (float(h % 1000u) / 1000.f - 0.5f) * 0.4f;
                Eigen::Vector3f o = name == "mortar" ? Eigen::Vector3f(x, z, 3.f) : Eigen::Vector3f(x, -3.f, z);
                Eigen::Vector3f d = name == "mortar" ? Eigen::Vector3f(0.f, 0.f, -1.f) : Eigen::Vector3f(0.f, 1.f, 0.f);
                if (std::size_t(shot) < targets.size()) {
                    const Eigen::Vector3f centre = lazy.chunkCentroid(targets[std::size_t(shot)]);
                    d = -centre.normalized();
                    o = centre - 3.f * d;
                }
                const std::vector<std::uint32_t> before = channelled();
                const HitReport a = lazy.fire(o, d), b = eager.fire(o, d);
                eager.materializeAll();
                for (std::uint32_t i : before) {
                    // Cracked now: the crack wrote it (a channel's kCracked cannot say "not written since").
                    const int c = lazy.chunkOf(i);
                    if (!lazy.damage().chunkCrackPending(c) || lazy.damage().chunkCarried(c) || lazy.depth(i) >= 1.f) continue;
                    ++crackOverChannel;
                    CHECK(lazy.heat0(i) == 0.6f);
                    CHECK(lazy.heatTime(i) == lazy.damage().chunkCrackedAt(c));
                }
                INFO("round " << round << ", " << name << " shot " << shot);
                CHECK(a.cracked == b.cracked);
                CHECK(a.torn == b.torn);
                CHECK(a.knocked == b.knocked);
                countReads();
                REQUIRE(lazy.serializeState() == eager.serializeState());
                ++compared;
                lazy.step(1.f / 30.f);
                eager.step(1.f / 30.f);
            }
        }
        lazy.heal(0.4f);
        eager.heal(0.4f);
        CHECK_FALSE(lazy.damage().chunkCrackPending(0));
        REQUIRE(lazy.serializeState() == eager.serializeState());
    }
    lazy.heal(1.f);
    eager.heal(1.f);
    CHECK(lazy.serializeState() == eager.serializeState());
    MESSAGE(compared << " hits compared; crack-line slots read through their chunk (summed over the hits): " << crackRead
                     << ", of them in a carried chunk " << crackCarried << ", on the ring of a carried chunk " << crackOverRing
                     << "; channel-cracked slots on a crack line " << crackOverChannel);
    CHECK(crackRead > 500);
    CHECK(crackCarried > 20);
    CHECK(crackOverRing > 20);
    CHECK(crackOverChannel > 0);
}
