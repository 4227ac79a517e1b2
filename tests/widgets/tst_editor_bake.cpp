// QtTest suite for the editor's bake workspace (issue #5): a cloud sampled on the demo drone
// with planted floaters is opened (File ▸ Open Splat Cloud), the Floater inspector counts them
// per sign and highlights them, Delete is undoable, Keep makes the bake keep them, a recipe
// edit changes the material counts, Export writes the files and reports, and an unwritable
// export folder shows an error and leaves nothing.
#include <QAction>
#include <QDateTime>
#include <QDir>
#include <QDockWidget>
#include <QDoubleSpinBox>
#include <QFileInfo>
#include <QMessageBox>
#include <QProgressBar>
#include <QPushButton>
#include <QSettings>
#include <QSignalSpy>
#include <QStandardPaths>
#include <QStatusBar>
#include <QThread>
#include <QUndoStack>
#include <QtTest>
#include <QSpinBox>
#include <algorithm>
#include <atomic>

#include "app/editor/autosave.h"
#include "app/editor/bake_controller.h"
#include "app/editor/editor_document.h"
#include "app/editor/job_runner.h"
#include "app/editor/main_window.h"
#include "app/editor/project_controller.h"
#include "tests/widgets/bake_test_fixture.h"
#include "tests/widgets/editor_test_support.h"
#include "core/bake/surface_sample.h"
#include "core/formats/cloud_io.h"
#include "core/render/cloud_preview.h"
#include "widgets/floater_panel.h"
#include "widgets/param_panel.h"
#include "widgets/recipe_panel.h"
#include "widgets/viewport.h"

using sw::editor::BakeController;
using sw::editor::MainWindow;
using namespace sw::test::bakefx;

namespace {

void saveShot(QMainWindow& window, const char* dock, const char* name) {
    const QByteArray dir = qgetenv("SW_SCREENSHOT_DIR");
    if (dir.isEmpty()) return;
    window.findChild<QDockWidget*>(QString::fromLatin1(dock))->raise();
    QTest::qWait(500);
    QVERIFY(window.grab().save(QDir(QString::fromLocal8Bit(dir)).filePath(QString::fromLatin1(name))));
}

// The demo saved as `project`, its trained cloud written to cache/training/cloud.ply and opened
// (floater scan done), as a reopened training run leaves it. `trained`: that file.
bool openTrainedCloudInProject(MainWindow& window, const QString& dir, const QString& project, QString& trained) {
    if (!sw::test::openDemo(window) || !window.saveProject(project)) return false;
    trained = window.document()->cacheFolder() + "/training/cloud.ply";
    if (!QDir().mkpath(window.document()->cacheFolder() + "/training") || !QFile::copy(writeCloud(window, dir), trained))
        return false;
    QSignalSpy scanned(window.bakeController(), &BakeController::floatersScanned);
    return window.bakeController()->openSplatFile(trained) &&
           QTest::qWaitFor([&] { return scanned.count() == 1; }, 120000);
}

// After a crash: the next window offers `recovery`; the visible "restore" question, or null.
QMessageBox* offerRestore(MainWindow& next, const QString& recovery) {
    if (next.autosave()->pendingRecoveries() != QStringList{recovery}) return nullptr;
    next.autosave()->offerRecovery();
    QMessageBox* box = nullptr;
    for (QMessageBox* b : next.findChildren<QMessageBox*>("restoreRecovery")) box = b->isVisible() ? b : box;
    return box;
}

}  // namespace

class TestEditorBake : public QObject {
    Q_OBJECT
private slots:
    void initTestCase();
    void previewIndexFollowsTheSplit();
    void floatersCountedPerSignDeleteAndUndo();
    void keptFloatersSurviveTheBake();
    void keepWhileTheBakeShowsBakesAgain();
    void recipeEditChangesMaterialCounts();
    void exportWritesFilesAndReports();
    void bakeShowsProgressAndCancels();
    void exportShowsProgressAndCancels();
    void unwritableExportFolderLeavesNothing();
    void badCloudFileShowsItsName();
    void cloudBelongsToItsModel();
    void reopenedProjectBringsItsTrainedCloud();
    void reopenedProjectBringsItsCloudEditsAndBake();
    void restoredAutosaveBringsBackUnsavedCloudEdits();
    void restoredAutosaveAfterEveryEditWasUndoneAppliesNone();
    void aRecoveryIsNotWrittenOverBeforeTheArtistChooses();
    void unsavedChangesAskBeforeQuitting();
};

void TestEditorBake::initTestCase() {
    sw::test::isolateEditorSettings("tst_editor_bake");
}

