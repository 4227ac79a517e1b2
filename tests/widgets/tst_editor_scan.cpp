// Large scans in the editor (issue 36 item 5) on scenes generated here with core/lod (fixed
// seeds): File ▸ Open Scan on an LOD folder draws its splats and the HUD shows the numbers; the
// quality preset and the budgets change what is drawn (a tiny budget gives a coarser picture, not
// an error); a corrupt lod.json is one error line naming it and the editor stays usable; a single
// PLY is one chunk always resident; Build LOD… writes a folder and opens it, a folder of the
// user's files is refused with the dialog left open; the fly camera moves the eye with keys. The
// GPU scan renderer draws what the former path (the drawn chunks joined into one cloud for the
// splat renderer) drew, within the golden metric; false colour changes the picture; a re-dock
// draws again; a memory budget below the coarsest levels draws what fits.
#include <QAction>
#include <QDialog>
#include <QDialogButtonBox>
#include <QDir>
#include <QDockWidget>
#include <QElapsedTimer>
#include <QFile>
#include <QLabel>
#include <QLineEdit>
#include <QLocale>
#include <QMessageBox>
#include <QOpenGLContext>
#include <QPushButton>
#include <QSettings>
#include <QSignalSpy>
#include <QTest>
#include <numbers>

#include "app/editor/main_window.h"
#include "app/editor/scan_controller.h"
#include "core/formats/cloud_io.h"
#include "core/lod/lod_folder.h"
#include "core/lod/packed_splat.h"
#include "core/render/cloud_preview.h"
#include "core/render/scan_renderer.h"
#include "core/render/splat_renderer.h"
#include "tests/gl/golden.h"
#include "tests/widgets/image_counts.h"
#include "tests/core/tst_lod_fixtures.h"
#include "tests/widgets/editor_test_support.h"
#include "widgets/param_panel.h"
#include "widgets/scan_panel.h"
#include "widgets/viewport.h"

using sw::editor::MainWindow;
using sw::widgets::Viewport;

