// bench_lod_psnr: how close the coarse levels of a LOD build stay to the finest, beside another
// tool's decimations of the same scan (docs/benchmarks.md, "Large scans"). Each level of our LOD
// folder (every leaf's chunk of that level, joined) and each given decimated file are drawn by
// the scan renderer from the same cameras as the scan itself; the PSNR of their images against the
// scan's images (RGB, 8 bits, the squared error summed over every view) says which is closer at
// its splat count.
// Usage: bench_lod_psnr <scan> <lod folder> [--other l1.ply,l2.ply,...] [--views 6]
//                       [--width 640] [--height 400] [--png-dir dir] [--spz] [--crop f]
// --other lists the other tool's levels coarsest last (its level k beside our level k); --png-dir
// writes view 0 of every cloud (the finest, ours_<k>, other_<k>). --spz passes every cloud (the
// scan, ours and the other's) through SPZ v4 before drawing: for other levels that were carried
// to this machine as SPZ, so that each side pays the same quantisation. --crop f keeps, of every
// cloud, the splats whose centre lies in the middle f × f of the scan's ground square (x, y): a
// smaller drawing of the same comparison where the renderer is slow (llvmpipe).
#include <algorithm>
#include <chrono>
#include <cmath>
#include <cstdio>
#include <cstring>
#include <numbers>
#include <string>
#include <vector>

#include "core/formats/cloud_io.h"
#include "core/formats/spz.h"
#include "core/foundation/image_io.h"
#include "core/lod/chunk_source.h"
#include "core/lod/extract.h"
#include "core/lod/lod_tree.h"
#include "core/lod/resident_pool.h"
#include "core/lod/scan_set.h"
#include "core/render/headless_context.h"
#include "core/render/projection.h"
#include "core/render/scan_renderer.h"

using namespace sw;

