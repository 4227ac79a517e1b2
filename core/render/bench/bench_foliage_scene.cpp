// bench_foliage_scene: frame time of a foliage scene drawn by render::FoliageRenderer (issue 35's
// benchmarks), in a headless EGL context (llvmpipe, or the NVIDIA driver on the GPU machine).
//   bench_foliage_scene <pine.gltf> [--width 1280] [--height 800] [--samples 4] [--pines 100] [--grass 5000]
//                       [--area 60] [--benders 8] [--fade start,end] [--frames 5] [--gpu-time]
//                       [--cpu-cull] [--no-prepass] [--bands 4] [--fragments] [--no-trim] [--subdivide 2]
//                       [--mip-levels 4] [--view-mip 3]
// Pines are the model given (one plant each, metres), grass a clump of three crossed alpha-MASK
// cards 0.5 m tall built here; both scattered over area × area m (seeds 1 and 2), the camera
// 1.7 m above the near edge looking across. It prints
//   - the median wall time of a frame (draw + glFinish) with the storm wind and the benders on
//     and with the wind off and no bender, and their ratio (the wind's share of the static frame);
//   - fragment shader invocations (GL_FRAGMENT_SHADER_INVOCATIONS_ARB, the query bench_destruct
//     uses) of one static frame with the grass cards as built and trimmed (core/foliage trimCards),
//     and of the pine alone untrimmed and trimmed (its strip cards triangle by triangle, each
//     split up to --subdivide times, each kept whole or cut as costs fewer 4 x 4 blocks at
//     --view-mip; -1 always cuts), the fragments of its other (opaque) faces alone, the card area saved and the triangles before and after, in
//     the scene and as one copy filling the view (azimuth 30°, elevation 10°);
//   - with --gpu-time, the median GPU time of a frame (GL_TIME_ELAPSED): the cull pass and the draws;
//   - with --fragments, one static frame of the whole scene drawn in one pass (no pre-pass) and with
//     the depth pre-pass: the fragment shader invocations (the query; the pre-pass's apart) and the
//     pixel fragments that ran the look (an atomic counter in its shader, a frame of its own), and
//     those of the pre-pass an early depth test lets through (FoliageDrawStats::prepassShaded).
// The frames are drawn with the depth pre-pass (FoliageRenderSettings::depthPrepass) unless
// --no-prepass, and with the kept copies in --bands distance bands drawn nearest first
// (distanceBands; 1: one band): `--no-prepass --bands 1` draws as before both.
// Copies are culled by fade and view on the GPU (shaders/foliage_cull.comp), or with --cpu-cull on
// the CPU with the visible list uploaded each frame (the reference path), for comparison; the copies
// drawn are counted on one extra frame (the count read back stalls). --no-trim skips the fragments.
#include <algorithm>
#include <chrono>
#include <cmath>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <string>
#include <vector>

#include "core/foliage/plant.h"
#include "core/foliage/scatter.h"
#include "core/foliage/trim.h"
#include "core/foundation/schema.h"
#include "core/geometry/import.h"
#include "core/render/foliage_renderer.h"
#include "core/render/headless_context.h"
#include "tests/support/grass_clump.h"

using namespace sw;

