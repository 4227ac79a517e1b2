#include "app/editor/dataset_controller.h"

#include <QDir>
#include <QFileInfo>

#include "app/editor/demo_asset.h"
#include "app/editor/editor_document.h"
#include "app/editor/job_runner.h"
#include "core/dataset/dataset_stage.h"
#include "core/foundation/log.h"
#include "core/pipeline/layout.h"
#include "core/project/project.h"
#include "core/pipeline/dataset_job.h"
#include "core/pipeline/validate.h"
#include "widgets/dataset_panel.h"
#include "widgets/frame_browser.h"
#include "widgets/viewport.h"

namespace sw::editor {

namespace {

const render::GizmoColor kTrainColor(0.25f, 0.75f, 1.f, 1.f);
const render::GizmoColor kValColor(1.f, 0.85f, 0.2f, 1.f);
const render::GizmoColor kTestColor(1.f, 0.3f, 0.8f, 1.f);

// What the stage's own line ("dataset: N views in T s → folder") does not say: the split and
// where the time went.
QString summaryOf(const dataset::DatasetReport& r) {
    return DatasetController::tr("%1 train, %2 val, %3 test views (lighting %4 s, render %5 s, PNG %6 s)")
        .arg(r.trainViews).arg(r.valViews).arg(r.testViews)
        .arg(r.lightingSeconds, 0, 'f', 2).arg(r.renderSeconds, 0, 'f', 2).arg(r.writeSeconds, 0, 'f', 2);
}

}  // namespace

DatasetController::DatasetController(EditorDocument* document, Views views, QObject* parent)
    : QObject(parent), m_document(document), m_views(views), m_runner(new JobRunner(this)) {
    connect(m_views.panel, &widgets::DatasetPanel::beltChanged, this, &DatasetController::updateCameraMarkers);
    connect(m_views.panel, &widgets::DatasetPanel::renderRequested, this, [this] { render(); });
    connect(m_runner, &JobRunner::started, this, [this](const QString& what) {
        SW_LOG_INFO(what.toStdString());
        m_views.panel->setBusy(true);
    });
    connect(m_runner, &JobRunner::finished, this, [this] { m_views.panel->setBusy(false); });
    updateCameraMarkers();
}

QString DatasetController::defaultFolder() const {
    if (!m_views.panel->outputFolder().isEmpty()) return QDir::fromNativeSeparators(m_views.panel->outputFolder());
    const project::Project* project = m_document->project();
    if (!project || project->cacheFolder.empty()) return {};
    return QString::fromStdString(pipeline::datasetDir(*project));
}

bool DatasetController::render(const QString& outDir) {
    if (!m_document->model()) {
        SW_LOG_WARN("Render dataset: no model is open");
        return false;
    }
    // The same job as `splatwright-cli dataset` (core/pipeline), built from the project as the
    // panels show it, on the open model; the project's own folder gets the stage's stamp.
    auto project = m_document->snapshot();
    if (!project) {
        SW_LOG_WARN("Render dataset: " << project.error().toString());
        return false;
    }
    if (Status valid = checkSettings(); !valid) {
        SW_LOG_WARN("Render dataset: " << valid.error().toString());
        return false;
    }
    const QString folder = outDir.isEmpty() ? defaultFolder() : outDir;
    if (folder.isEmpty()) {
        emit errorOccurred(tr("Cannot render the dataset"), tr("No writable cache folder; choose an output folder."));
        return false;
    }
    pipeline::DatasetRequest request = pipeline::datasetRequest(*project);
    request.model = {};
    request.model.imported = m_document->model();
    if (project->cacheFolder.empty()) request.stamp = {};
    pipeline::redirect(request.outDir, request.stamp, folder.toStdString());
    const bool started = m_runner->run<pipeline::DatasetResult>(
        tr("Rendering the dataset"), [request](const Progress& progress) { return pipeline::runDataset(request, progress); },
        [this](Result<pipeline::DatasetResult> result) {
            if (!result) {
                const QString message = QString::fromStdString(result.error().toString());
                const bool cancelled = result.error().code == ErrorCode::Cancelled;
                if (cancelled) SW_LOG_INFO("Cancelled: " << message.toStdString());
                else emit errorOccurred(tr("Cannot render the dataset"), message);
                emit failed(message, cancelled);
                return;
            }
            const dataset::DatasetReport& report = result->report;
            const QString written = QString::fromStdString(report.folder);
            SW_LOG_INFO("Dataset: " << summaryOf(report).toStdString());
            m_document->stageTimes().record(StageTimes::Dataset, m_runner->lastSeconds());
            showFolder(written);
            emit rendered(written);
        });
    if (!started) SW_LOG_WARN("Busy: wait for the running dataset job or cancel it");
    return started;
}

void DatasetController::cancel() { m_runner->cancel(); }

bool DatasetController::showFolder(const QString& folder) {
    auto frames = widgets::loadDatasetFrames(folder);
    if (!frames) {
        SW_LOG_WARN("Frames: " << frames.error().toString());
        clearFolder();
        return false;
    }
    m_views.frames->setFrames(std::move(*frames), folder);
    m_document->setDatasetFolder(folder);
    emit framesShown();
    return true;
}

void DatasetController::clearFolder() {
    m_views.frames->clear();
    m_document->setDatasetFolder({});
}

Status DatasetController::checkSettings() {
    dataset::DatasetSettings settings = m_views.panel->settings();
    settings.materialHsv = m_views.panel->materialHsv();
    // What the panel says in plain words beside a field is not repeated in schema words below.
    const QString beltError = m_views.panel->checkBelt();
    Status valid = pipeline::validateBelt(m_views.panel->belt());
    if (valid) valid = pipeline::validateDataset(settings);
    m_views.panel->showSettingsError(valid || !beltError.isEmpty() ? QString() : QString::fromStdString(valid.error().message));
    return valid;
}

void DatasetController::updateCameraMarkers() {
    const dataset::BeltSettings belt = m_views.panel->belt();
    if (Status valid = checkSettings(); !valid) {  // the belt cannot be posed: no markers, the panel says why
        m_views.viewport->setCameraMarkers({}, float(belt.fovX));
        return;
    }
    std::vector<render::CameraMarker> markers;
    const std::pair<dataset::Split, render::GizmoColor> splits[] = {
        {dataset::Split::Train, kTrainColor}, {dataset::Split::Val, kValColor}, {dataset::Split::Test, kTestColor}};
    for (const auto& [split, color] : splits)
        for (const dataset::CameraPose& pose : dataset::posesFor(split, belt))
            markers.push_back({pose.cameraToWorld.cast<float>(), color});
    m_views.viewport->setCameraMarkers(std::move(markers), float(belt.fovX));
}

}  // namespace sw::editor
