#pragma once
// A scan opened for streaming, whatever its form: our LOD folder (the folder or its lod.json) or a
// PlayCanvas Streamed SOG (its lod-meta.json or the folder holding it). The CLI's lod-info and the
// editor's Open Scan take either through this.
#include <memory>
#include <string>

#include "core/foundation/error.h"
#include "core/foundation/progress.h"
#include "core/lod/chunk_source.h"

namespace sw::lod {

enum class ScanKind { LodFolder, StreamedSog };

struct OpenedScan {
    std::shared_ptr<const ChunkSource> source;
    ScanKind kind = ScanKind::LodFolder;
};

// Unsupported naming the path when it is neither (a plain splat file is opened with
// formats::readSplatCloud); the readers' errors otherwise.
Result<OpenedScan> openScanSource(const std::string& path);

// Loads every chunk of every leaf and level once (each reader checks its chunk: counts, sizes,
// checksums, NaN): the first error, naming its file. Cancelled when progress is cancelled.
Status checkEveryChunk(const ChunkSource& source, const Progress& progress = {});

}  // namespace sw::lod
