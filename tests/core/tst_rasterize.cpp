// Rasterizer oracle tests: the tiled CPU rasterizer (core/train) against a slow dense
// reference built from plain torch ops and autograd, in float64, on seeded random fixtures.
//
// The reference evaluates every Gaussian at every pixel. It reproduces the fast path's rules
// with masks: a splat only touches pixels of the 16×16 tiles inside its 3σ radius box (the
// tiled kernel evaluates it on whole tiles, not on the exact 3σ disc), α = min(0.99, o·G),
// α < 1/255 is skipped, and with T⁺ᵢ = Πⱼ≤ᵢ(1 − αⱼ) in depth order a splat is blended only
// while T⁺ᵢ ≥ 1e-4 (the tiled walk stops before the first splat that would cross it; since T⁺
// never rises the kept splats are the same prefix).
#include <ATen/ATen.h>
#include <torch/csrc/autograd/autograd.h>

#include <doctest/doctest.h>
// libtorch's glog defines CHECK (abort on failure); the tests mean doctest's CHECK.
#undef CHECK
#define CHECK(...) DOCTEST_CHECK(__VA_ARGS__)

#include <algorithm>
#include <atomic>
#include <stdexcept>
#include <cmath>
#include <string>
#include <vector>

#include "core/train/detail/rasterize.h"
#include "core/train/rasterize_kernels.h"

