// The viewport's splat side and the editor's splat view (issues #5.5, #6.2, #6.3, #6.5): a baked
// model (demo drone → surface samples → bake, seeds fixed) renders, the LOD slider draws exactly
// k core splats, overlays change the image, a click picks a splat, the Effects panel plays,
// scrubs and scatters, the game-scale dock has the documented size, re-docking keeps working,
// and the main window shows a cloud (preview model, worker thread) and then the baked model.
// With SW_SCREENSHOT_DIR set, writes editor-splats.png, editor-effects.png and
// editor-game-scale.png there (docs/screenshots).
#include <QApplication>
#include <QComboBox>
#include <QLabel>
#include <QDockWidget>
#include <QMainWindow>
#include <QOpenGLContext>
#include <QScrollArea>
#include <QScrollBar>
#include <QSignalSpy>
#include <QSlider>
#include <QTest>
#include <cstdio>
#include <cstdlib>

#include "app/editor/editor_document.h"
#include "app/editor/main_window.h"
#include "core/bake/bake.h"
#include "core/bake/surface_sample.h"
#include "core/demo/demo_drone.h"
#include "core/foundation/log.h"
#include "core/render/cloud_preview.h"
#include "core/render/game_scale.h"
#include "widgets/effects_panel.h"
#include "widgets/game_scale_panel.h"
#include "widgets/view_controls.h"
#include "tests/widgets/image_counts.h"
#include "tests/widgets/viewport_harness.h"
#include "widgets/viewport.h"

using sw::widgets::Viewport;

namespace {

struct Fixture {
    std::shared_ptr<const sw::geometry::Mesh> mesh;
    std::shared_ptr<const sw::splat::SplatCloud> cloud;
    std::shared_ptr<const sw::formats::Spl2Model> model;  // baked: parts, chunks, materials
};

// The demo drone (seed 7), 6000 surface samples (seed 3, 8 % shell) baked without a dataset.
const Fixture& fixture() {
    static const Fixture f = [] {
        Fixture out;
        auto drone = sw::demo::generateDemoDrone(sw::demo::DemoSettings{});
        SW_REQUIRE(drone.ok(), drone.error().message);
        out.mesh = std::make_shared<const sw::geometry::Mesh>(drone->mesh);
        sw::bake::SurfaceSampleSettings ss;
        ss.seed = 3;
        ss.shellShare = 0.08f;
        out.cloud = std::make_shared<const sw::splat::SplatCloud>(sw::bake::sampleSurface(*out.mesh, ss));
        auto baked = sw::bake::bakeModel(*out.cloud, *out.mesh, nullptr, sw::bake::BakeSettings{});
        SW_REQUIRE(baked.ok(), baked.error().message);
        out.model = std::make_shared<const sw::formats::Spl2Model>(std::move(baked->spl2));
        return out;
    }();
    return f;
}

using sw::test::countNonBackground;

// Pixels that differ between two images of one size by more than 8 in any channel.
long countDifferent(const QImage& a, const QImage& b) {
    const QImage x = a.convertToFormat(QImage::Format_RGBA8888), y = b.convertToFormat(QImage::Format_RGBA8888);
    if (x.size() != y.size()) return -1;
    long n = 0;
    for (int r = 0; r < x.height(); ++r) {
        const uchar* p = x.constScanLine(r);
        const uchar* q = y.constScanLine(r);
        for (int c = 0; c < 4 * x.width(); c += 4)
            n += (std::abs(p[c] - q[c]) > 8 || std::abs(p[c + 1] - q[c + 1]) > 8 || std::abs(p[c + 2] - q[c + 2]) > 8) ? 1 : 0;
    }
    return n;
}

void click(QWidget* w, QPoint at) {
    QTest::mousePress(w, Qt::LeftButton, Qt::NoModifier, at);
    QTest::mouseRelease(w, Qt::LeftButton, Qt::NoModifier, at);
}

void saveScreenshot(QWidget* w, const char* name) {
    const QString dir = qEnvironmentVariable("SW_SCREENSHOT_DIR");
    if (dir.isEmpty()) return;
    QApplication::processEvents();
    QVERIFY(w->grab().save(dir + "/" + name));
    std::printf("screenshot: %s/%s\n", qPrintable(dir), name);
}

}  // namespace

