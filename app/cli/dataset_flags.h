#pragma once
// The dataset stage on the command line (PIPELINE §2), shared by `splatwright-cli dataset` and
// `splatwright-cli train <model>`: the import, belt and dataset schema flags plus --hsv, and the
// run itself (import + repair, lighting bake, headless EGL render of the NeRF-synthetic folder).
#include <CLI/CLI.hpp>
#include <memory>
#include <set>
#include <string>
#include <vector>

#include "app/cli/schema_flags.h"
#include "core/foundation/error.h"
#include "core/geometry/import.h"

namespace sw::cli {

class DatasetStageFlags {
public:
    // Adds the flags to cmd. Schema parameters named in `skip` get no flag (they keep their
    // default or preset value), for a command whose own flags already use those names.
    explicit DatasetStageFlags(CLI::App& cmd, const std::set<std::string>& skip = {});
    DatasetStageFlags(const DatasetStageFlags&) = delete;
    DatasetStageFlags& operator=(const DatasetStageFlags&) = delete;
    ~DatasetStageFlags();

    // Imports and repairs `model` with the flags' settings and renders its dataset into
    // `output` (replaced atomically when complete), with a progress bar on stderr and a summary
    // on stdout. Returns the imported (repaired, normalised) model.
    Result<geometry::ImportedModel> run(const std::string& model, const std::string& output) const;

private:
    struct Params;
    std::unique_ptr<Params> m_params;
    std::unique_ptr<SchemaFlags> m_importFlags, m_beltFlags, m_datasetFlags;
    std::vector<std::string> m_hsv;  // "<material>:<hue shift>,<saturation>,<value>"
};

// True when `path` names a model file the importer reads (by extension: .glb, .gltf, .fbx, .obj).
bool isModelFile(const std::string& path);

}  // namespace sw::cli
