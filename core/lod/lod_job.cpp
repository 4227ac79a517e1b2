#include "core/lod/lod_job.h"

#include <chrono>
#include <filesystem>

#include "core/formats/cloud_io.h"
#include "core/foundation/output_folder.h"
#include "core/foundation/file_io.h"
#include "core/lod/lod_build_disk.h"
#include "core/lod/lod_folder.h"

namespace sw::lod {
namespace {

double secondsSince(std::chrono::steady_clock::time_point t0) {
    return std::chrono::duration<double>(std::chrono::steady_clock::now() - t0).count();
}

// Every splat of `source` in one cloud, read a block at a time (never the whole file's bytes).
Result<splat::SplatCloud> readAllBlocks(SplatBlockSource& source, const Progress& progress) {
    splat::SplatCloud all;
    const auto n = std::size_t(source.count());
    all.positions.reserve(n), all.rotations.reserve(n), all.scales.reserve(n), all.opacities.reserve(n), all.colors.reserve(n);
    for (;;) {
        if (progress.cancelled()) return makeError(ErrorCode::Cancelled, "LOD build cancelled");
        auto block = source.next(262144);
        if (!block) return block.error();
        if (block->empty()) return all;
        auto cat = [](auto& a, const auto& b) { a.insert(a.end(), b.begin(), b.end()); };
        cat(all.positions, block->positions), cat(all.rotations, block->rotations), cat(all.scales, block->scales);
        cat(all.opacities, block->opacities), cat(all.colors, block->colors);
        if (block->shDegree > 0) all.shDegree = block->shDegree, cat(all.shRest, block->shRest);
        progress.report(double(all.size()) / double(std::max<std::size_t>(n, 1)), "reading the scan");
    }
}

}  // namespace

Result<LodBuildReport> buildLodFolder(const std::string& scan, const std::string& folder, const LodSettings& settings,
                                      const Progress& progress, const LodFolderExtras& extras) {
    SW_TRY(lodSchema().check(settings));
    std::error_code ec;
    if (std::filesystem::equivalent(scan, folder, ec))
        return makeError(ErrorCode::InvalidInput, "the output folder is the scan itself; choose a new folder", folder);
    // Before any work: a folder holding the user's files (or the scan) is never replaced.
    SW_TRY(checkFolderReplaceable(std::filesystem::absolute(folder).lexically_normal().string()));
    auto t0 = std::chrono::steady_clock::now();
    progress.report(0.0, "reading the scan");
    LodBuildReport report;
    auto source = openBlockSource(scan, report.shDegree, progress.sub(0.0, 0.1));
    if (!source) return source.error();
    report.splats = (*source)->count();
    if (report.splats == 0) return makeError(ErrorCode::InvalidInput, "the scan has no splats", scan);
    if (progress.cancelled()) return makeError(ErrorCode::Cancelled, "LOD build cancelled", folder);
    const auto named = [&folder](Error e) {
        if (e.path.empty()) e.path = folder;
        return e;
    };

    if (report.splats * buildBytesPerSplat(report.shDegree) > std::uint64_t(settings.memoryMiB) * 1048576ull) {
        // Larger than the limit: built on disk, part by part, the chunks written as they come.
        auto writer = LodFolderWriter::begin(folder);
        if (!writer) return writer.error();
        SW_TRY(checkDiskSpace((*writer)->target(), report.splats * (56 + 12 * std::uint64_t(splat::shRestCount(report.shDegree))) * 3));  // scratch, then the chunks
        DiskBuildReport disk;
        auto tree = buildLodTreeOnDisk(**source, settings, **writer, disk, progress.sub(0.0, extras.streamedSog ? 0.8 : 0.98));
        if (!tree) return named(tree.error());
        report.parts = disk.parts;
        report.buildSeconds = secondsSince(t0);
        report.leaves = tree->leaves.size();
        for (int l = 0; l < tree->levelCount; ++l) report.levelSplats.push_back(tree->splatCount(l));
        t0 = std::chrono::steady_clock::now();
        auto bytes = (*writer)->finish(*tree, extras, nullptr, progress.sub(extras.streamedSog ? 0.8 : 0.98, 1.0));
        if (!bytes) return bytes.error();
        report.bytesWritten = *bytes;
        report.writeSeconds = secondsSince(t0);
    } else {
        auto cloud = readAllBlocks(**source, progress.sub(0.0, 0.1));
        if (!cloud) return cloud.error();
        (*source).reset();
        report.readSeconds = secondsSince(t0);
        if (progress.cancelled()) return makeError(ErrorCode::Cancelled, "LOD build cancelled", folder);
        t0 = std::chrono::steady_clock::now();
        auto tree = buildLodTree(*cloud, settings, progress.sub(0.1, 0.8));
        if (!tree) return named(tree.error());
        *cloud = splat::SplatCloud{};  // the tree holds every splat now
        report.parts = 1;
        report.buildSeconds = secondsSince(t0);
        report.leaves = tree->leaves.size();
        for (int l = 0; l < tree->levelCount; ++l) report.levelSplats.push_back(tree->splatCount(l));
        t0 = std::chrono::steady_clock::now();
        auto bytes = writeLodFolder(*tree, folder, progress.sub(0.8, 1.0), extras);
        if (!bytes) return bytes.error();
        report.bytesWritten = *bytes;
        report.writeSeconds = secondsSince(t0);
    }
    report.streamedSog = extras.streamedSog;
    report.folder = std::filesystem::absolute(folder).lexically_normal().string();
    return report;
}

}  // namespace sw::lod
