#include "widgets/scan_hud.h"

#include <QLocale>
#include <QStringList>

namespace sw::widgets {

ScanHud::ScanHud(QWidget* parent) : QLabel(parent) {
    setObjectName("scanHud");
    setAttribute(Qt::WA_TransparentForMouseEvents);
    setTextFormat(Qt::PlainText);
    setStyleSheet(QStringLiteral("QLabel { background: rgba(0, 0, 0, 150); color: white; padding: 4px; "
                                 "font-family: monospace; }"));
    hide();
}

void ScanHud::showStats(const Viewport::ScanStats& stats) {
    const QLocale locale;
    const double mib = 1.0 / 1048576.0;
    QString text = tr("Resident %1 / %2 MB").arg(double(stats.residentBytes) * mib, 0, 'f', 1)
                       .arg(double(stats.budgetBytes) * mib, 0, 'f', 0);
    text += QLatin1Char('\n') + tr("Chunks %1 drawable, %2 pending").arg(stats.drawableChunks).arg(stats.pendingChunks);
    text += QLatin1Char('\n') + tr("Splats %1 submitted of %2 selected")
                                    .arg(locale.toString(qulonglong(stats.splatsDrawn)),
                                         locale.toString(qulonglong(stats.splatsSelected)));
    if (stats.overBudget) text += QLatin1Char(' ') + tr("(over budget: coarsest levels)");
    if (stats.splatsVisible >= 0)
        text += QLatin1Char('\n') + tr("After the cull %1 (counted on every 16th frame and a new draw list)")
                                        .arg(locale.toString(qlonglong(stats.splatsVisible)));
    QStringList levels;  // the draw list's splats by level, finest first
    for (std::size_t l = 0; l < stats.levelSplats.size(); ++l)
        if (stats.levelSplats[l] > 0) levels << QStringLiteral("L%1 %2").arg(l).arg(locale.toString(qulonglong(stats.levelSplats[l])));
    if (!levels.isEmpty()) text += QLatin1Char('\n') + tr("Levels %1").arg(levels.join(QStringLiteral(", ")));
    text += QLatin1Char('\n') + tr("GPU pool %1 / %2 MB").arg(double(stats.gpuUsedBytes) * mib, 0, 'f', 1)
                                    .arg(double(stats.gpuCapacityBytes) * mib, 0, 'f', 0);
    text += QLatin1Char('\n') + tr("Frame %1 ms (CPU wall time)").arg(stats.frameMs, 0, 'f', 1);
    if (stats.failedChunks > 0) text += QLatin1Char('\n') + tr("%n chunk(s) failed to load", nullptr, int(stats.failedChunks));
    setText(text);
    adjustSize();
}

}  // namespace sw::widgets
