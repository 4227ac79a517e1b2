#pragma once
// lod-build: a scan file (PLY, SPZ, .splat, SOG, glTF, a Streamed SOG's finest level) to our LOD
// folder, the job the CLI and the editor share. The scan is read (a PLY streamed block by
// block), checked (NaN, bad scales: an error naming it), built into a tree — in memory when it
// fits settings.memoryMiB, else on disk part by part (lod_build_disk.h) — and written
// atomically; the scan itself is never written.
#include <cstdint>
#include <string>
#include <vector>

#include "core/foundation/error.h"
#include "core/foundation/progress.h"
#include "core/lod/lod_folder.h"
#include "core/lod/lod_tree.h"

namespace sw::lod {

struct LodBuildReport {
    std::uint64_t splats = 0;
    std::size_t leaves = 0;
    std::vector<std::uint64_t> levelSplats;  // [levels] splats of every leaf at each level
    int shDegree = 0;  // the scan's SH degree, kept by the level-0 chunks (the coarser levels keep none, lod_tree.h)
    std::uint64_t bytesWritten = 0;
    std::size_t parts = 0;  // parts built one at a time: 1 in memory, more when built on disk
    double readSeconds = 0.0, buildSeconds = 0.0, writeSeconds = 0.0;  // write: the Streamed SOG included
    bool streamedSog = false;  // `<folder>/streamed/lod-meta.json` written too
    std::string folder;
};

// `extras`: by default a PlayCanvas Streamed SOG of the tree in `<folder>/streamed/` as well.
Result<LodBuildReport> buildLodFolder(const std::string& scan, const std::string& folder, const LodSettings& settings,
                                      const Progress& progress = {}, const LodFolderExtras& extras = {true, {}});

}  // namespace sw::lod
