// bench_destruct [frames] [hits] [save-boss.bin]: figures of issue 15 (docs/benchmarks.md).
//  1. One hit's CPU cost (Simulation::hit, support updates included) for the cannon, mortar and
//     railgun on the demo drone baked at ≈ 6000 core splats, and on generated hulls (the test
//     fixture's ellipsoid) from 6k to 100k slots: median and mean over `hits` hits at spread
//     points, healed every 20 hits so the hull never runs out of plating; the thread's CPU time
//     (CLOCK_THREAD_CPUTIME_ID: time the thread was preempted by other jobs on a shared machine
//     does not count), with the counted work per hit (slot layers, support visits, grid cells).
//     Two hull series: chunks of ≈ 100 slots (SPL2 allows 256 chunks, so past 25.6k slots the
//     chunks, and a torn chunk's work, grow with N) and chunks of ≈ 400 slots at every N (the
//     same work per hit: what is left is the cost of N itself).
//  2. Rendering under fire: the baked drone after a 100-hit volley (50+ chunks in flight) drawn at
//     1280×800, 4× MSAA, coverage triangles + shell through the damage path, the simulation
//     stepped and synced every frame (bodies and dirty records uploaded), glFinish per frame. An
//     intact copy (its own renderer and simulation) and the shot one draw into one 4× MSAA target
//     frame by frame in turn, so the load of a shared machine falls on both alike.
//     SW_BENCH_PNG=prefix writes both frames as PNGs.
#include <algorithm>
#include <string>
#include <chrono>
#include <cstdio>
#include <cstdlib>
#include <memory>
#include <ctime>
#include <vector>

#include "core/destruct/bench/bench_boss.h"
#include "core/destruct/render_sync.h"
#include "core/destruct/simulation.h"
#include "core/render/camera.h"
#include "core/render/headless_context.h"
#include "core/render/detail/gl_functions.h"
#include "core/render/detail/offscreen_target.h"
#include "core/render/host_tuning.h"
#include "core/foundation/image_io.h"
#include "tests/core/tst_destruct_fixture.h"

using namespace sw;
using destruct::bench::aim;
using destruct::bench::bakedDrone;
using Clock = std::chrono::steady_clock;