namespace {

using sw::train::RasterizeSettings;
using sw::train::SplatTensors;

constexpr double FORWARD_TOL = 1e-12;   // max |fast − reference| of rgb/alpha/depth, float64
constexpr double GRAD_REL_TOL = 1e-11;  // max |fast − reference| / max |reference| per tensor
constexpr double FD_STEP = 1e-6;        // central finite-difference step
constexpr double FD_TOL = 1e-6;         // |analytic − numeric| / (1 + |analytic|)
constexpr double FLOAT_TOL = 1e-5;      // mean |float32 − float64| of the forward images

const char* const PARAM_NAMES[5] = {"means", "quats", "logScales", "opacityLogits", "colorLogits"};

// Camera looking at the origin from distance 4 along a tilted axis (OpenCV convention).
RasterizeSettings makeSettings(int width, int height, int threads = 2) {
    RasterizeSettings s;
    s.width = width;
    s.height = height;
    s.fx = 1.4 * width;
    s.fy = 1.3 * width;
    s.cx = 0.5 * width + 1.7;
    s.cy = 0.5 * height - 1.1;
    s.background = {0.25, 0.5, 0.75};
    s.threads = threads;
    // Rotation about the axis (1, 2, 0.5)/|…| by 0.6 rad (Rodrigues), centre at depth 4.
    const at::Tensor axis = at::tensor({1.0, 2.0, 0.5}, at::kDouble) / std::sqrt(5.25);
    const at::Tensor k = at::zeros({3, 3}, at::kDouble);
    k[0][1] = -axis[2]; k[0][2] = axis[1]; k[1][0] = axis[2];
    k[1][2] = -axis[0]; k[2][0] = -axis[1]; k[2][1] = axis[0];
    const at::Tensor r = at::eye(3, at::kDouble) + std::sin(0.6) * k + (1 - std::cos(0.6)) * k.matmul(k);
    for (int i = 0; i < 3; ++i)
        for (int j = 0; j < 3; ++j) s.worldToCamera[size_t(4 * i + j)] = r[i][j].item<double>();
    s.worldToCamera[3] = 0;
    s.worldToCamera[7] = 0;
    s.worldToCamera[11] = 4.0;
    return s;
}

// n random splats in a unit cube; opacityBias pushes opacities up (dense, occluding scenes).
SplatTensors makeSplats(int64_t n, uint64_t seed, double opacityBias = 0.0, at::ScalarType type = at::kDouble) {
    at::manual_seed(seed);
    SplatTensors s;
    s.means = at::rand({n, 3}, at::kDouble) * 2 - 1;
    s.quats = at::randn({n, 4}, at::kDouble);
    s.logScales = at::randn({n, 3}, at::kDouble) * 0.4 + std::log(0.15);
    s.opacityLogits = at::randn({n}, at::kDouble) * 2 + 1 + opacityBias;
    s.colorLogits = at::randn({n, 3}, at::kDouble);
    for (at::Tensor* t : {&s.means, &s.quats, &s.logScales, &s.opacityLogits, &s.colorLogits})
        *t = t->to(type).requires_grad_();
    return s;
}

std::vector<at::Tensor> paramList(const SplatTensors& s) {
    return {s.means, s.quats, s.logScales, s.opacityLogits, s.colorLogits};
}

struct Images {
    at::Tensor rgb, alpha, depth;  // [H, W, 3], [H, W], [H, W]
    int64_t cutoffPixels = 0;      // reference only: pixels where the 1e-4 stop dropped a splat
};

// Reference projection of every splat: 2D mean, conic, depth, opacity and the (constant)
// visibility and tile box, with the same rules as the projection kernel.
struct ReferenceSplats {
    at::Tensor u, v, conicA, conicB, conicC, depth, opacity;  // [N] each, differentiable
    at::Tensor visible, x0, x1, y0, y1;                       // [N] constants; tiles [x0, x1) × [y0, y1)
};

ReferenceSplats referenceProject(const SplatTensors& s, const RasterizeSettings& rs) {
    const auto opts = at::TensorOptions().dtype(at::kDouble);
    const int64_t n = s.means.size(0);
    const at::Tensor qn = s.quats / s.quats.norm(2, {1}, true);
    const at::Tensor w = qn.select(1, 0), x = qn.select(1, 1), y = qn.select(1, 2), z = qn.select(1, 3);
    const at::Tensor rot = at::stack({1 - 2 * (y * y + z * z), 2 * (x * y - w * z), 2 * (x * z + w * y),
                                      2 * (x * y + w * z), 1 - 2 * (x * x + z * z), 2 * (y * z - w * x),
                                      2 * (x * z - w * y), 2 * (y * z + w * x), 1 - 2 * (x * x + y * y)}, 1)
                               .view({n, 3, 3});
    const at::Tensor m = rot * s.logScales.exp().unsqueeze(1);
    const at::Tensor view = at::tensor(at::ArrayRef<double>(rs.worldToCamera.data(), 16), opts).view({4, 4});
    const at::Tensor wr = view.slice(0, 0, 3).slice(1, 0, 3), tr = view.slice(0, 0, 3).select(1, 3);
    const at::Tensor t = s.means.matmul(wr.t()) + tr;
    const at::Tensor sigmaCam = wr.matmul(m).matmul(m.transpose(1, 2)).matmul(wr.t());
    const at::Tensor tx = t.select(1, 0), ty = t.select(1, 1), tz = t.select(1, 2);
    const at::Tensor zero = at::zeros_like(tz);
    const at::Tensor jac = at::stack({rs.fx / tz, zero, -rs.fx * tx / (tz * tz),
                                      zero, rs.fy / tz, -rs.fy * ty / (tz * tz)}, 1).view({n, 2, 3});
    const at::Tensor cov = jac.matmul(sigmaCam).matmul(jac.transpose(1, 2)) + 0.3 * at::eye(2, opts);
    const at::Tensor a = cov.select(1, 0).select(1, 0), b = cov.select(1, 0).select(1, 1),
                     c = cov.select(1, 1).select(1, 1);
    const at::Tensor det = a * c - b * b;
    ReferenceSplats r{rs.fx * tx / tz + rs.cx, rs.fy * ty / tz + rs.cy, c / det, -b / det, a / det, tz,
                      at::sigmoid(s.opacityLogits), {}, {}, {}, {}, {}};
    const at::Tensor mid = (0.5 * (a + c)).detach();
    const at::Tensor lambda = mid + (mid * mid - det.detach()).clamp_min(0.1).sqrt();
    const at::Tensor radius = (3.0 * lambda.sqrt()).ceil();
    const double tilesX = (rs.width + 15) / 16, tilesY = (rs.height + 15) / 16;
    const at::Tensor ud = r.u.detach(), vd = r.v.detach();
    r.x0 = ((ud - radius) / 16).floor().clamp(0, tilesX);
    r.x1 = ((ud + radius + 15) / 16).floor().clamp(0, tilesX);
    r.y0 = ((vd - radius) / 16).floor().clamp(0, tilesY);
    r.y1 = ((vd + radius + 15) / 16).floor().clamp(0, tilesY);
    r.visible = (tz.detach() >= rs.nearPlane) & (tz.detach() <= rs.farPlane) & (det.detach() > 0) &
                (r.x1 > r.x0) & (r.y1 > r.y0);
    return r;
}

// Dense reference: every Gaussian at every pixel with plain torch ops (autograd does the rest).
Images referenceRasterize(const SplatTensors& s, const RasterizeSettings& rs) {
    const auto opts = at::TensorOptions().dtype(at::kDouble);
    const ReferenceSplats r = referenceProject(s, rs);
    const at::Tensor py = at::arange(rs.height, opts).view({-1, 1}).expand({rs.height, rs.width}).reshape({-1, 1});
    const at::Tensor px = at::arange(rs.width, opts).view({1, -1}).expand({rs.height, rs.width}).reshape({-1, 1});
    const at::Tensor ptx = (px / 16).floor(), pty = (py / 16).floor();
    const at::Tensor inBox = (ptx >= r.x0) & (ptx < r.x1) & (pty >= r.y0) & (pty < r.y1);  // [P, N]
    const at::Tensor dx = r.u - (px + 0.5), dy = r.v - (py + 0.5);
    const at::Tensor power = -0.5 * (r.conicA * dx * dx + r.conicC * dy * dy) - r.conicB * dx * dy;
    at::Tensor alpha = (r.opacity * power.exp()).clamp_max(0.99);
    const at::Tensor used = r.visible & inBox & (power.detach() <= 0) & (alpha.detach() >= 1.0 / 255.0);
    alpha = at::where(used, alpha, at::zeros_like(alpha));

    const at::Tensor order = std::get<1>(r.depth.detach().sort(/*stable=*/true, 0, false));
    alpha = alpha.index_select(1, order);
    const at::Tensor keep = (1 - alpha).cumprod(1).detach() >= 1e-4;
    const at::Tensor kept = alpha * keep;
    const at::Tensor transAfter = (1 - kept).cumprod(1);
    const at::Tensor ones = at::ones({transAfter.size(0), 1}, opts);
    const at::Tensor weight = kept * at::cat({ones, transAfter.slice(1, 0, -1)}, 1);  // [P, N]
    const at::Tensor finalT = at::cat({ones, transAfter}, 1).select(1, -1);
    const at::Tensor bg = at::tensor(at::ArrayRef<double>(rs.background.data(), 3), opts);
    Images out;
    out.rgb = (weight.matmul(at::sigmoid(s.colorLogits).index_select(0, order)) + finalT.unsqueeze(1) * bg)
                  .view({rs.height, rs.width, 3});
    out.alpha = (1 - finalT).view({rs.height, rs.width});
    out.depth = weight.matmul(r.depth.index_select(0, order)).view({rs.height, rs.width});
    out.cutoffPixels = ((used.index_select(1, order) & ~keep).sum(1) > 0).sum().item<int64_t>();
    return out;
}

Images fastRasterize(const SplatTensors& s, const RasterizeSettings& rs) {
    auto result = sw::train::rasterize(s, rs);
    REQUIRE_MESSAGE(result.ok(), (result.ok() ? std::string() : result.error().toString()));
    return {result->rgb, result->alpha, result->depth};
}

// Fixed random weights so every output channel feeds the loss.
struct LossWeights {
    at::Tensor rgb, alpha, depth;
};

LossWeights makeWeights(const RasterizeSettings& rs, uint64_t seed, at::ScalarType type = at::kDouble) {
    at::manual_seed(seed);
    return {at::randn({rs.height, rs.width, 3}, type), at::randn({rs.height, rs.width}, type),
            at::randn({rs.height, rs.width}, type) * 0.1};
}

at::Tensor loss(const Images& im, const LossWeights& w) {
    return (im.rgb * w.rgb).sum() + (im.alpha * w.alpha).sum() + (im.depth * w.depth).sum();
}

std::vector<at::Tensor> gradients(const Images& im, const LossWeights& w, const SplatTensors& s) {
    return torch::autograd::grad({loss(im, w)}, paramList(s));
}

double maxAbs(const at::Tensor& t) {
    return t.numel() == 0 ? 0.0 : t.abs().max().item<double>();
}

void checkAgainstReference(const SplatTensors& s, const RasterizeSettings& rs, uint64_t weightSeed) {
    const Images fast = fastRasterize(s, rs), ref = referenceRasterize(s, rs);
    CHECK(maxAbs(fast.rgb - ref.rgb) <= FORWARD_TOL);
    CHECK(maxAbs(fast.alpha - ref.alpha) <= FORWARD_TOL);
    CHECK(maxAbs(fast.depth - ref.depth) <= FORWARD_TOL);
    CHECK(maxAbs(ref.alpha) > 0.5);  // the fixture really covers the image
    const LossWeights w = makeWeights(rs, weightSeed);
    const auto gFast = gradients(fast, w, s), gRef = gradients(ref, w, s);
    for (size_t i = 0; i < gFast.size(); ++i) {
        const std::string param = PARAM_NAMES[i];
        CAPTURE(param);
        const double scale = maxAbs(gRef[i]);
        CHECK(scale > 0);
        CHECK(maxAbs(gFast[i] - gRef[i]) <= GRAD_REL_TOL * scale);
    }
}

}  // namespace