namespace {

const QString kOut = QStringLiteral(SW_TEST_OUTPUT_DIR "/tst_editor_scan");

// A 6 × 1.5 strip of 10k splats (seed 11): leaves of at most 512 splats, 4 levels, reduction 4.
sw::lod::LodTree stripTree() {
    sw::lod::LodSettings s;
    s.leafSize = 512;
    s.levels = 4;
    s.reduction = 4;
    auto tree = sw::lod::buildLodTree(sw::lod::test::stripScene(6.0f, 1.5f, 0.03f, 11), s);
    return tree ? std::move(*tree) : sw::lod::LodTree{};
}

// The strip's LOD folder under the test's output (written once per name).
QString writeFolder(const QString& name) {
    const QString folder = kOut + QLatin1Char('/') + name;
    QDir(folder).removeRecursively();
    QDir().mkpath(kOut);
    const sw::lod::LodTree tree = stripTree();
    if (tree.leaves.empty() || !sw::lod::writeLodFolder(tree, folder.toStdString())) return {};
    return folder;
}

QMessageBox* visibleBox(QWidget& window, const char* name) {
    for (QMessageBox* b : window.findChildren<QMessageBox*>(name))
        if (b->isVisible()) return b;
    return nullptr;
}

// Opens a scan and waits until every chunk the view wants is drawn.
bool openAndSettle(MainWindow& window, const QString& path) {
    QSignalSpy opened(window.scanController(), &sw::editor::ScanController::scansChanged);
    if (!window.scanController()->open(path)) return false;
    if (!QTest::qWaitFor([&] { return opened.count() == 1; }, 60000)) return false;
    const bool settled = QTest::qWaitFor([&] {
        const Viewport::ScanStats& s = window.viewport()->scanStats();
        return s.frames > 0 && s.pendingChunks == 0 && s.splatsDrawn > 0;
    }, 60000);
    if (!settled) {
        const Viewport::ScanStats& s = window.viewport()->scanStats();
        qWarning("not settled: %d scans, %llu frames, %zu drawable, %zu pending, %llu drawn, visible %d",
                 int(window.scanController()->scans()->scans().size()), (unsigned long long)s.frames, s.drawableChunks,
                 s.pendingChunks, (unsigned long long)s.splatsDrawn, int(window.viewport()->isVisible()));
    }
    return settled;
}

// Waits until the scan frames have settled after a settings change (frames keep coming while
// chunks load; a settled frame has nothing loading).
const Viewport::ScanStats& settle(MainWindow& window) {
    Viewport* view = window.viewport();
    const std::uint64_t from = view->scanStats().frames;
    view->update();
    if (!QTest::qWaitFor([&] { return view->scanStats().frames > from; }, 30000)) qWarning("no scan frame came");
    std::uint64_t last = view->scanStats().frames;
    for (int i = 0; i < 200; ++i) {  // no new frame for 300 ms: nothing left to stream
        QTest::qWait(300);
        if (view->scanStats().frames == last) break;
        last = view->scanStats().frames;
    }
    return view->scanStats();
}

// Sampled pixels (every second row and column) away from the background's colour.
int foreground(const QImage& image) {
    const QRgb corner = image.pixel(1, 1);
    int differ = 0;
    for (int y = 0; y < image.height(); y += 2)
        for (int x = 0; x < image.width(); x += 2)
            differ += std::abs(qRed(image.pixel(x, y)) - qRed(corner)) + std::abs(qGreen(image.pixel(x, y)) - qGreen(corner)) > 30;
    return differ;
}

sw::Rgba8Image toRgba(const QImage& image) {
    const QImage im = image.convertToFormat(QImage::Format_RGBA8888);
    sw::Rgba8Image out{im.width(), im.height(), std::vector<std::uint8_t>(std::size_t(im.width()) * im.height() * 4)};
    for (int y = 0; y < im.height(); ++y)
        std::copy_n(im.constScanLine(y), 4 * im.width(), out.rgba.begin() + std::ptrdiff_t(4) * im.width() * y);
    return out;
}

// Share of the pixels that differ beyond the golden metric's channel tolerance (tests/gl/golden.h).
double differingShare(const QImage& a, const QImage& b) {
    if (a.size() != b.size()) return 1.0;
    return double(sw::test::countDifferingPixels(toRgba(a), toRgba(b))) / double(a.width() * a.height());
}

// The splats of the view's draw list right after its last frame (the selection the viewport's
// frame made, made again for the same view), unpacked: what the former draw step joined into one
// cloud for the splat renderer.
sw::splat::SplatCloud drawnCloud(MainWindow& window, int heightPx) {
    sw::lod::ScanSet& set = *window.scanController()->scans();
    const sw::render::Camera& camera = window.viewport()->camera();
    sw::lod::View view;
    view.position = camera.eye();
    view.fovY = camera.fovYDeg * std::numbers::pi_v<float> / 180.f;
    view.viewportHeight = heightPx;
    auto selection = sw::lod::selectLevels(set.trees(), view, set.settings().selection);
    sw::splat::SplatCloud cloud;
    if (!selection) return cloud;
    for (const sw::lod::DrawItem& item : set.pool()->drawList(*selection)) {
        const sw::splat::SplatCloud c = sw::lod::unpackChunk(*item.chunk);
        cloud.positions.insert(cloud.positions.end(), c.positions.begin(), c.positions.end());
        cloud.rotations.insert(cloud.rotations.end(), c.rotations.begin(), c.rotations.end());
        cloud.scales.insert(cloud.scales.end(), c.scales.begin(), c.scales.end());
        cloud.opacities.insert(cloud.opacities.end(), c.opacities.begin(), c.opacities.end());
        cloud.colors.insert(cloud.colors.end(), c.colors.begin(), c.colors.end());
    }
    return cloud;
}

// `cloud` drawn by the splat renderer (the former draw step: one cloud, unshaded, grey) in the
// viewport's context from its camera, turned by `turnDeg` of azimuth.
QImage cloudPathImage(Viewport* view, const sw::splat::SplatCloud& cloud, QSize size, float turnDeg) {
    view->makeCurrent();
    QOpenGLContext* ctx = view->context();
    QImage out;
    auto renderer = sw::render::SplatRenderer::create(
        [ctx](const char* name) { return reinterpret_cast<void*>(ctx->getProcAddress(name)); });
    if (renderer && (*renderer)->setModel(sw::render::previewModelFromCloud(cloud))) {
        sw::render::Camera camera = view->camera();
        camera.azimuthDeg += turnDeg;
        sw::render::SplatRenderSettings s;
        s.width = size.width();
        s.height = size.height();
        s.cel = false;
        s.background = sw::render::Background::Grey;
        auto image = (*renderer)->renderImage(camera.view(), camera.projection(float(s.width) / float(s.height)), s);
        if (image)
            out = QImage(image->rgba.data(), image->width, image->height, QImage::Format_RGBA8888).copy();
        (*renderer)->release();
    }
    view->doneCurrent();
    return out;
}

void applyPreset(MainWindow& window, const char* preset) {
    QVERIFY(window.scanPanel()->qualityPanel()->applyPreset(QString::fromLatin1(preset)));
}

}  // namespace

class TestEditorScan : public QObject {
    Q_OBJECT
private slots:
    void initTestCase() { sw::test::isolateEditorSettings("tst_editor_scan"); }
    void init() { QSettings().clear(); }  // the Scan dock keeps its settings: each test starts from the defaults
    void openScanDrawsSplatsAndHud();
    void falseColourShowsTheLevels();
    void qualityAndBudgetsChangeWhatIsDrawn();
    void corruptManifestIsOneErrorLine();
    void singleFileIsOneChunk();
    void buildLodFromTheDialog();
    void flyCameraMovesTheEye();
    void realStreamedSogStreams();
    void pictureMatchesTheCloudPath();
    void falseColourChangesThePicture();
    void redockDrawsAgain();
    void budgetBelowTheCoarsestLevelsStillDraws();
};

