#include "core/render/detail/scan_gpu_pool.h"

#include <algorithm>
#include <array>
#include <cstring>
#include <string>

namespace sw::render::detail {

namespace {

constexpr std::uint64_t kSplatBytes = sizeof(lod::PackedSplat);
constexpr GLsizeiptr kTableEntryBytes = 48;  // scan_common.glsl ScanChunk: lo, size, info

bool signalled(GLenum status) { return status == GL_ALREADY_SIGNALED || status == GL_CONDITION_SATISFIED; }

}  // namespace

Status ScanGpuPool::init(const GlFunctions& gl, std::uint64_t poolBytes, std::uint64_t blockBytes) {
    m_gl = &gl;
    GLint64 maxBlock = 0;
    gl.GetInteger64v(GL_MAX_SHADER_STORAGE_BLOCK_SIZE, &maxBlock);
    std::uint64_t blockLimit = maxBlock > 0 ? static_cast<std::uint64_t>(maxBlock) : poolBytes;
    if (blockBytes > 0) blockLimit = std::min(blockLimit, blockBytes);
    const std::uint64_t slots = poolBytes / kSplatBytes;
    m_blockSlots = std::min(blockLimit / kSplatBytes, std::uint64_t{1} << 27);  // word indices stay in 31 bits
    if (slots == 0 || m_blockSlots == 0)
        return makeError(ErrorCode::InvalidInput, "scan pool of " + std::to_string(poolBytes) + " bytes holds no splat (16 B each)");
    if (slots > (std::uint64_t{1} << 30))
        return makeError(ErrorCode::InvalidInput, "scan pool of " + std::to_string(poolBytes) + " bytes exceeds 16 GiB (2^30 splats)");
    const std::uint64_t blocks = (slots + m_blockSlots - 1) / m_blockSlots;
    if (blocks > static_cast<std::uint64_t>(kMaxPoolBlocks))
        return makeError(ErrorCode::InvalidInput, "scan pool of " + std::to_string(poolBytes) + " bytes needs " +
                                                      std::to_string(blocks) + " storage blocks of this GL's " +
                                                      std::to_string(m_blockSlots * kSplatBytes) + " bytes; at most " +
                                                      std::to_string(kMaxPoolBlocks) + " are used");
    m_blockCount = static_cast<int>(blocks);
    gl.GenBuffers(m_blockCount, m_splats);
    for (int b = 0; b < m_blockCount; ++b) {
        const std::uint64_t n = std::min(m_blockSlots, slots - static_cast<std::uint64_t>(b) * m_blockSlots);
        gl.BindBuffer(GL_SHADER_STORAGE_BUFFER, m_splats[b]);
        gl.BufferData(GL_SHADER_STORAGE_BUFFER, static_cast<GLsizeiptr>(n * kSplatBytes), nullptr, GL_DYNAMIC_DRAW);
    }
    gl.GenBuffers(1, &m_tableBuffer);
    m_tableCapacity = 64;
    gl.BindBuffer(GL_SHADER_STORAGE_BUFFER, m_tableBuffer);
    gl.BufferData(GL_SHADER_STORAGE_BUFFER, kTableEntryBytes * m_tableCapacity, nullptr, GL_DYNAMIC_DRAW);
    gl.BindBuffer(GL_SHADER_STORAGE_BUFFER, 0);
    m_slots = SlotAllocator(slots, m_blockSlots);
    m_counts.capacityBytes = slots * kSplatBytes;
    return gpuStatus(gl, "allocating the scan pool");
}

void ScanGpuPool::writeChunk(const ScanGpuChunk& c) {
    if (c.count == 0) return;
    const std::uint64_t block = c.offset / m_blockSlots, local = c.offset - block * m_blockSlots;
    m_gl->BindBuffer(GL_SHADER_STORAGE_BUFFER, m_splats[block]);
    m_gl->BufferSubData(GL_SHADER_STORAGE_BUFFER, static_cast<GLintptr>(local * kSplatBytes),
                        static_cast<GLsizeiptr>(c.count * kSplatBytes), c.data->splats.data());
    m_counts.uploadedBytes += c.count * kSplatBytes;
}

void ScanGpuPool::writeTableEntry(const ScanGpuChunk& c) {
    const GlFunctions& gl = *m_gl;
    if (c.table >= m_tableCapacity) {  // grow: copy the old table through the CPU (small)
        std::vector<std::uint8_t> old(static_cast<std::size_t>(kTableEntryBytes) * m_tableCapacity);
        gl.BindBuffer(GL_SHADER_STORAGE_BUFFER, m_tableBuffer);
        gl.GetBufferSubData(GL_SHADER_STORAGE_BUFFER, 0, static_cast<GLsizeiptr>(old.size()), old.data());
        m_tableCapacity = std::max(c.table + 1, m_tableCapacity * 2);
        gl.BufferData(GL_SHADER_STORAGE_BUFFER, kTableEntryBytes * m_tableCapacity, nullptr, GL_DYNAMIC_DRAW);
        gl.BufferSubData(GL_SHADER_STORAGE_BUFFER, 0, static_cast<GLsizeiptr>(old.size()), old.data());
    }
    const Eigen::Vector3f lo = c.data->bounds.min(), size = c.data->bounds.sizes();
    std::array<std::uint8_t, kTableEntryBytes> entry{};
    const float vectors[8] = {lo.x(), lo.y(), lo.z(), 0.f, size.x(), size.y(), size.z(), 0.f};
    const std::uint32_t info[4] = {static_cast<std::uint32_t>(c.offset), static_cast<std::uint32_t>(c.count), c.key.level, 0u};
    std::memcpy(entry.data(), vectors, sizeof vectors);
    std::memcpy(entry.data() + sizeof vectors, info, sizeof info);
    gl.BindBuffer(GL_SHADER_STORAGE_BUFFER, m_tableBuffer);
    gl.BufferSubData(GL_SHADER_STORAGE_BUFFER, kTableEntryBytes * c.table, kTableEntryBytes, entry.data());
}

void ScanGpuPool::forget(std::uint64_t id) {
    const auto it = m_chunks.find(id);
    if (it == m_chunks.end()) return;
    ScanGpuChunk& c = it->second;
    if (c.fence) m_gl->DeleteSync(c.fence);
    m_slots.release(c.offset, c.count);
    m_freeTable.push_back(c.table);
    m_chunks.erase(it);
}

bool ScanGpuPool::place(const lod::DrawItem& item) {
    const std::uint64_t count = item.chunk->splats.size();
    auto offset = m_slots.allocate(count);
    if (!offset && count <= m_slots.capacity() - m_slots.used()) {
        repack();
        offset = m_slots.allocate(count);
    }
    if (!offset) return false;
    ScanGpuChunk c;
    c.key = item.key;
    c.offset = *offset;
    c.count = count;
    c.data = item.chunk;
    if (m_freeTable.empty()) c.table = m_tableUsed++;
    else {
        c.table = m_freeTable.back();
        m_freeTable.pop_back();
    }
    writeChunk(c);
    writeTableEntry(c);
    c.fence = m_gl->FenceSync(GL_SYNC_GPU_COMMANDS_COMPLETE, 0);
    m_chunks[item.key.packed()] = c;
    m_counts.peakBytes = std::max(m_counts.peakBytes, m_slots.used() * kSplatBytes);
    return true;
}

// Moves every chunk down to offset 0 in offset order, re-sending its splats from the copy the
// resident pool holds. GL orders these writes after the draws already issued and before later
// ones, so a drawable chunk stays drawable.
void ScanGpuPool::repack() {
    std::vector<ScanGpuChunk*> live;
    for (auto& [id, c] : m_chunks) live.push_back(&c);
    std::sort(live.begin(), live.end(), [](const ScanGpuChunk* a, const ScanGpuChunk* b) { return a->offset < b->offset; });
    m_slots.clear();
    for (ScanGpuChunk* c : live) {
        const std::uint64_t offset = *m_slots.allocate(c->count);
        if (offset != c->offset) {
            c->offset = offset;
            writeChunk(*c);
            writeTableEntry(*c);
        }
    }
    ++m_counts.repacks;
}

Status ScanGpuPool::upload(lod::ResidentPool& pool) {
    const std::vector<lod::ChunkKey> evicted = pool.evictions();
    for (std::size_t i = m_evictionsSeen; i < evicted.size(); ++i) forget(evicted[i].packed());
    m_evictionsSeen = evicted.size();
    for (const lod::DrawItem& item : pool.takeUploads()) {
        forget(item.key.packed());  // a stale copy of a chunk loaded again
        m_waiting.push_back(item);
    }
    // Coarse levels first (a whole coarse picture before detail), arrival order within a level.
    std::stable_sort(m_waiting.begin(), m_waiting.end(),
                     [](const lod::DrawItem& a, const lod::DrawItem& b) { return a.key.level > b.key.level; });
    // Every waiting chunk that fits is placed; one that does not keeps its turn for a later frame
    // without holding back smaller ones behind it.
    bool placed = false;
    std::deque<lod::DrawItem> still;
    for (const lod::DrawItem& item : m_waiting) {
        if (place(item)) placed = true;
        else still.push_back(item);
    }
    m_waiting.swap(still);
    m_gl->BindBuffer(GL_SHADER_STORAGE_BUFFER, 0);
    if (placed) m_gl->Flush();  // the fences reach the GPU, so polling sees them land
    return gpuStatus(*m_gl, "uploading scan chunks");
}

std::size_t ScanGpuPool::pollFences(lod::ResidentPool& pool) {
    std::size_t seen = 0;
    for (auto& [id, c] : m_chunks) {
        if (!c.fence || !signalled(m_gl->ClientWaitSync(c.fence, 0, 0))) continue;
        m_gl->DeleteSync(c.fence);
        c.fence = nullptr;
        pool.fenceSignalled(c.key);
        ++seen;
    }
    return seen;
}

const ScanGpuChunk* ScanGpuPool::drawable(const lod::ChunkKey& key) const {
    const auto it = m_chunks.find(key.packed());
    return it != m_chunks.end() && !it->second.fence ? &it->second : nullptr;
}

ScanPoolCounts ScanGpuPool::counts() const {
    ScanPoolCounts c = m_counts;
    c.usedBytes = m_slots.used() * kSplatBytes;
    c.chunks = m_chunks.size();
    c.waiting = m_waiting.size();
    c.fencesPending = static_cast<std::size_t>(
        std::count_if(m_chunks.begin(), m_chunks.end(), [](const auto& e) { return e.second.fence != nullptr; }));
    return c;
}

void ScanGpuPool::release() {
    if (!m_gl) return;
    for (auto& [id, c] : m_chunks)
        if (c.fence) m_gl->DeleteSync(c.fence);
    m_chunks.clear();
    m_waiting.clear();
    for (GLuint& b : m_splats)
        if (b) {
            m_gl->DeleteBuffers(1, &b);
            b = 0;
        }
    if (m_tableBuffer) m_gl->DeleteBuffers(1, &m_tableBuffer);
    m_tableBuffer = 0;
    m_blockCount = 0;
    m_gl = nullptr;
}

}  // namespace sw::render::detail
