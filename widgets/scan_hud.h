#pragma once
// The heads-up display over the viewport's scans: resident MB of the budget, chunks drawable and
// pending, splats submitted to the GPU (of those selected) and left after its cull (read back
// every 16th frame and on a new draw list), the draw list's splats by level, the GPU pool's use,
// the frame's CPU wall time; a line for chunks that failed to load.
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
