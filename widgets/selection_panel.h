#pragma once
// The Selection panel (issue 16 build item 1): the viewport's selection tools (navigate, click,
// box, lasso, brush, sphere; depth-aware; brush size), selection commands (all, none, invert,
// grow/shrink by a radius, frame), the edits on the selection (hide, show all, delete, crop to
// its bounds) and select by attribute range over a histogram (opacity, size, distance to mesh,
// floater signs). The panel only shows and asks: the viewport selects, the editor edits and
// supplies the attribute values (setAttributeValues after attributeRequested).
#include <QWidget>
#include <span>
#include <vector>

#include "core/splat/selection.h"
#include "widgets/viewport.h"

class QButtonGroup;
class QCheckBox;
class QComboBox;
class QDoubleSpinBox;
class QLabel;
class QPushButton;

namespace sw::widgets {

class HistogramView;

class SelectionPanel : public QWidget {
    Q_OBJECT
public:
    enum class Attribute { Opacity = 0, Size, MeshDistance, FloaterSigns };

    explicit SelectionPanel(Viewport* viewport, QWidget* parent = nullptr);

    Attribute attribute() const;
    // The current attribute's values per viewport splat ([n_core + n_shell], NaN = unknown);
    // redraws the histogram and resets the range to the values' span.
    void setAttributeValues(std::vector<float> values);
    const std::vector<float>& attributeValues() const { return m_values; }
    void setRange(float lo, float hi);
    // Selects (Shift-like add when `add`) the splats whose value lies in the range.
    void selectRange(bool add = false);
    float growRadius() const;
    QString countText() const;
    const sw::splat::Histogram& histogram() const { return m_histogram; }

signals:
    void attributeRequested(Attribute attribute);  // the editor answers with setAttributeValues
    void hideRequested();
    void showAllRequested();
    void deleteRequested();
    void cropRequested();

protected:
    void changeEvent(QEvent* event) override;  // a live language switch: the tool texts again

private:
    void updateCount(std::size_t count);
    void setToolTexts();

    Viewport* m_viewport;
    QButtonGroup* m_tools;
    QCheckBox* m_depthAware;
    QDoubleSpinBox* m_brush;
    QDoubleSpinBox* m_radius;
    QComboBox* m_attribute;
    HistogramView* m_histView;
    QDoubleSpinBox* m_lo;
    QDoubleSpinBox* m_hi;
    QLabel* m_count;
    std::vector<float> m_values;
    sw::splat::Histogram m_histogram;
};

}  // namespace sw::widgets
