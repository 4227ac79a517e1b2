#pragma once
// Our chunked LOD format on disk (docs/formats.md, "LOD folder"): a folder holding `lod.json`
// (the tree: nodes, leaves, and per leaf level its chunk file, count, spacing and error) and
// one chunk file per leaf and level under `chunks/`, float32 splats in model space. Written
// into a temporary folder and renamed into place; read back it gives the same tree, bit for bit.
// Every reader error names the file: a truncated or inconsistent chunk (with the byte offset),
// a manifest naming a missing file or a path outside its folder, a newer major version, NaN.
#include <memory>
#include <span>
#include <string>
#include <vector>

#include "core/foundation/error.h"
#include "core/foundation/progress.h"
#include "core/lod/chunk_source.h"
#include "core/lod/lod_tree.h"
#include "core/lod/streamed_sog_write.h"

namespace sw::lod {

inline constexpr const char* kLodManifest = "lod.json";
inline constexpr int kLodFormatMajor = 1;
inline constexpr int kLodFormatMinor = 1;  // 1.1: level-0 chunks may carry SH bands
inline constexpr std::size_t kChunkFileHeader = 32;
inline constexpr std::size_t kChunkFloatsPerSplat = 14;  // without SH bands
// Floats per splat of a chunk holding SH bands of `shDegree`: 14 + 3·((d + 1)² − 1).
constexpr std::size_t chunkFloatsPerSplat(int shDegree) { return kChunkFloatsPerSplat + 3 * std::size_t(splat::shRestCount(shDegree)); }

// "chunks/<leaf>_<level>.swlc": the chunk's path inside the folder.
std::string chunkFileName(std::size_t leaf, int level);

// The text of lod.json for `tree` (its chunks need not be present).
std::string lodManifestText(const LodTree& tree);
// Encodes / decodes one chunk file; `path` names the file in errors. A chunk's SH bands (its
// shDegree) are written after the 14 floats of each splat; decodeChunk expects `shDegree`'s
// (the manifest's for level 0, none for coarser levels; a 1.0 folder has none).
std::vector<std::uint8_t> encodeChunk(const splat::SplatCloud& chunk, std::uint32_t leaf, std::uint32_t level);
Result<splat::SplatCloud> decodeChunk(std::span<const std::uint8_t> bytes, std::uint32_t leaf, std::uint32_t level,
                                      std::uint32_t count, const std::string& path, int shDegree = 0);

// What writeLodFolder writes beside lod.json and chunks/.
struct LodFolderExtras {
    bool streamedSog = false;          // a PlayCanvas Streamed SOG of the tree in `streamed/`
    StreamedSogSettings streamed;
};

// Writes a LOD folder one chunk at a time (the out-of-core build holds one part of the tree at
// a time): begin() refuses a folder holding files splatwright did not write and makes the
// temporary folder, writeChunk() adds a chunk file, finish() writes the manifest and the marker
// and renames the folder into place. Destroyed before finish(), it leaves nothing behind.
class LodFolderWriter {
public:
    static Result<std::unique_ptr<LodFolderWriter>> begin(const std::string& folder);
    ~LodFolderWriter();
    LodFolderWriter(const LodFolderWriter&) = delete;
    LodFolderWriter& operator=(const LodFolderWriter&) = delete;
    Status writeChunk(const splat::SplatCloud& chunk, std::size_t leaf, int level);
    // Writes lod.json (and the extras: a Streamed SOG from `chunks`, or from the chunk files
    // written when null), the marker, and renames the folder into place. `tree` needs no chunks;
    // every one of its leaf levels must have been written.
    Result<std::uint64_t> finish(const LodTree& tree, const LodFolderExtras& extras = {}, const ChunkSource* chunks = nullptr,
                                 const Progress& progress = {});
    // A folder inside the temporary one for scratch files (removed with it; emptied by finish()).
    std::string scratchFolder() const;
    const std::string& target() const { return m_target; }
    std::uint64_t bytesWritten() const { return m_bytes; }

private:
    struct Temp;
    LodFolderWriter(std::string target, std::unique_ptr<Temp> temp);
    Error relocate(Error e) const;
    std::string m_target;
    std::unique_ptr<Temp> m_temp;
    std::uint64_t m_bytes = 0;
};

// Writes the tree (its chunks must be present) to `folder`: refused when `folder` holds files
// splatwright did not write (output_folder.h), so an input is never written over. Nothing is
// left behind on failure or cancel. Returns the bytes written.
Result<std::uint64_t> writeLodFolder(const LodTree& tree, const std::string& folder, const Progress& progress = {},
                                     const LodFolderExtras& extras = {});

// A folder read back: its tree (chunks empty) and the chunk files, checked to exist and to
// lie inside the folder.
class FolderChunkSource final : public ChunkSource {
public:
    static Result<std::shared_ptr<FolderChunkSource>> open(const std::string& folder);
    const LodTree& tree() const override { return m_tree; }
    Result<splat::SplatCloud> loadChunk(std::uint32_t leaf, std::uint32_t level) const override;
    const std::string& folder() const { return m_folder; }
    std::string inputFolder() const override { return m_folder; }
    std::string chunkPath(std::uint32_t leaf, std::uint32_t level) const;

private:
    std::string m_folder;
    LodTree m_tree;
    std::vector<std::string> m_files;  // [leaf × levelCount], relative to the folder
};

// The whole folder in memory: the tree with every chunk read and checked.
Result<LodTree> readLodFolder(const std::string& folder, const Progress& progress = {});

}  // namespace sw::lod