namespace {

struct Options {
    std::string pine;
    int width = 1280, height = 800;
    int samples = 4;  // MSAA of the offscreen target, the editor's default
    std::int64_t pines = 100, grass = 5000;
    float area = 60.f;
    int benders = 8;
    foliage::FadeRange fade;
    int frames = 5;
    bool gpuTime = false;
    bool cpuCull = false;
    bool prepass = true;
    int bands = 4;
    bool fragments = false;
    bool trim = true;
    int subdivide = 2;  // trimCards' midpoint splits of the pine's strip cards
    int mipLevels = 4;  // trimCards' mip levels kept
    int viewMip = 3;    // trimCards' mip level the pieces are chosen for
};

[[noreturn]] void fail(const std::string& why) {
    std::fprintf(stderr, "bench_foliage_scene: %s\n", why.c_str());
    std::exit(1);
}

Options parse(int argc, char** argv) {
    Options o;
    for (int i = 1; i < argc; ++i) {
        const std::string a = argv[i];
        const auto next = [&]() -> const char* {
            if (i + 1 >= argc) fail(a + " needs a value");
            return argv[++i];
        };
        if (a == "--width") o.width = std::atoi(next());
        else if (a == "--height") o.height = std::atoi(next());
        else if (a == "--samples") o.samples = std::max(1, std::atoi(next()));
        else if (a == "--pines") o.pines = std::atoll(next());
        else if (a == "--grass") o.grass = std::atoll(next());
        else if (a == "--area") o.area = std::strtof(next(), nullptr);
        else if (a == "--benders") o.benders = std::atoi(next());
        else if (a == "--frames") o.frames = std::max(1, std::atoi(next()));
        else if (a == "--gpu-time") o.gpuTime = true;
        else if (a == "--cpu-cull") o.cpuCull = true;
        else if (a == "--no-trim") o.trim = false;
        else if (a == "--no-prepass") o.prepass = false;
        else if (a == "--fragments") o.fragments = true;
        else if (a == "--bands") o.bands = std::atoi(next());
        else if (a == "--subdivide") o.subdivide = std::atoi(next());
        else if (a == "--mip-levels") o.mipLevels = std::atoi(next());
        else if (a == "--view-mip") o.viewMip = std::atoi(next());
        else if (a == "--fade") {
            const char* v = next();
            if (std::sscanf(v, "%f,%f", &o.fade.start, &o.fade.end) != 2) fail("--fade start,end");
        } else if (a[0] != '-' && o.pine.empty()) o.pine = a;
        else fail("unknown argument " + a);
    }
    if (o.pine.empty()) fail("usage: bench_foliage_scene <pine.gltf> [options]");
    if (o.bands < 1 || o.bands > 4) fail("--bands is 1..4");
    return o;
}


std::vector<foliage::FoliageInstance> scatterCopies(std::int64_t n, float area, float spacing, std::uint32_t seed) {
    foliage::ScatterSettings s;
    s.count = n;
    s.width = s.depth = area;
    s.seed = seed;
    s.minSpacing = spacing;
    auto r = foliage::scatter(s);
    if (!r) fail(r.error().toString());
    std::vector<foliage::FoliageInstance> out;
    for (const foliage::ScatterCopy& c : r->copies) {
        foliage::FoliageInstance i;
        i.origin = c.position;
        i.yaw = c.yaw;
        i.metresPerUnit = c.scale;
        out.push_back(i);
    }
    return out;
}

double median(std::vector<double> v) {
    std::sort(v.begin(), v.end());
    return v[v.size() / 2];
}

struct Scene {
    render::FoliageRenderer* renderer;
    Eigen::Matrix4f view, projection;
    render::FoliageFrame frame;
    render::FoliageRenderSettings settings;

