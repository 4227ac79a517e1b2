#pragma once
// Where a scan's chunks come from. The resident pool asks a ChunkSource for one chunk at a time
// on its worker threads; the tree (bounds, counts, spacing) is known up front. Sources today:
// a tree built in memory (MemoryChunkSource), our chunked folder (lod_folder.h) and a PlayCanvas
// Streamed SOG (streamed_sog_source.h); an HTTP server fits the same interface.
#include <cstdint>
#include <memory>
#include <string>

#include "core/foundation/error.h"
#include "core/lod/lod_tree.h"

namespace sw::lod {

struct ChunkKey {
    std::uint32_t scan = 0;   // index of the source in the pool
    std::uint32_t leaf = 0;
    std::uint32_t level = 0;  // 0 = finest
    bool operator==(const ChunkKey&) const = default;
    std::uint64_t packed() const { return (std::uint64_t{scan} << 40) | (std::uint64_t{leaf} << 8) | level; }
};

class ChunkSource {
public:
    virtual ~ChunkSource() = default;
    // The tree's nodes and leaves (its chunk clouds may be empty).
    virtual const LodTree& tree() const = 0;
    // One chunk's splats. Called from several worker threads at once: must be thread-safe.
    // An error names the file (or address) and the problem.
    virtual Result<splat::SplatCloud> loadChunk(std::uint32_t leaf, std::uint32_t level) const = 0;
    // The folder the chunks are read from ("" when none): a writer never writes over it.
    virtual std::string inputFolder() const { return {}; }
};

// A tree built in memory (buildLodTree), its chunks handed out as copies.
class MemoryChunkSource final : public ChunkSource {
public:
    explicit MemoryChunkSource(std::shared_ptr<const LodTree> tree) : m_tree(std::move(tree)) {}
    const LodTree& tree() const override { return *m_tree; }
    Result<splat::SplatCloud> loadChunk(std::uint32_t leaf, std::uint32_t level) const override {
        return m_tree->chunk(leaf, static_cast<int>(level));
    }

private:
    std::shared_ptr<const LodTree> m_tree;
};

}  // namespace sw::lod
