#pragma once
// The Parts panel: the model's semantic parts (at most Mesh::kMaxParts, names editable, faces
// per part, a colour each), the connected component picked in the viewport, and a button that
// assigns that component to the current part. The panel only reports the assignment
// (assignRequested); the owner changes the model and calls setParts() with the result.
#include <QColor>
#include <QWidget>
#include <memory>
#include <vector>

#include "core/geometry/mesh.h"
#include "core/geometry/winding.h"
#include "core/render/gizmo_renderer.h"

class QLabel;
class QPushButton;
class QTableWidget;

namespace sw::widgets {

class PartsPanel : public QWidget {
    Q_OBJECT
public:
    explicit PartsPanel(QWidget* parent = nullptr);

    // A new model (nullptr clears): computes its connected components (edge adjacency).
    void setMesh(std::shared_ptr<const sw::geometry::Mesh> mesh);
    // The model's parts changed: [F] part per face and the part names.
    void setParts(const std::vector<int>& facePart, const std::vector<std::string>& names);

    // Selects the connected component of a face (-1 clears the selection).
    void selectFace(int face);
    int selectedComponent() const { return m_selected; }
    int currentPart() const;
    void setCurrentPart(int part);
    int partCount() const { return int(m_names.size()); }
    QString partName(int part) const;
    std::vector<std::string> partNames() const { return m_names; }
    int facesInPart(int part) const;
    const sw::geometry::FaceComponents& components() const { return m_components; }
    // Assigns the selected component to the current part (emits assignRequested).
    void assignSelected();

    // [F] overlay colours: every face in its part's colour, the selected component brighter.
    std::vector<sw::render::GizmoColor> overlayColors() const;
    static QColor partColor(int part);

signals:
    void assignRequested(int component, int part);
    void partsRenamed(const std::vector<std::string>& names);
    void overlayChanged();

private:
    void rebuildTable();
    void updateSelectionLabel();

    std::shared_ptr<const sw::geometry::Mesh> m_mesh;
    sw::geometry::FaceComponents m_components;
    std::vector<int> m_componentFaces;  // [components] face count
    std::vector<int> m_facePart;        // [F]
    std::vector<std::string> m_names;   // [parts]
    int m_selected = -1;
    bool m_rebuilding = false;
    QTableWidget* m_table;
    QLabel* m_selection;
    QPushButton* m_assign;
    QPushButton* m_addPart;
};

}  // namespace sw::widgets
