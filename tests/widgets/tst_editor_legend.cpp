// Issue #16 items 7 and 8: one overlay palette and a legend for every overlay; the Effects
// panel's scrub bar and keys. The part overlay's colours (splat shader, mesh overlay) equal the
// Parts list swatches; every splat overlay and the mesh part colours show a legend in the
// viewport's corner whose swatches are the palette's colours; the rendered Part overlay draws
// the palette's colours. A click on the scrub groove moves the handle, the time label and the
// viewport's effect time to the clicked place; arrows, Page Up/Down, Home/End scrub, Space plays
// and pauses; the "Off" effect drives no effect.
#include <QApplication>
#include <QComboBox>
#include <QLabel>
#include <QSignalSpy>
#include <QSlider>
#include <QStyle>
#include <QStyleOptionSlider>
#include <QTableWidget>
#include <QTest>
#include <cstdio>
#include <map>

#include "app/editor/editor_document.h"
#include "app/editor/main_window.h"
#include "core/bake/bake.h"
#include "core/bake/surface_sample.h"
#include "core/demo/demo_drone.h"
#include "core/foundation/log.h"
#include "core/render/overlay_palette.h"
#include "widgets/effects_panel.h"
#include "widgets/overlay_legend.h"
#include "widgets/param_panel.h"
#include "widgets/parts_panel.h"
#include "widgets/view_controls.h"
#include "widgets/viewport.h"

using sw::render::SplatOverlay;
using sw::widgets::Viewport;

namespace {

struct Fixture {
    std::shared_ptr<const sw::geometry::Mesh> mesh;
    std::shared_ptr<const sw::formats::Spl2Model> model;
};

// The demo drone (seed 7), 6000 surface samples (seed 3, 8 % shell), baked without a dataset.
const Fixture& fixture() {
    static const Fixture f = [] {
        Fixture out;
        auto drone = sw::demo::generateDemoDrone(sw::demo::DemoSettings{});
        SW_REQUIRE(drone.ok(), drone.error().message);
        out.mesh = std::make_shared<const sw::geometry::Mesh>(drone->mesh);
        sw::bake::SurfaceSampleSettings ss;
        ss.seed = 3;
        ss.shellShare = 0.08f;
        const sw::splat::SplatCloud cloud = sw::bake::sampleSurface(*out.mesh, ss);
        auto baked = sw::bake::bakeModel(cloud, *out.mesh, nullptr, sw::bake::BakeSettings{});
        SW_REQUIRE(baked.ok(), baked.error().message);
        out.model = std::make_shared<const sw::formats::Spl2Model>(std::move(baked->spl2));
        return out;
    }();
    return f;
}

QColor qcolor(const sw::render::OverlayRgb& c) { return QColor::fromRgbF(c.r, c.g, c.b); }

bool near(const QColor& a, const QColor& b, int tolerance) {
    return std::abs(a.red() - b.red()) <= tolerance && std::abs(a.green() - b.green()) <= tolerance &&
           std::abs(a.blue() - b.blue()) <= tolerance;
}

// The point in the slider's groove at fraction f of its travel (handle centre).
QPoint groovePoint(QSlider* slider, double f) {
    QStyleOptionSlider opt;
    opt.initFrom(slider);
    opt.orientation = slider->orientation();
    opt.minimum = slider->minimum();
    opt.maximum = slider->maximum();
    opt.sliderPosition = slider->sliderPosition();
    const QRect groove = slider->style()->subControlRect(QStyle::CC_Slider, &opt, QStyle::SC_SliderGroove, slider);
    const QRect handle = slider->style()->subControlRect(QStyle::CC_Slider, &opt, QStyle::SC_SliderHandle, slider);
    const int span = groove.width() - handle.width();
    return {groove.x() + handle.width() / 2 + int(std::lround(f * span)), groove.center().y()};
}

}  // namespace

class TestEditorLegend : public QObject {
    Q_OBJECT
private slots:
    void partsListSwatchesArePaletteColours();
    void everyOverlayHasALegendFromThePalette();
    void renderedPartOverlayUsesThePalette();
    void scrubGrooveClickMovesHandleLabelAndViewport();
    void keysScrubAndSpacePlays();
    void effectOffDrivesNothing();
};

