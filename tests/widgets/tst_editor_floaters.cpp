// The Floater inspector's issue-16 fixes (item 6), one test per point, on the demo drone's
// cloud with a planted cluster of floaters: after a bake without a scan the inspector lists
// what the bake removed; Re-run keeps the baked model in the viewport; splat IDs survive a
// delete; the Delete key deletes the selected rows; Select-all + Delete leaves kept splats;
// the selected floater is drawn in the selection highlight and Frame moves the camera to it.
// Also the undo round trips of the cloud edits (delete, crop, keep, hide): bit-identical. A
// delete on the baked model keeps the baked model in the view without those splats, bakes
// again, and Export ships the edit; the trained cloud.ply on disk never changes.
#include <QAction>
#include <QCryptographicHash>
#include <QDir>
#include <QFile>
#include <QLabel>
#include <QMessageBox>
#include <QPushButton>
#include <QTableWidget>
#include <QTranslator>
#include <QtTest>
#include <limits>

#include "app/editor/autosave.h"
#include "app/editor/bake_controller.h"
#include "app/editor/editor_document.h"
#include "app/editor/job_runner.h"
#include "app/editor/main_window.h"
#include "core/splat/selection.h"
#include "tests/widgets/bake_test_fixture.h"
#include "tests/widgets/image_counts.h"
#include "widgets/floater_panel.h"
#include "widgets/viewport.h"

using namespace sw::test::bakefx;
using sw::widgets::FloaterPanel;

namespace {

FloaterPanel* floaters(MainWindow& w) { return w.findChild<FloaterPanel*>("floaterPanel"); }
QTableWidget* table(MainWindow& w) { return w.findChild<QTableWidget*>("floaterTable"); }

int rowOfId(FloaterPanel* p, int id) {
    for (int r = 0; r < p->rowCount(); ++r)
        if (p->rowId(r) == QString::number(id)) return r;
    return -1;
}

using sw::test::magentaPixels;

// Opens the demo and the cloud as a training run would deliver it: no scan.
bool openCloudWithoutScan(MainWindow& window, const QString& dir) {
    if (!sw::test::openDemo(window)) return false;
    const QString path = writeCloud(window, dir);
    auto cloud = sw::formats::readSplatCloud(path.toStdString());
    if (!cloud) return false;
    window.document()->setCloud(std::make_shared<const sw::splat::SplatCloud>(std::move(*cloud)), QStringLiteral("training"));
    return true;
}

}  // namespace

class TestEditorFloaters : public QObject {
    Q_OBJECT
private slots:
    void initTestCase() { sw::test::isolateEditorSettings("tst_editor_floaters"); }
    void deleteOnTheBakedModelRebakesAndLeavesTheTrainedFile();
    void afterABakeTheInspectorListsWhatItRemoved();
    void countsAddUp();
    void rerunKeepsTheBakedModelInTheView();
    void idsSurviveADelete();
    void deleteKeyDeletesTheSelectedRows();
    void selectAllDeleteLeavesKeptSplats();
    void selectedFloaterIsHighlightedAndFramed();
    void cloudEditsUndoBitIdentically();
    void aCloudOfElsewhereIsNotJudgedAgainstTheModel();
};