void TestEditorBake::previewIndexFollowsTheSplit() {
    sw::splat::SplatCloud cloud;
    cloud.resize(4);
    const float opacity[4] = {0.5f, 0.95f, 0.3f, 1.f};
    for (std::size_t i = 0; i < 4; ++i) {
        cloud.opacities[i] = opacity[i];
        cloud.scales[i] = Eigen::Vector3f(0.01f * float(i + 1), 0.01f, 0.001f);
    }
    std::vector<int> index;
    const sw::formats::Spl2Model m = sw::render::previewModelFromCloud(cloud, 0.9f, 40.f, &index);
    // Core (opacity > 0.9) by importance: splat 3 (1·0.04·0.01) before splat 1; shell in order.
    QCOMPARE(index, (std::vector<int>{2, 1, 3, 0}));
    QCOMPARE(m.shell.opacity[0], 0.5f);
}

void TestEditorBake::floatersCountedPerSignDeleteAndUndo() {
    MainWindow window;
    window.show();
    QVERIFY(openCloudAndScan(window, outputDir("delete")));
    BakeController* bake = window.bakeController();
    const sw::bake::FloaterResult& f = bake->floaterScan()->floaters;
    for (int i : plantedIndices()) {
        QCOMPARE(int(f.far[std::size_t(i)]), 1);
        QCOMPARE(int(f.detached[std::size_t(i)]), 1);
        QCOMPARE(int(f.silhouette[std::size_t(i)]), 1);
    }
    QVERIFY(f.report.far >= kPlanted && f.report.detached >= kPlanted && f.report.silhouette >= kPlanted);
    QVERIFY(f.report.datasetSkipped);

    auto* panel = window.findChild<sw::widgets::FloaterPanel*>("floaterPanel");
    QVERIFY(panel->rowCount() >= kPlanted);
    QVERIFY(panel->countsText().contains(QString::number(f.report.far)));
    // Selecting the planted rows shows exactly them red in the Floater overlay.
    panel->selectSplats(plantedIndices());
    QCOMPARE(panel->selectedSplats(), plantedIndices());
    QCOMPARE(countOnes(bake->highlightMask()), kPlanted);
    QCOMPARE(window.viewport()->splatOverlay(), sw::render::SplatOverlay::Floater);
    saveShot(window, "floaterDock", "editor-floaters.png");

    const auto before = window.document()->cloud();
    window.findChild<QPushButton*>("floaterDelete")->click();
    QCOMPARE(window.document()->cloud()->size(), std::size_t(kSurface));
    QCOMPARE(bake->floaterScan()->floaters.report.far, f.report.far - kPlanted);
    QAction* undo = window.findChild<QAction*>("actionUndo");
    QAction* redo = window.findChild<QAction*>("actionRedo");
    QVERIFY(undo->isEnabled());
    undo->trigger();
    QVERIFY(sameCloud(*window.document()->cloud(), *before));  // the delta put every row back
    QCOMPARE(bake->floaterScan()->floaters.report.far, f.report.far);
    QVERIFY(panel->rowCount() >= kPlanted);
    redo->trigger();
    QCOMPARE(window.document()->cloud()->size(), std::size_t(kSurface));
    undo->trigger();
    QCOMPARE(window.document()->cloud()->size(), std::size_t(kSurface + kPlanted));
}

void TestEditorBake::keptFloatersSurviveTheBake() {
    MainWindow window;
    window.show();
    QVERIFY(openCloudAndScan(window, outputDir("keep")));
    BakeController* bake = window.bakeController();
    auto* panel = window.findChild<sw::widgets::FloaterPanel*>("floaterPanel");
    panel->selectSplats(plantedIndices());
    window.findChild<QPushButton*>("floaterKeep")->click();
    QCOMPARE(countOnes(bake->keepList()), kPlanted);

    QVERIFY(bakeAndWait(bake, true, window.findChild<QPushButton*>("bakeButton")));
    auto baked = bake->bakedModel();
    QCOMPARE(baked->report.floaters.kept, kPlanted);
    for (int i : plantedIndices()) QVERIFY(std::find(baked->source.begin(), baked->source.end(), i) != baked->source.end());
    QCOMPARE(window.document()->spl2().get(), &baked->spl2);
    QCOMPARE(countOnes(window.document()->floaterMask()), kPlanted);  // the kept floaters, in baked order

    // Undoing Keep: the next bake removes them again.
    window.findChild<QAction*>("actionUndo")->trigger();
    QCOMPARE(countOnes(bake->keepList()), 0);
    QVERIFY(bakeAndWait(bake));
    baked = bake->bakedModel();
    QCOMPARE(baked->report.floaters.kept, 0);
    for (int i : plantedIndices()) QVERIFY(std::find(baked->source.begin(), baked->source.end(), i) == baked->source.end());
}

