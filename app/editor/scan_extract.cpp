// ScanController: Extract to Cloud and Export Extract… (scan_controller.h), the open scans cut by
// a region (the crop box) on a worker at full detail.
#include <QDir>
#include <QFileDialog>
#include <QFileInfo>
#include <QStandardPaths>

#include "app/editor/job_runner.h"
#include "app/editor/scan_controller.h"
#include "core/formats/cloud_io.h"
#include "core/foundation/log.h"

namespace sw::editor {

namespace {

struct Extracted {
    std::uint64_t splats = 0;
    int shDegree = 0;
};

// The worker's job: the scans cut by `region` into `out` (lod::extractToFile). The sources stay
// alive with the job even when the scans are closed meanwhile.
auto extractJob(std::shared_ptr<std::vector<lod::ScanSet::Scan>> scans, lod::Region region, lod::ExtractSettings settings,
                std::string out, bool overwrite) {
    return [scans = std::move(scans), region = std::move(region), settings, out = std::move(out),
            overwrite](const Progress& progress) -> Result<Extracted> {
        std::vector<lod::ScanInput> in;
        for (const lod::ScanSet::Scan& s : *scans) in.push_back({s.path, s.source.get()});
        auto report = lod::extractToFile(in, region, settings, out, overwrite, progress);
        if (!report) return report.error();
        return Extracted{report->splats, report->shDegree};
    };
}

}  // namespace

Eigen::AlignedBox3f ScanController::scanBounds() const {
    Eigen::AlignedBox3f box;
    for (const lod::ScanSet::Scan& scan : m_scans->scans())
        if (!scan.source->tree().nodes.empty()) box.extend(scan.source->tree().nodes.front().bounds);
    return box;
}

std::vector<lod::ScanInput> ScanController::inputs() const {
    std::vector<lod::ScanInput> out;
    for (const lod::ScanSet::Scan& scan : m_scans->scans()) out.push_back({scan.path, scan.source.get()});
    return out;
}

QString ScanController::extractsFolder() {
    return QDir(QStandardPaths::writableLocation(QStandardPaths::AppLocalDataLocation)).filePath(QStringLiteral("extracts"));
}

QString ScanController::extractPath(const QString& folder, const QString& scan) {
    QFileInfo info(scan);
    QString stem = info.fileName() == QLatin1String("lod.json") || info.fileName() == QLatin1String("lod-meta.json")
                       ? info.absoluteDir().dirName()
                       : (info.isDir() ? info.fileName() : info.completeBaseName());
    if (stem.isEmpty()) stem = QStringLiteral("scan");
    const QDir dir(folder);
    QString path = dir.filePath(stem + QStringLiteral("-extract.ply"));
    for (int n = 2; QFileInfo::exists(path); ++n) path = dir.filePath(stem + QStringLiteral("-extract-%1.ply").arg(n));
    return path;
}

bool ScanController::canExtract(const QString& title) {
    if (m_scans->empty()) {
        emit errorOccurred(title, tr("Open a scan first (File ▸ Open Scan…)."));
        return false;
    }
    if (m_extractRunner->busy()) {
        emit errorOccurred(title, tr("An extraction is running already."));
        return false;
    }
    return true;
}

bool ScanController::extractToCloud(const lod::Region& region, const lod::ExtractSettings& settings) {
    const QString title = tr("Extract to Cloud");
    if (!canExtract(title)) return false;
    const QString folder = extractsFolder();
    QDir().mkpath(folder);
    const QString path = extractPath(folder, QString::fromStdString(m_scans->scans().front().path));
    // The sources stay alive with the job even when the scans are closed meanwhile.
    auto scans = std::make_shared<std::vector<lod::ScanSet::Scan>>(m_scans->scans());
    const std::string out = path.toStdString();
    return m_extractRunner->run<Extracted>(
        tr("Extracting from the scan into %1").arg(QFileInfo(path).fileName()),
        extractJob(scans, region, settings, out, false),
        [this, title, path](Result<Extracted> done) {
            if (!done) {
                if (done.error().code == ErrorCode::Cancelled) return;
                emit errorOccurred(title, QString::fromStdString(done.error().toString()));
                return;
            }
            SW_LOG_INFO("Extracted " << done->splats << " splats (SH degree " << done->shDegree << ") from the scan into "
                                     << path.toStdString());
            emit statusMessage(tr("Extracted %1 splats into %2").arg(done->splats).arg(QFileInfo(path).fileName()), 10000);
            emit extractedToCloud(path, done->splats);
        });
}

bool ScanController::exportExtract(const lod::Region& region, const QString& output, const lod::ExtractSettings& settings) {
    const QString title = tr("Export Extract");
    if (!canExtract(title)) return false;
    auto scans = std::make_shared<std::vector<lod::ScanSet::Scan>>(m_scans->scans());
    const std::string out = output.toStdString();
    // Checked before the job too: a refused file is one error line and nothing runs.
    if (Status ok = lod::checkExtractOutput(inputs(), out, true); !ok) {
        emit errorOccurred(title, QString::fromStdString(ok.error().toString()));
        return false;
    }
    return m_extractRunner->run<Extracted>(
        tr("Exporting the extract %1").arg(QFileInfo(output).fileName()),
        // The file dialog asked before replacing a file: overwrite (never an input).
        extractJob(scans, region, settings, out, true),
        [this, title, output](Result<Extracted> done) {
            if (!done) {
                if (done.error().code == ErrorCode::Cancelled) return;
                emit errorOccurred(title, QString::fromStdString(done.error().toString()));
                return;
            }
            SW_LOG_INFO("Exported " << done->splats << " splats (SH degree " << done->shDegree << ") to " << output.toStdString());
            emit statusMessage(tr("Exported %1 splats to %2").arg(done->splats).arg(QFileInfo(output).fileName()), 10000);
            emit extractExported(output, done->splats);
        });
}

void ScanController::askExportExtract(const lod::Region& region, const lod::ExtractSettings& settings) {
    if (!canExtract(tr("Export Extract"))) return;
    const QString path = QFileDialog::getSaveFileName(
        m_window, tr("Export Extract"), {},
        tr("PLY (*.ply);;SPZ (*.spz);;Antimatter .splat (*.splat);;SOG (*.sog);;glTF binary (*.glb)"));
    if (!path.isEmpty()) exportExtract(region, path, settings);
}

}  // namespace sw::editor