void TestEditorFloaters::afterABakeTheInspectorListsWhatItRemoved() {
    MainWindow window;
    window.show();
    QVERIFY(openCloudWithoutScan(window, outputDir("fl-removed")));
    QVERIFY(floaters(window)->countsText().contains(QStringLiteral("Re-run")));  // no scan yet
    QCOMPARE(floaters(window)->rowCount(), 0);
    QVERIFY(bakeAndWait(window.bakeController()));
    const auto baked = window.bakeController()->bakedModel();
    const int removed = baked->report.floaters.removed;
    QVERIFY(removed >= kPlanted);
    QCOMPARE(floaters(window)->rowCount(), removed);  // one row per removed floater
    QVERIFY2(floaters(window)->countsText().contains(QStringLiteral("bake removed %1").arg(removed)),
             qPrintable(floaters(window)->countsText()));
    for (int i : plantedIndices()) QVERIFY(rowOfId(floaters(window), i) >= 0);
    // Its rows are splats the bake left out.
    for (int r = 0; r < floaters(window)->rowCount(); ++r)
        QVERIFY(std::find(baked->source.begin(), baked->source.end(), floaters(window)->rowSplat(r)) == baked->source.end());
    // Each row says how far its splat was from the surface (the bake measured it), not "—".
    auto* table = window.findChild<QTableWidget*>("floaterTable");
    for (int r = 0; r < table->rowCount(); ++r) {
        bool number = false;
        const double distance = table->item(r, 2)->text().toDouble(&number);
        QVERIFY2(number && distance >= 0, qPrintable(table->item(r, 2)->text()));
    }
    // Frame on a removed floater goes to where it was instead of "not in the view".
    QSignalSpy status(window.bakeController(), &sw::editor::BakeController::statusMessage);
    sw::widgets::Viewport* view = window.viewport();
    const int planted = plantedIndices().front();
    const Eigen::Vector3f p = window.document()->cloud()->positions[std::size_t(planted)];
    const QPointF centre(view->width() / 2.0, view->height() / 2.0);
    const double before = QLineF(view->projectToWidget(p), centre).length();
    floaters(window)->selectSplats({planted});
    window.findChild<QPushButton*>("floaterFrame")->click();
    QCOMPARE(status.count(), 1);
    QVERIFY2(!status.first().first().toString().contains("not in the view"), qPrintable(status.first().first().toString()));
    QVERIFY(before > 20.0);
    QVERIFY(QLineF(view->projectToWidget(p), centre).length() < 2.0);
}

// The inspector's counts add up (34 removed were once listed as 35 far + 5 detached, 1 kept):
// flagged + kept = the rows, and the signs' parts = flagged, each splat under its first sign.
void TestEditorFloaters::countsAddUp() {
    sw::bake::FloaterResult f;
    const int n = 41;
    for (auto* flags : {&f.far, &f.detached, &f.silhouette, &f.dataset, &f.removed}) flags->assign(n, 0);
    for (int i = 0; i < 35; ++i) f.far[std::size_t(i)] = 1;         // 35 far, of which
    for (int i = 31; i < 36; ++i) f.detached[std::size_t(i)] = 1;   // 4 also detached, 1 detached only
    f.silhouette[36] = f.far[36] = 1;
    f.dataset[37] = 1;
    std::vector<std::uint8_t> keep(n, 0);
    keep[0] = 1;  // far, kept
    f.report.datasetSkipped = false;
    const FloaterPanel::Counts c = FloaterPanel::countRows(f, keep);
    QCOMPARE(c.listed, 38);
    QCOMPARE(c.kept, 1);
    QCOMPARE(c.flagged + c.kept, c.listed);
    QCOMPARE(c.report.far + c.report.detached + c.report.silhouette + c.report.dataset, c.flagged);
    QCOMPARE(c.report.far, 35);  // 0 kept, 36 far as well
    QCOMPARE(c.report.detached, 1);
    QCOMPARE(c.report.dataset, 1);

    QTranslator english;  // the plural forms
    QVERIFY(english.load(":/i18n/splatwright_en.qm"));
    QCoreApplication::installTranslator(&english);
    FloaterPanel panel;
    panel.setScan(f, {}, keep);
    QCoreApplication::removeTranslator(&english);
    QCOMPARE(panel.rowCount(), c.listed);
    QCOMPARE(panel.countsText(), QString("37 splats flagged as floaters (35 far from the surface, 1 detached from the body, "
                                         "1 over background in the dataset's views); 1 kept (marked Keep)."));

    // In Russian after a live switch: the summary, the sign names and the decimal comma.
    const float distances[] = {0.125f};
    std::vector<float> distance(n, std::numeric_limits<float>::quiet_NaN());
    distance[1] = distances[0];
    panel.setScan(f, distance, keep);
    QTranslator russian;
    QVERIFY(russian.load(":/i18n/splatwright_ru.qm"));
    QCoreApplication::installTranslator(&russian);
    const QLocale before = QLocale();
    QLocale::setDefault(QLocale(QLocale::Russian));
    panel.setLocale(QLocale(QLocale::Russian));
    QCoreApplication::processEvents();
    const QString text = panel.countsText();
    auto* table = panel.findChild<QTableWidget*>("floaterTable");
    const QString signs = table->item(1, 1)->text(), shownDistance = table->item(1, 2)->text();
    QCoreApplication::removeTranslator(&russian);
    QLocale::setDefault(before);
    QVERIFY2(text.startsWith(QString::fromUtf8("37 сплатов")), qPrintable(text));
    QCOMPARE(signs, QString::fromUtf8("далеко"));
    QCOMPARE(shownDistance, QString("0,1250"));
}

