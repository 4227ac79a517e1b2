#pragma once
// The editor's one dock helper: every dock of the main window is made here, named (the object
// name saves and restores its state), placed in an area and optionally tabbed with another
// dock. A panel taller than the dock scrolls; a `Fitted` scroll area is wide enough for the
// panel's longest (translated) label, so no language needs horizontal scrolling.
#include <QString>
#include <Qt>

class QDockWidget;
class QMainWindow;
class QScrollArea;
class QWidget;

namespace sw::editor {

enum class DockScroll { None, Plain, Fitted };

struct DockSpec {
    QString title;
    const char* name = "";  // object name, e.g. "datasetDock"
    QWidget* body = nullptr;
    Qt::DockWidgetArea area = Qt::RightDockWidgetArea;
    QDockWidget* tabifyWith = nullptr;  // shares a tab group with this dock
    DockScroll scroll = DockScroll::None;
};

QDockWidget* addDock(QMainWindow* window, const DockSpec& spec);

// `panel` in a vertically scrolling area as wide as the panel needs.
QScrollArea* fittedScrollArea(QWidget* panel);

}  // namespace sw::editor
