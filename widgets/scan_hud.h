#pragma once
// The heads-up display over the viewport's scans: resident MB of the budget, chunks drawable and
// pending, splats drawn (and selected), frame ms; a line for chunks that failed to load.
#include <QLabel>

#include "widgets/viewport.h"

namespace sw::widgets {

class ScanHud : public QLabel {
    Q_OBJECT
public:
    explicit ScanHud(QWidget* parent);
    void showStats(const Viewport::ScanStats& stats);
};

}  // namespace sw::widgets
