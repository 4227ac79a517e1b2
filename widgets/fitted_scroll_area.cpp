#include "widgets/fitted_scroll_area.h"

#include <QEvent>
#include <QScrollBar>
#include <QTimer>

namespace sw::widgets {

FittedScrollArea::FittedScrollArea(QWidget* panel, QWidget* parent) : QScrollArea(parent) {
    setWidgetResizable(true);
    setWidget(panel);
    setHorizontalScrollBarPolicy(Qt::ScrollBarAlwaysOff);
    refit();
}

void FittedScrollArea::refit() {
    if (QWidget* panel = widget())
        setMinimumWidth(panel->minimumSizeHint().width() + verticalScrollBar()->sizeHint().width() + 2 * frameWidth() + 2);
}

void FittedScrollArea::changeEvent(QEvent* event) {
    // After every widget has its new texts (they change on the same event, in no set order).
    if (event->type() == QEvent::LanguageChange) QTimer::singleShot(0, this, [this] { refit(); });
    QScrollArea::changeEvent(event);
}

}  // namespace sw::widgets