void TestEditorScan::openScanDrawsSplatsAndHud() {
    const QString folder = writeFolder("strip-lod");
    QVERIFY(!folder.isEmpty());
    MainWindow window;
    window.show();
    QVERIFY(QTest::qWaitForWindowExposed(&window));
    QVERIFY(openAndSettle(window, folder + "/lod.json"));
    Viewport* view = window.viewport();
    QVERIFY(view->showsScans());
    const Viewport::ScanStats stats = settle(window);
    const sw::lod::LodTree tree = stripTree();
    QVERIFY(stats.splatsDrawn > 0);
    QCOMPARE(stats.splatsDrawn, stats.splatsSelected);  // everything wanted has arrived
    QVERIFY(stats.splatsDrawn <= tree.splatCount(0));
    QVERIFY(stats.splatsDrawn >= tree.splatCount(tree.levelCount - 1));
    QVERIFY(stats.residentBytes > 0);
    QVERIFY(stats.residentBytes <= stats.budgetBytes);
    QCOMPARE(stats.drawableChunks, std::size_t(stats.drawableChunks));
    QVERIFY(stats.drawableChunks >= tree.leaves.size());  // every leaf's coarsest level at least
    // The HUD shows those numbers.
    auto* hud = view->findChild<QLabel*>("scanHud");
    QVERIFY(hud);
    QVERIFY(hud->isVisible());
    const QString text = view->hudText();
    QVERIFY2(text.contains(QLocale().toString(qulonglong(stats.splatsDrawn))), qPrintable(text));
    QVERIFY2(text.contains(QString::number(stats.drawableChunks)), qPrintable(text));
    QVERIFY2(text.contains(QStringLiteral("ms")), qPrintable(text));
    // The splats left after the GPU's cull are counted on a new draw list: the whole strip is in view.
    QVERIFY(stats.splatsVisible > 0 && std::uint64_t(stats.splatsVisible) <= stats.splatsDrawn);
    QVERIFY2(text.contains(QLocale().toString(qlonglong(stats.splatsVisible))), qPrintable(text));
    QVERIFY(stats.gpuCapacityBytes == stats.budgetBytes && stats.gpuUsedBytes > 0);
    // Something is on screen: pixels away from the grey background.
    const QImage image = view->renderToImage();
    QVERIFY(!image.isNull());
    QVERIFY2(foreground(image) > 200, qPrintable(QString::number(foreground(image))));
    // The HUD toggles from the View menu.
    auto* hudAction = window.findChild<QAction*>("actionScanHud");
    QVERIFY(hudAction && hudAction->isChecked());
    hudAction->trigger();
    QVERIFY(!hud->isVisible());
    hudAction->trigger();
    QVERIFY(hud->isVisible());
    // False colour: each chunk in its level colour (scanLevelColor, finest white): another picture.
    window.findChild<QAction*>("actionLodFalseColour")->trigger();
    QVERIFY(view->lodFalseColour());
    const QImage coloured = view->renderToImage();
    QVERIFY2(differingShare(coloured, image) > 4 * sw::test::kMaxDifferingShare, qPrintable(QString::number(differingShare(coloured, image))));

    // Floating and re-docking the viewport recreates its GL context: the scans draw on, the same.
    QSignalSpy errors(view, &Viewport::renderError);
    auto* dock = window.findChild<QDockWidget*>("viewportDock");
    QVERIFY(dock);
    dock->setFloating(true);
    QTest::qWait(300);
    dock->setFloating(false);
    QTest::qWait(300);
    const Viewport::ScanStats again = settle(window);
    QCOMPARE(again.splatsDrawn, stats.splatsDrawn);
    QVERIFY(foreground(view->renderToImage()) > 200);
    QCOMPARE(errors.count(), 0);
}