void TestEditorFloaters::rerunKeepsTheBakedModelInTheView() {
    MainWindow window;
    window.show();
    QVERIFY(openCloudAndScan(window, outputDir("fl-rerun")));
    BakeController* bake = window.bakeController();
    QVERIFY(bakeAndWait(bake));
    const auto shown = window.viewport()->splatModel();
    QCOMPARE(shown, window.document()->spl2());
    QSignalSpy scanned(bake, &BakeController::floatersScanned);
    // What could replace the view's model: a direct setSplatModel, a cloud preview (built on a
    // thread after the document's cloud or baked model changes) or a re-bake (a job).
    QSignalSpy modelSet(window.viewport(), &sw::widgets::Viewport::splatModelChanged);
    QSignalSpy clouds(window.document(), &sw::editor::EditorDocument::cloudChanged);
    QSignalSpy bakes(window.document(), &sw::editor::EditorDocument::spl2Changed);
    QSignalSpy jobs(bake->runner(), &sw::editor::JobRunner::started);
    window.findChild<QPushButton*>("floaterRerun")->click();
    QVERIFY(QTest::qWaitFor([&] { return scanned.count() == 1; }, 120000));
    QCoreApplication::processEvents();  // what the scan's end queued (a re-bake) has started now
    QCOMPARE(jobs.count(), 1);          // the scan only
    QCOMPARE(clouds.count(), 0);
    QCOMPARE(bakes.count(), 0);
    QCOMPARE(modelSet.count(), 0);
    QCOMPARE(window.viewport()->splatModel(), shown);  // still the bake, not the raw cloud
    QVERIFY(floaters(window)->rowCount() >= kPlanted);
}

void TestEditorFloaters::idsSurviveADelete() {
    MainWindow window;
    window.show();
    QVERIFY(openCloudAndScan(window, outputDir("fl-ids")));
    FloaterPanel* panel = floaters(window);
    const int firstPlanted = kSurface;  // cloud index = ID before any delete
    QCOMPARE(panel->rowSplat(rowOfId(panel, firstPlanted)), firstPlanted);
    // Delete a surface splat listed before the planted ones (or, if none, splat 0 directly).
    int victim = 0;
    for (int r = 0; r < panel->rowCount(); ++r)
        if (panel->rowSplat(r) < kSurface) { victim = panel->rowSplat(r); break; }
    window.bakeController()->deleteSplats({victim});
    QCOMPARE(window.document()->cloud()->size(), std::size_t(kSurface + kPlanted - 1));
    for (int k = 0; k < kPlanted; ++k) {
        const int row = rowOfId(panel, kSurface + k);  // the same IDs are listed…
        QVERIFY(row >= 0);
        QCOMPARE(panel->rowSplat(row), kSurface + k - 1);  // …though their cloud index moved down
    }
    QCOMPARE(rowOfId(panel, victim), -1);
    QCOMPARE(int(window.bakeController()->splatIds()[std::size_t(kSurface - 1)]), kSurface);
    // The Edit menu names what Undo undoes, with its count.
    window.bakeController()->deleteSplats({0, 1, 2, 3, 4, 5, 6});
    QAction* undo = window.findChild<QAction*>("actionUndo");
    QVERIFY(undo);
    QVERIFY2(undo->text().contains(QStringLiteral("Delete 7 splat")), qPrintable(undo->text()));
}

void TestEditorFloaters::deleteKeyDeletesTheSelectedRows() {
    MainWindow window;
    window.show();
    QVERIFY(openCloudAndScan(window, outputDir("fl-key")));
    FloaterPanel* panel = floaters(window);
    panel->selectSplats(plantedIndices());
    table(window)->setFocus();
    QTest::keyClick(table(window), Qt::Key_Delete);
    QCOMPARE(window.document()->cloud()->size(), std::size_t(kSurface));
    for (int k = 0; k < kPlanted; ++k) QCOMPARE(rowOfId(panel, kSurface + k), -1);
    // The viewport's Delete key deletes its selection too (the first 5 splats of the view).
    sw::widgets::Viewport* view = window.viewport();
    QVERIFY(QTest::qWaitFor([&] { return view->splatCount() == std::size_t(kSurface); }, 20000));
    std::vector<std::uint8_t> mask(view->splatCentres().size(), 0);
    for (int i = 0; i < 5; ++i) mask[std::size_t(i)] = 1;
    QVERIFY(view->setSelection(mask));
    view->setFocus();
    QTest::keyClick(view, Qt::Key_Delete);
    QCOMPARE(window.document()->cloud()->size(), std::size_t(kSurface - 5));
}