class TestViewportSplats : public QObject {
    Q_OBJECT

private slots:
    void initTestCase() { (void)fixture(); }  // the bake logs warnings (no dataset) once, before the sinks
    void init();
    void cleanup();
    void showsSplatModel();
    void lodSliderDrawsExactlyK();
    void overlaysChangeTheImage();
    void clickPicksASplat();
    void effectsPanelPlaysScrubsAndScatters();
    void everyEffectMovesTheModel();
    void gameScaleDockHasDocumentedSize();
    void gameScaleTilesAreCaptionedAndRefreshLive();
    void gameScaleSheetFitsItsDock();
    void survivesRedockWithSplats();
    void mainWindowShowsCloudThenBakedModel();

private:
    sw::test::ViewportHarness m_h;
};

void TestViewportSplats::init() {
    m_h.start(900);
    m_h.viewport->setSplatModel(fixture().model);
    m_h.viewport->setContent(Viewport::Content::Splats);
    m_h.window->show();
    QVERIFY(QTest::qWaitForWindowExposed(m_h.window.get()));
    m_h.viewport->resetView();
}

void TestViewportSplats::cleanup() {
    const QString problems = m_h.finish();
    QVERIFY2(problems.isEmpty(), qPrintable(problems));
}

void TestViewportSplats::showsSplatModel() {
    QCOMPARE(m_h.viewport->content(), Viewport::Content::Splats);
    const QImage grey = m_h.viewport->renderToImage();
    QCOMPARE(grey.pixelColor(0, 0), QColor(128, 128, 128));
    const double share = double(countNonBackground(grey, 128)) / (double(grey.width()) * grey.height());
    QVERIFY2(share > 0.05 && share < 0.8, qPrintable(QString("splats cover %1 of the frame").arg(share)));
    QCOMPARE(m_h.viewport->lastSplatStats().coreDrawn, int(fixture().model->core.size()));
    // Cleared model: the background only; mesh content draws no splats.
    m_h.viewport->setSplatModel(nullptr);
    QCOMPARE(countNonBackground(m_h.viewport->renderToImage(), 128), 0L);
    QCOMPARE(m_h.viewport->lastSplatStats().coreDrawn, 0);
}

void TestViewportSplats::lodSliderDrawsExactlyK() {
    sw::widgets::ViewControls controls(m_h.viewport);
    const int n = int(fixture().model->core.size());
    QCOMPARE(controls.lodSlider()->maximum(), n);
    const QImage all = m_h.viewport->renderToImage();
    QCOMPARE(m_h.viewport->lastSplatStats().coreDrawn, n);
    for (const int k : {0, 1, 250, n / 2, n - 1, n}) {
        controls.lodSlider()->setValue(k);
        const QImage image = m_h.viewport->renderToImage();
        QCOMPARE(m_h.viewport->lastSplatStats().coreDrawn, k);
        if (k == n) QCOMPARE(countDifferent(image, all), 0L);
    }
    controls.lodSlider()->setValue(n / 10);
    const long few = countNonBackground(m_h.viewport->renderToImage(), 128);
    controls.lodSlider()->setValue(n);
    QVERIFY(countNonBackground(m_h.viewport->renderToImage(), 128) > few);
    // The label says what it counts ("1124 / 1124" on a 2,000-splat cloud read as a miscount):
    // the core splats, and its tooltip that the shell always draws.
    auto* label = controls.findChild<QLabel*>("viewLodLabel");
    QVERIFY(label);
    QCOMPARE(label->text(), QString("core %1 / %1").arg(n));
    const int shell = int(fixture().model->shell.size());
    QVERIFY2(label->toolTip().contains(QString("%1 shell (blended) splats").arg(shell)), qPrintable(label->toolTip()));
    controls.lodSlider()->setValue(250);
    QCOMPARE(label->text(), QString("core 250 / %1").arg(n));
}

