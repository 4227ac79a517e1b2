// CUDA rasterizer parity tests: the CUDA backend against the CPU backend (itself checked
// against a dense torch reference in tst_rasterize.cpp) on seeded random fixtures, forward
// images and every parameter gradient. Skipped (exit 77) with a message without a CUDA device.
//
// Tolerances: in float64 both backends run the same arithmetic, so they agree to rounding
// (the CUDA gradients are summed with atomics in varying order). In float32 the CUDA math
// library's expf (≤ 2 ulp) and fused multiply-adds change the last bits; rarely a splat then
// lands on the other side of the α ≥ 1/255 or T ≥ 1e-4 threshold at one pixel, which moves
// that pixel by up to ~1/255, hence a max-abs bound looser than the norm-wise bound. Measured on
// an H200 (docs/cuda.md): images rel ≤ 2.5e-7, max ≤ 1.4e-5; gradients rel ≤ 1.8e-6.
#include <ATen/ATen.h>
#include <torch/csrc/autograd/autograd.h>

#include <doctest/doctest.h>
// libtorch's glog defines CHECK (abort on failure); the tests mean doctest's CHECK.
#undef CHECK
#define CHECK(...) DOCTEST_CHECK(__VA_ARGS__)

#include <cmath>
#include <cstdio>
#include <cstdlib>
#include <string>
#include <vector>

#include "core/train/detail/rasterize.h"

namespace {

using sw::train::RasterizeOutput;
using sw::train::RasterizeSettings;
using sw::train::SplatTensors;

constexpr double F32_IMAGE_REL_TOL = 1e-5;    // ‖cuda − cpu‖ / ‖cpu‖ of rgb, alpha, depth
constexpr double F32_IMAGE_MAX_TOL = 5e-3;    // max |cuda − cpu| (a threshold flip at a pixel)
constexpr double F32_GRAD_REL_TOL = 1e-4;     // ‖cuda − cpu‖ / ‖cpu‖ per parameter gradient
constexpr double F32_RADII_MISMATCH = 1e-3;   // fraction of splats whose integer radius differs
constexpr double F64_IMAGE_MAX_TOL = 1e-10;   // max |cuda − cpu|, float64
constexpr double F64_GRAD_REL_TOL = 1e-9;     // ‖cuda − cpu‖ / ‖cpu‖, float64
constexpr double RERUN_GRAD_REL_TOL = 1e-5;   // two CUDA runs (atomic summation order), float32

const char* const PARAM_NAMES[5] = {"means", "quats", "logScales", "opacityLogits", "colorLogits"};

void requireCuda() {
    if (!sw::train::cudaBackendAvailable()) {  // a CPU build, or no device
        std::printf("SKIP: no CUDA backend in this build or no CUDA device\n");
        std::fflush(stdout);
        std::exit(77);
    }
}

// Camera at distance 4 looking at the origin, rotated about (1, 2, 0.5) by `angle` (Rodrigues).
RasterizeSettings makeSettings(int width, int height, double angle) {
    RasterizeSettings s;
    s.width = width;
    s.height = height;
    s.fx = 1.4 * width;
    s.fy = 1.3 * width;
    s.cx = 0.5 * width + 1.7;
    s.cy = 0.5 * height - 1.1;
    s.background = {0.25, 0.5, 0.75};
    s.threads = 2;
    const double ax[3] = {1 / std::sqrt(5.25), 2 / std::sqrt(5.25), 0.5 / std::sqrt(5.25)};
    const double c = std::cos(angle), sn = std::sin(angle);
    for (int i = 0; i < 3; ++i)
        for (int j = 0; j < 3; ++j) {
            const double cross = i == j ? 0 : ((j == (i + 1) % 3) ? -ax[3 - i - j] : ax[3 - i - j]);
            s.worldToCamera[size_t(4 * i + j)] = (i == j ? c : 0) + (1 - c) * ax[i] * ax[j] + sn * cross;
        }
    s.worldToCamera[3] = 0;
    s.worldToCamera[7] = 0;
    s.worldToCamera[11] = 4.0;
    return s;
}

// N random splats in [-1, 1]³, float64 leaves on the CPU; opacityBias > 0 makes them denser
// (exercises the transmittance cutoff).
SplatTensors makeSplats(int64_t n, uint64_t seed, double opacityBias) {
    at::manual_seed(seed);
    SplatTensors s;
    s.means = at::rand({n, 3}, at::kDouble) * 2 - 1;
    s.quats = at::randn({n, 4}, at::kDouble);
    s.logScales = at::randn({n, 3}, at::kDouble) * 0.4 + std::log(0.08);
    s.opacityLogits = at::randn({n}, at::kDouble) * 2 + opacityBias;
    s.colorLogits = at::randn({n, 3}, at::kDouble);
    return s;
}

SplatTensors leaves(const SplatTensors& s, at::ScalarType type, at::Device device) {
    SplatTensors r = s;
    for (at::Tensor* t : {&r.means, &r.quats, &r.logScales, &r.opacityLogits, &r.colorLogits})
        *t = t->detach().to(device, type).requires_grad_();
    return r;
}

std::vector<at::Tensor> params(const SplatTensors& s) {
    return {s.means, s.quats, s.logScales, s.opacityLogits, s.colorLogits};
}

struct Run {
    RasterizeOutput out;
    std::vector<at::Tensor> grads;  // on the CPU, float64
};

// Forward, then backward of Σ wRgb·rgb + Σ wAlpha·alpha + Σ wDepth·depth with seeded weights.
Run render(const SplatTensors& base, const RasterizeSettings& rs, at::ScalarType type, at::Device device) {
    const SplatTensors s = leaves(base, type, device);
    auto out = sw::train::rasterize(s, rs);
    REQUIRE(bool(out));
    at::manual_seed(99);
    const auto cpu = at::TensorOptions().dtype(at::kDouble);
    const at::Tensor wRgb = at::randn({rs.height, rs.width, 3}, cpu).to(device, type);
    const at::Tensor wAlpha = at::randn({rs.height, rs.width}, cpu).to(device, type);
    const at::Tensor wDepth = (at::randn({rs.height, rs.width}, cpu) * 0.1).to(device, type);
    const at::Tensor loss = (out->rgb * wRgb).sum() + (out->alpha * wAlpha).sum() + (out->depth * wDepth).sum();
    torch::autograd::backward({loss});
    Run r{*out, {}};
    for (const at::Tensor& p : params(s)) r.grads.push_back(p.grad().to(at::kCPU, at::kDouble));
    return r;
}

double relError(const at::Tensor& a, const at::Tensor& b) {
    const at::Tensor x = a.to(at::kCPU, at::kDouble), y = b.to(at::kCPU, at::kDouble);
    return (x - y).norm().item<double>() / std::max(1e-30, y.norm().item<double>());
}

double maxError(const at::Tensor& a, const at::Tensor& b) {
    return (a.to(at::kCPU, at::kDouble) - b.to(at::kCPU, at::kDouble)).abs().max().item<double>();
}

struct Fixture {
    int64_t n;
    int width, height;
    double angle, opacityBias;
    uint64_t seed;
};

const Fixture FIXTURES[] = {
    {300, 64, 48, 0.6, 0.0, 11},     // sparse, image size not a multiple of the tile
    {2000, 97, 83, 1.1, 2.0, 23},    // dense: many pixels hit the transmittance cutoff
    {6000, 160, 160, -0.4, 1.0, 37}, // the training budget at a smaller image
    // N > DENSE_BINNING_MAX_SPLATS: the sorted-keys binning (the fixtures above take the dense
    // binning); both must give the CPU's lists.
    {20000, 160, 160, 0.2, -1.0, 41},
};

}  // namespace

