// bench_rasterize_cuda: the CUDA rasterizer against the CPU one on the same random splats
// (bench_rasterize.cpp's fixture: 6000 splats at 400×400). Not a test; prints medians.
//   bench_rasterize_cuda [splats=6000] [size=400] [repeats=100] [views=4] [steps=1000]
// 1. forward and forward+backward (rasterize, Σ rgb + 0.3 Σ alpha, backward), CUDA events
//    around each repeat after 20 warm-ups, median; the CPU path (all cores) for comparison.
// 2. a training step: rasterize, L1 loss against a fixed target, backward, Adam; wall time
//    per step over `steps` steps with torch::optim::Adam (one update per tensor) and with
//    at::_fused_adam_ (all five tensors in one kernel), and with `views` views per step.
#include <ATen/ATen.h>
#include <ATen/Parallel.h>
#include <torch/csrc/autograd/autograd.h>
#include <torch/optim/adam.h>
#include <torch/version.h>

#include <cuda_runtime_api.h>

#include <algorithm>
#include <chrono>
#include <cstdio>
#include <cstdlib>
#include <functional>
#include <vector>

#include "core/train/detail/rasterize.h"

namespace {

using sw::train::RasterizeSettings;
using sw::train::SplatTensors;

double median(std::vector<double> v) {
    std::sort(v.begin(), v.end());
    return v[v.size() / 2];
}

void check(cudaError_t err, const char* what) {
    if (err != cudaSuccess) {
        std::fprintf(stderr, "bench_rasterize_cuda: %s: %s\n", what, cudaGetErrorString(err));
        std::exit(1);
    }
}

SplatTensors makeSplats(int64_t n, at::Device device, uint64_t seed) {
    at::manual_seed(seed);
    SplatTensors s;
    s.means = at::rand({n, 3}, at::kFloat) * 2 - 1;
    s.quats = at::randn({n, 4}, at::kFloat);
    s.logScales = at::randn({n, 3}, at::kFloat) * 0.3 - 3.5;
    s.opacityLogits = at::randn({n}, at::kFloat);
    s.colorLogits = at::randn({n, 3}, at::kFloat);
    for (at::Tensor* t : {&s.means, &s.quats, &s.logScales, &s.opacityLogits, &s.colorLogits})
        *t = t->to(device).requires_grad_();
    return s;
}

std::vector<at::Tensor> params(const SplatTensors& s) {
    return {s.means, s.quats, s.logScales, s.opacityLogits, s.colorLogits};
}

// The camera of view v: the bench_rasterize camera (z = 3.2) turned about the y axis.
RasterizeSettings viewSettings(int size, int view) {
    RasterizeSettings rs;
    rs.width = rs.height = size;
    rs.fx = rs.fy = size * 1.1;
    rs.cx = rs.cy = size * 0.5;
    const double a = 0.7 * view, c = std::cos(a), sn = std::sin(a);
    rs.worldToCamera = {c, 0, -sn, 0, 0, 1, 0, 0, sn, 0, c, 3.2, 0, 0, 0, 1};
    rs.background = {0.5, 0.5, 0.5};
    return rs;
}

at::Tensor render(const SplatTensors& s, const RasterizeSettings& rs) {
    auto out = sw::train::rasterize(s, rs);
    if (!out) {
        std::fprintf(stderr, "bench_rasterize_cuda: %s\n", out.error().toString().c_str());
        std::exit(1);
    }
    return out->rgb.sum() + out->alpha.sum() * 0.3;
}

void clearGrads(const SplatTensors& s) {
    for (at::Tensor p : params(s)) p.mutable_grad() = at::Tensor();
}

// Median ms of fn() over `repeats` runs after `warmup`, timed with CUDA events.
double timeCuda(int warmup, int repeats, const std::function<void()>& fn) {
    cudaEvent_t start, stop;
    check(cudaEventCreate(&start), "cudaEventCreate");
    check(cudaEventCreate(&stop), "cudaEventCreate");
    std::vector<double> ms;
    for (int r = 0; r < warmup + repeats; ++r) {
        check(cudaEventRecord(start), "cudaEventRecord");
        fn();
        check(cudaEventRecord(stop), "cudaEventRecord");
        check(cudaEventSynchronize(stop), "cudaEventSynchronize");
        float t = 0;
        check(cudaEventElapsedTime(&t, start, stop), "cudaEventElapsedTime");
        if (r >= warmup) ms.push_back(t);
    }
    cudaEventDestroy(start);
    cudaEventDestroy(stop);
    return median(ms);
}

double timeCpu(int repeats, const std::function<void()>& fn) {
    std::vector<double> ms;
    for (int r = 0; r < repeats + 1; ++r) {
        const auto t0 = std::chrono::steady_clock::now();
        fn();
        const double t = std::chrono::duration<double, std::milli>(std::chrono::steady_clock::now() - t0).count();
        if (r > 0) ms.push_back(t);
    }
    return median(ms);
}

// Wall ms per training step over `steps` steps (after 20 warm-ups), `views` views per step.
double timeTraining(int64_t n, int size, int views, int steps, bool fused) {
    const SplatTensors s = makeSplats(n, at::kCUDA, 7);
    std::vector<at::Tensor> targets;
    const SplatTensors truth = makeSplats(n, at::kCUDA, 8);
    for (int v = 0; v < views; ++v) targets.push_back(sw::train::rasterize(truth, viewSettings(size, v))->rgb.detach());
    torch::optim::Adam adam(params(s), torch::optim::AdamOptions(1e-3));
    std::vector<at::Tensor> m, v2, stepCount;
    for (const at::Tensor& p : params(s)) {
        m.push_back(at::zeros_like(p));
        v2.push_back(at::zeros_like(p));
        stepCount.push_back(at::zeros({}, p.options().requires_grad(false)));
    }
    auto step = [&] {
        at::Tensor loss;
        for (int v = 0; v < views; ++v) {
            const at::Tensor l = (sw::train::rasterize(s, viewSettings(size, v))->rgb - targets[size_t(v)]).abs().mean();
            loss = v == 0 ? l : loss + l;
        }
        torch::autograd::backward({loss});
        if (fused) {
            at::NoGradGuard noGrad;
            std::vector<at::Tensor> p = params(s), g;
            for (const at::Tensor& t : p) g.push_back(t.grad());
            at::_fused_adam_(p, g, m, v2, {}, stepCount, 1e-3, 0.9, 0.999, 0.0, 1e-8, false, false);
        } else {
            adam.step();
        }
        clearGrads(s);
    };
    for (int i = 0; i < 20; ++i) step();
    check(cudaDeviceSynchronize(), "cudaDeviceSynchronize");
    const auto t0 = std::chrono::steady_clock::now();
    for (int i = 0; i < steps; ++i) step();
    check(cudaDeviceSynchronize(), "cudaDeviceSynchronize");
    return std::chrono::duration<double, std::milli>(std::chrono::steady_clock::now() - t0).count() / steps;
}

}  // namespace

