#include "core/foliage/trim.h"

#include <Eigen/Geometry>
#include <algorithm>
#include <cmath>
#include <limits>

#include "core/foundation/check.h"

namespace sw::foliage {
namespace {

// The card as an affine map of card space (s, t) ∈ [0, 1]²: P = P0 + s e1 + t e3, uv likewise.
struct CardFrame {
    Eigen::Vector3f p0, e1, e3;
    Eigen::Vector2f u0;
    Eigen::Matrix2f uvJ;     // columns: uv per s, uv per t
    Eigen::Matrix2f uvJinv;  // uv offset -> (s, t)
    bool triangle = false;   // card space is s, t >= 0, s + t <= 1 instead of [0, 1]²
    float reach = 0.f;       // texels within this many texels outside the card count too
    std::vector<Eigen::Vector2f> shape() const {
        if (triangle) return {{0.f, 0.f}, {1.f, 0.f}, {0.f, 1.f}};
        return {{0.f, 0.f}, {1.f, 0.f}, {1.f, 1.f}, {0.f, 1.f}};
    }
};

// The frame spanned from corner 0 to corners a (e1) and b (e3), in position and in UV.
template <class Corners>
CardFrame frameFrom(const Corners& c, std::size_t a, std::size_t b) {
    CardFrame f;
    f.p0 = c.positions[0];
    f.e1 = c.positions[a] - c.positions[0];
    f.e3 = c.positions[b] - c.positions[0];
    f.u0 = c.uvs[0];
    f.uvJ.col(0) = c.uvs[a] - c.uvs[0];
    f.uvJ.col(1) = c.uvs[b] - c.uvs[0];
    return f;
}

Result<CardFrame> cardFrame(const CardQuad& c, const std::string& what) {
    CardFrame f = frameFrom(c, 1, 3);
    const float size = std::max(f.e1.norm(), f.e3.norm());
    const bool planar = (c.positions[2] - (c.positions[1] + f.e3)).norm() <= 1e-4f * size;
    const bool affine = (c.uvs[2] - (c.uvs[1] + f.uvJ.col(1))).norm() <= 1e-4f;
    const float det = f.uvJ.determinant();
    if (!(size > 0.f) || f.e1.cross(f.e3).norm() <= 1e-12f * size * size || !planar || !affine || std::abs(det) < 1e-12f)
        return makeError(ErrorCode::InvalidInput, "card is not a planar parallelogram with affine UVs", what);
    f.uvJinv = f.uvJ.inverse();
    return f;
}

// A triangle of a card: P = P0 + s (P1 - P0) + t (P2 - P0), uv likewise. `hasArea` false when it
// has no area in position (set before anything else); an error when its UVs are degenerate.
Result<CardFrame> triangleFrame(const CardTriangle& c, bool& hasArea, const std::string& what) {
    CardFrame f = frameFrom(c, 1, 2);
    f.triangle = true;
    const float size = std::max({f.e1.norm(), f.e3.norm(), (f.e3 - f.e1).norm()});
    hasArea = size > 0.f && f.e1.cross(f.e3).norm() > 1e-12f * size * size;
    if (!c.uvs[0].allFinite() || !c.uvs[1].allFinite() || !c.uvs[2].allFinite() || std::abs(f.uvJ.determinant()) < 1e-12f)
        return makeError(ErrorCode::InvalidInput, "a triangle of the card has degenerate UVs, so its texels cannot be told apart", what);
    f.uvJinv = f.uvJ.inverse();
    return f;
}

float cross2(const Eigen::Vector2f& a, const Eigen::Vector2f& b) { return a.x() * b.y() - a.y() * b.x(); }

// Sutherland–Hodgman clip of a convex polygon to the half-plane n · p <= c.
std::vector<Eigen::Vector2f> clipHalf(const std::vector<Eigen::Vector2f>& poly, const Eigen::Vector2f& n, float c) {
    std::vector<Eigen::Vector2f> out;
    for (std::size_t i = 0; i < poly.size(); ++i) {
        const Eigen::Vector2f& a = poly[i];
        const Eigen::Vector2f& b = poly[(i + 1) % poly.size()];
        const float da = n.dot(a) - c, db = n.dot(b) - c;
        if (da <= 0.f) out.push_back(a);
        if ((da < 0.f) != (db < 0.f) && da != db) out.push_back(a + (b - a) * (da / (da - db)));
    }
    return out;
}

std::vector<Eigen::Vector2f> clipUnitSquare(std::vector<Eigen::Vector2f> poly) {
    poly = clipHalf(poly, {1.f, 0.f}, 1.f);
    poly = clipHalf(poly, {-1.f, 0.f}, 0.f);
    poly = clipHalf(poly, {0.f, 1.f}, 1.f);
    return clipHalf(poly, {0.f, -1.f}, 0.f);
}

// The polygon clipped to the card: the unit square, or the triangle; repeated vertices removed.
std::vector<Eigen::Vector2f> clipToCard(std::vector<Eigen::Vector2f> poly, const CardFrame& f) {
    if (!f.triangle) return clipUnitSquare(std::move(poly));
    poly = clipHalf(poly, {0.f, -1.f}, 0.f);
    poly = clipHalf(poly, {1.f, 1.f}, 1.f);
    poly = clipHalf(poly, {-1.f, 0.f}, 0.f);
    std::vector<Eigen::Vector2f> out;
    for (const Eigen::Vector2f& v : poly)
        if (out.empty() || (v - out.back()).norm() > 1e-6f) out.push_back(v);
    while (out.size() > 1 && (out.front() - out.back()).norm() <= 1e-6f) out.pop_back();
    return out;
}

// Removes edge (i, i + 1) by meeting the lines of its neighbours; the area it adds, or +inf when
// the lines do not meet outside the edge or the meeting point leaves the card.
float collapseCost(const std::vector<Eigen::Vector2f>& p, std::size_t i, const std::vector<Eigen::Vector2f>& card, Eigen::Vector2f& meet) {
    const std::size_t n = p.size();
    const Eigen::Vector2f& a = p[(i + n - 1) % n];
    const Eigen::Vector2f& b = p[i];
    const Eigen::Vector2f& c = p[(i + 1) % n];
    const Eigen::Vector2f& d = p[(i + 2) % n];
    const Eigen::Vector2f r = b - a, s = c - d;  // b + x r = c + y s
    const float den = cross2(r, s);
    if (std::abs(den) < 1e-12f) return std::numeric_limits<float>::infinity();
    const float x = cross2(c - b, s) / den, y = cross2(c - b, r) / den;
    if (!(x > 0.f) || !(y > 0.f)) return std::numeric_limits<float>::infinity();
    meet = b + x * r;
    if (!insideConvex(card, meet, 1e-6f)) return std::numeric_limits<float>::infinity();
    return 0.5f * std::abs(cross2(meet - b, c - b));
}

// The card-space box around a polygon, counter-clockwise.
std::vector<Eigen::Vector2f> boxAround(const std::vector<Eigen::Vector2f>& poly) {
    Eigen::Vector2f lo = poly[0], hi = poly[0];
    for (const auto& v : poly) {
        lo = lo.cwiseMin(v);
        hi = hi.cwiseMax(v);
    }
    return {lo, {hi.x(), lo.y()}, hi, {lo.x(), hi.y()}};
}

// Greedy edge removal down to maxVertices; the card-space box (clipped to a triangle card) or the
// triangle itself instead when that is smaller (the greedy order can miss the best
// quadrilateral) or when no edge can be removed inside the card.
std::vector<Eigen::Vector2f> reduceVertices(std::vector<Eigen::Vector2f> poly, int maxVertices, const CardFrame& f) {
    const std::vector<Eigen::Vector2f> card = f.shape();
    std::vector<Eigen::Vector2f> box = boxAround(poly);
    if (f.triangle) {
        box = clipToCard(std::move(box), f);
        if (static_cast<int>(box.size()) > maxVertices) box = card;
    }
    while (static_cast<int>(poly.size()) > maxVertices) {
        float best = std::numeric_limits<float>::infinity();
        std::size_t bestI = 0;
        Eigen::Vector2f bestMeet = Eigen::Vector2f::Zero(), meet = Eigen::Vector2f::Zero();
        for (std::size_t i = 0; i < poly.size(); ++i) {
            const float cost = collapseCost(poly, i, card, meet);
            if (cost < best) {
                best = cost;
                bestI = i;
                bestMeet = meet;
            }
        }
        if (!std::isfinite(best)) return box;
        poly[bestI] = bestMeet;
        poly.erase(poly.begin() + static_cast<std::ptrdiff_t>((bestI + 1) % poly.size()));
    }
    return polygonArea(box) < polygonArea(poly) ? box : poly;
}

// Corners (in card space) of the grown squares of the leftmost and rightmost kept texel of each
// row of mip level `level` whose centre lies in the card, or within `reach` texels of it (texels
// and squares in that level's texels).
void keptCorners(const AlphaLevels& lv, std::size_t level, float cutoff, const CardFrame& f, float grow, float reach,
                 std::vector<Eigen::Vector2f>& out) {
    const int w = lv.widths[level], h = lv.heights[level];
    const std::vector<float>& alpha = lv.alpha[level];
    const Eigen::Vector2f wh(static_cast<float>(w), static_cast<float>(h));
    std::vector<Eigen::Vector2f> px;  // the card in this level's pixels, counter-clockwise
    for (const Eigen::Vector2f& st : f.shape()) px.push_back((f.u0 + f.uvJ * st).cwiseProduct(wh));
    if (polygonArea(px) < 0.f) std::reverse(px.begin(), px.end());
    float yLo = px[0].y(), yHi = px[0].y();
    for (const auto& p : px) {
        yLo = std::min(yLo, p.y());
        yHi = std::max(yHi, p.y());
    }
    const int y0 = std::max(0, static_cast<int>(std::floor(yLo - reach))), y1 = std::min(h, static_cast<int>(std::ceil(yHi + reach)));
    auto toCard = [&](float x, float y) -> Eigen::Vector2f { return f.uvJinv * (Eigen::Vector2f(x / wh.x(), y / wh.y()) - f.u0); };
    for (int y = y0; y < y1; ++y) {
        const float qy = static_cast<float>(y) + 0.5f;
        float xMin = -std::numeric_limits<float>::infinity(), xMax = std::numeric_limits<float>::infinity();
        for (std::size_t i = 0; i < px.size(); ++i) {  // cross(e, q - a) >= -reach |e| along the row
            const Eigen::Vector2f& a = px[i];
            const Eigen::Vector2f e = px[(i + 1) % px.size()] - a;
            const float c = e.x() * (qy - a.y()) + e.y() * a.x() + reach * e.norm();  // e.y qx <= c
            if (e.y() > 0.f) xMax = std::min(xMax, c / e.y());
            else if (e.y() < 0.f) xMin = std::max(xMin, c / e.y());
            else if (c < 0.f) xMax = -std::numeric_limits<float>::infinity();
        }
        if (!(xMin <= xMax)) continue;
        const int x0 = static_cast<int>(std::max(0.f, std::ceil(xMin - 0.5f)));
        const int x1 = static_cast<int>(std::min(static_cast<float>(w - 1), std::floor(xMax - 0.5f)));
        const float* row = alpha.data() + static_cast<std::size_t>(y) * static_cast<std::size_t>(w);
        int left = x0, right = x1;
        while (left <= x1 && row[left] < cutoff) ++left;
        if (left > x1) continue;
        while (row[right] < cutoff) --right;
        const float fy = static_cast<float>(y);
        for (float x : {static_cast<float>(left) - grow, static_cast<float>(right) + 1.f + grow})
            for (float yy : {fy - grow, fy + 1.f + grow}) out.push_back(toCard(x, yy));
    }
}

}  // namespace

std::vector<Eigen::Vector2f> convexHull(std::vector<Eigen::Vector2f> pts) {
    std::sort(pts.begin(), pts.end(), [](const auto& a, const auto& b) { return a.x() != b.x() ? a.x() < b.x() : a.y() < b.y(); });
    pts.erase(std::unique(pts.begin(), pts.end()), pts.end());
    if (pts.size() < 3) return pts;
    std::vector<Eigen::Vector2f> h(2 * pts.size());
    std::size_t k = 0;
    for (std::size_t i = 0; i < pts.size(); ++i) {  // lower hull
        while (k >= 2 && cross2(h[k - 1] - h[k - 2], pts[i] - h[k - 2]) <= 0.f) --k;
        h[k++] = pts[i];
    }
    for (std::size_t i = pts.size() - 1, lower = k + 1; i > 0; --i) {  // upper hull
        while (k >= lower && cross2(h[k - 1] - h[k - 2], pts[i - 1] - h[k - 2]) <= 0.f) --k;
        h[k++] = pts[i - 1];
    }
    h.resize(k - 1);
    return h;
}

float polygonArea(const std::vector<Eigen::Vector2f>& p) {
    float a = 0.f;
    for (std::size_t i = 0; i < p.size(); ++i) a += cross2(p[i], p[(i + 1) % p.size()]);
    return 0.5f * a;
}

bool insideConvex(const std::vector<Eigen::Vector2f>& p, const Eigen::Vector2f& q, float eps) {
    for (std::size_t i = 0; i < p.size(); ++i) {
        const Eigen::Vector2f e = p[(i + 1) % p.size()] - p[i];
        if (cross2(e, q - p[i]) < -eps * e.norm()) return false;
    }
    return true;
}

Status checkMaskTexture(const geometry::Image& texture, float cutoff, const std::string& what) {
    if (texture.empty()) return makeError(ErrorCode::InvalidInput, "alpha-MASK material has no texture", what);
    for (std::size_t i = 3; i < texture.rgba.size(); i += 4)
        if (texture.rgba[i] / 255.f >= cutoff) return {};
    return makeError(ErrorCode::InvalidInput, "MASK texture '" + texture.name + "' is fully transparent", what);
}

AlphaLevels alphaLevels(const geometry::Image& texture, int mipLevels) {
    AlphaLevels lv;
    if (texture.empty()) return lv;
    SW_REQUIRE(texture.rgba.size() == static_cast<std::size_t>(texture.width) * static_cast<std::size_t>(texture.height) * 4,
               "texture " << texture.width << "x" << texture.height << " with " << texture.rgba.size() << " bytes");
    lv.widths.push_back(texture.width);
    lv.heights.push_back(texture.height);
    lv.alpha.emplace_back(static_cast<std::size_t>(texture.width) * static_cast<std::size_t>(texture.height));
    for (std::size_t i = 0; i < lv.alpha[0].size(); ++i) lv.alpha[0][i] = texture.rgba[4 * i + 3] / 255.f;
    for (int l = 1; l <= mipLevels && (lv.widths.back() > 1 || lv.heights.back() > 1); ++l) {
        const int pw = lv.widths.back(), ph = lv.heights.back(), w = std::max(1, pw / 2), h = std::max(1, ph / 2);
        const std::vector<float>& prev = lv.alpha.back();
        std::vector<float> next(static_cast<std::size_t>(w) * static_cast<std::size_t>(h));
        for (int y = 0; y < h; ++y)
            for (int x = 0; x < w; ++x) {
                float sum = 0.f;
                int n = 0;
                for (int dy = 0; dy < 2; ++dy)
                    for (int dx = 0; dx < 2; ++dx) {
                        const int sx = std::min(pw - 1, 2 * x + dx), sy = std::min(ph - 1, 2 * y + dy);
                        sum += prev[static_cast<std::size_t>(sy) * static_cast<std::size_t>(pw) + static_cast<std::size_t>(sx)];
                        ++n;
                    }
                next[static_cast<std::size_t>(y) * static_cast<std::size_t>(w) + static_cast<std::size_t>(x)] = sum / static_cast<float>(n);
            }
        lv.widths.push_back(w);
        lv.heights.push_back(h);
        lv.alpha.push_back(std::move(next));
    }
    return lv;
}

namespace {

Status checkTrim(const AlphaLevels& levels, const TrimSettings& settings, const std::string& what) {
    if (settings.margin < 0 || settings.maxVertices < 4 || settings.maxVertices > 8 || settings.subdivide < 0 ||
        settings.subdivide > 4 || settings.mipLevels < 0 || settings.mipLevels > 12 || settings.viewMip < -1 || settings.viewMip > 12)
        return makeError(ErrorCode::InvalidInput, "trim: margin must be >= 0, max vertices 4..8, subdivide 0..4, mip levels 0..12 and view mip -1..12", what);
    if (levels.alpha.empty()) return makeError(ErrorCode::InvalidInput, "alpha-MASK card has no texture", what);
    return {};
}

// Level 0 keeps its texels at or above the cutoff grown by the margin; a mip level its texels at
// or above the cutoff (less 8-bit rounding) grown by their bilinear footprint, half a texel of
// that level plus one texel of level 0, so a card drawn at that level shows the same pixels. A
// triangle reaches one texel past the grown squares into its neighbours.
TrimmedCard trimIn(const AlphaLevels& levels, float cutoff, const CardFrame& f, const TrimSettings& settings) {
    TrimmedCard out;
    const float scale = f.e1.cross(f.e3).norm();
    out.areaBefore = f.triangle ? 0.5f * scale : scale;
    std::vector<Eigen::Vector2f> corners;
    for (std::size_t l = 0; l < levels.alpha.size() && static_cast<int>(l) <= settings.mipLevels; ++l) {
        const float grow = l == 0 ? static_cast<float>(settings.margin) : 0.5f + std::ldexp(1.f, -static_cast<int>(l));
        keptCorners(levels, l, l == 0 ? cutoff : cutoff - 1.f / 255.f, f, grow, f.triangle ? grow + 1.f : 0.f, corners);
    }
    std::vector<Eigen::Vector2f> poly = clipToCard(convexHull(corners), f);
    if (poly.size() < 3 || polygonArea(poly) <= 0.f) {
        out.empty = true;
        return out;
    }
    poly = reduceVertices(std::move(poly), settings.maxVertices, f);
    out.areaAfter = polygonArea(poly) * scale;
    for (const Eigen::Vector2f& st : poly) {
        out.cardSt.push_back(st);
        out.uvs.push_back(f.u0 + f.uvJ * st);
        out.positions.push_back(f.p0 + st.x() * f.e1 + st.y() * f.e3);
    }
    return out;
}

}  // namespace

Result<TrimmedCard> trimCard(const AlphaLevels& levels, float cutoff, const CardQuad& card, const TrimSettings& settings,
                             const std::string& what) {
    SW_TRY(checkTrim(levels, settings, what));
    auto frame = cardFrame(card, what);
    if (!frame) return frame.error();
    return trimIn(levels, cutoff, *frame, settings);
}

Result<TrimmedCard> trimCard(const geometry::Image& texture, float cutoff, const CardQuad& card,
                             const TrimSettings& settings, const std::string& what) {
    return trimCard(alphaLevels(texture, settings.mipLevels), cutoff, card, settings, what);
}

Result<TrimmedCard> trimTriangle(const AlphaLevels& levels, float cutoff, const CardTriangle& triangle,
                                 const TrimSettings& settings, const std::string& what) {
    SW_TRY(checkTrim(levels, settings, what));
    bool hasArea = false;
    auto frame = triangleFrame(triangle, hasArea, what);
    if (!hasArea) {  // draws no fragment, whatever its UVs
        TrimmedCard none;
        none.empty = true;
        return none;
    }
    if (!frame) return frame.error();
    return trimIn(levels, cutoff, *frame, settings);
}

Result<TrimmedCard> trimTriangle(const geometry::Image& texture, float cutoff, const CardTriangle& triangle,
                                 const TrimSettings& settings, const std::string& what) {
    return trimTriangle(alphaLevels(texture, settings.mipLevels), cutoff, triangle, settings, what);
}

}  // namespace sw::foliage
