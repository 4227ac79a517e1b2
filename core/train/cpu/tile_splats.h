#pragma once
// Internal to the CPU kernels: the splats of one tile gathered into a contiguous array in
// depth order, so the per-pixel loops read sequential memory instead of chasing indices,
// plus the pixel footprint of each splat so the kernels visit only pixels it can touch.
#include <algorithm>
#include <bit>
#include <cmath>
#include <cstdint>
#include <vector>

#include "core/train/rasterize_kernels.h"

// Forces a helper inline into every caller, including the AVX2 clones of the tile kernels
// (rasterize_fwd_cpu.cpp, rasterize_bwd_cpu.cpp): GCC compiles an inlined body with the
// caller's target ISA, while an out-of-line helper would stay baseline SSE2 code.
#define SW_KERNEL_INLINE [[gnu::always_inline]] inline

namespace sw::train::kernels {

template <class T>
struct TileSplat {
    T u, v;            // mean2d, pixels
    T a, b, c;         // conic
    T opacity;
    T skipBelow;       // power < skipBelow ⇒ α < ALPHA_MIN for sure (exp avoided)
    // Clamp range of the power fed to expNonPositive, and the α cap. Held as data, not as
    // constants, so the optimiser keeps the pixel loops branch-free (vectorisable).
    T powerLo, powerHi, alphaMax;
    T color[3];        // rgb
    T depth;           // camera-space z
    double extentX, extentY;  // |pixel centre − mean| beyond these ⇒ power < skipBelow
    double reach, det;        // R = −2·skipBelow + margin and det Q of the footprint ellipse dᵀQd ≤ R
    // rowSpans' float copies of the footprint: a·R, det, 1/a, b/a, the mean; whole rows when unbounded.
    float spanAR, spanDet, spanInvA, spanBOverA, spanU, spanV;
    bool unbounded;
    int32_t index;     // splat id
};

// Log-space margin of the skip prefilter; powers within it take the exact α < ALPHA_MIN test,
// so the prefilter never changes which splats are blended.
constexpr double SKIP_MARGIN = 1e-3;
// Footprint margins: extra power (absolute) and pixels added to the exact ellipse extents, so
// rounding in the per-pixel power can never make a pixel outside the footprint pass the skip test.
constexpr double FOOTPRINT_POWER_MARGIN = 0.05;
constexpr double FOOTPRINT_PIXEL_MARGIN = 1.0;
constexpr double FOOTPRINT_UNBOUNDED = 1e30;

// Half-extents of the ellipse {d : −½ dᵀ Q d ≥ skipBelow} for the conic Q = [[a, b], [b, c]]:
// with R = −2·skipBelow, max |dx| = √(R·c / det Q) and max |dy| = √(R·a / det Q).
template <class T>
void footprint(TileSplat<T>& s) {
    const double a = s.a, b = s.b, c = s.c;
    const double det = a * c - b * b;
    const double r = -2.0 * double(s.skipBelow) + 2.0 * FOOTPRINT_POWER_MARGIN;
    double& ex = s.extentX;
    double& ey = s.extentY;
    s.reach = r;
    s.det = det;
    s.unbounded = false;
    s.spanAR = -1;  // rowSpans: no row (only reached if a caller ignores the empty extents)
    s.spanDet = s.spanInvA = s.spanBOverA = s.spanU = s.spanV = 0;
    if (s.skipBelow > 0) {  // o < ALPHA_MIN: no pixel can pass (power ≤ 0), empty footprint
        ex = ey = -1;
        return;
    }
    ex = ey = FOOTPRINT_UNBOUNDED;
    s.unbounded = true;
    if (!(det > 0) || !(a > 0) || !(c > 0) || !(r > 0)) return;
    const double x = std::sqrt(r * c / det) + FOOTPRINT_PIXEL_MARGIN;
    const double y = std::sqrt(r * a / det) + FOOTPRINT_PIXEL_MARGIN;
    if (std::isfinite(x)) ex = std::min(x, FOOTPRINT_UNBOUNDED);
    if (std::isfinite(y)) ey = std::min(y, FOOTPRINT_UNBOUNDED);
    s.unbounded = ex >= FOOTPRINT_UNBOUNDED || ey >= FOOTPRINT_UNBOUNDED;
    s.spanAR = float(a * r);
    s.spanDet = float(det);
    s.spanInvA = float(1.0 / a);
    s.spanBOverA = float(b / a);
    s.spanU = float(s.u);
    s.spanV = float(s.v);
}

// The TileSplat of splat g: nothing in it depends on the tile, so it is built once per splat
// per pass (prepareSplats) and copied into each tile's list (gatherTile).
template <class T>
void prepareSplat(const Projected<T>& proj, int32_t g, TileSplat<T>& s) {
    s.u = proj.mean2d[2 * g];
    s.v = proj.mean2d[2 * g + 1];
    s.a = proj.conic[3 * g];
    s.b = proj.conic[3 * g + 1];
    s.c = proj.conic[3 * g + 2];
    s.opacity = proj.opacity[g];
    s.skipBelow = std::log(T(ALPHA_MIN) / s.opacity) - T(SKIP_MARGIN);
    s.powerLo = std::clamp(s.skipBelow, T(-80), T(0));
    s.powerHi = 0;
    s.alphaMax = T(ALPHA_MAX);
    for (int ch = 0; ch < 3; ++ch) s.color[ch] = proj.color[3 * g + ch];
    s.depth = proj.depth[g];
    footprint(s);
    s.index = g;
}

// TileSplats of every splat listed in bins, indexed by splat id (rows of splats in no tile
// are left unspecified), built in parallel over blocks of splats.
template <class T>
void prepareSplats(const Projected<T>& proj, const TileBins& bins, std::vector<TileSplat<T>>& out, int threads) {
    const int32_t count = bins.splats.empty() ? 0 : 1 + *std::max_element(bins.splats.begin(), bins.splats.end());
    out.resize(size_t(count));
    constexpr int32_t BLOCK = 512;
    parallelFor((count + BLOCK - 1) / BLOCK, threads, [&](int64_t block) {
        const int32_t end = std::min(count, int32_t(block + 1) * BLOCK);
        for (int32_t g = int32_t(block) * BLOCK; g < end; ++g)
            if (proj.radius[g] > 0) prepareSplat(proj, g, out[size_t(g)]);
    });
}

// The tiles with the most splats first (ties by tile index): handed out in this order, the
// long tiles start early and the short ones fill the gaps at the end, so no thread waits
// long for the last tile. Results do not depend on it (each tile writes only its own pixels
// and its own slice of the backward pass's buffer).
inline void tilesByWork(const TileBins& bins, std::vector<int32_t>& order) {
    const int32_t tiles = int32_t(bins.offsets.size()) - 1;
    order.resize(size_t(std::max(0, tiles)));
    for (int32_t t = 0; t < tiles; ++t) order[size_t(t)] = t;
    const auto work = [&](int32_t t) { return bins.offsets[size_t(t) + 1] - bins.offsets[size_t(t)]; };
    std::stable_sort(order.begin(), order.end(), [&](int32_t a, int32_t b) { return work(a) > work(b); });
}

// The splats of one tile in its depth order, copied from prepareSplats' table.
// At most `limit` of them (the first ones) when limit ≥ 0.
template <class T>
void gatherTile(const std::vector<TileSplat<T>>& prepared, const TileBins& bins, int tile, int32_t limit,
                std::vector<TileSplat<T>>& out) {
    const int32_t begin = bins.offsets[size_t(tile)];
    const int32_t end = limit >= 0 ? std::min(bins.offsets[size_t(tile) + 1], begin + limit) : bins.offsets[size_t(tile) + 1];
    out.resize(size_t(end - begin));
    for (int32_t k = begin; k < end; ++k) out[size_t(k - begin)] = prepared[size_t(bins.splats[size_t(k)])];
}

// Inclusive range [lo, hi] of pixels p in [origin, origin + size) whose centre p + ½ lies
// within `extent` of `centre`; lo > hi when there is none.
struct PixelSpan {
    int lo, hi;
};

SW_KERNEL_INLINE PixelSpan pixelSpan(double centre, double extent, int origin, int size) {
    const double lo = std::ceil(centre - extent - 0.5) - origin;
    const double hi = std::floor(centre + extent - 0.5) - origin;
    if (!(lo == lo) || !(hi == hi)) return {origin, origin + size - 1};  // NaN: no pruning
    return {origin + int(std::clamp(lo, 0.0, double(size))), origin + int(std::clamp(hi, -1.0, double(size - 1)))};
}

// exp(x) for x in [−80, 0], inlined in the pixel loops (no libm call); the forward and backward
// kernels both use it, so they agree on every α. Cody–Waite reduction
// x = n·ln2 + r with |r| ≤ ½ln2, then the Taylor polynomial of eʳ (degree 7 for float,
// truncation < 1e-8 relative; degree 13 for double, < 1e-17) scaled by 2ⁿ via the exponent bits.
// Cody & Waite, "Software Manual for the Elementary Functions", 1980, ch. 6.
SW_KERNEL_INLINE float expNonPositive(float x) {
    const int n = int(x * 1.44269504f + 128.5f) - 128;  // round(x/ln2); the +128 makes truncation floor
    const float fn = float(n);
    const float r = (x - fn * 0.693359375f) - fn * -2.12194440e-4f;
    float p = 1.0f / 5040;
    p = p * r + 1.0f / 720;
    p = p * r + 1.0f / 120;
    p = p * r + 1.0f / 24;
    p = p * r + 1.0f / 6;
    p = p * r + 0.5f;
    p = p * r + 1.0f;
    p = p * r + 1.0f;
    return p * std::bit_cast<float>(int32_t((n + 127) << 23));
}

SW_KERNEL_INLINE double expNonPositive(double x) {
    const int n = int(x * 1.4426950408889634 + 128.5) - 128;
    const double fn = double(n);
    const double r = (x - fn * 6.93147180369123816490e-01) - fn * 1.90821492927058770002e-10;
    double p = 1.0 / 6227020800.0;
    constexpr double INV_FACT[12] = {1.0 / 479001600, 1.0 / 39916800, 1.0 / 3628800, 1.0 / 362880,
                                     1.0 / 40320,     1.0 / 5040,     1.0 / 720,     1.0 / 120,
                                     1.0 / 24,        1.0 / 6,        0.5,           1.0};
    for (double f : INV_FACT) p = p * r + f;
    p = p * r + 1.0;
    return p * std::bit_cast<double>(int64_t(n + 1023) << 52);
}

// Branch-free select: c ? x : y through bit masks. A plain ?: lets the optimiser turn the
// update into a conditional store or move the product under a branch, and a loop with
// branches does not vectorise.
template <class T, class Bits>
SW_KERNEL_INLINE T pickBits(bool c, T x, T y) {
    const Bits m = c ? ~Bits(0) : Bits(0);
    return std::bit_cast<T>(Bits((std::bit_cast<Bits>(x) & m) | (std::bit_cast<Bits>(y) & ~m)));
}
SW_KERNEL_INLINE float pick(bool c, float x, float y) { return pickBits<float, uint32_t>(c, x, y); }
SW_KERNEL_INLINE double pick(bool c, double x, double y) { return pickBits<double, uint64_t>(c, x, y); }
SW_KERNEL_INLINE int32_t pick(bool c, int32_t x, int32_t y) { return pickBits<int32_t, uint32_t>(c, x, y); }

// rowSpan for all TILE_SIZE rows of the tile at (x0, y0) at once, in tile columns: row ly's
// chord is [lo[ly], hi[ly]] (lo > hi: none; hi may exceed the tile's width at the image edge,
// openSpan's row mask cuts it). Computed in float, without branches, so the loop vectorises
// (one square root per row instead of rowSpan's double square root and divisions). Exactness
// is not needed, only that the span holds every pixel that can pass the skip test: the
// conic's entries are bounded (the 0.3 px² dilation keeps them ≤ 1/0.3), so float rounding
// moves the chord ends by far less than its one-pixel margin, and the power margin keeps
// rows with such pixels off disc's sign change. Rows of a splat with an unbounded footprint
// are whole; rows with NaN are empty (every α test fails there anyway).
struct RowSpans {
    int32_t lo[TILE_SIZE], hi[TILE_SIZE];
};

template <class T>
SW_KERNEL_INLINE void rowSpans(const TileSplat<T>& s, int x0, int y0, RowSpans& out) {
    if (s.unbounded) {
        std::fill(out.lo, out.lo + TILE_SIZE, 0);
        std::fill(out.hi, out.hi + TILE_SIZE, TILE_SIZE - 1);
        return;
    }
    const float v = s.spanV - float(y0), centre0 = s.spanU - float(x0) - 0.5f;
    const float ar = s.spanAR, det = s.spanDet, invA = s.spanInvA, bOverA = s.spanBOverA;
    for (int ly = 0; ly < TILE_SIZE; ++ly) {
        const float dy = v - (float(ly) + 0.5f);
        const float disc = ar - det * dy * dy;
        const float half = std::sqrt(std::max(disc, 0.f)) * invA + float(FOOTPRINT_PIXEL_MARGIN);
        const float centre = centre0 + bOverA * dy;
        const float l = centre - half, r = centre + half;
        // Columns ceil(l) .. floor(r) clamped to [0, TILE_SIZE − 1], both as the truncation of a
        // value clamped to [0, TILE_SIZE] (the form GCC vectorises); a row with disc < 0 is
        // pushed out of the tile, and NaN lands on the clamps' 0 (lo = TILE_SIZE, hi = −1).
        const float away = disc >= 0 ? 0.f : 1e4f;
        constexpr float N = float(TILE_SIZE);
        out.lo[ly] = TILE_SIZE - int32_t(std::min(N, std::max(0.f, N - l - away)));
        out.hi[ly] = int32_t(std::min(N, std::max(0.f, r + 1.f - away))) - 1;
    }
}

// The span widened outward to whole groups of VEC tile columns (clamped to the tile; VEC = 4
// for the SSE2 path, 8 for AVX2), so the branch-free pixel loops run full vectors with no
// scalar remainder. The extra pixels lie outside the footprint and fail the per-pixel skip
// test, so results do not change.
template <int VEC>
SW_KERNEL_INLINE PixelSpan vectorSpan(PixelSpan span, int origin, int size) {
    static_assert(VEC > 0 && (VEC & (VEC - 1)) == 0, "VEC must be a power of two");
    if (span.lo > span.hi) return span;
    const int lo = (span.lo - origin) & ~(VEC - 1), hi = std::min(size - 1, (span.hi - origin) | (VEC - 1));
    return {origin + lo, origin + hi};
}

// Narrows a row span to the columns between the first and last set bit of a row mask
// (bit lx = tile column lx); empty when the mask is 0.
SW_KERNEL_INLINE PixelSpan openSpan(PixelSpan span, uint32_t openBits, int origin) {
    if (openBits == 0) return {origin, origin - 1};
    span.lo = std::max(span.lo, origin + std::countr_zero(openBits));
    span.hi = std::min(span.hi, origin + 31 - std::countl_zero(openBits));
    return span;
}

// Exponent −½ dᵀ Σ'⁻¹ d = −½(a·dx² + c·dy²) − b·dx·dy of the Gaussian at a pixel centre,
// d = mean − pixel, with the row terms cdy = c·dy² and bdy = b·dy hoisted out of the row
// loop. The forward and backward kernels share it, so both see the same bits.
template <class T>
SW_KERNEL_INLINE T gaussPower(T a, T dx, T cdy, T bdy) {
    return -T(0.5) * (a * dx * dx + cdy) - bdy * dx;
}

}  // namespace sw::train::kernels
