#pragma once
// Slots of the scan renderer's GPU pool (scan_renderer.h): a fixed run of `capacity` splat slots
// handed to chunks first fit from a free list ordered by offset; a freed run merges with its free
// neighbours. Fragmentation: after evictions the free room may be split so that a chunk finds no
// run long enough although the free total would hold it; the renderer then repacks (moves every
// resident chunk down to offset 0, in offset order), so a chunk waits only while the total free
// room is too small. A pool split over several storage blocks (blockSize > 0) never hands out a
// run that crosses a multiple of blockSize: a chunk lies inside one block. Pure bookkeeping, no GL.
#include <cstdint>
#include <map>
#include <optional>

namespace sw::render {

class SlotAllocator {
public:
    explicit SlotAllocator(std::uint64_t capacity = 0, std::uint64_t blockSize = 0);

    // First free run of at least `count` slots: its first slot, or nothing when no run is long
    // enough. A count of 0 takes no room (offset 0).
    std::optional<std::uint64_t> allocate(std::uint64_t count);
    // Returns [offset, offset + count) to the free list (it must have been allocated).
    void release(std::uint64_t offset, std::uint64_t count);
    // Every slot free again.
    void clear();

    std::uint64_t capacity() const { return m_capacity; }
    std::uint64_t blockSize() const { return m_blockSize; }  // 0: one block
    std::uint64_t used() const { return m_used; }
    std::uint64_t largestFree() const;
    std::size_t freeRuns() const { return m_free.size(); }

private:
    bool blockStart(std::uint64_t offset) const { return m_blockSize > 0 && offset % m_blockSize == 0; }

    std::uint64_t m_capacity = 0;
    std::uint64_t m_blockSize = 0;
    std::uint64_t m_used = 0;
    std::map<std::uint64_t, std::uint64_t> m_free;  // offset → length
};

}  // namespace sw::render
