#pragma once
// The editor's model and project logic: importing a model file (or generating the demo drone)
// on its JobRunner, the project file (new, open, save), applying a project's parts and HSV to
// the model it opens, and the part edits of the Parts panel. It changes the document and the
// panels it is given; errors arrive as errorOccurred() (for a dialog), never a crash.
#include <QObject>
#include <QString>
#include <functional>
#include <string>
#include <vector>

#include "app/editor/demo_command.h"
#include "app/editor/editor_document.h"
#include "core/foundation/error.h"

class QTextBrowser;

namespace sw::project {
struct Project;
}

namespace sw::widgets {
class DatasetPanel;
class DestructPanel;
class FoliagePanel;
class EffectsPanel;
class ParamPanel;
class PartsPanel;
class RecipePanel;
class TrainingPanel;
}  // namespace sw::widgets

namespace sw::editor {

class DatasetController;
class EditorDocument;
class JobRunner;
class ModelStatus;
class RecentFiles;

class ProjectController : public QObject {
    Q_OBJECT
public:
    struct Views {
        sw::widgets::ParamPanel* importPanel = nullptr;
        sw::widgets::ParamPanel* demoPanel = nullptr;
        sw::widgets::DatasetPanel* datasetPanel = nullptr;
        sw::widgets::PartsPanel* partsPanel = nullptr;
        QTextBrowser* importReport = nullptr;
        ModelStatus* status = nullptr;
        RecentFiles* recent = nullptr;
        DatasetController* dataset = nullptr;  // lists the project's cached dataset
    };
    ProjectController(EditorDocument* document, Views views, QObject* parent = nullptr);

    // The later stages' panels, whose settings the project file also holds (version 2):
    // saved with the project and restored when one opens. Any may be null (no trainer built).
    struct StagePanels {
        sw::widgets::TrainingPanel* training = nullptr;
        sw::widgets::ParamPanel* bake = nullptr;
        sw::widgets::RecipePanel* recipes = nullptr;
        sw::widgets::EffectsPanel* effects = nullptr;
        sw::widgets::DestructPanel* destruct = nullptr;  // weapon profiles, simulation settings
        sw::widgets::FoliagePanel* foliage = nullptr;    // wind, look, touch, preview
    };
    void setStagePanels(StagePanels panels) { m_stages = panels; }

    JobRunner* runner() const { return m_runner; }

    // Imports a model on the worker thread; the result shows up via modelShown/loadFailed.
    // During a training run it asks first ("confirmOpenDuringTraining").
    void openModel(const QString& path);
    // Imports the current model file again with the Import panel's settings.
    void reimport();
    // Extracts the embedded demo drone and opens it.
    void openDemo();
    // Generates a demo drone from the Demo drone panel's settings and opens it.
    void generateDemo();
    // Opens a project file or a model (Open Recent).
    void openRecent(const QString& path);

    // newProject saves a new project for a model file and opens that model; openProject
    // restores settings, HSV and parts, then opens its model; saveProject writes the current
    // state as `path` (which becomes the current project). Each returns false after
    // errorOccurred().
    bool newProject(const QString& modelPath, const QString& projectPath);
    bool openProject(const QString& path);
    bool saveProject(const QString& path);
    // The state a save as `path` would write (empty path: the cache folder stays as it is);
    // an error when no model is open. Changes nothing.
    sw::Result<sw::project::Project> snapshot(const QString& path) const;
    // Restores a recovered project state (core/project/recovery) that belongs to `projectPath`
    // (empty: never saved): settings, parts, then its model; the document shows unsaved changes.
    bool restoreRecovered(sw::project::Project project, const QString& projectPath);

    // Moves a connected component of the current model to a part (Mesh::facePart) and records
    // it in the project.
    // Part edits, each one command on the document's undo stack (parts_edit.cpp): the faces
    // that changed part with their old part, the names and the project's overrides before and
    // after (small lists, never a copy of the mesh).
    void assignComponentToPart(int component, int part);
    void renameParts(const std::vector<std::string>& names);

    // "<file> — Splatwright" (titleChanged): the project, else the model, else the cloud shown on
    // its own; again after a language switch.
    void updateTitle();
    // Closes the model and its project state (nothing is saved): the document holds no model, no
    // project and no dataset; the editor shows whatever cloud is opened next on its own.
    void closeModel();

signals:
    void modelShown(const QString& path);
    void loadFailed(const QString& message);
    void titleChanged(const QString& title);
    void errorOccurred(const QString& title, const QString& message);
    // A project opened whose cache holds a trained cloud (<cache>/training/cloud.ply).
    void trainedCloudFound(const QString& path);

private:
    // Brings the document's cache folder (its dataset, runs and edits) to `saved`'s cache folder:
    // moved from a scratch cache (a first save), copied from another project's (Save As). False
    // (with an error shown) when it cannot; true when there is nothing to bring.
    bool bringCache(const sw::project::Project& saved);
    struct PartsEdit;
    class PartsCommand;
    void applyPartsEdit(const PartsEdit& edit, bool forward);
    bool startImport(const QString& what, const QString& path, ModelJob job);
    void importModel(const QString& path);
    void showModel(sw::geometry::ImportedModel model);
    void failLoad(const sw::Error& error);
    void adoptModelIntoProject(ModelPtr& model);
    void restoreStagePanels(const sw::project::Project& project);
    void storeStagePanels(sw::project::Project& project) const;

    EditorDocument* m_document;
    Views m_views;
    StagePanels m_stages;
    JobRunner* m_runner;
    QString m_pendingPath;          // the file of the running import
    quint64 m_importGeneration = 0; // of the latest startImport: an earlier import's model is dropped
    std::function<void()> m_queuedImport;  // starts once the cancelled import has stopped
    bool m_projectPending = false;  // apply the document's project to the next model shown
    bool m_recoveredPending = false;  // ... and it came from a recovery file
};

}  // namespace sw::editor
