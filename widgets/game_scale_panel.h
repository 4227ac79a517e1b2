#pragma once
// The game-scale dock (issue #6.2): core/render/game_scale's sheet of the viewport's splat
// model (×1 and ×3 nearest-neighbour, on grey and on black, next to the source mesh at the same
// scale), with the target height (60–100 px) and heading as settings and a Refresh button.
// Rendered with the viewport's GL context (Viewport::renderGameScale) and its current look
// (overlay, LOD, passes, effects).
#include <QImage>
#include <QWidget>

class QLabel;
class QPushButton;
class QSpinBox;

namespace sw::widgets {

class Viewport;

class GameScalePanel : public QWidget {
    Q_OBJECT
public:
    explicit GameScalePanel(Viewport* viewport, QWidget* parent = nullptr);

    void setTargetHeight(int px);  // 60..100
    int targetHeight() const;
    // Renders the sheet now; false (message shown in the panel) without a splat model or on a
    // GL error.
    bool refresh();
    // The last sheet (null before the first successful refresh).
    const QImage& image() const { return m_image; }

signals:
    void refreshed(const QImage& image);

private:
    Viewport* m_viewport;
    QSpinBox* m_height = nullptr;
    QSpinBox* m_heading = nullptr;
    QLabel* m_view = nullptr;
    QLabel* m_info = nullptr;
    QImage m_image;
};

}  // namespace sw::widgets