void TestEditorScan::falseColourShowsTheLevels() {
    // A longer strip (30 × 6, 112k splats, seed 17; leaves of 2048, 5 levels) seen along its length
    // at the low preset: near leaves fine, far ones coarse, each level in its colour.
    const QString folder = kOut + "/long-strip-lod";
    QDir(folder).removeRecursively();
    QDir().mkpath(kOut);
    sw::lod::LodSettings s;
    s.leafSize = 2048;
    s.levels = 5;
    auto tree = sw::lod::buildLodTree(sw::lod::test::stripScene(30.0f, 6.0f, 0.04f, 17), s);
    QVERIFY(tree);
    QVERIFY(sw::lod::writeLodFolder(*tree, folder.toStdString()));
    MainWindow window;
    window.resize(1280, 800);
    window.show();
    QVERIFY(QTest::qWaitForWindowExposed(&window));
    applyPreset(window, "builtin:low");
    window.findChild<QAction*>("actionLodFalseColour")->trigger();
    QVERIFY(openAndSettle(window, folder + "/lod.json"));
    Viewport* view = window.viewport();
    // Closer, lower and along the strip: eight wheel notches in, a drag to azimuth 90° and 12° up.
    const QPoint c = view->rect().center();
    for (int i = 0; i < 8; ++i) {
        QWheelEvent wheel(QPointF(c), view->mapToGlobal(QPointF(c)), {}, QPoint(0, 120), Qt::NoButton, Qt::NoModifier,
                          Qt::NoScrollPhase, false);
        QCoreApplication::sendEvent(view, &wheel);
    }
    QTest::mousePress(view, Qt::LeftButton, {}, c);
    QMouseEvent move(QEvent::MouseMove, QPointF(c + QPoint(-150, -20)), view->mapToGlobal(QPointF(c + QPoint(-150, -20))),
                     Qt::NoButton, Qt::LeftButton, Qt::NoModifier);
    QCoreApplication::sendEvent(view, &move);
    QTest::mouseRelease(view, Qt::LeftButton, {}, c + QPoint(-150, -20));
    const Viewport::ScanStats stats = settle(window);
    std::vector<double> ms, whole;  // frames of the settled view: the frame's CPU wall time; drawn and read back
    for (int i = 0; i < 9; ++i) {
        QElapsedTimer clock;
        clock.start();
        const QImage frame = view->renderToImage();  // the read-back waits for the frame's GPU work
        whole.push_back(double(clock.nsecsElapsed()) * 1e-6);
        ms.push_back(view->scanStats().frameMs);
        QVERIFY(!frame.isNull());
    }
    std::sort(ms.begin(), ms.end());
    std::sort(whole.begin(), whole.end());
    qInfo("%dx%d view, %llu splats drawn: frame (CPU wall time) %.1f ms, drawn and read back %.1f ms (%.1f to %.1f); "
          "medians of 9", view->width(), view->height(), (unsigned long long)view->scanStats().splatsDrawn, ms[4], whole[4],
          whole.front(), whole.back());
    QTest::qWait(200);
    window.grab().save(kOut + "/editor_scan.png");
    int levels = 0;
    QString drawn;
    for (std::uint64_t n : stats.levelSplats) {
        levels += n > 0;
        drawn += QString::number(n) + QLatin1Char(' ');
    }
    QVERIFY2(levels >= 2, qPrintable(drawn));
    QVERIFY(stats.splatsDrawn < tree->splatCount(0));
}

void TestEditorScan::qualityAndBudgetsChangeWhatIsDrawn() {
    const QString folder = writeFolder("strip-quality");
    QVERIFY(!folder.isEmpty());
    MainWindow window;
    window.show();
    QVERIFY(QTest::qWaitForWindowExposed(&window));
    applyPreset(window, "builtin:high");
    QVERIFY(openAndSettle(window, folder));  // the folder itself opens too
    const Viewport::ScanStats high = settle(window);
    applyPreset(window, "builtin:low");
    const Viewport::ScanStats low = settle(window);
    QVERIFY2(low.splatsDrawn < high.splatsDrawn,
             qPrintable(QString("low %1, high %2").arg(low.splatsDrawn).arg(high.splatsDrawn)));
    QCOMPARE(low.splatsDrawn, low.splatsSelected);
    applyPreset(window, "builtin:high");
    QCOMPARE(settle(window).splatsDrawn, high.splatsDrawn);

    // A splat budget of 1: every leaf at its coarsest level, flagged, no error.
    const sw::lod::LodTree tree = stripTree();
    sw::lod::ScanSettings tiny = window.scanPanel()->settings();
    tiny.selection.splatBudget = 1;
    window.scanPanel()->setSettings(tiny);
    emit window.scanPanel()->settingsChanged();
    const Viewport::ScanStats coarse = settle(window);
    QVERIFY(coarse.overBudget);
    QCOMPARE(coarse.splatsDrawn, tree.splatCount(tree.levelCount - 1));
    QCOMPARE(coarse.levelSplats.size(), std::size_t(tree.levelCount));
    for (int l = 0; l + 1 < tree.levelCount; ++l) QCOMPARE(coarse.levelSplats[std::size_t(l)], std::uint64_t(0));
    QVERIFY(window.viewport()->hudText().contains(QStringLiteral("over budget")));
    QVERIFY(!visibleBox(window, "errorBox"));

    // A memory budget of 16 KiB: fewer chunks fit, a coarser picture, never above the budget.
    sw::lod::ScanSettings small = window.scanPanel()->settings();
    small.selection.splatBudget = 4'000'000;
    small.stream.memoryMiB = 1.0 / 64.0;
    window.scanPanel()->setSettings(small);
    emit window.scanPanel()->settingsChanged();
    const Viewport::ScanStats starved = settle(window);
    QVERIFY(starved.splatsDrawn > 0);
    QVERIFY(starved.splatsDrawn < high.splatsDrawn);
    QVERIFY(starved.residentBytes <= 16384);
    QVERIFY(starved.pendingChunks > 0);  // wanted, waiting for room
    QVERIFY(!visibleBox(window, "errorBox"));
    QVERIFY(window.scanPanel()->settingsError().isEmpty());
    qInfo("splats drawn: high %llu, low %llu, splat budget 1: %llu, 16 KiB: %llu (%llu B resident)",
          (unsigned long long)high.splatsDrawn, (unsigned long long)low.splatsDrawn,
          (unsigned long long)coarse.splatsDrawn, (unsigned long long)starved.splatsDrawn,
          (unsigned long long)starved.residentBytes);

    // A memory budget of 0 is refused in one line in the dock; the scans keep the last settings.
    small.stream.memoryMiB = 0;
    window.scanPanel()->setSettings(small);
    emit window.scanPanel()->settingsChanged();
    QVERIFY(window.scanPanel()->settingsError().contains(QStringLiteral("memory budget")));
    QVERIFY(!window.scanPanel()->settingsError().contains(QLatin1Char('\n')));
    QVERIFY(settle(window).splatsDrawn > 0);
}