// Keep in the Floater inspector while the baked model shows: it stays on show and is baked again
// with the kept splats (as Delete and Crop do), and the report describes the new bake.
void TestEditorBake::keepWhileTheBakeShowsBakesAgain() {
    MainWindow window;
    QVERIFY(openScanAndBake(window, outputDir("keep-baked")));
    BakeController* bake = window.bakeController();
    const auto first = bake->bakedModel();
    QCOMPARE(first->report.floaters.kept, 0);
    QCOMPARE(window.document()->spl2().get(), &first->spl2);
    QSignalSpy rebaked(bake, &BakeController::bakeFinished);
    auto* panel = window.findChild<sw::widgets::FloaterPanel*>("floaterPanel");
    panel->selectSplats(plantedIndices());
    window.findChild<QPushButton*>("floaterKeep")->click();
    QCOMPARE(countOnes(bake->keepList()), kPlanted);
    QVERIFY(QTest::qWaitFor([&] { return rebaked.count() == 1; }, 180000));
    QVERIFY(rebaked.first().first().toBool());
    const auto again = bake->bakedModel();
    QVERIFY(again && again != first);
    QCOMPARE(again->report.floaters.kept, kPlanted);
    QCOMPARE(window.document()->spl2().get(), &again->spl2);
    for (int i : plantedIndices()) QVERIFY(std::find(again->source.begin(), again->source.end(), i) != again->source.end());
}

void TestEditorBake::recipeEditChangesMaterialCounts() {
    MainWindow window;
    window.show();
    QVERIFY(openCloudAndScan(window, outputDir("recipe")));
    BakeController* bake = window.bakeController();
    QVERIFY(bakeAndWait(bake));
    const auto before = bake->bakedModel()->report.materials;
    const int total = int(bake->bakedModel()->report.core + bake->bakedModel()->report.shell);
    auto* recipes = window.findChild<sw::widgets::RecipePanel*>("recipePanel");
    QVERIFY(recipes->countsText().contains(QString::number(before[0])));
    QVERIFY(before[std::size_t(sw::formats::MaterialClass::Core)] < total);
    // The first rule (core) now takes every colour: saturation and value from 0.
    QCOMPARE(recipes->recipe().rules.at(0).material, sw::formats::MaterialClass::Core);
    qobject_cast<QDoubleSpinBox*>(recipes->cellEditor(0, 3))->setValue(0);
    qobject_cast<QDoubleSpinBox*>(recipes->cellEditor(0, 5))->setValue(0);
    QVERIFY(bakeAndWait(bake, true, window.findChild<QPushButton*>("recipeApply")));
    const auto after = bake->bakedModel()->report.materials;
    QCOMPARE(after[std::size_t(sw::formats::MaterialClass::Core)], total);
    QVERIFY(after != before);
    QVERIFY(recipes->countsText().contains(QStringLiteral("core %1").arg(total)));
    saveShot(window, "recipeDock", "editor-recipes.png");
}

void TestEditorBake::exportWritesFilesAndReports() {
    MainWindow window;
    window.show();
    QVERIFY(openCloudAndScan(window, outputDir("export")));
    BakeController* bake = window.bakeController();
    const QString folder = outputDir("export") + "/out";
    QSignalSpy exported(bake, &BakeController::exportFinished);
    QVERIFY(bake->exportTo(folder));  // no bake yet: bakes first, then exports
    QVERIFY(QTest::qWaitFor([&] { return exported.count() == 1; }, 180000));
    QVERIFY2(exported.first().first().toBool(), qPrintable(exported.first().at(1).toString()));
    QVERIFY(bake->bakedModel());
    const QString stem = QFileInfo(QString::fromStdString(window.document()->model()->report.path)).completeBaseName();
    for (const char* ext : {".bin", ".meta.json", ".json", ".ply", ".spz"}) {
        const QString file = folder + "/" + stem + QString::fromLatin1(ext);
        QVERIFY2(QFileInfo(file).size() > 0, qPrintable(file));
        QVERIFY(bake->lastReport().contains(stem + QString::fromLatin1(ext)));
    }
    // .bin .meta.json .json .ply .spz (v3) .v4.spz .dropped.png (core/bake/export.h) and the
    // folder's output marker listing them (core/foundation/output_folder.h)
    QCOMPARE(QDir(folder).entryList(QDir::AllEntries | QDir::NoDotAndDotDot | QDir::Hidden).size(), 8);
    QVERIFY(QFileInfo::exists(folder + "/.splatwright-output.json"));
    QVERIFY(bake->lastReport().contains(QStringLiteral("Floaters removed: ")));
    QVERIFY(window.statusBar()->currentMessage().contains(folder));
    saveShot(window, "bakeDock", "editor-export.png");

    // The exported SPL2 opens as the current baked model (File ▸ Open Splat Cloud… takes .bin).
    const std::size_t core = bake->bakedModel()->spl2.core.size();
    QSignalSpy spl2(window.document(), &sw::editor::EditorDocument::spl2Changed);
    QVERIFY(bake->openSplatFile(folder + "/" + stem + ".bin"));
    QVERIFY(QTest::qWaitFor([&] { return spl2.count() >= 1 && window.document()->spl2(); }, 30000));
    QCOMPARE(window.document()->spl2()->core.size(), core);
    QVERIFY(!bake->bakedModel());  // the bake belonged to the cloud that is gone
    QVERIFY(!window.document()->cloud());
}