namespace {

double msSince(Clock::time_point t) { return std::chrono::duration<double, std::milli>(Clock::now() - t).count(); }

double processCpuMs() {
    timespec ts{};
    clock_gettime(CLOCK_PROCESS_CPUTIME_ID, &ts);
    return double(ts.tv_sec) * 1e3 + double(ts.tv_nsec) * 1e-6;
}

double threadCpuUs() {
    timespec ts{};
    clock_gettime(CLOCK_THREAD_CPUTIME_ID, &ts);
    return double(ts.tv_sec) * 1e6 + double(ts.tv_nsec) * 1e-3;
}


struct HitCost {
    double medianUs = 0, meanUs = 0, maxUs = 0;
    double knocked = 0, carried = 0, visits = 0, cells = 0, torn = 0;
};

HitCost timeHits(destruct::Simulation& sim, const char* profile, int hits, std::vector<double>* samples = nullptr) {
    sim.setProfile(*destruct::loadProfile(profile));
    sim.heal(1.f);
    std::vector<double> us;
    double knocked = 0, carried = 0, visits = 0, cells = 0, torn = 0;
    for (int k = 0; k < hits; ++k) {
        if (k % 20 == 0) sim.heal(1.f);
        const auto [o, d] = aim(k, sim.profile().kind);
        const double t = threadCpuUs();
        const destruct::HitReport r = sim.fire(o, d);
        us.push_back(threadCpuUs() - t);
        knocked += double(r.knocked.size());
        carried += double(r.carried);
        visits += double(r.supportVisits);
        cells += double(r.cellsVisited);
        torn += double(r.torn.size());
        sim.step(1.f / 30.f);
    }
    HitCost c;
    std::vector<double> sorted = us;
    std::sort(sorted.begin(), sorted.end());
    c.medianUs = sorted[sorted.size() / 2];
    for (double x : us) c.meanUs += x / double(us.size());
    c.maxUs = sorted.back();
    c.knocked = knocked / double(hits);
    c.carried = carried / double(hits);
    c.visits = visits / double(hits);
    c.cells = cells / double(hits);
    c.torn = torn / double(hits);
    if (samples) *samples = us;
    return c;
}


void printCost(const char* model, std::size_t n, const char* profile, const HitCost& c) {
    std::printf("  %-22s %7zu slots  %-8s median %7.1f us  mean %7.1f us  max %7.1f us  per hit: %.0f slot layers one by one (+ %.0f carried off by torn chunks), %.0f support visits, %.0f cells, %.2f chunks torn\n",
                model, n, profile, c.medianUs, c.meanUs, c.maxUs, c.knocked, c.carried, c.visits, c.cells, c.torn);
}

// R rounds of: the 6k hull, then the 100k hull (100-slot chunks, as in the series), each profile
// `hits` hits (the same hits every round: only the machine differs between rounds). Prints per
// N and profile the median of all hits and the range of the rounds' medians, and the 100k / 6k
// ratio of the medians (all hits, and the range over rounds).
bool alternate(int hits, int rounds) {
    const int sizes[2] = {6000, 100000};
    const char* profiles[3] = {"cannon", "mortar", "railgun"};
    std::vector<destruct::Simulation> sims;
    for (int n : sizes) {
        auto sim = destruct::Simulation::create(test::makeHull(n, 100));
        if (!sim) return std::fprintf(stderr, "bench_destruct: error: %s\n", sim.error().toString().c_str()), false;
        sims.push_back(std::move(*sim));
    }
    std::vector<double> all[2][3], roundMedian[2][3];
    HitCost work[2][3];
    for (int round = 0; round < rounds; ++round)
        for (int k = 0; k < 2; ++k)
            for (int p = 0; p < 3; ++p) {
                std::vector<double> us;
                work[k][p] = timeHits(sims[std::size_t(k)], profiles[p], hits, &us);
                all[k][p].insert(all[k][p].end(), us.begin(), us.end());
                std::sort(us.begin(), us.end());
                roundMedian[k][p].push_back(us[us.size() / 2]);
            }
    const auto median = [](std::vector<double> v) {
        std::sort(v.begin(), v.end());
        return v[v.size() / 2];
    };
    std::printf("alternating, %d rounds of 6k then 100k slots (100-slot chunks), %d hits per profile each:\n", rounds, hits);
    for (int p = 0; p < 3; ++p) {
        double m[2];
        for (int k = 0; k < 2; ++k) {
            m[k] = median(all[k][p]);
            const auto [lo, hi] = std::minmax_element(roundMedian[k][p].begin(), roundMedian[k][p].end());
            std::printf("  %-8s %7d slots  median %6.1f us (rounds %.1f-%.1f)  per hit: %.0f + %.0f carried slot layers, %.0f support visits, %.0f cells\n",
                        profiles[p], sizes[k], m[k], *lo, *hi, work[k][p].knocked, work[k][p].carried, work[k][p].visits,
                        work[k][p].cells);
        }
        double rlo = 1e30, rhi = 0;
        for (int r = 0; r < rounds; ++r) {
            const double q = roundMedian[1][p][std::size_t(r)] / roundMedian[0][p][std::size_t(r)];
            rlo = std::min(rlo, q), rhi = std::max(rhi, q);
        }
        std::printf("  %-8s 100k / 6k: %.2fx (rounds %.2f-%.2fx)\n", profiles[p], m[1] / m[0], rlo, rhi);
    }
    return true;
}

}  // namespace

