#pragma once
// The pool beside the slots (flying copies of torn pieces, debris) and the rigid bodies the
// copies ride on, with its free list and the entries changed since the renderer last took them.
#include <cstdint>
#include <vector>

#include "core/destruct/sim_types.h"

namespace sw::destruct::detail {

struct PiecePool {
    std::vector<PoolEntry> entries;       // [capacity]
    std::vector<std::uint32_t> freeList;  // LIFO
    std::uint32_t high = 0;               // entries past this are free
    int debrisAlive = 0;
    std::vector<Body> bodies;
    std::vector<std::uint8_t> dirtyFlag;  // [capacity] in `dirty`
    std::vector<std::uint32_t> dirty;

    // Every entry free, no bodies, nothing dirty.
    void reset(int capacity);
    // Every entry changed (a heal back to the pristine state).
    void markAllDirty();
    // A free entry (the most recently freed first), or −1 when all are taken.
    int alloc();
    // Frees entry e (its debris count with it).
    void release(std::uint32_t e);
    // The first dead body, or a new one.
    int allocBody();
    // The entries changed since the last call, sorted.
    std::vector<std::uint32_t> takeDirty();
};

}  // namespace sw::destruct::detail
