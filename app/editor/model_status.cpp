#include "app/editor/model_status.h"

#include <QFileInfo>
#include <QLabel>
#include <QLocale>
#include <QProgressBar>
#include <QPushButton>
#include <QStatusBar>

namespace sw::editor {

ModelStatus::ModelStatus(QStatusBar* bar) : QObject(bar), m_bar(bar) {
    m_progress = new QProgressBar(bar);
    m_progress->setRange(0, 1000);
    m_progress->setMaximumWidth(220);
    m_progress->setTextVisible(false);
    m_cancel = new QPushButton(tr("Cancel"), bar);
    m_cancel->setObjectName("cancelJob");
    bar->addWidget(m_progress);
    bar->addWidget(m_cancel);
    hideJob();

    m_name = new QLabel(bar);
    m_triangles = new QLabel(bar);
    m_components = new QLabel(bar);
    m_flipped = new QLabel(bar);
    m_frame = new QLabel(bar);
    for (QLabel* label : {m_name, m_triangles, m_components, m_flipped, m_frame}) {
        label->setContentsMargins(6, 0, 6, 0);
        bar->addPermanentWidget(label);
    }
    clearModel();
    connect(m_cancel, &QPushButton::clicked, this, &ModelStatus::cancelRequested);
}

void ModelStatus::showModel(const geometry::ImportedModel& model) {
    const geometry::WindingReport& w = model.report.winding;
    m_figures.model = true;
    m_figures.name = QFileInfo(QString::fromStdString(model.report.path)).fileName();
    m_figures.triangles = qulonglong(model.mesh.triangleCount());
    m_figures.components = w.components;
    m_figures.flippedComponents = w.flippedComponents;
    m_figures.flippedFaces = w.flippedFaces;
    showTexts();
}

void ModelStatus::clearModel() {
    m_figures.model = false;
    showTexts();
}

void ModelStatus::showFrameTime(double milliseconds) {
    m_figures.frameMs = milliseconds;
    m_frame->setText(tr("frame %1 ms").arg(QLocale().toString(milliseconds, 'f', 1)));
}

void ModelStatus::retranslate() {
    showTexts();
    if (m_figures.frameMs >= 0) showFrameTime(m_figures.frameMs);
    m_cancel->setText(tr("Cancel"));
}

void ModelStatus::showTexts() {
    const Figures& f = m_figures;
    if (!f.model) {
        m_name->setText(tr("No model"));
        for (QLabel* label : {m_triangles, m_components, m_flipped}) label->clear();
        return;
    }
    m_name->setText(f.name);
    m_triangles->setText(tr("%1 triangles").arg(QLocale().toString(f.triangles)));
    m_components->setText(tr("%1 components").arg(f.components));
    m_flipped->setText(tr("flipped: %1 components, %2 faces").arg(f.flippedComponents).arg(f.flippedFaces));
}

void ModelStatus::showJob(const QString& what) {
    m_progress->setValue(0);
    m_progress->show();
    m_cancel->show();
    m_cancel->setEnabled(true);
    m_bar->showMessage(what);
}

void ModelStatus::showProgress(double fraction, const QString& message) {
    m_progress->setValue(int(fraction * 1000.0));
    if (!message.isEmpty()) m_bar->showMessage(message);
}

void ModelStatus::hideJob() {
    m_progress->hide();
    m_cancel->hide();
    m_bar->clearMessage();
}

QString ModelStatus::modelText() const {
    return QStringList{m_name->text(), m_triangles->text(), m_components->text(), m_flipped->text()}.join(" | ");
}

}  // namespace sw::editor