// Issue 16 build 5: the Bake dock's bar follows the stage's progress callback (fractions that
// only grow, the stage named) and Cancel stops the bake: no baked model, the cloud unchanged.
void TestEditorBake::bakeShowsProgressAndCancels() {
    MainWindow window;
    window.show();
    QVERIFY(openCloudAndScan(window, outputDir("progress")));
    BakeController* bake = window.bakeController();
    auto* bar = window.findChild<QProgressBar*>("bakeProgress");
    auto* cancel = window.findChild<QPushButton*>("bakeCancel");
    QVERIFY(bar && cancel);
    QVERIFY(!bar->isVisibleTo(&window) && !cancel->isVisibleTo(&window));
    window.findChild<QDockWidget*>("bakeDock")->raise();

    // A whole bake: the bar shows while it runs, every report at or above the previous one.
    QList<double> fractions;
    QStringList formats;
    auto record = connect(bake->runner(), &sw::editor::JobRunner::progressed, &window, [&](double f, const QString&) {
        fractions << f;
        formats << bar->format();
        QVERIFY(bar->isVisibleTo(&window) && cancel->isVisibleTo(&window));
    });
    QVERIFY(bakeAndWait(bake, true, window.findChild<QPushButton*>("bakeButton")));
    disconnect(record);
    // The runner passes the first report, then at most one per 50 ms, and the last: a bake done
    // within 50 ms (a quiet machine) shows two, a slower one more.
    QVERIFY2(fractions.size() >= 2, qPrintable(QString::number(fractions.size())));
    QVERIFY(fractions.front() < fractions.back());
    QVERIFY(std::is_sorted(fractions.begin(), fractions.end()));
    QVERIFY(fractions.back() > 0.9);
    QVERIFY(std::any_of(formats.begin(), formats.end(), [](const QString& f) { return f.contains(" — "); }));  // "<stage> — 40%"
    QVERIFY(!bar->isVisibleTo(&window));

    // Cancel while it runs (clicked before the worker's bake can end; a bake of this size takes
    // well under a second here, faster than its first queued report reaches the GUI): the bake
    // stops without a result and without an error box.
    const auto baked = bake->bakedModel();
    const auto cloud = window.document()->cloud();
    QSignalSpy finished(bake, &BakeController::bakeFinished);
    window.findChild<QPushButton*>("bakeButton")->click();
    QVERIFY(cancel->isVisibleTo(&window));
    cancel->click();
    QVERIFY(QTest::qWaitFor([&] { return finished.count() == 1; }, 180000));
    QCOMPARE(finished.first().first().toBool(), false);
    QCOMPARE(bake->bakedModel(), baked);  // the previous bake stays; nothing half-made replaces it
    QCOMPARE(window.document()->cloud(), cloud);
    QVERIFY(window.statusBar()->currentMessage().contains("Cancelled"));
    QVERIFY(!bar->isVisibleTo(&window));
    QVERIFY(window.findChild<QPushButton*>("bakeButton")->isEnabled());
}

// Issue 16 build 5: Export (of an existing bake) shows its progress in the Bake dock, naming
// the file being encoded or written, and Cancel stops it before anything is moved into the
// folder: the previous export stays as it was, the bake stays, no error box.
void TestEditorBake::exportShowsProgressAndCancels() {
    MainWindow window;
    const QString dir = outputDir("export_progress");
    QVERIFY(openScanAndBake(window, dir));
    BakeController* bake = window.bakeController();
    const auto baked = bake->bakedModel();
    auto* bar = window.findChild<QProgressBar*>("bakeProgress");
    auto* cancel = window.findChild<QPushButton*>("bakeCancel");
    auto* exportButton = window.findChild<QPushButton*>("bakeExportButton");
    QVERIFY(bar && cancel && exportButton);
    window.findChild<QDockWidget*>("bakeDock")->raise();
    const QString folder = dir + "/out";
    bake->setExportFolder(folder);

    QList<double> fractions;
    QStringList formats;
    auto record = connect(bake->runner(), &sw::editor::JobRunner::progressed, &window, [&](double f, const QString&) {
        fractions << f;
        formats << bar->format();
    });
    QSignalSpy exported(bake, &BakeController::exportFinished);
    exportButton->click();
    QVERIFY(bar->isVisibleTo(&window) && cancel->isVisibleTo(&window));
    QVERIFY(!exportButton->isEnabled());
    QVERIFY(QTest::qWaitFor([&] { return exported.count() == 1; }, 120000));
    disconnect(record);
    QVERIFY2(exported.first().first().toBool(), qPrintable(exported.first().at(1).toString()));
    QCOMPARE(bake->bakedModel(), baked);  // exported the bake there was, not a new one
    QVERIFY(!fractions.isEmpty());
    QVERIFY(std::is_sorted(fractions.begin(), fractions.end()));
    QVERIFY2(std::any_of(formats.begin(), formats.end(),
                         [](const QString& f) { return f.startsWith("encoding ") || f.startsWith("writing "); }),
             qPrintable(formats.join(" | ")));
    QVERIFY(!bar->isVisibleTo(&window) && !cancel->isVisibleTo(&window));
    const auto listing = [&] {
        QStringList files;
        for (const QFileInfo& f : QDir(folder).entryInfoList(QDir::AllEntries | QDir::NoDotAndDotDot | QDir::Hidden, QDir::Name))
            files << QStringLiteral("%1 %2 %3").arg(f.fileName()).arg(f.size()).arg(f.lastModified().toMSecsSinceEpoch());
        return files;
    };
    const QStringList before = listing();
    QCOMPARE(before.size(), 8);  // seven files and the output marker

    // Export again and Cancel at once (the worker checks before every file and before the
    // renames): the export fails as cancelled, the folder is untouched.
    exported.clear();
    exportButton->click();
    QVERIFY(cancel->isVisibleTo(&window));
    cancel->click();
    QVERIFY(QTest::qWaitFor([&] { return exported.count() == 1; }, 120000));
    QCOMPARE(exported.first().first().toBool(), false);
    QVERIFY(exported.first().at(1).toString().contains("cancelled"));
    QCOMPARE(listing(), before);
    QCOMPARE(bake->bakedModel(), baked);
    QVERIFY(window.statusBar()->currentMessage().contains("Cancelled"));
    QVERIFY(window.findChildren<QMessageBox*>("errorBox").isEmpty());
    QVERIFY(exportButton->isEnabled());
}

