#include "core/lod/streamed_sog_source.h"

#include <cmath>
#include <filesystem>

#include "core/formats/axes.h"

namespace sw::lod {
namespace {

namespace fs = std::filesystem;
using formats::StreamedSogManifest;
using formats::StreamedSogRef;

// Builds the LodTree's nodes and leaves from the manifest's.
class TreeBuilder {
public:
    TreeBuilder(const StreamedSogManifest& m, LodTree& t, std::vector<int>& leafNodes, std::vector<StreamedSogRef>& runs)
        : m_m(m), m_t(t), m_leafNodes(leafNodes), m_runs(runs) {
        const Eigen::Matrix3f r = formats::frameFromModel(formats::Frame::Gaussian).cast<float>().transpose();
        m_toModel = r;
    }

    // The LodTree node of manifest node `index`; -1 when it holds no splats.
    std::int32_t node(int index) {
        const formats::StreamedSogNode& n = m_m.nodes[std::size_t(index)];
        std::vector<std::int32_t> items;
        if (!n.lods.empty()) items.push_back(leaf(index));
        for (int c : n.children)
            if (std::int32_t i = node(c); i >= 0) items.push_back(i);
        return join(items, 0, items.size());
    }

private:
    Eigen::AlignedBox3f modelBox(const formats::StreamedSogNode& n) const {
        const Eigen::Vector3f a = m_toModel * n.boundMin, b = m_toModel * n.boundMax;
        return Eigen::AlignedBox3f(a.cwiseMin(b), a.cwiseMax(b));
    }

    std::int32_t leaf(int index) {
        const formats::StreamedSogNode& n = m_m.nodes[std::size_t(index)];
        LodLeaf leaf;
        leaf.bounds = modelBox(n);
        leaf.levels.resize(std::size_t(m_t.levelCount));
        std::vector<StreamedSogRef> runs(std::size_t(m_t.levelCount));
        for (int l = 0; l < m_t.levelCount; ++l) {
            auto it = n.lods.lower_bound(l);  // this level, else the next coarser
            if (!n.lods.count(l) && it != n.lods.begin()) it = std::prev(it);  // the nearest finer one
            runs[std::size_t(l)] = it->second;
        }
        const float finest = splatSpacing(leaf.bounds, runs[0].count);
        for (int l = 0; l < m_t.levelCount; ++l) {
            LevelInfo& info = leaf.levels[std::size_t(l)];
            info.count = std::uint32_t(runs[std::size_t(l)].count);
            info.spacing = splatSpacing(leaf.bounds, info.count);
            info.error = info.count < runs[0].count ? std::max(info.spacing, finest) / std::sqrt(6.0f) : 0.0f;
        }
        LodNode node;
        node.bounds = leaf.bounds;
        node.count = runs[0].count;
        node.spacing = leaf.levels[0].spacing;
        node.leaf = std::int32_t(m_t.leaves.size());
        leaf.node = std::int32_t(m_t.nodes.size());
        m_t.leafSize = std::max<int>(m_t.leafSize, int(std::min<std::uint64_t>(runs[0].count, 1u << 30)));
        m_t.leaves.push_back(leaf);
        m_t.nodes.push_back(node);
        m_leafNodes.push_back(index);
        m_runs.insert(m_runs.end(), runs.begin(), runs.end());
        return leaf.node;
    }

    // A balanced binary node over items [b, e).
    std::int32_t join(const std::vector<std::int32_t>& items, std::size_t b, std::size_t e) {
        if (e == b) return -1;
        if (e - b == 1) return items[b];
        const std::size_t mid = b + (e - b) / 2;
        const std::int32_t self = std::int32_t(m_t.nodes.size());
        m_t.nodes.emplace_back();
        const std::int32_t left = join(items, b, mid), right = join(items, mid, e);
        LodNode& n = m_t.nodes[std::size_t(self)];
        n.children[0] = left;
        n.children[1] = right;
        n.bounds = m_t.nodes[std::size_t(left)].bounds.merged(m_t.nodes[std::size_t(right)].bounds);
        n.count = m_t.nodes[std::size_t(left)].count + m_t.nodes[std::size_t(right)].count;
        n.spacing = splatSpacing(n.bounds, n.count);
        return self;
    }