void TestViewportSplats::overlaysChangeTheImage() {
    sw::widgets::ViewControls controls(m_h.viewport);
    QComboBox* overlay = controls.overlayBox();
    QCOMPARE(overlay->count(), 8);
    const QImage none = m_h.viewport->renderToImage();
    const long covered = countNonBackground(none, 128);
    for (int i = 1; i < overlay->count(); ++i) {
        if (sw::render::SplatOverlay(overlay->itemData(i).toInt()) == sw::render::SplatOverlay::Floater) continue;
        overlay->setCurrentIndex(i);
        QCOMPARE(int(m_h.viewport->splatOverlay()), overlay->itemData(i).toInt());
        const long changed = countDifferent(m_h.viewport->renderToImage(), none);
        QVERIFY2(changed > covered / 5, qPrintable(QString("%1: %2 of %3 pixels changed")
                                                        .arg(overlay->itemText(i)).arg(changed).arg(covered)));
    }
    // Floaters: flag every other splat; the overlay marks them.
    std::vector<std::uint8_t> mask(fixture().model->core.size() + fixture().model->shell.size(), 0);
    for (std::size_t i = 0; i < mask.size(); i += 2) mask[i] = 1;
    overlay->setCurrentIndex(overlay->findData(int(sw::render::SplatOverlay::Floater)));
    const QImage none2 = m_h.viewport->renderToImage();
    m_h.viewport->setFloaterMask(mask);
    QVERIFY(countDifferent(m_h.viewport->renderToImage(), none2) > covered / 10);
    // Round splats (View menu): the game's optional alpha-to-coverage splats, one triangle each;
    // the game-scale views read the same look.
    overlay->setCurrentIndex(0);
    m_h.viewport->setFloaterMask({});
    const QImage fans = m_h.viewport->renderToImage();
    const int drawn = m_h.viewport->lastSplatStats().coreDrawn;
    m_h.viewport->setRoundSplats(true);
    QVERIFY(m_h.viewport->splatLook().roundSplats);
    const QImage round = m_h.viewport->renderToImage();
    QCOMPARE(m_h.viewport->lastSplatStats().coreDrawn, drawn);  // the same splats
    const long roundChanged = countDifferent(round, fans);
    QVERIFY2(roundChanged > 0 && roundChanged < covered / 2,
             qPrintable(QString("round against fans: %1 of %2 pixels changed").arg(roundChanged).arg(covered)));
    m_h.viewport->setRoundSplats(false);
    QCOMPARE(countDifferent(m_h.viewport->renderToImage(), fans), 0L);
    // Core and Shell check boxes: without the core most of the model is gone.
    controls.findChild<QWidget*>("viewCore")->setProperty("checked", false);
    QCOMPARE(m_h.viewport->renderToImage().isNull(), false);
    QCOMPARE(m_h.viewport->lastSplatStats().coreDrawn, 0);
    QVERIFY(m_h.viewport->lastSplatStats().shellDrawn > 0);
}

