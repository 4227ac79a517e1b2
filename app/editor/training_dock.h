#pragma once
// The Training dock (built with SPLATWRIGHT_TORCH only): wires the TrainingPanel to a
// TrainingRunner and the main window. Start trains on the dataset the frame browser shows,
// first rendering one with the Dataset panel's settings when there is none; the run folder is
// <project cache>/training, else "<dataset folder>.training" beside the dataset. While a run
// goes the viewport shows the latest snapshot on grey; the final cloud becomes the current
// cloud. Errors go to the panel and the log, never a crash.
#include <QDockWidget>
#include <QString>

namespace sw::widgets {
class TrainingPanel;
}

namespace sw::editor {

class MainWindow;
class TrainingRunner;

class TrainingDock : public QDockWidget {
    Q_OBJECT
public:
    explicit TrainingDock(MainWindow* window);

    sw::widgets::TrainingPanel* panel() const { return m_panel; }
    TrainingRunner* runner() const { return m_runner; }

    // The dataset to train on (the frame browser's), or empty.
    QString datasetFolder() const;
    // Where the checkpoints and cloud.ply of datasetFolder() go, or empty without a dataset.
    QString runFolder() const;
    // Start (fresh) or Resume from the run folder's checkpoint; false (shown in the panel and
    // logged) when it cannot start.
    bool start(bool resume);
    void cancel();
    // Re-reads the run folder's checkpoint step for the Resume button.
    void refreshResume();

private:
    bool startOn(const QString& dataset, bool resume);
    void connectRunner();
    void fail(const QString& message);

    MainWindow* m_window;
    sw::widgets::TrainingPanel* m_panel;
    TrainingRunner* m_runner;
    bool m_waitingForDataset = false;  // Start rendered a dataset and trains when it arrives
    QString m_runDir;                  // of the running job
};

}  // namespace sw::editor