int main(int argc, char** argv) {
    const int64_t n = argc > 1 ? std::atoll(argv[1]) : 6000;
    const int size = argc > 2 ? std::atoi(argv[2]) : 400;
    const int repeats = argc > 3 ? std::atoi(argv[3]) : 100;
    const int views = argc > 4 ? std::atoi(argv[4]) : 4;
    const int steps = argc > 5 ? std::atoi(argv[5]) : 1000;
    int device = 0, runtime = 0, driver = 0;
    cudaDeviceProp prop{};
    check(cudaGetDevice(&device), "cudaGetDevice (no CUDA device?)");
    check(cudaGetDeviceProperties(&prop, device), "cudaGetDeviceProperties");
    cudaRuntimeGetVersion(&runtime);
    cudaDriverGetVersion(&driver);
    std::printf("device %s, %d SMs; CUDA runtime %d, driver API %d; libtorch %s\n", prop.name,
                prop.multiProcessorCount, runtime, driver, TORCH_VERSION);

    const RasterizeSettings rs = viewSettings(size, 0);
    const SplatTensors cpu = makeSplats(n, at::kCPU, 7), gpu = makeSplats(n, at::kCUDA, 7);
    auto fwdBwd = [&rs](const SplatTensors& s) {
        torch::autograd::backward({render(s, rs)});
        clearGrads(s);
    };
    const double cpuMs = timeCpu(5, [&] { fwdBwd(cpu); });
    const double gpuFwd = timeCuda(20, repeats, [&] {
        at::NoGradGuard noGrad;
        render(gpu, rs);
    });
    const double gpuFwdBwd = timeCuda(20, repeats, [&] { fwdBwd(gpu); });
    const auto visible = sw::train::rasterize(gpu, rs)->radii.gt(0).sum().item<int64_t>();
    const double loss = render(gpu, rs).item<double>();
    std::printf("splats %lld (visible %lld) at %dx%d, loss Σrgb + 0.3Σalpha = %.2f, median of %d after 20 warm-ups\n",
                (long long)n, (long long)visible, size, size, loss, repeats);
    std::printf("cpu  forward+backward %8.3f ms (median of 5, %d threads)\n", cpuMs, at::get_num_threads());
    std::printf("cuda forward          %8.3f ms\n", gpuFwd);
    std::printf("cuda forward+backward %8.3f ms  (%.0fx the cpu)\n", gpuFwdBwd, cpuMs / gpuFwdBwd);

    if (steps > 0) {
        for (const bool fused : {false, true}) {
            const double one = timeTraining(n, size, 1, steps, fused);
            const double many = timeTraining(n, size, views, steps / views + 1, fused);
            std::printf("train step (%s Adam): 1 view %.3f ms/step (6000 steps %.2f s); %d views %.3f ms/step = "
                        "%.3f ms/view\n",
                        fused ? "fused" : "torch::optim", one, one * 6.0, views, many, many / views);
        }
    }
    return 0;
}
