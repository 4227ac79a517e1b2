#include "core/render/scan_slots.h"

#include <algorithm>
#include <iterator>

#include "core/foundation/check.h"

namespace sw::render {

SlotAllocator::SlotAllocator(std::uint64_t capacity, std::uint64_t blockSize)
    : m_capacity(capacity), m_blockSize(blockSize >= capacity ? 0 : blockSize) {
    clear();
}

void SlotAllocator::clear() {
    m_free.clear();
    m_used = 0;
    const std::uint64_t block = m_blockSize > 0 ? m_blockSize : m_capacity;
    for (std::uint64_t start = 0; start < m_capacity; start += block) m_free.emplace(start, std::min(block, m_capacity - start));
}

std::optional<std::uint64_t> SlotAllocator::allocate(std::uint64_t count) {
    if (count == 0) return 0;
    for (auto it = m_free.begin(); it != m_free.end(); ++it) {
        if (it->second < count) continue;
        const std::uint64_t offset = it->first, rest = it->second - count;
        m_free.erase(it);
        if (rest > 0) m_free.emplace(offset + count, rest);
        m_used += count;
        return offset;
    }
    return std::nullopt;
}

void SlotAllocator::release(std::uint64_t offset, std::uint64_t count) {
    if (count == 0) return;
    SW_REQUIRE(offset + count <= m_capacity && count <= m_used, "slots " << offset << "+" << count << " of " << m_capacity);
    std::uint64_t start = offset, length = count;
    auto next = m_free.lower_bound(offset);
    if (next != m_free.begin()) {
        auto prev = std::prev(next);
        SW_REQUIRE(prev->first + prev->second <= offset, "slots " << offset << "+" << count << " freed twice");
        if (prev->first + prev->second == offset && !blockStart(offset)) {
            start = prev->first;
            length += prev->second;
            m_free.erase(prev);
        }
    }
    if (next != m_free.end()) {
        SW_REQUIRE(offset + count <= next->first, "slots " << offset << "+" << count << " freed twice");
        if (offset + count == next->first && !blockStart(next->first)) {
            length += next->second;
            m_free.erase(next);
        }
    }
    m_free.emplace(start, length);
    m_used -= count;
}

std::uint64_t SlotAllocator::largestFree() const {
    std::uint64_t best = 0;
    for (const auto& [offset, length] : m_free) best = std::max(best, length);
    return best;
}

}  // namespace sw::render
