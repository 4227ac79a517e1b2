#pragma once
// The training chart (Qt Charts): train loss on a log-scale left axis and validation PSNR on a
// linear right axis, both over the step. Points arrive while a run goes; the axes follow them.
#include <QChartView>
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
    // The steps axis spans first..last (a run's start step and its step count).
    void setStepRange(int first, int last);
    // Losses ≤ 0 cannot sit on a log axis and are skipped.
    void addLoss(int step, double loss);
    void addPsnr(int step, double psnrDb);
    // Replaces the loss series with a whole curve: (step, mean loss) pairs in step order.
    void setLossCurve(const std::vector<std::pair<int, double>>& curve);

    int lossPointCount() const;
    int psnrPointCount() const;

private:
    void fitLossAxis();
    void fitPsnrAxis();

    QLineSeries* m_loss;
    QLineSeries* m_psnr;
    QValueAxis* m_steps;
    QLogValueAxis* m_lossAxis;
    QValueAxis* m_psnrAxis;
};

}  // namespace sw::widgets
