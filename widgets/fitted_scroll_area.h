#pragma once
// A vertically scrolling area as wide as its panel needs (no horizontal scrolling, so no language
// may need it): the minimum width follows the panel's minimum, also after a live language switch
// (Russian labels are wider; a width fitted to English clipped "Удалить" and the fields).
#include <QScrollArea>

namespace sw::widgets {

class FittedScrollArea : public QScrollArea {
public:
    explicit FittedScrollArea(QWidget* panel, QWidget* parent = nullptr);
    void refit();  // the minimum width for the panel as it is now

protected:
    void changeEvent(QEvent* event) override;
};

}  // namespace sw::widgets