void TestEditorFloaters::selectAllDeleteLeavesKeptSplats() {
    MainWindow window;
    window.show();
    QVERIFY(openCloudAndScan(window, outputDir("fl-keep")));
    FloaterPanel* panel = floaters(window);
    const std::vector<int> kept = {kSurface, kSurface + 2, kSurface + 4, kSurface + 6};  // half the planted ones
    panel->selectSplats(kept);
    window.findChild<QPushButton*>("floaterKeep")->click();
    const int rows = panel->rowCount();
    QVERIFY(rows >= kPlanted);
    table(window)->setFocus();
    table(window)->selectAll();
    QTest::keyClick(table(window), Qt::Key_Delete);
    QCOMPARE(window.document()->cloud()->size(), std::size_t(kSurface + kPlanted - (rows - 4)));
    QCOMPARE(countOnes(window.bakeController()->keepList()), 4);
    for (int id : kept) QVERIFY(rowOfId(panel, id) >= 0);             // still listed, still kept
    for (int id : {kSurface + 1, kSurface + 3}) QCOMPARE(rowOfId(panel, id), -1);  // the others went
    // Only kept rows left: neither the key nor the button deletes anything.
    table(window)->selectAll();
    window.findChild<QPushButton*>("floaterDelete")->click();
    QTest::keyClick(table(window), Qt::Key_Delete);
    QCOMPARE(window.document()->cloud()->size(), std::size_t(kSurface + kPlanted - (rows - 4)));
}

void TestEditorFloaters::selectedFloaterIsHighlightedAndFramed() {
    MainWindow window;
    window.show();
    QVERIFY(openCloudAndScan(window, outputDir("fl-frame")));
    sw::widgets::Viewport* view = window.viewport();
    QCOMPARE(magentaPixels(view->grabFramebuffer()), 0L);
    const int planted = kSurface + 3;
    floaters(window)->selectSplats({planted});
    QCOMPARE(view->selectedCount(), std::size_t(1));
    QVERIFY(magentaPixels(view->grabFramebuffer()) > 10);  // magenta: not the overlay's red nor a palette colour
    const Eigen::Vector3f p = window.document()->cloud()->positions[std::size_t(planted)];
    const QPointF centre(view->width() / 2.0, view->height() / 2.0);
    const double before = QLineF(view->projectToWidget(p), centre).length();
    window.findChild<QPushButton*>("floaterFrame")->click();
    QVERIFY(before > 20.0);
    QVERIFY(QLineF(view->projectToWidget(p), centre).length() < 2.0);
}

void TestEditorFloaters::cloudEditsUndoBitIdentically() {
    MainWindow window;
    window.show();
    QVERIFY(openCloudAndScan(window, outputDir("fl-undo")));
    BakeController* bake = window.bakeController();
    QAction* undo = window.findChild<QAction*>("actionUndo");
    QAction* redo = window.findChild<QAction*>("actionRedo");
    const auto original = window.document()->cloud();
    const sw::splat::SplatCloud copy = *original;
    const auto far = bake->floaterScan()->floaters.far;
    const auto ids = bake->splatIds();

    bake->deleteSplats({5, 17, kSurface + 2, 900});
    QCOMPARE(window.document()->cloud()->size(), copy.size() - 4);
    bake->cropSplats(Eigen::Vector3f::Constant(-0.4f), Eigen::Vector3f::Constant(0.4f));
    const std::size_t cropped = window.document()->cloud()->size();
    QVERIFY(cropped < copy.size() - 4);
    for (const Eigen::Vector3f& q : window.document()->cloud()->positions) QVERIFY(q.cwiseAbs().maxCoeff() <= 0.4f);
    bake->keepSplats({0, 1});
    QCOMPARE(countOnes(bake->keepList()), 2);
    bake->hideSplats({2, 3, 4}, true);
    QCOMPARE(countOnes(bake->hiddenMask()), 3);
    bake->hideSplats({3}, false);
    QCOMPARE(countOnes(bake->hiddenMask()), 2);

    for (int k = 0; k < 5; ++k) undo->trigger();
    QVERIFY(sameCloud(*window.document()->cloud(), copy));
    QCOMPARE(bake->floaterScan()->floaters.far, far);
    QCOMPARE(bake->splatIds(), ids);
    QCOMPARE(countOnes(bake->keepList()), 0);
    QCOMPARE(countOnes(bake->hiddenMask()), 0);
    for (int k = 0; k < 5; ++k) redo->trigger();
    QCOMPARE(window.document()->cloud()->size(), cropped);
    QCOMPARE(countOnes(bake->hiddenMask()), 2);
    for (int k = 0; k < 5; ++k) undo->trigger();
    QVERIFY(sameCloud(*window.document()->cloud(), copy));
}

