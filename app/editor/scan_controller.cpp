#include "app/editor/scan_controller.h"

#include <QDialog>
#include <QDialogButtonBox>
#include <QDir>
#include <QFileDialog>
#include <QFileInfo>
#include <QGridLayout>
#include <QLabel>
#include <QLineEdit>
#include <QMessageBox>
#include <QPushButton>
#include <QVBoxLayout>
#include <filesystem>
#include <functional>

#include "app/editor/ask.h"
#include "app/editor/job_runner.h"
#include "core/foundation/log.h"
#include "core/foundation/output_folder.h"
#include "core/lod/lod_job.h"
#include "widgets/param_panel.h"

namespace sw::editor {

namespace {

QString scanFilter() {
    return ScanController::tr("Scans (lod.json lod-meta.json meta.json *.ply *.spz *.splat *.sog);;All files (*)");
}

// A row of a label, a line edit and a Browse… button that runs `browse`.
QLineEdit* addPathRow(QGridLayout* grid, int row, const QString& label, const QString& value, const char* name,
                      std::function<QString(const QString&)> browse) {
    grid->addWidget(new QLabel(label), row, 0);
    auto* edit = new QLineEdit(value);
    edit->setObjectName(name);
    grid->addWidget(edit, row, 1);
    auto* button = new QPushButton(ScanController::tr("Browse…"));
    grid->addWidget(button, row, 2);
    QObject::connect(button, &QPushButton::clicked, edit, [edit, browse] {
        const QString path = browse(edit->text());
        if (!path.isEmpty()) edit->setText(path);
    });
    return edit;
}

}  // namespace

ScanController::ScanController(QWidget* window)
    : QObject(window), m_window(window), m_openRunner(new JobRunner(this)), m_buildRunner(new JobRunner(this)),
      m_extractRunner(new JobRunner(this)), m_scans(std::make_shared<lod::ScanSet>()) {
    for (JobRunner* runner : {m_openRunner, m_buildRunner, m_extractRunner})
        connect(runner, &JobRunner::started, this, [](const QString& what) { SW_LOG_INFO(what.toStdString()); });
}

bool ScanController::open(const QString& path) {
    const std::string file = QDir::toNativeSeparators(path).toStdString();
    const bool started = m_openRunner->run<std::shared_ptr<const lod::ChunkSource>>(
        tr("Reading the scan %1").arg(QFileInfo(path).fileName()),
        [file](const Progress& progress) { return lod::openScanSource(file, progress); },
        [this, path](Result<std::shared_ptr<const lod::ChunkSource>> source) {
            if (!source) {
                if (source.error().code == ErrorCode::Cancelled) {
                    SW_LOG_INFO("Cancelled: " << source.error().toString());
                    return;
                }
                emit errorOccurred(tr("Open Scan"), QString::fromStdString(source.error().toString()));
                return;
            }
            const lod::LodTree& tree = (*source)->tree();
            if (Status s = m_scans->add(path.toStdString(), *source); !s) {
                emit errorOccurred(tr("Open Scan"), QString::fromStdString(s.error().toString()));
                return;
            }
            std::uint64_t splats = 0;
            for (const lod::LodLeaf& leaf : tree.leaves) splats += leaf.levels.empty() ? 0 : leaf.levels.front().count;
            SW_LOG_INFO("Opened the scan " << path.toStdString() << ": " << splats << " splats, " << tree.leaves.size()
                                           << " leaves, " << tree.levelCount << " levels");
            emit statusMessage(tr("Opened %1: %2 splats in %3 chunk(s) of %4 level(s)")
                                   .arg(QFileInfo(path).fileName())
                                   .arg(splats)
                                   .arg(tree.leaves.size())
                                   .arg(tree.levelCount),
                               10000);
            emit scansChanged();
        });
    if (!started) emit errorOccurred(tr("Open Scan"), tr("A scan is being read already."));
    return started;
}

void ScanController::browseOpen() {
    const QString path = QFileDialog::getOpenFileName(m_window, tr("Open Scan"), QString(), scanFilter());
    if (!path.isEmpty()) open(path);
}

void ScanController::closeAll() {
    m_scans->clear();
    emit scansChanged();
}

Status ScanController::applySettings(const lod::ScanSettings& settings) { return m_scans->setSettings(settings); }

QString ScanController::defaultFolder(const QString& scan) {
    if (scan.isEmpty()) return {};
    const QFileInfo info(scan);
    const QString stem = info.isDir() ? info.fileName() : info.completeBaseName();
    return info.absoluteDir().filePath(stem + QStringLiteral("-lod"));
}

void ScanController::askBuild(const QString& scan) {
    auto* dialog = new QDialog(m_window);
    dialog->setObjectName("buildLodDialog");
    dialog->setAttribute(Qt::WA_DeleteOnClose);
    dialog->setWindowTitle(tr("Build LOD"));
    auto* layout = new QVBoxLayout(dialog);
    auto* intro = new QLabel(tr("Builds the levels of detail of a scan into a new folder (lod.json and its chunks), "
                                "the same job as splatwright-cli lod-build; the scan itself is not changed."));
    intro->setWordWrap(true);
    layout->addWidget(intro);
    auto* grid = new QGridLayout;
    QLineEdit* folder = nullptr;
    QLineEdit* input = addPathRow(grid, 0, tr("Scan"), scan, "buildLodScan", [dialog](const QString& at) {
        return QFileDialog::getOpenFileName(dialog, tr("Scan"), at, scanFilter());
    });
    folder = addPathRow(grid, 1, tr("Write to folder"), defaultFolder(scan), "buildLodFolder", [dialog](const QString& at) {
        return QFileDialog::getExistingDirectory(dialog, tr("LOD folder"), at);
    });
    connect(input, &QLineEdit::editingFinished, folder, [input, folder] {
        if (folder->text().isEmpty()) folder->setText(defaultFolder(input->text()));
    });
    layout->addLayout(grid);
    auto* form = new widgets::ParamPanel(lod::lodSchema().schema());
    form->setObjectName("buildLodSettings");
    layout->addWidget(form);
    auto* buttons = new QDialogButtonBox(QDialogButtonBox::Ok | QDialogButtonBox::Cancel);
    buttons->button(QDialogButtonBox::Ok)->setText(tr("Build"));
    layout->addWidget(buttons);
    connect(buttons, &QDialogButtonBox::rejected, dialog, &QDialog::reject);
    connect(buttons, &QDialogButtonBox::accepted, dialog, [this, dialog, form, input, folder] {
        if (startBuild(input->text().trimmed(), folder->text().trimmed(), lod::lodSchema().fromParams(form->params())))
            dialog->accept();
    });
    dialog->show();
}

bool ScanController::startBuild(const QString& scan, const QString& folder, const lod::LodSettings& settings) {
    const QString title = tr("Cannot build the LOD folder");
    if (scan.isEmpty() || folder.isEmpty()) {
        emit errorOccurred(title, tr("Choose the scan and the folder to write."));
        return false;
    }
    const std::string in = scan.toStdString(), out = folder.toStdString();
    // Checked before the job too, so a folder of the user's files keeps the dialog open.
    if (Status ok = checkFolderReplaceable(std::filesystem::absolute(out).lexically_normal().string()); !ok) {
        emit errorOccurred(title, QString::fromStdString(ok.error().toString()));
        return false;
    }
    const bool started = m_buildRunner->run<lod::LodBuildReport>(
        tr("Building the LOD folder of %1").arg(QFileInfo(scan).fileName()),
        [in, out, settings](const Progress& progress) { return lod::buildLodFolder(in, out, settings, progress); },
        [this, title, folder](Result<lod::LodBuildReport> report) {
            if (!report) {
                if (report.error().code == ErrorCode::Cancelled) {
                    SW_LOG_INFO("Cancelled: " << report.error().toString());
                    return;
                }
                emit errorOccurred(title, QString::fromStdString(report.error().toString()));
                return;
            }
            SW_LOG_INFO("Build LOD: " << report->splats << " splats in " << report->leaves << " leaves, "
                                      << report->levelSplats.size() << " levels, " << report->bytesWritten
                                      << " bytes written to " << report->folder << " (read " << report->readSeconds
                                      << " s, build " << report->buildSeconds << " s, write " << report->writeSeconds << " s)");
            emit statusMessage(tr("Built %1: %2 splats in %3 leaves").arg(QFileInfo(folder).fileName())
                                   .arg(report->splats).arg(report->leaves),
                               15000);
            emit built(folder);
            offerToOpen(folder);
        });
    if (!started) emit errorOccurred(title, tr("A build is running already."));
    return started;
}

void ScanController::offerToOpen(const QString& folder) {
    ask(m_window, QStringLiteral("openBuiltLod"), tr("Build LOD"),
        tr("The LOD folder %1 is written. Open it?").arg(QDir::toNativeSeparators(folder)),
        QMessageBox::Open | QMessageBox::Close, QMessageBox::Open, [this, folder](int answer) {
            if (answer == QMessageBox::Open) open(QDir(folder).filePath(QStringLiteral("lod.json")));
        });
}

}  // namespace sw::editor
