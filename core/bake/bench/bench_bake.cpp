// bench_bake: the whole bake for 6000 splats sampled on the demo drone (PIPELINE §5 budgets:
// ≤ 2 s on 2 cores; SPL2 for 5000 splats ≤ 0.5 MB). Prints the figures; not a test.
// Usage: bench_bake [splats=6000] [repeats=3] [normal jitter=0.01, model units]
#include <algorithm>
#include <chrono>
#include <cstdio>
#include <cstdlib>
#include <vector>

#include "core/bake/bake.h"
#include "core/bake/surface_sample.h"
#include "core/demo/demo_drone.h"
#include "core/formats/spl2.h"

int main(int argc, char** argv) {
    const int count = argc > 1 ? std::atoi(argv[1]) : 6000;
    const int repeats = argc > 2 ? std::max(1, std::atoi(argv[2])) : 3;
    auto drone = sw::demo::generateDemoDrone({});
    if (!drone) {
        std::fprintf(stderr, "bench_bake: %s\n", drone.error().toString().c_str());
        return 1;
    }
    sw::bake::SurfaceSampleSettings sample;
    sample.count = count;
    sample.normalJitter = argc > 3 ? float(std::atof(argv[3])) : 0.01f;
    const sw::splat::SplatCloud cloud = sw::bake::sampleSurface(drone->mesh, sample);
    std::printf("bench_bake: demo drone, %zu triangles, %d splats sampled (normal jitter ±%.3f)\n", drone->mesh.triangleCount(),
                count, double(sample.normalJitter));
    std::vector<double> seconds;
    sw::Result<sw::bake::BakedModel> baked = sw::makeError(sw::ErrorCode::Internal, "not run");
    for (int r = 0; r < repeats; ++r) {
        const auto t0 = std::chrono::steady_clock::now();
        baked = sw::bake::bakeModel(cloud, drone->mesh, nullptr, sw::bake::BakeSettings{});
        seconds.push_back(std::chrono::duration<double>(std::chrono::steady_clock::now() - t0).count());
        if (!baked) {
            std::fprintf(stderr, "bench_bake: %s\n", baked.error().toString().c_str());
            return 1;
        }
    }
    std::sort(seconds.begin(), seconds.end());
    const auto& rep = baked->report;
    std::printf("  bake time:   median %.3f s, min %.3f s over %d runs\n", seconds[seconds.size() / 2], seconds.front(), repeats);
    std::printf("  floaters:    far %d, detached %d, silhouette %d, dataset skipped; removed %d (p50 %.4f, p99 %.4f)\n",
                rep.floaters.far, rep.floaters.detached, rep.floaters.silhouette, rep.floaters.removed,
                double(rep.floaters.distanceP50), double(rep.floaters.distanceP99));
    std::printf("  split:       %zu core + %zu shell, belly culled %d\n", rep.core, rep.shell, rep.bellyCulled);
    std::printf("  chunks:      %d in %d groups, worst area deviation %.1f%%, within ±30%%: %.1f%%\n", rep.chunks,
                rep.chunkGroups, 100.0 * double(rep.chunkAreaWorst), 100.0 * double(rep.chunkAreaWithin30));
    auto bytes = sw::formats::encodeSpl2(baked->spl2, "bench");
    if (!bytes) return 1;
    std::printf("  SPL2+CHNK:   %zu bytes for %zu splats (%.1f bytes/splat; 5000 splats ≈ %.3f MB)\n", bytes->size(),
                rep.core + rep.shell, double(bytes->size()) / double(rep.core + rep.shell),
                double(bytes->size()) / double(rep.core + rep.shell) * 5000.0 / 1e6);
    return 0;
}
