// QtTest suite for the editor's dataset and parts workspaces: the Dataset panel renders a tiny
// dataset on its worker thread and the frame browser lists it; cancelling leaves no folder;
// the viewport's camera markers follow the belt settings; a component picked in the viewport
// moves to another part, and the project file round-trips parts, settings and HSV.
#include <QAction>
#include <QDir>
#include <QDoubleSpinBox>
#include <QMessageBox>
#include <QPushButton>
#include <QSettings>
#include <QSignalSpy>
#include <QSpinBox>
#include <QStandardPaths>
#include <QtTest>

#include "widgets/dataset_panel.h"
#include "app/editor/bake_controller.h"
#include "app/editor/dataset_controller.h"
#include "app/editor/editor_document.h"
#include "app/editor/job_runner.h"
#include "app/editor/main_window.h"
#include "tests/widgets/editor_test_support.h"
#ifdef SW_HAVE_TRAIN
#include "app/editor/training_dock.h"
#include "core/pipeline/training_job.h"
#include "widgets/training_panel.h"
#endif
#include "core/dataset/belt.h"
#include "core/pipeline/validate.h"
#include "core/project/project.h"
#include "widgets/destruct_panel.h"
#include "widgets/effects_panel.h"
#include "widgets/frame_browser.h"
#include "widgets/hsv_table.h"
#include "widgets/param_panel.h"
#include "widgets/parts_panel.h"
#include "widgets/viewport.h"

using sw::editor::MainWindow;

namespace {

QString outputDir(const QString& name) {
    const QString dir = QStringLiteral(SW_TEST_OUTPUT_DIR "/tst_editor_dataset/") + name;
    QDir(dir).removeRecursively();
    QDir().mkpath(dir);
    return dir;
}

std::size_t beltViews(const sw::dataset::BeltSettings& belt) {
    return sw::dataset::trainPoses(belt).size() + sw::dataset::valPoses(belt).size() +
           sw::dataset::testPoses(belt).size();
}

// A face whose centre is visible: the pick through its projected centre lands in its component.
int visibleFace(MainWindow& window, QPoint& where) {
    const sw::geometry::Mesh& mesh = window.document()->model()->mesh;
    const auto& comp = window.partsPanel()->components().faceComponent;
    sw::widgets::Viewport* view = window.viewport();
    for (std::size_t f = 0; f < mesh.triangleCount(); f += 7) {
        const auto& t = mesh.triangles[f];
        const Eigen::Vector3f centre = (mesh.positions[std::size_t(t[0])] + mesh.positions[std::size_t(t[1])] +
                                        mesh.positions[std::size_t(t[2])]) / 3.f;
        const QPoint p = view->projectToWidget(centre).toPoint();
        if (!view->rect().adjusted(8, 8, -8, -8).contains(p)) continue;
        const int hit = view->pickFace(p);
        if (hit >= 0 && comp[std::size_t(hit)] == comp[f]) {
            where = p;
            return int(f);
        }
    }
    return -1;
}

}  // namespace

class TestEditorDataset : public QObject {
    Q_OBJECT
private slots:
    void initTestCase();
    void datasetPanelRendersAndBrowserListsFrames();
    void cancelLeavesNoFolder();
    void cameraMarkersFollowTheBelt();
    void beltMinAboveMaxIsAnErrorInThePanel();
    void typedNumberOutOfRangeIsClampedVisibly();
    void stageSettingsRoundTripThroughTheProject();
    void pickedComponentMovesToAnotherPartAndRoundTrips();
    void badProjectShowsAnError();
};

void TestEditorDataset::initTestCase() {
    sw::test::isolateEditorSettings("tst_editor_dataset");
}

