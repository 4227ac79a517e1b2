#pragma once
// The dataset stage's flags (PIPELINE §2), shared by `splatwright-cli dataset` and
// `splatwright-cli train <model>`: the import, belt and dataset schema flags plus --hsv, turned
// into a core/pipeline dataset job (pipeline::runDataset runs it), and the job's summary.
#include <CLI/CLI.hpp>
#include <memory>
#include <set>
#include <string>
#include <vector>

#include "app/cli/schema_flags.h"
#include "core/foundation/error.h"
#include "core/pipeline/dataset_job.h"

namespace sw::cli {

class DatasetStageFlags {
public:
    // Adds the flags to cmd. Schema parameters named in `skip` get no flag (they keep their
    // default or preset value), for a command whose own flags already use those names.
    explicit DatasetStageFlags(CLI::App& cmd, const std::set<std::string>& skip = {});
    DatasetStageFlags(const DatasetStageFlags&) = delete;
    DatasetStageFlags& operator=(const DatasetStageFlags&) = delete;
    ~DatasetStageFlags();

    // `base` (a project's job, or a default one) with the presets and flags given applied over
    // its import, belt and dataset settings, and --hsv parsed. Errors: a bad flag value or preset.
    Result<pipeline::DatasetRequest> request(pipeline::DatasetRequest base) const;
    // The presets and flags given applied over a project's import, belt and dataset settings
    // (--hsv is refused: the project holds the per-material adjustments).
    Status applyTo(project::Project& project) const;

private:
    Status applySettings(geometry::ImportSettings& import, dataset::BeltSettings& belt,
                         dataset::DatasetSettings& settings) const;

    struct Params;
    std::unique_ptr<Params> m_params;
    std::unique_ptr<SchemaFlags> m_importFlags, m_beltFlags, m_datasetFlags;
    std::vector<std::string> m_hsv;  // "<material>:<hue shift>,<saturation>,<value>"
};

// The job's summary on stdout, import warnings on stderr.
void printDatasetReport(const pipeline::DatasetResult& result, const pipeline::DatasetRequest& request);

// True when `path` names a model file the importer reads (by extension: .glb, .gltf, .fbx, .obj).
bool isModelFile(const std::string& path);

}  // namespace sw::cli