TEST_CASE("forward and gradients match the dense reference on random fixtures") {
    SUBCASE("sparse, 48x40") { checkAgainstReference(makeSplats(30, 11), makeSettings(48, 40), 101); }
    SUBCASE("overlapping, 64x48") { checkAgainstReference(makeSplats(80, 12), makeSettings(64, 48), 102); }
    SUBCASE("one thread") { checkAgainstReference(makeSplats(50, 13), makeSettings(40, 32, 1), 103); }
}

TEST_CASE("the transmittance cutoff and the 0.99 clamp are exercised and matched") {
    const SplatTensors s = makeSplats(120, 21, /*opacityBias=*/4.0);
    const RasterizeSettings rs = makeSettings(48, 40);
    CHECK(referenceRasterize(s, rs).cutoffPixels > 20);
    CHECK((at::sigmoid(s.opacityLogits) > 0.99).sum().item<int64_t>() > 10);
    checkAgainstReference(s, rs, 104);
}

TEST_CASE("finite differences agree with the analytic gradients") {
    const SplatTensors s = makeSplats(40, 31);
    const RasterizeSettings rs = makeSettings(48, 40);
    const LossWeights w = makeWeights(rs, 105);
    const auto grads = gradients(fastRasterize(s, rs), w, s);
    const auto params = paramList(s);
    at::manual_seed(106);
    int checked = 0;
    for (size_t p = 0; p < params.size(); ++p) {
        at::Tensor flat = params[p].detach().view({-1});  // shares storage with the parameter
        const at::Tensor picks = at::randint(flat.numel(), {4}, at::kLong);
        for (int64_t k = 0; k < picks.numel(); ++k) {
            const int64_t idx = picks[k].item<int64_t>();
            const double saved = flat[idx].item<double>();
            flat[idx] = saved + FD_STEP;
            const double up = loss(fastRasterize(s, rs), w).item<double>();
            flat[idx] = saved - FD_STEP;
            const double down = loss(fastRasterize(s, rs), w).item<double>();
            flat[idx] = saved;
            const double numeric = (up - down) / (2 * FD_STEP);
            const double analytic = grads[p].view({-1})[idx].item<double>();
            const std::string param = PARAM_NAMES[p];
            CAPTURE(param);
            CAPTURE(idx);
            CHECK(std::abs(analytic - numeric) <= FD_TOL * (1 + std::abs(analytic)));
            checked += analytic != 0.0;
        }
    }
    CHECK(checked >= 12);  // most picks hit splats that are actually visible
}

