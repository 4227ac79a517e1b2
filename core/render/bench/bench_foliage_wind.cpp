// bench_foliage_wind [points] [repeats]: GPU time of the foliage wind pass (shaders/foliage_wind.comp,
// issue 35's "1,000,000 swaying splats" figure) for `points` splats (default 1,000,000) on 1,000
// plants scattered over 200 m × 200 m, storm preset with leaf shiver, without and with 8 moving
// benders; the median over `repeats` dispatches (default 20) of the time from an idle GPU to the
// pass finished (FoliageWindGpu::dispatch, glFinish on both sides), in a headless EGL context
// (llvmpipe, or the NVIDIA driver on the GPU machine).
#include <algorithm>
#include <cstdio>
#include <cstdlib>
#include <random>
#include <vector>

#include "core/foundation/schema.h"
#include "core/render/foliage_wind_gpu.h"
#include "core/render/headless_context.h"

using namespace sw;

namespace {

// P plants, heights 0.3..6 m, on ±100 m; n splats on them with random rotations.
void scatter(int plantCount, std::size_t n, foliage::PlantSet& set, splat::SplatCloud& cloud) {
    std::mt19937 rng(1);
    std::uniform_real_distribution<float> u(0.f, 1.f);
    for (int i = 0; i < plantCount; ++i) {
        foliage::Plant p;
        p.root = Eigen::Vector3f(200.f * u(rng) - 100.f, 200.f * u(rng) - 100.f, 0.f);
        p.height = 0.3f + 5.7f * u(rng);
        p.radius = 0.2f + 0.3f * p.height;
        p.touch = 1.f;
        set.plants.push_back(p);
    }
    cloud.resize(n);
    for (std::size_t v = 0; v < n; ++v) {
        const int pi = static_cast<int>(u(rng) * static_cast<float>(plantCount)) % plantCount;
        const foliage::Plant& p = set.plants[static_cast<std::size_t>(pi)];
        const float h = u(rng);
        cloud.positions[v] = p.root + Eigen::Vector3f(p.radius * (u(rng) - 0.5f), p.radius * (u(rng) - 0.5f), h * p.height);
        cloud.rotations[v] = Eigen::Vector4f(u(rng) - 0.5f, u(rng) - 0.5f, u(rng) - 0.5f, u(rng) - 0.5f).normalized();
        set.vertexPlant.push_back(pi);
        set.height.push_back(h * p.height);
        set.mainWeight.push_back(foliage::mainBendWeight(h));
        set.detailWeight.push_back(u(rng));
    }
}

double median(std::vector<double> v) {
    std::sort(v.begin(), v.end());
    return v[v.size() / 2];
}

}  // namespace

int main(int argc, char** argv) {
    const std::size_t points = argc > 1 ? std::strtoull(argv[1], nullptr, 10) : 1000000;
    const int repeats = std::max(1, argc > 2 ? std::atoi(argv[2]) : 20);
    auto context = render::HeadlessContext::create();
    if (!context) return std::fprintf(stderr, "bench_foliage_wind: %s\n", context.error().toString().c_str()), 1;
    auto gpu = render::FoliageWindGpu::create((*context)->loader());
    if (!gpu) return std::fprintf(stderr, "bench_foliage_wind: %s\n", gpu.error().toString().c_str()), 1;
    foliage::PlantSet plants;
    splat::SplatCloud cloud;
    scatter(1000, points, plants, cloud);
    if (auto s = (*gpu)->setSplats(cloud, plants); !s) return std::fprintf(stderr, "%s\n", s.error().toString().c_str()), 1;
    ParamSet storm(foliage::windSchema().schema());
    (void)storm.applyPreset("storm");
    const foliage::WindField wind(foliage::windSchema().fromParams(storm));
    std::printf("renderer: %s\nsplats: %zu on %zu plants, storm, shiver on\n", (*context)->rendererName().c_str(), points,
                plants.plants.size());
    for (int benders : {0, 8}) {
        foliage::FrameInput frame;
        for (int b = 0; b < benders; ++b) {
            foliage::Bender bender;
            bender.id = b;
            bender.position = plants.plants[static_cast<std::size_t>(b)].root;
            bender.velocity = Eigen::Vector3f(1.5f, 0.5f * static_cast<float>(b % 3), 0.f);
            frame.acting.push_back(bender);
        }
        std::vector<double> ms;
        for (int r = 0; r <= repeats; ++r) {  // the first dispatch warms up and is not counted
            frame.t = 0.1f * static_cast<float>(r);
            double t = 0.0;
            if (auto s = (*gpu)->dispatch(wind, {}, frame, &t); !s)
                return std::fprintf(stderr, "%s\n", s.error().toString().c_str()), 1;
            if (r > 0) ms.push_back(t);
        }
        std::printf("benders %d: %.3f ms per dispatch (median of %d)\n", benders, median(ms), repeats);
    }
    (*gpu)->release();
    return 0;
}
