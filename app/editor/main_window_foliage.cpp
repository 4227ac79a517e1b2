// MainWindow: the Foliage dock (issue 35 §6), a tab beside Import and Parts, and its preview in
// the viewport: the dock's wind, time and benders go to the viewport (Viewport::setFoliageView),
// the viewport's bender drags come back to the dock, the open model or cloud is the asset Export
// writes beside.
#include <QDockWidget>
#include <QStatusBar>

#include "app/editor/dock_util.h"
#include "app/editor/editor_document.h"
#include "app/editor/foliage_trim.h"
#include "app/editor/main_window.h"
#include "widgets/foliage_panel.h"
#include "widgets/game_scale_panel.h"
#include "widgets/viewport.h"

namespace sw::editor {

void MainWindow::createFoliageDock() {
    auto* foliage = m_foliage = new widgets::FoliagePanel;
    foliage->setObjectName("foliagePanel");
    foliage->setUndoStack(m_document->undoStack());  // every settings edit is undoable
    m_docks << (m_dock.foliage = addDock(this, {tr("Foliage"), "foliageDock", foliage, Qt::RightDockWidgetArea,
                                                m_importDock, DockScroll::Fitted}));
    connect(foliage, &widgets::FoliagePanel::viewChanged, m_viewport, &widgets::Viewport::setFoliageView);
    connect(m_viewport, &widgets::Viewport::benderDragged, foliage, &widgets::FoliagePanel::moveBender);
    connect(m_viewport, &widgets::Viewport::benderReleased, foliage, &widgets::FoliagePanel::finishBenderDrag);
    // The asset: the open model, else a cloud opened on its own.
    const auto asset = [this, foliage] {
        foliage->setAssetPath(m_document->model() ? m_document->modelPath() : m_document->cloudSource());
        m_viewport->setFoliageCloud(m_document->cloud());
        // The model and its cloud are in the model's normalised units: back to its metres.
        const float scale = m_document->model() ? m_document->model()->report.normalisation.scale : 1.f;
        foliage->setRecordedUnits(scale > 0.f ? 1.f / scale : 1.f);
    };
    connect(m_document, &EditorDocument::modelChanged, foliage, asset);
    connect(m_document, &EditorDocument::cloudChanged, foliage, asset);
    m_viewport->setFoliageView(foliage->view());
    // The game-scale tiles draw the preview too: they follow its wind, time and benders.
    if (auto* gameScale = findChild<widgets::GameScalePanel*>("gameScalePanel"))
        connect(foliage, &widgets::FoliagePanel::viewChanged, gameScale, &widgets::GameScalePanel::scheduleRefresh);
    // Trim Cards…: a trimmed copy of the open model, written beside it (the model is not changed).
    auto* trim = new FoliageTrimController(this);
    trim->setObjectName("foliageTrimController");
    connect(foliage, &widgets::FoliagePanel::trimRequested, trim, [this, trim] { trim->ask(m_document->modelPath()); });
    connect(trim, &FoliageTrimController::errorOccurred, this, &MainWindow::showError);
    connect(trim, &FoliageTrimController::statusMessage, statusBar(), &QStatusBar::showMessage);
}

}  // namespace sw::editor
