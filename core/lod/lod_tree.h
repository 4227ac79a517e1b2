#pragma once
// The LOD tree of a splat scan: a k-d tree whose leaves are chunks of at most `leafSize` splats,
// each leaf with `levels` levels of detail. Level 0 holds the leaf's own splats; level l + 1
// merges groups of `reduction` neighbouring splats of level l into one by moment matching
// (merge.h), so a coarse level keeps the mass, centroid and second moment of the finest.
// Every node records its bounds, splat count and splat spacing; every leaf level records its
// count, spacing and error against the finest level. The finest chunks keep the scan's SH bands
// (an extraction cuts assets out at full detail); the coarser levels are SH-free (a merged splat's
// view-dependent colour is not carried, and the renderer draws base colours only).
#include <Eigen/Geometry>
#include <cstdint>
#include <vector>

#include "core/foundation/error.h"
#include "core/foundation/progress.h"
#include "core/foundation/schema.h"
#include "core/splat/splat_cloud.h"

namespace sw::lod {

struct LodSettings {
    int leafSize = 16384;  // most splats in a leaf chunk (its finest level)
    int levels = 5;        // levels of detail per leaf, the finest included
    int reduction = 4;     // splats of one level merged into one of the next coarser
    int threads = 0;       // worker threads; 0 = one per core
    int memoryMiB = 4096;  // memory limit of lod-build: a larger scan is built on disk (lod_build_disk.h)
};
const SettingsSchema<LodSettings>& lodSchema();

struct LevelInfo {
    std::uint32_t count = 0;  // splats in this level of the leaf
    float spacing = 0.0f;     // splatSpacing(leaf bounds, count), model units
    float error = 0.0f;       // mass-weighted RMS distance of the finest splats to their merged splat, model units
};

struct LodNode {
    Eigen::AlignedBox3f bounds;  // of the splat centres below the node
    std::uint64_t count = 0;     // finest splats below the node
    float spacing = 0.0f;        // splatSpacing(bounds, count)
    std::int32_t children[2] = {-1, -1};
    std::int32_t leaf = -1;      // index into LodTree::leaves when this node is a leaf
};

struct LodLeaf {
    std::int32_t node = -1;
    Eigen::AlignedBox3f bounds;
    std::vector<LevelInfo> levels;  // [levelCount], 0 = finest
};

struct LodTree {
    int levelCount = 0;
    int leafSize = 0;
    int reduction = 0;
    int shDegree = 0;  // SH degree of the level-0 chunks (0: none); coarser levels carry none
    std::vector<LodNode> nodes;  // nodes[0] is the root
    std::vector<LodLeaf> leaves;
    // [leaves × levelCount] chunk clouds (index chunkIndex); empty when only the tree was read.
    std::vector<splat::SplatCloud> chunks;

    std::size_t chunkIndex(std::size_t leaf, int level) const { return leaf * static_cast<std::size_t>(levelCount) + static_cast<std::size_t>(level); }
    const splat::SplatCloud& chunk(std::size_t leaf, int level) const { return chunks.at(chunkIndex(leaf, level)); }
    std::uint64_t splatCount(int level) const;  // splats of every leaf at `level`
};

// Average distance between neighbouring splat centres of a region: the larger of the volume
// estimate ∛(V / n) and the surface estimate √(A / n), A the product of the two largest
// extents (a scan is mostly surfaces, whose box has almost no volume).
float splatSpacing(const Eigen::AlignedBox3f& bounds, std::uint64_t count);

// Builds the tree in memory. InvalidInput for an empty cloud or settings outside lodSchema();
// Cancelled when progress is cancelled. The cloud must be valid (SplatCloud::validate).
Result<LodTree> buildLodTree(const splat::SplatCloud& cloud, const LodSettings& settings, const Progress& progress = {});

}  // namespace sw::lod