void TestEditorScan::corruptManifestIsOneErrorLine() {
    const QString folder = writeFolder("strip-corrupt");
    QVERIFY(!folder.isEmpty());
    QFile manifest(folder + "/lod.json");
    QVERIFY(manifest.open(QIODevice::WriteOnly | QIODevice::Truncate));
    manifest.write("{\"format\": \"splatwright-lod\", \"version\": [1, 0], \"nodes\": [");
    manifest.close();
    MainWindow window;
    window.show();
    QVERIFY(QTest::qWaitForWindowExposed(&window));
    QVERIFY(window.scanController()->open(folder + "/lod.json"));
    QMessageBox* error = nullptr;
    QTRY_VERIFY_WITH_TIMEOUT((error = visibleBox(window, "errorBox")) != nullptr, 30000);
    QVERIFY2(error->text().contains(QStringLiteral("lod.json")), qPrintable(error->text()));
    QVERIFY2(!error->text().contains(QLatin1Char('\n')), qPrintable(error->text()));
    QVERIFY(!window.viewport()->showsScans());
    error->accept();
    // Still usable: a good scan opens after it.
    const QString good = writeFolder("strip-after-corrupt");
    QVERIFY(openAndSettle(window, good + "/lod.json"));
    QCOMPARE(window.scanController()->scans()->scans().size(), std::size_t(1));
}

void TestEditorScan::singleFileIsOneChunk() {
    QDir().mkpath(kOut);
    const QString ply = kOut + "/strip.ply";
    const sw::splat::SplatCloud cloud = sw::lod::test::stripScene(2.0f, 1.0f, 0.04f, 5);
    QVERIFY(sw::formats::writeSplatCloud(ply.toStdString(), cloud));
    MainWindow window;
    window.show();
    QVERIFY(QTest::qWaitForWindowExposed(&window));
    QVERIFY(openAndSettle(window, ply));
    const Viewport::ScanStats& stats = settle(window);
    QCOMPARE(stats.splatsDrawn, std::uint64_t(cloud.size()));
    QCOMPARE(stats.drawableChunks, std::size_t(1));
    // Two scans share one budget: the strip folder joins the PLY.
    const QString folder = writeFolder("strip-second");
    QVERIFY(openAndSettle(window, folder + "/lod.json"));
    QCOMPARE(window.scanPanel()->scans().size(), 2);
    QVERIFY(settle(window).splatsDrawn > cloud.size());
    window.findChild<QPushButton*>("scanClose")->click();
    QVERIFY(!window.viewport()->showsScans());
}

void TestEditorScan::buildLodFromTheDialog() {
    QDir().mkpath(kOut);
    const QString ply = kOut + "/build-me.ply";
    QVERIFY(sw::formats::writeSplatCloud(ply.toStdString(), sw::lod::test::stripScene(3.0f, 1.0f, 0.03f, 3)));
    const QString foreign = kOut + "/users-folder";
    QDir(foreign).removeRecursively();
    QVERIFY(QDir().mkpath(foreign));
    QFile note(foreign + "/notes.txt");
    QVERIFY(note.open(QIODevice::WriteOnly));
    note.write("mine");
    note.close();
    const QString target = kOut + "/build-me-lod";
    QDir(target).removeRecursively();

    MainWindow window;
    window.show();
    QVERIFY(QTest::qWaitForWindowExposed(&window));
    window.findChild<QAction*>("actionBuildLod")->trigger();
    QDialog* dialog = window.findChild<QDialog*>("buildLodDialog");
    QVERIFY(dialog && dialog->isVisible());
    dialog->findChild<QLineEdit*>("buildLodScan")->setText(ply);
    dialog->findChild<QLineEdit*>("buildLodFolder")->setText(foreign);
    auto* build = dialog->findChild<QDialogButtonBox*>()->button(QDialogButtonBox::Ok);
    build->click();
    QMessageBox* error = visibleBox(window, "errorBox");
    QVERIFY(error);
    QVERIFY2(error->text().contains(QStringLiteral("users-folder")), qPrintable(error->text()));
    QVERIFY(dialog->isVisible());
    QVERIFY(QFile::exists(foreign + "/notes.txt"));
    error->accept();

    dialog->findChild<QLineEdit*>("buildLodFolder")->setText(target);
    QSignalSpy built(window.scanController(), &sw::editor::ScanController::built);
    build->click();
    QTRY_VERIFY_WITH_TIMEOUT(built.count() == 1, 60000);
    QVERIFY(QFile::exists(target + "/lod.json"));
    QMessageBox* offer = nullptr;
    QTRY_VERIFY_WITH_TIMEOUT((offer = visibleBox(window, "openBuiltLod")) != nullptr, 5000);
    offer->button(QMessageBox::Open)->click();
    QTRY_VERIFY_WITH_TIMEOUT(window.viewport()->showsScans() && window.viewport()->scanStats().splatsDrawn > 0, 60000);
    QCOMPARE(window.scanPanel()->scans(), QStringList{QDir(target).filePath("lod.json")});
}

