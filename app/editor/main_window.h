#pragma once
// The editor's main window. It only wires docks, actions, menus, the toolbar and the status
// bar to the objects that do the work: Viewport (render), ParamPanel (stage settings),
// ModelLoader (worker-thread jobs), RecentFiles, LogDock and ModelStatus.
#include <QMainWindow>
#include <QString>
#include <memory>

#include "app/editor/model_loader.h"

class QAction;
class QDockWidget;
class QTextBrowser;

namespace sw::widgets {
class LogDock;
class ParamPanel;
class Viewport;
}  // namespace sw::widgets

namespace sw::editor {

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

signals:
    void modelShown(const QString& path);
    void loadFailed(const QString& message);

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

    struct Actions;
    std::unique_ptr<Actions> m_actions;
};

}  // namespace sw::editor