void TestEditorDataset::datasetPanelRendersAndBrowserListsFrames() {
    MainWindow window;
    window.show();
    QVERIFY(sw::test::openDemo(window));
    sw::widgets::DatasetPanel* panel = window.datasetPanel();
    QCOMPARE(panel->hsvTable()->rowCount(), int(window.document()->model()->mesh.materials.size()));
    panel->hsvTable()->spinBox(0, 2)->setValue(0.8);  // value × 0.8 reaches the renderer
    QCOMPARE(panel->materialHsv().at(0).value, 0.8f);

    sw::dataset::BeltSettings belt = panel->belt();
    belt.trainViews = 3;
    belt.valViews = 1;
    belt.testViewsPerRing = 0;
    panel->setBelt(belt);
    sw::dataset::DatasetSettings settings = panel->settings();
    settings.resolution = 64;
    settings.recipe = sw::dataset::Recipe::Flat;
    panel->setSettings(settings);
    QCOMPARE(window.viewport()->cameraMarkerCount(), std::size_t(4));

    const QString out = outputDir("render") + "/dataset";
    panel->setOutputFolder(out);
    QSignalSpy rendered(&window, &MainWindow::datasetRendered);
    QSignalSpy failed(&window, &MainWindow::datasetFailed);
    panel->renderButton()->click();
    QVERIFY(window.dataset()->runner()->busy());
    QVERIFY(!panel->renderButton()->isEnabled());
    QTRY_VERIFY_WITH_TIMEOUT(rendered.count() == 1 || failed.count() == 1, 120000);
    QVERIFY2(failed.isEmpty(), failed.isEmpty() ? "" : qPrintable(failed.first().first().toString()));
    QVERIFY(panel->renderButton()->isEnabled());
    QVERIFY(QFileInfo::exists(out + "/transforms_train.json"));
    QVERIFY(QFileInfo::exists(out + "/val/r_0.png"));

    sw::widgets::FrameBrowser* frames = window.frameBrowser();
    QCOMPARE(frames->frameCount(), 4);
    QCOMPARE(frames->frame(0).split, QString("train"));
    QCOMPARE(frames->frame(3).split, QString("val"));
    QCOMPARE(frames->frame(3).elevation, belt.valElevation);
    frames->selectFrame(3);
    QCOMPARE(frames->previewImage().size(), QSize(64, 64));
    // Transparent background: the corner is empty, the model covers the centre.
    QCOMPARE(qAlpha(frames->previewImage().pixel(0, 0)), 0);
    QCOMPARE(qAlpha(frames->previewImage().pixel(32, 32)), 255);
}

void TestEditorDataset::cancelLeavesNoFolder() {
    MainWindow window;
    window.show();
    QVERIFY(sw::test::openDemo(window));
    sw::dataset::DatasetSettings settings = window.datasetPanel()->settings();
    settings.resolution = 512;
    window.datasetPanel()->setSettings(settings);  // ao recipe, 200 + 24 views: long enough
    const QString parent = outputDir("cancel");
    QSignalSpy failed(&window, &MainWindow::datasetFailed);
    QSignalSpy progressed(window.dataset()->runner(), &sw::editor::JobRunner::progressed);
    QVERIFY(window.dataset()->render(parent + "/dataset"));
    // Cancelled once views are being rendered: its temporary folder is there, holding some.
    QVERIFY(QTest::qWaitFor([&] {
        for (const QList<QVariant>& report : progressed)
            if (report.at(1).toString().startsWith("rendering")) return true;
        return false;
    }, 60000));
    QVERIFY(!QDir(parent).entryList(QDir::AllEntries | QDir::NoDotAndDotDot).isEmpty());
    window.findChild<QPushButton*>("cancelJob")->click();
    QTRY_COMPARE_WITH_TIMEOUT(failed.count(), 1, 60000);
    QCOMPARE(failed.first().at(1).toBool(), true);  // cancelled, not an error
    QVERIFY(!window.dataset()->runner()->busy());
    QVERIFY(QDir(parent).entryList(QDir::AllEntries | QDir::NoDotAndDotDot).isEmpty());
}

void TestEditorDataset::cameraMarkersFollowTheBelt() {
    MainWindow window;
    window.show();
    QVERIFY(QTest::qWaitForWindowExposed(&window));
    sw::widgets::DatasetPanel* panel = window.datasetPanel();
    QCOMPARE(window.viewport()->cameraMarkerCount(), beltViews(panel->belt()));
    auto* views = qobject_cast<QSpinBox*>(panel->beltPanel()->editorFor("views"));
    QVERIFY(views);
    views->setValue(37);  // an edit in the form updates the markers at once
    QCOMPARE(panel->belt().trainViews, 37);
    QCOMPARE(window.viewport()->cameraMarkerCount(), beltViews(panel->belt()));
    QCOMPARE(window.viewport()->cameraMarkerCount(), std::size_t(37 + 8 + 16));
    auto* toggle = window.findChild<QAction*>("actionCameraMarkers");
    QVERIFY(toggle && !toggle->isChecked());  // hidden until the Dataset panel shows
    QVERIFY(!window.viewport()->cameraMarkersVisible());
    window.showWorkspace("dataset");
    QTRY_VERIFY(toggle->isChecked());
    QVERIFY(window.viewport()->cameraMarkersVisible());
    toggle->trigger();
    QVERIFY(!window.viewport()->cameraMarkersVisible());
}

