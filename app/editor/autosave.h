#pragma once
// Autosave and crash recovery (issue #16 build item 3). While the document has unsaved changes
// the project state is written to a recovery file every N minutes (File ▸ Autosave, kept in
// QSettings; 0 = off) and after each stage completes (the main window calls autosaveNow()):
// "<project>.autosave" beside a saved project, "<app data>/recovery/unsaved-<hash>.autosave" for
// one never saved. Every write is atomic (core/project/recovery). A save makes this session's
// recovery file stale (it is removed); a clean quit removes all of them. The files written
// are listed in QSettings, so the next start finds what a crash left behind and offerRecovery()
// asks ("restoreRecovery": Restore / Discard) for each one whose writer no longer runs.
#include <QObject>
#include <QString>
#include <QStringList>

class QTimer;
class QWidget;

namespace sw::editor {

class EditorDocument;
class ProjectController;

class AutosaveController : public QObject {
    Q_OBJECT
public:
    static constexpr int kDefaultMinutes = 5;

    AutosaveController(EditorDocument* document, ProjectController* projects, QWidget* window);

    // Minutes between autosaves (0 = off); stored in QSettings ("autosave/minutes").
    int intervalMinutes() const { return m_minutes; }
    void setIntervalMinutes(int minutes);

    // Where the current state's recovery file goes (empty without a model).
    QString recoveryPath() const;
    // Writes the recovery file when there are unsaved changes; returns whether it wrote one.
    bool autosaveNow();
    // The recovery files of earlier sessions that did not quit cleanly (listed, present, their
    // writer gone).
    QStringList pendingRecoveries() const;
    // Asks about each pending recovery file, one after another (window-modal, "restoreRecovery").
    void offerRecovery();
    // Clean quit: removes every recovery file this session wrote.
    void removeRecoveryFiles();
    // The companion of a recovery file holding the unsaved cloud edits (cloud_edits.h), written
    // by the window after each autosave and removed with the recovery file.
    static QString cloudEditsOf(const QString& recoveryPath);

signals:
    void autosaved(const QString& path);
    void recovered(const QString& path);

private:
    void offerNext(QStringList queue);
    void forget(const QString& path);  // removes the file (if ours) and its listing
    void remember(const QString& path);

    EditorDocument* m_document;
    ProjectController* m_projects;
    QWidget* m_window;
    QTimer* m_timer;
    int m_minutes = kDefaultMinutes;
    QStringList m_written;  // this session's recovery files
};

}  // namespace sw::editor
