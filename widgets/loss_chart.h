#pragma once
// The training chart (Qt Charts): train loss (mean L1 of colour in [0, 1] plus the alpha term,
// no unit) on a log-scale left axis and validation PSNR (dB) on a linear right axis, both over
// the training step; each axis title names its quantity and unit. Points arrive while a run
// goes; the axes follow them. The whole history (points()/setHistory()) is what the editor keeps
// in the run folder, so a resumed run continues the same curve.
#include <QChartView>
#include <QList>
#include <QPointF>
#include <utility>
#include <vector>

class QLineSeries;
class QLogValueAxis;
class QValueAxis;

namespace sw::widgets {

class LossChart : public QChartView {
    Q_OBJECT
public:
    explicit LossChart(QWidget* parent = nullptr);

    void clear();
    // The steps axis spans first..last (a run's start step and its step count), rounded up to
    // whole ticks of 1, 2 or 5 × 10^k steps (never a fractional step).
    void setStepRange(int first, int last);
    // The step axis as drawn: its range and tick interval.
    double stepMin() const;
    double stepMax() const;
    double stepTickInterval() const;
    // Losses ≤ 0 cannot sit on a log axis and are skipped.
    void addLoss(int step, double loss);
    void addPsnr(int step, double psnrDb);
    // Replaces the loss points from the curve's first step on with a whole curve: (step, mean
    // loss) pairs in step order. Points before it (an earlier run that this one resumed) stay.
    void setLossCurve(const std::vector<std::pair<int, double>>& curve);
    // The points shown, (step, value) in step order; setHistory replaces both series (the
    // step axis then spans them).
    QList<QPointF> lossPoints() const;
    QList<QPointF> psnrPoints() const;
    void setHistory(const QList<QPointF>& loss, const QList<QPointF>& psnr);
    // The axes' titles (for tests and screenshots).
    QString stepAxisTitle() const;
    QString lossAxisTitle() const;
    QString psnrAxisTitle() const;

    int lossPointCount() const;
    int psnrPointCount() const;

protected:
    void changeEvent(QEvent* event) override;

private:
    void setTexts();  // series names and axis titles in the current language
    void fitLossAxis();
    void fitPsnrAxis();

    QLineSeries* m_loss;
    QLineSeries* m_psnr;
    QValueAxis* m_steps;
    QLogValueAxis* m_lossAxis;
    QValueAxis* m_psnrAxis;
};

}  // namespace sw::widgets