    struct Timing {
        double wall = 0, gpu = 0;
    };
    Timing frameAt(float t) {
        frame.frame.t = t;
        const auto start = std::chrono::steady_clock::now();
        if (auto s = renderer->renderOffscreen(view, projection, frame, settings); !s) fail(s.error().toString());
        return {std::chrono::duration<double, std::milli>(std::chrono::steady_clock::now() - start).count(),
                renderer->lastDrawStats().gpuMilliseconds};
    }
    // Frames from t = 1 s, 1/30 s apart, alternating the two winds (the acting benders only with
    // the first), so a shared machine's swings fall on both alike: the medians of each.
    std::pair<Timing, Timing> alternate(int frames, const foliage::WindField* on, std::vector<foliage::Bender> acting,
                                        const foliage::WindField* off) {
        std::vector<double> wallOn, gpuOn, wallOff, gpuOff;
        for (int k = 0; k <= frames; ++k) {
            frame.wind = off;
            frame.frame.acting.clear();
            const Timing a = frameAt(1.f + k / 30.f);
            frame.wind = on;
            frame.frame.acting = acting;
            const Timing b = frameAt(1.f + k / 30.f);
            if (k == 0) continue;  // the first frames compile and upload
            wallOff.push_back(a.wall);
            gpuOff.push_back(a.gpu);
            wallOn.push_back(b.wall);
            gpuOn.push_back(b.gpu);
        }
        return {{median(wallOn), median(gpuOn)}, {median(wallOff), median(gpuOff)}};
    }
    std::uint64_t fragments() {
        settings.countFragments = true;
        if (auto s = renderer->renderOffscreen(view, projection, frame, settings); !s) fail(s.error().toString());
        settings.countFragments = false;
        return renderer->lastDrawStats().fragments;
    }
    // One static frame with or without the pre-pass: the query's invocations (all, pre-pass), then
    // a frame of its own for the look's pixel fragments (the counter changes the scheduling).
    struct Fill {
        std::uint64_t all = 0, prepass = 0, shaded = 0, prepassShaded = 0;
    };
    Fill fill(bool prepass) {
        const render::FoliageRenderSettings keep = settings;
        settings.depthPrepass = prepass;
        Fill f;
        f.all = fragments();
        f.prepass = renderer->lastDrawStats().prepassFragments;
        settings.countShaded = true;
        if (auto s = renderer->renderOffscreen(view, projection, frame, settings); !s) fail(s.error().toString());
        f.shaded = renderer->lastDrawStats().shadedFragments;
        f.prepassShaded = renderer->lastDrawStats().prepassShaded;
        settings = keep;
        return f;
    }
};

foliage::WindSettings storm() {
    ParamSet p(foliage::windSchema().schema());
    if (!p.applyPreset("storm")) fail("no storm preset");
    return foliage::windSchema().fromParams(p);
}

// Fragments of one static frame of `mesh` alone at the copies given.
std::uint64_t fragmentsOf(Scene base, const render::GlProcLoader& loader, const geometry::Mesh& mesh,
                          const foliage::PlantSet& plants, const std::vector<foliage::FoliageInstance>& copies) {
    auto r = render::FoliageRenderer::create(loader);
    if (!r) fail(r.error().toString());
    auto id = (*r)->addMeshAsset(mesh, plants, {});
    if (!id) fail(id.error().toString());
    if (auto s = (*r)->setCopies(*id, copies); !s) fail(s.error().toString());
    base.renderer = r->get();
    base.settings.depthPrepass = false;  // the cards' own fill, one pass in one band as when first measured
    base.settings.distanceBands = 1;
    const std::uint64_t n = base.fragments();
    (*r)->release();
    return n;
}

// The mesh without its alpha-MASK faces (what trimming does not touch).
geometry::Mesh opaqueOnly(const geometry::Mesh& mesh) {
    geometry::Mesh out = mesh;
    out.triangles.clear();
    out.faceMaterial.clear();
    out.facePart.clear();
    for (std::size_t f = 0; f < mesh.triangles.size(); ++f) {
        const int m = mesh.faceMaterial[f];
        if (m >= 0 && mesh.materials[static_cast<std::size_t>(m)].alphaMask) continue;
        out.triangles.push_back(mesh.triangles[f]);
        out.faceMaterial.push_back(m);
        out.facePart.push_back(f < mesh.facePart.size() ? mesh.facePart[f] : 0);
    }
    return out;
}

}  // namespace