TEST_CASE("CUDA forward and gradients match the CPU backend in float32") {
    requireCuda();
    for (const Fixture& f : FIXTURES) {
        CAPTURE(f.seed);
        const SplatTensors s = makeSplats(f.n, f.seed, f.opacityBias);
        const RasterizeSettings rs = makeSettings(f.width, f.height, f.angle);
        const Run cpu = render(s, rs, at::kFloat, at::kCPU);
        const Run gpu = render(s, rs, at::kFloat, at::kCUDA);
        REQUIRE(gpu.out.rgb.device().is_cuda());
        const at::Tensor visible = cpu.out.radii > 0;
        CHECK(visible.sum().item<int64_t>() > f.n / 4);  // the fixture is not degenerate
        const double radiiMismatch = (cpu.out.radii != gpu.out.radii.cpu()).sum().item<double>() / double(f.n);
        CHECK(radiiMismatch <= F32_RADII_MISMATCH);
        const at::Tensor* cpuImages[3] = {&cpu.out.rgb, &cpu.out.alpha, &cpu.out.depth};
        const at::Tensor* gpuImages[3] = {&gpu.out.rgb, &gpu.out.alpha, &gpu.out.depth};
        for (int i = 0; i < 3; ++i) {
            const double rel = relError(*gpuImages[i], *cpuImages[i]), mx = maxError(*gpuImages[i], *cpuImages[i]);
            MESSAGE("seed " << f.seed << " image " << i << ": rel " << rel << ", max " << mx);
            CHECK(rel <= F32_IMAGE_REL_TOL);
            CHECK(mx <= F32_IMAGE_MAX_TOL);
        }
        for (int k = 0; k < 5; ++k) {
            CAPTURE(std::string(PARAM_NAMES[k]));
            CHECK(cpu.grads[size_t(k)].abs().max().item<double>() > 0);  // the loss reaches every parameter
            const double rel = relError(gpu.grads[size_t(k)], cpu.grads[size_t(k)]);
            MESSAGE("seed " << f.seed << " grad " << std::string(PARAM_NAMES[k]) << ": rel " << rel);
            CHECK(rel <= F32_GRAD_REL_TOL);
        }
    }
}

