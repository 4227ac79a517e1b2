#include "core/pipeline/training_job.h"

#include <filesystem>
#include <regex>

#include "core/formats/ply.h"
#include "core/foundation/file_io.h"
#include "core/foundation/log.h"
#include "core/foundation/output_folder.h"
#include "core/pipeline/validate.h"
#include "core/train/init_cloud.h"

namespace sw::pipeline {

namespace fs = std::filesystem;

namespace {

// The parameters a resume takes from the request: they say how long and where to run, and how
// often to report, not what the cloud is.
bool isSessionParam(const std::string& name) {
    return name == "steps" || name == "device" || name == "threads" || name == "eval-every" ||
           name == "checkpoint-every" || name == "snapshot-every";
}

Result<train::TrainSettings> settingsFromJson(const std::string& json, const std::string& path) {
    ParamSet params(train::trainSchema().schema());
    if (!json.empty()) SW_TRY(params.fromJson(json, path));
    return train::trainSchema().fromParams(params);
}

// A fresh run replaces the run folder's checkpoint, so a later resume never mixes two runs.
// Only this program's files go (checkpoint.json, checkpoint_<step>.ply), then the folder when
// that left it empty.
Status clearCheckpoint(const std::string& dir) {
    std::error_code ec;
    if (!fs::is_directory(dir, ec)) return {};
    static const std::regex ours(R"(checkpoint(_[0-9]+\.ply|\.json))");
    for (const auto& entry : fs::directory_iterator(dir, ec))
        if (entry.is_regular_file(ec) && std::regex_match(entry.path().filename().string(), ours)) {
            fs::remove(entry.path(), ec);
            if (ec) return makeError(ErrorCode::Io, "cannot remove the old checkpoint: " + ec.message(), entry.path().string());
        }
    if (fs::is_empty(dir, ec)) fs::remove(dir, ec);
    return {};
}

Result<splat::SplatCloud> initialCloud(const TrainingRequest& request, const ModelPtr& surface,
                                       const train::TrainData& data, const train::TrainSettings& s,
                                       const Progress& progress) {
    train::InitSettings init;
    init.count = s.budget;
    init.seed = std::uint64_t(s.seed);
    if (surface) return train::initFromSurface(surface->mesh, init);
    if (!request.initModel.path.empty() || request.initModel.imported) {
        auto model = loadModel(request.initModel);
        if (!model) return model.error();
        return train::initFromSurface((*model)->mesh, init);
    }
    return train::initFromVisualHull(data, init, progress);
}

// A run that fails or is cancelled leaves no folder holding only its marker: when nothing it
// lists was written (no dataset, checkpoint or cloud), a run folder it created is removed again,
// and from a folder that existed before only the marker it added goes. What was written stays
// (a dataset to train on again, a checkpoint to resume).
class RunFolderGuard {
public:
    RunFolderGuard(std::string path, std::vector<std::string> entries) : m_path(std::move(path)), m_entries(std::move(entries)) {
        std::error_code ec;
        m_created = !fs::exists(fs::symlink_status(m_path, ec));
        m_hadMarker = fs::exists(fs::symlink_status(fs::path(m_path) / kOutputMarker, ec));
    }
    RunFolderGuard(const RunFolderGuard&) = delete;
    RunFolderGuard& operator=(const RunFolderGuard&) = delete;
    ~RunFolderGuard() {
        if (m_done) return;
        std::error_code ec;
        for (std::string e : m_entries) {
            if (!e.empty() && e.back() == '/') e.pop_back();
            if (fs::exists(fs::symlink_status(fs::path(m_path) / e, ec))) return;  // something worth keeping
        }
        if (m_created) {
            if (fs::remove_all(m_path, ec) > 0 && !ec) SW_LOG_INFO("removed " << m_path << ", created by the run that stopped");
        } else if (!m_hadMarker) {
            fs::remove(fs::path(m_path) / kOutputMarker, ec);
        }
    }
    void done() { m_done = true; }

private:
    std::string m_path;
    std::vector<std::string> m_entries;
    bool m_created = false;
    bool m_hadMarker = false;
    bool m_done = false;
};

}  // namespace

Status checkDevice(train::TrainDevice device) {
    if (device == train::TrainDevice::Cuda && !train::cudaDeviceAvailable())
        return makeError(ErrorCode::Gpu, "CUDA device requested but this build has no CUDA backend or this machine has "
                                         "no CUDA device; use the cpu device");
    return {};
}

Status validateTraining(const train::TrainSettings& settings) { return train::trainSchema().check(settings); }

Result<train::TrainSettings> resumeSettings(const train::Checkpoint& checkpoint, const train::TrainSettings& requested,
                                            std::vector<std::string>* restored) {
    SW_TRY(validateTraining(requested));
    auto saved = settingsFromJson(checkpoint.settingsJson, "checkpoint settings");
    if (!saved) return saved.error();
    const ParamSet asked = train::trainSchema().toParams(requested);
    ParamSet merged = train::trainSchema().toParams(*saved);
    for (const ParamSpec& spec : merged.schema().params()) {
        if (isSessionParam(spec.name)) {
            SW_TRY(merged.set(spec.name, asked.get(spec.name)));
        } else if (restored && merged.get(spec.name) != asked.get(spec.name)) {
            restored->push_back(spec.name + ": " + merged.valueToString(spec.name) + " from the checkpoint (asked " +
                                asked.valueToString(spec.name) + ")");
        }
    }
    return train::trainSchema().fromParams(merged);
}

Result<CheckpointInfo> readCheckpointInfo(const std::string& path) {
    auto header = train::readCheckpointHeader(path);
    if (!header) return header.error();
    auto settings = settingsFromJson(header->settingsJson, path);
    if (!settings) return settings.error();
    return CheckpointInfo{header->step, *settings};
}

Result<TrainingResult> runTraining(const TrainingRequest& request, const Progress& progress) {
    SW_TRY(checkDevice(request.settings.device));  // before loading anything
    SW_TRY(validateTraining(request.settings));
    if (request.runDir.empty()) return makeError(ErrorCode::InvalidInput, "no run folder for the training");
    TrainingResult out;
    train::TrainSettings s = request.settings;
    std::optional<train::Checkpoint> checkpoint;
    if (request.resume) {
        const std::string from = request.checkpoint.empty() ? runCheckpointDir(request.runDir) : request.checkpoint;
        auto cp = train::readCheckpoint(from);
        if (!cp) return cp.error();
        auto merged = resumeSettings(*cp, request.settings, &out.restored);
        if (!merged) return Error{merged.error().code, merged.error().message, from};
        s = *merged;
        if (cp->step >= s.steps)
            return makeError(ErrorCode::InvalidInput, "the checkpoint is at step " + std::to_string(cp->step) + " of " +
                                                          std::to_string(s.steps) + "; raise steps to continue", from);
        checkpoint = std::move(*cp);
    }

    // Never replaces the user's files: the run folder's entries are ours or absent (checked,
    // and the folder created, once the request is known to be runnable).
    // Everything is checked before anything is written: the run folder's entries and the
    // dataset folder (a refused dataset leaves no marker in the user's run folder).
    const std::vector<std::string> entries{"cloud.ply", "metrics.json", "checkpoint/", "dataset/", "loss_history.json"};
    for (const std::string& e : entries) SW_TRY(checkReplaceable(request.runDir, e));
    if (request.dataset) SW_TRY(checkFolderReplaceable(request.dataset->outDir));
    RunFolderGuard guard(request.runDir, entries);
    SW_TRY(claimOutputs(request.runDir, entries));
    std::string datasetFolder = request.datasetDir;
    ModelPtr surface = request.surface;
    if (request.dataset) {
        auto rendered = runDataset(*request.dataset, progress);
        if (!rendered) return rendered.error();
        if (request.onDataset) request.onDataset(*rendered);
        datasetFolder = request.dataset->outDir;
        surface = rendered->model;
    }
    std::error_code ec;
    if (datasetFolder.empty() || !fs::is_directory(datasetFolder, ec))
        return makeError(ErrorCode::Io, "no such dataset folder; render the dataset first", datasetFolder);
    progress.report(0, "loading the dataset");
    SW_LOG_INFO("loading " << datasetFolder << " at " << s.resolution << " px");
    auto data = train::loadDataset(datasetFolder, {s.resolution, 8}, progress.sub(0, 0.8));
    if (!data) return data.error();
    // Before the start cloud of `budget` splats is allocated.
    SW_TRY(train::checkTrainingMemory(s, data->train.front().width, data->train.front().height));

    train::TrainInputs inputs;
    inputs.data = &*data;
    inputs.checkpointDir = runCheckpointDir(request.runDir);
    inputs.deviceIndex = request.deviceIndex;
    inputs.threadShare = request.threadShare;
    if (checkpoint) {
        inputs.initial = std::move(checkpoint->cloud);
        inputs.startStep = checkpoint->step;
    } else {
        progress.report(0.8, "initialising the splats");
        auto cloud = initialCloud(request, surface, *data, s, progress.sub(0.8, 1));
        if (!cloud) return cloud.error();
        inputs.initial = std::move(*cloud);
        SW_TRY(clearCheckpoint(inputs.checkpointDir));
    }
    fs::create_directories(request.runDir, ec);
    if (ec) return makeError(ErrorCode::Io, "cannot create the run folder: " + ec.message(), request.runDir);

    out.start.trainViews = int(data->train.size());
    out.start.valViews = int(data->val.size());
    out.start.width = data->train.empty() ? 0 : data->train.front().width;
    out.start.height = data->train.empty() ? 0 : data->train.front().height;
    out.start.startSplats = int(inputs.initial.size());
    out.start.startStep = inputs.startStep;
    out.start.settings = s;
    out.start.restored = out.restored;
    if (request.onStart) request.onStart(out.start);

    auto trained = train::train(inputs, s, progress, request.callbacks);
    if (!trained) return trained.error();
    out.cloudPath = runCloud(request.runDir);
    SW_TRY(formats::writePly(out.cloudPath, trained->cloud, {formats::Axes::Model}));  // our cache: model space
    out.metricsPath = runMetrics(request.runDir);
    SW_TRY(writeFileAtomic(out.metricsPath, train::metricsJson(*trained)));
    out.train = std::move(*trained);
    SW_TRY(writeStamp(request.stamp));
    guard.done();
    return out;
}

Result<train::TrainSettings> trainingSettings(const project::Project& project) {
    auto s = settingsFromJson(project.training, "training");
    if (!s) return makeError(s.error().code, "training: " + s.error().message);
    return s;
}

Status setTrainingSettings(project::Project& project, const train::TrainSettings& settings) {
    SW_TRY(validateTraining(settings));
    project.training = train::trainSchema().toParams(settings).toJson();
    return {};
}

Result<TrainingRequest> trainingRequest(const project::Project& project) {
    auto settings = trainingSettings(project);
    if (!settings) return settings.error();
    TrainingRequest request;
    request.settings = *settings;
    request.runDir = trainingDir(project);
    request.datasetDir = datasetDir(project);
    if (stageStatus(project, Stage::Dataset) != StageStatus::UpToDate) request.dataset = datasetRequest(project);
    request.initModel.path = project.modelPath;
    request.initModel.import = project.import;
    request.initModel.project = std::make_shared<const project::Project>(project);
    request.stamp = stageStamp(project, Stage::Training);
    return request;
}

}  // namespace sw::pipeline