void TestEditorScan::flyCameraMovesTheEye() {
    const QString folder = writeFolder("strip-fly");
    MainWindow window;
    window.show();
    QVERIFY(QTest::qWaitForWindowExposed(&window));
    QVERIFY(openAndSettle(window, folder + "/lod.json"));
    Viewport* view = window.viewport();
    window.findChild<QAction*>("actionFly")->trigger();
    QCOMPARE(view->cameraMode(), Viewport::CameraMode::Fly);
    view->setFocus();
    const float speed = view->flySpeed();
    QVERIFY(speed > 0.f);
    const Eigen::Vector3f eye0 = view->camera().eye();
    const Eigen::Vector3f forward = (view->camera().target - eye0).normalized();
    QTest::keyClick(view, Qt::Key_W);
    const Eigen::Vector3f eye1 = view->camera().eye();
    QVERIFY(((eye1 - eye0) - speed * forward).norm() < 1e-4f * (1.f + eye0.norm()));
    QTest::keyClick(view, Qt::Key_E);
    QVERIFY(std::abs(view->camera().eye().z() - eye1.z() - speed) < 1e-4f * (1.f + eye1.norm()));
    QTest::keyClick(view, Qt::Key_S);
    QTest::keyClick(view, Qt::Key_Q);
    QVERIFY((view->camera().eye() - eye0).norm() < 1e-4f * (1.f + eye0.norm()));  // back where it was
    QTest::keyClick(view, Qt::Key_D);
    const Eigen::Vector3f side = view->camera().eye() - eye0;
    QVERIFY(std::abs(side.dot(forward)) < 1e-4f && std::abs(side.norm() - speed) < 1e-4f * (1.f + eye0.norm()));
    // A right drag turns the view around the eye.
    const Eigen::Vector3f eye2 = view->camera().eye();
    const QPoint c = view->rect().center();
    QTest::mousePress(view, Qt::RightButton, {}, c);
    QMouseEvent move(QEvent::MouseMove, QPointF(c + QPoint(40, 0)), view->mapToGlobal(QPointF(c + QPoint(40, 0))),
                     Qt::NoButton, Qt::RightButton, Qt::NoModifier);
    QCoreApplication::sendEvent(view, &move);
    QTest::mouseRelease(view, Qt::RightButton, {}, c + QPoint(40, 0));
    QVERIFY((view->camera().eye() - eye2).norm() < 1e-4f * (1.f + eye2.norm()));
    QVERIFY((view->camera().target - eye2).normalized().dot(forward) < 0.999f);
    // The wheel sets the speed; the orbit camera comes back from the View menu.
    QWheelEvent wheel(QPointF(c), view->mapToGlobal(QPointF(c)), {}, QPoint(0, 120), Qt::NoButton, Qt::NoModifier,
                      Qt::NoScrollPhase, false);
    QCoreApplication::sendEvent(view, &wheel);
    QVERIFY(std::abs(view->flySpeed() - 1.25f * speed) < 1e-6f);
    window.findChild<QAction*>("actionOrbit")->trigger();
    QCOMPARE(view->cameraMode(), Viewport::CameraMode::Orbit);
    const Eigen::Vector3f eye3 = view->camera().eye();
    QTest::keyClick(view, Qt::Key_W);
    QCOMPARE(view->camera().eye(), eye3);  // WASD belongs to the fly camera only
}

// playbot (../shared/assets/scans, 919k splats in a 7-level Streamed SOG): opened by its
// lod-meta.json, streamed within the budget until nothing is pending.
void TestEditorScan::realStreamedSogStreams() {
    const QString manifest = QStringLiteral(SW_ASSETS_DIR "/scans/playbot/lod-meta.json");
    if (!QFile::exists(manifest)) QSKIP("the real scans are in ../shared/assets/scans");
    MainWindow window;
    window.resize(1280, 800);
    window.show();
    QVERIFY(QTest::qWaitForWindowExposed(&window));
    window.findChild<QAction*>("actionLodFalseColour")->trigger();
    QElapsedTimer clock;
    clock.start();
    QVERIFY(openAndSettle(window, manifest));
    const double seconds = double(clock.elapsed()) / 1000.0;
    const Viewport::ScanStats stats = settle(window);
    QVERIFY(stats.splatsDrawn > 0);
    QCOMPARE(stats.failedChunks, std::size_t(0));
    QVERIFY(stats.residentBytes <= stats.budgetBytes);
    QVERIFY(foreground(window.viewport()->renderToImage()) > 200);
    qInfo("playbot: settled in %.1f s, %llu splats drawn of %llu selected, %zu chunks, %.1f MB resident, frame %.1f ms",
          seconds, (unsigned long long)stats.splatsDrawn, (unsigned long long)stats.splatsSelected, stats.drawableChunks,
          double(stats.residentBytes) / 1048576.0, stats.frameMs);
    window.grab().save(kOut + "/editor_scan_playbot.png");
}