void TestEditorBake::unwritableExportFolderLeavesNothing() {
    MainWindow window;
    const QString dir = outputDir("unwritable");
    QVERIFY(openScanAndBake(window, dir));
    BakeController* bake = window.bakeController();
    // A folder below a regular file cannot be created, whoever runs the test (even root).
    QFile blocker(dir + "/blocker");
    QVERIFY(blocker.open(QIODevice::WriteOnly));
    blocker.close();
    const QString folder = dir + "/blocker/out";
    const QStringList entriesBefore = QDir(dir).entryList(QDir::AllEntries | QDir::NoDotAndDotDot | QDir::Hidden);
    QSignalSpy exported(bake, &BakeController::exportFinished);
    QVERIFY(bake->exportTo(folder));
    QVERIFY(QTest::qWaitFor([&] { return exported.count() == 1; }, 60000));
    QVERIFY(!exported.first().first().toBool());
    QVERIFY(exported.first().at(1).toString().contains(folder));
    QVERIFY(bake->lastReport().contains(folder));
    QVERIFY(window.statusBar()->currentMessage().contains(folder));
    QCOMPARE(QDir(dir).entryList(QDir::AllEntries | QDir::NoDotAndDotDot | QDir::Hidden), entriesBefore);
    QVERIFY(QFileInfo(dir + "/blocker").isFile());
}

void TestEditorBake::badCloudFileShowsItsName() {
    MainWindow window;
    window.show();
    const QString path = outputDir("bad") + "/broken.ply";
    QFile file(path);
    QVERIFY(file.open(QIODevice::WriteOnly));
    file.write("ply\nformat ascii 1.0\nelement vertex 3\nend_header\n");
    file.close();
    QSignalSpy failed(window.bakeController(), &BakeController::errorOccurred);
    QVERIFY(window.bakeController()->openSplatFile(path));
    QVERIFY(QTest::qWaitFor([&] { return failed.count() == 1; }, 30000));
    QVERIFY(failed.first().at(1).toString().contains(path));
    QVERIFY(!window.document()->cloud());
    QTRY_VERIFY(window.findChild<QMessageBox*>("errorBox") != nullptr);
}

// Another model file drops the cloud and the bake of the previous one (they were baked against
// the wrong mesh and shipped under its name); a re-import of the same file keeps them.
void TestEditorBake::cloudBelongsToItsModel() {
    MainWindow window;
    window.show();
    QVERIFY(openCloudAndScan(window, outputDir("belongs")));
    QVERIFY(window.document()->cloud());
    QSignalSpy shown(&window, &MainWindow::modelShown);
    window.projects()->reimport();
    QVERIFY(QTest::qWaitFor([&] { return shown.count() == 1; }, 60000));
    QVERIFY(window.document()->cloud());  // the same file: the cloud stays
    const QString other = outputDir("belongs") + "/other.glb";
    QVERIFY(QFile::copy(window.document()->modelPath(), other));
    window.openModel(other);
    QVERIFY(QTest::qWaitFor([&] { return shown.count() == 2; }, 60000));
    QCOMPARE(window.document()->modelPath(), other);
    QVERIFY(!window.document()->cloud());
    QVERIFY(!window.document()->spl2());
    QVERIFY(!window.bakeController()->bake());  // nothing to bake until a cloud of this model opens
}