namespace {

int fail(const std::string& message) {
    std::fprintf(stderr, "bench_lod_psnr: %s\n", message.c_str());
    return 1;
}

struct Camera {
    Eigen::Matrix4f view, projection;
};

// Cameras around the scan's centre, 35° above the horizon, near enough that the scan fills the
// frame (its edges may leave it).
std::vector<Camera> cameras(const Eigen::AlignedBox3f& bounds, int views, float aspect) {
    std::vector<Camera> out;
    const Eigen::Vector3f centre = bounds.center();
    const float radius = 0.5f * bounds.sizes().head<2>().norm();
    const float fov = 0.9f, distance = 0.75f * radius / std::sin(fov / 2);
    for (int i = 0; i < views; ++i) {
        const float a = 2.0f * std::numbers::pi_v<float> * (static_cast<float>(i) + 0.125f) / static_cast<float>(views);
        const float e = 35.0f * std::numbers::pi_v<float> / 180.0f;
        const Eigen::Vector3f eye = centre + distance * Eigen::Vector3f(std::cos(a) * std::cos(e), std::sin(a) * std::cos(e), std::sin(e));
        out.push_back({render::lookAtZUp(eye, centre), render::perspectiveMatrix(fov, aspect, 0.01f * distance, 4.0f * distance)});
    }
    return out;
}

// The cloud cut into leaves of 2^18 splats (one level: no merging) and drawn whole through the
// scan renderer from every camera.
Result<std::vector<Rgba8Image>> renderAll(const render::HeadlessContext& context, const splat::SplatCloud& cloud,
                                          const std::vector<Camera>& cams, int width, int height) {
    lod::LodSettings settings;
    settings.levels = 1;
    settings.leafSize = 1 << 18;
    auto tree = lod::buildLodTree(cloud, settings);
    if (!tree) return tree.error();
    const auto shared = std::make_shared<const lod::LodTree>(std::move(*tree));
    const std::uint64_t bytes = lod::PackedChunk::residentBytes(cloud.size()) + 64 * shared->leaves.size() + (1u << 20);
    auto renderer = render::ScanRenderer::create(context.loader(), bytes + bytes / 4);
    if (!renderer) return renderer.error();
    auto pool = lod::ResidentPool::create({2 * bytes, 2}, {std::make_shared<lod::MemoryChunkSource>(shared)});
    if (!pool) return pool.error();
    lod::Selection all;
    for (std::uint32_t leaf = 0; leaf < shared->leaves.size(); ++leaf) all.leaves.push_back({0, leaf, 0, 0, 0.0f});
    (*pool)->update({{lod::View{}, &all}});
    (*pool)->waitForLoads();
    if (Status s = (*renderer)->sync(**pool); !s) return s.error();
    while ((*renderer)->poolStats().fencesPending > 0) (*renderer)->pollFences(**pool);
    const auto draws = (*pool)->drawList(all);
    render::ScanDrawSettings s;
    s.width = width;
    s.height = height;
    std::vector<Rgba8Image> images;
    for (const Camera& c : cams) {
        auto image = (*renderer)->renderImage(c.view, c.projection, draws, s);
        if (!image) return image.error();
        images.push_back(std::move(*image));
    }
    (*renderer)->release();
    return images;
}

// Joins `from` to `to` (what the renderer draws: no normals, no SH).
void append(splat::SplatCloud& to, const splat::SplatCloud& from) {
    to.positions.insert(to.positions.end(), from.positions.begin(), from.positions.end());
    to.rotations.insert(to.rotations.end(), from.rotations.begin(), from.rotations.end());
    to.scales.insert(to.scales.end(), from.scales.begin(), from.scales.end());
    to.opacities.insert(to.opacities.end(), from.opacities.begin(), from.opacities.end());
    to.colors.insert(to.colors.end(), from.colors.begin(), from.colors.end());
}

// Through SPZ v4 and back (model axes both ways).
Result<splat::SplatCloud> throughSpz(const splat::SplatCloud& cloud) {
    formats::SpzWriteOptions options;
    options.version = 4;
    options.axes = formats::Axes::Model;
    auto bytes = formats::encodeSpz(cloud, options, "(in memory)");
    if (!bytes) return bytes.error();
    return formats::decodeSpz(*bytes, "(in memory)", formats::Axes::Model);
}

double psnr(const std::vector<Rgba8Image>& reference, const std::vector<Rgba8Image>& images) {
    double sum = 0.0;
    std::size_t n = 0;
    for (std::size_t v = 0; v < reference.size(); ++v)
        for (std::size_t i = 0; i < reference[v].rgba.size(); i += 4)
            for (std::size_t k = 0; k < 3; ++k) {
                const double d = double(reference[v].rgba[i + k]) - double(images[v].rgba[i + k]);
                sum += d * d;
                ++n;
            }
    const double mse = sum / static_cast<double>(std::max<std::size_t>(n, 1));
    return mse > 0 ? 10.0 * std::log10(255.0 * 255.0 / mse) : 99.0;
}

}  // namespace

