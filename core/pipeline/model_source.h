#pragma once
// The model a job works on: one the caller already imported (the editor's open model), or a
// file that the job imports with the given settings. With a project, the model file is checked
// against the project's hash and the project's part assignments are applied after import.
#include <memory>
#include <string>

#include "core/foundation/error.h"
#include "core/geometry/import.h"
#include "core/project/project.h"

namespace sw::pipeline {

using ModelPtr = std::shared_ptr<const geometry::ImportedModel>;

struct ModelSource {
    ModelPtr imported;                   // used as is when set
    std::string path;                    // otherwise imported from here
    geometry::ImportSettings import;
    std::shared_ptr<const project::Project> project;  // hash verified, parts applied; may be null
    bool verifyHash = true;  // false: the caller checked the project's hash itself (export --force)
};

// The imported (or given) model; import warnings are in its report. Errors: the import's, a
// changed model file, part overrides that do not fit the model.
Result<ModelPtr> loadModel(const ModelSource& source);

// True for a project file (by extension, project::kProjectExtension).
bool isProjectFile(const std::string& path);
// A model file imported with `import`, or a project file: its model with the project's import
// settings and parts (the project is loaded now; its errors name it).
Result<ModelSource> modelSourceFor(const std::string& path, const geometry::ImportSettings& import = {});

}  // namespace sw::pipeline