// Save, quit, reopen: the project's trained cloud (<cache>/training/cloud.ply) comes back
// and the Floater inspector scans it.
void TestEditorBake::reopenedProjectBringsItsTrainedCloud() {
    const QString dir = outputDir("reopen");
    QString project = dir + "/drone.splatproj";
    std::size_t splats = 0;
    {
        MainWindow window;
        window.show();
        QVERIFY(sw::test::openDemo(window));
        QVERIFY(window.saveProject(project));
        const QString cache = window.document()->cacheFolder();
        QVERIFY(!cache.isEmpty());
        QVERIFY(QDir().mkpath(cache + "/training"));
        const QString cloud = writeCloud(window, dir);
        QVERIFY(!cloud.isEmpty());
        QVERIFY(QFile::copy(cloud, cache + "/training/cloud.ply"));
        splats = std::size_t(kSurface + kPlanted);
    }
    MainWindow reopened;
    reopened.show();
    QSignalSpy scanned(reopened.bakeController(), &BakeController::floatersScanned);
    QVERIFY(reopened.openProject(project));
    QVERIFY(QTest::qWaitFor([&] { return scanned.count() == 1; }, 120000));
    QVERIFY(reopened.document()->cloud());
    QCOMPARE(reopened.document()->cloud()->size(), splats);
    QVERIFY(reopened.document()->cloudSource().endsWith(QStringLiteral("training/cloud.ply")));
    QVERIFY(!reopened.document()->isModified());
}

// Issue 16 item 1: save → quit → reopen brings back the cloud edits and the bake. The deletes,
// keeps and hides of the trained cloud are saved beside it (cloud.ply.edits.json; cloud.ply
// itself untouched), reopening applies them to the cloud as opened and bakes again; edits of
// a cloud trained again since are not applied.
void TestEditorBake::reopenedProjectBringsItsCloudEditsAndBake() {
    const QString dir = outputDir("reopen-edits");
    const QString project = dir + "/drone.splatproj";
    QString trained;
    QByteArray trainedBytes;
    std::size_t bakedSplats = 0, cloudSize = 0;
    std::vector<std::uint32_t> ids;
    {
        MainWindow window;
        window.show();
        QVERIFY(sw::test::openDemo(window));
        QVERIFY(window.saveProject(project));
        trained = window.document()->cacheFolder() + "/training/cloud.ply";
        QVERIFY(QDir().mkpath(window.document()->cacheFolder() + "/training"));
        QVERIFY(QFile::copy(writeCloud(window, dir), trained));
        QFile f(trained);
        QVERIFY(f.open(QIODevice::ReadOnly));
        trainedBytes = f.readAll();
        BakeController* bake = window.bakeController();
        QSignalSpy scanned(bake, &BakeController::floatersScanned);
        QVERIFY(bake->openSplatFile(trained));
        QVERIFY(QTest::qWaitFor([&] { return scanned.count() == 1; }, 120000));
        bake->deleteSplats({0, 1, 2, 3, 4, 5, 6, 7, 8, 9});
        bake->keepSplats({kSurface - 10, kSurface - 9});  // rows after the delete: the planted ones
        bake->hideSplats({20, 21, 22}, true);
        QVERIFY(bakeAndWait(bake));
        bakedSplats = bake->bakedModel()->spl2.core.size() + bake->bakedModel()->spl2.shell.size();
        cloudSize = window.document()->cloud()->size();
        ids = bake->splatIds();
        QVERIFY(window.document()->isModified());
        QVERIFY(window.saveProject(project));
        QVERIFY(QFileInfo::exists(trained + ".edits.json"));
    }
    const auto fileBytes = [&] {
        QFile f(trained);
        return f.open(QIODevice::ReadOnly) ? f.readAll() : QByteArray();
    };
    QCOMPARE(fileBytes(), trainedBytes);  // the trained cloud as training wrote it
    {
        MainWindow reopened;
        reopened.show();
        BakeController* bake = reopened.bakeController();
        QSignalSpy baked(bake, &BakeController::bakeFinished);
        QVERIFY(reopened.openProject(project));
        QVERIFY(QTest::qWaitFor([&] { return baked.count() == 1; }, 180000));
        QVERIFY(baked.first().first().toBool());
        QCOMPARE(reopened.document()->cloud()->size(), cloudSize);
        QCOMPARE(bake->splatIds(), ids);  // the same splats, by their IDs
        QCOMPARE(countOnes(bake->keepList()), 2);
        QCOMPARE(countOnes(bake->hiddenMask()), 3);
        QCOMPARE(bake->bakedModel()->spl2.core.size() + bake->bakedModel()->spl2.shell.size(), bakedSplats);
        QVERIFY(!reopened.document()->isModified());
    }
    // Trained again (another cloud.ply): the old edits are not applied, nothing is baked.
    auto cloud = sw::formats::readSplatCloud(trained.toStdString());
    QVERIFY(cloud.ok());
    cloud->positions[0].x() += 0.01f;
    QVERIFY(sw::formats::writeSplatCloud(trained.toStdString(), *cloud).ok());
    MainWindow again;
    again.show();
    QSignalSpy scanned(again.bakeController(), &BakeController::floatersScanned);
    QSignalSpy jobs(again.bakeController()->runner(), &sw::editor::JobRunner::started);
    QVERIFY(again.openProject(project));
    QVERIFY(QTest::qWaitFor([&] { return scanned.count() == 1; }, 120000));
    QCOMPARE(again.document()->cloud()->size(), std::size_t(kSurface + kPlanted));
    QVERIFY(again.bakeController()->keepList().empty());
    // A bake the reopened edits asked for is queued by the scan's end (as above, where it ran):
    // one pass of the event loop starts it. Here nothing but the open and the scan ran.
    QCoreApplication::processEvents();
    QStringList started;
    for (const QList<QVariant>& job : jobs) started << job.first().toString();
    QCOMPARE(started.size(), 2);
    QVERIFY2(started.first().startsWith("Opening") && started.last() == "Finding floaters", qPrintable(started.join(", ")));
    QVERIFY(!again.bakeController()->runner()->busy());
    QVERIFY(!again.bakeController()->bakedModel());
}

