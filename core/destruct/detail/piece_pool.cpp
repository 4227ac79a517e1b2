#include "core/destruct/detail/piece_pool.h"

#include <algorithm>

namespace sw::destruct::detail {

void PiecePool::reset(int capacity) {
    entries.assign(std::size_t(capacity), PoolEntry{});
    freeList.clear();
    for (int i = capacity - 1; i >= 0; --i) freeList.push_back(std::uint32_t(i));
    high = 0;
    debrisAlive = 0;
    bodies.clear();
    dirtyFlag.assign(entries.size(), 0);
    dirty.clear();
}

void PiecePool::markAllDirty() {
    for (std::uint32_t e = 0; e < entries.size(); ++e) {
        dirtyFlag[e] = 1;
        dirty.push_back(e);
    }
}

int PiecePool::alloc() {
    if (freeList.empty()) return -1;
    const std::uint32_t e = freeList.back();
    freeList.pop_back();
    high = std::max(high, e + 1);
    if (!dirtyFlag[e]) dirtyFlag[e] = 1, dirty.push_back(e);
    return int(e);
}

void PiecePool::release(std::uint32_t e) {
    if (entries[e].kind == PoolKind::Debris) --debrisAlive;
    entries[e] = PoolEntry{};
    freeList.push_back(e);
    if (!dirtyFlag[e]) dirtyFlag[e] = 1, dirty.push_back(e);
}

int PiecePool::allocBody() {
    for (std::size_t b = 0; b < bodies.size(); ++b)
        if (!bodies[b].alive) return int(b);
    bodies.emplace_back();
    return int(bodies.size() - 1);
}

std::vector<std::uint32_t> PiecePool::takeDirty() {
    std::vector<std::uint32_t> out;
    out.swap(dirty);
    for (std::uint32_t i : out) dirtyFlag[i] = 0;
    std::sort(out.begin(), out.end());
    return out;
}

}  // namespace sw::destruct::detail