TEST_CASE("alpha never exceeds 0.99, even for a fully opaque splat") {
    SplatTensors s = makeSplats(1, 41);
    RasterizeSettings rs = makeSettings(32, 24);
    rs.worldToCamera = {1, 0, 0, 0, 0, 1, 0, 0, 0, 0, 1, 4, 0, 0, 0, 1};
    rs.cx = 16.5;  // the splat centre lands on the centre of pixel (16, 12)
    rs.cy = 12.5;
    at::NoGradGuard guard;
    s.means.zero_();
    s.opacityLogits.fill_(30.0);  // o = 1 − 1e-13
    s.logScales.fill_(std::log(0.2));
    const Images im = fastRasterize(s, rs);
    CHECK(im.alpha.max().item<double>() == doctest::Approx(0.99).epsilon(1e-12));
    CHECK(im.alpha.max().item<double>() <= 0.99);
    const double bg = rs.background[0], col = at::sigmoid(s.colorLogits[0][0]).item<double>();
    CHECK(im.rgb[12][16][0].item<double>() == doctest::Approx(0.99 * col + 0.01 * bg).epsilon(1e-12));
    // Dense stack of opaque splats: still capped, and rgb stays within the colour range.
    const SplatTensors dense = makeSplats(200, 42, /*opacityBias=*/8.0);
    const Images many = fastRasterize(dense, makeSettings(48, 40));
    CHECK(many.alpha.max().item<double>() <= 1.0 - 1e-4 + 1e-12);  // final T ≥ 1e-4
    CHECK(many.rgb.min().item<double>() >= 0.0);
    CHECK(many.rgb.max().item<double>() <= 1.0);
}