// Issue 16 build 3: a crash after an autosave keeps the unsaved cloud edits: they go beside the
// recovery file (<project>.autosave.cloud-edits.json), Restore applies them to the trained
// cloud; the saved edits file is not written until a save, and a clean quit removes both.
void TestEditorBake::restoredAutosaveBringsBackUnsavedCloudEdits() {
    const QString dir = outputDir("autosave-edits");
    const QString project = dir + "/drone.splatproj";
    QString trained;
    std::vector<std::uint32_t> ids;
    const QString recovery = project + ".autosave";
    QSettings().remove("recovery/files");  // the earlier tests' windows left autosaves: not this test's to offer
    {
        auto window = std::make_unique<MainWindow>();
        window->show();
        QVERIFY(openTrainedCloudInProject(*window, dir, project, trained));
        BakeController* bake = window->bakeController();
        bake->deleteSplats({0, 1, 2, 3, 4});
        ids = bake->splatIds();
        QVERIFY(window->autosave()->autosaveNow());
        QCOMPARE(window->autosave()->recoveryPath(), recovery);
        QVERIFY(QFileInfo::exists(sw::editor::AutosaveController::cloudEditsOf(recovery)));
        QVERIFY(!QFileInfo::exists(trained + ".edits.json"));  // not saved: the saved edits stay as they were
    }  // the crash: no quit
    auto next = std::make_unique<MainWindow>();
    next->show();
    QSignalSpy scanned(next->bakeController(), &BakeController::floatersScanned);
    QMessageBox* box = offerRestore(*next, recovery);
    QVERIFY(box);
    QVERIFY(box->text().contains(QFileInfo(project).absoluteFilePath()));
    box->button(QMessageBox::Yes)->click();
    QVERIFY(QTest::qWaitFor([&] { return scanned.count() == 1; }, 120000));
    QCOMPARE(next->document()->cloud()->size(), std::size_t(kSurface + kPlanted - 5));
    QCOMPARE(next->bakeController()->splatIds(), ids);
    QVERIFY(next->document()->isModified());
    // A clean quit that discards the changes removes the recovery file and its companion.
    next->close();
    QMessageBox* quit = nullptr;
    for (QMessageBox* b : next->findChildren<QMessageBox*>("confirmQuit")) quit = b->isVisible() ? b : quit;
    QVERIFY(quit);
    quit->button(QMessageBox::Discard)->click();
    QTRY_VERIFY(!next->isVisible());
    QVERIFY(!QFileInfo::exists(recovery));
    QVERIFY(!QFileInfo::exists(sw::editor::AutosaveController::cloudEditsOf(recovery)));
}

// Saved edits, then every edit undone, then an autosave and a crash: the restore brings back
// the unedited cloud (the autosave's state), not the edits saved with the project.
void TestEditorBake::restoredAutosaveAfterEveryEditWasUndoneAppliesNone() {
    const QString dir = outputDir("autosave-undone");
    const QString project = dir + "/drone.splatproj";
    const QString recovery = project + ".autosave";
    QSettings().remove("recovery/files");
    {
        auto window = std::make_unique<MainWindow>();
        window->show();
        QString trained;
        QVERIFY(openTrainedCloudInProject(*window, dir, project, trained));
        window->bakeController()->deleteSplats({0, 1, 2, 3, 4});
        QVERIFY(window->saveProject(project));
        QVERIFY(QFileInfo::exists(trained + ".edits.json"));  // five deleted, saved with the project
        QAction* undo = window->findChild<QAction*>("actionUndo");
        QVERIFY(undo && undo->isEnabled());
        undo->trigger();
        QCOMPARE(window->document()->cloud()->size(), std::size_t(kSurface + kPlanted));
        QVERIFY(window->autosave()->autosaveNow());
        QVERIFY(QFileInfo::exists(sw::editor::AutosaveController::cloudEditsOf(recovery)));
    }  // the crash
    auto next = std::make_unique<MainWindow>();
    next->show();
    QSignalSpy scanned(next->bakeController(), &BakeController::floatersScanned);
    QMessageBox* box = offerRestore(*next, recovery);
    QVERIFY(box);
    box->button(QMessageBox::Yes)->click();
    QVERIFY(QTest::qWaitFor([&] { return scanned.count() == 1; }, 120000));
    QCOMPARE(next->document()->cloud()->size(), std::size_t(kSurface + kPlanted));
}

