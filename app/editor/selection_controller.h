#pragma once
// The editor side of the viewport's selection (issue 16 build item 1): the Selection panel's
// and the viewport's requests become BakeController edits on the document's cloud (delete,
// hide/show, crop; undoable there), the hidden splats are mapped onto whatever model the
// viewport shows (cloud preview or bake), the panel gets its attribute values (opacity, size,
// distance to the mesh, floater signs) and the status bar the selection count.
#include <QObject>
#include <vector>

class QLabel;

namespace sw::widgets {
class SelectionPanel;
class Viewport;
}  // namespace sw::widgets

namespace sw::editor {

class BakeController;
class EditorDocument;

class SelectionController : public QObject {
    Q_OBJECT
public:
    SelectionController(EditorDocument* document, BakeController* bake, sw::widgets::Viewport* viewport,
                        sw::widgets::SelectionPanel* panel, QLabel* statusLabel, QObject* parent = nullptr);

    // The viewport's selection as cloud indices (ascending); empty when the view shows no model
    // of the document's cloud.
    std::vector<int> selectedCloudSplats() const;
    void deleteSelection();
    void hideSelection();
    void showAll();
    // Deletes the splats outside the viewport's crop box while it shows, else outside the
    // selection's bounding box (one undoable command).
    void cropToSelection();
    void supplyAttribute();  // the panel's current attribute for the viewport's splats

    void updateStatus();  // the status bar's "Selected: n of m splats" (also after a language switch)

private:
    void syncHidden();

    EditorDocument* m_document;
    BakeController* m_bake;
    sw::widgets::Viewport* m_viewport;
    sw::widgets::SelectionPanel* m_panel;
    QLabel* m_status;
};

}  // namespace sw::editor
