// Tile binning and front-to-back compositing (CPU), after 3DGS (Kerbl et al. 2023, §6 and
// eq. 3): C = Σᵢ cᵢ αᵢ Tᵢ + T_final·background, Tᵢ = Πⱼ<ᵢ (1 − αⱼ),
// αᵢ = min(0.99, oᵢ·exp(−½ dᵀ Σ'⁻¹ d)); αᵢ < 1/255 is skipped and the walk stops before a
// splat that would bring T below 1e-4 (that splat is not blended), as in the 3DGS reference.
#include <algorithm>
#include <bit>
#include <cstdint>
#include <cmath>
#include <numeric>
#include <type_traits>

#include "core/train/rasterize_kernels.h"
#include "core/train/cpu/tile_splats.h"

namespace sw::train::kernels {
namespace {

struct TileRect {
    int x0, y0, x1, y1;  // tiles [x0, x1) × [y0, y1)
};

// The same rectangle the projection used to decide visibility (3σ radius box in tiles).
template <class T>
TileRect tileRect(const Projected<T>& proj, int64_t i, const KernelCamera& cam) {
    const double u = double(proj.mean2d[2 * i]), v = double(proj.mean2d[2 * i + 1]);
    const double r = proj.radius[i], ts = TILE_SIZE;
    auto cell = [](double value, int limit) { return int(std::clamp(std::floor(value), 0.0, double(limit))); };
    return {cell((u - r) / ts, cam.tilesX()), cell((v - r) / ts, cam.tilesY()),
            cell((u + r + ts - 1) / ts, cam.tilesX()), cell((v + r + ts - 1) / ts, cam.tilesY())};
}

// Tile columns [x0, x1) of one tile row that a splat is binned into.
struct TileSpan {
    int x0, x1;
};

// The tiles of radius box r in which the compositing kernels can visit a pixel of splat g:
// per tile row, the columns reached by the row chords (tile_splats.h rowSpans) of the rows in
// that band, so each dropped tile is one where every pixel lies outside the splat's footprint
// and fails the skip test (α < 1/255 for sure): images and gradients are the same as with the
// whole box, only the (tile, splat) pairs that add nothing are gone. The chord ends of the
// ellipse a·dx² + 2b·dx·dy + c·dy² ≤ R are dx = (b·dy ± √(a·R − det·dy²)) / a (dx measured
// from u, dy = v − row centre); over the band's dy interval the right end is concave and the
// left convex, with extremes at dy = ±b·√(R / (det·c)), so one evaluation per end bounds
// every row of the band. A small slack keeps the bound outside the kernel's rounding.
// out: [r.y1 − r.y0] spans.
template <class T>
void footprintTiles(const Projected<T>& proj, int32_t g, const TileRect& r, const KernelCamera& cam, TileSpan* out) {
    TileSplat<T> s;
    prepareSplat(proj, g, s);
    const bool empty = s.extentX < 0 || s.extentY < 0;  // opacity < 1/255: no pixel passes
    const bool unbounded = s.extentX >= FOOTPRINT_UNBOUNDED || s.extentY >= FOOTPRINT_UNBOUNDED;
    const double u = double(s.u), v = double(s.v), a = double(s.a), b = double(s.b), c = double(s.c);
    const double det = s.det, reach = s.reach;
    constexpr double SLACK = 1e-3;  // pixels, and relative on the dy range
    const double dyMax = unbounded || empty ? 0 : std::sqrt(reach * a / det) * (1 + 1e-9) + 1e-9;
    const double dyTurn = unbounded || empty ? 0 : b * std::sqrt(reach / (det * c));
    const auto chordEnd = [&](double dy, double sign) {
        return (b * dy + sign * std::sqrt(std::max(0.0, a * reach - det * dy * dy))) / a;
    };
    for (int ty = r.y0; ty < r.y1; ++ty) {
        TileSpan& span = out[ty - r.y0];
        span = {r.x0, r.x1};
        if (unbounded) continue;
        span = {0, 0};
        if (empty) continue;
        // Rows py of the band have centres py + ½; dy = v − (py + ½) over [dyLo, dyHi].
        const int p0 = ty * TILE_SIZE, p1 = std::min(cam.height, p0 + TILE_SIZE) - 1;
        const double dyLo = std::max(-dyMax, v - (p1 + 0.5)), dyHi = std::min(dyMax, v - (p0 + 0.5));
        if (!(dyLo <= dyHi)) continue;
        const double right = chordEnd(std::clamp(dyTurn, dyLo, dyHi), 1.0);
        const double left = chordEnd(std::clamp(-dyTurn, dyLo, dyHi), -1.0);
        const double lo = u + left - FOOTPRINT_PIXEL_MARGIN - SLACK, hi = u + right + FOOTPRINT_PIXEL_MARGIN + SLACK;
        if (!std::isfinite(lo) || !std::isfinite(hi)) {  // no pruning
            span = {r.x0, r.x1};
            continue;
        }
        // Pixels px with lo ≤ px + ½ ≤ hi, as tile columns, inside the box.
        const double pxLo = std::ceil(lo - 0.5), pxHi = std::floor(hi - 0.5);
        if (pxLo > pxHi) continue;
        const int x0 = int(std::clamp(std::floor(pxLo / TILE_SIZE), double(r.x0), double(r.x1)));
        const int x1 = int(std::clamp(std::floor(pxHi / TILE_SIZE) + 1, double(r.x0), double(r.x1)));
        if (x0 < x1) span = {x0, x1};
    }
}

// Per-pixel compositing state of one tile, indexed by local pixel ly·TILE_SIZE + lx.
template <class T>
struct TileState {
    static constexpr int PIXELS = TILE_SIZE * TILE_SIZE;
    T trans[PIXELS], rgb[3][PIXELS], depth[PIXELS];
    int32_t last[PIXELS];
    int32_t done[PIXELS];  // 1 once the walk stopped (the next splat would bring T below 1e-4)
    uint32_t openBits[TILE_SIZE];  // per row: bit lx set while pixel lx is not done
};

// Blends splat k into the pixels of its footprint that are still open. Splat-major order
// visits each pixel's splats in the same front-to-back order as a per-pixel walk. The row loop
// is branch-free so it vectorises: every pixel computes α, and the updates are applied through
// selects (adding a weight of exactly 0 leaves a sum unchanged). Returns the pixels closed.
template <class T, int VEC>
SW_KERNEL_INLINE int blendSplat(const TileSplat<T>& s, int32_t k, int x0, int y0, int w, int h, TileState<T>& st) {
    const PixelSpan ys = pixelSpan(double(s.v), s.extentY, y0, h);
    // Locals, so the compiler need not reload them after the stores into st.
    const T u = s.u, a = s.a, opacity = s.opacity, skipBelow = s.skipBelow, depth = s.depth;
    const T lo = s.powerLo, hi = s.powerHi, alphaMax = s.alphaMax;
    const T r = s.color[0], g = s.color[1], b = s.color[2];
    int closed = 0;
    if (ys.lo > ys.hi) return 0;
    RowSpans spans;
    rowSpans(s, x0, y0, spans);
    for (int py = ys.lo; py <= ys.hi; ++py) {
        const int ly = py - y0;
        const PixelSpan open = openSpan({x0 + spans.lo[ly], x0 + spans.hi[ly]}, st.openBits[ly], x0);
        if (open.lo > open.hi) continue;  // no open pixel of this row is in the footprint
        const PixelSpan xs = vectorSpan<VEC>(open, x0, w);
        const T dy = s.v - (T(py) + T(0.5));
        const int row = ly * TILE_SIZE - x0;
        const T cdy = s.c * dy * dy, bdy = s.b * dy;
        int rowClosed = 0;
        for (int px = xs.lo; px <= xs.hi; ++px) {
            const int p = row + px;
            const T dx = u - (T(px) + T(0.5));
            const T power = gaussPower(a, dx, cdy, bdy);
            const T clamped = std::min(std::max(power, lo), hi);
            const T alpha = std::min(alphaMax, opacity * expNonPositive(clamped));
            const T trans = st.trans[p];
            const T next = trans * (1 - alpha);
            const bool hit = (st.done[p] == 0) & (power <= 0) & (power >= skipBelow) & (alpha >= T(ALPHA_MIN));
            const bool close = hit & (next < T(TRANSMITTANCE_MIN));
            const bool blend = hit & !close;
            const T wgt = pick(blend, alpha * trans, T(0));
            st.rgb[0][p] += r * wgt;
            st.rgb[1][p] += g * wgt;
            st.rgb[2][p] += b * wgt;
            st.depth[p] += depth * wgt;
            st.trans[p] = pick(blend, next, trans);
            st.last[p] = pick(blend, k + 1, st.last[p]);
            st.done[p] = pick(close, 1, st.done[p]);
            rowClosed += close ? 1 : 0;
        }
        if (rowClosed == 0) continue;
        closed += rowClosed;
        uint32_t bits = 0;
        for (int lx = 0; lx < w; ++lx) bits |= uint32_t(st.done[ly * TILE_SIZE + lx] == 0) << lx;
        st.openBits[ly] = bits;
    }
    return closed;
}

// One tile, rows of VEC-wide vectors (see compositeTile and compositeTileAvx2 below).
template <class T, int VEC>
SW_KERNEL_INLINE void compositeTileBody(const std::vector<TileSplat<T>>& prepared, const TileBins& bins,
                                        const KernelCamera& cam, const T* background, const Images<T>& out,
                                        int tile) {
    const int x0 = (tile % cam.tilesX()) * TILE_SIZE, y0 = (tile / cam.tilesX()) * TILE_SIZE;
    const int w = std::min(TILE_SIZE, cam.width - x0), h = std::min(TILE_SIZE, cam.height - y0);
    thread_local std::vector<TileSplat<T>> splats;
    TileState<T> st;  // on the stack (a few KiB): plain, non-aliased memory for the vectoriser
    gatherTile(prepared, bins, tile, -1, splats);
    std::fill(st.trans, st.trans + st.PIXELS, T(1));
    std::fill(&st.rgb[0][0], &st.rgb[0][0] + 3 * st.PIXELS, T(0));
    std::fill(st.depth, st.depth + st.PIXELS, T(0));
    std::fill(st.last, st.last + st.PIXELS, 0);
    std::fill(st.done, st.done + st.PIXELS, 0);
    std::fill(st.openBits, st.openBits + TILE_SIZE, (1u << w) - 1);
    int open = w * h;
    const int32_t count = int32_t(splats.size());
    for (int32_t k = 0; k < count && open > 0; ++k) open -= blendSplat<T, VEC>(splats[size_t(k)], k, x0, y0, w, h, st);
    for (int ly = 0; ly < h; ++ly) {
        for (int lx = 0; lx < w; ++lx) {
            const int p = ly * TILE_SIZE + lx;
            const int64_t pix = int64_t(y0 + ly) * cam.width + x0 + lx;
            const T trans = st.trans[p];
            for (int c = 0; c < 3; ++c) out.rgb[3 * pix + c] = st.rgb[c][p] + trans * background[c];
            out.alpha[pix] = 1 - trans;
            out.depth[pix] = st.depth[p];
            out.finalT[pix] = trans;
            out.lastCount[pix] = st.last[p];
        }
    }
}

// Baseline x86-64 (SSE2, 4 floats or 2 doubles a vector).
template <class T>
void compositeTile(const std::vector<TileSplat<T>>& prepared, const TileBins& bins, const KernelCamera& cam,
                   const T* background, const Images<T>& out, int tile) {
    compositeTileBody<T, 4>(prepared, bins, cam, background, out, tile);
}

// The same source compiled for AVX2 (8 floats a vector); chosen at run time (cpuSimd()).
__attribute__((target("avx2"))) void compositeTileAvx2(const std::vector<TileSplat<float>>& prepared,
                                                       const TileBins& bins, const KernelCamera& cam,
                                                       const float* background, const Images<float>& out, int tile) {
    compositeTileBody<float, 8>(prepared, bins, cam, background, out, tile);
}

}  // namespace

// Indices with depth ≥ 0 sorted by depth, ties in index order: a stable LSD radix sort of
// the depths' IEEE bits, which order like the values for non-negative numbers (visible splats
// lie between the near and far planes, near > 0), so the result is the one of a stable sort
// by depth. 8-bit digits; a digit all keys share is skipped.
template <class T>
void sortByDepth(const Projected<T>& proj, std::vector<int32_t>& order) {
    using Key = std::conditional_t<sizeof(T) == 4, uint32_t, uint64_t>;
    const size_t n = order.size();
    std::vector<Key> keys(n), keysTmp(n);
    std::vector<int32_t> tmp(n);
    for (size_t j = 0; j < n; ++j) keys[j] = std::bit_cast<Key>(proj.depth[order[j]]);
    for (unsigned shift = 0; shift < 8 * sizeof(Key); shift += 8) {
        size_t count[257] = {};
        for (const Key key : keys) ++count[((key >> shift) & 0xFF) + 1];
        if (n == 0 || count[((keys[0] >> shift) & 0xFF) + 1] == n) continue;  // one digit: order unchanged
        for (int d = 0; d < 256; ++d) count[d + 1] += count[d];
        for (size_t j = 0; j < n; ++j) {
            const size_t to = count[(keys[j] >> shift) & 0xFF]++;
            keysTmp[to] = keys[j];
            tmp[to] = order[j];
        }
        keys.swap(keysTmp);
        order.swap(tmp);
    }
}

template <class T>
TileBins binTilesCpu(const Projected<T>& proj, int64_t count, const KernelCamera& cam, int threads) {
    // Each visible splat's tile columns per tile row of its radius box, cut to its pixel
    // footprint (footprintTiles), in parallel; rowStart[g] indexes splat g's first tile row.
    const int tilesX = cam.tilesX();
    std::vector<TileRect> rects(size_t(count), TileRect{0, 0, 0, 0});
    constexpr int64_t BLOCK = 256;
    const int64_t blocks = (count + BLOCK - 1) / BLOCK;
    parallelFor(blocks, threads, [&](int64_t block) {
        for (int64_t g = block * BLOCK; g < std::min(count, (block + 1) * BLOCK); ++g)
            if (proj.radius[g] > 0) rects[size_t(g)] = tileRect(proj, g, cam);
    });
    std::vector<int32_t> rowStart(size_t(count) + 1, 0);
    for (size_t g = 0; g < size_t(count); ++g) rowStart[g + 1] = rowStart[g] + std::max(0, rects[g].y1 - rects[g].y0);
    std::vector<TileSpan> spans(size_t(rowStart.back()));
    parallelFor(blocks, threads, [&](int64_t block) {
        for (int64_t g = block * BLOCK; g < std::min(count, (block + 1) * BLOCK); ++g)
            if (proj.radius[g] > 0) footprintTiles(proj, int32_t(g), rects[size_t(g)], cam, &spans[size_t(rowStart[size_t(g)])]);
    });
    // Visible splats in front-to-back order (ties by index), then a counting sort by tile
    // that keeps that order inside every tile.
    std::vector<int32_t> order;
    order.reserve(size_t(count));
    for (int64_t i = 0; i < count; ++i)
        if (proj.radius[i] > 0) order.push_back(int32_t(i));
    sortByDepth(proj, order);
    const int tiles = tilesX * cam.tilesY();
    TileBins bins;
    bins.offsets.assign(size_t(tiles) + 1, 0);
    const auto forEachTile = [&](auto&& fn) {
        for (const int32_t g : order) {
            const TileRect& r = rects[size_t(g)];
            const TileSpan* rows = &spans[size_t(rowStart[size_t(g)])];
            for (int y = r.y0; y < r.y1; ++y)
                for (int x = rows[y - r.y0].x0; x < rows[y - r.y0].x1; ++x) fn(y * tilesX + x, g);
        }
    };
    forEachTile([&](int tile, int32_t) { ++bins.offsets[size_t(tile) + 1]; });
    std::partial_sum(bins.offsets.begin(), bins.offsets.end(), bins.offsets.begin());
    bins.splats.resize(size_t(bins.offsets.back()));
    std::vector<int32_t> cursor(bins.offsets.begin(), bins.offsets.end() - 1);
    forEachTile([&](int tile, int32_t g) { bins.splats[size_t(cursor[size_t(tile)]++)] = g; });
    return bins;
}

template <class T>
void rasterizeForwardCpu(const Projected<T>& proj, const TileBins& bins, const KernelCamera& cam,
                         const T* background, const Images<T>& out, int threads) {
    const int64_t tiles = int64_t(cam.tilesX()) * cam.tilesY();
    // Reused across calls (no allocation per step). Bound to a local reference because the
    // workers' lambda would otherwise name each worker's own thread_local instance.
    thread_local std::vector<TileSplat<T>> preparedCache;
    std::vector<TileSplat<T>>& prepared = preparedCache;
    prepareSplats(proj, bins, prepared, threads);
    thread_local std::vector<int32_t> orderCache;
    std::vector<int32_t>& order = orderCache;
    tilesByWork(bins, order);
    if constexpr (std::is_same_v<T, float>) {
        if (cpuSimd() == CpuSimd::Avx2) {
            parallelFor(tiles, threads, [&](int64_t k) {
                compositeTileAvx2(prepared, bins, cam, background, out, order[size_t(k)]);
            });
            return;
        }
    }
    parallelFor(tiles, threads,
                [&](int64_t k) { compositeTile(prepared, bins, cam, background, out, order[size_t(k)]); });
}

template TileBins binTilesCpu<float>(const Projected<float>&, int64_t, const KernelCamera&, int);
template TileBins binTilesCpu<double>(const Projected<double>&, int64_t, const KernelCamera&, int);
template void rasterizeForwardCpu<float>(const Projected<float>&, const TileBins&, const KernelCamera&,
                                         const float*, const Images<float>&, int);
template void rasterizeForwardCpu<double>(const Projected<double>&, const TileBins&, const KernelCamera&,
                                          const double*, const Images<double>&, int);

}  // namespace sw::train::kernels
