// extractToFile: a region of a scan written as one splat file (extract.h).
#include <algorithm>
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

void appendCloud(splat::SplatCloud& out, splat::SplatCloud&& part, bool first) {
    if (first) {
        out = std::move(part);
        return;
    }
    if (part.shDegree != out.shDegree) out.shDegree = 0, out.shRest.clear(), part.shRest.clear();
    const auto cat = [](auto& a, const auto& b) { a.insert(a.end(), b.begin(), b.end()); };
    cat(out.positions, part.positions), cat(out.rotations, part.rotations), cat(out.scales, part.scales);
    cat(out.opacities, part.opacities), cat(out.colors, part.colors);
    if (out.shDegree > 0) cat(out.shRest, part.shRest);
}

}  // namespace

Result<splat::SplatCloud> extractScans(const std::vector<ScanInput>& scans, const Region& region, const ExtractSettings& settings,
                                       const Progress& progress, ExtractStats* statsOut) {
    splat::SplatCloud out;
    ExtractStats total;
    ExtractSettings left = settings;
    std::int64_t remaining = settings.splatLimit;
    bool first = true;
    for (std::size_t i = 0; i < scans.size(); ++i) {
        ExtractStats stats;
        auto part = extractRegion(*scans[i].source, region, left,
                                  progress.sub(double(i) / double(scans.size()), double(i + 1) / double(scans.size())), &stats);
        if (!part) {
            Error e = part.error();
            if (e.path.empty()) e.path = scans[i].path;
            return e;
        }
        total.leavesVisited += stats.leavesVisited, total.leavesSkipped += stats.leavesSkipped;
        total.splatsTested += stats.splatsTested;
        total.peakHeld = std::max<std::uint64_t>(total.peakHeld, out.size() + stats.peakHeld);
        if (part->empty()) continue;
        if (std::int64_t(part->size()) > remaining)  // the earlier scans took the whole limit
            return makeError(ErrorCode::InvalidInput, "the region holds at least " + std::to_string(out.size() + part->size()) +
                                                          " splats, more than the extraction limit of " +
                                                          std::to_string(settings.splatLimit) +
                                                          "; cut a smaller region or raise the splat limit", scans[i].path);
        remaining -= std::int64_t(part->size());
        left.splatLimit = std::max<std::int64_t>(1, remaining);
        appendCloud(out, std::move(*part), first);
        first = false;
    }
    if (statsOut) *statsOut = total;
    return out;
}

Status checkExtractOutput(const std::vector<ScanInput>& scans, const std::string& output, bool overwrite) {
    std::vector<std::string> inputs;
    for (const ScanInput& scan : scans) {
        if (const std::string folder = scan.source->inputFolder(); !folder.empty() && inside(output, folder))
            return makeError(ErrorCode::InvalidInput, "the output lies inside the scan's folder " + folder + "; choose a file outside it", output);
        inputs.push_back(scan.path);
    }
    return checkOutputFile(output, {inputs, overwrite});
}

Result<ExtractFileReport> extractToFile(const std::vector<ScanInput>& scans, const Region& region, const ExtractSettings& settings,
                                        const std::string& output, bool overwrite, const Progress& progress) {
    SW_TRY(checkExtractOutput(scans, output, overwrite));
    const std::string scan = scans.empty() ? std::string() : scans.front().path;
    const std::string ext = formats::fileExtension(output);
    if (ext != ".ply" && ext != ".spz" && ext != ".splat" && ext != ".sog" && ext != ".glb")
        return makeError(ErrorCode::Unsupported, "unknown output extension '" + ext + "' (expected .ply, .spz, .splat, .sog or .glb)", output);
    ExtractFileReport report;
    auto cloud = extractScans(scans, region, settings, progress.sub(0.0, 0.9), &report.stats);
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
