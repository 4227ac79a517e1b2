#pragma once
// The editor's main window. It only creates the docks, actions, menus, the toolbars and the
// status bar and wires them to the objects that do the work: the EditorDocument (state), the
// ProjectController (import, project file, parts), the DatasetController, the TrainingDock,
// the BakeController, the Viewport and the panels.
#include <QMainWindow>
#include <QString>
#include <memory>

#include "app/editor/editor_actions.h"

class QDockWidget;

namespace sw::splat {
struct SplatCloud;
}
class QTextBrowser;

namespace sw::widgets {
class DatasetPanel;
class DestructPanel;
class EffectsPanel;
class FoliagePanel;
class FrameBrowser;
class LogDock;
class OverlayLegend;
class ParamPanel;
class PartsPanel;
class ScanPanel;
class ViewControls;
class Viewport;
}  // namespace sw::widgets

namespace sw::editor {

class AutosaveController;
class BakeController;
class DatasetController;
class EditorDocument;
class JobRunner;
class ModelStatus;
class ProjectController;
class RecentFiles;
class ScanController;
class SelectionController;
class TrainingDock;

class MainWindow : public QMainWindow {
    Q_OBJECT
public:
    explicit MainWindow(QWidget* parent = nullptr);
    ~MainWindow() override;

    EditorDocument* document() const { return m_document; }
    const EditorActions& actions() const { return m_actions; }

    // Imports a model on the worker thread; the result shows up via modelShown/loadFailed.
    void openModel(const QString& path);
    // Extracts the embedded demo drone and opens it.
    void openDemo();
    // Project files (ProjectController): false after showing and logging the error.
    bool newProject(const QString& modelPath, const QString& projectPath);
    bool openProject(const QString& path);
    bool saveProject(const QString& path);
    // Raises the docks of a workspace: "dataset" (Dataset + Frames) or "parts".
    void showWorkspace(const QString& name);

    // Layout (main_window_layout.cpp). The state saved with a clean quit carries this version;
    // a state of another version is ignored (the default layout stays).
    static constexpr int kLayoutVersion = 2;
    // The docks in their groups, each group tabbed: Prepare, Train and bake, Log and look.
    QList<QList<QDockWidget*>> dockGroups() const;
    void resetLayout();          // View ▸ Reset Layout
    void saveLayout() const;     // geometry and dock state to QSettings (on a clean quit)
    bool restoreLayout();        // false when nothing of this layout version was saved
    // The dock tab and title texts that do not fit their tab or title bar now (empty = all fit).
    QStringList elidedTitles() const;
    // The language chosen in View ▸ Language ("en", "ru"; empty = none chosen).
    static QString savedLanguage();
    // View ▸ Language: stores the choice and switches to it now (menus, docks, panels, the
    // generated schema forms, number fields' locale; dock widths grow to fit the titles).
    void chooseLanguage(const QString& code);

