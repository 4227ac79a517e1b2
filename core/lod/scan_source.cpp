#include "core/lod/scan_source.h"

#include <filesystem>

#include "core/formats/streamed_sog.h"
#include "core/lod/lod_folder.h"
#include "core/lod/streamed_sog_source.h"

namespace sw::lod {
namespace fs = std::filesystem;

Result<OpenedScan> openScanSource(const std::string& path) {
    std::error_code ec;
    const fs::path p(path);
    const bool isDir = fs::is_directory(p, ec);
    if ((isDir && fs::exists(p / kLodManifest, ec)) || p.filename() == kLodManifest) {
        auto folder = FolderChunkSource::open(isDir ? path : p.parent_path().string());
        if (!folder) return folder.error();
        return OpenedScan{*folder, ScanKind::LodFolder};
    }
    if (formats::isStreamedSogPath(path)) {
        auto streamed = StreamedSogChunkSource::open(path);
        if (!streamed) return streamed.error();
        return OpenedScan{*streamed, ScanKind::StreamedSog};
    }
    if (!fs::exists(p, ec)) return makeError(ErrorCode::Io, "file not found", path);
    return makeError(ErrorCode::Unsupported, "not a LOD folder (lod.json) or a Streamed SOG (lod-meta.json)", path);
}

Status checkEveryChunk(const ChunkSource& source, const Progress& progress) {
    const LodTree& tree = source.tree();
    for (std::uint32_t leaf = 0; leaf < tree.leaves.size(); ++leaf) {
        if (progress.cancelled()) return makeError(ErrorCode::Cancelled, "checking the chunks cancelled");
        for (int level = 0; level < tree.levelCount; ++level) {
            auto chunk = source.loadChunk(leaf, static_cast<std::uint32_t>(level));
            if (!chunk) return chunk.error();
        }
        progress.report(static_cast<double>(leaf + 1) / static_cast<double>(tree.leaves.size()), "reading chunks");
    }
    return {};
}

}  // namespace sw::lod
