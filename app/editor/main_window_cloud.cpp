// A splat cloud that does not belong to the open model (a capture from another tool, a scan):
// opening it must not judge it against the model's mesh (most of it would be flagged as floaters
// and the bake would strip it), nor keep the model's title, framing and autosave.
#include <QFileInfo>
#include <QMessageBox>
#include <QPushButton>
#include <cmath>

#include "app/editor/ask.h"
#include "app/editor/bake_controller.h"
#include "app/editor/editor_document.h"
#include "app/editor/main_window.h"
#include "app/editor/project_controller.h"
#include "core/foundation/log.h"
#include "widgets/viewport.h"

namespace sw::editor {

void MainWindow::askAboutForeignCloud(const QString& path, std::shared_ptr<const splat::SplatCloud> cloud, double inside,
                                      double sizeRatio) {
    const QString model = QFileInfo(m_document->modelPath()).fileName(), file = QFileInfo(path).fileName();
    QString text = tr("%1 does not look like a training of %2: %3 % of its splats lie within the model, at %4 times "
                      "its size.\n\nOpen it on its own (the model closes), or judge it against %2 (its floater scan "
                      "and bake use the model's mesh)?")
                       .arg(file, model)
                       .arg(int(std::lround(100.0 * inside)))
                       .arg(sizeRatio, 0, 'g', 2);
    if (m_document->isModified()) text += QLatin1Char('\n') + tr("The project has unsaved changes: you are asked to save them first.");
    QMessageBox* box = ask(this, QStringLiteral("foreignCloud"), tr("Open Splat Cloud"), text,
                           QMessageBox::Open | QMessageBox::Apply | QMessageBox::Cancel, QMessageBox::Open,
                           [this, path, cloud](int answer) {
                               if (answer == QMessageBox::Open) openCloudOnItsOwn(path, cloud);
                               else if (answer == QMessageBox::Apply) m_bake->showCloud(path, cloud, true);
                           });
    box->button(QMessageBox::Open)->setText(tr("Open on Its Own"));
    box->button(QMessageBox::Apply)->setText(tr("Judge Against the Model"));
}

void MainWindow::openCloudOnItsOwn(const QString& path, std::shared_ptr<const splat::SplatCloud> cloud) {
    if (m_document->trainingActive()) {
        showError(tr("Open Splat Cloud"), tr("A training run is going on the model: wait for it or cancel it first."));
        return;
    }
    if (m_document->model() && m_document->isModified()) {
        saveProjectOrAs();
        if (m_document->isModified()) return;  // not saved (cancelled or failed): the model stays
    }
    m_projects->closeModel();
    m_bake->showCloud(path, std::move(cloud), false);
    m_projects->updateTitle();
    m_viewport->resetView();  // frames the cloud (no mesh now)
    SW_LOG_INFO("Opened " << path.toStdString() << " on its own (no model: no floater scan against a mesh)");
}

}  // namespace sw::editor