// A lowest elevation above the highest once aborted the editor (SW_REQUIRE in belt.cpp), then was
// named far below the belt in schema words ("elevation-min is above elevation-max"): now the line
// under the field says it in the panel's own words, Render is off with a tooltip saying why, and
// the markers go until the belt is valid again.
void TestEditorDataset::beltMinAboveMaxIsAnErrorInThePanel() {
    MainWindow window;
    window.show();
    QVERIFY(QTest::qWaitForWindowExposed(&window));
    sw::widgets::DatasetPanel* panel = window.datasetPanel();
    auto* low = qobject_cast<QDoubleSpinBox*>(panel->beltPanel()->editorFor("elevation-min"));
    auto* high = qobject_cast<QDoubleSpinBox*>(panel->beltPanel()->editorFor("elevation-max"));
    QVERIFY(low && high);
    QVERIFY(panel->settingsError().isEmpty());
    QVERIFY(panel->beltPanel()->fieldNote("elevation-min").isEmpty());
    QVERIFY(panel->renderButton()->isEnabled());
    const QString readyTip = panel->renderButton()->toolTip();
    QVERIFY(!readyTip.isEmpty());
    high->setValue(20);
    low->setValue(60);
    QCOMPARE(panel->belt().elevationMin, 60.0);
    QCOMPARE(panel->belt().elevationMax, 20.0);
    QVERIFY(!sw::pipeline::validateBelt(panel->belt()));  // the CLI refuses it too
    const QString note = panel->beltPanel()->fieldNote("elevation-min");
    QCOMPARE(note, QString("Above Highest elevation (60 deg > 20 deg): lower this or raise Highest elevation."));
    QVERIFY(!note.contains("elevation-max"));
    QVERIFY(panel->settingsError().isEmpty());  // not said twice
    QVERIFY(!panel->renderButton()->isEnabled());
    QCOMPARE(panel->renderButton()->toolTip(), QString("Fix the setting marked in red first."));
    QCOMPARE(window.viewport()->cameraMarkerCount(), std::size_t(0));
    QVERIFY(!window.dataset()->render(outputDir("bad-belt")));  // refused, no job, no folder written
    QVERIFY(!window.dataset()->runner()->busy());
    QVERIFY(!QDir(outputDir("bad-belt")).exists(QStringLiteral("transforms_train.json")));
    QVERIFY(window.isVisible());

    low->setValue(14);  // valid again: the note goes, Render and the markers come back
    QVERIFY(panel->beltPanel()->fieldNote("elevation-min").isEmpty());
    QVERIFY(panel->renderButton()->isEnabled());
    QCOMPARE(panel->renderButton()->toolTip(), readyTip);
    QCOMPARE(window.viewport()->cameraMarkerCount(), beltViews(panel->belt()));
}

// Typing a number outside a field's range once stopped at the last digit that fit (120 in a
// −89…89 field became 12): the number is taken while typing, clamped on Enter, and the line under
// the field says so until the field's next edit; int fields alike.
void TestEditorDataset::typedNumberOutOfRangeIsClampedVisibly() {
    sw::widgets::DatasetPanel panel;
    panel.show();
    QVERIFY(QTest::qWaitForWindowExposed(&panel));
    sw::widgets::ParamPanel* belt = panel.beltPanel();
    auto* high = qobject_cast<QDoubleSpinBox*>(belt->editorFor("elevation-max"));
    QVERIFY(high);
    high->setFocus();
    high->selectAll();
    QTest::keyClicks(high, "120");
    QTest::keyClick(high, Qt::Key_Return);
    QCOMPARE(panel.belt().elevationMax, 89.0);  // the schema's bound, not 12
    QCOMPARE(belt->fieldNote("elevation-max"), QString("120 is above the largest allowed value, 89 deg: set to 89 deg."));
    high->selectAll();
    QTest::keyClicks(high, "-100");
    QTest::keyClick(high, Qt::Key_Return);
    QCOMPARE(panel.belt().elevationMax, -89.0);
    QCOMPARE(belt->fieldNote("elevation-max"), QString("-100 is below the smallest allowed value, -89 deg: set to -89 deg."));
    high->selectAll();
    QTest::keyClicks(high, "45");
    QTest::keyClick(high, Qt::Key_Return);
    QCOMPARE(panel.belt().elevationMax, 45.0);
    QVERIFY(belt->fieldNote("elevation-max").isEmpty());  // an edit in range ends the note

    // Shown sensibly rounded ("39.5978 deg" was the default's display), kept whole.
    auto* fov = qobject_cast<QDoubleSpinBox*>(belt->editorFor("fov"));
    QCOMPARE(fov->text(), QString("39.6 deg"));
    QCOMPARE(panel.belt().fovX, sw::dataset::BeltSettings{}.fovX);

    auto* views = qobject_cast<QSpinBox*>(belt->editorFor("views"));
    QVERIFY(views);
    views->setFocus();
    views->selectAll();
    QTest::keyClicks(views, "99999");
    QTest::keyClick(views, Qt::Key_Return);
    QCOMPARE(panel.belt().trainViews, 5000);
    QCOMPARE(belt->fieldNote("views"), QString("99999 is above the largest allowed value, 5000: set to 5000."));
}

