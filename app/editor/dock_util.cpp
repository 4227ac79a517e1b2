#include "app/editor/dock_util.h"

#include <QDockWidget>
#include <QMainWindow>
#include <QScrollArea>

#include "widgets/fitted_scroll_area.h"

namespace sw::editor {

QScrollArea* fittedScrollArea(QWidget* panel) { return new widgets::FittedScrollArea(panel); }

QDockWidget* addDock(QMainWindow* window, const DockSpec& spec) {
    auto* dock = new QDockWidget(spec.title, window);
    dock->setObjectName(QString::fromLatin1(spec.name));
    QWidget* body = spec.body;
    if (spec.scroll == DockScroll::Fitted) {
        body = fittedScrollArea(spec.body);
    } else if (spec.scroll == DockScroll::Plain) {
        auto* area = new QScrollArea;
        area->setWidgetResizable(true);
        area->setWidget(spec.body);
        body = area;
    }
    dock->setWidget(body);
    window->addDockWidget(spec.area, dock);
    if (spec.tabifyWith) window->tabifyDockWidget(spec.tabifyWith, dock);
    return dock;
}

}  // namespace sw::editor
