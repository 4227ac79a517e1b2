#include "core/foliage/scatter.h"

#include <algorithm>
#include <cmath>
#include <string>

namespace sw::foliage {
namespace {

// splitmix64 (Steele, Lea, Flood, "Fast splittable pseudorandom number generators", OOPSLA 2014).
class SplitMix {
public:
    explicit SplitMix(std::uint64_t seed) : m_state(seed) {}
    std::uint64_t next() {
        std::uint64_t z = (m_state += 0x9e3779b97f4a7c15ull);
        z = (z ^ (z >> 30)) * 0xbf58476d1ce4e5b9ull;
        z = (z ^ (z >> 27)) * 0x94d049bb133111ebull;
        return z ^ (z >> 31);
    }
    float unit() { return static_cast<float>(next() >> 40) * (1.f / 16777216.f); }  // [0, 1)

private:
    std::uint64_t m_state;
};

Status checkSettings(const ScatterSettings& s, std::int64_t wanted) {
    auto bad = [](const std::string& why) { return makeError(ErrorCode::InvalidInput, "scatter: " + why); };
    if (!(s.width > 0.f) || !(s.depth > 0.f) || !std::isfinite(s.width * s.depth))
        return bad("area " + std::to_string(s.width) + " x " + std::to_string(s.depth) + " m is not positive");
    if (wanted < 0 || wanted > MAX_SCATTER_COPIES)
        return bad("N = " + std::to_string(wanted) + " copies is more than the " + std::to_string(MAX_SCATTER_COPIES) +
                   " a scatter allows");
    if (!(s.minSpacing >= 0.f) || !std::isfinite(s.minSpacing)) return bad("minimum spacing must be >= 0");
    if (!(s.scaleMin > 0.f) || !(s.scaleMax >= s.scaleMin)) return bad("scale range must be 0 < min <= max");
    if (s.attemptsPerCopy < 1) return bad("attempts per copy must be >= 1");
    return {};
}

// Uniform grid of copy indices (head / next lists) for the spacing test.
class SpacingGrid {
public:
    SpacingGrid(const ScatterSettings& s, std::int64_t wanted) : m_x0(-0.5f * s.width), m_y0(-0.5f * s.depth) {
        const float area = s.width * s.depth;
        m_cell = std::max(s.minSpacing, std::sqrt(area / static_cast<float>(std::max<std::int64_t>(wanted, 1))));
        m_nx = std::max(1, static_cast<int>(std::ceil(s.width / m_cell)));
        m_ny = std::max(1, static_cast<int>(std::ceil(s.depth / m_cell)));
        m_head.assign(static_cast<std::size_t>(m_nx) * static_cast<std::size_t>(m_ny), -1);
    }
    bool free(const Eigen::Vector2f& p, float spacing, const std::vector<ScatterCopy>& copies) const {
        const int cx = cellX(p.x()), cy = cellY(p.y());
        const float s2 = spacing * spacing;
        for (int y = std::max(cy - 1, 0); y <= std::min(cy + 1, m_ny - 1); ++y)
            for (int x = std::max(cx - 1, 0); x <= std::min(cx + 1, m_nx - 1); ++x)
                for (int i = m_head[index(x, y)]; i >= 0; i = m_next[static_cast<std::size_t>(i)])
                    if ((copies[static_cast<std::size_t>(i)].position.head<2>() - p).squaredNorm() < s2) return false;
        return true;
    }
    void insert(const Eigen::Vector2f& p, int copy) {
        const std::size_t c = index(cellX(p.x()), cellY(p.y()));
        m_next.push_back(m_head[c]);
        m_head[c] = copy;
    }

private:
    int cellX(float x) const { return std::clamp(static_cast<int>((x - m_x0) / m_cell), 0, m_nx - 1); }
    int cellY(float y) const { return std::clamp(static_cast<int>((y - m_y0) / m_cell), 0, m_ny - 1); }
    std::size_t index(int x, int y) const { return static_cast<std::size_t>(y) * static_cast<std::size_t>(m_nx) + static_cast<std::size_t>(x); }
    float m_x0, m_y0, m_cell = 1.f;
    int m_nx = 1, m_ny = 1;
    std::vector<int> m_head, m_next;
};

// Ground slope at (x, y) in degrees, by central differences over 0.1 m.
float slopeDegrees(const GroundHeight& ground, float x, float y) {
    constexpr float H = 0.05f;
    const float gx = (ground(x + H, y) - ground(x - H, y)) / (2.f * H);
    const float gy = (ground(x, y + H) - ground(x, y - H)) / (2.f * H);
    return std::atan(std::sqrt(gx * gx + gy * gy)) * 57.2957795f;
}

}  // namespace

Result<ScatterResult> scatter(const ScatterSettings& s, const GroundHeight& ground, const Progress& progress) {
    const double fromDensity = static_cast<double>(s.density) * static_cast<double>(s.width) * static_cast<double>(s.depth);
    if (s.count == 0 && !(fromDensity <= static_cast<double>(MAX_SCATTER_COPIES)))
        return makeError(ErrorCode::InvalidInput, "scatter: density " + std::to_string(s.density) + " per m² gives more than " +
                                                      std::to_string(MAX_SCATTER_COPIES) + " copies");
    const std::int64_t wanted = s.count > 0 ? s.count : static_cast<std::int64_t>(std::llround(std::max(fromDensity, 0.0)));
    SW_TRY(checkSettings(s, wanted));
    ScatterResult out;
    out.wanted = wanted;
    out.copies.reserve(static_cast<std::size_t>(wanted));
    SpacingGrid grid(s, wanted);
    SplitMix rng(0x5ca77e5ull ^ (static_cast<std::uint64_t>(s.seed) << 32));
    const std::int64_t maxAttempts = wanted * s.attemptsPerCopy;
    while (static_cast<std::int64_t>(out.copies.size()) < wanted && out.attempts < maxAttempts) {
        if ((out.attempts & 0xffff) == 0) {
            if (progress.cancelled()) return makeError(ErrorCode::Cancelled, "scatter cancelled");
            progress.report(static_cast<double>(out.copies.size()) / static_cast<double>(wanted), "scatter");
        }
        ++out.attempts;
        const Eigen::Vector2f p((rng.unit() - 0.5f) * s.width, (rng.unit() - 0.5f) * s.depth);
        const float yaw = rng.unit() * 6.28318531f;
        const float scale = s.scaleMin + (s.scaleMax - s.scaleMin) * rng.unit();
        if (s.minSpacing > 0.f && !grid.free(p, s.minSpacing, out.copies)) continue;
        if (ground && slopeDegrees(ground, p.x(), p.y()) > s.maxSlope) continue;
        const float z = ground ? ground(p.x(), p.y()) : 0.f;
        grid.insert(p, static_cast<int>(out.copies.size()));
        out.copies.push_back({Eigen::Vector3f(p.x(), p.y(), z), yaw, scale});
    }
    progress.report(1.0, "scatter");
    return out;
}

}  // namespace sw::foliage
