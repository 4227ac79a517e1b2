#include "app/editor/editor_document.h"

#include <QDir>
#include <QUndoStack>

#include "core/formats/spl2.h"
#include "core/project/project.h"
#include "core/splat/splat_cloud.h"

namespace sw::editor {

EditorDocument::EditorDocument(QObject* parent) : QObject(parent), m_undo(new QUndoStack(this)) {}

EditorDocument::~EditorDocument() = default;

void EditorDocument::setModel(ModelPtr model, const QString& path) {
    m_model = std::move(model);
    m_modelPath = path;
    emit modelChanged();
}

void EditorDocument::editModel(ModelPtr model) {
    m_model = std::move(model);
    emit modelEdited();
}

void EditorDocument::setProject(std::unique_ptr<project::Project> project, const QString& path) {
    m_project = std::move(project);
    m_projectPath = path;
    emit projectChanged();
}

void EditorDocument::setProjectPath(const QString& path) {
    m_projectPath = path;
    emit projectChanged();
}

QString EditorDocument::cacheFolder() const {
    return m_project && !m_project->cacheFolder.empty() ? QString::fromStdString(m_project->cacheFolder) : QString();
}

void EditorDocument::setDatasetFolder(const QString& folder) {
    m_datasetFolder = folder;
    emit datasetChanged(folder);
}

void EditorDocument::setCloud(CloudPtr cloud, const QString& source) {
    m_cloud = std::move(cloud);
    m_cloudSource = m_cloud ? source : QString();
    const bool hadSpl2 = m_spl2 != nullptr;
    m_spl2.reset();
    m_floaterMask.clear();
    emit cloudChanged();
    if (hadSpl2) emit spl2Changed();
}

void EditorDocument::setSpl2(Spl2Ptr model, std::vector<std::uint8_t> floaterMask) {
    m_spl2 = std::move(model);
    m_floaterMask = m_spl2 ? std::move(floaterMask) : std::vector<std::uint8_t>();
    emit spl2Changed();
}

}  // namespace sw::editor
