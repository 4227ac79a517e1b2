#include "core/lod/lod_job.h"

#include <chrono>
#include <filesystem>

#include "core/formats/cloud_io.h"
#include "core/foundation/output_folder.h"
#include "core/lod/lod_folder.h"

namespace sw::lod {
namespace {

double secondsSince(std::chrono::steady_clock::time_point t0) {
    return std::chrono::duration<double>(std::chrono::steady_clock::now() - t0).count();
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
    auto cloud = formats::readSplatCloud(scan, formats::Axes::Standard, progress.sub(0.0, 0.1));
    if (!cloud) return cloud.error();
    SW_TRY(cloud->validate(scan));
    if (cloud->empty()) return makeError(ErrorCode::InvalidInput, "the scan has no splats", scan);
    LodBuildReport report;
    report.splats = cloud->size();
    report.droppedShDegree = cloud->shDegree;
    report.readSeconds = secondsSince(t0);
    if (progress.cancelled()) return makeError(ErrorCode::Cancelled, "LOD build cancelled", folder);

    t0 = std::chrono::steady_clock::now();
    auto tree = buildLodTree(*cloud, settings, progress.sub(0.1, 0.8));
    if (!tree) {
        Error e = tree.error();
        if (e.path.empty()) e.path = folder;
        return e;
    }
    cloud = splat::SplatCloud{};  // the tree holds every splat now
    report.buildSeconds = secondsSince(t0);
    report.leaves = tree->leaves.size();
    for (int l = 0; l < tree->levelCount; ++l) report.levelSplats.push_back(tree->splatCount(l));

    t0 = std::chrono::steady_clock::now();
    auto bytes = writeLodFolder(*tree, folder, progress.sub(0.8, 1.0), extras);
    if (!bytes) return bytes.error();
    report.bytesWritten = *bytes;
    report.writeSeconds = secondsSince(t0);
    report.streamedSog = extras.streamedSog;
    report.folder = std::filesystem::absolute(folder).lexically_normal().string();
    return report;
}

}  // namespace sw::lod