// Project version 2 holds every stage's settings: the Training, Bake and Effects panels' values
// set to non-defaults are saved with the project and restored when it reopens.
void TestEditorDataset::stageSettingsRoundTripThroughTheProject() {
    MainWindow window;
    window.show();
    QVERIFY(QTest::qWaitForWindowExposed(&window));
    QVERIFY(sw::test::openDemo(window));
    sw::widgets::ParamPanel* bake = window.bakeController()->panels().settings;
    sw::ParamSet bakeParams = bake->params();
    QVERIFY(bakeParams.set("ao-rays", std::int64_t(17)));
    bake->setParams(bakeParams);
    sw::widgets::ParamPanel* timeline = window.findChild<sw::widgets::EffectsPanel*>()->timelinePanel();
    sw::ParamSet timelineParams = timeline->params();
    QVERIFY(timelineParams.set("loop-seconds", 7.5));
    timeline->setParams(timelineParams);
#ifdef SW_HAVE_TRAIN
    sw::train::TrainSettings training = window.trainingDock()->panel()->settings();
    training.budget = 3210;
    training.steps = 4321;
    window.trainingDock()->panel()->setSettings(training);
#endif
    // The Destruction dock: a railgun tuned for this model and a simulation setting.
    auto* destruct = window.findChild<sw::widgets::DestructPanel*>();
    QVERIFY(destruct != nullptr);
    destruct->selectProfile("railgun");
    auto* damage = qobject_cast<QDoubleSpinBox*>(destruct->profilePanel()->editorFor("damage"));
    QVERIFY(damage != nullptr);
    damage->setValue(55.0);
    auto* copies = qobject_cast<QSpinBox*>(destruct->settingsPanel()->editorFor("chunk-copies"));
    QVERIFY(copies != nullptr);
    copies->setValue(6);
    const QString path = outputDir("stages") + "/drone.splatproj";
    QVERIFY(window.saveProject(path));
    auto saved = sw::project::loadProject(path.toStdString());
    QVERIFY2(saved.ok(), saved ? "" : saved.error().toString().c_str());
    QCOMPARE(sw::bake::bakeSchema().toParams(saved->bake).get("ao-rays"), sw::ParamValue(std::int64_t(17)));
    QCOMPARE(double(saved->effectTimeline.loopSeconds), 7.5);
    QCOMPARE(int(saved->weapons.size()), 1);
    QCOMPARE(saved->weapons[0].name, std::string("railgun"));
    QCOMPARE(double(saved->weapons[0].damage), 55.0);
    QCOMPARE(saved->destruction.chunkCopies, 6);
#ifdef SW_HAVE_TRAIN
    auto savedTraining = sw::pipeline::trainingSettings(*saved);
    QVERIFY(savedTraining.ok());
    QCOMPARE(savedTraining->budget, 3210);
    QCOMPARE(savedTraining->steps, 4321);
#endif

    MainWindow reopened;
    reopened.show();
    QSignalSpy shown(&reopened, &MainWindow::modelShown);
    QVERIFY(reopened.openProject(path));
    QTRY_COMPARE_WITH_TIMEOUT(shown.count(), 1, 60000);
    QCOMPARE(reopened.bakeController()->panels().settings->params().get("ao-rays"), sw::ParamValue(std::int64_t(17)));
    QCOMPARE(reopened.findChild<sw::widgets::EffectsPanel*>()->timelinePanel()->params().get("loop-seconds"),
             sw::ParamValue(7.5));
    auto* reopenedDestruct = reopened.findChild<sw::widgets::DestructPanel*>();
    QCOMPARE(int(reopenedDestruct->weapons().size()), 1);
    reopenedDestruct->selectProfile("railgun");  // this model's railgun, not the built-in
    QCOMPARE(double(reopenedDestruct->profile().damage), 55.0);
    QCOMPARE(reopenedDestruct->simSettings().chunkCopies, 6);
#ifdef SW_HAVE_TRAIN
    QCOMPARE(reopened.trainingDock()->panel()->settings().budget, 3210);
    QCOMPARE(reopened.trainingDock()->panel()->settings().steps, 4321);
#endif
}