TEST_CASE("CUDA backend agrees with the CPU backend to rounding in float64") {
    requireCuda();
    // Fixtures 1 and 2 have tile lists of hundreds of entries, so the backward walks them cut
    // into segments from the forward's records (rasterize_cuda.h, SegmentStates).
    for (const Fixture& f : {FIXTURES[1], FIXTURES[2]}) {
        CAPTURE(f.seed);
        const SplatTensors s = makeSplats(f.n, f.seed, f.opacityBias);
        RasterizeSettings rs = makeSettings(f.width, f.height, f.angle);
        rs.nearPlane = 3.0;  // another depth range for the sort keys; culls the nearest splats too
        rs.farPlane = 50.0;
        const Run cpu = render(s, rs, at::kDouble, at::kCPU);
        const Run gpu = render(s, rs, at::kDouble, at::kCUDA);
        CHECK(at::equal(cpu.out.radii, gpu.out.radii.cpu()));
        CHECK(maxError(gpu.out.rgb, cpu.out.rgb) <= F64_IMAGE_MAX_TOL);
        CHECK(maxError(gpu.out.alpha, cpu.out.alpha) <= F64_IMAGE_MAX_TOL);
        CHECK(maxError(gpu.out.depth, cpu.out.depth) <= F64_IMAGE_MAX_TOL);
        for (int k = 0; k < 5; ++k) {
            CAPTURE(std::string(PARAM_NAMES[k]));
            CHECK(relError(gpu.grads[size_t(k)], cpu.grads[size_t(k)]) <= F64_GRAD_REL_TOL);
        }
    }
}

TEST_CASE("CUDA forward is repeatable and the atomic gradients vary only in rounding") {
    requireCuda();
    const Fixture f = FIXTURES[2];
    const SplatTensors s = makeSplats(f.n, f.seed + 1, f.opacityBias);
    const RasterizeSettings rs = makeSettings(f.width, f.height, f.angle);
    const Run a = render(s, rs, at::kFloat, at::kCUDA);
    const Run b = render(s, rs, at::kFloat, at::kCUDA);
    CHECK(at::equal(a.out.rgb, b.out.rgb));  // no atomics in the forward pass
    CHECK(at::equal(a.out.depth, b.out.depth));
    for (int k = 0; k < 5; ++k) {
        CAPTURE(std::string(PARAM_NAMES[k]));
        CHECK(relError(a.grads[size_t(k)], b.grads[size_t(k)]) <= RERUN_GRAD_REL_TOL);
    }
}

TEST_CASE("CUDA with nothing visible renders the background and zero gradients") {
    requireCuda();
    const RasterizeSettings rs = makeSettings(40, 36, 0.3);
    SplatTensors s = makeSplats(500, 5, 0.0);
    const at::Tensor forward = at::tensor({rs.worldToCamera[8], rs.worldToCamera[9], rs.worldToCamera[10]});
    s.means = s.means - 10 * forward;  // all behind the camera (camera z < 0)
    const Run gpu = render(s, rs, at::kFloat, at::kCUDA);
    CHECK(gpu.out.radii.max().item<int32_t>() == 0);
    const at::Tensor bg = at::tensor({0.25f, 0.5f, 0.75f}).to(at::kCUDA).expand({rs.height, rs.width, 3});
    CHECK(maxError(gpu.out.rgb, bg) == 0.0);
    CHECK(gpu.out.alpha.abs().max().item<float>() == 0.0f);
    for (int k = 0; k < 5; ++k) CHECK(gpu.grads[size_t(k)].abs().max().item<double>() == 0.0);
}

TEST_CASE("The CUDA backend reports itself available") {
    requireCuda();
    CHECK(sw::train::cudaBackendAvailable());
}

TEST_CASE("Tensors on different devices are rejected with InvalidInput") {
    requireCuda();
    SplatTensors s = leaves(makeSplats(10, 3, 0.0), at::kFloat, at::kCUDA);
    s.colorLogits = s.colorLogits.detach().cpu();
    auto out = sw::train::rasterize(s, makeSettings(32, 32, 0.2));
    REQUIRE_FALSE(bool(out));
    CHECK(out.error().code == sw::ErrorCode::InvalidInput);
}
