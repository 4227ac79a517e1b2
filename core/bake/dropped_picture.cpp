// The export's debug picture of what the bake left out (export.h droppedPicture).
#include <algorithm>
#include <array>
#include <cmath>

#include "core/bake/detail/parallel.h"
#include "core/bake/detail/tiny_font.h"
#include "core/bake/export.h"
#include "core/geometry/ray_query.h"

namespace sw::bake {

namespace {

struct View {
    Eigen::Vector3f toCamera, right, up;
};

std::array<std::uint8_t, 3> signColour(std::uint8_t signs) {
    if (signs & DroppedSplat::Far) return {220, 40, 40};
    if (signs & DroppedSplat::Detached) return {235, 200, 20};
    if (signs & DroppedSplat::Silhouette) return {210, 40, 210};
    if (signs & DroppedSplat::Dataset) return {20, 200, 210};
    if (signs & DroppedSplat::Belly) return {40, 80, 230};
    return {10, 10, 10};  // dead
}

// What the colours mean, in the first panel's bottom-left corner: a swatch and a few words per
// reason the bake left a splat out (the signs present), then how a hidden one is drawn.
void drawLegend(Rgba8Image& img, int panel, const std::vector<DroppedSplat>& dropped) {
    using S = DroppedSplat;
    const std::pair<std::uint8_t, const char*> entries[] = {
        {S::Far, "far from the surface"},  {S::Detached, "detached from the body"},
        {S::Silhouette, "outside the silhouette"}, {S::Dataset, "over background in the views"},
        {S::Belly, "never seen (belly)"},   {0, "dead (transparent)"}};
    std::vector<std::pair<std::array<std::uint8_t, 3>, const char*>> rows;
    for (const auto& [sign, text] : entries) {
        const auto colour = signColour(sign);
        const bool present = std::any_of(dropped.begin(), dropped.end(), [&](const DroppedSplat& d) { return signColour(d.signs) == colour; });
        if (present) rows.push_back({colour, text});
    }
    if (rows.empty()) return;
    rows.push_back({{160, 160, 160}, "pale: hidden behind the surface"});
    const int scale = panel >= 560 ? 2 : 1, line = (detail::kGlyphHeight + 3) * scale, pad = 3 * scale;
    int width = 0;
    for (const auto& row : rows) width = std::max(width, detail::textWidth(row.second, scale));
    const int boxW = pad + detail::kGlyphHeight * scale + pad + width + pad, boxH = pad + int(rows.size()) * line;
    const int x0 = 2, y0 = std::max(0, panel - boxH - 2);
    for (int y = y0; y < std::min(panel, y0 + boxH); ++y)
        for (int x = x0; x < std::min(panel, x0 + boxW); ++x) {
            std::uint8_t* q = &img.rgba[(std::size_t(y) * std::size_t(img.width) + std::size_t(x)) * 4];
            q[0] = q[1] = q[2] = 250;
        }
    const std::uint8_t ink[3] = {30, 30, 30};
    for (std::size_t r = 0; r < rows.size(); ++r) {
        const int y = y0 + pad + int(r) * line;
        for (int dy = 0; dy < detail::kGlyphHeight * scale; ++dy)
            for (int dx = 0; dx < detail::kGlyphHeight * scale; ++dx) {
                const int px = x0 + pad + dx, py = y + dy;
                if (px >= panel || py >= panel) continue;
                std::uint8_t* q = &img.rgba[(std::size_t(py) * std::size_t(img.width) + std::size_t(px)) * 4];
                for (int k = 0; k < 3; ++k) q[k] = rows[r].first[std::size_t(k)];
            }
        detail::drawText(img, x0 + pad + detail::kGlyphHeight * scale + pad, y, rows[r].second, ink, scale);
    }
}

}  // namespace

Result<Rgba8Image> droppedPicture(const geometry::Mesh& mesh, const BakedModel& baked, int panel) {
    auto built = geometry::RayQuery::build(mesh);
    if (!built) return built.error();
    const geometry::RayQuery& query = **built;
    panel = std::clamp(panel, 16, 2048);
    Eigen::Vector3f lo = Eigen::Vector3f::Constant(1e30f), hi = Eigen::Vector3f::Constant(-1e30f);
    for (const auto& p : mesh.positions) {
        lo = lo.cwiseMin(p);
        hi = hi.cwiseMax(p);
    }
    const Eigen::Vector3f centre = 0.5f * (lo + hi);
    const float half = 0.55f * (hi - lo).maxCoeff() + 1e-6f;
    const float far = 4.f * half + 1.f;
    const std::array<View, 3> views = {View{-Eigen::Vector3f::UnitY(), Eigen::Vector3f::UnitX(), Eigen::Vector3f::UnitZ()},
                                       View{Eigen::Vector3f::UnitX(), Eigen::Vector3f::UnitY(), Eigen::Vector3f::UnitZ()},
                                       View{Eigen::Vector3f::UnitZ(), Eigen::Vector3f::UnitX(), Eigen::Vector3f::UnitY()}};
    Rgba8Image img;
    img.width = 3 * panel;
    img.height = panel;
    img.rgba.assign(std::size_t(img.width) * std::size_t(img.height) * 4, 255);
    const Eigen::Vector3f light = Eigen::Vector3f(0.3f, -0.5f, 0.8f).normalized();
    const float pixel = 2.f * half / float(panel);
    for (int v = 0; v < 3; ++v) {
        const View& view = views[std::size_t(v)];
        detail::parallelFor(std::size_t(panel), 0, [&](std::size_t b, std::size_t e) {
            for (std::size_t y = b; y < e; ++y)
                for (int x = 0; x < panel; ++x) {
                    const Eigen::Vector3f origin = centre + view.toCamera * far +
                                                   view.right * ((float(x) + 0.5f) * pixel - half) +
                                                   view.up * (half - (float(y) + 0.5f) * pixel);
                    const geometry::RayHit hit = query.intersect(origin, -view.toCamera);
                    std::uint8_t* px = &img.rgba[(y * std::size_t(img.width) + std::size_t(v * panel + x)) * 4];
                    const auto g = static_cast<std::uint8_t>(
                        hit.hit ? std::lround(90.f + 120.f * std::abs(hit.normal.dot(light))) : 238);
                    px[0] = px[1] = px[2] = g;
                }
        });
        for (const DroppedSplat& d : baked.dropped) {
            const Eigen::Vector3f rel = d.position - centre;
            const float fx = (rel.dot(view.right) + half) / pixel, fy = (half - rel.dot(view.up)) / pixel;
            if (!(fx >= 0 && fy >= 0 && fx < float(panel) && fy < float(panel))) continue;
            const bool hidden = query.occluded(d.position, view.toCamera, 1e-3f);
            const float a = hidden ? 0.35f : 1.f;
            const auto c = signColour(d.signs);
            const int cx = int(fx), cy = int(fy);
            for (int dy = -1; dy <= 1; ++dy)
                for (int dx = -1; dx <= 1; ++dx) {
                    const int px = cx + dx, py = cy + dy;
                    if (px < 0 || py < 0 || px >= panel || py >= panel) continue;
                    std::uint8_t* q = &img.rgba[(std::size_t(py) * std::size_t(img.width) + std::size_t(v * panel + px)) * 4];
                    for (int k = 0; k < 3; ++k)
                        q[k] = static_cast<std::uint8_t>(std::lround((1.f - a) * float(q[k]) + a * float(c[std::size_t(k)])));
                }
        }
    }
    drawLegend(img, panel, baked.dropped);
    return img;
}

}  // namespace sw::bake
