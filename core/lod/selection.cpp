#include "core/lod/selection.h"

#include <algorithm>
#include <cmath>
#include <queue>

namespace sw::lod {

double View::focalPixels() const { return viewportHeight / (2.0 * std::tan(0.5 * static_cast<double>(fovY))); }

void View::setFrustum(const Eigen::Matrix4f& viewProjection) {
    frustum = frustumPlanes(viewProjection);
    hasFrustum = true;
}

std::array<Eigen::Vector4f, 6> frustumPlanes(const Eigen::Matrix4f& m) {
    std::array<Eigen::Vector4f, 6> planes;
    const Eigen::Vector4f row3 = m.row(3).transpose();
    for (int k = 0; k < 3; ++k) {
        planes[static_cast<std::size_t>(2 * k)] = row3 + m.row(k).transpose();
        planes[static_cast<std::size_t>(2 * k + 1)] = row3 - m.row(k).transpose();
    }
    for (Eigen::Vector4f& p : planes) p /= p.head<3>().norm();
    return planes;
}

bool outsideFrustum(const std::array<Eigen::Vector4f, 6>& planes, const Eigen::AlignedBox3f& box) {
    for (const Eigen::Vector4f& p : planes) {
        // The box corner farthest along the plane's normal.
        const Eigen::Vector3f far = (p.head<3>().array() >= 0.0f).select(box.max(), box.min());
        if (p.head<3>().dot(far) + p.w() < 0.0f) return true;
    }
    return false;
}

const SettingsSchema<SelectionSettings>& selectionSchema() {
    static const SettingsSchema<SelectionSettings> schema = [] {
        SettingsSchema<SelectionSettings> s("lod-select", "LOD selection");
        s.add(&SelectionSettings::tau, "tau", "Screen error").range(0.05, 64).unit("px")
            .tooltip("Largest splat spacing on screen a level may show before a finer one is wanted").group("Quality");
        s.add(&SelectionSettings::splatBudget, "splat-budget", "Splat budget").range(1, 1e10).unit("splats")
            .tooltip("Most splats drawn in one view, over every open scan").group("Quality");
        s.addPreset({"low", "Low", "Coarse far away: 4 px of screen error", {{"tau", 4.0}}});
        s.addPreset({"medium", "Medium", "2 px of screen error", {{"tau", 2.0}}});
        s.addPreset({"high", "High", "Generous detail: 1 px of screen error", {{"tau", 1.0}}});
        return s;
    }();
    return schema;
}

double screenError(const View& view, const Eigen::AlignedBox3f& bounds, float spacing) {
    const double floor = 1e-6 * std::max(1e-12, static_cast<double>(bounds.diagonal().norm()));
    const double d = std::max(floor, static_cast<double>(bounds.exteriorDistance(view.position)));
    return static_cast<double>(spacing) * view.focalPixels() / d;
}

namespace {

struct Upgrade {
    double ratio;  // error removed per added splat
    std::size_t choice;
    bool operator<(const Upgrade& o) const { return ratio < o.ratio; }
};

}  // namespace

Result<Selection> selectLevels(const std::vector<const LodTree*>& scans, const View& view,
                               const SelectionSettings& s) {
    if (s.splatBudget < 1)
        return makeError(ErrorCode::InvalidInput, "the splat budget is " + std::to_string(s.splatBudget) +
                                                      "; it must be at least 1 splat");
    SW_TRY(selectionSchema().check(s));
    Selection sel;
    std::vector<std::vector<double>> errors;  // per choice, per level
    for (std::size_t scan = 0; scan < scans.size(); ++scan) {
        const LodTree& tree = *scans[scan];
        for (std::size_t leaf = 0; leaf < tree.leaves.size(); ++leaf) {
            const LodLeaf& info = tree.leaves[leaf];
            LeafChoice c;
            c.scan = static_cast<std::uint32_t>(scan);
            c.leaf = static_cast<std::uint32_t>(leaf);
            c.distance = info.bounds.exteriorDistance(view.position);
            c.level = static_cast<std::uint8_t>(info.levels.size() - 1);
            if (view.hasFrustum && outsideFrustum(view.frustum, info.bounds)) {
                c.inView = false;
                c.wanted = c.level;
                ++sel.culled;
                sel.leaves.push_back(c);
                errors.emplace_back(info.levels.size(), 0.0);
                continue;
            }
            std::vector<double> e(info.levels.size());
            int wanted = 0;
            for (std::size_t l = 0; l < info.levels.size(); ++l) {
                e[l] = screenError(view, info.bounds, info.levels[l].spacing);
                if (e[l] <= static_cast<double>(s.tau)) wanted = static_cast<int>(l);
            }
            c.wanted = static_cast<std::uint8_t>(wanted);
            sel.splats += info.levels.back().count;
            sel.leaves.push_back(c);
            errors.push_back(std::move(e));
        }
    }
    const auto budget = static_cast<std::uint64_t>(s.splatBudget);
    sel.overBudget = sel.splats > budget;
    const auto countOf = [&](const LeafChoice& c, int level) {
        return scans[c.scan]->leaves[c.leaf].levels[static_cast<std::size_t>(level)].count;
    };
    const auto upgradeOf = [&](std::size_t i) {
        const LeafChoice& c = sel.leaves[i];
        const double gain = errors[i][c.level] - errors[i][c.level - 1u];
        const double cost = std::max<double>(1.0, double(countOf(c, c.level - 1)) - double(countOf(c, c.level)));
        return Upgrade{gain / cost, i};
    };
    std::priority_queue<Upgrade> queue;
    for (std::size_t i = 0; i < sel.leaves.size(); ++i)
        if (sel.leaves[i].level > sel.leaves[i].wanted) queue.push(upgradeOf(i));
    while (!queue.empty()) {
        const Upgrade u = queue.top();
        queue.pop();
        LeafChoice& c = sel.leaves[u.choice];
        const std::uint64_t add = countOf(c, c.level - 1) - countOf(c, c.level);
        if (sel.splats + add > budget) continue;  // this leaf stays coarser; smaller refinements may still fit
        sel.splats += add;
        --c.level;
        if (c.level > c.wanted) queue.push(upgradeOf(u.choice));
    }
    for (std::size_t i = 0; i < sel.leaves.size(); ++i) sel.error += errors[i][sel.leaves[i].level];
    return sel;
}

}  // namespace sw::lod
