#pragma once
// The Open Recent list: most recent first, no duplicates, at most MAX_FILES entries,
// persisted with QSettings (the application's organisation and name select the store), and
// the File ▸ Open Recent submenu built from it.
#include <QObject>
#include <QStringList>

class QMenu;

namespace sw::editor {

class RecentFiles : public QObject {
    Q_OBJECT
public:
    static constexpr int MAX_FILES = 10;

    explicit RecentFiles(QObject* parent = nullptr);  // loads the persisted list

    QStringList files() const { return m_files; }
    void add(const QString& path);  // moves it to the front and persists
    void remove(const QString& path);
    void clear();

    // Fills `menu` with one action per file plus "Clear List"; rebuilt on every change.
    void attachMenu(QMenu* menu);

signals:
    void openRequested(const QString& path);
    void changed();

private:
    void save();
    void rebuildMenu();

    QStringList m_files;
    QMenu* m_menu = nullptr;
};

}  // namespace sw::editor
