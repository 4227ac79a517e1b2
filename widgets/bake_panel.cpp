#include "widgets/bake_panel.h"

#include <QHBoxLayout>
#include <QProgressBar>
#include <QPushButton>
#include <QScrollArea>
#include <QScrollBar>
#include <QSplitter>
#include <QTextBrowser>
#include <QVBoxLayout>

#include "core/bake/bake.h"
#include "widgets/fitted_scroll_area.h"
#include "widgets/param_panel.h"

namespace sw::widgets {

BakePanel::BakePanel(QWidget* parent) : QWidget(parent) {
    auto* layout = new QVBoxLayout(this);
    m_settings = new ParamPanel(bake::bakeSchema().schema());
    m_settings->setObjectName("bakeSettings");
    auto* scroll = new FittedScrollArea(m_settings);
    m_report = new QTextBrowser;
    m_report->setObjectName("bakeReport");
    m_report->setPlaceholderText(tr("Bake or export to see the report."));
    auto* split = new QSplitter(Qt::Vertical);
    split->addWidget(scroll);
    split->addWidget(m_report);
    split->setStretchFactor(0, 1);
    split->setStretchFactor(1, 1);
    layout->addWidget(split, 1);

    auto* buttons = new QHBoxLayout;
    m_bake = new QPushButton(tr("Bake"));
    m_bake->setObjectName("bakeButton");
    m_bake->setToolTip(tr("Bake the current cloud against the current model (floaters, split, channels, materials, chunks)"));
    m_export = new QPushButton(tr("Export"));
    m_export->setObjectName("bakeExportButton");
    m_export->setToolTip(tr("Write the game files into the export folder (baking first when needed)"));
    m_cancel = new QPushButton(tr("Cancel"));
    m_cancel->setObjectName("bakeCancel");
    for (QPushButton* b : {m_bake, m_export, m_cancel}) buttons->addWidget(b);
    layout->addLayout(buttons);
    m_progress = new QProgressBar;
    m_progress->setObjectName("bakeProgress");
    m_progress->setRange(0, 1000);
    m_progress->setTextVisible(true);
    layout->addWidget(m_progress);
    setBusy(false);
}

void BakePanel::setBusy(bool busy) {
    m_bake->setEnabled(!busy);
    m_export->setEnabled(!busy);
    m_cancel->setVisible(busy);
    m_progress->setVisible(busy);
    if (busy) showProgress(0, {});
}

void BakePanel::showProgress(double fraction, const QString& message) {
    m_progress->setValue(int(fraction * 1000));
    m_progress->setFormat(message.isEmpty() ? QStringLiteral("%p%") : message + QStringLiteral(" — %p%"));
}

}  // namespace sw::widgets
