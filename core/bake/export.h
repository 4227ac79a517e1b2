#pragma once
// One-click export of a baked model (PIPELINE §5, FORMATS.md): into outDir it writes
//   <name>.bin        SPL2 with the CHNK tail (game runtime)
//   <name>.meta.json  normalisation, barrel tips, gun axes, engine box, part names and pivots,
//                     budget, settings, FNV-1a 64 hash of the source model file
//   <name>.json       human-readable debug dump of the baked splats
//   <name>.ply        standard 3DGS PLY     <name>.spz  Niantic SPZ v3
// Atomicity: every file is encoded in memory first, then written into a fresh hidden folder
// inside outDir (fsync'd atomic writes), then renamed into place one by one. Any failure
// before the renames leaves outDir untouched; a failing rename removes the files already moved
// and reports the error. An unwritable outDir is an Io error naming it.
#include <cstdint>
#include <span>
#include <string>
#include <vector>

#include "core/bake/bake.h"
#include "core/foundation/error.h"
#include "core/foundation/schema.h"
#include "core/geometry/import.h"
#include "core/geometry/mesh.h"

namespace sw::bake {

struct ExportSettings {
    bool writePly = true;
    bool writeSpz = true;
    bool writeDebugJson = true;
};
const SettingsSchema<ExportSettings>& exportSchema();

// What the sidecar needs beyond the baked model.
struct ExportMeta {
    std::string sourceModelPath;               // hashed (FNV-1a 64); empty = no hash
    geometry::Normalisation normalisation;     // from ImportReport
    const geometry::Mesh* mesh = nullptr;      // normalised mesh: parts, pivots, guns, engine
    std::string bakeSettingsJson;              // ParamSet::toJson of the bake settings used
    std::string trainingSettingsJson;          // optional JSON object text; empty = none
};

struct ExportedFile {
    std::string path;
    std::uintmax_t bytes = 0;
};

struct ExportResult {
    std::vector<ExportedFile> files;  // in write order: .bin, .meta.json, .json, .ply, .spz
    std::string sourceHash;           // "fnv1a64:<16 hex digits>" or empty
};

// cloud: the splats for PLY/SPZ (normally baked.cloud). name: file stem without '/'.
Result<ExportResult> exportModel(const BakedModel& baked, const splat::SplatCloud& cloud, const ExportMeta& meta,
                                 const std::string& outDir, const std::string& name, const ExportSettings& settings = {});

// FNV-1a 64 (Fowler, Noll, Vo; offset basis 0xcbf29ce484222325, prime 0x100000001b3).
std::uint64_t fnv1a64(std::span<const std::uint8_t> bytes);

// Sidecar and debug texts (export_meta.cpp). sourceHash may be empty.
std::string buildMetaJson(const BakedModel& baked, const ExportMeta& meta, const std::string& sourceHash);
std::string buildDebugJson(const BakedModel& baked);

template <class S>
void addExportParams(SettingsSchema<S>& s) {
    s.template add<bool>(&S::writePly, "write-ply", "Write PLY").group("Export");
    s.template add<bool>(&S::writeSpz, "write-spz", "Write SPZ").group("Export");
    s.template add<bool>(&S::writeDebugJson, "write-debug-json", "Write debug JSON").group("Export");
}

}  // namespace sw::bake
