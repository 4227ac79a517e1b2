// bench_rasterize: ms per forward and per backward of the CPU rasterizer for 6000 random
// splats at 400×400 (a typical training view, PIPELINE.md §3). Not a test; prints medians.
//   bench_rasterize [splats=6000] [size=400] [repeats=7] [threads=0 (all cores)]
#include <ATen/Parallel.h>
#include <ATen/TensorOperators.h>
#include <ATen/ops/rand.h>
#include <ATen/ops/randn.h>
#include <torch/csrc/autograd/autograd.h>

#include <algorithm>
#include <chrono>
#include <ctime>
#include <cstdio>
#include <cstdlib>
#include <thread>
#include <vector>

#include "core/train/detail/rasterize.h"

namespace {

double median(std::vector<double> v) {
    std::sort(v.begin(), v.end());
    return v[v.size() / 2];
}

double msSince(std::chrono::steady_clock::time_point t0) {
    return std::chrono::duration<double, std::milli>(std::chrono::steady_clock::now() - t0).count();
}

// Process CPU time in ms: on a shared, overloaded machine this is steadier than wall time.
double cpuMs() {
    return 1000.0 * double(std::clock()) / CLOCKS_PER_SEC;
}

}  // namespace

int main(int argc, char** argv) {
    const int64_t n = argc > 1 ? std::atoll(argv[1]) : 6000;
    const int size = argc > 2 ? std::atoi(argv[2]) : 400;
    const int repeats = argc > 3 ? std::atoi(argv[3]) : 7;
    const int threads = argc > 4 ? std::atoi(argv[4]) : 0;
    at::set_num_threads(int(std::max(1u, std::thread::hardware_concurrency())));
    at::manual_seed(7);

    // A cloud of radius 1 around the origin seen from z = -3.2 (the dataset's camera radius),
    // splat scale ≈ exp(-3.5) ≈ 0.03 like the trainer's init.
    sw::train::SplatTensors s;
    s.means = ((at::rand({n, 3}, at::kFloat) * 2 - 1)).requires_grad_();
    s.quats = at::randn({n, 4}, at::kFloat).requires_grad_();
    s.logScales = (at::randn({n, 3}, at::kFloat) * 0.3 - 3.5).requires_grad_();
    s.opacityLogits = at::randn({n}, at::kFloat).requires_grad_();
    s.colorLogits = at::randn({n, 3}, at::kFloat).requires_grad_();
    sw::train::RasterizeSettings rs;
    rs.width = rs.height = size;
    rs.fx = rs.fy = size * 1.1;
    rs.cx = rs.cy = size * 0.5;
    rs.worldToCamera[11] = 3.2;
    rs.background = {0.5, 0.5, 0.5};
    rs.threads = threads;

    std::vector<double> fwdMs, bwdMs, fwdCpu, bwdCpu;
    for (int r = 0; r < repeats + 1; ++r) {
        double c0 = cpuMs();
        auto t0 = std::chrono::steady_clock::now();
        auto out = sw::train::rasterize(s, rs);
        if (!out) {
            std::fprintf(stderr, "bench_rasterize: %s\n", out.error().toString().c_str());
            return 1;
        }
        const double f = msSince(t0), fc = cpuMs() - c0;
        const at::Tensor loss = out->rgb.sum() + out->alpha.sum() * 0.3;
        c0 = cpuMs();
        t0 = std::chrono::steady_clock::now();
        torch::autograd::backward({loss});
        const double b = msSince(t0), bc = cpuMs() - c0;
        if (r > 0) {  // the first run warms caches and the allocator
            fwdMs.push_back(f);
            bwdMs.push_back(b);
            fwdCpu.push_back(fc);
            bwdCpu.push_back(bc);
        }
        if (r == repeats) {
            const int64_t visible = (out->radii > 0).sum().item<int64_t>();
            std::printf("splats %lld (visible %lld) at %dx%d, threads %d\n", (long long)n, (long long)visible,
                        size, size, threads > 0 ? threads : int(std::thread::hardware_concurrency()));
        }
        for (auto* t : {&s.means, &s.quats, &s.logScales, &s.opacityLogits, &s.colorLogits})
            t->mutable_grad() = at::Tensor();
    }
    std::printf("forward  median %.2f ms wall (min %.2f), %.2f ms cpu\n", median(fwdMs),
                *std::min_element(fwdMs.begin(), fwdMs.end()), median(fwdCpu));
    std::printf("backward median %.2f ms wall (min %.2f), %.2f ms cpu (incl. the sum's backward)\n", median(bwdMs),
                *std::min_element(bwdMs.begin(), bwdMs.end()), median(bwdCpu));
    return 0;
}
