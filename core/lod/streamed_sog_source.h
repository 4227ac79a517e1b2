#pragma once
// A PlayCanvas Streamed SOG (formats/streamed_sog.h) as a ChunkSource, so the resident pool
// streams a scan that PlayCanvas's tools chunked. The tree comes from the manifest alone:
// - nodes and bounds from its `tree` (bounds turned into model space); a node with more than
//   two children is split into a balanced binary tree of nodes bounding their children, a node
//   holding both `lods` and children gets its `lods` as one more child;
// - a leaf per node with `lods`, `lodLevels` levels: a level the node lacks reads the nearest
//   finer level it has (else the nearest coarser), so every level loads;
// - spacing splatSpacing(bounds, count) per level; the error of a coarser level (no splats are
//   merged here that we could measure) is estimated as spacing / √6, the RMS distance of points
//   spread evenly over a square of that side from its centre; 0 at the finest.
// loadChunk decodes only the SOG file the chunk's run lies in (WebP has no random access) and
// converts only that run, SH dropped (LOD chunks are SH-free). Decoded files are cached, the
// most recently used `cachedFiles` of them; concurrent loads of one file decode it once.
#include <condition_variable>
#include <list>
#include <map>
#include <memory>
#include <mutex>
#include <string>

#include "core/formats/sog.h"
#include "core/formats/streamed_sog.h"
#include "core/lod/chunk_source.h"

namespace sw::lod {

class StreamedSogChunkSource final : public ChunkSource {
public:
    // `path`: lod-meta.json or its folder; the manifest's errors (readStreamedSogManifest).
    static Result<std::shared_ptr<StreamedSogChunkSource>> open(const std::string& path, int cachedFiles = 2);
    const LodTree& tree() const override { return m_tree; }
    Result<splat::SplatCloud> loadChunk(std::uint32_t leaf, std::uint32_t level) const override;

    std::string inputFolder() const override { return m_manifest.folder; }
    const formats::StreamedSogManifest& manifest() const { return m_manifest; }
    // The manifest node a leaf was made from, and the run (file, offset, count) its level reads.
    int manifestNode(std::uint32_t leaf) const { return m_leafNodes.at(leaf); }
    const formats::StreamedSogRef& run(std::uint32_t leaf, std::uint32_t level) const;
    std::uint64_t fileDecodes() const;  // SOG files decoded so far

private:
    using Images = std::shared_ptr<const formats::SogImages>;
    Result<Images> file(int index) const;

    formats::StreamedSogManifest m_manifest;
    LodTree m_tree;
    std::vector<int> m_leafNodes;                   // [leaves] manifest node
    std::vector<formats::StreamedSogRef> m_runs;    // [leaves × levelCount]
    std::size_t m_cachedFiles = 2;
    mutable std::mutex m_mutex;
    mutable std::condition_variable m_decoded;
    mutable std::list<std::pair<int, Images>> m_cache;  // most recent first
    mutable std::map<int, int> m_decoding;              // file → loads waiting on its decode
    mutable std::uint64_t m_decodes = 0;
};

}  // namespace sw::lod
