// extractRegion: the leaves a region meets, their finest chunks filtered one at a time (extract.h).
#include "core/lod/extract.h"

#include <algorithm>
#include <cmath>
#include <limits>

#include "core/splat/selection.h"

namespace sw::lod {
namespace {

Region screen(Region::Kind kind, const Eigen::Matrix4f& view, const Eigen::Matrix4f& projection, int width, int height,
              std::vector<Eigen::Vector2f> points, float radius) {
    Region r;
    r.kind = kind;
    r.view = view;
    r.projection = projection;
    r.width = width;
    r.height = height;
    r.points = std::move(points);
    r.radius = radius;
    return r;
}

bool finite(const std::vector<Eigen::Vector2f>& points) {
    return std::all_of(points.begin(), points.end(), [](const Eigen::Vector2f& p) { return p.allFinite(); });
}

// Appends the splats of `chunk` that `keep` marks to `out` (the SH bands when both carry them).
void append(splat::SplatCloud& out, const splat::SplatCloud& chunk, const std::vector<std::uint8_t>& keep) {
    const std::size_t rest = chunk.shDegree > 0 ? std::size_t(splat::shRestCount(chunk.shDegree)) * 3 : 0;
    for (std::size_t i = 0; i < chunk.size(); ++i) {
        if (!keep[i]) continue;
        out.positions.push_back(chunk.positions[i]);
        out.rotations.push_back(chunk.rotations[i]);
        out.scales.push_back(chunk.scales[i]);
        out.opacities.push_back(chunk.opacities[i]);
        out.colors.push_back(chunk.colors[i]);
        if (rest > 0) out.shRest.insert(out.shRest.end(), chunk.shRest.begin() + std::ptrdiff_t(i * rest),
                                        chunk.shRest.begin() + std::ptrdiff_t((i + 1) * rest));
    }
}

}  // namespace

Region Region::aabb(const Eigen::AlignedBox3f& box) {
    Region r;
    r.kind = Kind::Box;
    r.box = box;
    return r;
}
Region Region::screenRect(const Eigen::Matrix4f& view, const Eigen::Matrix4f& projection, int width, int height,
                          const Eigen::Vector2f& a, const Eigen::Vector2f& b) {
    return screen(Kind::ScreenRect, view, projection, width, height, {a, b}, 0.0f);
}
Region Region::screenLasso(const Eigen::Matrix4f& view, const Eigen::Matrix4f& projection, int width, int height,
                           std::vector<Eigen::Vector2f> polygon) {
    return screen(Kind::ScreenLasso, view, projection, width, height, std::move(polygon), 0.0f);
}
Region Region::screenBrush(const Eigen::Matrix4f& view, const Eigen::Matrix4f& projection, int width, int height,
                           std::vector<Eigen::Vector2f> dabs, float radius) {
    return screen(Kind::ScreenBrush, view, projection, width, height, std::move(dabs), radius);
}

Status Region::validate() const {
    const auto bad = [](const std::string& what) { return makeError(ErrorCode::InvalidInput, "the region " + what); };
    if (kind == Kind::Box) {
        if (!box.min().allFinite() || !box.max().allFinite()) return bad("box is not finite");
        if ((box.min().array() > box.max().array()).any()) return bad("box is empty (a minimum above its maximum)");
        return {};
    }
    if (width <= 0 || height <= 0) return bad("has a viewport of " + std::to_string(width) + " x " + std::to_string(height) + " px");
    if (!view.allFinite() || !projection.allFinite() || !finite(points)) return bad("camera or shape is not finite");
    if (kind == Kind::ScreenRect && points.size() != 2) return bad("rectangle needs two corners");
    if (kind == Kind::ScreenLasso && points.size() < 3) return bad("lasso needs at least three points");
    if (kind == Kind::ScreenBrush && (points.empty() || !(radius > 0.0f))) return bad("brush needs a dab and a radius above 0");
    return {};
}

std::vector<std::uint8_t> Region::contains(const splat::SplatCloud& cloud) const {
    if (kind == Kind::Box) return splat::insideAabb(cloud.positions, box.min(), box.max());
    const splat::ProjectedCentres p = splat::projectCentres(cloud.positions, view, projection, width, height);
    if (kind == Kind::ScreenRect) return splat::insideBox(p, points[0], points[1]);
    if (kind == Kind::ScreenLasso) return splat::insideLasso(p, points);
    splat::Mask hits(cloud.size(), 0);
    for (const Eigen::Vector2f& dab : points) {
        const splat::Mask circle = splat::insideCircle(p, dab, radius);
        for (std::size_t i = 0; i < hits.size(); ++i) hits[i] |= circle[i];
    }
    return hits;
}

bool Region::meets(const Eigen::AlignedBox3f& bounds) const {
    if (bounds.isEmpty()) return false;
    if (kind == Kind::Box) return box.intersects(bounds);
    // The corners' projection bounds every inner point's while all lie in front of the camera
    // (clip w is linear: when every corner has w ≤ 0, so has every inner point, never picked).
    const Eigen::Matrix4f vp = projection * view;
    Eigen::Vector2f lo = Eigen::Vector2f::Constant(std::numeric_limits<float>::infinity()), hi = -lo;
    int behind = 0;
    for (int c = 0; c < 8; ++c) {
        const Eigen::Vector3f q = bounds.corner(static_cast<Eigen::AlignedBox3f::CornerType>(c));
        const Eigen::Vector4f clip = vp * q.homogeneous();
        if (!(clip.w() > 0.0f)) {
            ++behind;
            continue;
        }
        const Eigen::Vector2f s((clip.x() / clip.w() + 1.0f) * 0.5f * float(width), (1.0f - clip.y() / clip.w()) * 0.5f * float(height));
        lo = lo.cwiseMin(s), hi = hi.cwiseMax(s);
    }
    if (behind == 8) return false;
    if (behind > 0) return true;  // crosses the camera plane: unsure
    Eigen::Vector2f slo = points[0], shi = points[0];
    for (const Eigen::Vector2f& p : points) slo = slo.cwiseMin(p), shi = shi.cwiseMax(p);
    const float margin = 1.0f + (kind == Kind::ScreenBrush ? radius : 0.0f);  // rounding, the brush's reach
    slo.array() -= margin, shi.array() += margin;
    return (lo.array() <= shi.array()).all() && (slo.array() <= hi.array()).all();
}

bool Region::holds(const Eigen::AlignedBox3f& bounds) const {
    return kind == Kind::Box && !bounds.isEmpty() && box.contains(bounds);
}

const SettingsSchema<ExtractSettings>& extractSchema() {
    static const SettingsSchema<ExtractSettings> schema = [] {
        SettingsSchema<ExtractSettings> s("extract", "Extract from scan");
        s.add(&ExtractSettings::splatLimit, "splat-limit", "Splat limit").range(1, 1e12).unit("splats")
            .tooltip("Most splats an extraction keeps; a region holding more is refused before it fills memory").group("Extract");
        s.add(&ExtractSettings::opacityFloor, "opacity-floor", "Opacity floor").range(0, 1)
            .tooltip("Keep only splats at least this opaque; 0 keeps every splat of the region").group("Extract");
        return s;
    }();
    return schema;
}

Result<splat::SplatCloud> extractRegion(const ChunkSource& source, const Region& region, const ExtractSettings& settings,
                                        const Progress& progress, ExtractStats* statsOut) {
    SW_TRY(extractSchema().check(settings));
    SW_TRY(region.validate());
    const LodTree& tree = source.tree();
    const std::string where = source.inputFolder();
    ExtractStats stats;
    // The leaves the region meets, in tree order; the splats of those it holds whole.
    std::vector<std::uint32_t> leaves;
    std::uint64_t surely = 0;
    std::vector<std::int32_t> stack;
    if (!tree.nodes.empty()) stack.push_back(0);
    while (!stack.empty()) {
        const LodNode& node = tree.nodes.at(std::size_t(stack.back()));
        stack.pop_back();
        if (!region.meets(node.bounds)) {
            continue;
        }
        if (node.leaf >= 0) {
            leaves.push_back(std::uint32_t(node.leaf));
            if (region.holds(node.bounds)) surely += node.count;
        } else {
            stack.push_back(node.children[1]);
            stack.push_back(node.children[0]);
        }
    }
    stats.leavesSkipped = tree.leaves.size() - leaves.size();
    const auto limit = std::uint64_t(settings.splatLimit);
    const auto tooMany = [&](std::uint64_t n, bool atLeast) {
        return makeError(ErrorCode::InvalidInput, std::string("the region holds ") + (atLeast ? "at least " : "") + std::to_string(n) +
                                                      " splats, more than the extraction limit of " + std::to_string(limit) +
                                                      "; cut a smaller region or raise the splat limit", where);
    };
    if (settings.opacityFloor <= 0.0f && surely > limit) return tooMany(surely, true);

    splat::SplatCloud out;
    std::uint64_t kept = 0;
    bool over = false;  // past the limit: only counting from here on
    for (std::size_t k = 0; k < leaves.size(); ++k) {
        if (progress.cancelled()) return makeError(ErrorCode::Cancelled, "extraction cancelled", where);
        auto chunk = source.loadChunk(leaves[k], 0);
        if (!chunk) return chunk.error();
        ++stats.leavesVisited;
        stats.splatsTested += chunk->size();
        std::vector<std::uint8_t> keep = region.contains(*chunk);
        if (settings.opacityFloor > 0.0f)
            for (std::size_t i = 0; i < keep.size(); ++i) keep[i] &= std::uint8_t(chunk->opacities[i] >= settings.opacityFloor);
        const std::size_t n = splat::maskCount(keep);
        stats.peakHeld = std::max<std::uint64_t>(stats.peakHeld, out.size() + chunk->size());
        kept += n;
        if (!over && kept > limit) {
            over = true;
            out = {};
        }
        if (!over && n > 0) {
            if (out.empty()) out.shDegree = chunk->shDegree;
            if (chunk->shDegree != out.shDegree)
                return makeError(ErrorCode::InvalidInput, "the scan's finest chunks carry different SH degrees (" +
                                                              std::to_string(out.shDegree) + " and " +
                                                              std::to_string(chunk->shDegree) + ")", where);
            append(out, *chunk, keep);
        }
        progress.report(double(k + 1) / double(leaves.size()), "extracting");
    }
    if (statsOut) *statsOut = stats;
    if (over) return tooMany(kept, false);
    progress.report(1.0, "extracted");
    return out;
}

splat::SplatCloud cutCloud(const splat::SplatCloud& cloud, const Region& region) {
    splat::SplatCloud out;
    out.shDegree = cloud.shDegree;
    append(out, cloud, region.contains(cloud));
    return out;
}

}  // namespace sw::lod
