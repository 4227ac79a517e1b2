// `splatwright-cli bench-render [--spl2 boss.bin] [--width 1280 --height 800 --frames N]
// [--save-boss boss.bin] [--skip-large] [--default-malloc]`: frame times of the game-scale splat
// renderer under the headless EGL context (Mesa llvmpipe or NVIDIA's EGL): the boss (a .bin, else ~5000 core +
// 200 shell splats sampled on the demo drone and baked) with the core and shell passes timed
// separately, a 1M-splat cloud, and the links effect at 1M and 10M particles. A frame is a
// clear + draw into the 4× MSAA target + glFinish (no read-back). Goal (issue 6): boss ≥ 60 fps
// at 1280×800 on llvmpipe on 2 cores.
#include <algorithm>
#include <chrono>
#include <ctime>
#include <cstdio>
#include <memory>
#include <string>
#include <vector>

#include "app/cli/command.h"
#include "core/bake/bake.h"
#include "core/bake/surface_sample.h"
#include "core/demo/demo_drone.h"
#include "core/formats/spl2.h"
#include "core/render/cloud_preview.h"
#include "core/render/headless_context.h"
#include "core/render/host_tuning.h"
#include "core/render/links.h"
#include "core/render/splat_renderer.h"

namespace sw::cli {
namespace {

using Clock = std::chrono::steady_clock;

double msSince(Clock::time_point start) {
    return std::chrono::duration<double, std::milli>(Clock::now() - start).count();
}

struct Timing {
    double meanMs = 0, bestMs = 0;
    double cpuMs = 0;  // process CPU time per frame, all threads (llvmpipe's included)
};

// Process CPU time in ms: with llvmpipe the GPU work is this process's threads, so this is the
// frame's work, less sensitive than wall time to other jobs on a shared machine.
double processCpuMs() {
    return 1000.0 * static_cast<double>(std::clock()) / CLOCKS_PER_SEC;
}

// Two warm-up frames, then `frames` timed ones.
template <class Frame>
Result<Timing> timeFrames(int frames, Frame&& frame) {
    for (int i = 0; i < 2; ++i) SW_TRY(frame());
    Timing t;
    t.bestMs = 1e30;
    const double cpuStart = processCpuMs();
    for (int i = 0; i < frames; ++i) {
        const auto start = Clock::now();
        SW_TRY(frame());
        const double ms = msSince(start);
        t.meanMs += ms / frames;
        t.bestMs = std::min(t.bestMs, ms);
    }
    t.cpuMs = (processCpuMs() - cpuStart) / frames;
    return t;
}

void printTiming(const char* what, const Timing& t, int frames) {
    std::printf("  %-28s %8.2f ms/frame  %7.1f fps  (best %.2f ms, CPU %.2f ms, %d frames)\n", what, t.meanMs,
                1000.0 / t.meanMs, t.bestMs, t.cpuMs, frames);
}

struct BenchCommand {
    std::string spl2;
    std::string saveBoss;
    int width = 1280;
    int height = 800;
    int frames = 30;
    int samples = 4;
    bool skipLarge = false;
    bool defaultMalloc = false;

    Result<formats::Spl2Model> demoBoss() const {
        const auto start = Clock::now();
        auto drone = demo::generateDemoDrone({});
        if (!drone) return drone.error();
        bake::SurfaceSampleSettings sample;
        sample.count = 5600;  // ≈ 5000 core + 200 shell after the floater pass and belly cull
        sample.shellShare = 0.04f;
        auto baked = bake::bakeModel(bake::sampleSurface(drone->mesh, sample), drone->mesh, nullptr, {});
        if (!baked) return baked.error();
        std::printf("  boss:   demo drone, %d splats sampled and baked in %.0f ms\n", sample.count, msSince(start));
        return std::move(baked->spl2);
    }

    Status benchModel(render::SplatRenderer& r, const formats::Spl2Model& model, const char* label, int n) const {
        SW_TRY(r.setModel(model));
        render::Camera cam;
        cam.mode = render::CameraMode::Turntable;
        cam.azimuthDeg = 30.f;
        geometry::Bounds b{Eigen::Vector3f::Constant(-0.8f), Eigen::Vector3f::Constant(0.8f)};
        cam.frame(b, float(width) / float(height));
        const Eigen::Matrix4f view = cam.view(), proj = cam.projection(float(width) / float(height));
        std::printf("%s: %zu core + %zu shell splats at %dx%d, %dx MSAA\n", label, model.core.size(), model.shell.size(),
                    width, height, samples);
        struct Pass {
            const char* name;
            bool core, shell, shapes, coverage;
        };
        const Pass passes[] = {{"core pass, octagons", true, false, false, false},
                               {"core pass, shape polygons", true, false, true, false},
                               {"core pass, coverage tris", true, false, true, true},
                               {"shell pass", false, true, true, false},
                               {"octagons + shell", true, true, false, false},
                               {"coverage tris + shell", true, true, true, true}};

        for (const Pass& p : passes) {
            render::SplatRenderSettings s;
            s.width = width;
            s.height = height;
            s.drawCore = p.core;
            s.drawShell = p.shell;
            s.shapeClasses = p.shapes;
            s.roundSplats = p.coverage;
            s.samples = samples;
            float t = 0.f;
            auto timing = timeFrames(n, [&] {
                s.effects.time = (t += 1.f / 60.f);
                return r.renderOffscreen(view, proj, s);
            });
            if (!timing) return timing.error();
            printTiming(p.name, *timing, n);
        }
        return {};
    }

