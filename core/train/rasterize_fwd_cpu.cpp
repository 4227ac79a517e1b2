// Tile binning and front-to-back compositing (CPU), after 3DGS (Kerbl et al. 2023, §6 and
// eq. 3): C = Σᵢ cᵢ αᵢ Tᵢ + T_final·background, Tᵢ = Πⱼ<ᵢ (1 − αⱼ),
// αᵢ = min(0.99, oᵢ·exp(−½ dᵀ Σ'⁻¹ d)); αᵢ < 1/255 is skipped and the walk stops before a
// splat that would bring T below 1e-4 (that splat is not blended), as in the 3DGS reference.
#include <algorithm>
#include <cmath>
#include <numeric>

#include "core/train/rasterize_kernels.h"
#include "core/train/tile_splats.h"

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

template <class T>
void compositeTile(const Projected<T>& proj, const TileBins& bins, const KernelCamera& cam, const T* background,
                   const Images<T>& out, int tile) {
    const int tx = tile % cam.tilesX(), ty = tile / cam.tilesX();
    thread_local std::vector<TileSplat<T>> splats;
    gatherTile(proj, bins, tile, splats);
    const int32_t count = int32_t(splats.size());
    for (int py = ty * TILE_SIZE; py < std::min(cam.height, (ty + 1) * TILE_SIZE); ++py) {
        for (int px = tx * TILE_SIZE; px < std::min(cam.width, (tx + 1) * TILE_SIZE); ++px) {
            const T fx = T(px) + T(0.5), fy = T(py) + T(0.5);
            T trans = 1, rgb[3] = {0, 0, 0}, depth = 0;
            int32_t last = 0;
            for (int32_t k = 0; k < count; ++k) {
                const TileSplat<T>& s = splats[size_t(k)];
                T dx, dy;
                const T power = gaussPower(s, fx, fy, dx, dy);
                if (power > 0 || power < s.skipBelow) continue;
                const T alpha = std::min(T(ALPHA_MAX), s.opacity * std::exp(power));
                if (alpha < T(ALPHA_MIN)) continue;
                const T next = trans * (1 - alpha);
                if (next < T(TRANSMITTANCE_MIN)) break;
                const T w = alpha * trans;
                for (int c = 0; c < 3; ++c) rgb[c] += proj.color[3 * s.index + c] * w;
                depth += proj.depth[s.index] * w;
                trans = next;
                last = k + 1;
            }
            const int64_t pix = int64_t(py) * cam.width + px;
            for (int c = 0; c < 3; ++c) out.rgb[3 * pix + c] = rgb[c] + trans * background[c];
            out.alpha[pix] = 1 - trans;
            out.depth[pix] = depth;
            out.finalT[pix] = trans;
            out.lastCount[pix] = last;
        }
    }
}

}  // namespace

template <class T>
TileBins binTilesCpu(const Projected<T>& proj, int64_t count, const KernelCamera& cam) {
    // Visible splats in front-to-back order (ties by index), then a counting sort by tile
    // that keeps that order inside every tile.
    std::vector<int32_t> order;
    order.reserve(size_t(count));
    for (int64_t i = 0; i < count; ++i)
        if (proj.radius[i] > 0) order.push_back(int32_t(i));
    std::stable_sort(order.begin(), order.end(),
                     [&](int32_t a, int32_t b) { return proj.depth[a] < proj.depth[b]; });
    const int tiles = cam.tilesX() * cam.tilesY();
    TileBins bins;
    bins.offsets.assign(size_t(tiles) + 1, 0);
    for (int32_t g : order) {
        const TileRect r = tileRect(proj, g, cam);
        for (int y = r.y0; y < r.y1; ++y)
            for (int x = r.x0; x < r.x1; ++x) ++bins.offsets[size_t(y * cam.tilesX() + x) + 1];
    }
    std::partial_sum(bins.offsets.begin(), bins.offsets.end(), bins.offsets.begin());
    bins.splats.resize(size_t(bins.offsets.back()));
    std::vector<int32_t> cursor(bins.offsets.begin(), bins.offsets.end() - 1);
    for (int32_t g : order) {
        const TileRect r = tileRect(proj, g, cam);
        for (int y = r.y0; y < r.y1; ++y)
            for (int x = r.x0; x < r.x1; ++x) bins.splats[size_t(cursor[size_t(y * cam.tilesX() + x)]++)] = g;
    }
    return bins;
}

template <class T>
void rasterizeForwardCpu(const Projected<T>& proj, const TileBins& bins, const KernelCamera& cam,
                         const T* background, const Images<T>& out, int threads) {
    parallelFor(int64_t(cam.tilesX()) * cam.tilesY(), threads,
                [&](int64_t tile) { compositeTile(proj, bins, cam, background, out, int(tile)); });
}

template TileBins binTilesCpu<float>(const Projected<float>&, int64_t, const KernelCamera&);
template TileBins binTilesCpu<double>(const Projected<double>&, int64_t, const KernelCamera&);
template void rasterizeForwardCpu<float>(const Projected<float>&, const TileBins&, const KernelCamera&,
                                         const float*, const Images<float>&, int);
template void rasterizeForwardCpu<double>(const Projected<double>&, const TileBins&, const KernelCamera&,
                                          const double*, const Images<double>&, int);

}  // namespace sw::train::kernels
