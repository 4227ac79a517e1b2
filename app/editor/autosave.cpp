#include "app/editor/autosave.h"

#include <signal.h>
#include <cerrno>
#include <unistd.h>

#include <QCoreApplication>
#include <QDateTime>
#include <QDir>
#include <QFile>
#include <QFileInfo>
#include <QLocale>
#include <QPushButton>
#include <QSettings>
#include <QStandardPaths>
#include <QTimer>

#include "app/editor/ask.h"
#include "app/editor/editor_document.h"
#include "app/editor/project_controller.h"
#include "core/foundation/log.h"
#include "core/project/recovery.h"

namespace sw::editor {

namespace {
constexpr const char* kMinutesKey = "autosave/minutes";
constexpr const char* kFilesKey = "recovery/files";

bool processRuns(qint64 pid) { return pid > 0 && (::kill(pid_t(pid), 0) == 0 || errno == EPERM); }

QStringList listed() { return QSettings().value(QLatin1String(kFilesKey)).toStringList(); }
void setListed(const QStringList& files) { QSettings().setValue(QLatin1String(kFilesKey), files); }
}  // namespace

AutosaveController::AutosaveController(EditorDocument* document, ProjectController* projects, QWidget* window)
    : QObject(window), m_document(document), m_projects(projects), m_window(window), m_timer(new QTimer(this)) {
    m_timer->setObjectName("autosaveTimer");
    connect(m_timer, &QTimer::timeout, this, &AutosaveController::autosaveNow);
    setIntervalMinutes(QSettings().value(QLatin1String(kMinutesKey), kDefaultMinutes).toInt());
    // Saved: the recovery file of that state is stale.
    connect(m_document, &EditorDocument::modifiedChanged, this, [this](bool modified) {
        if (modified) return;
        for (const QString& path : QStringList(m_written)) forget(path);
    });
}

void AutosaveController::setIntervalMinutes(int minutes) {
    m_minutes = std::max(0, minutes);
    QSettings().setValue(QLatin1String(kMinutesKey), m_minutes);
    if (m_minutes > 0) m_timer->start(m_minutes * 60 * 1000);
    else m_timer->stop();
}

QString AutosaveController::recoveryPath() const {
    if (!m_document->model()) return {};
    if (!m_document->projectPath().isEmpty())
        return QString::fromStdString(project::recoveryPathBeside(m_document->projectPath().toStdString()));
    const QByteArray model = m_document->modelPath().toUtf8();
    const auto hash = project::fnv1a64({reinterpret_cast<const std::uint8_t*>(model.constData()), std::size_t(model.size())});
    const QString folder = QDir(QStandardPaths::writableLocation(QStandardPaths::AppDataLocation)).filePath("recovery");
    return QDir(folder).filePath(QStringLiteral("unsaved-%1%2").arg(hash, 16, 16, QLatin1Char('0')).arg(project::kRecoveryExtension));
}

bool AutosaveController::autosaveNow() {
    if (!m_document->model() || !m_document->isModified()) return false;
    // A recovery file of an earlier session that the artist has not chosen to restore or discard
    // yet is never written over (it may hold the only copy of that work).
    const QString target = recoveryPath();
    if (listed().contains(target) && !m_written.contains(target) && QFileInfo::exists(target)) {
        SW_LOG_WARN("Autosave: not written over " << target.toStdString() << ", an earlier session's unsaved work "
                                                  << "(restore or discard it first)");
        return false;
    }
    auto state = m_projects->snapshot(m_document->projectPath());
    if (!state) return false;
    const QString path = recoveryPath();
    QDir().mkpath(QFileInfo(path).absolutePath());
    project::Recovery recovery;
    recovery.projectPath = m_document->projectPath().toStdString();
    recovery.savedAtMs = QDateTime::currentMSecsSinceEpoch();
    recovery.pid = QCoreApplication::applicationPid();
    recovery.project = std::move(state).value();
    if (Status s = project::saveRecovery(recovery, path.toStdString()); !s) {
        SW_LOG_WARN("Autosave: " << s.error().toString());
        return false;
    }
    // An earlier file of this session for another state (the project was saved as another name).
    for (const QString& old : QStringList(m_written))
        if (old != path) forget(old);
    remember(path);
    SW_LOG_INFO("Autosaved the unsaved changes to " << path.toStdString());
    emit autosaved(path);
    return true;
}

void AutosaveController::remember(const QString& path) {
    if (!m_written.contains(path)) m_written << path;
    QStringList files = listed();
    if (!files.contains(path)) setListed(files << path);
}

QString AutosaveController::cloudEditsOf(const QString& recoveryPath) { return recoveryPath + QStringLiteral(".cloud-edits.json"); }

void AutosaveController::forget(const QString& path) {
    // Only a file this program wrote is removed: the listing names recovery files it wrote.
    if (path.endsWith(QLatin1String(project::kRecoveryExtension))) {
        QFile::remove(path);
        QFile::remove(cloudEditsOf(path));
    }
    m_written.removeAll(path);
    QStringList files = listed();
    files.removeAll(path);
    setListed(files);
}

QStringList AutosaveController::pendingRecoveries() const {
    QStringList pending;
    for (const QString& path : listed()) {
        if (m_written.contains(path) || !QFileInfo::exists(path)) continue;
        auto recovery = project::loadRecovery(path.toStdString());
        if (recovery && recovery->pid != QCoreApplication::applicationPid() && processRuns(recovery->pid)) continue;
        pending << path;  // a broken file is offered too: Discard removes it
    }
    return pending;
}

void AutosaveController::removeRecoveryFiles() {
    for (const QString& path : QStringList(m_written)) forget(path);
    QStringList files = listed();  // listed files that are gone
    for (const QString& path : QStringList(files))
        if (!QFileInfo::exists(path)) files.removeAll(path);
    setListed(files);
}

void AutosaveController::offerRecovery() {
    QStringList files = listed();
    for (const QString& path : QStringList(files))
        if (!QFileInfo::exists(path)) files.removeAll(path);
    setListed(files);
    offerNext(pendingRecoveries());
}

void AutosaveController::offerNext(QStringList queue) {
    if (queue.isEmpty()) return;
    const QString path = queue.takeFirst();
    auto recovery = project::loadRecovery(path.toStdString());
    if (!recovery) {
        SW_LOG_WARN("Recovery: " << recovery.error().toString() << " (removed)");
        forget(path);
        offerNext(queue);
        return;
    }
    const QString belongs = recovery->projectPath.empty() ? QFileInfo(QString::fromStdString(recovery->project.modelPath)).fileName()
                                                          : QString::fromStdString(recovery->projectPath);
    const QString when = QLocale().toString(QDateTime::fromMSecsSinceEpoch(recovery->savedAtMs), QLocale::ShortFormat);
    QMessageBox* box = ask(m_window, QStringLiteral("restoreRecovery"), tr("Restore unsaved work"),
                           tr("Splatwright did not quit cleanly last time. Unsaved changes to %1 were autosaved at %2.\n"
                              "Restore them? (Discard deletes the autosave; the project file stays as it was saved.)")
                               .arg(belongs, when),
                           QMessageBox::Yes | QMessageBox::Discard, QMessageBox::Yes,
                           [this, path, queue, r = std::move(recovery).value()](int answer) mutable {
                               if (answer == QMessageBox::Yes) {
                                   const QString projectPath = QString::fromStdString(r.projectPath);
                                   m_projects->restoreRecovered(std::move(r.project), projectPath);
                                   // The restored state is this session's now: its file stays until a save or a clean quit.
                                   if (!m_written.contains(path)) m_written << path;
                                   emit recovered(path);
                               } else {
                                   forget(path);
                               }
                               QTimer::singleShot(0, this, [this, queue] { offerNext(queue); });
                           });
    box->button(QMessageBox::Yes)->setText(tr("Restore"));
}

}  // namespace sw::editor
