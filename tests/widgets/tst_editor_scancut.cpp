// Cutting an asset out of a scan in the editor (issue 36 item 5): with a generated LOD folder
// open, the Scan dock's Crop Box shows the crop box fitted to the scan's bounds; Extract to Cloud
// with the box moved over part of the scan opens exactly the scan's finest splats inside it as the
// splat cloud; Export Extract writes them to a file; an empty box and an output over the scan are
// one error line each, and the editor stays usable.
#include <QDir>
#include <QFile>
#include <QMessageBox>
#include <QPainter>
#include <QPushButton>
#include <QSettings>
#include <QSignalSpy>
#include <QTest>

#include "app/editor/editor_document.h"
#include "app/editor/job_runner.h"
#include "app/editor/main_window.h"
#include "app/editor/scan_controller.h"
#include "core/formats/cloud_io.h"
#include "core/lod/lod_folder.h"
#include "core/splat/selection.h"
#include "tests/core/tst_lod_fixtures.h"
#include "tests/widgets/editor_test_support.h"
#include "widgets/param_panel.h"
#include "widgets/scan_panel.h"
#include "widgets/viewport.h"

using sw::editor::MainWindow;
using sw::editor::ScanController;

namespace {

const QString kOut = QStringLiteral(SW_TEST_OUTPUT_DIR "/tst_editor_scancut");

// A 6 × 1.5 strip of 10k splats (seed 11) with SH bands of degree 1, in leaves of at most 512.
sw::splat::SplatCloud scene() { return sw::lod::test::withSh(sw::lod::test::stripScene(6.0f, 1.5f, 0.03f, 11), 1); }

QString writeFolder() {
    const QString folder = kOut + QStringLiteral("/strip-lod");
    QDir(folder).removeRecursively();
    QDir().mkpath(kOut);
    sw::lod::LodSettings s;
    s.leafSize = 512;
    s.levels = 4;
    auto tree = sw::lod::buildLodTree(scene(), s);
    if (!tree || !sw::lod::writeLodFolder(*tree, folder.toStdString())) return {};
    return folder;
}

bool openScan(MainWindow& window, const QString& path) {
    QSignalSpy opened(window.scanController(), &ScanController::scansChanged);
    return window.scanController()->open(path) && QTest::qWaitFor([&] { return opened.count() == 1; }, 60000);
}

// Pixels of the crop box's amber (255, 200, 0) and of the selection's magenta (255, 64, 200).
long amberPixels(const QImage& image) {
    long n = 0;
    for (int y = 0; y < image.height(); ++y)
        for (int x = 0; x < image.width(); ++x) {
            const QRgb c = image.pixel(x, y);
            n += qRed(c) > 220 && qGreen(c) > 160 && qGreen(c) < 230 && qBlue(c) < 60;
        }
    return n;
}
long magentaPixels(const QImage& image) {
    long n = 0;
    for (int y = 0; y < image.height(); ++y)
        for (int x = 0; x < image.width(); ++x) {
            const QRgb c = image.pixel(x, y);
            n += qRed(c) > 200 && qGreen(c) < 120 && qBlue(c) > 150;
        }
    return n;
}

// The window with the viewport's frame (its QPainter overlays included) painted in.
void saveWindow(MainWindow& window, const QString& path) {
    QImage shot = window.grab().toImage();
    QPainter painter(&shot);
    const QWidget* view = window.viewport();
    painter.drawImage(QRect(view->mapTo(&window, QPoint(0, 0)), view->size()), window.viewport()->grabFramebuffer());
    painter.end();
    shot.save(path);
}

}  // namespace

class TestEditorScanCut : public QObject {
    Q_OBJECT
private slots:
    void initTestCase() {
        sw::test::isolateEditorSettings("tst_editor_scancut");
        QDir(ScanController::extractsFolder()).removeRecursively();  // the cuts of earlier runs
    }
    void cropBoxExtractsToCloudAndExports();
};

