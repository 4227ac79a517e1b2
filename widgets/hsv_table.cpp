#include "widgets/hsv_table.h"

#include <QDoubleSpinBox>
#include <QHeaderView>
#include <QTableWidget>
#include <QVBoxLayout>

namespace sw::widgets {

namespace {

QDoubleSpinBox* makeSpin(double min, double max, double step, double value, const QString& suffix) {
    auto* spin = new QDoubleSpinBox;
    spin->setRange(min, max);
    spin->setSingleStep(step);
    spin->setDecimals(2);
    spin->setValue(value);
    spin->setSuffix(suffix);
    spin->setFrame(false);
    return spin;
}

}  // namespace

HsvTable::HsvTable(QWidget* parent) : QWidget(parent), m_table(new QTableWidget(0, 4, this)) {
    setObjectName("hsvTable");
    m_table->setHorizontalHeaderLabels({tr("Material"), tr("Hue shift"), tr("Saturation"), tr("Value")});
    m_table->verticalHeader()->setVisible(false);
    m_table->horizontalHeader()->setSectionResizeMode(0, QHeaderView::Stretch);
    m_table->setSelectionMode(QAbstractItemView::NoSelection);
    m_table->setMinimumHeight(110);
    auto* layout = new QVBoxLayout(this);
    layout->setContentsMargins(0, 0, 0, 0);
    layout->addWidget(m_table);
}

void HsvTable::setMaterials(const QStringList& names, const std::vector<HsvValues>& values) {
    m_table->setRowCount(int(names.size()));
    for (int row = 0; row < names.size(); ++row) {
        const HsvValues v = std::size_t(row) < values.size() ? values[std::size_t(row)] : HsvValues{};
        auto* name = new QTableWidgetItem(names[row].isEmpty() ? tr("material %1").arg(row + 1) : names[row]);
        name->setFlags(Qt::ItemIsEnabled);
        m_table->setItem(row, 0, name);
        QDoubleSpinBox* spins[] = {makeSpin(-180, 180, 5, v.hueShift, tr("°")), makeSpin(0, 4, 0.05, v.saturation, tr("×")),
                                   makeSpin(0, 4, 0.05, v.value, tr("×"))};
        for (int c = 0; c < 3; ++c) {
            spins[c]->setObjectName(QStringLiteral("hsv_%1_%2").arg(row).arg(c));
            connect(spins[c], &QDoubleSpinBox::valueChanged, this, &HsvTable::changed);
            m_table->setCellWidget(row, c + 1, spins[c]);
        }
    }
    m_table->resizeColumnsToContents();
    m_table->horizontalHeader()->setSectionResizeMode(0, QHeaderView::Stretch);
}

std::vector<HsvValues> HsvTable::values() const {
    std::vector<HsvValues> out(std::size_t(m_table->rowCount()));
    for (int row = 0; row < m_table->rowCount(); ++row) {
        out[std::size_t(row)] = {spinBox(row, 0)->value(), spinBox(row, 1)->value(), spinBox(row, 2)->value()};
    }
    return out;
}

int HsvTable::rowCount() const { return m_table->rowCount(); }

QDoubleSpinBox* HsvTable::spinBox(int row, int column) const {
    return qobject_cast<QDoubleSpinBox*>(m_table->cellWidget(row, column + 1));
}

}  // namespace sw::widgets