    sw::widgets::Viewport* viewport() const { return m_viewport; }
    sw::widgets::OverlayLegend* overlayLegend() const { return m_legend; }
    sw::widgets::ViewControls* viewControls() const { return m_viewControls; }
    sw::widgets::LogDock* logDock() const { return m_log; }
    sw::widgets::ParamPanel* importPanel() const { return m_importPanel; }
    sw::widgets::ParamPanel* demoPanel() const { return m_demoPanel; }
    sw::widgets::DatasetPanel* datasetPanel() const { return m_datasetPanel; }
    sw::widgets::FrameBrowser* frameBrowser() const { return m_frames; }
    sw::widgets::PartsPanel* partsPanel() const { return m_parts; }
    RecentFiles* recentFiles() const { return m_recent; }
    ModelStatus* modelStatus() const { return m_status; }
    ProjectController* projects() const { return m_projects; }
    JobRunner* modelJobs() const;  // the import / demo runner
    DatasetController* dataset() const { return m_dataset; }
    // The Training dock; nullptr in a build without SPLATWRIGHT_TORCH.
    TrainingDock* trainingDock() const { return m_training; }
    // The bake workspace: Bake, Floaters and Recipes docks, Open Splat Cloud, Export, Undo.
    BakeController* bakeController() const { return m_bake; }
    // Autosave and crash recovery (File ▸ Autosave); main() calls offerRecovery() at start.
    AutosaveController* autosave() const { return m_autosave; }
    // Large scans: File ▸ Open Scan… and Build LOD…, the Scan dock (main_window_scan.cpp).
    ScanController* scanController() const { return m_scans; }
    sw::widgets::ScanPanel* scanPanel() const { return m_scanPanel; }

protected:
    // Quitting with unsaved changes or during training asks first ("confirmQuit": Save /
    // Discard / Cancel, or Quit / Cancel); a training run is cancelled (its checkpoint stays)
    // and the window closes when it has stopped.
    void closeEvent(QCloseEvent* event) override;

signals:
    void modelShown(const QString& path);
    void loadFailed(const QString& message);
    void datasetRendered(const QString& folder);
    void datasetFailed(const QString& message, bool cancelled);
    // The UI language changed while running: owners of texts built with numbers rebuild them.
    void languageChanged();

private:
    void createActions();
    void createMenusAndToolbar();
    void createDocks();        // viewport, Import, Demo drone, Log, Import report
    void createStageDocks();   // main_window_stages.cpp: Dataset, Parts, Frames, Training
    void createBakeDocks();    // bake_wiring.cpp: Bake, Floaters, Recipes
    void createViewDocks();    // main_window_view.cpp: View toolbar, Effects, Game scale
    void createFoliageDock();  // main_window_foliage.cpp: the Foliage dock and its viewport preview
    void createScanDock();     // main_window_scan.cpp: Open Scan, Build LOD, the Scan dock, fly camera, HUD
    void connectExtract();     // main_window_scan.cpp: Crop Box, Extract to Cloud, Export Extract… on the scans
    void connectJobs(JobRunner* runner);  // status bar progress and Cancel
    void connectProjects();
    void connectStages();
    void createAutosave();
    // A cloud that does not fit the open model (BakeController::foreignCloudRead): opened on its
    // own (the model closes; saved first when it has unsaved changes) or judged against the model,
    // as the artist answers ("foreignCloud").
    void askAboutForeignCloud(const QString& path, std::shared_ptr<const sw::splat::SplatCloud> cloud, double inside,
                              double sizeRatio);
    void openCloudOnItsOwn(const QString& path, std::shared_ptr<const sw::splat::SplatCloud> cloud);
    void createLayoutActions();   // Reset Layout, Language
    void arrangeDefaultLayout();
    void retranslate();        // after a live language switch
    void fitDockTitles();      // widens the right-hand docks when their titles need it
    void setAutosaveTexts();
    void setUndoTexts();       // Undo/Redo with the stack's next command
    int tabsWidth(const QList<QDockWidget*>& group) const;  // px the group's tabs need  // the controller, File ▸ Autosave, autosave after each stage
    void updatePartOverlay();
    void updateLegend();  // main_window_view.cpp: the viewport's overlay legend
    void showError(const QString& title, const QString& message);
    void showAbout();
    void browseModel();
    void browseNewProject();
    void browseOpenProject();
    void saveProjectOrAs();
    void browseSaveProjectAs();

    EditorDocument* m_document;
    EditorActions m_actions;
    sw::widgets::Viewport* m_viewport = nullptr;
    sw::widgets::ViewControls* m_viewControls = nullptr;
    sw::widgets::LogDock* m_log = nullptr;
    sw::widgets::ParamPanel* m_importPanel = nullptr;
    sw::widgets::ParamPanel* m_demoPanel = nullptr;
    QTextBrowser* m_report = nullptr;
    sw::widgets::DatasetPanel* m_datasetPanel = nullptr;
    sw::widgets::FrameBrowser* m_frames = nullptr;
    sw::widgets::PartsPanel* m_parts = nullptr;
    // Every dock, typed (the layout and the View menu use these; nothing is looked up by name).
    struct Docks {
        QDockWidget *viewport = nullptr, *import = nullptr, *demo = nullptr, *report = nullptr, *log = nullptr;
        QDockWidget* training = nullptr;  // the TrainingDock (absent without the trainer)
        QDockWidget *dataset = nullptr, *parts = nullptr, *frames = nullptr;
        QDockWidget *bake = nullptr, *floaters = nullptr, *recipes = nullptr, *selection = nullptr;
        QDockWidget *effects = nullptr, *gameScale = nullptr, *destruct = nullptr, *foliage = nullptr;
        QDockWidget* scan = nullptr;
    } m_dock;
    QDockWidget* m_importDock = nullptr;
    QDockWidget* m_logDockWidget = nullptr;
    QDockWidget* m_datasetDock = nullptr;
    QDockWidget* m_framesDock = nullptr;
    QDockWidget* m_partsDock = nullptr;
    QList<QDockWidget*> m_docks;  // listed in the View menu
    SelectionController* m_selection = nullptr;
    RecentFiles* m_recent = nullptr;
    ModelStatus* m_status = nullptr;
    ProjectController* m_projects = nullptr;
    DatasetController* m_dataset = nullptr;
    TrainingDock* m_training = nullptr;
    BakeController* m_bake = nullptr;
    AutosaveController* m_autosave = nullptr;
    sw::widgets::EffectsPanel* m_effects = nullptr;
    sw::widgets::DestructPanel* m_destruct = nullptr;
    sw::widgets::FoliagePanel* m_foliage = nullptr;
    sw::widgets::ScanPanel* m_scanPanel = nullptr;
    ScanController* m_scans = nullptr;
    sw::widgets::OverlayLegend* m_legend = nullptr;
    bool m_quitConfirmed = false;
    void quitNow();
    bool m_partOverlay = false;
};

}  // namespace sw::editor