void TestViewportSplats::clickPicksASplat() {
    QSignalSpy picked(m_h.viewport, &Viewport::splatPicked);
    const auto& model = *fixture().model;
    const QPointF at = m_h.viewport->projectToWidget(model.core.pos[0]);
    click(m_h.viewport, at.toPoint());
    QCOMPARE(picked.count(), 1);
    const int index = picked.first().at(1).toInt();
    QVERIFY(index >= 0);
    const Eigen::Vector3f point = picked.first().at(0).value<Eigen::Vector3f>();
    const Eigen::Vector3f centre = index < int(model.core.size()) ? model.core.pos[std::size_t(index)]
                                                                  : model.shell.pos[std::size_t(index) - model.core.size()];
    QVERIFY((point - centre).norm() < 1e-6f);
    QVERIFY((m_h.viewport->projectToWidget(centre) - at).manhattanLength() < 12.0);
    click(m_h.viewport, {2, 2});  // a corner: nothing there, a point on the ground plane z = 0
    QCOMPARE(picked.count(), 2);
    QCOMPARE(picked.at(1).at(1).toInt(), -1);
    QVERIFY(std::abs(picked.at(1).at(0).value<Eigen::Vector3f>().z()) < 1e-3f);
}

void TestViewportSplats::effectsPanelPlaysScrubsAndScatters() {
    sw::widgets::EffectsPanel panel;
    panel.setModel(fixture().model);
    connect(&panel, &sw::widgets::EffectsPanel::effectsChanged, m_h.viewport, &Viewport::setEffects);
    panel.setEffect(sw::render::EffectKind::Scatter);
    QCOMPARE(panel.effect(), sw::render::EffectKind::Scatter);
    QCOMPARE(panel.loopSeconds(), 3.0);
    panel.setTime(0.0);
    const QImage rest = m_h.viewport->renderToImage();
    QCOMPARE(m_h.viewport->effects().scatter, 0.f);

    // Scrub with the timeline slider to the middle of the loop: progress 1.
    auto* slider = panel.findChild<QSlider*>("effectTimelineSlider");
    QVERIFY(slider);
    slider->setSliderDown(true);
    slider->setSliderPosition(slider->maximum() / 2);
    slider->setSliderDown(false);
    QVERIFY(std::abs(panel.time() - 1.5) < 1e-6);
    QVERIFY(std::abs(panel.progress() - 1.0) < 1e-6);
    QCOMPARE(m_h.viewport->effects().scatter, 1.f);
    const long changed = countDifferent(m_h.viewport->renderToImage(), rest);
    QVERIFY2(changed > countNonBackground(rest, 128) / 3, qPrintable(QString("%1 pixels changed").arg(changed)));

    // Play advances the clock (~30 fps timer), Pause stops it.
    panel.setTime(0.0);
    QSignalSpy changes(&panel, &sw::widgets::EffectsPanel::effectsChanged);
    panel.play();
    QVERIFY(panel.isPlaying());
    QTRY_VERIFY_WITH_TIMEOUT(changes.count() >= 2 && panel.time() > 0.1, 5000);
    panel.pause();
    QVERIFY(!panel.isPlaying());  // its timer is stopped: no tick can come
    const double stopped = panel.time();
    changes.clear();
    QCoreApplication::processEvents();
    QCOMPARE(changes.count(), 0);
    QCOMPARE(panel.time(), stopped);

    // Ripple: its hit point comes from a click on the model.
    panel.setEffect(sw::render::EffectKind::Ripple);
    panel.setClickTarget(sw::widgets::EffectsPanel::ClickTarget::HitPoint);
    connect(m_h.viewport, &Viewport::splatPicked, &panel, [&panel](const Eigen::Vector3f& p, int) { panel.pickPoint(p); });
    click(m_h.viewport, m_h.viewport->projectToWidget(fixture().model->core.pos[0]).toPoint());
    QVERIFY(m_h.viewport->effects().hitPoint.norm() > 0.f);
    panel.setTime(1.5);
    QVERIFY(std::abs(m_h.viewport->effects().ripple - 0.03f) < 1e-6f);
    QCOMPARE(m_h.viewport->effects().scatter, 0.f);  // only the chosen effect is driven
}

