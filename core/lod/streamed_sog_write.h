#pragma once
// A LOD tree written as a PlayCanvas Streamed SOG (formats/streamed_sog.h has the layout): a
// `lod-meta.json` (version 1, with `count` and `counts`) and one SOG folder per file,
// `<level>_<k>/meta.json`. The chunks of one level are packed, in leaf order, into files of at
// most `fileSplats` splats (a larger chunk gets a file of its own); a leaf's run at each level
// is its `lods` entry. The manifest's tree mirrors the LOD tree's nodes, bounds in the 3DGS axes
// the SOGs are written in. Chunks are SH-free (lod_tree.h), so the SOGs hold no SH bands.
// `lod-build` writes one into `streamed/` inside its LOD folder (kStreamedSogFolder).
#include <cstdint>
#include <string>

#include "core/foundation/error.h"
#include "core/foundation/progress.h"
#include "core/foundation/schema.h"
#include "core/lod/chunk_source.h"

namespace sw::lod {

inline constexpr const char* kStreamedSogFolder = "streamed";

struct StreamedSogSettings {
    int fileSplats = 1 << 20;      // most splats packed into one SOG file of a level
    int codebookIterations = 10;   // k-means passes of each SOG's codebooks
    int webpEffort = 2;            // libwebp's lossless preset, 0 fastest .. 9 smallest
};
const SettingsSchema<StreamedSogSettings>& streamedSogSchema();

// Writes the lod-meta.json and SOG folders of `source`'s tree into `folder`, which must exist and
// hold nothing of these names (a temporary folder of the caller). Returns the bytes written.
Result<std::uint64_t> writeStreamedSogInto(const ChunkSource& source, const std::string& folder,
                                           const StreamedSogSettings& settings, const Progress& progress = {});

// The whole Streamed SOG at `folder`: written into a temporary folder and renamed into place,
// refused when `folder` holds files splatwright did not write (output_folder.h) or is (or holds)
// the source's input folder; nothing is left behind on an error or a cancel. Returns the bytes
// written.
Result<std::uint64_t> writeStreamedSog(const ChunkSource& source, const std::string& folder,
                                       const StreamedSogSettings& settings = {}, const Progress& progress = {});

}  // namespace sw::lod