// What an artist expects of a delete on the baked model (docs/editor.md): the baked model
// stays in the view with the deleted splats gone at once (hidden until the re-bake lands, no
// swap to the raw cloud), the bake runs again by itself, Export writes the edited bake, undo
// bakes the splats back; the trained cloud.ply is never written.
void TestEditorFloaters::deleteOnTheBakedModelRebakesAndLeavesTheTrainedFile() {
    const QString dir = outputDir("fl-baked-delete");
    MainWindow window;
    window.show();
    QVERIFY(sw::test::openDemo(window));
    QVERIFY(window.saveProject(dir + "/drone.splatproj"));
    const QString trained = window.document()->cacheFolder() + "/training/cloud.ply";
    QVERIFY(QDir().mkpath(window.document()->cacheFolder() + "/training"));
    QVERIFY(QFile::copy(writeCloud(window, dir), trained));
    const auto digest = [&] {
        QFile f(trained);
        return f.open(QIODevice::ReadOnly) ? QCryptographicHash::hash(f.readAll(), QCryptographicHash::Sha256) : QByteArray();
    };
    const QByteArray before = digest();
    QVERIFY(!before.isEmpty());
    BakeController* bake = window.bakeController();
    QSignalSpy scanned(bake, &BakeController::floatersScanned);
    QVERIFY(bake->openSplatFile(trained));
    QVERIFY(QTest::qWaitFor([&] { return scanned.count() == 1; }, 120000));
    QVERIFY(bakeAndWait(bake));
    const auto first = bake->bakedModel();
    sw::widgets::Viewport* view = window.viewport();
    QCOMPARE(view->splatModel().get(), &first->spl2);
    const std::size_t shown = view->splatCount();
    const std::size_t cloudSize = window.document()->cloud()->size();

    // Delete 40 splats of the baked model through the Selection dock.
    std::vector<std::uint8_t> mask(shown, 0);
    for (std::size_t k = 0; k < 40; ++k) mask[k * 7] = 1;
    QVERIFY(view->setSelection(mask));
    QSignalSpy rebaked(bake, &BakeController::bakeFinished);
    window.findChild<QPushButton*>("selectDelete")->click();
    QCOMPARE(window.document()->cloud()->size(), cloudSize - 40);
    QCOMPARE(view->splatModel().get(), &first->spl2);          // still the baked model, not the cloud
    QCOMPARE(sw::splat::maskCount(view->hidden()), std::size_t(40));  // the deleted ones are not drawn
    for (std::size_t k = 0; k < 40; ++k) QVERIFY(view->hidden()[k * 7]);
    QVERIFY(!bake->bakedModel());                              // out of date until the re-bake
    QVERIFY(QTest::qWaitFor([&] { return rebaked.count() >= 1 && bake->bakedModel(); }, 120000));
    QVERIFY(rebaked.last().first().toBool());
    const auto second = bake->bakedModel();
    QVERIFY(second != first);
    QCOMPARE(view->splatModel().get(), &second->spl2);
    QCOMPARE(view->splatCount(), shown - 40);
    QVERIFY(view->hidden().empty());
    QCOMPARE(digest(), before);

    // Export ships the edited bake; the trained file stays as it was.
    const QString out = dir + "/out";
    QSignalSpy exported(bake, &BakeController::exportFinished);
    QVERIFY(bake->exportTo(out));
    QVERIFY(QTest::qWaitFor([&] { return exported.count() == 1; }, 120000));
    QVERIFY2(exported.first().first().toBool(), qPrintable(exported.first().at(1).toString()));
    QCOMPARE(bake->bakedModel(), second);  // no bake of its own: the one shown
    QStringList plys = QDir(out).entryList({"*.ply"});
    QCOMPARE(plys.size(), 1);
    auto shipped = sw::formats::readSplatCloud((out + "/" + plys.first()).toStdString());
    QVERIFY(shipped.ok());
    QCOMPARE(shipped->size(), second->cloud.size());
    QCOMPARE(digest(), before);

    // Undo: the splats come back into the cloud and, after the re-bake, into the view.
    rebaked.clear();
    window.findChild<QAction*>("actionUndo")->trigger();
    QCOMPARE(window.document()->cloud()->size(), cloudSize);
    QCOMPARE(view->splatModel().get(), &second->spl2);
    QVERIFY(QTest::qWaitFor([&] { return rebaked.count() >= 1 && bake->bakedModel(); }, 120000));
    QCOMPARE(view->splatCount(), shown);
    QCOMPARE(digest(), before);
}