// The GPU path draws the settled strip as the former draw step did: the same splats joined into
// one cloud and drawn by the splat renderer from the same camera, within the golden metric (EWA
// here, the shell pass's quads there; the two agree on the strip's thin splats, as in the test
// scan_render). The metric can fail: the cloud seen 3° around is far outside it.
void TestEditorScan::pictureMatchesTheCloudPath() {
    const QString folder = writeFolder("strip-picture");
    QVERIFY(!folder.isEmpty());
    MainWindow window;
    window.show();
    QVERIFY(QTest::qWaitForWindowExposed(&window));
    QVERIFY(openAndSettle(window, folder + "/lod.json"));
    Viewport* view = window.viewport();
    const Viewport::ScanStats stats = settle(window);
    const QImage gpu = view->renderToImage();  // a frame: plan, sync, draw
    QVERIFY(!gpu.isNull());
    const sw::splat::SplatCloud cloud = drawnCloud(window, gpu.height());
    QCOMPARE(std::uint64_t(cloud.size()), view->scanStats().splatsDrawn);
    QCOMPARE(std::uint64_t(cloud.size()), stats.splatsSelected);
    QCOMPARE(sw::render::previewModelFromCloud(cloud).core.size(), std::size_t(0));  // every splat a Gaussian of the shell pass
    const QImage cpu = cloudPathImage(view, cloud, gpu.size(), 0.f);
    QVERIFY(!cpu.isNull());
    gpu.save(kOut + "/picture.gpu.png");
    cpu.save(kOut + "/picture.cloud.png");
    QVERIFY(foreground(gpu) > 200);
    const double share = differingShare(gpu, cpu);
    qInfo("GPU path against the cloud path: %.3f %% of %dx%d pixels beyond %d/255", share * 100.0, gpu.width(),
          gpu.height(), sw::test::kChannelTolerance);
    QVERIFY2(share <= sw::test::kMaxDifferingShare, qPrintable(QString::number(share)));
    const QImage turned = cloudPathImage(view, cloud, gpu.size(), 3.f);
    QVERIFY(differingShare(gpu, turned) > 5 * sw::test::kMaxDifferingShare);
}

// LOD false colour: another picture, in the level palette (scanLevelColor) of the levels drawn.
void TestEditorScan::falseColourChangesThePicture() {
    const QString folder = writeFolder("strip-false-colour");
    QVERIFY(!folder.isEmpty());
    MainWindow window;
    window.show();
    QVERIFY(QTest::qWaitForWindowExposed(&window));
    QVERIFY(openAndSettle(window, folder + "/lod.json"));
    Viewport* view = window.viewport();
    view->setBackground(Viewport::Background::Black);
    // A splat budget that keeps every leaf coarse: the levels drawn are known.
    sw::lod::ScanSettings coarse = window.scanPanel()->settings();
    coarse.selection.splatBudget = 1;
    window.scanPanel()->setSettings(coarse);
    emit window.scanPanel()->settingsChanged();
    const Viewport::ScanStats stats = settle(window);
    const int coarsest = int(stats.levelSplats.size()) - 1;
    QVERIFY(coarsest >= 1);
    const QImage plain = view->renderToImage();
    window.findChild<QAction*>("actionLodFalseColour")->trigger();
    const QImage coloured = view->renderToImage();
    QCOMPARE(view->scanStats().splatsDrawn, stats.splatsDrawn);  // the same splats, other colours
    const double share = differingShare(plain, coloured);
    QVERIFY2(share > 0.02, qPrintable(QString::number(share)));
    // Pixels of the coarsest level's hue (bright enough to tell), none of the finest's (white).
    const Eigen::Vector3f hue = sw::render::scanLevelColor(coarsest).normalized();
    auto ofHue = [&](const QImage& image) {
        return sw::test::pixelsWhere(image, [&](const uchar* p) {
            const Eigen::Vector3f c(p[0], p[1], p[2]);
            return c.sum() > 90.f && c.normalized().dot(hue) > 0.995f;
        });
    };
    QVERIFY2(ofHue(coloured) > 100, qPrintable(QString::number(ofHue(coloured))));
    QVERIFY(ofHue(coloured) > 4 * ofHue(plain));
    window.findChild<QAction*>("actionLodFalseColour")->trigger();
    QVERIFY(differingShare(view->renderToImage(), plain) <= sw::test::kMaxDifferingShare);  // back as it was
}

