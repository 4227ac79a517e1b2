#pragma once
// PlayCanvas Streamed SOG: a `lod-meta.json` manifest beside SOG files (sog.h), one per chunk of
// the scene. The manifest (version 1, or the earlier shape without `version`/`count`/`counts`):
//   lodLevels: number of levels, 0 the finest;
//   filenames: the SOG of each file index (a meta.json in a sub-folder, or a `.sog`), relative
//              to the manifest's folder;
//   tree: nodes {bound: {min, max}, children: [...]} and, at leaves, lods: {"<level>": {file,
//         offset, count}}, a run of `count` splats from `offset` in that file;
//   environment (optional): a SOG drawn always; counts (v1): the splats of each level.
// docs/formats.md has the details. Splats are in the 3DGS convention and read into model space.
#include <Eigen/Core>
#include <cstdint>
#include <map>
#include <string>
#include <vector>

#include "core/foundation/error.h"
#include "core/foundation/progress.h"
#include "core/splat/splat_cloud.h"

namespace sw::formats {

// The highest manifest version this reader knows (0 stands for the unversioned shape).
inline constexpr int kStreamedSogVersion = 1;

struct StreamedSogRef {
    int file = 0;  // index into filenames
    std::uint64_t offset = 0, count = 0;
};

struct StreamedSogNode {
    Eigen::Vector3f boundMin = Eigen::Vector3f::Zero(), boundMax = Eigen::Vector3f::Zero();  // file axes
    std::vector<int> children;             // node indices
    std::map<int, StreamedSogRef> lods;    // level → run of splats
};

struct StreamedSogManifest {
    std::string path;    // the lod-meta.json
    std::string folder;  // its folder
    int version = 0;     // 0: unversioned
    int lodLevels = 0;
    std::vector<std::string> filenames;    // as written, each checked to exist inside `folder`
    std::string environment;               // "" when none
    std::vector<StreamedSogNode> nodes;    // [0] the root, depth first
    std::vector<std::uint64_t> levelCounts;  // [lodLevels] splats per level (from the tree)

    // Indices of the nodes holding splats (their `lods`), in tree order.
    std::vector<int> chunkNodes() const;
};

// Reads and checks a manifest (`path`: lod-meta.json, or a folder holding it). Refused with a
// one-line error naming the manifest: a newer version, a wrong field type, a file reference
// out of range, a filename that is absolute, leaves the folder (`..`, a link outside) or is
// missing, and `counts` disagreeing with the tree.
Result<StreamedSogManifest> readStreamedSogManifest(const std::string& path);

// One chunk: node `node`'s splats at `level` (an error when the node has none at that level).
Result<splat::SplatCloud> readStreamedSogChunk(const StreamedSogManifest& manifest, int node, int level,
                                               const Progress& progress = {});
// Every chunk of `level` in tree order (level 0: the finest, the whole scan); each SOG file is
// decoded once. A run past its file's splat count is an error naming that file.
Result<splat::SplatCloud> readStreamedSogLevel(const StreamedSogManifest& manifest, int level,
                                               const Progress& progress = {});

// True when `path` is a lod-meta.json or a folder holding one.
bool isStreamedSogPath(const std::string& path);

}  // namespace sw::formats