TEST_CASE("camera convention: +x right, +y down, looking down +z, pixel centres at +0.5") {
    SplatTensors s = makeSplats(1, 43);
    RasterizeSettings rs = makeSettings(64, 48);
    rs.worldToCamera = {1, 0, 0, 0, 0, 1, 0, 0, 0, 0, 1, 0, 0, 0, 0, 1};
    rs.fx = rs.fy = 80;
    rs.cx = 32;
    rs.cy = 24;
    at::NoGradGuard guard;
    s.means.copy_(at::tensor({0.5, 0.25, 4.0}, at::kDouble).view({1, 3}));  // u = 42, v = 29
    s.logScales.fill_(std::log(0.05));
    s.opacityLogits.fill_(2.0);
    const Images im = fastRasterize(s, rs);
    const int64_t peak = im.alpha.argmax().item<int64_t>();
    CHECK(peak % 64 == 41);  // pixel 41 spans [41, 42), its centre 41.5 is nearest to u = 42
    CHECK(peak / 64 == 28);
    // Point symmetry about (42, 29): pixel centres (41.5, 28.5) and (42.5, 29.5) see the same α.
    CHECK(im.alpha[28][41].item<double>() == doctest::Approx(im.alpha[29][42].item<double>()).epsilon(1e-12));
    CHECK(im.depth[28][41].item<double>() == doctest::Approx(4.0 * im.alpha[28][41].item<double>()));
}

TEST_CASE("splats behind the camera give the background and zero gradients") {
    SplatTensors s = makeSplats(25, 51);
    RasterizeSettings rs = makeSettings(40, 32);
    rs.worldToCamera[11] = -4.0;  // the whole cloud at z ∈ [-5.8, -2.2]
    auto result = sw::train::rasterize(s, rs);
    REQUIRE(result.ok());
    CHECK(result->radii.max().item<int>() == 0);
    const at::Tensor bg = at::tensor({0.25, 0.5, 0.75}, at::kDouble);
    CHECK(maxAbs(result->rgb - bg) == 0.0);
    CHECK(maxAbs(result->alpha) == 0.0);
    CHECK(maxAbs(result->depth) == 0.0);
    const auto grads = gradients({result->rgb, result->alpha, result->depth}, makeWeights(rs, 107), s);
    for (const at::Tensor& g : grads) CHECK(maxAbs(g) == 0.0);
    // No splats at all: the same background image.
    const Images none = fastRasterize(makeSplats(0, 52), rs);
    CHECK(maxAbs(none.rgb - bg) == 0.0);
    CHECK(maxAbs(none.alpha) == 0.0);
}

TEST_CASE("gradients are bit-identical for any thread count") {
    const SplatTensors s = makeSplats(400, 61, 1.0, at::kFloat);
    const LossWeights w = makeWeights(makeSettings(64, 48), 108, at::kFloat);
    std::vector<std::vector<at::Tensor>> runs;
    for (int threads : {1, 2, 3, 7}) {
        const Images im = fastRasterize(s, makeSettings(64, 48, threads));
        runs.push_back(gradients(im, w, s));
        runs.back().push_back(im.rgb.detach());
    }
    for (size_t r = 1; r < runs.size(); ++r)
        for (size_t i = 0; i < runs[0].size(); ++i) CHECK(at::equal(runs[0][i], runs[r][i]));
}

