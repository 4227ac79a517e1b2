#include "core/splat/selection.h"

#include <algorithm>
#include <cmath>
#include <limits>
#include <numeric>

namespace sw::splat {

namespace {

bool isHidden(std::span<const std::uint8_t> hidden, std::size_t i) { return i < hidden.size() && hidden[i]; }

// Points bucketed in a uniform grid of cell `cell`: indices sorted by a 64-bit cell key.
class PointGrid {
public:
    PointGrid(std::span<const Eigen::Vector3f> positions, std::vector<std::uint32_t> members, float cell)
        : m_positions(positions), m_inv(1.f / cell) {
        m_entries.reserve(members.size());
        for (std::uint32_t i : members) m_entries.push_back({keyOf(cellOf(positions[i])), i});
        std::sort(m_entries.begin(), m_entries.end(), [](const Entry& a, const Entry& b) { return a.key < b.key; });
    }

    // True when a member lies within radius of p.
    bool anyWithin(const Eigen::Vector3f& p, float radius) const {
        const Eigen::Vector3i c = cellOf(p);
        const float r2 = radius * radius;
        for (int dz = -1; dz <= 1; ++dz)
            for (int dy = -1; dy <= 1; ++dy)
                for (int dx = -1; dx <= 1; ++dx) {
                    const std::uint64_t key = keyOf(c + Eigen::Vector3i(dx, dy, dz));
                    auto it = std::lower_bound(m_entries.begin(), m_entries.end(), key,
                                               [](const Entry& e, std::uint64_t k) { return e.key < k; });
                    for (; it != m_entries.end() && it->key == key; ++it)
                        if ((m_positions[it->index] - p).squaredNorm() <= r2) return true;
                }
        return false;
    }

private:
    struct Entry {
        std::uint64_t key;
        std::uint32_t index;
    };
    Eigen::Vector3i cellOf(const Eigen::Vector3f& p) const {
        return (p * m_inv).array().floor().cast<int>().matrix();
    }
    static std::uint64_t keyOf(const Eigen::Vector3i& c) {
        // 21 bits per axis (cells ±1 M): plenty for a normalised model with any sane radius.
        const auto u = [](int v) { return std::uint64_t(std::uint32_t(v + (1 << 20)) & 0x1FFFFFu); };
        return u(c.x()) | (u(c.y()) << 21) | (u(c.z()) << 42);
    }
    std::span<const Eigen::Vector3f> m_positions;
    float m_inv;
    std::vector<Entry> m_entries;
};

// Selected (want = 1) or visible unselected (want = 0) splats.
std::vector<std::uint32_t> membersWhere(std::span<const std::uint8_t> selection, std::uint8_t want,
                                        std::span<const std::uint8_t> hidden) {
    std::vector<std::uint32_t> out;
    for (std::size_t i = 0; i < selection.size(); ++i)
        if ((selection[i] != 0) == (want != 0) && !isHidden(hidden, i)) out.push_back(std::uint32_t(i));
    return out;
}

}  // namespace

ProjectedCentres projectCentres(std::span<const Eigen::Vector3f> positions, const Eigen::Matrix4f& view,
                                const Eigen::Matrix4f& projection, int width, int height) {
    ProjectedCentres p;
    const std::size_t n = positions.size();
    p.x.resize(n);
    p.y.resize(n);
    p.depth.resize(n);
    p.width = width;
    p.height = height;
    const Eigen::Matrix4f vp = projection * view;
    const float hw = 0.5f * float(width), hh = 0.5f * float(height);
    for (std::size_t i = 0; i < n; ++i) {
        const Eigen::Vector3f& q = positions[i];
        const float cx = vp(0, 0) * q.x() + vp(0, 1) * q.y() + vp(0, 2) * q.z() + vp(0, 3);
        const float cy = vp(1, 0) * q.x() + vp(1, 1) * q.y() + vp(1, 2) * q.z() + vp(1, 3);
        const float cw = vp(3, 0) * q.x() + vp(3, 1) * q.y() + vp(3, 2) * q.z() + vp(3, 3);
        const float vz = view(2, 0) * q.x() + view(2, 1) * q.y() + view(2, 2) * q.z() + view(2, 3);
        const float inv = cw > 0.f ? 1.f / cw : 0.f;
        p.x[i] = (cx * inv + 1.f) * hw;
        p.y[i] = (1.f - cy * inv) * hh;
        p.depth[i] = cw > 0.f ? -vz : -1.f;
    }
    return p;
}

Mask insideBox(const ProjectedCentres& p, const Eigen::Vector2f& a, const Eigen::Vector2f& b) {
    const float x0 = std::min(a.x(), b.x()), x1 = std::max(a.x(), b.x());
    const float y0 = std::min(a.y(), b.y()), y1 = std::max(a.y(), b.y());
    Mask out(p.size());
    for (std::size_t i = 0; i < p.size(); ++i)
        out[i] = std::uint8_t(p.depth[i] > 0.f && p.x[i] >= x0 && p.x[i] <= x1 && p.y[i] >= y0 && p.y[i] <= y1);
    return out;
}

Mask insideLasso(const ProjectedCentres& p, std::span<const Eigen::Vector2f> polygon) {
    Mask out(p.size(), 0);
    if (polygon.size() < 3) return out;
    Eigen::Vector2f lo = polygon[0], hi = polygon[0];
    for (const Eigen::Vector2f& v : polygon) lo = lo.cwiseMin(v), hi = hi.cwiseMax(v);
    const std::size_t k = polygon.size();
    for (std::size_t i = 0; i < p.size(); ++i) {
        const float x = p.x[i], y = p.y[i];
        if (p.depth[i] <= 0.f || x < lo.x() || x > hi.x() || y < lo.y() || y > hi.y()) continue;
        bool inside = false;  // even-odd crossing count of a ray toward +x
        for (std::size_t e = 0, f = k - 1; e < k; f = e++) {
            const Eigen::Vector2f& a = polygon[e];
            const Eigen::Vector2f& b = polygon[f];
            if ((a.y() > y) != (b.y() > y) && x < (b.x() - a.x()) * (y - a.y()) / (b.y() - a.y()) + a.x())
                inside = !inside;
        }
        out[i] = std::uint8_t(inside);
    }
    return out;
}

Mask insideCircle(const ProjectedCentres& p, const Eigen::Vector2f& c, float radius) {
    const float r2 = radius * radius;
    Mask out(p.size());
    for (std::size_t i = 0; i < p.size(); ++i) {
        const float dx = p.x[i] - c.x(), dy = p.y[i] - c.y();
        out[i] = std::uint8_t(p.depth[i] > 0.f && dx * dx + dy * dy <= r2);
    }
    return out;
}

Mask insideSphere(std::span<const Eigen::Vector3f> positions, const Eigen::Vector3f& c, float radius) {
    const float r2 = radius * radius;
    Mask out(positions.size());
    for (std::size_t i = 0; i < positions.size(); ++i) out[i] = std::uint8_t((positions[i] - c).squaredNorm() <= r2);
    return out;
}

Mask insideAabb(std::span<const Eigen::Vector3f> positions, const Eigen::Vector3f& min, const Eigen::Vector3f& max) {
    Mask out(positions.size());
    for (std::size_t i = 0; i < positions.size(); ++i) {
        const Eigen::Vector3f& q = positions[i];
        out[i] = std::uint8_t((q.array() >= min.array()).all() && (q.array() <= max.array()).all());
    }
    return out;
}

int nearestCentre(const ProjectedCentres& p, const Eigen::Vector2f& point, float maxPx,
                  std::span<const std::uint8_t> hidden) {
    int best = -1;
    float bestDepth = std::numeric_limits<float>::max();
    const float r2 = maxPx * maxPx;
    for (std::size_t i = 0; i < p.size(); ++i) {
        const float dx = p.x[i] - point.x(), dy = p.y[i] - point.y();
        if (p.depth[i] <= 0.f || dx * dx + dy * dy > r2 || isHidden(hidden, i)) continue;
        if (p.depth[i] < bestDepth) bestDepth = p.depth[i], best = int(i);
    }
    return best;
}

void keepFrontMost(const ProjectedCentres& p, Mask& hits, std::span<const std::uint8_t> hidden,
                   const FrontSettings& s) {
    const float cell = std::max(s.cellPx, 1.f);
    const int cols = std::max(1, int(std::ceil(float(p.width) / cell)));
    const int rows = std::max(1, int(std::ceil(float(p.height) / cell)));
    const auto cellOf = [&](std::size_t i) -> int {
        if (p.depth[i] <= 0.f || p.x[i] < 0.f || p.y[i] < 0.f) return -1;
        const int cx = int(p.x[i] / cell), cy = int(p.y[i] / cell);
        return cx < cols && cy < rows ? cy * cols + cx : -1;
    };
    std::vector<float> nearest(std::size_t(cols) * std::size_t(rows), std::numeric_limits<float>::max());
    for (std::size_t i = 0; i < p.size(); ++i) {
        const int c = isHidden(hidden, i) ? -1 : cellOf(i);
        if (c >= 0) nearest[std::size_t(c)] = std::min(nearest[std::size_t(c)], p.depth[i]);
    }
    for (std::size_t i = 0; i < p.size() && i < hits.size(); ++i) {
        if (!hits[i]) continue;
        const int c = cellOf(i);
        hits[i] = std::uint8_t(c >= 0 && p.depth[i] <= nearest[std::size_t(c)] * (1.f + s.tolerance));
    }
}

void applySelection(Mask& selection, std::span<const std::uint8_t> hits, SelectOp op,
                    std::span<const std::uint8_t> hidden) {
    selection.resize(hits.size(), 0);
    for (std::size_t i = 0; i < hits.size(); ++i) {
        const bool hit = hits[i] && !isHidden(hidden, i);
        switch (op) {
            case SelectOp::Replace: selection[i] = std::uint8_t(hit); break;
            case SelectOp::Add: selection[i] = std::uint8_t(selection[i] || hit); break;
            case SelectOp::Subtract: selection[i] = std::uint8_t(selection[i] && !hit); break;
        }
    }
}

void invertSelection(Mask& selection, std::span<const std::uint8_t> hidden) {
    for (std::size_t i = 0; i < selection.size(); ++i) selection[i] = std::uint8_t(!selection[i] && !isHidden(hidden, i));
}

void growSelection(std::span<const Eigen::Vector3f> positions, Mask& selection, float radius,
                   std::span<const std::uint8_t> hidden) {
    if (!(radius > 0.f) || selection.size() != positions.size()) return;
    const PointGrid selected(positions, membersWhere(selection, 1, hidden), radius);
    for (std::uint32_t i : membersWhere(selection, 0, hidden))
        if (selected.anyWithin(positions[i], radius)) selection[i] = 1;
}

void shrinkSelection(std::span<const Eigen::Vector3f> positions, Mask& selection, float radius,
                     std::span<const std::uint8_t> hidden) {
    if (!(radius > 0.f) || selection.size() != positions.size()) return;
    const PointGrid outside(positions, membersWhere(selection, 0, hidden), radius);
    const std::vector<std::uint32_t> inside = membersWhere(selection, 1, hidden);
    std::vector<std::uint32_t> drop;
    for (std::uint32_t i : inside)
        if (outside.anyWithin(positions[i], radius)) drop.push_back(i);
    for (std::uint32_t i : drop) selection[i] = 0;
}

Mask inRange(std::span<const float> values, float lo, float hi) {
    Mask out(values.size());
    for (std::size_t i = 0; i < values.size(); ++i) out[i] = std::uint8_t(values[i] >= lo && values[i] <= hi);
    return out;
}

Histogram histogram(std::span<const float> values, int bins) {
    Histogram h;
    h.counts.assign(std::size_t(std::max(bins, 1)), 0);
    float lo = std::numeric_limits<float>::max(), hi = std::numeric_limits<float>::lowest();
    for (float v : values)
        if (std::isfinite(v)) lo = std::min(lo, v), hi = std::max(hi, v);
    if (lo > hi) return h;  // no finite value
    h.lo = lo;
    h.hi = hi;
    const float scale = hi > lo ? float(h.counts.size()) / (hi - lo) : 0.f;
    for (float v : values) {
        if (!std::isfinite(v)) continue;
        const auto b = std::min(h.counts.size() - 1, std::size_t((v - lo) * scale));
        ++h.counts[b];
    }
    return h;
}

std::vector<std::uint32_t> maskIndices(std::span<const std::uint8_t> mask) {
    std::vector<std::uint32_t> out;
    for (std::size_t i = 0; i < mask.size(); ++i)
        if (mask[i]) out.push_back(std::uint32_t(i));
    return out;
}

std::size_t maskCount(std::span<const std::uint8_t> mask) {
    return std::size_t(std::count_if(mask.begin(), mask.end(), [](std::uint8_t v) { return v != 0; }));
}

void maskBounds(std::span<const Eigen::Vector3f> positions, std::span<const std::uint8_t> mask, Eigen::Vector3f& lo,
                Eigen::Vector3f& hi) {
    lo = Eigen::Vector3f::Constant(std::numeric_limits<float>::max());
    hi = Eigen::Vector3f::Constant(std::numeric_limits<float>::lowest());
    for (std::size_t i = 0; i < positions.size() && i < mask.size(); ++i)
        if (mask[i]) lo = lo.cwiseMin(positions[i]), hi = hi.cwiseMax(positions[i]);
}

}  // namespace sw::splat
