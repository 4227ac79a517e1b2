#pragma once
// The scan renderer's resident pool on the GPU (scan_renderer.h): PackedSplat slots (16 B a splat)
// of a fixed byte capacity, in up to kMaxPoolBlocks storage buffers (GL caps one storage block:
// NVIDIA at 2 GiB − 1, so a 4 GB pool takes three), slots handed out by SlotAllocator (a chunk
// never crosses from one buffer into the next; slot s lives in buffer s / blockSlots), and a
// chunk table (bounds for dequantisation, first slot, count, LOD level) that grows with the
// number of resident chunks. Chunks arrive from lod::ResidentPool::takeUploads(): glBufferSubData
// of the splats and the table entry, then a fence; pollFences() reports a chunk to the pool
// (fenceSignalled) only once glClientWaitSync sees its fence signalled. Chunks the pool evicted
// (ResidentPool::evictions()) free their slots before new uploads are placed. A chunk that finds
// no room waits, coarser levels placed first, without holding back smaller chunks that fit (its
// pool state stays Uploading, so the pool draws coarser).
#include <cstdint>
#include <deque>
#include <unordered_map>
#include <vector>

#include "core/lod/resident_pool.h"
#include "core/render/detail/gl_functions.h"
#include "core/render/scan_slots.h"

namespace sw::render::detail {

struct ScanGpuChunk {
    lod::ChunkKey key;
    std::uint64_t offset = 0;  // first slot
    std::uint64_t count = 0;
    std::uint32_t table = 0;   // chunk table index
    const lod::PackedChunk* data = nullptr;  // owned by the pool; alive until its eviction is seen
    GLsync fence = nullptr;    // null once seen signalled
};

struct ScanPoolCounts {
    std::uint64_t capacityBytes = 0;
    std::uint64_t usedBytes = 0;   // 16 B × resident splats
    std::uint64_t peakBytes = 0;
    std::size_t chunks = 0;        // placed on the GPU
    std::size_t waiting = 0;       // taken from the pool, no room yet
    std::size_t fencesPending = 0;
    std::size_t repacks = 0;
    std::uint64_t uploadedBytes = 0;  // splat bytes sent since creation, repacks included
};

inline constexpr int kMaxPoolBlocks = 4;  // scan_common.glsl: ScanPool0..3 (scan_renderer.h kScanPoolBlocks)

class ScanGpuPool {
public:
    // ErrorCode::InvalidInput when poolBytes holds no splat or needs more than kMaxPoolBlocks
    // storage blocks. blockBytes > 0 caps one block below the GL's own limit (tests).
    Status init(const GlFunctions& gl, std::uint64_t poolBytes, std::uint64_t blockBytes = 0);
    // Frees the slots of chunks evicted since the last call, then places the pool's new uploads
    // and those still waiting; each placed chunk gets a fence (flushed).
    Status upload(lod::ResidentPool& pool);
    // Reports each chunk whose fence has signalled (glClientWaitSync, timeout 0) to the pool.
    // Returns how many.
    std::size_t pollFences(lod::ResidentPool& pool);
    // The chunk when placed and its fence seen, else null.
    const ScanGpuChunk* drawable(const lod::ChunkKey& key) const;

    int blockCount() const { return m_blockCount; }
    GLuint splatBuffer(int block) const { return m_splats[block]; }
    std::uint64_t blockSlots() const { return m_blockSlots; }
    GLuint tableBuffer() const { return m_tableBuffer; }
    ScanPoolCounts counts() const;
    void release();

private:
    bool place(const lod::DrawItem& item);
    void writeChunk(const ScanGpuChunk& c);
    void writeTableEntry(const ScanGpuChunk& c);
    void repack();
    void forget(std::uint64_t id);

    const GlFunctions* m_gl = nullptr;
    GLuint m_splats[kMaxPoolBlocks] = {};
    GLuint m_tableBuffer = 0;
    int m_blockCount = 0;
    std::uint64_t m_blockSlots = 0;
    std::uint32_t m_tableCapacity = 0;
    SlotAllocator m_slots;
    std::unordered_map<std::uint64_t, ScanGpuChunk> m_chunks;  // by ChunkKey::packed()
    std::vector<std::uint32_t> m_freeTable;
    std::uint32_t m_tableUsed = 0;
    std::deque<lod::DrawItem> m_waiting;
    std::size_t m_evictionsSeen = 0;
    ScanPoolCounts m_counts;
};

}  // namespace sw::render::detail
