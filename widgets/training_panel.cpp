#include "widgets/training_panel.h"

#include <QEvent>
#include <QHBoxLayout>
#include <QLabel>
#include <QProgressBar>
#include <QPushButton>
#include <QScrollArea>
#include <QScrollBar>
#include <QTabWidget>
#include <QVBoxLayout>
#include <cmath>

#include "widgets/loss_chart.h"
#include "widgets/fitted_scroll_area.h"
#include "widgets/param_panel.h"

namespace sw::widgets {
namespace {

// The editor evaluates more often than the CLI default (1000) so the chart gets a loss and a
// PSNR point every 250 steps; 8 validation renders per 250 steps cost ≈ 1% of the run.
constexpr int LIVE_EVAL_EVERY = 250;

QString clockText(double seconds) {
    const int s = int(std::lround(seconds));
    return s >= 3600 ? QStringLiteral("%1:%2:%3").arg(s / 3600).arg(s / 60 % 60, 2, 10, QChar('0')).arg(s % 60, 2, 10, QChar('0'))
                     : QStringLiteral("%1:%2").arg(s / 60).arg(s % 60, 2, 10, QChar('0'));
}

}  // namespace

TrainingPanel::TrainingPanel(QWidget* parent)
    : QWidget(parent),
      m_params(new ParamPanel(sw::train::trainSchema().schema(), this)),
      m_start(new QPushButton(tr("Start"), this)),
      m_cancel(new QPushButton(tr("Cancel"), this)),
      m_resume(new QPushButton(tr("Resume"), this)),
      m_progress(new QProgressBar(this)),
      m_chart(new LossChart(this)),
      m_metrics(new QLabel(this)),
      m_message(new QLabel(this)) {
    setObjectName("trainingPanel");
    m_start->setObjectName("startTraining");
    m_cancel->setObjectName("cancelTraining");
    m_resume->setObjectName("resumeTraining");
    m_progress->setObjectName("trainingProgress");
    m_metrics->setObjectName("trainingMetrics");
    m_message->setObjectName("trainingMessage");
    m_message->setWordWrap(true);
    m_message->setTextInteractionFlags(Qt::TextSelectableByMouse);
    m_metrics->setTextInteractionFlags(Qt::TextSelectableByMouse);
    m_progress->setRange(0, 1000);
    m_progress->setValue(0);
    m_progress->setTextVisible(true);
    m_progress->setFormat(tr("Idle"));

    // The preview is time-based (the editor's training job), so its step period is not a setting here;
    // the Device row only shows where a CUDA device can be used.
    m_params->setParamVisible("snapshot-every", false);
    m_params->setParamVisible("device", sw::train::cudaDeviceAvailable());
    sw::train::TrainSettings initial;
    initial.evalEvery = LIVE_EVAL_EVERY;
    setSettings(initial);

    auto* buttons = new QHBoxLayout;
    buttons->addWidget(m_start);
    buttons->addWidget(m_cancel);
    buttons->addWidget(m_resume);
    // The settings and the chart with the last metrics as two tabs, each the dock's whole height
    // (at 1280×800 the dock is about 330 px: shared, the form was an 80 px scroll box and the
    // chart was cut off once the metrics showed). A run shows the chart; the panel is not itself
    // in a scroll area.
    auto* form = new FittedScrollArea(m_params);
    form->setObjectName("trainingFormScroll");
    form->setFrameShape(QFrame::NoFrame);
    form->refit();
    m_formScroll = form;
    auto* results = new QWidget;
    results->setObjectName("trainingResults");
    auto* resultsLayout = new QVBoxLayout(results);
    resultsLayout->setContentsMargins(0, 0, 0, 0);
    resultsLayout->addWidget(m_chart, 1);
    resultsLayout->addWidget(m_metrics);
    m_tabs = new QTabWidget(this);
    m_tabs->setObjectName("trainingTabs");
    m_tabs->setDocumentMode(true);
    m_tabs->addTab(m_formScroll, tr("Settings"));
    m_tabs->addTab(results, tr("Chart"));
    m_message->hide();  // shown with a message
    auto* layout = new QVBoxLayout(this);
    layout->addLayout(buttons);
    layout->addWidget(m_progress);
    layout->addWidget(m_message);
    layout->addWidget(m_tabs, 1);

    connect(m_start, &QPushButton::clicked, this, &TrainingPanel::startRequested);
    connect(m_cancel, &QPushButton::clicked, this, &TrainingPanel::cancelRequested);
    connect(m_resume, &QPushButton::clicked, this, &TrainingPanel::resumeRequested);
    connect(m_params, &ParamPanel::changed, this, [this] { updateResume(); });
    setRunning(false);
}

sw::train::TrainSettings TrainingPanel::settings() const {
    return sw::train::trainSchema().fromParams(m_params->params());
}

void TrainingPanel::setSettings(const sw::train::TrainSettings& settings) {
    m_params->setParams(sw::train::trainSchema().toParams(settings));
    updateResume();
}

void TrainingPanel::setRunning(bool running) {
    m_start->setEnabled(!running);
    m_cancel->setEnabled(running);
    m_resume->setEnabled(!running && m_resumeStep >= 0);
    m_params->setEnabled(!running);
    if (running) {
        m_tabs->setCurrentIndex(1);  // the chart
        m_idle = false;
        m_steps = 0;
        m_eta = -1;
        m_progress->setValue(0);
        m_progress->setFormat(tr("Starting…"));
    }
}

void TrainingPanel::setResumeStep(int step, const QString& why) {
    m_checkpointStep = step;
    m_resumeWhy = why;
    updateResume();
}

void TrainingPanel::updateResume() {
    // A checkpoint at or past Steps has nothing left to run: offered once Steps is raised.
    const int step = m_checkpointStep;
    const bool finished = step >= 0 && step >= settings().steps;
    m_resumeStep = finished ? -1 : step;
    m_resume->setText(step >= 0 ? tr("Resume from step %1").arg(step) : tr("Resume"));
    m_resume->setToolTip(m_resumeStep >= 0 ? tr("Continue from the run folder's last checkpoint")
                         : finished        ? tr("The checkpoint is at step %1: raise Steps above it to continue").arg(step)
                         : !m_resumeWhy.isEmpty() ? m_resumeWhy
                                                  : tr("No checkpoint in the run folder yet"));
    m_resume->setEnabled(m_resumeStep >= 0 && !m_cancel->isEnabled());
}

void TrainingPanel::showStopped(const QString& text) {
    m_idle = false;
    m_eta = -1;
    m_steps = 0;
    m_progress->setFormat(text);
}

void TrainingPanel::showProgress(double fraction, const QString& message) {
    m_idle = false;
    m_progress->setValue(int(std::lround(1000 * std::clamp(fraction, 0.0, 1.0))));
    if (m_steps <= 0) {
        m_progress->setFormat(QStringLiteral("%1 — %p%").arg(message));
        return;
    }
    const int step = int(std::lround(fraction * m_steps));
    const double seconds = m_clock.elapsed() / 1000.0;
    m_eta = step > m_startStep && seconds > 0 ? (m_steps - step) * seconds / (step - m_startStep) : -1;
    m_progress->setFormat(m_eta >= 0 ? tr("step %1/%2 — ETA %3").arg(step).arg(m_steps).arg(clockText(m_eta))
                                     : tr("step %1/%2").arg(step).arg(m_steps));
}

void TrainingPanel::beginSteps(int startStep, int steps) {
    m_startStep = startStep;
    m_steps = steps;
    m_eta = -1;
    m_clock.start();
    if (startStep == 0) {
        m_chart->clear();
        m_metrics->clear();
    }
    m_chart->setStepRange(0, steps);
    showProgress(double(startStep) / std::max(1, steps), {});
}

void TrainingPanel::showMetrics(const sw::train::EvalMetrics& metrics) {
    m_chart->addLoss(metrics.step, metrics.trainLoss);
    m_chart->addPsnr(metrics.step, metrics.valPsnr);
    showMetricsText(metrics, false);
}

void TrainingPanel::showFinal(const sw::train::EvalMetrics& metrics, const std::vector<std::pair<int, double>>& lossCurve,
                              const QString& summary) {
    if (!lossCurve.empty()) m_chart->setLossCurve(lossCurve);
    showMetricsText(metrics, true);
    m_progress->setValue(m_progress->maximum());
    m_idle = false;
    m_progress->setFormat(tr("Done: %1 steps").arg(metrics.step));
    showMessage(summary);
}

void TrainingPanel::changeEvent(QEvent* event) {
    if (event->type() == QEvent::LanguageChange && m_idle) m_progress->setFormat(tr("Idle"));
    QWidget::changeEvent(event);
}

void TrainingPanel::showMessage(const QString& text) {
    m_message->setStyleSheet({});
    m_message->setText(text);
    m_message->setVisible(!text.isEmpty());
}

void TrainingPanel::showError(const QString& text) {
    m_message->setStyleSheet(QStringLiteral("color: #c62828;"));
    m_message->setText(text);
    m_message->setVisible(!text.isEmpty());
    if (m_cancel->isEnabled()) return;
    m_idle = false;
    m_progress->setFormat(tr("Stopped"));
}

void TrainingPanel::showMetricsText(const sw::train::EvalMetrics& m, bool final) {
    const QString title = final ? tr("Final, step %1").arg(m.step) : tr("Step %1").arg(m.step);
    m_metrics->setText(tr("<b>%1</b>: %2 splats, train loss %3<br>val L1 %4 · PSNR %5 dB · SSIM %6<br>"
                          "opaque %7% · outside silhouette %8 · %9 s")
                           .arg(title)
                           .arg(m.splats)
                           .arg(m.trainLoss, 0, 'g', 4)
                           .arg(m.valL1, 0, 'f', 5)
                           .arg(m.valPsnr, 0, 'f', 2)
                           .arg(m.valSsim, 0, 'f', 4)
                           .arg(100 * m.opaqueShare, 0, 'f', 1)
                           .arg(m.outsideSilhouette)
                           .arg(m.seconds, 0, 'f', 1));
}

}  // namespace sw::widgets
