#include "core/pipeline/bake_job.h"

#include <filesystem>
#include <optional>

#include "core/bake/cloud_fit.h"
#include "core/formats/cloud_io.h"
#include "core/foundation/log.h"
#include "core/pipeline/validate.h"

namespace sw::pipeline {

namespace fs = std::filesystem;

namespace {

Result<CloudPtr> loadCloud(const BakeRequest& request) {
    const std::string& path = request.cloudPath;
    if (request.cloud) {
        SW_TRY(request.cloud->validate(path.empty() ? std::string("cloud") : path));
        return request.cloud;
    }
    auto cloud = formats::readSplatCloud(path);
    if (!cloud) return cloud.error();
    SW_TRY(cloud->validate(path));
    return std::make_shared<const splat::SplatCloud>(std::move(*cloud));
}

std::string fileStem(const ExportRequest& request, const geometry::ImportedModel& model) {
    if (!request.name.empty()) return request.name;
    const std::string& source = request.bake.model.path.empty() ? model.report.path : request.bake.model.path;
    std::string stem = fs::path(source).stem().string();
    return stem.empty() || stem.front() == '.' ? std::string("model") : stem;
}

}  // namespace

Result<BakeResult> runBake(const BakeRequest& request, const Progress& progress) {
    SW_TRY(validateBake(request.settings));
    auto cloud = loadCloud(request);
    if (!cloud) return cloud.error();
    auto model = loadModel(request.model);
    if (!model) return model.error();
    if (!request.cloud) {  // a file: of its two readings, the one lying on the model (cloud_fit.h)
        splat::SplatCloud turned = **cloud;
        if (const std::string why = bake::orientOnModel(turned, request.cloudPath, (*model)->mesh); !why.empty()) {
            SW_LOG_INFO(why);
            *cloud = std::make_shared<const splat::SplatCloud>(std::move(turned));
        }
    }
    std::optional<bake::DatasetViews> views;
    if (!request.datasetDir.empty()) {
        auto loaded = bake::loadDatasetViews(request.datasetDir, progress.sub(0, 0.2));
        if (!loaded) return loaded.error();
        views = std::move(*loaded);
    }
    auto baked = bake::bakeModel(**cloud, (*model)->mesh, views ? &*views : nullptr, request.settings,
                                 progress.sub(0.2, 1), request.overrides);
    if (!baked) {  // the bake names its cloud "cloud": name the file instead
        const Error& e = baked.error();
        return Error{e.code, e.message, e.path == "cloud" && !request.cloudPath.empty() ? request.cloudPath : e.path};
    }
    return BakeResult{std::make_shared<const bake::BakedModel>(std::move(*baked)), *model, *cloud};
}

Result<ExportOutcome> runExport(const ExportRequest& request, const Progress& progress) {
    SW_TRY(validateExport(request.settings));
    if (request.outDir.empty()) return makeError(ErrorCode::InvalidInput, "no export folder");
    ExportOutcome out;
    // A project's model must still be the one it was made from (before importing and baking),
    // unless settings.force; the export's own check (bake::checkAgreement) repeats it on the
    // recorded hash and refuses a cloud mostly far from the surface.
    const std::uint64_t recordedHash = request.bake.model.project ? request.bake.model.project->modelHash : 0;
    BakeRequest bakeRequest = request.bake;
    if (bakeRequest.model.project) {
        SW_TRY(bake::checkRecordedHash(bakeRequest.model.path, recordedHash, request.settings));
        bakeRequest.model.verifyHash = false;
    }
    if (request.baked) {
        out.baked = request.baked;
        auto model = loadModel(bakeRequest.model);
        if (!model) return model.error();
        out.model = *model;
    } else {
        auto baked = runBake(bakeRequest, progress.sub(0, 0.9));
        if (!baked) return baked.error();
        out.baked = baked->baked;
        out.model = baked->model;
    }
    bake::ExportMeta meta;
    const std::string& source = request.bake.model.path.empty() ? out.model->report.path : request.bake.model.path;
    std::error_code ec;
    meta.sourceModelPath = fs::is_regular_file(source, ec) ? source : std::string();
    meta.normalisation = out.model->report.normalisation;
    meta.mesh = &out.model->mesh;
    meta.bakeSettingsJson = bake::bakeSchema().toParams(request.bake.settings).toJson();
    meta.trainingSettingsJson = request.trainingSettingsJson;
    meta.recordedModelHash = recordedHash;
    meta.weaponProfiles = request.weaponProfiles;
    // The files' share of the job: all of it when the bake was given, the last tenth otherwise.
    const Progress writing = request.baked ? progress : progress.sub(0.9, 1);
    auto files = bake::exportModel(*out.baked, out.baked->cloud, meta, request.outDir, fileStem(request, *out.model),
                                   request.settings, writing);
    if (!files) return files.error();
    out.files = std::move(*files);
    SW_TRY(writeStamp(request.stamp));
    progress.report(1, "exported");
    return out;
}

Result<BakeRequest> bakeRequest(const project::Project& project) {
    BakeRequest request;
    request.cloudPath = trainedCloud(project);
    std::error_code ec;
    if (!fs::exists(request.cloudPath, ec))
        return Error{ErrorCode::InvalidInput, "the project has no trained cloud yet (train it in the editor's Training dock)",
                     request.cloudPath};
    request.model.path = project.modelPath;
    request.model.import = project.import;
    request.model.project = std::make_shared<const project::Project>(project);
    if (fs::exists(fs::path(datasetDir(project)) / "transforms_train.json", ec)) request.datasetDir = datasetDir(project);
    request.settings = project.bake;
    request.overrides.recipe = project.recipe;
    return request;
}

Result<ExportRequest> exportRequest(const project::Project& project) {
    auto bake = bakeRequest(project);
    if (!bake) return bake.error();
    ExportRequest request;
    request.bake = std::move(*bake);
    request.outDir = exportDir(project);
    request.name = project.exportName;
    request.settings = project.exportSettings;
    request.trainingSettingsJson = project.training;
    request.weaponProfiles = weaponProfileFiles(project.weapons);
    request.stamp = stageStamp(project, Stage::Export);
    return request;
}

std::vector<std::pair<std::string, std::string>> weaponProfileFiles(const std::vector<destruct::WeaponProfile>& weapons) {
    std::vector<std::pair<std::string, std::string>> files;
    for (const destruct::WeaponProfile& w : weapons) files.emplace_back(w.name, destruct::profileToJson(w));
    return files;
}

}  // namespace sw::pipeline