// Floating and re-docking the viewport recreates its GL context: the renderer is released with
// the old one, the pool loads anew, and the scan is drawn again as the cloud path draws it.
void TestEditorScan::redockDrawsAgain() {
    const QString folder = writeFolder("strip-redock");
    QVERIFY(!folder.isEmpty());
    MainWindow window;
    window.show();
    QVERIFY(QTest::qWaitForWindowExposed(&window));
    QVERIFY(openAndSettle(window, folder + "/lod.json"));
    Viewport* view = window.viewport();
    const Viewport::ScanStats before = settle(window);
    const std::uint64_t generation = window.scanController()->scans()->generation();
    QSignalSpy errors(view, &Viewport::renderError);
    QSignalSpy contextEnds(view->context(), &QOpenGLContext::aboutToBeDestroyed);
    auto* dock = window.findChild<QDockWidget*>("viewportDock");
    QVERIFY(dock);
    dock->setFloating(true);
    QTest::qWait(300);
    dock->setFloating(false);
    QTest::qWait(300);
    QVERIFY(contextEnds.count() >= 1);
    const Viewport::ScanStats after = settle(window);
    QVERIFY(window.scanController()->scans()->generation() > generation);  // the pool was loaded anew
    QCOMPARE(after.splatsDrawn, before.splatsDrawn);
    QCOMPARE(after.pendingChunks, std::size_t(0));
    // The same picture as the cloud path's of the same splats (the dock may come back at another size).
    const QImage again = view->renderToImage();
    QVERIFY(foreground(again) > 200);
    const double share = differingShare(again, cloudPathImage(view, drawnCloud(window, again.height()), again.size(), 0.f));
    QVERIFY2(share <= sw::test::kMaxDifferingShare, qPrintable(QString::number(share)));
    QCOMPARE(errors.count(), 0);
}

// A memory budget below the coarsest levels of every leaf: the chunks that fit draw (coarse),
// the rest wait; never above the budget, never an error.
void TestEditorScan::budgetBelowTheCoarsestLevelsStillDraws() {
    const QString folder = writeFolder("strip-starved");
    QVERIFY(!folder.isEmpty());
    const sw::lod::LodTree tree = stripTree();
    const int coarsest = tree.levelCount - 1;
    std::uint64_t coarseBytes = 0;
    for (const auto& leaf : tree.leaves)
        coarseBytes += sw::lod::PackedChunk::residentBytes(leaf.levels[std::size_t(coarsest)].count);
    MainWindow window;
    window.show();
    QVERIFY(QTest::qWaitForWindowExposed(&window));
    sw::lod::ScanSettings starved = window.scanPanel()->settings();
    starved.stream.memoryMiB = double(coarseBytes / 2) / 1048576.0;
    window.scanPanel()->setSettings(starved);
    emit window.scanPanel()->settingsChanged();
    QSignalSpy errors(window.viewport(), &Viewport::renderError);
    QSignalSpy opened(window.scanController(), &sw::editor::ScanController::scansChanged);
    QVERIFY(window.scanController()->open(folder + "/lod.json"));
    QTRY_VERIFY_WITH_TIMEOUT(opened.count() == 1, 60000);
    const Viewport::ScanStats stats = settle(window);
    QVERIFY(stats.splatsDrawn > 0);
    QVERIFY(stats.splatsDrawn < tree.splatCount(coarsest));  // not every leaf fits
    QVERIFY(stats.pendingChunks > 0);
    QVERIFY(stats.residentBytes <= coarseBytes / 2);
    QCOMPARE(stats.budgetBytes, std::uint64_t(starved.stream.pool().byteBudget));
    QCOMPARE(stats.levelSplats.size(), std::size_t(tree.levelCount));
    for (int l = 0; l < coarsest; ++l) QCOMPARE(stats.levelSplats[std::size_t(l)], std::uint64_t(0));
    QVERIFY(stats.gpuCapacityBytes == stats.budgetBytes && stats.gpuUsedBytes <= stats.gpuCapacityBytes);
    // The coarse splats are faint in their own colours (merged low opacities): in false colour
    // the coarsest level's hue shows where they are.
    window.findChild<QAction*>("actionLodFalseColour")->trigger();
    const QImage image = window.viewport()->renderToImage();
    image.save(kOut + "/starved.png");
    // A splat of colour C and opacity a over the grey g: g + a (C − g), off the grey along C − g.
    const Eigen::Vector3f hue = (255.f * sw::render::scanLevelColor(coarsest) - Eigen::Vector3f::Constant(128.f)).normalized();
    const long coarse = sw::test::pixelsWhere(image, [&](const uchar* p) {
        const Eigen::Vector3f c(p[0], p[1], p[2]);
        return (c - Eigen::Vector3f::Constant(128.f)).norm() > 24.f && (c - Eigen::Vector3f::Constant(128.f)).normalized().dot(hue) > 0.95f;
    });
    qInfo("budget %llu B (coarsest levels %llu B): %llu splats drawn of %llu coarsest, %llu B resident, %zu chunks pending, "
          "%ld pixels of the coarsest level's colour", (unsigned long long)stats.budgetBytes, (unsigned long long)coarseBytes,
          (unsigned long long)stats.splatsDrawn, (unsigned long long)tree.splatCount(coarsest),
          (unsigned long long)stats.residentBytes, stats.pendingChunks, coarse);
    QVERIFY(coarse > 500);
    QCOMPARE(errors.count(), 0);
    QVERIFY(!visibleBox(window, "errorBox"));
}

QTEST_MAIN(TestEditorScan)
#include "tst_editor_scan.moc"