int main(int argc, char** argv) {
    if (argc < 3) return fail("usage: bench_lod_psnr <scan> <lod folder> [--other a.ply,b.ply] [--views 6] [--width 640] [--height 400] [--png-dir dir]");
    const std::string scanPath = argv[1], folder = argv[2];
    std::vector<std::string> others;
    std::string pngDir;
    int views = 6, width = 640, height = 400;
    bool spz = false;
    float crop = 1.0f;
    for (int i = 3; i < argc; ++i) {
        const std::string a = argv[i];
        const bool more = i + 1 < argc;
        if (a == "--views" && more) views = std::max(1, std::atoi(argv[++i]));
        else if (a == "--width" && more) width = std::atoi(argv[++i]);
        else if (a == "--height" && more) height = std::atoi(argv[++i]);
        else if (a == "--png-dir" && more) pngDir = argv[++i];
        else if (a == "--spz") spz = true;
        else if (a == "--crop" && more) crop = std::clamp(static_cast<float>(std::atof(argv[++i])), 0.01f, 1.0f);
        else if (a == "--other" && more) {
            for (char* t = std::strtok(argv[++i], ","); t; t = std::strtok(nullptr, ",")) others.emplace_back(t);
        } else return fail("unknown option " + a);
    }
    auto context = render::HeadlessContext::create();
    if (!context) return fail(context.error().toString());
    auto scan = formats::readSplatCloud(scanPath);
    if (!scan) return fail(scan.error().toString());
    Eigen::AlignedBox3f bounds;
    for (const Eigen::Vector3f& p : scan->positions) bounds.extend(p);
    Eigen::AlignedBox3f keep = bounds;
    keep.min().head<2>() = bounds.center().head<2>() - 0.5f * crop * bounds.sizes().head<2>();
    keep.max().head<2>() = bounds.center().head<2>() + 0.5f * crop * bounds.sizes().head<2>();
    // Every cloud as drawn: cropped, and through SPZ when asked.
    const auto prepare = [spz, crop, keep](splat::SplatCloud& cloud) -> Status {
        if (crop < 1.0f) cloud = lod::cutCloud(cloud, lod::Region::aabb(keep));
        if (!spz) return {};
        auto round = throughSpz(cloud);
        if (!round) return round.error();
        cloud = std::move(*round);
        return {};
    };
    if (Status s = prepare(*scan); !s) return fail(s.error().toString());
    auto source = lod::openScanSource(folder);
    if (!source) return fail(source.error().toString());
    const lod::LodTree& tree = (*source)->tree();
    const auto cams = cameras(keep, views, float(width) / float(height));
    std::printf("scan: %zu splats; %s, %dx%d, %d views%s\n", scan->size(), (*context)->rendererName().c_str(), width, height,
                views, spz ? "; every cloud through SPZ v4" : "");
    const auto t0 = std::chrono::steady_clock::now();
    auto reference = renderAll(**context, *scan, cams, width, height);
    if (!reference) return fail(reference.error().toString());
    std::printf("finest drawn in %.1f s a view\n",
                std::chrono::duration<double>(std::chrono::steady_clock::now() - t0).count() / views);
    auto save = [&](const std::vector<Rgba8Image>& images, const std::string& name) -> Status {
        if (pngDir.empty()) return {};
        return writePngFile(pngDir + "/" + name + ".png", images.front());
    };
    if (Status s = save(*reference, "finest"); !s) return fail(s.error().toString());
    *scan = splat::SplatCloud{};  // its memory back before the levels are read
    for (int level = 1; level < tree.levelCount; ++level) {
        splat::SplatCloud ours;
        for (std::uint32_t leaf = 0; leaf < tree.leaves.size(); ++leaf) {
            auto chunk = (*source)->loadChunk(leaf, static_cast<std::uint32_t>(level));
            if (!chunk) return fail(chunk.error().toString());
            append(ours, *chunk);
        }
        if (Status s = prepare(ours); !s) return fail(s.error().toString());
        auto mine = renderAll(**context, ours, cams, width, height);
        if (!mine) return fail(mine.error().toString());
        if (Status s = save(*mine, "ours_" + std::to_string(level)); !s) return fail(s.error().toString());
        std::printf("level %d: ours %9zu splats, PSNR %.2f dB", level, ours.size(), psnr(*reference, *mine));
        if (static_cast<std::size_t>(level) <= others.size()) {
            auto other = formats::readSplatCloud(others[level - 1]);
            if (!other) return fail(other.error().toString());
            if (Status s = prepare(*other); !s) return fail(s.error().toString());
            auto theirs = renderAll(**context, *other, cams, width, height);
            if (!theirs) return fail(theirs.error().toString());
            if (Status s = save(*theirs, "other_" + std::to_string(level)); !s) return fail(s.error().toString());
            std::printf("; other %9zu splats, PSNR %.2f dB", other->size(), psnr(*reference, *theirs));
        }
        std::printf("\n");
        std::fflush(stdout);
    }
    return 0;
}