void TestEditorScanCut::cropBoxExtractsToCloudAndExports() {
    const QString folder = writeFolder();
    QVERIFY(!folder.isEmpty());
    MainWindow window;
    window.show();
    QVERIFY(QTest::qWaitForWindowExposed(&window));
    auto* cropBox = window.findChild<QPushButton*>("scanCropBox");
    auto* extract = window.findChild<QPushButton*>("scanExtract");
    auto* exportExtract = window.findChild<QPushButton*>("scanExportExtract");
    QVERIFY(cropBox && extract && exportExtract);
    QVERIFY(!cropBox->isEnabled());  // no scan yet
    QVERIFY(!extract->isEnabled());
    QVERIFY(openScan(window, folder + "/lod.json"));
    QVERIFY(cropBox->isEnabled());
    QVERIFY(!extract->isEnabled());  // the box is not shown yet

    // The box shows fitted to the scan's bounds.
    cropBox->click();
    sw::widgets::Viewport* view = window.viewport();
    QVERIFY(view->cropBoxVisible());
    QVERIFY(extract->isEnabled() && exportExtract->isEnabled());
    const sw::splat::SplatCloud cloud = scene();
    Eigen::AlignedBox3f bounds;
    for (const Eigen::Vector3f& p : cloud.positions) bounds.extend(p);
    const auto [lo, hi] = view->cropBox();
    QVERIFY(Eigen::AlignedBox3f(lo, hi).contains(bounds));
    QVERIFY(((hi - lo) - bounds.sizes()).norm() < 0.05f * bounds.sizes().norm());

    // Moved over part of the strip: Extract to Cloud opens exactly its finest splats there.
    const Eigen::Vector3f cutLo(1.005f, 0.305f, -1.0f), cutHi(2.505f, 1.105f, 1.0f);
    view->setCropBox(cutLo, cutHi);
    window.resize(1280, 800);
    QTest::qWait(1500);  // the scan's chunks settle
    // The box is drawn over the scan (its amber edges and handles); the picture for docs/editor.md.
    QCOMPARE(amberPixels(view->grabFramebuffer()) > 100, true);
    saveWindow(window, kOut + "/editor_scancut.png");
    const std::size_t expected = sw::splat::maskCount(sw::splat::insideAabb(cloud.positions, cutLo, cutHi));
    QVERIFY(expected > 500 && expected < cloud.size() / 4);
    QSignalSpy extracted(window.scanController(), &ScanController::extractedToCloud);
    extract->click();
    QVERIFY(!extract->isEnabled());  // while it runs
    QTRY_VERIFY_WITH_TIMEOUT(extracted.count() == 1, 60000);
    const QString written = extracted.at(0).at(0).toString();
    QVERIFY(written.startsWith(ScanController::extractsFolder()));
    QTRY_VERIFY_WITH_TIMEOUT(window.document()->cloud() && window.document()->cloud()->size() == expected, 60000);
    QCOMPARE(window.document()->cloud()->shDegree, 1);  // full detail: the SH bands too
    QVERIFY(extract->isEnabled());

    // Export Extract writes the same splats to a file of the artist's choosing.
    const QString spz = kOut + "/cut.spz";
    QFile::remove(spz);
    QSignalSpy exported(window.scanController(), &ScanController::extractExported);
    const auto region = sw::lod::Region::aabb(Eigen::AlignedBox3f(cutLo, cutHi));
    QVERIFY(window.scanController()->exportExtract(region, spz));
    QTRY_VERIFY_WITH_TIMEOUT(exported.count() == 1, 60000);
    auto back = sw::formats::readSplatCloud(spz.toStdString());
    QVERIFY(back.ok());
    QCOMPARE(back->size(), expected);

    // With the box hidden, a rect dragged over the scan is the region: the cut equals what the
    // rect tool selects on the source cloud with the camera at the press.
    cropBox->click();
    QVERIFY(!view->cropBoxVisible());
    QVERIFY(!extract->isEnabled());
    view->setSelectTool(sw::widgets::Viewport::SelectTool::Box);
    const QPoint a(view->width() / 3, view->height() / 3), b(view->width() * 2 / 3, view->height() * 2 / 3);
    QTest::mousePress(view, Qt::LeftButton, {}, a);
    QTest::mouseMove(view, (a + b) / 2);
    QTest::mouseMove(view, b);
    QTest::mouseRelease(view, Qt::LeftButton, {}, b);
    QTest::qWait(500);
    QVERIFY(magentaPixels(view->grabFramebuffer()) > 100);  // the rect's outline and fill over the scan
    saveWindow(window, kOut + "/editor_scancut_rect.png");
    const sw::lod::Region* rect = view->scanSelection();
    QVERIFY(rect != nullptr);
    QCOMPARE(int(rect->kind), int(sw::lod::Region::Kind::ScreenRect));
    QVERIFY(extract->isEnabled());
    const sw::splat::ProjectedCentres projected =
        sw::splat::projectCentres(cloud.positions, rect->view, rect->projection, rect->width, rect->height);
    const std::size_t picked = sw::splat::maskCount(sw::splat::insideBox(projected, rect->points[0], rect->points[1]));
    QVERIFY(picked > 0 && picked < cloud.size());
    extract->click();
    QTRY_VERIFY_WITH_TIMEOUT(extracted.count() == 2, 60000);
    QTRY_VERIFY_WITH_TIMEOUT(window.document()->cloud() && window.document()->cloud()->size() == picked, 60000);
    view->setSelectTool(sw::widgets::Viewport::SelectTool::None);

    // An empty box and an output over the scan: one error line each, nothing written.
    QSignalSpy errors(window.scanController(), &ScanController::errorOccurred);
    const auto nothing = sw::lod::Region::aabb(Eigen::AlignedBox3f(Eigen::Vector3f(50, 50, 50), Eigen::Vector3f(51, 51, 51)));
    QVERIFY(window.scanController()->exportExtract(nothing, kOut + "/empty.ply"));
    QTRY_VERIFY_WITH_TIMEOUT(errors.count() == 1, 60000);
    const QString message = errors.at(0).at(1).toString();
    QVERIFY2(message.endsWith("lod.json: the region holds no splats of the scan; nothing written"), qPrintable(message));
    QVERIFY(!message.contains('\n'));
    QVERIFY(!QFile::exists(kOut + "/empty.ply"));
    QVERIFY(!window.scanController()->exportExtract(region, folder + "/chunks/0_0.swlc"));
    QCOMPARE(errors.count(), 2);
    QVERIFY2(errors.at(1).at(1).toString().contains("the output lies inside the scan's folder") ||
                 errors.at(1).at(1).toString().contains("splatwright did not write"),
             qPrintable(errors.at(1).at(1).toString()));
    QVERIFY(QFile::exists(folder + "/chunks/0_0.swlc"));
    // The dock's form sets the cut's settings: a splat limit below the box's count is refused.
    auto* form = window.findChild<sw::widgets::ParamPanel*>("scanExtractSettings");
    QVERIFY(form != nullptr);
    sw::ParamSet params = form->params();
    QVERIFY(params.set("splat-limit", std::int64_t(100)).ok());
    form->setParams(params);
    cropBox->click();  // shown again (a new cloud fits the box to it: moved back over the cut)
    view->setCropBox(cutLo, cutHi);
    QVERIFY(extract->isEnabled());
    extract->click();
    QTRY_VERIFY_WITH_TIMEOUT(errors.count() == 3, 60000);
    QVERIFY2(errors.at(2).at(1).toString().contains(QString("the region holds %1 splats, more than the extraction limit of 100").arg(expected)),
             qPrintable(errors.at(2).at(1).toString()));
    for (QMessageBox* box : window.findChildren<QMessageBox*>()) box->close();

    // Closing the scans hides the box and disables the cut.
    window.findChild<QPushButton*>("scanClose")->click();
    QVERIFY(!view->cropBoxVisible());
    QVERIFY(!extract->isEnabled() && !cropBox->isEnabled());
}

QTEST_MAIN(TestEditorScanCut)
#include "tst_editor_scancut.moc"
