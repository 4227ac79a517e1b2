// BakeController's bake and one-click export (issue #5): both run on the worker thread; the
// export bakes first when the current bake is missing or stale. Reports go to the report pane,
// the log and the status bar (no dialog); errors name the folder or file.
#include <QDir>
#include <QFileDialog>
#include <QFileInfo>
#include <QSettings>
#include <QTextBrowser>
#include <algorithm>
#include <filesystem>

#include "app/editor/bake_controller.h"
#include "app/editor/bake_report.h"
#include "app/editor/editor_document.h"
#include "app/editor/job_runner.h"
#include "core/pipeline/bake_job.h"
#include "core/project/project.h"
#include "core/foundation/log.h"
#include "widgets/param_panel.h"
#include "widgets/recipe_panel.h"
#include "widgets/viewport.h"

namespace sw::editor {

namespace {

constexpr auto kExportFolderKey = "bake/exportFolder";

using BakedPtr = std::shared_ptr<const bake::BakedModel>;

// One log message per report line (the Log dock shows one row per message).
void logLines(const QString& prefix, const QString& text) {
    for (const QString& line : text.split(QLatin1Char('\n'))) SW_LOG_INFO((prefix + line.trimmed()).toStdString());
}

}  // namespace

bake::BakeSettings BakeController::currentSettings() const {
    return bake::bakeSchema().fromParams(m_panels.settings->params());
}

QString BakeController::resolveDatasetFolder() const {
    const QString dir = m_document->datasetFolder();
    if (!dir.isEmpty() && QFileInfo::exists(QDir(dir).filePath(QStringLiteral("transforms_train.json")))) return dir;
    return {};
}

QString BakeController::exportFolder() const {
    if (!m_document->projectPath().isEmpty())
        if (const project::Project* p = m_document->project(); p && !p->exportFolder.empty())
            return QString::fromStdString(pipeline::exportDir(*p));
    return QSettings().value(QLatin1String(kExportFolderKey)).toString();
}

void BakeController::setExportFolder(const QString& folder) { QSettings().setValue(QLatin1String(kExportFolderKey), folder); }

bool BakeController::bake() { return startBake(false, {}); }

bool BakeController::exportTo(const QString& requested) {
    QString folder = requested.isEmpty() ? exportFolder() : requested;
    if (folder.isEmpty()) {
        folder = QFileDialog::getExistingDirectory(m_panels.viewport->window(), tr("Export Folder"));
        if (folder.isEmpty()) return false;
        setExportFolder(folder);
    }
    if (m_baked && !m_bakeStale) return startExport(folder);
    return startBake(true, folder);
}

bool BakeController::startBake(bool thenExport, const QString& folder) {
    if (m_document->trainingActive()) {  // the run's end would replace the cloud and void the bake
        reportFailure(tr("Cannot bake"), makeError(ErrorCode::InvalidInput,
                                                   "a training run is going: bake its cloud when it ends, or cancel it"));
        return false;
    }
    auto cloud = m_state.cloud ? m_state.cloud : m_document->cloud();
    ModelPtr model = m_document->model();
    if (!cloud || !model) {
        reportFailure(tr("Cannot bake"), makeError(ErrorCode::InvalidInput,
                                                   "open a splat cloud and the model it was trained on first"));
        return false;
    }
    // The same job as `splatwright-cli export`'s bake (core/pipeline), on the open model and cloud.
    pipeline::BakeRequest request;
    request.cloud = cloud;
    request.model.imported = model;
    request.datasetDir = resolveDatasetFolder().toStdString();
    request.overrides.keepFloaters = m_state.keep;
    if (auto project = m_document->snapshot()) {  // the project as the panels show it, as for every job
        request.settings = project->bake;
        request.overrides.recipe = project->recipe;
    } else {  // a cloud opened on its own: no project, the panels' values
        request.settings = currentSettings();
        request.overrides.recipe = m_panels.recipes->recipe();
    }
    const bool started = m_runner->run<BakedPtr>(
        thenExport ? tr("Baking and exporting") : tr("Baking"),
        [request](const Progress& progress) -> Result<BakedPtr> {
            auto baked = pipeline::runBake(request, progress);
            if (!baked) return baked.error();
            // A Cancel that came after the stages' last check still wins: the result is dropped.
            if (progress.cancelled()) return makeError(ErrorCode::Cancelled, "bake cancelled");
            return baked->baked;
        },
        [this, cloud, thenExport, folder](Result<BakedPtr> baked) {
            deliverBake(std::move(baked), cloud, thenExport, folder);
        });
    if (!started) SW_LOG_WARN("Busy: wait for the running bake job or cancel it");
    return started;
}

void BakeController::deliverBake(Result<BakedPtr> result, std::shared_ptr<const splat::SplatCloud> cloud,
                                 bool thenExport, const QString& folder) {
    if (!result) {
        reportFailure(tr("Cannot bake"), result.error());
        emit bakeFinished(false);
        if (thenExport) emit exportFinished(false, QString::fromStdString(result.error().toString()));
        return;
    }
    if (m_state.cloud != cloud) {  // the cloud was edited while this bake ran: bake it again
        emit bakeFinished(false);
        if (thenExport && m_bakeStale) startBake(true, folder);
        else if (m_bakeStale) rebakeSoon();
        return;
    }
    m_baked = *result;
    m_bakeStale = false;
    m_bakedIds.resize(m_baked->source.size());
    for (std::size_t k = 0; k < m_bakedIds.size(); ++k) {
        const auto i = std::size_t(m_baked->source[k]);
        m_bakedIds[k] = i < m_state.ids.size() ? m_state.ids[i] : std::uint32_t(~0u);
    }
    m_highlighting = false;  // the baked model shows, with its kept floaters as the mask
    std::vector<std::uint8_t> mask(m_baked->source.size(), 0);  // kept floaters, in baked order
    if (m_state.cloud == cloud && !m_state.keep.empty())
        for (std::size_t k = 0; k < mask.size(); ++k) mask[k] = m_state.keep[std::size_t(m_baked->source[k])];
    const bool anyKept = std::find(mask.begin(), mask.end(), 1) != mask.end();
    m_document->setSpl2(std::shared_ptr<const formats::Spl2Model>(m_baked, &m_baked->spl2), std::move(mask));
    // Without a scan of this cloud the inspector lists what the bake removed.
    if (m_state.cloud == cloud && (!m_state.scan || m_state.scanFromBake)) showBakeRemovals();
    // Nothing flagged in the baked model: the Floater overlay would only dim it.
    if (!anyKept && m_panels.viewport->splatOverlay() == render::SplatOverlay::Floater)
        setOverlay(render::SplatOverlay::None);
    m_panels.recipes->setCounts(m_baked->report.materials);
    const QString text = bakeReportText(m_baked->report);
    m_document->stageTimes().record(StageTimes::Bake, m_runner->lastSeconds());
    showReport(text);
    logLines(QStringLiteral("Bake: "), text);
    emit statusMessage(tr("Baked: %n splat(s) in the game model", nullptr, int(m_baked->report.core + m_baked->report.shell)) +
                           QStringLiteral(", ") + tr("%n floater(s) removed", nullptr, m_baked->report.floaters.removed) +
                           QStringLiteral(", ") + tr("%n chunk(s)", nullptr, m_baked->report.chunks), 15000);
    emit bakeFinished(true);
    if (thenExport) startExport(folder);
}

bool BakeController::startExport(const QString& folder) {
    if (m_document->trainingActive()) {
        reportFailure(tr("Cannot export"), makeError(ErrorCode::InvalidInput,
                                                     "a training run is going: export its cloud when it ends, or cancel it"));
        return false;
    }
    BakedPtr baked = m_baked;
    if (!baked || !m_document->model()) return false;
    // The same job as `splatwright-cli export` (core/pipeline), writing the current bake.
    pipeline::ExportRequest request;
    request.baked = baked;
    request.bake.model.imported = m_document->model();
    request.bake.settings = currentSettings();
    request.outDir = folder.toStdString();
    if (m_weapons) request.weaponProfiles = pipeline::weaponProfileFiles(m_weapons());
    if (auto project = m_document->snapshot()) {  // the project's export settings, name and profiles
        request.settings = project->exportSettings;
        request.name = project->exportName;
        request.trainingSettingsJson = project->training;
        request.weaponProfiles = pipeline::weaponProfileFiles(project->weapons);
        // The project's trained cloud exported to the project's export folder is stamped as
        // `splatwright-cli export <project>` stamps it (then the CLI and batch find it up to date).
        const bool ownCloud = QFileInfo(m_document->cloudSource()).absoluteFilePath() ==
                              QFileInfo(QString::fromStdString(pipeline::trainedCloud(*project))).absoluteFilePath();
        if (ownCloud && !project->exportFolder.empty()) {
            std::string dir = QDir::cleanPath(QFileInfo(QString::fromStdString(pipeline::exportDir(*project))).absoluteFilePath()).toStdString();
            request.stamp = pipeline::stageStamp(*project, pipeline::Stage::Export);
            pipeline::redirect(dir, request.stamp, QDir::cleanPath(QFileInfo(folder).absoluteFilePath()).toStdString());
        }
    }
    const bool started = m_runner->run<bake::ExportResult>(
        tr("Exporting into %1").arg(folder),
        [request](const Progress& progress) -> Result<bake::ExportResult> {
            auto exported = pipeline::runExport(request, progress);
            if (!exported) return exported.error();
            return std::move(exported->files);
        },
        [this, baked, folder](Result<bake::ExportResult> files) {
            if (!files) {
                reportFailure(tr("Cannot export"), files.error());
                return emit exportFinished(false, QString::fromStdString(files.error().toString()));
            }
            const QString text = exportReportText(baked->report, *files, folder);
            const QString summary = exportSummary(baked->report, *files, folder);
            showReport(text);
            logLines(QStringLiteral("Export: "), text);
            m_document->stageTimes().record(StageTimes::Export, m_runner->lastSeconds());
            emit statusMessage(summary, 30000);
            emit exportFinished(true, summary);
        });
    if (!started) SW_LOG_WARN("Busy: wait for the running bake job or cancel it");
    return started;
}

void BakeController::reportFailure(const QString& title, const Error& error) {
    const QString message = QString::fromStdString(error.toString());
    if (error.code == ErrorCode::Cancelled) {
        SW_LOG_INFO("Cancelled: " << message.toStdString());
        emit statusMessage(tr("Cancelled"), 5000);
        return;
    }
    SW_LOG_ERROR(title.toStdString() << ": " << message.toStdString());
    showReport(title + QStringLiteral(": ") + message);
    emit statusMessage(title + QStringLiteral(": ") + message, 30000);
}

void BakeController::showReport(const QString& text) {
    m_lastReport = text;
    if (m_panels.report) m_panels.report->setPlainText(text);
}

}  // namespace sw::editor
