#include "core/lod/resident_pool.h"

#include <algorithm>
#include <limits>

namespace sw::lod {

const SettingsSchema<StreamSettings>& streamSchema() {
    static const SettingsSchema<StreamSettings> schema = [] {
        SettingsSchema<StreamSettings> s("lod-stream", "LOD streaming");
        s.add(&StreamSettings::memoryMiB, "memory-mb", "Memory budget").range(0, 1e7).unit("MiB")
            .tooltip("Most memory the resident chunks take (16 B a splat); a smaller budget draws coarser levels")
            .group("Streaming");
        s.add(&StreamSettings::loaders, "loaders", "Loader threads").range(1, 64)
            .tooltip("Threads reading and packing chunks").group("Streaming");
        return s;
    }();
    return schema;
}

Status checkPoolSettings(const PoolSettings& settings) {
    if (settings.byteBudget == 0)
        return makeError(ErrorCode::InvalidInput, "the memory budget is 0 bytes; the resident pool needs at least one chunk's room");
    return {};
}

Result<std::unique_ptr<ResidentPool>> ResidentPool::create(const PoolSettings& settings,
                                                           std::vector<std::shared_ptr<const ChunkSource>> sources) {
    SW_TRY(checkPoolSettings(settings));
    if (sources.empty()) return makeError(ErrorCode::InvalidInput, "the resident pool has no scans to stream");
    return std::unique_ptr<ResidentPool>(new ResidentPool(settings, std::move(sources)));
}

ResidentPool::ResidentPool(const PoolSettings& settings, std::vector<std::shared_ptr<const ChunkSource>> sources)
    : m_settings(settings), m_sources(std::move(sources)) {
    const int workers = std::max(1, settings.workers);
    for (int i = 0; i < workers; ++i) m_workers.emplace_back([this] { workerLoop(); });
}

ResidentPool::~ResidentPool() {
    {
        std::lock_guard lock(m_mutex);
        m_stop = true;
    }
    m_wake.notify_all();
    for (std::thread& t : m_workers) t.join();
}

std::uint64_t ResidentPool::bytesOf(const ChunkKey& key) const {
    const LodTree& tree = m_sources[key.scan]->tree();
    return PackedChunk::residentBytes(tree.leaves[key.leaf].levels[key.level].count);
}

float ResidentPool::distanceTo(const ChunkKey& key, const std::vector<ViewRequest>& views) const {
    const Eigen::AlignedBox3f& box = m_sources[key.scan]->tree().leaves[key.leaf].bounds;
    float d = std::numeric_limits<float>::max();
    for (const ViewRequest& v : views) d = std::min(d, box.exteriorDistance(v.view.position));
    return d;
}

void ResidentPool::setUsed(std::uint64_t used) {
    m_used = used;
    m_peak = std::max(m_peak, m_used);
}

void ResidentPool::workerLoop() {
    std::unique_lock lock(m_mutex);
    while (true) {
        m_wake.wait(lock, [this] { return m_stop || !m_queue.empty(); });
        if (m_stop) return;
        const ChunkKey key = m_queue.front();
        m_queue.pop_front();
        Entry& entry = m_entries[key.packed()];
        entry.state = ChunkState::Loading;
        ++m_loading;
        const std::uint64_t expected = m_sources[key.scan]->tree().leaves[key.leaf].levels[key.level].count;
        lock.unlock();
        auto cloud = m_sources[key.scan]->loadChunk(key.leaf, key.level);
        std::unique_ptr<PackedChunk> packed;
        Error failure;
        if (!cloud) failure = cloud.error();
        else if (cloud->size() != expected)
            failure = makeError(ErrorCode::Parse, "chunk of leaf " + std::to_string(key.leaf) + " level " +
                                                      std::to_string(key.level) + " holds " + std::to_string(cloud->size()) +
                                                      " splats, the tree says " + std::to_string(expected));
        else packed = std::make_unique<PackedChunk>(packChunk(*cloud));
        lock.lock();
        Entry& done = m_entries[key.packed()];
        if (packed) {
            done.data = std::move(packed);
            done.state = ChunkState::Loaded;
        } else {
            done.state = ChunkState::Failed;
            setUsed(m_used - done.bytes);
            done.bytes = 0;
            m_failures.push_back(failure);
        }
        --m_loading;
        if (m_loading == 0 && m_queue.empty()) m_idle.notify_all();
    }
}

bool ResidentPool::makeRoom(std::uint64_t bytes, std::size_t rank, const std::vector<ViewRequest>& views,
                            const std::unordered_map<std::uint64_t, std::size_t>& wantedRank) {
    if (bytes > m_settings.byteBudget) return false;
    if (m_used + bytes <= m_settings.byteBudget) return true;
    struct Candidate {
        float distance;
        std::uint64_t id;
    };
    std::vector<Candidate> candidates;
    std::uint64_t freeable = 0;
    for (const auto& [id, e] : m_entries) {
        if (e.state != ChunkState::Loaded && e.state != ChunkState::Drawable) continue;  // in flight or fenced
        const auto it = wantedRank.find(id);
        if (it != wantedRank.end() && it->second <= rank) continue;  // wanted at least as much
        candidates.push_back({distanceTo(e.key, views), id});
        freeable += e.bytes;
    }
    if (m_used + bytes - std::min(m_used, freeable) > m_settings.byteBudget) return false;
    std::sort(candidates.begin(), candidates.end(), [](const Candidate& a, const Candidate& b) {
        return a.distance != b.distance ? a.distance > b.distance : a.id < b.id;
    });
    for (const Candidate& c : candidates) {
        if (m_used + bytes <= m_settings.byteBudget) break;
        Entry& e = m_entries[c.id];
        m_evictions.push_back(e.key);
        setUsed(m_used - e.bytes);
        m_entries.erase(c.id);
    }
    return true;
}

void ResidentPool::update(const std::vector<ViewRequest>& views) {
    struct Want {
        ChunkKey key;
        float distance;
    };
    std::vector<Want> wants;
    std::unordered_map<std::uint64_t, std::size_t> seen;
    for (const ViewRequest& v : views) {
        if (!v.selection) continue;
        for (const LeafChoice& c : v.selection->leaves) {
            const std::uint32_t coarsest = static_cast<std::uint32_t>(m_sources[c.scan]->tree().levelCount - 1);
            for (std::uint32_t level = coarsest + 1; level-- > c.level;) {
                const ChunkKey key{c.scan, c.leaf, level};
                if (seen.emplace(key.packed(), wants.size()).second) wants.push_back({key, 0.0f});
            }
        }
    }
    for (Want& w : wants) w.distance = distanceTo(w.key, views);
    std::stable_sort(wants.begin(), wants.end(), [](const Want& a, const Want& b) {
        return a.key.level != b.key.level ? a.key.level > b.key.level : a.distance < b.distance;
    });
    std::unordered_map<std::uint64_t, std::size_t> rank;
    for (std::size_t i = 0; i < wants.size(); ++i) rank[wants[i].key.packed()] = i;

    std::lock_guard lock(m_mutex);
    for (const ChunkKey& key : m_queue) {  // re-planned below in this frame's order
        Entry& e = m_entries[key.packed()];
        setUsed(m_used - e.bytes);
        m_entries.erase(key.packed());
    }
    m_queue.clear();
    for (std::size_t i = 0; i < wants.size(); ++i) {
        const ChunkKey key = wants[i].key;
        if (m_entries.count(key.packed())) continue;  // resident, in flight or failed
        const std::uint64_t bytes = bytesOf(key);
        if (!makeRoom(bytes, i, views, rank)) continue;  // waits; a smaller chunk after it may still fit
        Entry& e = m_entries[key.packed()];
        e.key = key;
        e.state = ChunkState::Queued;
        e.bytes = bytes;
        setUsed(m_used + bytes);
        m_queue.push_back(key);
    }
    if (!m_queue.empty()) m_wake.notify_all();
}

std::vector<DrawItem> ResidentPool::takeUploads() {
    std::lock_guard lock(m_mutex);
    std::vector<DrawItem> out;
    for (auto& [id, e] : m_entries) {
        if (e.state != ChunkState::Loaded) continue;
        e.state = ChunkState::Uploading;
        out.push_back({e.key, e.data.get()});
    }
    std::sort(out.begin(), out.end(), [](const DrawItem& a, const DrawItem& b) { return a.key.packed() < b.key.packed(); });
    return out;
}

void ResidentPool::fenceSignalled(const ChunkKey& key) {
    std::lock_guard lock(m_mutex);
    const auto it = m_entries.find(key.packed());
    if (it != m_entries.end() && it->second.state == ChunkState::Uploading) it->second.state = ChunkState::Drawable;
}

const PackedChunk* ResidentPool::drawable(const ChunkKey& key) const {
    std::lock_guard lock(m_mutex);
    const auto it = m_entries.find(key.packed());
    return it != m_entries.end() && it->second.state == ChunkState::Drawable ? it->second.data.get() : nullptr;
}

std::vector<DrawItem> ResidentPool::drawList(const Selection& selection) const {
    std::vector<DrawItem> out;
    for (const LeafChoice& c : selection.leaves) {
        if (!c.inView) continue;  // resident (its coarsest), not drawn
        const std::uint32_t levels = static_cast<std::uint32_t>(m_sources[c.scan]->tree().levelCount);
        for (std::uint32_t level = c.level; level < levels; ++level) {
            const ChunkKey key{c.scan, c.leaf, level};
            if (const PackedChunk* chunk = drawable(key)) {
                out.push_back({key, chunk});
                break;
            }
        }
    }
    return out;
}

ChunkState ResidentPool::state(const ChunkKey& key) const {
    std::lock_guard lock(m_mutex);
    const auto it = m_entries.find(key.packed());
    return it == m_entries.end() ? ChunkState::Absent : it->second.state;
}

std::uint64_t ResidentPool::residentBytes() const {
    std::lock_guard lock(m_mutex);
    return m_used;
}

std::uint64_t ResidentPool::peakBytes() const {
    std::lock_guard lock(m_mutex);
    return m_peak;
}

std::vector<ChunkKey> ResidentPool::evictions() const {
    std::lock_guard lock(m_mutex);
    return m_evictions;
}

std::vector<Error> ResidentPool::failures() const {
    std::lock_guard lock(m_mutex);
    return m_failures;
}

void ResidentPool::waitForLoads() const {
    std::unique_lock lock(m_mutex);
    m_idle.wait(lock, [this] { return m_loading == 0 && m_queue.empty(); });
}

}  // namespace sw::lod
