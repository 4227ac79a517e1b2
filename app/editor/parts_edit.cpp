// ProjectController's part edits (issue 16 build item 2): assigning a connected component to a
// part and renaming parts are undo commands. A command stores the faces that changed part with
// their previous parts, and the part names and project overrides before and after; undo gives
// back the same facePart, names and overrides.
#include <QUndoStack>

#include "app/editor/project_controller.h"
#include "core/foundation/log.h"
#include "core/project/project.h"
#include "widgets/parts_panel.h"

namespace sw::editor {

struct ProjectController::PartsEdit {
    std::vector<std::uint32_t> faces;  // faces whose part changed
    std::vector<int> before;           // [faces] their part before
    int after = 0;                     // their part after
    std::vector<std::string> namesBefore, namesAfter;
    std::vector<project::PartOverride> overridesBefore, overridesAfter;
};

class ProjectController::PartsCommand : public QUndoCommand {
public:
    PartsCommand(ProjectController* owner, const QString& text, PartsEdit edit)
        : QUndoCommand(text), m_owner(owner), m_edit(std::move(edit)) {}
    void redo() override { m_owner->applyPartsEdit(m_edit, true); }
    void undo() override { m_owner->applyPartsEdit(m_edit, false); }

private:
    ProjectController* m_owner;
    PartsEdit m_edit;
};

void ProjectController::applyPartsEdit(const PartsEdit& e, bool forward) {
    ModelPtr current = m_document->model();
    if (!current) return;
    auto next = std::make_shared<geometry::ImportedModel>(*current);
    std::vector<int>& facePart = next->mesh.facePart;
    if (!e.faces.empty()) facePart.resize(current->mesh.triangleCount(), 0);
    for (std::size_t k = 0; k < e.faces.size(); ++k)
        if (e.faces[k] < facePart.size()) facePart[e.faces[k]] = forward ? e.after : e.before[k];
    next->mesh.partNames = forward ? e.namesAfter : e.namesBefore;
    if (project::Project* project = m_document->project()) {
        project->partNames = next->mesh.partNames;
        if (!e.faces.empty()) project->partOverrides = forward ? e.overridesAfter : e.overridesBefore;
    }
    m_views.partsPanel->setParts(next->mesh.facePart, next->mesh.partNames);
    m_document->editModel(next);
}

void ProjectController::renameParts(const std::vector<std::string>& names) {
    ModelPtr current = m_document->model();
    if (!current || names == current->mesh.partNames) return;
    PartsEdit e;
    e.namesBefore = current->mesh.partNames;
    e.namesAfter = names;
    m_document->undoStack()->push(new PartsCommand(this, tr("Rename parts"), std::move(e)));
}

void ProjectController::assignComponentToPart(int component, int part) {
    ModelPtr current = m_document->model();
    project::Project* project = m_document->project();
    if (!current || !project || part < 0 || part >= geometry::Mesh::kMaxParts) return;
    const std::vector<int>& comp = m_views.partsPanel->components().faceComponent;
    if (comp.size() != current->mesh.triangleCount()) return;
    PartsEdit e;
    e.after = part;
    for (std::size_t f = 0; f < comp.size(); ++f) {
        const int was = f < current->mesh.facePart.size() ? current->mesh.facePart[f] : 0;
        if (comp[f] == component && was != part) e.faces.push_back(std::uint32_t(f)), e.before.push_back(was);
    }
    e.namesBefore = current->mesh.partNames;
    e.namesAfter = m_views.partsPanel->partNames();
    while (int(e.namesAfter.size()) <= part) e.namesAfter.push_back("part " + std::to_string(e.namesAfter.size() + 1));
    e.overridesBefore = project->partOverrides;
    project::Project scratch;
    scratch.partOverrides = project->partOverrides;
    project::setPartOverride(scratch, component, part);
    e.overridesAfter = scratch.partOverrides;
    if (e.faces.empty() && e.namesAfter == e.namesBefore && e.overridesAfter == e.overridesBefore) return;
    SW_LOG_INFO("Parts: component " << component << " (" << e.faces.size() << " faces) → "
                                    << e.namesAfter[std::size_t(part)]);
    const QString text = tr("Assign %n face(s) to %1", nullptr, int(e.faces.size()))
                             .arg(QString::fromStdString(e.namesAfter[std::size_t(part)]));
    m_document->undoStack()->push(new PartsCommand(this, text, std::move(e)));
}

}  // namespace sw::editor
