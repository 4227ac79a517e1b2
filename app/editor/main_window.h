#pragma once
// The editor's main window. It only wires docks, actions, menus, the toolbar and the status
// bar to the objects that do the work: Viewport (render), ParamPanel (stage settings),
// ModelLoader (worker-thread jobs), RecentFiles, LogDock and ModelStatus.
#include <QMainWindow>
#include <QString>
#include <cstdint>
#include <memory>
#include <vector>

#include "app/editor/model_loader.h"

class QAction;
class QDockWidget;
class QTextBrowser;

namespace sw::widgets {
class FrameBrowser;
class LogDock;
class ParamPanel;
class PartsPanel;
class Viewport;
}  // namespace sw::widgets

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

class BakeController;
class DatasetPanel;
class DatasetRunner;
class TrainingDock;
class ModelStatus;
class RecentFiles;

class MainWindow : public QMainWindow {
    Q_OBJECT
public:
    explicit MainWindow(QWidget* parent = nullptr);
    ~MainWindow() override;

    // Imports a model on the worker thread; the result shows up via modelShown/loadFailed.
    void openModel(const QString& path);
    // Extracts the embedded demo drone and opens it.
    void openDemo();

    sw::widgets::Viewport* viewport() const { return m_viewport; }
    sw::widgets::LogDock* logDock() const { return m_log; }
    sw::widgets::ParamPanel* importPanel() const { return m_importPanel; }
    sw::widgets::ParamPanel* demoPanel() const { return m_demoPanel; }
    RecentFiles* recentFiles() const { return m_recent; }
    ModelLoader* loader() const { return m_loader; }
    ModelStatus* modelStatus() const { return m_status; }
    ModelPtr currentModel() const { return m_model; }

    // Projects (main_window_stages.cpp). newProject saves a new project for a model file and
    // opens that model; openProject restores settings, HSV and parts, then opens its model;
    // saveProject writes the current state as `path` (which becomes the current project).
    // Each returns false after showing and logging the error.
    bool newProject(const QString& modelPath, const QString& projectPath);
    bool openProject(const QString& path);
    bool saveProject(const QString& path);
    QString projectPath() const { return m_projectPath; }
    const sw::project::Project* project() const { return m_project.get(); }

    // Renders the dataset of the current model on a worker thread into `outDir` (empty: the
    // Dataset panel's folder, else the project's cache folder); false when it cannot start.
    bool renderDataset(const QString& outDir = {});
    // Lists a rendered dataset in the frame browser; false (logged) when it has no frames.
    bool showDatasetFolder(const QString& folder);
    // Moves a connected component of the current model to a part (Mesh::facePart), records it
    // in the project and refreshes the Parts panel and overlay.
    void assignComponentToPart(int component, int part);
    // Raises the docks of a workspace: "dataset" (Dataset + Frames) or "parts".
    void showWorkspace(const QString& name);

    DatasetPanel* datasetPanel() const { return m_datasetPanel; }
    DatasetRunner* datasetRunner() const { return m_datasetRunner; }
    // The folder of the dataset the frame browser shows (last showDatasetFolder() that listed frames).
    QString shownDatasetFolder() const { return m_shownDataset; }
    // The Training dock (training_dock.cpp); nullptr in a build without SPLATWRIGHT_TORCH.
    TrainingDock* trainingDock() const { return m_training; }
    sw::widgets::FrameBrowser* frameBrowser() const { return m_frames; }
    sw::widgets::PartsPanel* partsPanel() const { return m_parts; }
    // The bake workspace: Bake, Floaters and Recipes docks, Open Splat Cloud, Export, Undo
    // (bake_wiring.cpp).
    BakeController* bakeController() const { return m_bake; }

    // The splat cloud of the current model (main_window_cloud.cpp): trained by the Training
    // panel or opened from a file; `source` names where it came from (a path or "training").
    // Setting it clears the baked model. nullptr clears both.
    void setCurrentCloud(std::shared_ptr<const sw::splat::SplatCloud> cloud, const QString& source);
    std::shared_ptr<const sw::splat::SplatCloud> currentCloud() const { return m_cloud; }
    QString currentCloudSource() const { return m_cloudSource; }
    // The baked game model of the current cloud (SPL2 + CHNK) and its floater mask
    // ([n_core + n_shell] 0/1, empty = none flagged), set by the bake.
    void setCurrentSpl2(std::shared_ptr<const sw::formats::Spl2Model> model, std::vector<std::uint8_t> floaterMask);
    std::shared_ptr<const sw::formats::Spl2Model> currentSpl2() const { return m_spl2; }
    const std::vector<std::uint8_t>& currentFloaterMask() const { return m_floaterMask; }

signals:
    // The current cloud or baked model changed (also when cleared).
    void cloudChanged();
    void spl2Changed();
    void modelShown(const QString& path);
    void loadFailed(const QString& message);
    void datasetRendered(const QString& folder);
    void datasetFailed(const QString& message, bool cancelled);

private:
    void createDocks();
    void createActions();
    void createMenusAndToolbar();
    void connectLoader();
    void showModel(ModelPtr model);
    void showError(const QString& title, const QString& message);
    void showAbout();
    void browseModel();
    void generateDemo();
    // main_window_stages.cpp
    void createStageDocks();
    void createBakeDocks();  // bake_wiring.cpp: after the menus exist
    void createViewDocks();  // main_window_view.cpp: View toolbar, Effects and Game scale docks
    void connectStages();
    void openRecent(const QString& path);
    void adoptModelIntoProject(ModelPtr& model);
    void replaceModel(ModelPtr model);
    void updateCameraMarkers();
    void updatePartOverlay();
    QString defaultDatasetFolder() const;
    void browseNewProject();
    void browseOpenProject();
    void saveProjectOrAs();
    void browseSaveProjectAs();

    sw::widgets::Viewport* m_viewport = nullptr;
    sw::widgets::LogDock* m_log = nullptr;
    sw::widgets::ParamPanel* m_importPanel = nullptr;
    sw::widgets::ParamPanel* m_demoPanel = nullptr;
    QTextBrowser* m_report = nullptr;
    QList<QDockWidget*> m_docks;
    ModelLoader* m_loader = nullptr;
    RecentFiles* m_recent = nullptr;
    ModelStatus* m_status = nullptr;
    ModelPtr m_model;
    QString m_pendingPath;  // the file of the running import
    QString m_currentPath;  // the file shown now (Re-import reads it again)
    DatasetPanel* m_datasetPanel = nullptr;
    DatasetRunner* m_datasetRunner = nullptr;
    sw::widgets::FrameBrowser* m_frames = nullptr;
    sw::widgets::PartsPanel* m_parts = nullptr;
    QDockWidget* m_datasetDock = nullptr;
    QDockWidget* m_framesDock = nullptr;
    QDockWidget* m_partsDock = nullptr;
    std::unique_ptr<sw::project::Project> m_project;  // the open model's state (saved or not)
    QString m_projectPath;                            // empty until saved
    QString m_shownDataset;                           // the frame browser's folder
    TrainingDock* m_training = nullptr;
    bool m_projectPending = false;                    // apply m_project to the next model shown
    bool m_partOverlay = false;
    BakeController* m_bake = nullptr;
    std::shared_ptr<const sw::splat::SplatCloud> m_cloud;
    QString m_cloudSource;
    std::shared_ptr<const sw::formats::Spl2Model> m_spl2;
    std::vector<std::uint8_t> m_floaterMask;

    struct Actions;
    std::unique_ptr<Actions> m_actions;
};

}  // namespace sw::editor