int main(int argc, char** argv) {
    const Options o = parse(argc, argv);
    auto context = render::HeadlessContext::create();
    if (!context) fail(context.error().toString());
    geometry::ImportSettings import;
    import.normalise = false;
    import.smallTextureWarning = 0;
    auto pine = geometry::importModel(o.pine, import);
    if (!pine) fail(pine.error().toString());
    auto pinePlants = foliage::plantFromPoints(pine->mesh.positions, {}, o.pine);
    if (!pinePlants) fail(pinePlants.error().toString());
    const geometry::Mesh grass = test::grassClump();
    auto grassPlants = foliage::analysePlants(grass, {}, "grass");
    if (!grassPlants) fail(grassPlants.error().toString());
    const auto pineCopies = scatterCopies(o.pines, o.area, 2.5f, 1);
    const auto grassCopies = scatterCopies(o.grass, o.area, std::min(0.3f, 0.5f * o.area / std::sqrt(float(o.grass))), 2);

    auto renderer = render::FoliageRenderer::create((*context)->loader());
    if (!renderer) fail(renderer.error().toString());
    render::FoliageRenderer& r = **renderer;
    auto pineId = r.addMeshAsset(pine->mesh, *pinePlants, {});
    auto grassId = r.addMeshAsset(grass, *grassPlants, o.fade);
    if (!pineId || !grassId) fail("upload failed");
    if (!r.setCopies(*pineId, pineCopies) || !r.setCopies(*grassId, grassCopies)) fail("bad copies");

    render::Camera camera;
    camera.target = Eigen::Vector3f(0.f, 0.f, 1.f);
    camera.azimuthDeg = 0.f;
    camera.elevationDeg = 8.f;
    camera.distance = 0.55f * o.area;
    camera.sceneRadius = o.area;
    const float aspect = float(o.width) / float(o.height);
    Scene scene{&r, camera.view(), camera.projection(aspect), {}, {}};
    scene.settings.width = o.width;
    scene.settings.height = o.height;
    scene.settings.samples = o.samples;
    scene.settings.timeGpu = o.gpuTime;
    scene.settings.cpuCulling = o.cpuCull;
    scene.settings.depthPrepass = o.prepass;
    scene.settings.distanceBands = o.bands;
    scene.frame.camera = camera.eye();

    const foliage::WindField wind(storm());
    foliage::WindSettings offSettings = storm();
    offSettings.enabled = false;
    const foliage::WindField still(offSettings);
    foliage::BenderSet benders;
    for (int b = 0; b < o.benders; ++b) {
        const float x = -0.3f * o.area + 0.6f * o.area * b / std::max(1, o.benders - 1);
        const int id = benders.add(Eigen::Vector3f(x, -0.3f * o.area, 0.5f), 0.7f);
        benders.move(id, Eigen::Vector3f(x + 0.05f, -0.3f * o.area + 0.1f, 0.5f), 1.f / 30.f);
    }

    std::printf("scene: %zu pines (%zu vertices each) + %zu grass clumps of 3 cards over %.0f m x %.0f m, %dx%d, "
                "MSAA %d, fade [%g, %g] on the grass\n", pineCopies.size(), pine->mesh.vertexCount(), grassCopies.size(),
                double(o.area), double(o.area), o.width, o.height, o.samples, double(o.fade.start), double(o.fade.end));
    std::printf("gl: %s (%s)\n", (*context)->rendererName().c_str(), (*context)->versionName().c_str());
    const auto [on, off] = scene.alternate(o.frames, &wind, benders.acting(camera.eye()), &still);
    scene.settings.countCopies = true;
    (void)scene.frameAt(1.f);
    scene.settings.countCopies = false;
    std::printf("copies drawn: %zu, culled %zu (on the %s), draws %d\n", r.lastDrawStats().copiesDrawn,
                r.lastDrawStats().copiesCulled, o.cpuCull ? "CPU" : "GPU", r.lastDrawStats().drawCalls);
    std::printf("frame, wind off:               %.2f ms (median of %d, alternating)", off.wall, o.frames);
    if (o.gpuTime) std::printf(", GPU %.3f ms", off.gpu);
    std::printf("\nframe, storm + %d benders:     %.2f ms", std::min(o.benders, 8), on.wall);
    if (o.gpuTime) std::printf(", GPU %.3f ms", on.gpu);
    std::printf("\nwind cost: %.1f %% of the static frame (goal <= 15 %%)\n", 100.0 * (on.wall / off.wall - 1.0));
    std::printf("depth pre-pass: %s; distance bands: %d%s\n", o.prepass ? "on" : "off (--no-prepass)", o.bands,
                o.bands == 1 ? " (no near-to-far order)" : ", nearest first");
    if (o.fragments) {
        scene.frame.wind = &still;
        scene.frame.frame.acting.clear();
        const double pixels = double(o.width) * double(o.height);
        const Scene::Fill one = scene.fill(false), two = scene.fill(true);
        std::printf("fragments (%d bands), one pass:       %llu invocations (%.1fx the pixels); look ran on %llu pixel fragments\n",
                    o.bands, (unsigned long long)one.all, double(one.all) / pixels, (unsigned long long)one.shaded);
        std::printf("fragments (%d bands), depth pre-pass: %llu invocations (%.1fx the pixels) = pre-pass %llu + look %llu; "
                    "look ran on %llu pixel fragments (%.2fx fewer than one pass, %.2fx the pixels)\n",
                    o.bands, (unsigned long long)two.all, double(two.all) / pixels, (unsigned long long)two.prepass,
                    (unsigned long long)(two.all - two.prepass), (unsigned long long)two.shaded,
                    double(one.shaded) / double(std::max<std::uint64_t>(two.shaded, 1)), double(two.shaded) / pixels);
        std::printf("pre-pass alpha test past an early depth test: %llu pixel fragments (%.1fx the pixels; at most: "
                    "a band's copies are not tested against each other)\n",
                    (unsigned long long)two.prepassShaded, double(two.prepassShaded) / pixels);
    }
    r.release();
    if (!o.trim) return 0;

    // Trimmed vs untrimmed cards, one static frame each.
    scene.frame.wind = &still;
    scene.frame.frame.acting.clear();
    foliage::TrimSettings grassTrim;
    grassTrim.viewMip = o.viewMip;
    auto trimmedGrass = foliage::trimCards(grass, grassTrim, "grass");
    if (!trimmedGrass) fail(trimmedGrass.error().toString());
    const std::uint64_t g0 = fragmentsOf(scene, (*context)->loader(), grass, *grassPlants, grassCopies);
    auto trimmedGrassPlants = foliage::analysePlants(trimmedGrass->mesh, {}, "trimmed grass");
    if (!trimmedGrassPlants) fail(trimmedGrassPlants.error().toString());
    const std::uint64_t g1 = fragmentsOf(scene, (*context)->loader(), trimmedGrass->mesh, *trimmedGrassPlants, grassCopies);
    std::printf("grass fragments: %llu untrimmed, %llu trimmed (%.2fx fewer; card area %.1f %% saved)\n",
                (unsigned long long)g0, (unsigned long long)g1, double(g0) / double(std::max<std::uint64_t>(g1, 1)),
                100.0 * trimmedGrass->savedShare());
    const std::uint64_t p0 = fragmentsOf(scene, (*context)->loader(), pine->mesh, *pinePlants, pineCopies);
    foliage::TrimSettings pineTrim;
    pineTrim.subdivide = o.subdivide;
    pineTrim.mipLevels = o.mipLevels;
    pineTrim.viewMip = o.viewMip;
    auto trimmedPine = foliage::trimCards(pine->mesh, pineTrim, o.pine);
    if (!trimmedPine) {
        std::printf("pine fragments: %llu untrimmed; not trimmed: %s\n", (unsigned long long)p0,
                    trimmedPine.error().toString().c_str());
        return 0;
    }
    auto trimmedPlants = foliage::plantFromPoints(trimmedPine->mesh.positions, {}, o.pine);
    if (!trimmedPlants) fail(trimmedPlants.error().toString());
    const std::uint64_t p1 = fragmentsOf(scene, (*context)->loader(), trimmedPine->mesh, *trimmedPlants, pineCopies);
    const geometry::Mesh trunk = opaqueOnly(pine->mesh);
    const std::uint64_t p2 = fragmentsOf(scene, (*context)->loader(), trunk, *pinePlants, pineCopies);
    std::printf("pine fragments: %llu untrimmed, %llu trimmed (%.2fx fewer; card area %.1f %% saved, %d cards, "
                "subdivide %d, %d mip levels, view mip %d, %d kept whole, %zu -> %zu triangles); "
                "opaque faces alone %llu\n",
                (unsigned long long)p0, (unsigned long long)p1, double(p0) / double(std::max<std::uint64_t>(p1, 1)),
                100.0 * trimmedPine->savedShare(), trimmedPine->cards, o.subdivide, o.mipLevels, o.viewMip,
                trimmedPine->kept, pine->mesh.triangles.size(), trimmedPine->mesh.triangles.size(), (unsigned long long)p2);
    // One copy at the origin filling the view: the cards large on screen, where fill dominates.
    render::Camera close;
    close.azimuthDeg = 30.f;
    close.elevationDeg = 10.f;
    close.frame(geometry::computeBounds(pine->mesh), aspect);
    Scene one = scene;
    one.view = close.view();
    one.projection = close.projection(aspect);
    one.frame.camera = close.eye();
    const std::vector<foliage::FoliageInstance> single(1);
    const std::uint64_t c0 = fragmentsOf(one, (*context)->loader(), pine->mesh, *pinePlants, single);
    const std::uint64_t c1 = fragmentsOf(one, (*context)->loader(), trimmedPine->mesh, *trimmedPlants, single);
    const std::uint64_t c2 = fragmentsOf(one, (*context)->loader(), trunk, *pinePlants, single);
    std::printf("pine close-up fragments: %llu untrimmed, %llu trimmed (%.2fx fewer); opaque faces alone %llu\n",
                (unsigned long long)c0, (unsigned long long)c1, double(c0) / double(std::max<std::uint64_t>(c1, 1)),
                (unsigned long long)c2);
    return 0;
}
