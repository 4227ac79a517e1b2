// The editor's jobs are the project's: a model opened with no project renders its dataset and
// trains into a scratch cache; Save Project brings that run (dataset, checkpoint, cloud, loss
// history) into <name>.cache beside the project file, with the stage stamps the CLI writes, so
// that `splatwright-cli all <project>` (pipeline::runAll) renders and trains nothing again, and
// reopening the project brings the trained cloud and its loss chart back. Export to the
// project's export folder stamps it too.
#include <QDir>
#include <QFile>
#include <QFileInfo>
#include <QRegularExpression>
#include <QSignalSpy>
#include <QtTest>

#include "app/editor/bake_controller.h"
#include "app/editor/demo_asset.h"
#include "app/editor/editor_document.h"
#include "app/editor/main_window.h"
#include "app/editor/training_dock.h"
#include "core/pipeline/batch.h"
#include "core/pipeline/layout.h"
#include "core/pipeline/run_all.h"
#include "core/project/project.h"
#include "core/splat/splat_cloud.h"
#include "tests/widgets/editor_test_support.h"
#include "widgets/dataset_panel.h"
#include "widgets/log_dock.h"
#include "widgets/loss_chart.h"
#include "widgets/training_panel.h"

using sw::editor::MainWindow;
using sw::editor::TrainingDock;
using sw::pipeline::Stage;
using sw::pipeline::StageStatus;

namespace {

QString outputDir(const QString& name) {
    const QString dir = QStringLiteral(SW_TEST_OUTPUT_DIR "/tst_editor_project_cache/") + name;
    QDir(dir).removeRecursively();
    QDir().mkpath(dir);
    return dir;
}

// A small, fast stage setup: 6 + 1 views at 64 px, flat light; 60 steps of 300 splats.
void smallStages(MainWindow& window) {
    sw::widgets::DatasetPanel* datasetPanel = window.datasetPanel();
    sw::dataset::BeltSettings belt = datasetPanel->belt();
    belt.trainViews = 6;
    belt.valViews = 1;
    belt.testViewsPerRing = 0;
    datasetPanel->setBelt(belt);
    sw::dataset::DatasetSettings settings = datasetPanel->settings();
    settings.resolution = 64;
    settings.recipe = sw::dataset::Recipe::Flat;
    datasetPanel->setSettings(settings);
    sw::train::TrainSettings s = window.trainingDock()->panel()->settings();
    s.budget = 300;
    s.steps = 60;
    s.resolution = 64;
    s.seed = 3;
    s.evalEvery = 20;
    s.checkpointEvery = 20;
    s.refineStart = 20;
    s.refineEvery = 20;
    s.refineStopBeforeEnd = 20;
    window.trainingDock()->panel()->setSettings(s);
}

StageStatus statusOf(const QString& projectPath, Stage stage) {
    auto project = sw::project::loadProject(projectPath.toStdString());
    return project ? sw::pipeline::stageStatus(*project, stage) : StageStatus::Missing;
}

}  // namespace

class TestEditorProjectCache : public QObject {
    Q_OBJECT
private slots:
    void initTestCase() { sw::test::isolateEditorSettings("tst_editor_project_cache"); }
    void savingAfterTrainingBringsTheRunAndIsUpToDateForTheCli();
};