void TestEditorLegend::partsListSwatchesArePaletteColours() {
    sw::widgets::PartsPanel panel;
    panel.setMesh(fixture().mesh);
    const std::size_t faces = fixture().mesh->triangleCount();
    std::vector<int> facePart(faces);
    for (std::size_t f = 0; f < faces; ++f) facePart[f] = int(f % 8);
    panel.setParts(facePart, {"hull", "arms", "rotors", "eye", "legs", "gun", "fins", "belly"});
    auto* table = panel.findChild<QTableWidget*>("partsTable");
    QVERIFY(table);
    QCOMPARE(table->rowCount(), 8);
    const std::vector<sw::render::GizmoColor> overlay = panel.overlayColors();
    for (int p = 0; p < 8; ++p) {
        const QColor palette = qcolor(sw::render::partOverlayColor(p));
        QCOMPARE(sw::widgets::PartsPanel::partColor(p), palette);
        const QColor swatch = table->item(p, 0)->icon().pixmap(12, 12).toImage().pixelColor(6, 6);
        QVERIFY2(near(swatch, palette, 1), qPrintable(QString("part %1 swatch %2 vs %3").arg(p).arg(swatch.name(), palette.name())));
        const sw::render::GizmoColor face = overlay[std::size_t(p)];  // face p is in part p
        QVERIFY(std::abs(face.x() - float(palette.redF())) < 1e-3f && std::abs(face.y() - float(palette.greenF())) < 1e-3f &&
                std::abs(face.z() - float(palette.blueF())) < 1e-3f);
    }
}

void TestEditorLegend::everyOverlayHasALegendFromThePalette() {
    sw::editor::MainWindow window;
    window.show();
    QVERIFY(QTest::qWaitForWindowExposed(&window));
    sw::widgets::OverlayLegend* legend = window.overlayLegend();
    QVERIFY(legend);
    QVERIFY(legend->isHidden());
    QSignalSpy shown(&window, &sw::editor::MainWindow::modelShown);
    window.openDemo();
    QTRY_VERIFY_WITH_TIMEOUT(shown.count() == 1, 60000);
    QVERIFY(window.partsPanel()->partCount() >= 2);

    // The mesh's part colours (View ▸ Part Colours) have their legend: one swatch per part.
    window.actions().partColours->setChecked(true);
    QVERIFY(legend->isVisible());
    QCOMPARE(int(legend->entries().size()), window.partsPanel()->partCount());
    for (int p = 0; p < window.partsPanel()->partCount(); ++p) {
        QCOMPARE(legend->entries()[std::size_t(p)].color, sw::widgets::PartsPanel::partColor(p));
        QCOMPARE(legend->entries()[std::size_t(p)].text, window.partsPanel()->partName(p));
    }
    window.actions().partColours->setChecked(false);
    QVERIFY(legend->isHidden());

    std::vector<std::uint8_t> mask(fixture().model->core.size() + fixture().model->shell.size(), 0);
    window.document()->setSpl2(fixture().model, mask);
    QCOMPARE(window.viewport()->content(), Viewport::Content::Splats);
    QComboBox* box = window.viewControls()->overlayBox();
    const std::map<SplatOverlay, std::vector<QColor>> expected = {
        {SplatOverlay::Part, {qcolor(sw::render::partOverlayColor(0)), qcolor(sw::render::partOverlayColor(1))}},
        {SplatOverlay::Material, {qcolor(sw::render::materialOverlayColor(0)), qcolor(sw::render::materialOverlayColor(1))}},
        {SplatOverlay::Chunk, {qcolor(sw::render::chunkOverlayColor(0)), qcolor(sw::render::chunkOverlayColor(1))}},
        {SplatOverlay::Ao, {qcolor(sw::render::aoOverlayColor(0.f)), qcolor(sw::render::aoOverlayColor(0.5f))}},
        {SplatOverlay::Emission, {qcolor(sw::render::emissionOverlayColor(1)), qcolor(sw::render::emissionOverlayColor(8))}},
        {SplatOverlay::Shape, {qcolor(sw::render::shapeOverlayColor(0)), qcolor(sw::render::shapeOverlayColor(1))}},
        {SplatOverlay::Floater, {qcolor(sw::render::floaterOverlayColor())}}};
    QStringList titles;
    for (const auto& [overlay, colors] : expected) {
        box->setCurrentIndex(box->findData(int(overlay)));
        QVERIFY2(legend->isVisible(), qPrintable(box->currentText()));
        QVERIFY(!legend->title().isEmpty());
        QVERIFY(!titles.contains(legend->title()));  // each overlay its own legend
        titles << legend->title();
        QVERIFY(int(legend->entries().size()) >= int(colors.size()));
        for (std::size_t i = 0; i < colors.size(); ++i) {
            QCOMPARE(legend->entries()[i].color, colors[i]);
            QVERIFY(near(legend->swatchColor(int(i)), colors[i], 1));
            QVERIFY(!legend->entries()[i].text.isEmpty());
        }
        // Tall enough for every row, switched straight from the previous overlay (not through None).
        QVERIFY2(legend->height() >= int(legend->entries().size()) * 12 + legend->findChild<QLabel*>("overlayLegendTitle")->height(),
                 qPrintable(QStringLiteral("%1: %2 px for %3 rows").arg(legend->title()).arg(legend->height()).arg(legend->entries().size())));
        // In the viewport's bottom-left corner, inside it.
        QCOMPARE(legend->parentWidget(), window.viewport());
        QVERIFY(window.viewport()->rect().contains(legend->geometry()));
        QVERIFY(legend->geometry().bottom() > window.viewport()->height() / 2);
    }
    // The Part legend names the model's parts (the Parts list names).
    box->setCurrentIndex(box->findData(int(SplatOverlay::Part)));
    QCOMPARE(int(legend->entries().size()), window.partsPanel()->partCount());
    QCOMPARE(legend->entries()[0].text, window.partsPanel()->partName(0));
    box->setCurrentIndex(box->findData(int(SplatOverlay::None)));
    QVERIFY(legend->isHidden());
}

