// LodFolderWriter: a LOD folder written chunk by chunk into a temporary folder and renamed into
// place by finish() (lod_folder.h).
#include <filesystem>
#include <optional>

#include "core/foundation/file_io.h"
#include "core/foundation/output_folder.h"
#include "core/lod/lod_folder.h"

namespace sw::lod {
namespace fs = std::filesystem;

struct LodFolderWriter::Temp {
    std::optional<TemporaryFolder> folder;
};

LodFolderWriter::LodFolderWriter(std::string target, std::unique_ptr<Temp> temp)
    : m_target(std::move(target)), m_temp(std::move(temp)) {}
LodFolderWriter::~LodFolderWriter() = default;

Error LodFolderWriter::relocate(Error e) const { return m_temp->folder->relocate(std::move(e), m_target); }

Result<std::unique_ptr<LodFolderWriter>> LodFolderWriter::begin(const std::string& folder) {
    const fs::path target = fs::absolute(folder).lexically_normal();
    std::error_code ec;
    fs::create_directories(target.parent_path(), ec);
    if (ec) return makeError(ErrorCode::Io, "cannot create the parent folder (" + ec.message() + ")", target.string());
    SW_TRY(checkFolderReplaceable(target.string()));
    auto temp = TemporaryFolder::create(target.string());
    if (!temp) return temp.error();
    auto state = std::make_unique<Temp>();
    state->folder.emplace(std::move(*temp));
    fs::create_directories(fs::path(state->folder->path()) / "chunks", ec);
    if (ec) return makeError(ErrorCode::Io, "cannot create the chunks folder (" + ec.message() + ")", target.string());
    return std::unique_ptr<LodFolderWriter>(new LodFolderWriter(target.string(), std::move(state)));
}

std::string LodFolderWriter::scratchFolder() const { return (fs::path(m_temp->folder->path()) / "scratch").string(); }

Status LodFolderWriter::writeChunk(const splat::SplatCloud& chunk, std::size_t leaf, int level) {
    const auto bytes = encodeChunk(chunk, static_cast<std::uint32_t>(leaf), static_cast<std::uint32_t>(level));
    if (Status st = writeNewFileUnsynced((fs::path(m_temp->folder->path()) / chunkFileName(leaf, level)).string(), bytes); !st)
        return relocate(st.error());
    m_bytes += bytes.size();
    return {};
}

Result<std::uint64_t> LodFolderWriter::finish(const LodTree& tree, const LodFolderExtras& extras, const ChunkSource* chunks,
                                              const Progress& progress) {
    const fs::path temp = m_temp->folder->path();
    std::error_code ec;
    fs::remove_all(scratchFolder(), ec);
    const std::string manifest = lodManifestText(tree);
    if (Status st = writeFileAtomic((temp / kLodManifest).string(), manifest); !st) return relocate(st.error());
    m_bytes += manifest.size();
    std::vector<std::string> written = {"chunks/", kLodManifest};
    if (extras.streamedSog) {
        // From the chunks in memory, or read back from the files just written (the out-of-core build).
        std::shared_ptr<FolderChunkSource> onDisk;
        if (!chunks) {
            auto opened = FolderChunkSource::open(temp.string());
            if (!opened) return relocate(opened.error());
            onDisk = *opened;
            chunks = onDisk.get();
        }
        const fs::path streamed = temp / kStreamedSogFolder;
        fs::create_directories(streamed, ec);
        if (ec) return makeError(ErrorCode::Io, "cannot create the Streamed SOG folder (" + ec.message() + ")", m_target);
        auto bytes = writeStreamedSogInto(*chunks, streamed.string(), extras.streamed, progress);
        if (!bytes) return relocate(bytes.error());
        m_bytes += *bytes;
        written.push_back(std::string(kStreamedSogFolder) + "/");
    }
    if (Status st = recordOutputs(temp.string(), written); !st) return relocate(st.error());
    if (progress.cancelled()) return makeError(ErrorCode::Cancelled, "LOD folder writing cancelled", m_target);
    if (Status st = syncFileSystemOf(temp.string()); !st) return relocate(st.error());  // the chunks, once
    SW_TRY(replaceFolder(temp.string(), m_target));
    m_temp->folder->release();
    return m_bytes;
}

}  // namespace sw::lod
