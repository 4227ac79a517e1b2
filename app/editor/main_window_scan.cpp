// MainWindow: large scans (issue 36 item 5). File ▸ Open Scan… and Build LOD… (ScanController),
// the Scan dock (a tab beside Foliage) whose settings go live to the open scans and are kept in
// QSettings, and in the View menu the fly camera, the scan HUD and the LOD false colour. The
// dock's Crop Box shows the viewport's crop box on the scans (first fitted to their bounds);
// Extract to Cloud cuts the box out of the scans and opens the cut as the splat cloud (as File ▸
// Open Splat Cloud does, so bake and export follow); Export Extract… writes it to a file. Without
// the box, they cut the last rect / lasso / brush gesture over the scans (Viewport::scanSelection).
#include <QAction>
#include <QDockWidget>
#include <QSettings>
#include <QStatusBar>

#include "app/editor/bake_controller.h"
#include "app/editor/dock_util.h"
#include "app/editor/job_runner.h"
#include "app/editor/main_window.h"
#include "app/editor/scan_controller.h"
#include "widgets/param_panel.h"
#include "widgets/scan_panel.h"
#include "widgets/viewport.h"

namespace sw::editor {

namespace {

constexpr const char* kQualityKey = "scan/quality";      // the selection settings, preset JSON
constexpr const char* kStreamingKey = "scan/streaming";  // the streaming settings, preset JSON

// The dock's last settings (defaults for what is missing or unreadable).
lod::ScanSettings savedScanSettings() {
    ParamSet quality(lod::selectionSchema().schema()), streaming(lod::streamSchema().schema());
    const QSettings settings;
    if (!quality.fromJson(settings.value(QLatin1String(kQualityKey)).toString().toStdString())) quality.resetToDefaults();
    if (!streaming.fromJson(settings.value(QLatin1String(kStreamingKey)).toString().toStdString())) streaming.resetToDefaults();
    return {lod::selectionSchema().fromParams(quality), lod::streamSchema().fromParams(streaming)};
}

}  // namespace

void MainWindow::createScanDock() {
    EditorActions& a = m_actions;
    const auto make = [this](const char* name, const QString& text) {
        auto* action = new QAction(text, this);
        action->setObjectName(QString::fromLatin1(name));
        return action;
    };
    a.openScan = make("actionOpenScan", tr("Open &Scan…"));
    a.openScan->setStatusTip(tr("Opens a large scan: an LOD folder streams its levels of detail within the memory "
                                "budget; any other splat file is drawn whole"));
    a.buildLod = make("actionBuildLod", tr("Build &LOD…"));
    a.buildLod->setStatusTip(tr("Builds the levels of detail of a scan into a new LOD folder"));
    a.fly->setStatusTip(tr("W/S forward and back, A/D sideways, Q/E down and up; drag to look around; the wheel sets "
                           "the speed"));
    a.scanHud = make("actionScanHud", tr("Scan &HUD"));
    a.scanHud->setCheckable(true);
    a.scanHud->setChecked(m_viewport->hudVisible());
    a.lodFalseColour = make("actionLodFalseColour", tr("LOD False &Colour"));
    a.lodFalseColour->setStatusTip(tr("Draws each chunk of a scan in the colour of its level of detail: the finest "
                                      "white, then red, orange, yellow, green, cyan, blue, magenta"));
    a.lodFalseColour->setCheckable(true);

    auto* controller = m_scans = new ScanController(this);
    controller->setObjectName("scanController");
    auto* panel = m_scanPanel = new widgets::ScanPanel;
    panel->setObjectName("scanPanel");
    m_docks << (m_dock.scan = addDock(this, {tr("Scan"), "scanDock", panel, Qt::RightDockWidgetArea, m_dock.foliage,
                                             DockScroll::Fitted}));
    connectJobs(controller->openRunner());
    connectJobs(controller->buildRunner());
    lod::ScanSettings saved = savedScanSettings();
    if (!controller->applySettings(saved)) saved = {};  // the defaults (a saved memory budget of 0)
    panel->setSettings(saved);
    m_viewport->setScans(controller->scans());

    connect(panel, &widgets::ScanPanel::settingsChanged, this, [this, controller, panel] {
        if (Status s = controller->applySettings(panel->settings()); !s) {
            panel->setSettingsError(QString::fromStdString(s.error().toString()));
            return;
        }
        panel->setSettingsError({});
        QSettings settings;
        settings.setValue(QLatin1String(kQualityKey), QString::fromStdString(panel->qualityPanel()->params().toJson()));
        settings.setValue(QLatin1String(kStreamingKey), QString::fromStdString(panel->streamingPanel()->params().toJson()));
        m_viewport->scansChanged();
    });
    connect(controller, &ScanController::scansChanged, this, [this, controller, panel] {
        QStringList paths;
        for (const lod::ScanSet::Scan& scan : controller->scans()->scans()) paths << QString::fromStdString(scan.path);
        panel->setScans(paths);
        m_viewport->scansChanged();
        if (!paths.isEmpty()) m_dock.scan->raise();
    });
    connect(controller, &ScanController::errorOccurred, this, &MainWindow::showError);
    connect(controller, &ScanController::statusMessage, statusBar(), &QStatusBar::showMessage);
    connect(panel, &widgets::ScanPanel::openRequested, controller, &ScanController::browseOpen);
    connect(panel, &widgets::ScanPanel::buildRequested, controller, [controller] { controller->askBuild(); });
    connect(panel, &widgets::ScanPanel::closeRequested, controller, &ScanController::closeAll);
    connect(a.openScan, &QAction::triggered, controller, &ScanController::browseOpen);
    connect(a.buildLod, &QAction::triggered, controller, [controller] { controller->askBuild(); });
    connect(a.fly, &QAction::triggered, this, [this] { m_viewport->setCameraMode(widgets::Viewport::CameraMode::Fly); });
    connect(a.scanHud, &QAction::toggled, m_viewport, &widgets::Viewport::setHudVisible);
    connect(a.lodFalseColour, &QAction::toggled, m_viewport, &widgets::Viewport::setLodFalseColour);
    connectExtract();
}

void MainWindow::connectExtract() {
    ScanController* controller = m_scans;
    widgets::ScanPanel* panel = m_scanPanel;
    connectJobs(controller->extractRunner());
    auto fitted = std::make_shared<bool>(false);  // the box fitted to the open scans' bounds
    const auto update = [this, controller, panel] {
        const bool scans = !controller->scans()->empty();
        panel->setExtractEnabled(scans && (m_viewport->cropBoxVisible() || m_viewport->scanSelection()) &&
                                 !controller->extractRunner()->busy());
        if (!scans) panel->setCropBoxChecked(false);
    };
    connect(panel, &widgets::ScanPanel::cropBoxToggled, this, [this, controller, fitted, update](bool shown) {
        if (shown && !*fitted && !controller->scans()->empty()) {
            const Eigen::AlignedBox3f box = controller->scanBounds();
            const Eigen::Vector3f half = (0.5f * box.sizes() * 1.02f).cwiseMax(Eigen::Vector3f::Constant(1e-3f));
            m_viewport->setCropBox(box.center() - half, box.center() + half);
            *fitted = true;
        }
        m_viewport->setCropBoxVisible(shown);
        update();
    });
    connect(controller, &ScanController::scansChanged, this, [this, controller, fitted, update] {
        *fitted = false;
        if (controller->scans()->empty() && m_viewport->cropBoxVisible()) m_viewport->setCropBoxVisible(false);
        if (controller->scans()->empty()) m_viewport->clearScanSelection();
        update();
    });
    connect(m_viewport, &widgets::Viewport::scanSelectionChanged, this, update);
    connect(controller->extractRunner(), &JobRunner::started, this, update);
    connect(controller->extractRunner(), &JobRunner::finished, this, update);
    // The crop box while it shows, else the last selection gesture over the scans.
    const auto region = [this] {
        if (!m_viewport->cropBoxVisible() && m_viewport->scanSelection()) return *m_viewport->scanSelection();
        const auto [lo, hi] = m_viewport->cropBox();
        return lod::Region::aabb(Eigen::AlignedBox3f(lo, hi));
    };
    connect(panel, &widgets::ScanPanel::extractRequested, controller, [controller, panel, region] {
        controller->extractToCloud(region(), panel->extractSettings());
    });
    connect(panel, &widgets::ScanPanel::exportExtractRequested, controller, [controller, panel, region] {
        controller->askExportExtract(region(), panel->extractSettings());
    });
    connect(controller, &ScanController::extractedToCloud, this, [this](const QString& path) { m_bake->openSplatFileWhenIdle(path); });
}

}  // namespace sw::editor
