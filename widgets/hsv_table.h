#pragma once
// The per-material colour adjustment table of the Dataset panel: one row per material of the
// current mesh with hue shift (degrees), saturation × and value × spin boxes.
#include <QStringList>
#include <QWidget>
#include <vector>

class QTableWidget;
class QDoubleSpinBox;

namespace sw::widgets {

struct HsvValues {
    double hueShift = 0;    // degrees, -180..180
    double saturation = 1;  // multiplier, 0..4
    double value = 1;       // multiplier, 0..4
};

class HsvTable : public QWidget {
    Q_OBJECT
public:
    explicit HsvTable(QWidget* parent = nullptr);

    // One row per material; values missing from `values` are the identity. Emits no signal.
    void setMaterials(const QStringList& names, const std::vector<HsvValues>& values = {});
    std::vector<HsvValues> values() const;  // [materials]
    int rowCount() const;
    // The spin box of a row and column (0 hue, 1 saturation, 2 value), for tests.
    QDoubleSpinBox* spinBox(int row, int column) const;

signals:
    void changed();

private:
    QTableWidget* m_table;
};

}  // namespace sw::widgets
