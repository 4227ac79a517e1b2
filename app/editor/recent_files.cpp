#include "app/editor/recent_files.h"

#include <QDir>
#include <QFileInfo>
#include <QMenu>
#include <QSettings>

namespace sw::editor {
namespace {
const char* const KEY = "recentFiles";
}

RecentFiles::RecentFiles(QObject* parent) : QObject(parent) {
    m_files = QSettings().value(KEY).toStringList();
    while (m_files.size() > MAX_FILES) m_files.removeLast();
}

void RecentFiles::add(const QString& path) {
    const QString absolute = QFileInfo(path).absoluteFilePath();
    m_files.removeAll(absolute);
    m_files.prepend(absolute);
    while (m_files.size() > MAX_FILES) m_files.removeLast();
    save();
}

void RecentFiles::remove(const QString& path) {
    if (m_files.removeAll(QFileInfo(path).absoluteFilePath()) > 0) save();
}

void RecentFiles::clear() {
    m_files.clear();
    save();
}

void RecentFiles::save() {
    QSettings settings;
    settings.setValue(KEY, m_files);
    settings.sync();
    rebuildMenu();
    emit changed();
}

void RecentFiles::attachMenu(QMenu* menu) {
    m_menu = menu;
    rebuildMenu();
}

void RecentFiles::rebuildMenu() {
    if (!m_menu) return;
    m_menu->clear();
    for (int i = 0; i < m_files.size(); ++i) {
        const QString path = m_files[i];
        const QString text = QStringLiteral("&%1 %2").arg(i + 1).arg(QDir::toNativeSeparators(path));
        QAction* action = m_menu->addAction(text);
        action->setToolTip(path);
        connect(action, &QAction::triggered, this, [this, path] { emit openRequested(path); });
    }
    if (!m_files.isEmpty()) m_menu->addSeparator();
    QAction* clearAction = m_menu->addAction(tr("Clear List"));
    clearAction->setObjectName("clearRecent");
    clearAction->setEnabled(!m_files.isEmpty());
    connect(clearAction, &QAction::triggered, this, &RecentFiles::clear);
    m_menu->setEnabled(true);
}

}  // namespace sw::editor