void TestEditorProjectCache::savingAfterTrainingBringsTheRunAndIsUpToDateForTheCli() {
    const QString root = outputDir("saved");
    auto demo = sw::editor::extractDemoAsset();
    QVERIFY(demo.ok());
    const QString model = root + "/drone.glb";  // a model file of its own: a fresh scratch cache
    QVERIFY(QFile::copy(*demo, model));

    MainWindow window;
    window.show();
    QSignalSpy shown(&window, &MainWindow::modelShown);
    window.openModel(model);
    QVERIFY(QTest::qWaitFor([&] { return shown.count() == 1; }, 60000) && window.document()->model());
    smallStages(window);
    const QString scratch = window.document()->cacheFolder();
    QVERIFY2(scratch.contains("/unsaved/drone-"), qPrintable(scratch));

    // Start renders the project's dataset first, then trains: both in the scratch cache, stamped.
    TrainingDock* dock = window.trainingDock();
    QSignalSpy trained(dock, &TrainingDock::trained);
    QSignalSpy failed(dock, &TrainingDock::failed);
    QVERIFY(dock->start(false));
    QVERIFY(QTest::qWaitFor([&] { return trained.count() + failed.count() > 0; }, 240000));
    QVERIFY2(failed.isEmpty(), failed.isEmpty() ? "" : qPrintable(failed.first().first().toString()));
    QCOMPARE(dock->runFolder(), scratch + "/training");
    QVERIFY(QFile::exists(scratch + "/training/cloud.ply"));
    QVERIFY(QFile::exists(scratch + "/dataset.stamp.json"));
    QVERIFY(QFile::exists(scratch + "/training.stamp.json"));
    // The Log shows the whole job so far, stage by stage (the figures of `batch --timings`).
    auto* log = window.findChild<sw::widgets::LogDock*>();
    QVERIFY(log);
    const QRegularExpression wholeJob(QStringLiteral("Whole job: import [0-9.]+ s · dataset [0-9.]+ s · training [0-9.]+ s = [0-9.]+ s"));
    QVERIFY(QTest::qWaitFor([&] { return !log->visibleMessages().filter(wholeJob).isEmpty(); }, 5000));
    const auto& times = window.document()->stageTimes();
    QVERIFY(times.seconds(sw::editor::StageTimes::Training) > 0 && times.seconds(sw::editor::StageTimes::Dataset) > 0);
    QVERIFY(times.seconds(sw::editor::StageTimes::Bake) < 0);  // not run yet
    const std::size_t splats = window.document()->cloud()->size();
    const auto loss = dock->panel()->chart()->lossPoints();
    QVERIFY(!loss.isEmpty());

    // Save Project as a new file: the run comes into <name>.cache; the document follows it.
    const QString projectPath = root + "/drone.splatproj", cache = root + "/drone.cache";
    QVERIFY(window.saveProject(projectPath));
    QVERIFY(!QFileInfo::exists(scratch));
    QVERIFY(QFile::exists(cache + "/training/cloud.ply"));
    QVERIFY(QFile::exists(cache + "/training/checkpoint/checkpoint.json"));
    QCOMPARE(window.document()->cloudSource(), cache + "/training/cloud.ply");
    QCOMPARE(window.document()->datasetFolder(), cache + "/dataset");
    QCOMPARE(dock->runFolder(), cache + "/training");

    // Up to date for the CLI: `all <project>` renders and trains nothing.
    QCOMPARE(statusOf(projectPath, Stage::Dataset), StageStatus::UpToDate);
    QCOMPARE(statusOf(projectPath, Stage::Training), StageStatus::UpToDate);
    auto project = sw::project::loadProject(projectPath.toStdString());
    QVERIFY(project.ok());
    sw::pipeline::AllRequest all;
    all.project = *project;
    all.outDir = (root + "/export-cli").toStdString();
    auto done = sw::pipeline::runAll(all);
    QVERIFY2(done.ok(), done.ok() ? "" : done.error().toString().c_str());
    QVERIFY(!done->dataset.has_value());
    QVERIFY(!done->training.has_value());

    // A batch over the project (its own settings) renders and trains nothing: it exports the
    // project's trained cloud; a budget of its own is a job like any other.
    sw::pipeline::BatchAsset asset;
    asset.input = projectPath.toStdString();
    const auto jobs = sw::pipeline::planBatch({asset}, (root + "/library").toStdString());
    QCOMPARE(int(jobs.size()), 1);
    QVERIFY(jobs.front().ownRun);
    QCOMPARE(QString::fromStdString(jobs.front().project.cacheFolder), cache);
    sw::pipeline::BatchRequest batch;
    batch.jobs = jobs;
    batch.outDir = (root + "/library").toStdString();
    QStringList stages;
    batch.onEvent = [&](const sw::pipeline::BatchEvent& e) { stages << QString::fromStdString(e.stage); };
    auto summary = sw::pipeline::runBatch(batch);
    QVERIFY2(summary.ok(), summary.ok() ? "" : summary.error().toString().c_str());
    QVERIFY2(summary->rows.front().status == "done", summary->rows.front().error.c_str());
    QVERIFY2(!stages.contains("dataset") && !stages.contains("training"), qPrintable(stages.join(',')));
    QVERIFY(QFile::exists(root + "/library/drone/drone.bin"));
    QVERIFY(QFile::exists(cache + "/training/cloud.ply"));  // the project's run, untouched
    asset.budgets = {200};
    const auto budgeted = sw::pipeline::planBatch({asset}, (root + "/library").toStdString());
    QCOMPARE(int(budgeted.size()), 1);  // drone-b200 only
    QVERIFY(!budgeted.back().ownRun);
    QVERIFY(!QString::fromStdString(budgeted.back().project.cacheFolder).startsWith(cache));

    // Export into the project's export folder: stamped as the CLI's export stamps it.
    QSignalSpy exported(window.bakeController(), &sw::editor::BakeController::exportFinished);
    QVERIFY(window.bakeController()->exportTo(root + "/export"));
    QVERIFY(QTest::qWaitFor([&] { return exported.count() > 0; }, 120000));
    QVERIFY(exported.first().first().toBool());
    QCOMPARE(statusOf(projectPath, Stage::Export), StageStatus::UpToDate);

    // Reopened, the project brings its trained cloud and loss chart back.
    MainWindow reopened;
    reopened.show();
    QVERIFY(reopened.openProject(projectPath));
    QVERIFY(QTest::qWaitFor([&] { return reopened.document()->cloud() != nullptr; }, 60000));
    QCOMPARE(reopened.document()->cloud()->size(), splats);
    QCOMPARE(reopened.document()->cloudSource(), cache + "/training/cloud.ply");
    QVERIFY(QTest::qWaitFor([&] { return !reopened.trainingDock()->panel()->chart()->lossPoints().isEmpty(); }, 10000));
    QCOMPARE(reopened.trainingDock()->panel()->chart()->lossPoints(), loss);
}

QTEST_MAIN(TestEditorProjectCache)
#include "tst_editor_project_cache.moc"
