#include "core/pipeline/model_source.h"

#include <filesystem>

#include "core/pipeline/validate.h"

namespace sw::pipeline {

Result<ModelPtr> loadModel(const ModelSource& source) {
    if (source.imported) return source.imported;
    SW_TRY(validateImport(source.import));
    if (source.project && source.verifyHash) SW_TRY(project::verifyModel(*source.project));
    auto imported = geometry::importModel(source.path, source.import);
    if (!imported) return imported.error();
    if (source.project) {
        Status parts = project::applyParts(*source.project, imported->mesh);
        if (!parts) return Error{parts.error().code, parts.error().message, source.path};
    }
    return std::make_shared<const geometry::ImportedModel>(std::move(*imported));
}

bool isProjectFile(const std::string& path) {
    return std::filesystem::path(path).extension() == project::kProjectExtension;
}

Result<ModelSource> modelSourceFor(const std::string& path, const geometry::ImportSettings& import) {
    ModelSource source;
    source.path = path;
    source.import = import;
    if (!isProjectFile(path)) return source;
    auto loaded = project::loadProject(path);
    if (!loaded) return loaded.error();
    source.path = loaded->modelPath;
    source.import = loaded->import;
    source.project = std::make_shared<const project::Project>(std::move(*loaded));
    return source;
}

}  // namespace sw::pipeline
