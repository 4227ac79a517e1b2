#include "widgets/loss_chart.h"

#include <QChart>
#include <QEvent>
#include <QLineSeries>
#include <QLogValueAxis>
#include <QValueAxis>
#include <algorithm>
#include <cmath>

namespace sw::widgets {

LossChart::LossChart(QWidget* parent)
    : QChartView(parent),
      m_loss(new QLineSeries),
      m_psnr(new QLineSeries),
      m_steps(new QValueAxis),
      m_lossAxis(new QLogValueAxis),
      m_psnrAxis(new QValueAxis) {
    setObjectName("lossChart");
    auto* chart = new QChart;
    chart->legend()->setAlignment(Qt::AlignBottom);
    chart->setMargins(QMargins(4, 4, 4, 4));
    m_loss->setPen(QPen(QColor(40, 110, 200), 1.5));
    m_psnr->setPen(QPen(QColor(220, 120, 30), 1.5));
    m_psnr->setPointsVisible(true);
    chart->addSeries(m_loss);
    chart->addSeries(m_psnr);

    m_steps->setLabelFormat("%d");
    m_lossAxis->setBase(10);
    m_lossAxis->setLabelFormat("%.0e");
    m_psnrAxis->setLabelFormat("%.1f");
    setTexts();
    chart->addAxis(m_steps, Qt::AlignBottom);
    chart->addAxis(m_lossAxis, Qt::AlignLeft);
    chart->addAxis(m_psnrAxis, Qt::AlignRight);
    m_loss->attachAxis(m_steps);
    m_loss->attachAxis(m_lossAxis);
    m_psnr->attachAxis(m_steps);
    m_psnr->attachAxis(m_psnrAxis);
    setChart(chart);
    setRenderHint(QPainter::Antialiasing);
    setMinimumHeight(150);
    clear();
}

void LossChart::clear() {
    m_loss->clear();
    m_psnr->clear();
    setStepRange(0, 1);
    m_lossAxis->setRange(1e-3, 1);
    m_psnrAxis->setRange(10, 40);
}

// Whole-step ticks at a round interval (1, 2, 5 × 10^k, at least 1): the labels are "%d", so a
// fractional interval printed an empty chart's axis as "0 0 0 0 0 1".
void LossChart::setStepRange(int first, int last) {
    const double span = std::max(1, last - first);
    const double raw = std::max(1.0, span / 5.0);
    const double decade = std::pow(10.0, std::floor(std::log10(raw)));
    double interval = decade;
    for (const double m : {1.0, 2.0, 5.0, 10.0})
        if (m * decade >= raw) {
            interval = m * decade;
            break;
        }
    const double top = first + std::ceil(span / interval) * interval;
    m_steps->setTickType(QValueAxis::TicksDynamic);
    m_steps->setTickAnchor(first);
    m_steps->setTickInterval(interval);
    m_steps->setRange(first, top);
}

void LossChart::addLoss(int step, double loss) {
    if (!(loss > 0) || !std::isfinite(loss)) return;
    m_loss->append(step, loss);
    fitLossAxis();
}

void LossChart::addPsnr(int step, double psnrDb) {
    if (!std::isfinite(psnrDb)) return;
    m_psnr->append(step, psnrDb);
    fitPsnrAxis();
}

void LossChart::setLossCurve(const std::vector<std::pair<int, double>>& curve) {
    QList<QPointF> points;
    if (!curve.empty())
        for (const QPointF& p : m_loss->points())
            if (p.x() < curve.front().first) points.append(p);
    for (const auto& [step, loss] : curve)
        if (loss > 0 && std::isfinite(loss)) points.append(QPointF(step, loss));
    m_loss->replace(points);
    fitLossAxis();
}

QList<QPointF> LossChart::lossPoints() const { return m_loss->points(); }
QList<QPointF> LossChart::psnrPoints() const { return m_psnr->points(); }

void LossChart::setHistory(const QList<QPointF>& loss, const QList<QPointF>& psnr) {
    clear();
    QList<QPointF> kept;
    for (const QPointF& p : loss)
        if (p.y() > 0 && std::isfinite(p.y())) kept.append(p);
    m_loss->replace(kept);
    QList<QPointF> finite;
    for (const QPointF& p : psnr)
        if (std::isfinite(p.y())) finite.append(p);
    m_psnr->replace(finite);
    double last = 1;
    for (const QPointF& p : kept) last = std::max(last, p.x());
    for (const QPointF& p : finite) last = std::max(last, p.x());
    setStepRange(0, int(std::ceil(last)));
    fitLossAxis();
    fitPsnrAxis();
}

double LossChart::stepMin() const { return m_steps->min(); }
double LossChart::stepMax() const { return m_steps->max(); }
double LossChart::stepTickInterval() const { return m_steps->tickInterval(); }

QString LossChart::stepAxisTitle() const { return m_steps->titleText(); }
QString LossChart::lossAxisTitle() const { return m_lossAxis->titleText(); }
QString LossChart::psnrAxisTitle() const { return m_psnrAxis->titleText(); }

int LossChart::lossPointCount() const { return int(m_loss->count()); }
int LossChart::psnrPointCount() const { return int(m_psnr->count()); }

// Whole decades around the points, so the log axis labels stay readable.
void LossChart::fitLossAxis() {
    if (m_loss->count() == 0) return;
    double lo = m_loss->at(0).y(), hi = lo;
    for (const QPointF& p : m_loss->points()) {
        lo = std::min(lo, p.y());
        hi = std::max(hi, p.y());
    }
    const double bottom = std::pow(10.0, std::floor(std::log10(lo)));
    const double top = std::pow(10.0, std::ceil(std::log10(hi) + 1e-9));
    m_lossAxis->setRange(bottom, std::max(top, bottom * 10));
}

void LossChart::fitPsnrAxis() {
    if (m_psnr->count() == 0) return;
    double lo = m_psnr->at(0).y(), hi = lo;
    for (const QPointF& p : m_psnr->points()) {
        lo = std::min(lo, p.y());
        hi = std::max(hi, p.y());
    }
    m_psnrAxis->setRange(std::floor(lo) - 1, std::ceil(hi) + 1);
}

void LossChart::setTexts() {
    m_loss->setName(tr("Train loss"));
    m_psnr->setName(tr("Val PSNR (dB)"));
    m_steps->setTitleText(tr("training step"));
    m_lossAxis->setTitleText(tr("loss (L1)"));
    m_psnrAxis->setTitleText(tr("PSNR (dB)"));
}

void LossChart::changeEvent(QEvent* event) {
    if (event->type() == QEvent::LanguageChange) setTexts();  // a live language switch
    QChartView::changeEvent(event);
}

}  // namespace sw::widgets