int main(int argc, char** argv) {
    const int frames = argc > 1 ? std::max(1, std::atoi(argv[1])) : 60;
    const int hits = argc > 2 ? std::max(20, std::atoi(argv[2])) : 200;
    render::keepFreedHeapForRendering();
    std::printf("bench_destruct: %d frames, %d hits per case\n", frames, hits);
    auto boss = bakedDrone(6800);
    if (!boss) {
        std::fprintf(stderr, "bench_destruct: error: %s\n", boss.error().toString().c_str());
        return 1;
    }
    if (argc > 3) {
        if (Status st = formats::writeSpl2(argv[3], *boss); !st) return std::fprintf(stderr, "bench_destruct: error: %s\n", st.error().toString().c_str()), 1;
        std::printf("boss written to %s (%zu core + %zu shell)\n", argv[3], boss->core.size(), boss->shell.size());
    }
    // SW_BENCH_ONLY_N=100000: only that hull size (for profiling one case; 0 (-1 with
    // SW_BENCH_ROUNDS): no series). SW_BENCH_ROUNDS=R: then R rounds of the 6k and 100k hulls
    // (100-slot chunks) in turn, the same hits each round, so a shared machine's load drifts over
    // both alike. SW_BENCH_NO_RENDER=1: the hit costs only.
    const int only = std::getenv("SW_BENCH_ONLY_N") ? std::atoi(std::getenv("SW_BENCH_ONLY_N")) : 0;
    const int rounds = std::getenv("SW_BENCH_ROUNDS") ? std::max(0, std::atoi(std::getenv("SW_BENCH_ROUNDS"))) : 0;
    const bool noRender = std::getenv("SW_BENCH_NO_RENDER") && std::atoi(std::getenv("SW_BENCH_NO_RENDER")) != 0;
    std::printf("hit cost (thread CPU time, one thread):\n");
    if (only == 0) {
        auto sim = destruct::Simulation::create(*boss);
        if (!sim) return std::fprintf(stderr, "bench_destruct: error: %s\n", sim.error().toString().c_str()), 1;
        for (const char* p : {"cannon", "mortar", "railgun"}) printCost("demo drone (baked)", sim->size(), p, timeHits(*sim, p, hits));
    }
    for (const int chunkSplats : {100, 400}) {
        const std::string label = "hull, " + std::to_string(chunkSplats) + "-slot chunks";
        for (int n : {6000, 12000, 25000, 50000, 100000}) {
            if ((only > 0 && n != only) || only < 0) continue;
            const formats::Spl2Model hull = test::makeHull(n, chunkSplats);
            const auto t = Clock::now();
            auto sim = destruct::Simulation::create(hull);
            if (!sim) return 1;
            const double build = msSince(t);
            for (const char* p : {"cannon", "mortar", "railgun"}) printCost(label.c_str(), sim->size(), p, timeHits(*sim, p, hits));
            std::printf("  %-22s %7d slots  load (support graph) %.0f ms, mean degree %.1f, %zu chunks of %.0f slots\n", "", n, build,
                        sim->graph().meanDegree(), hull.chunks->chunks.size(), double(n) / double(hull.chunks->chunks.size()));
        }
    }

    if (rounds > 0 && !alternate(hits, rounds)) return 1;
    if (noRender) return 0;

    // Rendering under fire: one renderer and simulation stay intact, a second one takes the volley.
    auto context = render::HeadlessContext::create();
    if (!context) return std::fprintf(stderr, "bench_destruct: error: %s\n", context.error().toString().c_str()), 1;
    destruct::SimSettings simSettings;
    if (const char* v = std::getenv("SW_BENCH_CHUNK_COPIES")) simSettings.chunkCopies = std::atoi(v);
    if (const char* v = std::getenv("SW_BENCH_DEBRIS_MAX")) simSettings.debrisMax = std::atoi(v);
    if (const char* v = std::getenv("SW_BENCH_PIECE_COVERAGE")) simSettings.pieceCoverage = float(std::atof(v));
    struct Scene {
        std::unique_ptr<render::SplatRenderer> renderer;
        std::unique_ptr<destruct::Simulation> sim;
        destruct::DamageSync sync;
    };
    Scene scenes[2];  // [0] intact, [1] under fire
    for (Scene& sc : scenes) {
        auto renderer = render::SplatRenderer::create((*context)->loader());
        if (!renderer) return std::fprintf(stderr, "bench_destruct: error: %s\n", renderer.error().toString().c_str()), 1;
        sc.renderer = std::move(*renderer);
        if (Status st = sc.renderer->setModel(*boss); !st) return std::fprintf(stderr, "bench_destruct: error: %s\n", st.error().toString().c_str()), 1;
        auto sim = destruct::Simulation::create(*boss, simSettings);
        if (!sim) return std::fprintf(stderr, "bench_destruct: error: %s\n", sim.error().toString().c_str()), 1;
        sc.sim = std::make_unique<destruct::Simulation>(std::move(*sim));
        if (Status st = sc.sync.attach(*sc.renderer, *sc.sim); !st) return std::fprintf(stderr, "bench_destruct: error: %s\n", st.error().toString().c_str()), 1;
    }
    const int width = 1280, height = 800;
    // One 4× MSAA target for both scenes, as one viewport would have (a target each would make the
    // alternating frames evict each other's 32 MB of colour and depth from the caches).
    auto gl = render::detail::loadGlFunctions((*context)->loader());
    if (!gl) return std::fprintf(stderr, "bench_destruct: error: %s\n", gl.error().toString().c_str()), 1;
    render::detail::OffscreenTarget target;
    if (Status st = render::detail::ensureTarget(*gl, target, width, height, 4); !st)
        return std::fprintf(stderr, "bench_destruct: error: %s\n", st.error().toString().c_str()), 1;
    render::Camera cam;
    cam.mode = render::CameraMode::Turntable;
    cam.azimuthDeg = 30.f;
    cam.frame(geometry::Bounds{Eigen::Vector3f::Constant(-0.8f), Eigen::Vector3f::Constant(0.8f)}, float(width) / float(height));
    const Eigen::Matrix4f view = cam.view(), proj = cam.projection(float(width) / float(height));
    const auto drawFrame = [&](Scene& sc, const render::SplatRenderSettings& settings) -> bool {
        if (!sc.renderer->draw(view, proj, settings, target.msaaFramebuffer)) return false;
        gl->Finish();
        return true;
    };
    render::SplatRenderSettings s;
    s.width = width;
    s.height = height;
    s.roundSplats = true;
    struct FrameCost {
        double meanMs = 0, medianMs = 0, bestMs = 0, stepMs = 0, syncMs = 0, drawMs = 0, cpuMs = 0;
        int minBodies = 0;
    };
    // Frames of step + sync + draw + finish (the first five of each variant warm up). The variants
    // (a scene and render settings) alternate frame by frame, so a shared machine's load drifts
    // over all of them alike and their ratios hold; each variant gets `frames` timed frames.
    struct Variant {
        FrameCost* cost;
        Scene* scene;
        render::SplatRenderSettings settings;
    };
    const auto frameCosts = [&](std::vector<Variant> variants) -> bool {
        std::vector<std::vector<double>> ms(variants.size());
        for (Variant& v : variants) v.cost->minBodies = v.scene->sim->stats().bodiesAlive;
        for (int f = 0; f < (frames + 5) * int(variants.size()); ++f) {
            Variant& v = variants[std::size_t(f) % variants.size()];
            FrameCost& c = *v.cost;
            destruct::Simulation& sim = *v.scene->sim;
            const double cpu0 = processCpuMs();
            const auto t = Clock::now();
            sim.step(1.f / 240.f / float(variants.size()));  // slow motion: the pieces stay in the frame for the whole run
            const auto ts = Clock::now();
            if (!v.scene->sync.sync(*v.scene->renderer, sim)) return false;
            const auto td = Clock::now();
            v.settings.effects.time = sim.time();
            if (!drawFrame(*v.scene, v.settings)) return false;
            if (f >= 5 * int(variants.size())) {
                const auto te = Clock::now();
                ms[std::size_t(f) % variants.size()].push_back(std::chrono::duration<double, std::milli>(te - t).count());
                c.stepMs += std::chrono::duration<double, std::milli>(ts - t).count() / frames;
                c.syncMs += std::chrono::duration<double, std::milli>(td - ts).count() / frames;
                c.drawMs += std::chrono::duration<double, std::milli>(te - td).count() / frames;
                c.cpuMs += (processCpuMs() - cpu0) / frames;
                c.minBodies = std::min(c.minBodies, sim.stats().bodiesAlive);
            }
        }
        for (std::size_t v = 0; v < variants.size(); ++v) {
            FrameCost& c = *variants[v].cost;
            std::sort(ms[v].begin(), ms[v].end());
            for (double x : ms[v]) c.meanMs += x / double(ms[v].size());
            c.medianMs = ms[v][ms[v].size() / 2];
            c.bestMs = ms[v].front();
        }
        return true;
    };
    Scene& still = scenes[0];
    Scene& fire = scenes[1];
    render::SplatRenderSettings clearOnly = s, coreOnly = s, shellOnly = s;
    clearOnly.drawCore = clearOnly.drawShell = false;
    coreOnly.drawShell = false;
    shellOnly.drawCore = false;
    // The parts of an intact frame: the whole frame, the clear alone (no pass drawn), the core
    // pass alone, the shell alone.
    FrameCost intactParts, clearCost, coreCost, shellCost, intact, underFire;
    if (!frameCosts({{&intactParts, &still, s}, {&clearCost, &still, clearOnly}, {&coreCost, &still, coreOnly}, {&shellCost, &still, shellOnly}}))
        return 1;
    // The raster work of a frame, counted (fragment shader invocations of both passes; 0 where the
    // driver has no pipeline statistics): machine-independent, unlike the times.
    const auto fragments = [&](Scene& sc, const render::SplatRenderSettings& base) -> std::uint64_t {
        render::SplatRenderSettings counted = base;
        counted.countFragments = true;
        counted.effects.time = sc.sim->time();
        if (!drawFrame(sc, counted)) return 0;
        return sc.renderer->lastDrawStats().fragments;
    };
    for (int k = 0; k < 100; ++k) {
        fire.sim->setProfile(*destruct::loadProfile(destruct::bench::volleyProfile(k)));
        const auto [o, d] = aim(k, fire.sim->profile().kind);
        fire.sim->fire(o, d);
        fire.sim->step(0.01f);
    }
    const destruct::SimStats st = fire.sim->stats();
    std::printf("volley: 100 hits, %d slots damaged, %d chunks torn, %d islands, %d bodies and %d debris in flight, %d pool entries\n",
                st.damaged, st.chunksTorn, st.islandsTorn, st.bodiesAlive, st.debrisAlive, st.poolUsed);
    // Intact and under fire, frame by frame in turn.
    if (!frameCosts({{&intact, &still, s}, {&underFire, &fire, s}})) return 1;
    const std::uint64_t intactFragments = fragments(still, s), fireFragments = fragments(fire, s);
    const std::uint64_t coreFragments = fragments(still, coreOnly), shellFragments = fragments(still, shellOnly);
    // SW_BENCH_PNG=prefix: the intact and the under-fire frame as prefix-intact.png and
    // prefix-fire.png (to look at what was timed).
    if (const char* prefix = std::getenv("SW_BENCH_PNG")) {
        for (int k = 0; k < 2; ++k) {
            render::SplatRenderSettings shot = s;
            shot.effects.time = scenes[k].sim->time();
            auto image = scenes[k].renderer->renderImage(view, proj, shot);
            const std::string path = std::string(prefix) + (k == 0 ? "-intact.png" : "-fire.png");
            if (!image || !writePngFile(path, *image)) return std::fprintf(stderr, "bench_destruct: error: cannot write %s\n", path.c_str()), 1;
        }
    }
    std::printf("render at %dx%d, 4x MSAA, coverage + shell: %zu core + %zu shell\n", width, height, boss->core.size(), boss->shell.size());
    std::printf("  intact, one part at a time (draw + finish, process CPU per frame): whole frame %.2f ms / %.2f ms CPU, clear only %.2f / %.2f, "
                "clear + core pass %.2f / %.2f, clear + shell pass %.2f / %.2f\n",
                intactParts.drawMs, intactParts.cpuMs, clearCost.drawMs, clearCost.cpuMs, coreCost.drawMs, coreCost.cpuMs, shellCost.drawMs,
                shellCost.cpuMs);
    std::printf("  intact and under fire in turn, frame by frame:\n");
    std::printf("  intact (damage path on, no hits): mean %.2f ms (%.1f fps), median %.2f ms, best %.2f ms; "
                "step %.3f, sync %.3f, draw + finish %.2f ms/frame; process CPU %.2f ms/frame\n",
                intact.meanMs, 1000.0 / intact.meanMs, intact.medianMs, intact.bestMs, intact.stepMs, intact.syncMs, intact.drawMs,
                intact.cpuMs);
    std::printf("  under fire (+ %u pool instances): frame (step + sync + draw + finish) mean %.2f ms (%.1f fps), median %.2f ms, best %.2f ms; "
                "step %.3f, sync %.3f, draw + finish %.2f ms/frame; >= %d bodies in flight; process CPU %.2f ms/frame\n",
                fire.sim->poolHighWater(), underFire.meanMs, 1000.0 / underFire.meanMs, underFire.medianMs, underFire.bestMs, underFire.stepMs,
                underFire.syncMs, underFire.drawMs, underFire.minBodies, underFire.cpuMs);
    std::printf("  under fire / intact: %.2fx wall (mean), %.2fx wall (best), %.2fx process CPU\n", underFire.meanMs / intact.meanMs,
                underFire.bestMs / intact.bestMs, underFire.cpuMs / intact.cpuMs);
    std::printf("  fragment shader invocations (counted): intact %llu, under fire %llu, %.2fx\n",
                static_cast<unsigned long long>(intactFragments), static_cast<unsigned long long>(fireFragments),
                intactFragments ? double(fireFragments) / double(intactFragments) : 0.0);
    std::printf("  of an intact frame: core pass %llu, shell pass %llu\n", static_cast<unsigned long long>(coreFragments),
                static_cast<unsigned long long>(shellFragments));
    for (Scene& sc : scenes) sc.renderer->release();
    render::detail::releaseTarget(*gl, target);
    return 0;
}
