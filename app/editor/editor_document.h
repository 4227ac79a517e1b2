#pragma once
// The editor's document: everything the artist works on, in one object. The imported model and
// the file it came from, the project (saved or not) and its path, the dataset folder the frame
// browser lists, the splat cloud (trained or opened) with where it came from, the baked game
// model with its floater mask, and the undo stack of the edits. Docks and controllers read
// and change the state here and react to its signals; none of them knows the main window.
#include <QObject>
#include <QString>
#include <cstdint>
#include <functional>
#include <memory>
#include <vector>

#include "app/editor/stage_times.h"
#include "core/foundation/error.h"
#include "core/geometry/import.h"

class QUndoStack;

namespace sw::project {
struct Project;
}
namespace sw::splat {
struct SplatCloud;
}
namespace sw::formats {
struct Spl2Model;
}

namespace sw::editor {

using ModelPtr = std::shared_ptr<const sw::geometry::ImportedModel>;
using CloudPtr = std::shared_ptr<const sw::splat::SplatCloud>;
using Spl2Ptr = std::shared_ptr<const sw::formats::Spl2Model>;

class EditorDocument : public QObject {
    Q_OBJECT
public:
    explicit EditorDocument(QObject* parent = nullptr);
    ~EditorDocument() override;

    // The model shown and its file (Re-import reads it again). setModel: a new import (a cloud
    // belongs to its model: another model file clears the cloud and the baked model; a
    // re-import of the same file keeps them); editModel: the same model with edited parts.
    ModelPtr model() const { return m_model; }
    QString modelPath() const { return m_modelPath; }
    void setModel(ModelPtr model, const QString& path);
    void editModel(ModelPtr model);

    // The open model's project state (nullptr before a model or after a failed open) and the
    // file it is saved as (empty until saved).
    sw::project::Project* project() { return m_project.get(); }
    const sw::project::Project* project() const { return m_project.get(); }
    QString projectPath() const { return m_projectPath; }
    void setProject(std::unique_ptr<sw::project::Project> project, const QString& path);
    void setProjectPath(const QString& path);
    // The project's cache folder (<name>.cache beside a saved project, a scratch folder under the
    // user's cache for a project not saved yet: core/pipeline/layout.h), empty when none.
    QString cacheFolder() const;
    // The project as the panels show it now (every stage's settings), for building a job from it
    // (pipeline::datasetRequest, trainingDirFor, exportRequest…). The project controller provides it.
    using SnapshotSource = std::function<sw::Result<sw::project::Project>()>;
    void setSnapshotSource(SnapshotSource source) { m_snapshot = std::move(source); }
    sw::Result<sw::project::Project> snapshot() const;
    // The project's folders moved from `from` to `to` (its cache brought into a saved project): the
    // cloud's source and the dataset folder under `from` now read under `to`; the cloud and the
    // baked model stay.
    void relocate(const QString& from, const QString& to);

    // The rendered dataset the frame browser lists (empty when it lists none).
    QString datasetFolder() const { return m_datasetFolder; }
    void setDatasetFolder(const QString& folder);

    // The splat cloud of the current model; `source` names where it came from (a path or
    // "training"). Setting it clears the baked model; nullptr clears both.
    CloudPtr cloud() const { return m_cloud; }
    QString cloudSource() const { return m_cloudSource; }
    void setCloud(CloudPtr cloud, const QString& source);
    // The same cloud after an edit (its source stays): the baked model stays too (the editor
    // bakes it again); cloudChanged only.
    void editCloud(CloudPtr cloud);
    // The baked game model of the cloud (SPL2 + CHNK) and its floater mask ([n_core + n_shell]
    // 0/1, empty = none flagged).
    Spl2Ptr spl2() const { return m_spl2; }
    const std::vector<std::uint8_t>& floaterMask() const { return m_floaterMask; }
    void setSpl2(Spl2Ptr model, std::vector<std::uint8_t> floaterMask);

    QUndoStack* undoStack() const { return m_undo; }

    // The wall time of each stage's last run for this model (the Log's "Whole job" line).
    StageTimes& stageTimes() { return m_stageTimes; }

    // Unsaved changes: an edit on the undo stack since the last save or open, or a change
    // marked with markModified() (parts, a new model). markSaved() after a save.
    bool isModified() const;
    void markModified();
    void markSaved();

    // A training run is going (the Training dock sets it): bake and export wait for its end,
    // opening another model and quitting ask first.
    bool trainingActive() const { return m_trainingActive; }
    void setTrainingActive(bool active);

signals:
    void modelChanged();   // a new model (setModel)
    void modelEdited();    // its parts changed (editModel)
    void projectChanged(); // another project state or path
    void datasetChanged(const QString& folder);
    void cloudChanged();   // also when cleared
    void spl2Changed();    // also when cleared
    void modifiedChanged(bool modified);
    void trainingActiveChanged(bool active);

private:
    ModelPtr m_model;
    QString m_modelPath;
    std::unique_ptr<sw::project::Project> m_project;
    QString m_projectPath;
    SnapshotSource m_snapshot;
    QString m_datasetFolder;
    CloudPtr m_cloud;
    QString m_cloudSource;
    Spl2Ptr m_spl2;
    std::vector<std::uint8_t> m_floaterMask;
    QUndoStack* m_undo;
    bool m_modified = false;
    bool m_trainingActive = false;
    StageTimes m_stageTimes;
};

}  // namespace sw::editor
