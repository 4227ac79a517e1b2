#include "widgets/parts_panel.h"

#include <QHeaderView>
#include <QHBoxLayout>
#include <QLabel>
#include <QPixmap>
#include <QPushButton>
#include <QTableWidget>
#include <QVBoxLayout>

#include "core/render/overlay_palette.h"

namespace sw::widgets {

namespace {
constexpr float kOverlayAlpha = 0.45f;
constexpr float kSelectedAlpha = 0.85f;
}  // namespace

QColor PartsPanel::partColor(int part) {
    // The overlay palette (core/render/overlay_palette): the splat Part overlay and the legend
    // use the same colours.
    const render::OverlayRgb c = render::partOverlayColor(part);
    return QColor::fromRgbF(c.r, c.g, c.b);
}

PartsPanel::PartsPanel(QWidget* parent)
    : QWidget(parent), m_table(new QTableWidget(0, 2)), m_selection(new QLabel), m_assign(new QPushButton),
      m_addPart(new QPushButton) {
    setObjectName("partsPanel");
    m_table->setObjectName("partsTable");
    m_table->setHorizontalHeaderLabels({tr("Part"), tr("Faces")});
    m_table->verticalHeader()->setVisible(false);
    m_table->horizontalHeader()->setSectionResizeMode(0, QHeaderView::Stretch);
    m_table->setSelectionBehavior(QAbstractItemView::SelectRows);
    m_table->setSelectionMode(QAbstractItemView::SingleSelection);
    m_selection->setObjectName("partSelection");
    m_selection->setWordWrap(true);
    m_assign->setObjectName("assignPart");
    m_assign->setText(tr("Assign to Part"));
    m_assign->setToolTip(tr("Moves the picked component into the part selected above"));
    m_addPart->setObjectName("addPart");
    m_addPart->setText(tr("Add Part"));

    auto* hint = new QLabel(tr("Click the model in the viewport to pick a connected component."));
    hint->setWordWrap(true);
    auto* buttons = new QHBoxLayout;
    buttons->addWidget(m_addPart);
    buttons->addStretch(1);
    buttons->addWidget(m_assign);
    auto* layout = new QVBoxLayout(this);
    layout->addWidget(m_table, 1);
    layout->addWidget(hint);
    layout->addWidget(m_selection);
    layout->addLayout(buttons);

    connect(m_assign, &QPushButton::clicked, this, &PartsPanel::assignSelected);
    connect(m_addPart, &QPushButton::clicked, this, [this] {
        if (partCount() >= geometry::Mesh::kMaxParts) return;
        m_names.push_back(tr("part %1").arg(partCount() + 1).toStdString());
        rebuildTable();
        setCurrentPart(partCount() - 1);
        emit partsRenamed(m_names);
    });
    connect(m_table, &QTableWidget::itemChanged, this, [this](QTableWidgetItem* item) {
        if (m_rebuilding || item->column() != 0) return;
        const std::string name = item->text().trimmed().toStdString();
        if (name.empty() || std::size_t(item->row()) >= m_names.size()) return;
        m_names[std::size_t(item->row())] = name;
        emit partsRenamed(m_names);
    });
    updateSelectionLabel();
}

void PartsPanel::setMesh(std::shared_ptr<const geometry::Mesh> mesh) {
    m_mesh = std::move(mesh);
    m_components = m_mesh ? geometry::faceComponents(*m_mesh) : geometry::FaceComponents{};
    m_componentFaces.assign(std::size_t(m_components.count), 0);
    for (int c : m_components.faceComponent) ++m_componentFaces[std::size_t(c)];
    m_selected = -1;
    if (m_mesh) setParts(m_mesh->facePart, m_mesh->partNames);
    else setParts({}, {});
}

void PartsPanel::setParts(const std::vector<int>& facePart, const std::vector<std::string>& names) {
    const int current = currentPart();
    m_facePart = facePart;
    if (m_mesh) m_facePart.resize(m_mesh->triangleCount(), 0);
    m_names = names;
    int maxPart = m_mesh ? 0 : -1;
    for (int p : m_facePart) maxPart = std::max(maxPart, p);
    while (int(m_names.size()) <= maxPart) m_names.push_back(tr("part %1").arg(m_names.size() + 1).toStdString());
    if (int(m_names.size()) > geometry::Mesh::kMaxParts) m_names.resize(geometry::Mesh::kMaxParts);
    rebuildTable();
    setCurrentPart(std::max(current, 0));
    updateSelectionLabel();
    emit overlayChanged();
}

void PartsPanel::rebuildTable() {
    m_rebuilding = true;
    std::vector<int> faces(m_names.size(), 0);
    for (int p : m_facePart)
        if (p >= 0 && std::size_t(p) < faces.size()) ++faces[std::size_t(p)];
    m_table->setRowCount(partCount());
    for (int row = 0; row < partCount(); ++row) {
        QPixmap swatch(12, 12);
        swatch.fill(partColor(row));
        auto* name = new QTableWidgetItem(QIcon(swatch), QString::fromStdString(m_names[std::size_t(row)]));
        name->setFlags(Qt::ItemIsEnabled | Qt::ItemIsSelectable | Qt::ItemIsEditable);
        auto* count = new QTableWidgetItem(QString::number(faces[std::size_t(row)]));
        count->setFlags(Qt::ItemIsEnabled | Qt::ItemIsSelectable);
        count->setTextAlignment(Qt::AlignRight | Qt::AlignVCenter);
        m_table->setItem(row, 0, name);
        m_table->setItem(row, 1, count);
    }
    m_addPart->setEnabled(m_mesh && partCount() < geometry::Mesh::kMaxParts);
    m_rebuilding = false;
}

void PartsPanel::selectFace(int face) {
    m_selected = (face >= 0 && std::size_t(face) < m_components.faceComponent.size())
                     ? m_components.faceComponent[std::size_t(face)] : -1;
    if (m_selected >= 0) {
        // The part of the picked component becomes current, so a rename or check is one click.
        const int part = m_facePart[std::size_t(face)];
        if (m_table->currentRow() < 0) setCurrentPart(part);
    }
    updateSelectionLabel();
    emit overlayChanged();
}

int PartsPanel::currentPart() const { return m_table->currentRow(); }

void PartsPanel::setCurrentPart(int part) {
    if (part >= 0 && part < partCount()) m_table->selectRow(part);
}

QString PartsPanel::partName(int part) const {
    return part >= 0 && part < partCount() ? QString::fromStdString(m_names[std::size_t(part)]) : QString();
}

int PartsPanel::facesInPart(int part) const {
    return int(std::count(m_facePart.begin(), m_facePart.end(), part));
}

void PartsPanel::assignSelected() {
    if (m_selected < 0 || currentPart() < 0) return;
    emit assignRequested(m_selected, currentPart());
}

void PartsPanel::updateSelectionLabel() {
    if (m_selected < 0) {
        m_selection->setText(m_mesh ? tr("No component picked (components in the model: %1).").arg(m_components.count)
                                    : tr("No model."));
    } else {
        m_selection->setText(tr("Picked component %1 (faces: %2).").arg(m_selected).arg(m_componentFaces[std::size_t(m_selected)]));
    }
    m_assign->setEnabled(m_selected >= 0);
}

std::vector<render::GizmoColor> PartsPanel::overlayColors() const {
    std::vector<render::GizmoColor> colors(m_facePart.size());
    for (std::size_t f = 0; f < m_facePart.size(); ++f) {
        const bool selected = m_selected >= 0 && m_components.faceComponent[f] == m_selected;
        const QColor c = selected ? partColor(m_facePart[f]).lighter(150) : partColor(m_facePart[f]);
        colors[f] = render::GizmoColor(float(c.redF()), float(c.greenF()), float(c.blueF()),
                                       selected ? kSelectedAlpha : kOverlayAlpha);
    }
    return colors;
}

}  // namespace sw::widgets
