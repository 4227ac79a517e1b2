#pragma once
// Large scans in the editor (issue 36 item 5): File ▸ Open Scan… and File ▸ Build LOD….
// Open reads a scan's chunk source on a worker (lod::openScanSource: our LOD folder and a Streamed
// SOG stream from disk, any other splat file is one chunk always resident) with progress and cancel in the
// status bar; the scan joins the open ones, which share one splat budget and one resident pool
// (lod::ScanSet, drawn by the viewport). Build LOD… is a dialog with the settings generated from
// lod::lodSchema() (as the CLI's flags are), the scan and the output folder; it runs
// lod::buildLodFolder (the job of `splatwright-cli lod-build`) on a worker and then offers to
// open the folder. A folder holding files the program did not write is refused (the core's
// message, the dialog left open). Errors are one line naming the file; nothing crashes.
// Cutting an asset out of the open scans (extract.h): Extract to Cloud runs lod::extractScans on
// a worker, writes the cut at full detail as a PLY in the editor's extracts folder and hands its
// path on (extractedToCloud: the main window opens it as File ▸ Open Splat Cloud would); Export
// Extract… writes the cut to a file the artist names (lod::extractToFile).
#include <QObject>
#include <QString>
#include <memory>

#include "core/lod/extract.h"
#include "core/lod/lod_tree.h"
#include "core/lod/scan_set.h"

class QWidget;

namespace sw::editor {

class JobRunner;

class ScanController : public QObject {
    Q_OBJECT
public:
    explicit ScanController(QWidget* window);

    std::shared_ptr<lod::ScanSet> scans() const { return m_scans; }
    // Starts reading `path` (a file, or an LOD folder); false while another read runs.
    bool open(const QString& path);
    void browseOpen();  // a file dialog, then open()
    void closeAll();
    // New settings for the open scans (and the ones opened later); the error when refused.
    Status applySettings(const lod::ScanSettings& settings);

    // The Build LOD dialog ("buildLodDialog"), the scan field filled with `scan`.
    void askBuild(const QString& scan = {});
    // Starts the build without a dialog; false (and errorOccurred) when it cannot start.
    bool startBuild(const QString& scan, const QString& folder, const lod::LodSettings& settings);
    // The folder Build LOD suggests for a scan: <folder of the scan>/<stem>-lod.
    static QString defaultFolder(const QString& scan);

    // The model-space bounds of every open scan's splat centres (empty when none is open).
    Eigen::AlignedBox3f scanBounds() const;
    // Starts cutting `region` out of the open scans; false (and errorOccurred) when no scan is
    // open or an extraction runs already.
    bool extractToCloud(const lod::Region& region, const lod::ExtractSettings& settings = {});
    bool exportExtract(const lod::Region& region, const QString& output, const lod::ExtractSettings& settings = {});
    // A file dialog for the output, then exportExtract.
    void askExportExtract(const lod::Region& region, const lod::ExtractSettings& settings = {});
    // Where Extract to Cloud writes: <folder>/<stem of the first scan>-extract[-n].ply, a name not taken.
    static QString extractPath(const QString& folder, const QString& scan);
    // The folder of Extract to Cloud's files (the application's data folder, extracts/).
    static QString extractsFolder();

    JobRunner* openRunner() const { return m_openRunner; }
    JobRunner* buildRunner() const { return m_buildRunner; }
    JobRunner* extractRunner() const { return m_extractRunner; }

signals:
    void scansChanged();  // a scan was opened, or the scans were closed
    void built(const QString& folder);
    void extractedToCloud(const QString& path, qulonglong splats);  // written: open it as the cloud
    void extractExported(const QString& path, qulonglong splats);
    void errorOccurred(const QString& title, const QString& message);
    void statusMessage(const QString& text, int milliseconds);

private:
    void offerToOpen(const QString& folder);
    std::vector<lod::ScanInput> inputs() const;
    bool canExtract(const QString& title);

    QWidget* m_window;
    JobRunner* m_openRunner;
    JobRunner* m_buildRunner;
    JobRunner* m_extractRunner;
    std::shared_ptr<lod::ScanSet> m_scans;
};

}  // namespace sw::editor