// A capture from another tool (here the drone's cloud 20 times larger and 6 units away: none of
// it within the model) is not scanned against the open model's mesh: the editor asks, and "Open on
// Its Own" closes the model (no mesh, no project, no autosave of it, the cloud's own title and
// framing); "Judge Against the Model" scans it as before. A cloud of the model is not asked about.
void TestEditorFloaters::aCloudOfElsewhereIsNotJudgedAgainstTheModel() {
    const QString dir = outputDir("foreign");
    MainWindow window;
    window.show();
    QVERIFY(sw::test::openDemo(window));
    const QString own = writeCloud(window, dir);
    auto cloud = sw::formats::readSplatCloud(own.toStdString());
    QVERIFY(cloud.ok());
    for (Eigen::Vector3f& p : cloud->positions) p = p * 20.f + Eigen::Vector3f(6.f, 0.f, 0.f);
    for (Eigen::Vector3f& s : cloud->scales) s *= 20.f;
    const QString foreign = dir + "/capture.ply";
    QVERIFY(sw::formats::writeSplatCloud(foreign.toStdString(), *cloud).ok());

    BakeController* bake = window.bakeController();
    QSignalSpy scanned(bake, &BakeController::floatersScanned);
    const auto question = [&]() -> QMessageBox* {
        for (QMessageBox* b : window.findChildren<QMessageBox*>("foreignCloud"))
            if (b->isVisible()) return b;
        return nullptr;
    };
    // Judged against the model when the artist says so.
    QVERIFY(bake->openSplatFile(foreign));
    QVERIFY(QTest::qWaitFor([&] { return question() != nullptr; }, 60000));
    QVERIFY(question()->text().contains("capture.ply"));
    QVERIFY(!window.document()->cloud());  // nothing is shown until the artist answers
    question()->button(QMessageBox::Apply)->click();
    QVERIFY(QTest::qWaitFor([&] { return scanned.count() == 1; }, 120000));
    QCOMPARE(window.document()->cloudSource(), foreign);
    QVERIFY(window.document()->model());

    // On its own: the model and its project close, no scan, the cloud's title.
    QVERIFY(bake->openSplatFile(foreign));
    QVERIFY(QTest::qWaitFor([&] { return question() != nullptr; }, 60000));
    question()->button(QMessageBox::Open)->click();
    QTRY_VERIFY(window.document()->cloud() != nullptr);
    QVERIFY(!window.document()->model());
    QVERIFY(!window.document()->project());
    QCOMPARE(window.document()->cloud()->size(), cloud->size());
    QCOMPARE(window.document()->cloudSource(), foreign);
    QVERIFY(window.windowTitle().contains("capture.ply"));
    QVERIFY(window.autosave()->recoveryPath().isEmpty());
    QCOMPARE(scanned.count(), 1);
    QVERIFY(!bake->floaterScan());  // no scan against a mesh

    // The model's own cloud asks nothing and is scanned.
    QVERIFY(sw::test::openDemo(window));
    QVERIFY(bake->openSplatFile(own));
    QVERIFY(QTest::qWaitFor([&] { return scanned.count() == 2; }, 120000));
    QVERIFY(!question());
    QCOMPARE(window.document()->cloudSource(), own);
}

QTEST_MAIN(TestEditorFloaters)
#include "tst_editor_floaters.moc"
