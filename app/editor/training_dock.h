#pragma once
// The Training dock (built with SPLATWRIGHT_TORCH only): wires the TrainingPanel to a training
// job on its JobRunner and to the document. Start trains on the document's dataset folder,
// first rendering one through the DatasetController when there is none; the run folder is
// <project cache>/training, else "<dataset folder>.training" beside the dataset. While a run
// goes the viewport shows the latest snapshot on grey; the final cloud becomes the document's
// cloud. Errors go to the panel and the log, never a crash. The chart's history is kept in the
// run folder (loss_history.h): a resume continues the curve of the run it resumes, and an idle
// dock shows the history of the current run folder (after reopening a project too).
#include <QDateTime>
#include <QDockWidget>
#include <QString>
#include <functional>
#include <memory>
#include <vector>

#include "app/editor/editor_actions.h"
#include "app/editor/training_job.h"

namespace sw::widgets {
class TrainingPanel;
}

namespace sw::editor {

class DatasetController;
class EditorDocument;
class JobRunner;

class TrainingDock : public QDockWidget {
    Q_OBJECT
public:
    TrainingDock(EditorDocument* document, DatasetController* dataset, const EditorActions& actions,
                 QWidget* parent = nullptr);

    sw::widgets::TrainingPanel* panel() const { return m_panel; }
    JobRunner* runner() const { return m_runner; }

    // The dataset to train on (the document's), or empty.
    QString datasetFolder() const;
    // Where the checkpoints and cloud.ply of datasetFolder() go, or empty without a dataset.
    QString runFolder() const;
    // Start (fresh) or Resume from the run folder's checkpoint; false (shown in the panel and
    // logged) when it cannot start. A fresh run over an existing checkpoint asks first (it
    // replaces it): the question box is "confirmNewRun", window-modal, and the run starts on Yes.
    bool start(bool resume);
    // Cancel; before this run's first checkpoint it asks first ("confirmCancel": the steps
    // would be lost). cancelNow() does not ask (quitting).
    void cancel();
    void cancelNow();
    // Whether start() and cancel() ask (the default); off for scripted use.
    void setAskFirst(bool ask) { m_askFirst = ask; }
    // Re-reads the run folder's checkpoint for the Resume button: offered when the checkpoint
    // is of the current dataset render and below the panel's Steps.
    void refreshResume();
    // Shows the run folder's loss history in the chart when the dock is idle (the chart is
    // cleared when the folder has none); false when the history file cannot be read (logged).
    bool showRunHistory();

signals:
    // The step loop begins (after loading and initialising) with `splats` start splats.
    void stepsBegun(int startStep, int steps, int splats);
    void metricsReady(const sw::train::EvalMetrics& metrics);
    // A snapshot of the running job reached the GUI (shown only while its model is open).
    void snapshotArrived();
    void trained(std::shared_ptr<const sw::editor::TrainingOutcome> outcome);
    void failed(const QString& message, bool cancelled);

private:
    // The run folder for `dataset` (core/pipeline's trainingDirFor on the shown project); `stamp`
    // receives the training stamp when it is the project's own dataset.
    QString runFolderFor(const QString& dataset, sw::pipeline::StageStamp* stamp) const;
    bool startConfirmed(bool resume);
    bool startOn(const QString& dataset, bool resume);
    bool confirm(const QString& objectName, const QString& text, std::function<void()> then);
    void deliver(Result<TrainingOutcome> result);
    void fail(const QString& message);
    void saveHistory();  // the chart's points into the running job's folder (logged on failure)

    EditorDocument* m_document;
    DatasetController* m_dataset;
    EditorActions m_actions;
    sw::widgets::TrainingPanel* m_panel;
    JobRunner* m_runner;
    bool m_waitingForDataset = false;  // Start rendered a dataset and trains when it arrives
    QString m_runDir;                  // of the running job
    QString m_runModel;                // the model file open when it started (its cloud's model)
    QDateTime m_runStartedAt;          // a checkpoint written since then is this run's
    bool m_askFirst = true;
    QString m_historyShown;            // the run folder whose history the idle chart shows
};

}  // namespace sw::editor
