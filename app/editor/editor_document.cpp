#include "app/editor/editor_document.h"

#include <QDir>
#include <QUndoStack>

#include "core/formats/spl2.h"
#include "core/project/project.h"
#include "core/splat/splat_cloud.h"

namespace sw::editor {

EditorDocument::EditorDocument(QObject* parent) : QObject(parent), m_undo(new QUndoStack(this)) {
    connect(m_undo, &QUndoStack::cleanChanged, this, [this] { emit modifiedChanged(isModified()); });
}

bool EditorDocument::isModified() const { return m_modified || !m_undo->isClean(); }

void EditorDocument::markModified() {
    if (m_modified) return;
    m_modified = true;
    emit modifiedChanged(true);
}

void EditorDocument::markSaved() {
    m_modified = false;
    m_undo->setClean();
    emit modifiedChanged(false);
}

void EditorDocument::setTrainingActive(bool active) {
    if (active == m_trainingActive) return;
    m_trainingActive = active;
    emit trainingActiveChanged(active);
}

EditorDocument::~EditorDocument() = default;

void EditorDocument::setModel(ModelPtr model, const QString& path) {
    const bool another = !m_modelPath.isEmpty() && QDir::cleanPath(path) != QDir::cleanPath(m_modelPath);
    m_model = std::move(model);
    m_modelPath = path;
    m_stageTimes.setModel(path);
    if (another && (m_cloud || m_spl2)) setCloud(nullptr, {});  // the old model's cloud and bake go
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

Result<project::Project> EditorDocument::snapshot() const {
    if (m_snapshot) return m_snapshot();
    if (!m_project) return makeError(ErrorCode::InvalidInput, "open a model first");
    return *m_project;
}

void EditorDocument::relocate(const QString& from, const QString& to) {
    const QString root = QDir::cleanPath(from);
    const auto moved = [&](const QString& path) {
        const QString clean = QDir::cleanPath(path);
        if (clean == root) return QDir::cleanPath(to);
        if (clean.startsWith(root + QLatin1Char('/'))) return QDir::cleanPath(to) + clean.mid(root.size());
        return path;
    };
    m_cloudSource = moved(m_cloudSource);
    const QString dataset = moved(m_datasetFolder);
    if (dataset != m_datasetFolder) setDatasetFolder(dataset);
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

void EditorDocument::editCloud(CloudPtr cloud) {
    m_cloud = std::move(cloud);
    emit cloudChanged();
}

void EditorDocument::setSpl2(Spl2Ptr model, std::vector<std::uint8_t> floaterMask) {
    m_spl2 = std::move(model);
    m_floaterMask = m_spl2 ? std::move(floaterMask) : std::vector<std::uint8_t>();
    emit spl2Changed();
}

}  // namespace sw::editor