// A crash after deleting half the cloud and an autosave; the next session opens the project first
// (its cloud loads, a change is made, the autosave runs) and only then answers the recovery
// question: the unchosen recovery file and its cloud edits are never written over, and Restore
// brings the deletions back.
void TestEditorBake::aRecoveryIsNotWrittenOverBeforeTheArtistChooses() {
    const QString dir = outputDir("autosave-unchosen");
    const QString project = dir + "/drone.splatproj";
    const QString recovery = project + ".autosave";
    const QString companion = sw::editor::AutosaveController::cloudEditsOf(recovery);
    QSettings().remove("recovery/files");
    std::size_t half = 0;
    {
        auto window = std::make_unique<MainWindow>();
        window->show();
        QString trained;
        QVERIFY(openTrainedCloudInProject(*window, dir, project, trained));
        std::vector<int> drop;
        for (int i = 0; i < int(kSurface + kPlanted); i += 2) drop.push_back(i);
        window->bakeController()->deleteSplats(drop);
        half = window->document()->cloud()->size();
        QVERIFY(half < std::size_t(kSurface + kPlanted) * 3 / 4);
        QVERIFY(window->autosave()->autosaveNow());
        QVERIFY(QFileInfo::exists(companion));
    }  // the crash
    QFile file(companion);
    QVERIFY(file.open(QIODevice::ReadOnly));
    const QByteArray edits = file.readAll();
    file.close();
    QVERIFY(edits.size() > 1000);

    auto next = std::make_unique<MainWindow>();
    next->show();
    QSignalSpy scanned(next->bakeController(), &BakeController::floatersScanned);
    QSignalSpy shown(next.get(), &MainWindow::modelShown);
    QVERIFY(next->openProject(project));
    QVERIFY(QTest::qWaitFor([&] { return scanned.count() == 1; }, 120000));
    QCOMPARE(next->document()->cloud()->size(), std::size_t(kSurface + kPlanted));  // as saved
    next->document()->markModified();
    QVERIFY(!next->autosave()->autosaveNow());  // the earlier session's work is not written over
    QVERIFY(file.open(QIODevice::ReadOnly));
    QCOMPARE(file.readAll(), edits);
    file.close();

    QMessageBox* box = offerRestore(*next, recovery);
    QVERIFY(box);
    // Restore is answered while a job of the cloud shown still runs (the bake that follows a
    // project's opening, say): the job is cancelled and the restored cloud opens after it.
    auto heldCancelled = std::make_shared<std::atomic<bool>>(false);
    QVERIFY(next->bakeController()->runner()->run<int>(
        "A job of the cloud shown",
        [heldCancelled](const sw::Progress& progress) -> sw::Result<int> {
            for (int i = 0; i < 600 && !progress.cancelled(); ++i) QThread::msleep(50);
            if (!progress.cancelled()) return 0;
            *heldCancelled = true;
            return sw::makeError(sw::ErrorCode::Cancelled, "cancelled");
        },
        [](sw::Result<int>) {}));
    box->button(QMessageBox::Yes)->click();
    QVERIFY(QTest::qWaitFor([&] { return scanned.count() == 2 && shown.count() == 2; }, 120000));
    QVERIFY(*heldCancelled);  // not left to run its 30 s
    QTRY_COMPARE_WITH_TIMEOUT(next->document()->cloud()->size(), half, 30000);
    // Once restored, the restored state is this session's to autosave.
    QVERIFY(next->autosave()->autosaveNow());
}

// Quitting with unsaved edits asks (Save / Discard / Cancel); after a save it does not.
void TestEditorBake::unsavedChangesAskBeforeQuitting() {
    MainWindow window;
    window.show();
    QVERIFY(QTest::qWaitForWindowExposed(&window));
    QVERIFY(sw::test::openDemo(window));
    QVERIFY(!window.document()->isModified());
    auto* rays = qobject_cast<QSpinBox*>(window.bakeController()->panels().settings->editorFor("ao-rays"));
    QVERIFY(rays);
    rays->setValue(rays->value() + 3);
    QVERIFY(window.document()->isModified());
    window.close();
    QVERIFY(window.isVisible());
    QMessageBox* box = nullptr;
    for (QMessageBox* b : window.findChildren<QMessageBox*>("confirmQuit"))
        if (b->isVisible()) box = b;
    QVERIFY(box);
    QVERIFY(box->button(QMessageBox::Save) && box->button(QMessageBox::Discard));
    box->button(QMessageBox::Cancel)->click();
    QVERIFY(window.isVisible());
    window.document()->undoStack()->undo();  // back to the opened state: nothing to save
    QVERIFY(!window.document()->isModified());
    rays->setValue(rays->value() + 1);
    QVERIFY(window.saveProject(outputDir("quit") + "/drone.splatproj"));
    QVERIFY(!window.document()->isModified());
    window.close();
    QTRY_VERIFY(!window.isVisible());
}

QTEST_MAIN(TestEditorBake)
#include "tst_editor_bake.moc"