void TestEditorLegend::renderedPartOverlayUsesThePalette() {
    // The shader's part colours come from the palette: the most frequent colours of the Part
    // overlay render are the palette's colours of the model's parts.
    sw::editor::MainWindow window;
    window.show();
    QVERIFY(QTest::qWaitForWindowExposed(&window));
    window.document()->setSpl2(fixture().model, {});
    window.viewControls()->overlayBox()->setCurrentIndex(window.viewControls()->overlayBox()->findData(int(SplatOverlay::Part)));
    const QImage image = window.viewport()->renderToImage();
    std::map<int, int> parts;  // part → splats
    for (const Eigen::Vector4f& a : fixture().model->core.attrs) ++parts[int(std::floor(a.y() / 16.f + 1.f / 64.f))];
    long matched = 0, foreground = 0;
    const QColor background = image.pixelColor(1, 1);
    for (int y = 0; y < image.height(); ++y)
        for (int x = 0; x < image.width(); ++x) {
            const QColor c = image.pixelColor(x, y);
            if (near(c, background, 2)) continue;
            ++foreground;
            for (const auto& [part, count] : parts)
                if (near(c, qcolor(sw::render::partOverlayColor(part)), 3)) {
                    ++matched;
                    break;
                }
        }
    std::printf("part overlay: %ld of %ld foreground pixels are palette colours\n", matched, foreground);
    QVERIFY(foreground > 1000);
    QVERIFY2(matched > foreground / 2, qPrintable(QString("%1 of %2").arg(matched).arg(foreground)));
}

void TestEditorLegend::scrubGrooveClickMovesHandleLabelAndViewport() {
    Viewport viewport;
    viewport.resize(200, 150);
    sw::widgets::EffectsPanel panel;
    connect(&panel, &sw::widgets::EffectsPanel::effectsChanged, &viewport, &Viewport::setEffects);
    panel.resize(400, 600);
    panel.show();
    QVERIFY(QTest::qWaitForWindowExposed(&panel));
    panel.setEffect(sw::render::EffectKind::Scatter);
    panel.setTime(0.0);
    auto* slider = panel.findChild<QSlider*>("effectTimelineSlider");
    auto* label = panel.findChild<QLabel*>("effectTimeLabel");
    QVERIFY(slider && label);
    const QString before = label->text();
    QSignalSpy changes(&panel, &sw::widgets::EffectsPanel::effectsChanged);
    QTest::mouseClick(slider, Qt::LeftButton, {}, groovePoint(slider, 0.75));
    // The handle jumped to the click (not one page step), and the time follows it.
    const double fraction = double(slider->value()) / slider->maximum();
    QVERIFY2(std::abs(fraction - 0.75) < 0.03, qPrintable(QString::number(fraction)));
    QVERIFY(std::abs(panel.time() - fraction * panel.loopSeconds()) < 1e-3);
    QVERIFY(label->text() != before);
    QVERIFY2(label->text().contains(QString::number(panel.time(), 'f', 2)), qPrintable(label->text()));
    QVERIFY(changes.count() >= 1);
    QVERIFY(std::abs(viewport.effects().time - float(panel.time())) < 1e-4f);
    QVERIFY(std::abs(viewport.effects().scatter - float(panel.progress())) < 1e-5f);
    QVERIFY(viewport.effects().scatter > 0.4f);  // t = 0.75 loop: amount 0.5
    // Dragging on from the clicked place keeps working.
    QTest::mousePress(slider, Qt::LeftButton, {}, groovePoint(slider, 0.25));
    QTest::mouseMove(slider, groovePoint(slider, 0.5));
    QTest::mouseRelease(slider, Qt::LeftButton, {}, groovePoint(slider, 0.5));
    QVERIFY2(std::abs(panel.time() / panel.loopSeconds() - 0.5) < 0.03, qPrintable(QString::number(panel.time())));
    QVERIFY(std::abs(viewport.effects().time - float(panel.time())) < 1e-4f);
}

