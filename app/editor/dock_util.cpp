#include "app/editor/dock_util.h"

#include <QDockWidget>
#include <QMainWindow>
#include <QScrollArea>
#include <QScrollBar>

namespace sw::editor {

QScrollArea* fittedScrollArea(QWidget* panel) {
    auto* area = new QScrollArea;
    area->setWidgetResizable(true);
    area->setWidget(panel);
    area->setHorizontalScrollBarPolicy(Qt::ScrollBarAlwaysOff);
    area->setMinimumWidth(panel->minimumSizeHint().width() + area->verticalScrollBar()->sizeHint().width() + 4);
    return area;
}

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