void TestViewportSplats::everyEffectMovesTheModel() {
    sw::widgets::EffectsPanel panel;
    panel.setModel(fixture().model);
    connect(&panel, &sw::widgets::EffectsPanel::effectsChanged, m_h.viewport, &Viewport::setEffects);
    panel.setTime(0.0);
    const QImage rest = m_h.viewport->renderToImage();
    const std::pair<sw::render::EffectKind, const char*> effects[] = {
        {sw::render::EffectKind::Scatter, "scatter"},   {sw::render::EffectKind::Implode, "implode"},
        {sw::render::EffectKind::Assemble, "assemble"}, {sw::render::EffectKind::Ripple, "ripple"},
        {sw::render::EffectKind::Charge, "charge"},     {sw::render::EffectKind::LinkDecay, "link decay"},
        {sw::render::EffectKind::Siphon, "siphon"},     {sw::render::EffectKind::PartXform, "part transform"}};
    for (const auto& [effect, name] : effects) {
        panel.setEffect(effect);
        panel.setTime(0.0);
        QCOMPARE(countDifferent(m_h.viewport->renderToImage(), rest), 0L);  // amount 0: no change
        panel.setTime(0.5 * panel.loopSeconds());
        const long changed = countDifferent(m_h.viewport->renderToImage(), rest);
        std::printf("%s at amount 1: %ld pixels changed\n", name, changed);
        QVERIFY2(changed > 200, name);
    }
}

void TestViewportSplats::gameScaleDockHasDocumentedSize() {
    sw::widgets::GameScalePanel panel(m_h.viewport);
    panel.setTargetHeight(80);
    QVERIFY(panel.refresh());
    // game_scale.h: a 4 px gap around tiles; rows grey/black of (H + 2·margin)·zoom; columns
    // splats ×1 and ×3 (no mesh set here).
    sw::render::GameScaleSettings s;
    s.heightPx = 80;
    std::vector<Eigen::Vector3f> points = fixture().model->core.pos;
    points.insert(points.end(), fixture().model->shell.pos.begin(), fixture().model->shell.pos.end());
    const sw::render::GameScaleFraming f = sw::render::frameGameScale(points, s);
    const int gap = 4, tileH = (80 + 2 * s.marginPx) * s.zoom;
    QCOMPARE(panel.image().height(), gap + 2 * (tileH + gap));
    QCOMPARE(panel.image().width(), gap + (f.width + gap) + (f.width * s.zoom + gap));
    // With the source mesh: its columns follow.
    m_h.viewport->setMesh(fixture().mesh);
    panel.setTargetHeight(60);
    QVERIFY(panel.refresh());
    const sw::render::GameScaleFraming f60 = [&] {
        s.heightPx = 60;
        return sw::render::frameGameScale(points, s);
    }();
    QCOMPARE(panel.image().height(), gap + 2 * ((60 + 2 * s.marginPx) * s.zoom + gap));
    QCOMPARE(panel.image().width(), gap + 2 * (f60.width + gap) + 2 * (f60.width * s.zoom + gap));
    QVERIFY(countNonBackground(panel.image(), 128) > panel.image().width() * panel.image().height() / 4);
}

// The sheet did not fit its dock (scroll bars both ways, no zoom-to-fit): fitted by default it is
// shown whole, shrunk to the dock, with no scroll bars, and follows a resize; Fit off shows it at
// its own pixels, scrolled.
void TestViewportSplats::gameScaleSheetFitsItsDock() {
    m_h.viewport->setMesh(fixture().mesh);
    sw::widgets::GameScalePanel panel(m_h.viewport);
    panel.resize(360, 420);
    panel.show();
    QVERIFY(QTest::qWaitForWindowExposed(&panel));
    QVERIFY(panel.refresh());
    auto* scroll = panel.findChild<QScrollArea*>("gameScaleScroll");
    QVERIFY(scroll);
    const QSize sheet = panel.captionedImage().size();
    QVERIFY(sheet.width() > scroll->viewport()->width());  // too large for the dock as it is
    QVERIFY(panel.fitted());
    const auto fits = [&] {
        const QSize shown = panel.shownSheetSize(), room = scroll->viewport()->size();
        return shown.width() <= room.width() && shown.height() <= room.height() &&
               (shown.width() == room.width() || shown.height() == room.height());  // as large as fits
    };
    QVERIFY2(fits(), qPrintable(QString("%1x%2 in %3x%4").arg(panel.shownSheetSize().width()).arg(panel.shownSheetSize().height())
                                    .arg(scroll->viewport()->width()).arg(scroll->viewport()->height())));
    QVERIFY(!scroll->horizontalScrollBar()->isVisible() && !scroll->verticalScrollBar()->isVisible());
    panel.resize(500, 640);
    QTRY_VERIFY(fits());
    panel.setFitted(false);
    QCOMPARE(panel.shownSheetSize(), sheet);
    QTRY_VERIFY(scroll->horizontalScrollBar()->isVisible() || scroll->verticalScrollBar()->isVisible());
}