void TestEditorDataset::pickedComponentMovesToAnotherPartAndRoundTrips() {
    MainWindow window;
    window.resize(1000, 700);
    window.show();
    QVERIFY(QTest::qWaitForWindowExposed(&window));
    QVERIFY(sw::test::openDemo(window));
    window.showWorkspace("parts");
    sw::widgets::PartsPanel* parts = window.partsPanel();
    const sw::geometry::Mesh before = window.document()->model()->mesh;
    const auto comp = parts->components().faceComponent;

    QPoint where;
    const int face = visibleFace(window, where);
    QVERIFY(face >= 0);
    QTest::mouseClick(window.viewport(), Qt::LeftButton, {}, where);
    const int component = comp[std::size_t(face)];
    QCOMPARE(parts->selectedComponent(), component);

    // A new part, then assign the picked component to it.
    const int oldParts = parts->partCount();
    window.findChild<QPushButton*>("addPart")->click();
    QCOMPARE(parts->partCount(), oldParts + 1);
    const int target = oldParts;
    QCOMPARE(parts->currentPart(), target);
    window.findChild<QPushButton*>("assignPart")->click();
    const sw::geometry::Mesh& after = window.document()->model()->mesh;
    int moved = 0;
    for (std::size_t f = 0; f < comp.size(); ++f) {
        if (comp[f] == component) {
            QCOMPARE(after.facePart[f], target);
            ++moved;
        } else {
            QCOMPARE(after.facePart[f], before.facePart[f]);
        }
    }
    QVERIFY(moved > 0);
    QCOMPARE(parts->facesInPart(target), moved);
    QCOMPARE(int(after.partNames.size()), oldParts + 1);

    window.datasetPanel()->hsvTable()->spinBox(0, 0)->setValue(25.0);
    const QString path = outputDir("project") + "/drone.splatproj";
    QVERIFY(window.saveProject(path));
    QCOMPARE(window.document()->projectPath(), QFileInfo(path).absoluteFilePath());
    auto saved = sw::project::loadProject(path.toStdString());
    QVERIFY(saved.ok());
    QCOMPARE(saved->partOverrides.size(), std::size_t(1));
    QCOMPARE(saved->partOverrides[0].component, component);
    QCOMPARE(saved->partOverrides[0].part, target);

    MainWindow reopened;
    reopened.show();
    QSignalSpy shown(&reopened, &MainWindow::modelShown);
    QVERIFY(reopened.openProject(path));
    QTRY_COMPARE_WITH_TIMEOUT(shown.count(), 1, 60000);
    QCOMPARE(reopened.document()->model()->mesh.facePart, after.facePart);
    QCOMPARE(reopened.document()->model()->mesh.partNames, after.partNames);
    QCOMPARE(reopened.partsPanel()->facesInPart(target), moved);
    QCOMPARE(reopened.datasetPanel()->materialHsv().at(0).hueShift, 25.f);
    QCOMPARE(reopened.document()->projectPath(), QFileInfo(path).absoluteFilePath());
}

void TestEditorDataset::badProjectShowsAnError() {
    MainWindow window;
    window.show();
    const QString path = outputDir("bad") + "/broken.splatproj";
    QFile f(path);
    QVERIFY(f.open(QIODevice::WriteOnly));
    f.write("{\"format\": \"splatwright-project\", \"version\": 1}");
    f.close();
    QVERIFY(!window.openProject(path));
    QMessageBox* box = nullptr;
    for (QMessageBox* b : window.findChildren<QMessageBox*>("errorBox"))
        if (b->isVisible()) box = b;
    QVERIFY(box);
    QVERIFY2(box->text().contains("broken.splatproj") && box->text().contains("model.path"), qPrintable(box->text()));
    QVERIFY(window.document()->project() == nullptr);
}

QTEST_MAIN(TestEditorDataset)
#include "tst_editor_dataset.moc"
