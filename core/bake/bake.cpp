#include "core/bake/bake.h"

#include <algorithm>
#include <cmath>

#include "core/bake/detail/grid_hash.h"
#include "core/bake/detail/parallel.h"
#include "core/foundation/log.h"
#include "core/geometry/ray_query.h"

namespace sw::bake {

namespace {

// Everything the stages computed for the baked splats, in output order (core, then shell).
struct Baked {
    std::vector<int> source;  // [n] index into the input cloud
    std::size_t core = 0;
    std::vector<Eigen::Vector3f> ax0, ax1;
    ChannelResult channels;
    std::vector<int> material;
    ChunkResult chunks;
};

void fillPart(formats::Spl2Part& part, const splat::SplatCloud& cloud, const std::vector<Eigen::Vector3f>& normals,
              const Baked& b, std::size_t begin, std::size_t end) {
    part.resize(end - begin);
    for (std::size_t k = begin; k < end; ++k) {
        const auto i = std::size_t(b.source[k]);
        const std::size_t o = k - begin;
        part.pos[o] = cloud.positions[i];
        part.ax0[o] = b.ax0[k];
        part.ax1[o] = b.ax1[k];
        part.normal[o] = normals[i];
        part.color[o] = cloud.colors[i].cwiseMax(0.f).cwiseMin(1.f);
        part.opacity[o] = cloud.opacities[i];
        part.attrs[o] = b.channels.attrs[k];
    }
}

splat::SplatCloud bakedCloud(const splat::SplatCloud& cloud, const std::vector<Eigen::Vector3f>& normals, const Baked& b) {
    splat::SplatCloud out;
    out.shDegree = cloud.shDegree;
    out.resize(b.source.size());
    out.normals.resize(b.source.size());
    const std::size_t rest = std::size_t(splat::shRestCount(cloud.shDegree)) * 3;
    out.shRest.resize(cloud.shRest.empty() ? 0 : b.source.size() * rest);
    for (std::size_t k = 0; k < b.source.size(); ++k) {
        const auto i = std::size_t(b.source[k]);
        out.positions[k] = cloud.positions[i];
        out.rotations[k] = cloud.rotations[i];
        out.scales[k] = cloud.scales[i];
        out.opacities[k] = cloud.opacities[i];
        out.colors[k] = cloud.colors[i];
        out.normals[k] = normals[i];
        if (!out.shRest.empty())
            std::copy_n(cloud.shRest.begin() + std::ptrdiff_t(i * rest), rest, out.shRest.begin() + std::ptrdiff_t(k * rest));
    }
    return out;
}

Status bakeChannelsMaterialsChunks(const splat::SplatCloud& cloud, const geometry::Mesh& mesh,
                                   const geometry::RayQuery& query, const NormalSnapResult& snap,
                                   const BakeSettings& settings, const BakeOverrides& overrides, Baked& b,
                                   const Progress& progress) {
    const std::size_t n = b.source.size();
    std::vector<Eigen::Vector3f> pos(n), nrm(n), surf(n), col(n);
    std::vector<int> face(n);
    for (std::size_t k = 0; k < n; ++k) {
        const auto i = std::size_t(b.source[k]);
        pos[k] = cloud.positions[i];
        nrm[k] = snap.normals[i];
        surf[k] = snap.surface[i];
        col[k] = cloud.colors[i];
        face[k] = snap.face[i];
    }
    auto channels = computeChannels(mesh, query, {pos, nrm, surf, face, col, b.ax0, b.ax1}, settings, progress.sub(0, 0.5));
    if (!channels) return channels.error();
    b.channels = std::move(*channels);

    MaterialRecipe recipe = overrides.recipe ? *overrides.recipe : defaultRecipe();
    if (!overrides.recipe && !settings.materialRecipe.empty()) {
        auto loaded = loadRecipe(settings.materialRecipe);
        if (!loaded) return loaded.error();
        recipe = std::move(*loaded);
    }
    const float smoothRadius = settings.materialSmoothRadius > 0 ? settings.materialSmoothRadius
                                                                 : detail::spacingRadius(pos, 2.5f);
    b.material = smoothMaterials(pos, classifyMaterials(col, recipe), smoothRadius, settings.materialSmoothIterations);

    std::vector<float> area(n);
    for (std::size_t k = 0; k < n; ++k) area[k] = b.ax0[k].norm() * b.ax1[k].norm();
    auto chunks = buildChunks({pos, area, b.material, b.channels.part}, settings, progress.sub(0.5, 1.0));
    if (!chunks) return chunks.error();
    b.chunks = std::move(*chunks);
    return {};
}

void summarise(const Baked& b, BakeReport& rep) {
    for (int m : b.material) ++rep.materials[std::size_t(m)];
    rep.emissive = b.channels.emissive;
    rep.emissionFrom = emissionSourceText(b.channels.emissionFrom);
    rep.chunks = int(b.chunks.chunks.size());
    rep.chunkGroups = b.chunks.groups;
    rep.chunksCapped = b.chunks.capped;
    int within = 0;
    for (std::size_t c = 0; c < b.chunks.chunks.size(); ++c) {
        const float dev = std::abs(b.chunks.chunkArea[c] / b.chunks.targetArea[c] - 1.f);
        rep.chunkAreaWorst = std::max(rep.chunkAreaWorst, dev);
        within += dev <= 0.3f ? 1 : 0;
    }
    rep.chunkAreaWithin30 = rep.chunks > 0 ? float(within) / float(rep.chunks) : 1.f;
    if (rep.floaters.datasetSkipped) rep.warnings.push_back("no dataset given: floater sign 4 (dataset pass) skipped");
    if (rep.chunksCapped)
        rep.warnings.push_back("chunk count capped at max-chunks: 1 + chunk·8 + material must stay ≤ 2048");
    const FloaterWhere& w = rep.floaters.removedWhere;
    if (rep.floaters.outsideBoxShare > 0.25f)
        rep.warnings.push_back(std::to_string(int(std::lround(100.0 * double(rep.floaters.outsideBoxShare)))) +
                               " % of the splats lie outside the box of the mesh surface they are nearest to: is the "
                               "cloud in the mesh's normalised space?");
    else if (rep.floaters.removed * 5 > int(rep.input))
        rep.warnings.push_back("floater pass removed " + std::to_string(rep.floaters.removed) + " of " +
                               std::to_string(rep.input) + " splats (" + std::to_string(w.behind) +
                               " behind their face, inside the hull or under a plate; " + std::to_string(w.on + w.inFront) +
                               " on or in front of it)");
    if (rep.shell == 0)
        rep.warnings.push_back("no shell splats: every splat is more opaque than core-opacity, so nothing is drawn "
                               "blended (fine for a hard surface; raise core-opacity for soft edges)");
}

}  // namespace

Result<FloaterScan> scanFloaters(const splat::SplatCloud& cloud, const geometry::Mesh& mesh, const DatasetViews* dataset,
                                 const BakeSettings& settings, const Progress& progress) {
    SW_TRY(cloud.validate("cloud"));
    if (cloud.empty()) return makeError(ErrorCode::InvalidInput, "the splat cloud is empty", "cloud");
    auto query = geometry::RayQuery::build(mesh);
    if (!query) return query.error();
    auto snap = snapNormals(**query, mesh, cloud.positions, settings, progress.sub(0, 0.2));
    if (!snap) return snap.error();
    auto floaters = detectFloaters(cloud, **query, snap->surface, snap->distance, snap->side, dataset, settings,
                                   progress.sub(0.2, 1));
    if (!floaters) return floaters.error();
    return FloaterScan{std::move(*floaters), std::move(snap->distance)};
}

Result<BakedModel> bakeModel(const splat::SplatCloud& cloud, const geometry::Mesh& mesh, const DatasetViews* dataset,
                             const BakeSettings& settings, const Progress& progress, const BakeOverrides& overrides) {
    SW_TRY(cloud.validate("cloud"));
    if (cloud.empty()) return makeError(ErrorCode::InvalidInput, "the splat cloud is empty", "cloud");
    const std::vector<std::uint8_t>& kept = overrides.keepFloaters;
    if (!kept.empty() && kept.size() != cloud.size())
        return makeError(ErrorCode::InvalidInput, "the floater keep list has " + std::to_string(kept.size()) +
                                                      " entries for " + std::to_string(cloud.size()) + " splats", "cloud");
    auto query = geometry::RayQuery::build(mesh);
    if (!query) return query.error();
    BakedModel out;
    BakeReport& rep = out.report;
    rep.input = cloud.size();

    auto snap = snapNormals(**query, mesh, cloud.positions, settings, progress.sub(0, 0.1));
    if (!snap) return snap.error();
    rep.normalsFlipped = snap->flipped;
    rep.normalsBehind = snap->behind;
    rep.normalsOn = snap->onSurface;
    rep.normalsInFront = snap->inFront;
    auto floaters = detectFloaters(cloud, **query, snap->surface, snap->distance, snap->side, dataset, settings,
                                   progress.sub(0.1, 0.6));
    if (!floaters) return floaters.error();
    rep.floaters = floaters->report;
    std::vector<std::uint8_t> keep(cloud.size());
    for (std::size_t i = 0; i < keep.size(); ++i) {
        const bool spared = floaters->removed[i] && !kept.empty() && kept[i];
        keep[i] = !floaters->removed[i] || spared ? 1 : 0;
        rep.floaters.kept += spared ? 1 : 0;
    }
    rep.floaters.removed -= rep.floaters.kept;

    // Splats whose normal faces below the belt but that the belt still sees are not culled.
    std::vector<std::uint8_t> seen(cloud.size(), 0);
    if (settings.bellyCull)
        detail::parallelFor(cloud.size(), 0, [&](std::size_t b, std::size_t e) {
            for (std::size_t i = b; i < e; ++i)
                if (keep[i] && !facesBelt(snap->normals[i], settings.beltElevationMin, settings.beltElevationMax,
                                          settings.bellyCullMargin))
                    seen[i] = beltSees(**query, cloud.positions[i], settings) ? 1 : 0;
        });
    const SplitResult split = splitCoreShell(cloud, snap->normals, keep, settings, seen);
    for (std::uint8_t v : seen) rep.bellySeen += v;
    rep.bellyCulled = split.bellyCulled;
    rep.dead = split.dead;
    rep.floaters.removedWhere = {};  // recounted without the kept ones
    for (std::size_t i = 0; i < keep.size(); ++i) {
        if (keep[i]) continue;
        FloaterWhere& w = rep.floaters.removedWhere;
        (snap->side[i] < 0 ? w.behind : snap->side[i] > 0 ? w.inFront : w.on) += 1;
        w.lo = w.lo.cwiseMin(cloud.positions[i]);
        w.hi = w.hi.cwiseMax(cloud.positions[i]);
        std::uint8_t signs = 0;
        signs |= floaters->far[i] ? DroppedSplat::Far : 0;
        signs |= floaters->detached[i] ? DroppedSplat::Detached : 0;
        signs |= floaters->silhouette[i] ? DroppedSplat::Silhouette : 0;
        signs |= floaters->dataset[i] ? DroppedSplat::Dataset : 0;
        out.dropped.push_back({int(i), cloud.positions[i], signs, snap->side[i], snap->distance[i]});
    }
    for (int i : split.culled) {
        const auto k = std::size_t(i);
        (snap->side[k] < 0 ? rep.bellyWhere.behind : snap->side[k] > 0 ? rep.bellyWhere.inFront : rep.bellyWhere.on) += 1;
        rep.bellyWhere.lo = rep.bellyWhere.lo.cwiseMin(cloud.positions[k]);
        rep.bellyWhere.hi = rep.bellyWhere.hi.cwiseMax(cloud.positions[k]);
        out.dropped.push_back({i, cloud.positions[k], DroppedSplat::Belly, snap->side[k], snap->distance[k]});
    }
    for (std::size_t i = 0; i < keep.size(); ++i)
        if (keep[i] && cloud.opacities[i] <= settings.deadOpacity)
            out.dropped.push_back({int(i), cloud.positions[i], DroppedSplat::Dead, snap->side[i], snap->distance[i]});
    if (split.core.empty() && split.shell.empty())
        return makeError(ErrorCode::InvalidInput, "no splats left after the floater pass and the belly cull", "cloud");
    Baked b;
    std::vector<float> coreOpacity;
    std::vector<Eigen::Vector3f> coreAx0, coreAx1;
    for (int i : split.core) {
        coreOpacity.push_back(cloud.opacities[std::size_t(i)]);
        coreAx0.push_back(split.ax0[std::size_t(i)]);
        coreAx1.push_back(split.ax1[std::size_t(i)]);
    }
    for (int k : importanceOrder(coreOpacity, coreAx0, coreAx1)) b.source.push_back(split.core[std::size_t(k)]);
    b.core = b.source.size();
    b.source.insert(b.source.end(), split.shell.begin(), split.shell.end());
    for (int i : b.source) {
        b.ax0.push_back(split.ax0[std::size_t(i)]);
        b.ax1.push_back(split.ax1[std::size_t(i)]);
    }
    rep.core = b.core;
    rep.shell = split.shell.size();
    SW_TRY(bakeChannelsMaterialsChunks(cloud, mesh, **query, *snap, settings, overrides, b, progress.sub(0.6, 0.95)));

    formats::Spl2Model& m = out.spl2;
    fillPart(m.core, cloud, snap->normals, b, 0, b.core);
    fillPart(m.shell, cloud, snap->normals, b, b.core, b.source.size());
    m.orders = shellOrders(m.shell.pos, settings.orderTilt);
    formats::Spl2ChunkTail tail;
    tail.chunks = b.chunks.chunks;
    for (std::size_t k = 0; k < b.source.size(); ++k) {
        (k < b.core ? tail.coreChunk : tail.shellChunk).push_back(b.chunks.chunk[k]);
        (k < b.core ? tail.coreMaterial : tail.shellMaterial).push_back(b.material[k]);
    }
    m.chunks = std::move(tail);
    SW_TRY(formats::validateSpl2(m, "baked model"));
    out.cloud = bakedCloud(cloud, snap->normals, b);
    out.source = b.source;
    summarise(b, rep);
    for (const auto& w : rep.warnings) SW_LOG_WARN("bake: " << w);
    progress.report(1.0, "bake done");
    return out;
}

}  // namespace sw::bake