// Issue 16 build 5: every tile has a caption (splats/mesh, ×1/×3 over the columns, grey/black
// beside the rows); a changed setting refreshes a shown panel by itself, a hidden one when shown.
void TestViewportSplats::gameScaleTilesAreCaptionedAndRefreshLive() {
    m_h.viewport->setMesh(fixture().mesh);
    sw::widgets::GameScalePanel panel(m_h.viewport);
    panel.resize(700, 700);
    panel.show();
    QVERIFY(QTest::qWaitForWindowExposed(&panel));
    QSignalSpy refreshed(&panel, &sw::widgets::GameScalePanel::refreshed);
    QVERIFY(refreshed.wait(5000));  // shown with nothing rendered yet: it renders itself
    QStringList texts;
    for (const auto& c : panel.captions()) texts << c.text;
    QCOMPARE(texts, (QStringList{"splats ×1", "grey", "mesh ×1", "splats ×3", "mesh ×3", "black"}));
    const QImage& captioned = panel.captionedImage();
    QVERIFY(captioned.width() > panel.image().width() && captioned.height() > panel.image().height());
    for (const auto& a : panel.captions()) {
        QVERIFY2(captioned.rect().contains(a.rect), qPrintable(a.text));
        QVERIFY2(QFontMetrics(panel.font()).horizontalAdvance(a.text) <= a.rect.width(), qPrintable(a.text));  // untruncated
        for (const auto& b : panel.captions())
            if (&a != &b) QVERIFY2(!a.rect.intersects(b.rect), qPrintable(a.text + " / " + b.text));
    }
    captioned.save(QStringLiteral("game-scale-captioned.png"));
    // Live: a new height renders without Refresh.
    const int before = panel.image().height();
    panel.setTargetHeight(60);
    QVERIFY(refreshed.wait(5000));
    QVERIFY(panel.image().height() < before);
    // Hidden: it waits, stale, and renders when shown again.
    panel.hide();
    refreshed.clear();
    panel.setTargetHeight(100);
    QVERIFY(!panel.refreshPending());  // nothing scheduled: no refresh can come while hidden
    QCOMPARE(refreshed.count(), 0);
    QVERIFY(panel.isStale());
    panel.show();
    QVERIFY(panel.refreshPending());
    QVERIFY(refreshed.wait(5000));
    QVERIFY(panel.image().height() > before);
    QVERIFY(!panel.isStale());

    // A/B compare: B is another model from the editor's loader, drawn below A with the same
    // settings; each half is headed by its name and numbers.
    const auto preview = std::make_shared<const sw::formats::Spl2Model>(sw::render::previewModelFromCloud(*fixture().cloud));
    panel.setCompareSources([] { return QStringList{"/project/cache/training/cloud.ply"}; },
                            [preview](const QString& path) -> sw::Result<sw::widgets::GameScalePanel::ModelPtr> {
                                if (path.endsWith("cloud.ply")) return preview;
                                return sw::makeError(sw::ErrorCode::Io, "no such file", path.toStdString());
                            });
    auto* b = panel.findChild<QComboBox*>("compareB");
    QVERIFY(b && b->findData("/project/cache/training/cloud.ply") >= 0);
    const int single = panel.captionedImage().height();
    QVERIFY(panel.setCompare(QString(), "/project/cache/training/cloud.ply"));
    QVERIFY(panel.comparing());
    QCOMPARE(panel.compareHeadings().size(), 2);
    const std::size_t nA = fixture().model->core.size() + fixture().model->shell.size();
    const std::size_t nB = preview->core.size() + preview->shell.size();
    QVERIFY2(panel.compareHeadings()[0].startsWith("A: current view — " + QString::number(nA) + " splat"),
             qPrintable(panel.compareHeadings()[0]));
    QVERIFY2(panel.compareHeadings()[1].startsWith("B: training/cloud.ply — " + QString::number(nB) + " splat"),
             qPrintable(panel.compareHeadings()[1]));
    QVERIFY(panel.compareHeadings()[0].contains("chunk"));  // the bake has chunks
    QVERIFY(panel.captionedImage().height() > 2 * single - 40);
    int headings = 0, meshCaptions = 0;
    for (const auto& c : panel.captions()) {
        headings += panel.compareHeadings().contains(c.text);
        meshCaptions += c.text == "mesh ×3";
    }
    QCOMPARE(headings, 2);
    QCOMPARE(meshCaptions, 2);  // both halves beside the same mesh
    // The two halves differ (another model), and the viewport still shows its own.
    const QImage& ab = panel.captionedImage();
    const int half = ab.height() / 2;
    QVERIFY(ab.copy(0, 0, ab.width(), half) != ab.copy(0, half, ab.width(), ab.height() - half));
    QCOMPARE(m_h.viewport->splatModel(), fixture().model);
    ab.save(QStringLiteral("game-scale-ab.png"));
    // A file that cannot be read: the message names it, nothing stale stays.
    QVERIFY(!panel.setCompare(QString(), "/project/missing.bin"));
    QVERIFY(panel.findChild<QLabel*>("gameScaleInfo")->text().contains("/project/missing.bin"));
    QVERIFY(panel.captionedImage().isNull());
    QVERIFY(panel.setCompare(QString(), "none"));
    QVERIFY(!panel.comparing() && panel.compareHeadings().isEmpty());
}

