// extractToFile: a region of a scan written as one splat file (extract.h).
#include <filesystem>

#include "core/formats/cloud_io.h"
#include "core/foundation/output_file.h"
#include "core/lod/extract.h"

namespace sw::lod {
namespace fs = std::filesystem;

namespace {

// True when `path` lies inside `folder` (both made absolute and normal; links resolved where they exist).
bool inside(const std::string& path, const std::string& folder) {
    std::error_code ec;
    const fs::path p = fs::weakly_canonical(fs::absolute(path), ec), f = fs::weakly_canonical(fs::absolute(folder), ec);
    if (ec) return false;
    const fs::path rel = p.lexically_relative(f);
    return !rel.empty() && *rel.begin() != "..";
}

}  // namespace

Result<ExtractFileReport> extractToFile(const std::string& scan, const ChunkSource& source, const Region& region,
                                        const ExtractSettings& settings, const std::string& output, bool overwrite,
                                        const Progress& progress) {
    if (const std::string folder = source.inputFolder(); !folder.empty() && inside(output, folder))
        return makeError(ErrorCode::InvalidInput, "the output lies inside the scan's folder " + folder + "; choose a file outside it", output);
    SW_TRY(checkOutputFile(output, {{scan}, overwrite}));
    const std::string ext = formats::fileExtension(output);
    if (ext != ".ply" && ext != ".spz" && ext != ".splat" && ext != ".sog" && ext != ".glb")
        return makeError(ErrorCode::Unsupported, "unknown output extension '" + ext + "' (expected .ply, .spz, .splat, .sog or .glb)", output);
    ExtractFileReport report;
    auto cloud = extractRegion(source, region, settings, progress.sub(0.0, 0.9), &report.stats);
    if (!cloud) {
        Error e = cloud.error();
        if (e.path.empty()) e.path = scan;
        return e;
    }
    if (cloud->empty()) return makeError(ErrorCode::InvalidInput, "the region holds no splats of the scan; nothing written", scan);
    if (progress.cancelled()) return makeError(ErrorCode::Cancelled, "extraction cancelled", output);
    progress.report(0.9, "writing " + output);
    SW_TRY(formats::writeSplatCloud(output, *cloud));
    SW_TRY(recordOutputFile(output));
    std::error_code ec;
    const auto bytes = fs::file_size(output, ec);
    report.splats = cloud->size();
    report.shDegree = cloud->shDegree;
    report.bytes = ec ? 0 : bytes;
    progress.report(1.0, "written");
    return report;
}

}  // namespace sw::lod