TEST_CASE("the AVX2 and baseline float32 paths give bit-identical images and gradients") {
    // Partial tiles at the right and bottom edges (100 = 6·16 + 4, 70 = 4·16 + 6) and an
    // opacity bias that saturates pixels, so both vector widths meet every branch.
    const RasterizeSettings rs = makeSettings(100, 70);
    const SplatTensors s = makeSplats(500, 63, 2.0, at::kFloat);
    const LossWeights w = makeWeights(rs, 109, at::kFloat);
    namespace k = sw::train::kernels;
    const bool avx2 = k::cpuSimd() == k::CpuSimd::Avx2;
    if (!avx2) MESSAGE("this CPU has no AVX2: only the baseline path runs");
    k::setCpuSimd(k::CpuSimd::Baseline);
    CHECK(k::cpuSimd() == k::CpuSimd::Baseline);
    const Images base = fastRasterize(s, rs);
    std::vector<at::Tensor> baseGrads = gradients(base, w, s);
    k::setCpuSimd(k::CpuSimd::Avx2);
    CHECK((k::cpuSimd() == k::CpuSimd::Avx2) == avx2);
    const Images simd = fastRasterize(s, rs);
    const std::vector<at::Tensor> simdGrads = gradients(simd, w, s);
    CHECK(maxAbs(base.alpha) > 0.9);
    CHECK(at::equal(base.rgb, simd.rgb));
    CHECK(at::equal(base.alpha, simd.alpha));
    CHECK(at::equal(base.depth, simd.depth));
    for (size_t i = 0; i < baseGrads.size(); ++i) {
        CHECK(maxAbs(baseGrads[i]) > 0.0);
        CHECK(at::equal(baseGrads[i], simdGrads[i]));
    }
}

TEST_CASE("the tile binning keeps every tile a splat can reach and drops tiles of its box it cannot") {
    // Elongated, partly faint splats at 160×120: their 3σ boxes hold many tiles their
    // footprints (α ≥ 1/255 possible) never reach.
    namespace k = sw::train::kernels;
    const RasterizeSettings rs = makeSettings(160, 120);
    SplatTensors s = makeSplats(300, 91, -1.0);
    s.logScales = (s.logScales.detach() + at::tensor({0.9, -0.9, -0.4}, at::kDouble)).requires_grad_();
    const int64_t n = s.means.size(0);
    const auto cpu = [](const at::Tensor& t) { return t.detach().contiguous(); };
    const at::Tensor means = cpu(s.means), quats = cpu(s.quats), scales = cpu(s.logScales),
                     opac = cpu(s.opacityLogits), cols = cpu(s.colorLogits);
    const k::SplatParams<double> params{means.data_ptr<double>(), quats.data_ptr<double>(), scales.data_ptr<double>(),
                                        opac.data_ptr<double>(),  cols.data_ptr<double>(),   n};
    const k::KernelCamera cam = sw::train::detail::kernelCamera(rs);
    const size_t count = static_cast<size_t>(n);
    std::vector<double> mean2d(2 * count), conic(3 * count), depth(count), opacity(count), color(3 * count);
    std::vector<int32_t> radius(count);
    const k::Projected<double> proj{mean2d.data(), conic.data(), depth.data(), opacity.data(), color.data(),
                                    radius.data()};
    k::projectForwardCpu<double>(params, cam, proj, 2);
    const k::TileBins bins = k::binTilesCpu<double>(proj, n, cam, 2);
    const int tilesX = cam.tilesX(), tilesY = cam.tilesY();
    // binned[g][t]: tile t lists splat g.
    std::vector<std::vector<char>> binned(count, std::vector<char>(static_cast<size_t>(tilesX * tilesY), 0));
    for (int t = 0; t < tilesX * tilesY; ++t)
        for (int32_t e = bins.offsets[size_t(t)]; e < bins.offsets[size_t(t) + 1]; ++e)
            binned[size_t(bins.splats[size_t(e)])][size_t(t)] = 1;
    int64_t boxTiles = 0, reachedOutside = 0, binnedOutsideBox = 0, visible = 0;
    for (int64_t g = 0; g < n; ++g) {
        if (radius[size_t(g)] == 0) continue;
        ++visible;
        const double u = mean2d[size_t(2 * g)], v = mean2d[size_t(2 * g + 1)], r = radius[size_t(g)];
        const auto cell = [](double x, int limit) { return int(std::clamp(std::floor(x), 0.0, double(limit))); };
        const int x0 = cell((u - r) / 16, tilesX), x1 = cell((u + r + 15) / 16, tilesX);
        const int y0 = cell((v - r) / 16, tilesY), y1 = cell((v + r + 15) / 16, tilesY);
        for (int ty = 0; ty < tilesY; ++ty)
            for (int tx = 0; tx < tilesX; ++tx) {
                const bool inBox = tx >= x0 && tx < x1 && ty >= y0 && ty < y1;
                boxTiles += inBox ? 1 : 0;
                if (!inBox) {
                    binnedOutsideBox += binned[size_t(g)][size_t(ty * tilesX + tx)];
                    continue;
                }
                // Does any pixel of this tile pass α = o·G ≥ 1/255?
                bool reaches = false;
                for (int py = ty * 16; py < std::min(cam.height, ty * 16 + 16) && !reaches; ++py)
                    for (int px = tx * 16; px < std::min(cam.width, tx * 16 + 16) && !reaches; ++px) {
                        const double dx = u - (px + 0.5), dy = v - (py + 0.5);
                        const double power = -0.5 * (conic[size_t(3 * g)] * dx * dx + conic[size_t(3 * g + 2)] * dy * dy) -
                                             conic[size_t(3 * g + 1)] * dx * dy;
                        reaches = opacity[size_t(g)] * std::exp(power) >= k::ALPHA_MIN;
                    }
                if (reaches && !binned[size_t(g)][size_t(ty * tilesX + tx)]) ++reachedOutside;
            }
    }
    CHECK(visible > n / 2);
    CHECK(reachedOutside == 0);    // no tile a splat can change is left out
    CHECK(binnedOutsideBox == 0);  // and none outside its 3σ box (the CUDA binning's) is added
    CHECK(int64_t(bins.splats.size()) < boxTiles * 3 / 4);  // the boxes' tiles the footprints miss are gone
}