    const StreamedSogManifest& m_m;
    LodTree& m_t;
    std::vector<int>& m_leafNodes;
    std::vector<StreamedSogRef>& m_runs;
    Eigen::Matrix3f m_toModel;
};

}  // namespace

Result<std::shared_ptr<StreamedSogChunkSource>> StreamedSogChunkSource::open(const std::string& path, int cachedFiles) {
    auto manifest = formats::readStreamedSogManifest(path);
    if (!manifest) return manifest.error();
    auto s = std::shared_ptr<StreamedSogChunkSource>(new StreamedSogChunkSource());
    s->m_manifest = std::move(*manifest);
    s->m_cachedFiles = std::size_t(std::max(cachedFiles, 1));
    LodTree& t = s->m_tree;
    t.levelCount = s->m_manifest.lodLevels;
    TreeBuilder builder(s->m_manifest, t, s->m_leafNodes, s->m_runs);
    // The root must be node 0: the builder appends nodes depth first, so build, then rotate the
    // root to the front when it was not the first node made.
    const std::int32_t root = builder.node(0);
    if (root < 0) return makeError(ErrorCode::Parse, "lod-meta.json: the tree holds no splats", s->m_manifest.path);
    if (root != 0) {
        std::swap(t.nodes[0], t.nodes[std::size_t(root)]);
        auto fix = [&](std::int32_t& i) { i = i == 0 ? root : i == root ? 0 : i; };
        for (LodNode& n : t.nodes) fix(n.children[0]), fix(n.children[1]);
        for (LodLeaf& l : t.leaves) fix(l.node);
    }
    const std::uint64_t finest = t.splatCount(0), coarser = t.levelCount > 1 ? t.splatCount(1) : 0;
    t.reduction = coarser > 0 ? std::max(2, int(std::lround(double(finest) / double(coarser)))) : 2;
    return s;
}

const formats::StreamedSogRef& StreamedSogChunkSource::run(std::uint32_t leaf, std::uint32_t level) const {
    return m_runs.at(m_tree.chunkIndex(leaf, int(level)));
}

std::uint64_t StreamedSogChunkSource::fileDecodes() const {
    std::lock_guard lock(m_mutex);
    return m_decodes;
}

Result<StreamedSogChunkSource::Images> StreamedSogChunkSource::file(int index) const {
    std::unique_lock lock(m_mutex);
    for (;;) {
        for (auto it = m_cache.begin(); it != m_cache.end(); ++it)
            if (it->first == index) {
                m_cache.splice(m_cache.begin(), m_cache, it);
                return it->second;
            }
        if (!m_decoding.count(index)) break;
        m_decoded.wait(lock);  // another loader decodes this file; then look again
    }
    m_decoding[index] = 1;
    ++m_decodes;
    lock.unlock();
    auto images = formats::SogImages::read((fs::path(m_manifest.folder) / m_manifest.filenames[std::size_t(index)]).string());
    lock.lock();
    m_decoding.erase(index);
    if (images) {
        m_cache.emplace_front(index, *images);
        while (m_cache.size() > m_cachedFiles) m_cache.pop_back();
    }
    m_decoded.notify_all();
    if (!images) return images.error();
    return *images;
}

Result<splat::SplatCloud> StreamedSogChunkSource::loadChunk(std::uint32_t leaf, std::uint32_t level) const {
    if (leaf >= m_tree.leaves.size() || level >= std::uint32_t(m_tree.levelCount))
        return makeError(ErrorCode::InvalidInput, "no chunk of leaf " + std::to_string(leaf) + " level " + std::to_string(level),
                         m_manifest.path);
    const StreamedSogRef& r = run(leaf, level);
    auto images = file(r.file);
    if (!images) return images.error();
    return (*images)->splats(r.offset, r.count, false);
}

}  // namespace sw::lod
