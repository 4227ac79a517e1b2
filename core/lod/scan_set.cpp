#include "core/lod/scan_set.h"

#include <algorithm>
#include <filesystem>

#include "core/formats/cloud_io.h"
#include "core/formats/streamed_sog.h"
#include "core/foundation/check.h"
#include "core/lod/lod_folder.h"
#include "core/lod/streamed_sog_source.h"

namespace sw::lod {

namespace fs = std::filesystem;

LodTree singleChunkTree(splat::SplatCloud cloud) {
    SW_REQUIRE(!cloud.positions.empty(), "singleChunkTree needs at least one splat");
    cloud.normals.clear();
    Eigen::AlignedBox3f bounds;
    for (const Eigen::Vector3f& p : cloud.positions) bounds.extend(p);
    const std::uint64_t count = cloud.positions.size();
    LodTree tree;
    tree.levelCount = 1;
    tree.leafSize = static_cast<int>(std::min<std::uint64_t>(count, std::uint64_t{1} << 30));
    tree.reduction = 2;
    LodNode node;
    node.bounds = bounds;
    node.count = count;
    node.spacing = splatSpacing(bounds, count);
    node.leaf = 0;
    tree.nodes.push_back(node);
    LodLeaf leaf;
    leaf.node = 0;
    leaf.bounds = bounds;
    leaf.levels.push_back({static_cast<std::uint32_t>(count), node.spacing, 0.0f});
    tree.leaves.push_back(std::move(leaf));
    tree.chunks.push_back(std::move(cloud));
    return tree;
}

bool isLodFolderPath(const std::string& path) {
    std::error_code ec;
    const fs::path p(path);
    if (fs::is_directory(p, ec)) return fs::is_regular_file(p / kLodManifest, ec);
    return p.filename() == kLodManifest;
}

Result<std::shared_ptr<const ChunkSource>> openScanSource(const std::string& path, const Progress& progress) {
    if (isLodFolderPath(path)) {
        const fs::path p(path);
        std::error_code ec;
        const std::string folder = fs::is_directory(p, ec) ? p.string() : p.parent_path().string();
        progress.report(0.0, "reading " + path);
        auto source = FolderChunkSource::open(folder.empty() ? std::string(".") : folder);
        if (!source) return source.error();
        return std::shared_ptr<const ChunkSource>(std::move(*source));
    }
    if (formats::isStreamedSogPath(path)) {
        progress.report(0.0, "reading " + path);
        auto source = StreamedSogChunkSource::open(path);
        if (!source) return source.error();
        return std::shared_ptr<const ChunkSource>(std::move(*source));
    }
    auto cloud = formats::readSplatCloud(path, formats::Axes::Standard, progress);
    if (!cloud) return cloud.error();
    if (cloud->positions.empty()) return makeError(ErrorCode::InvalidInput, "the scan has no splats", path);
    if (progress.cancelled()) return makeError(ErrorCode::Cancelled, "cancelled", path);
    auto tree = std::make_shared<const LodTree>(singleChunkTree(std::move(*cloud)));
    return std::shared_ptr<const ChunkSource>(std::make_shared<MemoryChunkSource>(std::move(tree)));
}

std::vector<const LodTree*> ScanSet::trees() const {
    std::vector<const LodTree*> out;
    for (const Scan& scan : m_scans) out.push_back(&scan.source->tree());
    return out;
}

Status ScanSet::add(std::string path, std::shared_ptr<const ChunkSource> source) {
    SW_REQUIRE(source != nullptr, "ScanSet::add needs a source");
    m_scans.push_back({std::move(path), std::move(source)});
    if (Status s = rebuildPool(); !s) {
        m_scans.pop_back();
        SW_TRY(rebuildPool());
        return s;
    }
    return {};
}

void ScanSet::clear() {
    m_scans.clear();
    m_pool.reset();
    ++m_generation;
}

Status ScanSet::setSettings(const ScanSettings& settings) {
    SW_TRY(selectionSchema().check(settings.selection));
    SW_TRY(streamSchema().check(settings.stream));
    SW_TRY(checkPoolSettings(settings.stream.pool()));
    const bool poolChanged = capped(settings.stream.pool().byteBudget, m_byteCap) != poolByteBudget() ||
                             settings.stream.loaders != m_settings.stream.loaders;
    m_settings = settings;
    if (poolChanged && !m_scans.empty()) return rebuildPool();
    return {};
}

Status ScanSet::setByteCap(std::uint64_t cap) {
    const std::uint64_t before = poolByteBudget();
    m_byteCap = cap;
    if (poolByteBudget() != before && !m_scans.empty()) return rebuildPool();
    return {};
}

std::uint64_t ScanSet::poolByteBudget() const { return capped(m_settings.stream.pool().byteBudget, m_byteCap); }

Status ScanSet::rebuildPool() {
    m_pool.reset();  // its workers stop before the new pool starts its own
    ++m_generation;
    if (m_scans.empty()) return {};
    std::vector<std::shared_ptr<const ChunkSource>> sources;
    for (const Scan& scan : m_scans) sources.push_back(scan.source);
    PoolSettings settings = m_settings.stream.pool();
    settings.byteBudget = poolByteBudget();
    auto pool = ResidentPool::create(settings, std::move(sources));
    if (!pool) return pool.error();
    m_pool = std::move(*pool);
    return {};
}

Result<std::vector<ViewPlan>> ScanSet::plan(const std::vector<View>& views) {
    std::vector<ViewPlan> plans;
    if (!m_pool) return plans;
    const std::vector<const LodTree*> scans = trees();
    for (const View& view : views) {
        auto selection = selectLevels(scans, view, m_settings.selection);
        if (!selection) return selection.error();
        plans.push_back({std::move(*selection), 0, 0, 0});
    }
    std::vector<ViewRequest> requests;
    for (std::size_t i = 0; i < views.size(); ++i) requests.push_back({views[i], &plans[i].selection});
    m_pool->update(requests);
    for (ViewPlan& plan : plans) {
        for (const LeafChoice& choice : plan.selection.leaves) {
            const int coarsest = scans[choice.scan]->levelCount - 1;
            for (int level = coarsest; level >= static_cast<int>(choice.level); --level) {
                ++plan.wantedChunks;
                const ChunkKey key{choice.scan, choice.leaf, static_cast<std::uint32_t>(level)};
                const ChunkState state = m_pool->state(key);
                if (state == ChunkState::Drawable) ++plan.drawableChunks;
                else if (state != ChunkState::Absent && state != ChunkState::Failed) ++plan.loadingChunks;
            }
        }
    }
    return plans;
}

Status checkEveryChunk(const ChunkSource& source, const Progress& progress) {
    const LodTree& tree = source.tree();
    for (std::uint32_t leaf = 0; leaf < tree.leaves.size(); ++leaf) {
        if (progress.cancelled()) return makeError(ErrorCode::Cancelled, "checking the chunks cancelled");
        for (int level = 0; level < tree.levelCount; ++level) {
            auto chunk = source.loadChunk(leaf, static_cast<std::uint32_t>(level));
            if (!chunk) return chunk.error();
        }
        progress.report(static_cast<double>(leaf + 1) / static_cast<double>(tree.leaves.size()), "reading chunks");
    }
    return {};
}

}  // namespace sw::lod