TEST_CASE("parallelFor runs every index once, reuses its threads, nests and rethrows an item's exception") {
    namespace k = sw::train::kernels;
    for (int threads : {1, 2, 3, 7, 2}) {
        for (int round = 0; round < 3; ++round) {  // the calling thread's team is reused
            std::vector<std::atomic<int>> hits(1000);
            k::parallelFor(1000, threads, [&](int64_t i) {
                hits[size_t(i)].fetch_add(1);
                if (i % 250 == 0) {  // a loop inside an item runs on that item's thread
                    std::vector<int> inner(40, 0);
                    k::parallelFor(40, threads, [&](int64_t j) { inner[size_t(j)] += 1; });
                    for (int v : inner) CHECK(v == 1);
                }
            });
            int wrong = 0;
            for (const auto& h : hits) wrong += h.load() == 1 ? 0 : 1;
            CHECK(wrong == 0);
        }
        std::atomic<int> ran{0};
        CHECK_THROWS_AS(k::parallelFor(500, threads,
                                       [&](int64_t i) {
                                           ran.fetch_add(1);
                                           if (i == 123) throw std::runtime_error("item 123");
                                       }),
                        std::runtime_error);
        CHECK(ran.load() >= 1);
        std::atomic<int> after{0};
        k::parallelFor(64, threads, [&](int64_t) { after.fetch_add(1); });  // still usable
        CHECK(after.load() == 64);
    }
}

TEST_CASE("float32 matches float64") {
    const SplatTensors d = makeSplats(60, 71);
    const SplatTensors f = makeSplats(60, 71, 0.0, at::kFloat);
    const RasterizeSettings rs = makeSettings(48, 40);
    const Images a = fastRasterize(d, rs), b = fastRasterize(f, rs);
    // Mean, not max: a pixel may legitimately flip an α ≥ 1/255 test between precisions.
    CHECK((a.rgb - b.rgb.to(at::kDouble)).abs().mean().item<double>() <= FLOAT_TOL);
    CHECK((a.alpha - b.alpha.to(at::kDouble)).abs().mean().item<double>() <= FLOAT_TOL);
    CHECK(maxAbs(a.alpha) > 0.5);
}

TEST_CASE("invalid inputs are reported, not crashed on") {
    SplatTensors s = makeSplats(5, 81);
    const RasterizeSettings rs = makeSettings(32, 24);
    SplatTensors badQuats = s;
    badQuats.quats = at::zeros({5, 3}, at::kDouble);
    auto r1 = sw::train::rasterize(badQuats, rs);
    REQUIRE_FALSE(r1.ok());
    CHECK(r1.error().code == sw::ErrorCode::InvalidInput);
    CHECK(r1.error().message.find("quats") != std::string::npos);
    SplatTensors mixed = s;
    mixed.colorLogits = s.colorLogits.detach().to(at::kFloat);
    CHECK_FALSE(sw::train::rasterize(mixed, rs).ok());
    RasterizeSettings noSize = rs;
    noSize.width = 0;
    CHECK_FALSE(sw::train::rasterize(s, noSize).ok());
}
