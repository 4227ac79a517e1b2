#pragma once
// The scans a viewer has open: their chunk sources, one resident pool and one splat budget over
// all of them (seed 003: several views and scans share one copy of the data), and each frame's
// plan: the selection of every view (selectLevels over every scan's tree) handed to the pool
// (ResidentPool::update). The render side then takes the pool's uploads, reports their fences
// and draws its drawList (resident_pool.h); that part belongs to the front end's renderer.
//
// openScanSource opens a file for viewing: our LOD folder (its lod.json, or the folder) and a
// PlayCanvas Streamed SOG (its lod-meta.json, or the folder) stream their chunks from disk; any
// other splat file cloud_io reads (PLY, SPZ, .splat, SOG, glTF) is the degenerate tree of one leaf
// with one level: one chunk, always resident, so a plain file takes the same path as a streamed scan.
#include <cstdint>
#include <memory>
#include <string>
#include <vector>

#include "core/foundation/error.h"
#include "core/foundation/progress.h"
#include "core/lod/chunk_source.h"
#include "core/lod/resident_pool.h"
#include "core/lod/selection.h"

namespace sw::lod {

// The degenerate tree of a whole cloud: one node, one leaf, one level holding every splat
// (its SH bands kept, as in every finest LOD chunk: the renderer ignores them, an extraction
// keeps them; normals dropped). The cloud must not be empty.
LodTree singleChunkTree(splat::SplatCloud cloud);

// True when `path` is our LOD folder or its manifest (a folder holding lod.json, or lod.json).
bool isLodFolderPath(const std::string& path);


// The chunk source of a scan file (see above). Errors name the file and the problem; Cancelled
// when progress is cancelled while a single file is read.
Result<std::shared_ptr<const ChunkSource>> openScanSource(const std::string& path, const Progress& progress = {});

// Loads every chunk of every leaf and level once (each reader checks its chunk: counts, sizes,
// checksums, NaN): the first error, naming its file. Cancelled when progress is cancelled.
Status checkEveryChunk(const ChunkSource& source, const Progress& progress = {});
struct ScanSettings {
    SelectionSettings selection;
    StreamSettings stream;
};

// What one frame's plan found for one view: the selection, and of the chunks it wants (each
// chosen leaf's levels from its coarsest down to the chosen one) how many are drawable now.
struct ViewPlan {
    Selection selection;
    std::size_t wantedChunks = 0;
    std::size_t drawableChunks = 0;
    std::size_t loadingChunks = 0;  // queued, loading, loaded or uploading (the rest wait for room)
};

class ScanSet {
public:
    struct Scan {
        std::string path;
        std::shared_ptr<const ChunkSource> source;
    };

    // Adds a scan (its index in the pool is its position here); the pool is made again over
    // every scan, so what was resident is loaded anew.
    Status add(std::string path, std::shared_ptr<const ChunkSource> source);
    void clear();
    const std::vector<Scan>& scans() const { return m_scans; }
    bool empty() const { return m_scans.empty(); }

    // InvalidInput (nothing changes) for values outside selectionSchema() / streamSchema() or a
    // memory budget of 0. A changed memory budget or loader count makes the pool again.
    Status setSettings(const ScanSettings& settings);
    const ScanSettings& settings() const { return m_settings; }
    // The most bytes the render side can hold (its GPU pool's largest storage block; 0: no
    // limit). The resident pool's budget is the memory budget capped by it; a change of the
    // capped budget makes the pool again.
    Status setByteCap(std::uint64_t cap);
    std::uint64_t byteCap() const { return m_byteCap; }
    // The resident pool's byte budget: the memory budget, no more than byteCap().
    std::uint64_t poolByteBudget() const;

    // One frame: selectLevels for every view over every scan, then ResidentPool::update with
    // all of them. Empty when no scan is open.
    Result<std::vector<ViewPlan>> plan(const std::vector<View>& views);

    // The render side lost what it uploaded (its GL context went): the pool is made again, so
    // every chunk loads and uploads anew.
    Status reloadPool() { return rebuildPool(); }

    ResidentPool* pool() { return m_pool.get(); }  // null while no scan is open
    const ResidentPool* pool() const { return m_pool.get(); }
    // Bumped whenever the pool is made again: a renderer drops what it uploaded from the old one.
    std::uint64_t generation() const { return m_generation; }
    std::vector<const LodTree*> trees() const;

private:
    Status rebuildPool();
    static std::uint64_t capped(std::uint64_t budget, std::uint64_t cap) { return cap > 0 && budget > cap ? cap : budget; }

    std::vector<Scan> m_scans;
    ScanSettings m_settings;
    std::unique_ptr<ResidentPool> m_pool;
    std::uint64_t m_generation = 0;
    std::uint64_t m_byteCap = 0;
};

}  // namespace sw::lod