    Status benchLinks(render::LinksRenderer& links, const formats::Spl2Model& boss, std::uint32_t particles, int n) const {
        const std::vector<Eigen::Vector3f> base = render::effectBasePoints(boss, {});
        SW_TRY(links.setBasePoints(base));
        render::Camera cam;
        cam.mode = render::CameraMode::Turntable;
        cam.azimuthDeg = 30.f;
        cam.frame(geometry::Bounds{Eigen::Vector3f::Constant(-0.8f), Eigen::Vector3f::Constant(0.8f)},
                  float(width) / float(height));
        render::LinksSettings s;
        s.width = width;
        s.height = height;
        s.particles = particles;
        s.samples = samples;
        std::printf("  (%zu base points, threshold %.2f)\n", base.size(), double(s.threshold));
        for (const bool points : {true, false}) {
            // Quads cost 2 triangles per particle: seconds per frame at 1M on llvmpipe, so they
            // are timed only at 1M and not with --skip-large.
            if (!points && (particles > 1000000u || skipLarge)) continue;
            s.pointSprites = points;
            auto timing = timeFrames(n, [&] { return links.renderOffscreen(cam.view(), cam.projection(float(width) / float(height)), s); });
            if (!timing) return timing.error();
            const std::string what = "links, " + std::to_string(particles / 1000000) + "M " + (points ? "points" : "quads");
            printTiming(what.c_str(), *timing, n);
        }
        return {};
    }

    Status run() const {
        if (!defaultMalloc) render::keepFreedHeapForRendering();  // what the editor does too
        auto context = render::HeadlessContext::create();
        if (!context) return context.error();
        std::printf("bench-render: %s (%s, EGL %s)\n", (*context)->rendererName().c_str(),
                    (*context)->versionName().c_str(), (*context)->platform().c_str());
        Result<formats::Spl2Model> boss = spl2.empty() ? demoBoss() : formats::readSpl2(spl2);
        if (!boss) return boss.error();
        if (!saveBoss.empty()) SW_TRY(formats::writeSpl2(saveBoss, *boss));
        auto renderer = render::SplatRenderer::create((*context)->loader());
        if (!renderer) return renderer.error();
        auto links = render::LinksRenderer::create((*context)->loader());
        if (!links) {
            (*renderer)->release();
            return links.error();
        }
        Status status = benchModel(**renderer, *boss, "boss", frames);
        if (status && !skipLarge) {
            auto drone = demo::generateDemoDrone({});
            if (!drone) status = drone.error();
            bake::SurfaceSampleSettings sample;
            sample.count = 1000000;
            if (status) status = benchModel(**renderer, render::previewModelFromCloud(bake::sampleSurface(drone->mesh, sample)),
                                            "1M splats", std::max(3, frames / 5));
        }
        std::printf("links effect at %dx%d:\n", width, height);
        if (status) status = benchLinks(**links, *boss, 1000000u, std::max(3, frames / 5));
        if (status && !skipLarge) status = benchLinks(**links, *boss, 10000000u, 3);
        (*renderer)->release();
        (*links)->release();
        return status;
    }
};

}  // namespace

void addBenchRenderCommand(CLI::App& app, Outcome& outcome) {
    auto state = std::make_shared<BenchCommand>();
    CLI::App* cmd = app.add_subcommand("bench-render", "Time the splat renderer (boss, 1M splats, links) headless");
    cmd->add_option("--spl2", state->spl2, "Baked model (.bin) to use as the boss; default: the demo drone baked");
    cmd->add_option("--width", state->width, "Frame width in px")->check(CLI::Range(16, 8192))->capture_default_str();
    cmd->add_option("--height", state->height, "Frame height in px")->check(CLI::Range(16, 8192))->capture_default_str();
    cmd->add_option("--frames", state->frames, "Timed frames for the boss (fewer for the large cases)")
        ->check(CLI::Range(1, 100000))
        ->capture_default_str();
    cmd->add_option("--samples", state->samples, "MSAA samples (0 = none)")->check(CLI::Range(0, 16))->capture_default_str();
    cmd->add_flag("--default-malloc", state->defaultMalloc,
                  "Keep glibc's default heap trimming (llvmpipe's per-frame scene memory is then "
                  "returned to the kernel and faulted back in every frame)");
    cmd->add_option("--save-boss", state->saveBoss, "Also write the boss model as SPL2 (.bin)");
    cmd->add_flag("--skip-large", state->skipLarge,
                  "Leave out the 1M-splat cloud, the 10M-particle links and the links drawn as quads");
    cmd->callback([state, &outcome] { outcome.status = state->run(); });
}

}  // namespace sw::cli
