#pragma once
// The out-of-core LOD build: a scan larger than the memory limit is built without ever holding
// it whole. Pass 1 streams the scan once, writing its splats (56 B each, and 12 B per SH
// coefficient triple when the scan has SH bands, which the finest chunks keep) to a scratch
// file and keeping a reservoir sample of 2^20 positions; a top k-d tree is cut from the sample
// (median splits on the longest axis) until each part is expected to hold at most 80 % of the
// splats one in-memory build may hold under the limit (less what the process holds already);
// pass 2 routes every splat to its part's scratch file ("sorting on disk"); then each part is
// read, built in memory (buildLodTree, the same tree as below its top) and its chunks written at
// once, one part at a time. The parts'
// trees hang under the top tree, whose nodes record the union of their bounds and counts.
// Scratch files live in the output's temporary folder, so a failure, a full disk or a cancel
// leaves nothing behind.
#include <cstdint>
#include <memory>

#include "core/foundation/error.h"
#include "core/foundation/progress.h"
#include "core/lod/lod_folder.h"
#include "core/lod/lod_tree.h"

namespace sw::lod {

// Working set of the in-memory build per splat (the cloud, its ids, level 0 and the coarse levels,
// the merge bookkeeping), rounded up: a part holds at most limit / this many splats. SH bands add
// their 12 B per coefficient triple twice (the cloud and its level-0 chunks): 520 B at degree 3.
inline constexpr std::uint64_t kBuildBytesPerSplat = 160;
constexpr std::uint64_t buildBytesPerSplat(int shDegree) {
    return kBuildBytesPerSplat + 2 * 12 * std::uint64_t(splat::shRestCount(shDegree));
}

// The splats of a scan a block at a time: model space, SH bands kept, validated.
class SplatBlockSource {
public:
    virtual ~SplatBlockSource() = default;
    virtual std::uint64_t count() const = 0;
    virtual int shDegree() const = 0;
    virtual Result<splat::SplatCloud> next(std::size_t max) = 0;  // empty at the end
};

// A block source over a file: a standard PLY is streamed (formats::PlyStreamReader); any other
// scan (compressed, SOG, SPZ…) is read whole first, being a fraction of its decoded size.
Result<std::unique_ptr<SplatBlockSource>> openBlockSource(const std::string& scan, int& shDegree, const Progress& progress);

struct DiskBuildReport {
    std::size_t parts = 0;
    std::uint64_t partCapacity = 0;   // splats one part may hold under the limit
    std::uint64_t largestPart = 0;    // splats of the largest part built
    std::uint64_t scratchBytes = 0;   // written to scratch files
};

// Builds the tree of every splat of `source` within `settings.memoryMiB`, writing each part's
// chunks through `writer` as soon as they are built; the returned tree has no chunks (pass it to
// writer.finish()). Cancelled when progress is cancelled; Io naming the scratch file when the
// disk fills.
Result<LodTree> buildLodTreeOnDisk(SplatBlockSource& source, const LodSettings& settings, LodFolderWriter& writer,
                                   DiskBuildReport& report, const Progress& progress = {});

}  // namespace sw::lod