void TestViewportSplats::survivesRedockWithSplats() {
    QSignalSpy frames(m_h.viewport, &Viewport::frameRendered);
    QVERIFY(countNonBackground(m_h.viewport->renderToImage(), 128) > 1000);
    m_h.dockB->setWidget(m_h.viewport);
    m_h.dockB->show();
    QVERIFY(QTest::qWaitForWindowExposed(m_h.dockB));
    m_h.viewport->update();
    QVERIFY(frames.wait(5000));
    QVERIFY(countNonBackground(m_h.viewport->renderToImage(), 128) > 1000);
    QSignalSpy contextEnds(m_h.viewport->context(), &QOpenGLContext::aboutToBeDestroyed);
    m_h.dockB->setFloating(true);  // a new top-level window: the context is recreated
    QVERIFY(QTest::qWaitForWindowExposed(m_h.dockB));
    frames.clear();
    m_h.viewport->update();
    QVERIFY(frames.wait(5000));
    QCOMPARE(contextEnds.count(), 1);
    m_h.viewport->setLodCoreCount(100);
    QVERIFY(countNonBackground(m_h.viewport->renderToImage(), 128) > 100);
    QCOMPARE(m_h.viewport->lastSplatStats().coreDrawn, 100);
    m_h.dockB->setFloating(false);
    QVERIFY(QTest::qWaitForWindowExposed(m_h.window.get()));
    m_h.viewport->setLodCoreCount(-1);
    m_h.viewport->setBackground(Viewport::Background::Black);
    QVERIFY(countNonBackground(m_h.viewport->renderToImage(), 0) > 1000);
}