void TestEditorLegend::keysScrubAndSpacePlays() {
    sw::widgets::EffectsPanel panel;
    panel.show();
    QVERIFY(QTest::qWaitForWindowExposed(&panel));
    panel.setTime(0.0);
    auto* slider = panel.findChild<QSlider*>("effectTimelineSlider");
    auto* label = panel.findChild<QLabel*>("effectTimeLabel");
    slider->setFocus();
    const double loop = panel.loopSeconds();
    QTest::keyClick(slider, Qt::Key_Right);
    QVERIFY(std::abs(panel.time() - 0.01 * loop) < 1e-6);
    QTest::keyClick(slider, Qt::Key_PageUp);
    QVERIFY(std::abs(panel.time() - 0.11 * loop) < 1e-6);
    QVERIFY(label->text().contains(QString::number(panel.time(), 'f', 2)));
    QTest::keyClick(slider, Qt::Key_Left);
    QVERIFY(std::abs(panel.time() - 0.10 * loop) < 1e-6);
    QTest::keyClick(slider, Qt::Key_End);
    QVERIFY(panel.time() > 0.999 * loop && panel.time() < loop);
    QCOMPARE(slider->value(), slider->maximum());
    QTest::keyClick(slider, Qt::Key_Home);
    QCOMPARE(panel.time(), 0.0);
    QTest::keyClick(slider, Qt::Key_PageDown);  // already at the start: stays
    QCOMPARE(panel.time(), 0.0);
    QVERIFY(!panel.isPlaying());
    QTest::keyClick(slider, Qt::Key_Space);
    QVERIFY(panel.isPlaying());
    QTRY_VERIFY_WITH_TIMEOUT(panel.time() > 0.05, 5000);
    QTest::keyClick(slider, Qt::Key_Space);
    QVERIFY(!panel.isPlaying());  // its timer is stopped: no tick can come
    const double stopped = panel.time();
    QSignalSpy changes(&panel, &sw::widgets::EffectsPanel::effectsChanged);
    QCoreApplication::processEvents();
    QCOMPARE(changes.count(), 0);
    QCOMPARE(panel.time(), stopped);
}

void TestEditorLegend::effectOffDrivesNothing() {
    sw::widgets::EffectsPanel panel;
    panel.setModel(fixture().model);
    const auto* combo = panel.findChild<QComboBox*>("effect");
    QVERIFY(combo);
    QVERIFY(combo->findData(QStringLiteral("Off")) >= 0);
    for (const auto effect : {sw::render::EffectKind::Scatter, sw::render::EffectKind::Ripple, sw::render::EffectKind::PartXform}) {
        panel.setEffect(effect);
        panel.setTime(0.5 * panel.loopSeconds());
        panel.setEffect(sw::render::EffectKind::Off);
        QCOMPARE(panel.effect(), sw::render::EffectKind::Off);
        const sw::render::EffectParams e = panel.effectParams();
        QCOMPARE(e.scatter, 0.f);
        QCOMPARE(e.implode, 0.f);
        QCOMPARE(e.assemble, 0.f);
        QCOMPARE(e.ripple, 0.f);
        QCOMPARE(e.charge, 0.f);
        QCOMPARE(e.linkDecay, 0.f);
        QCOMPARE(e.siphon, 0.f);
        QCOMPARE(e.partXform, 0);
    }
    // No knob of any effect is shown while Off.
    auto* knobs = panel.knobsPanel();
    for (const sw::ParamSpec& spec : sw::render::effectsSchema().schema().params()) {
        QWidget* editor = knobs->editorFor(QString::fromStdString(spec.name));
        QVERIFY(editor);
        QVERIFY2(!editor->isVisibleTo(&panel), spec.name.c_str());
    }
}

int main(int argc, char** argv) {
    if (qEnvironmentVariable("QT_QPA_PLATFORM") == "xcb" && qEnvironmentVariableIsEmpty("DISPLAY")) {
        std::printf("SKIP: no X display (run under xvfb-run, as ./scripts/test does)\n");
        return 77;
    }
    QApplication app(argc, argv);
    TestEditorLegend test;
    return QTest::qExec(&test, argc, argv);
}

#include "tst_editor_legend.moc"
