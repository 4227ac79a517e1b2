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
};

Result<CardFrame> cardFrame(const CardQuad& c, const std::string& what) {
    CardFrame f;
    f.p0 = c.positions[0];
    f.e1 = c.positions[1] - c.positions[0];
    f.e3 = c.positions[3] - c.positions[0];
    f.u0 = c.uvs[0];
    f.uvJ.col(0) = c.uvs[1] - c.uvs[0];
    f.uvJ.col(1) = c.uvs[3] - c.uvs[0];
    const float size = std::max(f.e1.norm(), f.e3.norm());
    const bool planar = (c.positions[2] - (c.positions[1] + f.e3)).norm() <= 1e-4f * size;
    const bool affine = (c.uvs[2] - (c.uvs[1] + f.uvJ.col(1))).norm() <= 1e-4f;
    const float det = f.uvJ.determinant();
    if (!(size > 0.f) || f.e1.cross(f.e3).norm() <= 1e-12f * size * size || !planar || !affine || std::abs(det) < 1e-12f)
        return makeError(ErrorCode::InvalidInput, "card is not a planar parallelogram with affine UVs", what);
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

// Removes edge (i, i + 1) by meeting the lines of its neighbours; the area it adds, or +inf when
// the lines do not meet outside the edge or the meeting point leaves the card.
float collapseCost(const std::vector<Eigen::Vector2f>& p, std::size_t i, Eigen::Vector2f& meet) {
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
    constexpr float EPS = 1e-6f;
    if ((meet.array() < -EPS).any() || (meet.array() > 1.f + EPS).any()) return std::numeric_limits<float>::infinity();
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

// Greedy edge removal down to maxVertices; the card-space box instead when that is smaller (the
// greedy order can miss the best quadrilateral) or when no edge can be removed inside the card.
std::vector<Eigen::Vector2f> reduceVertices(std::vector<Eigen::Vector2f> poly, int maxVertices) {
    const std::vector<Eigen::Vector2f> box = boxAround(poly);
    while (static_cast<int>(poly.size()) > maxVertices) {
        float best = std::numeric_limits<float>::infinity();
        std::size_t bestI = 0;
        Eigen::Vector2f bestMeet = Eigen::Vector2f::Zero(), meet = Eigen::Vector2f::Zero();
        for (std::size_t i = 0; i < poly.size(); ++i) {
            const float cost = collapseCost(poly, i, meet);
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
// row inside the card.
std::vector<Eigen::Vector2f> keptCorners(const geometry::Image& img, float cutoff, const CardFrame& f, int margin) {
    const Eigen::Vector2f wh(static_cast<float>(img.width), static_cast<float>(img.height));
    Eigen::Vector2f lo = f.u0, hi = f.u0;
    for (const Eigen::Vector2f& c : {Eigen::Vector2f(f.u0 + f.uvJ.col(0)), Eigen::Vector2f(f.u0 + f.uvJ.col(1)),
                                     Eigen::Vector2f(f.u0 + f.uvJ.col(0) + f.uvJ.col(1))}) {
        lo = lo.cwiseMin(c);
        hi = hi.cwiseMax(c);
    }
    const int x0 = std::max(0, static_cast<int>(std::floor(lo.x() * wh.x()))), x1 = std::min(img.width, static_cast<int>(std::ceil(hi.x() * wh.x())));
    const int y0 = std::max(0, static_cast<int>(std::floor(lo.y() * wh.y()))), y1 = std::min(img.height, static_cast<int>(std::ceil(hi.y() * wh.y())));
    auto toCard = [&](float px, float py) -> Eigen::Vector2f { return f.uvJinv * (Eigen::Vector2f(px / wh.x(), py / wh.y()) - f.u0); };
    const float m = static_cast<float>(margin);
    std::vector<Eigen::Vector2f> out;
    for (int y = y0; y < y1; ++y) {
        int left = -1, right = -1;
        for (int x = x0; x < x1; ++x) {
            const float a = img.rgba[(static_cast<std::size_t>(y) * static_cast<std::size_t>(img.width) + static_cast<std::size_t>(x)) * 4 + 3] / 255.f;
            const Eigen::Vector2f st = toCard(static_cast<float>(x) + 0.5f, static_cast<float>(y) + 0.5f);
            if (a < cutoff || (st.array() < 0.f).any() || (st.array() > 1.f).any()) continue;
            if (left < 0) left = x;
            right = x;
        }
        if (left < 0) continue;
        const float fy = static_cast<float>(y);
        for (float px : {static_cast<float>(left) - m, static_cast<float>(right) + 1.f + m})
            for (float py : {fy - m, fy + 1.f + m}) out.push_back(toCard(px, py));
    }
    return out;
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

Result<TrimmedCard> trimCard(const geometry::Image& texture, float cutoff, const CardQuad& card,
                             const TrimSettings& settings, const std::string& what) {
    if (settings.margin < 0 || settings.maxVertices < 4 || settings.maxVertices > 8)
        return makeError(ErrorCode::InvalidInput, "trim: margin must be >= 0 and max vertices 4..8", what);
    if (texture.empty()) return makeError(ErrorCode::InvalidInput, "alpha-MASK card has no texture", what);
    SW_REQUIRE(texture.rgba.size() == static_cast<std::size_t>(texture.width) * static_cast<std::size_t>(texture.height) * 4,
               "texture " << texture.width << "x" << texture.height << " with " << texture.rgba.size() << " bytes");
    auto frame = cardFrame(card, what);
    if (!frame) return frame.error();
    const CardFrame& f = *frame;
    TrimmedCard out;
    const float scale = f.e1.cross(f.e3).norm();
    out.areaBefore = scale;
    const std::vector<Eigen::Vector2f> corners = keptCorners(texture, cutoff, f, settings.margin);
    std::vector<Eigen::Vector2f> poly = clipUnitSquare(convexHull(corners));
    if (poly.size() < 3 || polygonArea(poly) <= 0.f) {
        out.empty = true;
        return out;
    }
    poly = reduceVertices(std::move(poly), settings.maxVertices);
    out.areaAfter = polygonArea(poly) * scale;
    for (const Eigen::Vector2f& st : poly) {
        out.uvs.push_back(f.u0 + f.uvJ * st);
        out.positions.push_back(f.p0 + st.x() * f.e1 + st.y() * f.e3);
    }
    return out;
}

}  // namespace sw::foliage
