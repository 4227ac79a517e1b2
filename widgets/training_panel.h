#pragma once
// The Training dock's body: the trainer's settings generated from trainSchema() (the Device row
// only where cudaDeviceAvailable()), Start / Cancel / Resume, a progress bar with step k/N and
// an ETA from the measured step rate, the live loss/PSNR chart and the latest metrics. It holds
// state and shows what it is told; app/editor's TrainingDock runs the job.
#include <QElapsedTimer>
#include <QString>
#include <QWidget>
#include <utility>
#include <vector>

#include "core/train/trainer.h"

class QLabel;
class QProgressBar;
class QPushButton;
class QScrollArea;
class QTabWidget;

namespace sw::widgets {

class LossChart;
class ParamPanel;

class TrainingPanel : public QWidget {
    Q_OBJECT
public:
    explicit TrainingPanel(QWidget* parent = nullptr);

    ParamPanel* paramPanel() const { return m_params; }
    LossChart* chart() const { return m_chart; }
    // Two tabs: the settings (a scroll area) and the chart with the last metrics; Start shows
    // the chart.
    QScrollArea* formScroll() const { return m_formScroll; }
    QTabWidget* tabs() const { return m_tabs; }
    QProgressBar* progressBar() const { return m_progress; }
    QPushButton* startButton() const { return m_start; }
    QPushButton* cancelButton() const { return m_cancel; }
    QPushButton* resumeButton() const { return m_resume; }
    QLabel* messageLabel() const { return m_message; }
    QLabel* metricsLabel() const { return m_metrics; }

    sw::train::TrainSettings settings() const;
    void setSettings(const sw::train::TrainSettings& settings);

    // Busy: Cancel on; Start, Resume and the settings off.
    void setRunning(bool running);
    // Resume continues from a checkpoint at `step`; step < 0: there is none (button disabled).
    // The run folder's checkpoint step (-1: none; `why` is then the tooltip). Resume is offered
    // while the step is below the form's Steps (a finished run: once Steps is raised).
    void setResumeStep(int step, const QString& why = {});
    // After a cancel or a failure: no ETA, the bar says `text` (e.g. "Cancelled").
    void showStopped(const QString& text);
    // Before the steps begin (loading, initialising) the bar shows the message and percent;
    // after beginSteps() it shows "step k/N" and the ETA, with k = fraction × N.
    void showProgress(double fraction, const QString& message);
    // The step loop starts at `startStep` of `steps`: the ETA clock starts; a fresh run
    // (startStep 0) clears the chart.
    void beginSteps(int startStep, int steps);
    // Validation metrics: a loss and a PSNR point on the chart and the metrics table.
    void showMetrics(const sw::train::EvalMetrics& metrics);
    // The end of a run: the whole loss curve ((step, mean loss) pairs) and the final metrics.
    void showFinal(const sw::train::EvalMetrics& metrics, const std::vector<std::pair<int, double>>& lossCurve,
                   const QString& summary);
    void showMessage(const QString& text);
    void showError(const QString& text);  // red, until the next message

    // Seconds left at the measured step rate (< 0 before two steps were seen).
    double etaSeconds() const { return m_eta; }

signals:
    void startRequested();
    void cancelRequested();
    void resumeRequested();

protected:
    void changeEvent(QEvent* event) override;  // "Idle" in the new language

private:
    void showMetricsText(const sw::train::EvalMetrics& m, bool final);
    void updateResume();

    ParamPanel* m_params;
    QPushButton* m_start;
    QPushButton* m_cancel;
    QPushButton* m_resume;
    QProgressBar* m_progress;
    bool m_idle = true;  // the progress bar says "Idle"
    QScrollArea* m_formScroll = nullptr;
    QTabWidget* m_tabs = nullptr;
    LossChart* m_chart;
    QLabel* m_metrics;
    QLabel* m_message;
    QElapsedTimer m_clock;  // since beginSteps
    int m_startStep = 0;
    int m_steps = 0;        // 0 before beginSteps
    int m_resumeStep = -1;
    int m_checkpointStep = -1;
    QString m_resumeWhy;
    double m_eta = -1;
};

}  // namespace sw::widgets
