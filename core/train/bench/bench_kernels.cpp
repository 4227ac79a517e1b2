// bench_kernels: the CPU rasterizer kernels alone (rasterize_kernels.h), without libtorch, so
// the run fits under valgrind --tool=callgrind (libtorch's start-up uses rdtscp, which valgrind
// cannot decode). Same fixture as bench_rasterize: N random splats in the cube [−1, 1]³ seen
// from z = −3.2, log-scales ≈ −3.5, random opacities and colours; loss = Σ rgb + 0.3·Σ alpha.
// Not a test; prints ms per phase (wall and process CPU time) and a checksum of the outputs.
//   bench_kernels [splats=6000] [size=400] [repeats=7] [threads=2] [simd=auto|baseline]
#include <algorithm>
#include <chrono>
#include <cmath>
#include <cstdio>
#include <cstdlib>
#include <ctime>
#include <random>
#include <string>
#include <vector>

#include "core/train/rasterize_kernels.h"

namespace {

namespace k = sw::train::kernels;

struct Timer {
    std::chrono::steady_clock::time_point wall = std::chrono::steady_clock::now();
    std::clock_t cpu = std::clock();
    void lap(std::vector<double>& wallMs, std::vector<double>& cpuMs) {
        const auto now = std::chrono::steady_clock::now();
        const std::clock_t c = std::clock();
        wallMs.push_back(std::chrono::duration<double, std::milli>(now - wall).count());
        cpuMs.push_back(1000.0 * double(c - cpu) / CLOCKS_PER_SEC);
        wall = now;
        cpu = c;
    }
};

double median(std::vector<double> v) {
    std::sort(v.begin(), v.end());
    return v.empty() ? 0.0 : v[v.size() / 2];
}

}  // namespace

int main(int argc, char** argv) {
    const int n = argc > 1 ? std::atoi(argv[1]) : 6000;
    const int size = argc > 2 ? std::atoi(argv[2]) : 400;
    const int repeats = argc > 3 ? std::atoi(argv[3]) : 7;
    const int threads = argc > 4 ? std::atoi(argv[4]) : 2;
    if (argc > 5 && std::string(argv[5]) == "baseline") k::setCpuSimd(k::CpuSimd::Baseline);
    const size_t N = size_t(n);
    std::mt19937 rng(7);
    std::uniform_real_distribution<float> uni(-1.0f, 1.0f);
    std::normal_distribution<float> normal(0.0f, 1.0f);
    std::vector<float> means(3 * N), quats(4 * N), logScales(3 * N), opacityLogits(N),
        colorLogits(3 * N);
    for (float& v : means) v = uni(rng);
    for (float& v : quats) v = normal(rng);
    for (float& v : logScales) v = normal(rng) * 0.3f - 3.5f;
    for (float& v : opacityLogits) v = normal(rng);
    for (float& v : colorLogits) v = normal(rng);
    const k::SplatParams<float> params{means.data(), quats.data(), logScales.data(), opacityLogits.data(),
                                       colorLogits.data(), n};
    k::KernelCamera cam;
    cam.width = cam.height = size;
    cam.fx = cam.fy = size * 1.1;
    cam.cx = cam.cy = size * 0.5;
    cam.nearPlane = 0.01;
    cam.farPlane = 1e4;
    for (int i = 0; i < 4; ++i) cam.worldToCamera[5 * i] = 1;
    cam.worldToCamera[11] = 3.2;
    const float background[3] = {0.5f, 0.5f, 0.5f};

    const size_t pixels = size_t(size) * size_t(size);
    std::vector<float> mean2d(2 * N), conic(3 * N), depth(N), opacity(N),
        color(3 * N);
    std::vector<int32_t> radius(N);
    const k::Projected<float> proj{mean2d.data(), conic.data(), depth.data(), opacity.data(), color.data(),
                                   radius.data()};
    std::vector<float> rgb(3 * pixels), alpha(pixels), depthImage(pixels), finalT(pixels);
    std::vector<int32_t> lastCount(pixels);
    const k::Images<float> images{rgb.data(), alpha.data(), depthImage.data(), finalT.data(), lastCount.data()};
    std::vector<float> dRgb(3 * pixels, 1.0f), dAlpha(pixels, 0.3f);
    std::vector<float> gMean2d(2 * N), gConic(3 * N), gDepth(N), gOpacity(N),
        gColor(3 * N);
    std::vector<float> pMeans(3 * N), pQuats(4 * N), pScales(3 * N), pOpacity(N),
        pColor(3 * N);

    std::vector<double> projW, projC, fwdW, fwdC, bwdW, bwdC, pbW, pbC;
    double checksum = 0;
    for (int r = 0; r < repeats; ++r) {
        Timer t;
        k::projectForwardCpu<float>(params, cam, proj, threads);
        t.lap(projW, projC);
        const k::TileBins bins = k::binTilesCpu<float>(proj, n, cam, threads);
        k::rasterizeForwardCpu<float>(proj, bins, cam, background, images, threads);
        t.lap(fwdW, fwdC);
        for (auto* g : {&gMean2d, &gConic, &gDepth, &gOpacity, &gColor}) std::fill(g->begin(), g->end(), 0.0f);
        const k::ProjectedGrads<float> grads{gMean2d.data(), gConic.data(), gDepth.data(), gOpacity.data(),
                                             gColor.data()};
        k::rasterizeBackwardCpu<float>(proj, bins, cam, background, images, {dRgb.data(), dAlpha.data(), nullptr},
                                       grads, threads);
        t.lap(bwdW, bwdC);
        k::projectBackwardCpu<float>(params, cam, proj, grads,
                                     {pMeans.data(), pQuats.data(), pScales.data(), pOpacity.data(), pColor.data()},
                                     threads);
        t.lap(pbW, pbC);
        if (r == 0) {
            for (float v : rgb) checksum += double(v);
            for (float v : pMeans) checksum += double(std::abs(v));
            for (float v : pOpacity) checksum += double(std::abs(v));
            std::printf("splats %d at %dx%d, threads %d, %s, tile entries %zu, checksum %.17g\n", n, size, size,
                        threads, k::cpuSimd() == k::CpuSimd::Avx2 ? "avx2" : "baseline", bins.splats.size(), checksum);
        }
    }
    std::printf("project fwd  %.2f ms wall, %.2f ms cpu\n", median(projW), median(projC));
    std::printf("raster fwd   %.2f ms wall, %.2f ms cpu (binning + compositing)\n", median(fwdW), median(fwdC));
    std::printf("raster bwd   %.2f ms wall, %.2f ms cpu\n", median(bwdW), median(bwdC));
    std::printf("project bwd  %.2f ms wall, %.2f ms cpu\n", median(pbW), median(pbC));
    return 0;
}