void TestViewportSplats::mainWindowShowsCloudThenBakedModel() {
    sw::editor::MainWindow window;
    window.show();
    QVERIFY(QTest::qWaitForWindowExposed(&window));
    Viewport* viewport = window.viewport();
    QCOMPARE(viewport->content(), Viewport::Content::Mesh);
    window.document()->setCloud(fixture().cloud, "test");  // preview model built on a worker thread
    QTRY_VERIFY_WITH_TIMEOUT(viewport->splatModel() != nullptr, 10000);
    QCOMPARE(viewport->content(), Viewport::Content::Splats);
    QCOMPARE(viewport->splatModel()->core.size() + viewport->splatModel()->shell.size(), fixture().cloud->size());
    auto* controls = window.findChild<sw::widgets::ViewControls*>("viewControls");
    QVERIFY(controls);
    QCOMPARE(controls->lodSlider()->maximum(), int(viewport->splatModel()->core.size()));

    std::vector<std::uint8_t> mask(fixture().model->core.size() + fixture().model->shell.size(), 0);
    window.document()->setSpl2(fixture().model, mask);
    QCOMPARE(viewport->splatModel(), fixture().model);
    QCOMPARE(controls->lodSlider()->maximum(), int(fixture().model->core.size()));
    controls->overlayBox()->setCurrentIndex(controls->overlayBox()->findData(int(sw::render::SplatOverlay::Part)));
    QVERIFY(countNonBackground(viewport->renderToImage(), 128) > 1000);
    saveScreenshot(&window, "editor-splats.png");

    auto* effectsDock = window.findChild<QDockWidget*>("effectsDock");
    auto* effects = window.findChild<sw::widgets::EffectsPanel*>("effectsPanel");
    QVERIFY(effectsDock && effects);
    controls->overlayBox()->setCurrentIndex(0);
    effectsDock->raise();
    effects->setEffect(sw::render::EffectKind::Scatter);
    effects->setTime(0.25 * effects->loopSeconds());  // mid-effect: amount 0.5
    QCOMPARE(viewport->effects().scatter, 0.5f);
    saveScreenshot(&window, "editor-effects.png");

    effects->setTime(0.0);
    auto* gameDock = window.findChild<QDockWidget*>("gameScaleDock");
    auto* game = window.findChild<sw::widgets::GameScalePanel*>("gameScalePanel");
    QVERIFY(gameDock && game);
    QSignalSpy gameRefreshed(game, &sw::widgets::GameScalePanel::refreshed);
    gameDock->raise();  // it renders the model shown by itself when raised
    QVERIFY(gameRefreshed.wait(5000));
    QVERIFY(!game->image().isNull());
    const QImage plain = game->image();
    // The look changes (an overlay): the sheet follows without Refresh.
    controls->overlayBox()->setCurrentIndex(controls->overlayBox()->findData(int(sw::render::SplatOverlay::Part)));
    QVERIFY(gameRefreshed.wait(5000));
    QVERIFY(game->image() != plain);
    controls->overlayBox()->setCurrentIndex(0);
    QVERIFY(gameRefreshed.wait(5000));
    saveScreenshot(&window, "editor-game-scale.png");

    window.document()->setCloud(nullptr, {});
    QCOMPARE(viewport->splatModel(), nullptr);
    QCOMPARE(viewport->content(), Viewport::Content::Mesh);
}

int main(int argc, char** argv) {
    if (qEnvironmentVariable("QT_QPA_PLATFORM") == "xcb" && qEnvironmentVariableIsEmpty("DISPLAY")) {
        std::printf("SKIP: no X display (run under xvfb-run, as ./scripts/test does)\n");
        return 77;
    }
    QApplication app(argc, argv);
    TestViewportSplats test;
    return QTest::qExec(&test, argc, argv);
}

#include "tst_viewport_splats.moc"
