// The editor's Foliage dock (issue 35 §6): a FoliagePanel wired to a viewport in a main window
// the way the editor wires them. Its settings round-trip through the project file (save, load,
// the same values in a fresh dock; a project without the section loads the defaults) and
// through the exported scene JSON (parseSceneJson gives the same values, a file the program did
// not write is replaced only when asked); a preset sets the wind; undo restores the previous
// value; play advances the time and the viewport's frame changes with wind on and stays
// bit-identical with wind off; a bender added and dragged in the viewport moves the plants; a
// re-docked viewport (new GL context) keeps drawing the foliage. The game-scale tiles draw the
// preview's foliage in the dock's wind and time. Benders added, loaded, removed and dragged are
// undo steps and are kept through the project file.
#include <QApplication>
#include <QDoubleSpinBox>
#include <QSignalSpy>
#include <QTemporaryDir>
#include <QTest>
#include <QUndoStack>
#include <nlohmann/json.hpp>

#include "core/foliage/bender.h"
#include "core/foundation/file_io.h"
#include "core/project/project.h"
#include "core/render/foliage_renderer.h"
#include "tests/core/tst_foliage_fixture.h"
#include "tests/widgets/viewport_harness.h"
#include "widgets/foliage_panel.h"
#include "widgets/game_scale_panel.h"
#include "widgets/param_panel.h"
#include "widgets/viewport.h"

using sw::widgets::FoliagePanel;
using sw::widgets::Viewport;

namespace {

// Three rows of grass cards (green, opaque), 0.6 m tall, standing on z = 0.
std::shared_ptr<const sw::geometry::Mesh> grass() {
    sw::geometry::Mesh mesh;
    sw::geometry::Material m;
    m.name = "M_Grass_01";
    m.baseColorFactor = {0.3f, 0.6f, 0.2f, 1.f};
    mesh.materials.push_back(m);
    for (int y = 0; y < 3; ++y)
        for (int x = 0; x < 3; ++x)
            sw::test::addCard(mesh, {0.25f * float(x - 1), 0.25f * float(y - 1), 0.f}, 0.2f, 0.6f, 0);
    return std::make_shared<const sw::geometry::Mesh>(std::move(mesh));
}

int differingPixels(const QImage& a, const QImage& b, bool skipOrange = false) {
    if (a.size() != b.size()) return -1;
    int n = 0;
    for (int y = 0; y < a.height(); ++y)
        for (int x = 0; x < a.width(); ++x) {
            if (a.pixel(x, y) == b.pixel(x, y)) continue;
            const QColor c(b.pixel(x, y));
            if (skipOrange && c.red() > 200 && c.green() > 100 && c.green() < 180 && c.blue() < 80) continue;  // the capsule
            ++n;
        }
    return n;
}

void setParam(sw::widgets::ParamPanel* panel, const char* name, sw::ParamValue value) {
    sw::ParamSet p = panel->params();
    QVERIFY(p.set(name, value).ok());
    panel->setParams(p);
    emit panel->changed(QString::fromLatin1(name));
}

}  // namespace

class TestFoliagePanel : public QObject {
    Q_OBJECT

private:
    sw::test::ViewportHarness h;
    FoliagePanel* panel = nullptr;

    // The harness window with a FoliagePanel in dock B, wired like the editor.
    void startViewport() {
        h.start(900);
        panel = new FoliagePanel;
        h.dockB->setWidget(panel);
        connect(panel, &FoliagePanel::viewChanged, h.viewport, &Viewport::setFoliageView);
        connect(h.viewport, &Viewport::benderDragged, panel, &FoliagePanel::moveBender);
        h.viewport->setMesh(grass());
        h.window->show();
        QVERIFY(QTest::qWaitForWindowExposed(h.window.get()));
        sw::foliage::FoliagePreviewSettings preview;
        preview.enabled = true;
        preview.count = 6;
        preview.area = 2.f;
        panel->setSettings({}, preview);
        QVERIFY(h.viewport->showsFoliage());
    }

private slots:
    void presetSetsWind() {
        FoliagePanel p;
        QVERIFY(p.windPanel()->applyPreset("builtin:storm"));
        const sw::foliage::WindSettings w = p.settings().wind;
        QCOMPARE(w.speed, 20.f);
        QCOMPARE(w.turbulence, 1.2f);
        QCOMPARE(w.gust, 0.9f);
        QCOMPARE(w.gustSpeed, 14.f);
        QVERIFY(p.windPanel()->applyPreset("builtin:calm"));
        QCOMPARE(p.settings().wind.speed, 2.f);
        QCOMPARE(p.windPanel()->matchingPreset(), QStringLiteral("builtin:calm"));
    }

    void undoRestoresPreviousValue() {
        QUndoStack stack;
        FoliagePanel p;
        p.setUndoStack(&stack);
        QSignalSpy views(&p, &FoliagePanel::viewChanged);
        QVERIFY(p.windPanel()->applyPreset("builtin:storm"));
        QCOMPARE(p.settings().wind.speed, 20.f);
        auto* touch = qobject_cast<QDoubleSpinBox*>(p.lookPanel()->editorFor("touch"));
        QVERIFY(touch);
        touch->setValue(1.5);
        QCOMPARE(p.settings().look.touch, 1.5f);
        QVERIFY(stack.count() >= 2);
        stack.undo();
        QCOMPARE(p.settings().look.touch, 0.6f);
        stack.undo();
        QCOMPARE(p.settings().wind.speed, 8.3f);
        QVERIFY(!views.isEmpty());  // the viewport follows undo
        stack.redo();
        QCOMPARE(p.settings().wind.speed, 20.f);
    }

    void roundTripsThroughProject() {
        QTemporaryDir dir;
        const QString model = dir.filePath("grass.glb");
        QVERIFY(sw::writeFileAtomic(model.toStdString(), std::string("not read here")).ok());
        FoliagePanel p;
        QVERIFY(p.windPanel()->applyPreset("builtin:storm"));
        setParam(p.lookPanel(), "variation", 0.8);
        setParam(p.touchPanel(), "radius", 1.25);
        setParam(p.previewPanel(), "count", std::int64_t(40));
        setParam(p.previewPanel(), "fade-end", 30.0);
        const QString path = dir.filePath("grass.splatproj");
        auto project = sw::project::newProject(model.toStdString(), path.toStdString());
        QVERIFY(project.ok());
        project->foliage = p.settings();  // what the editor's project controller stores
        project->foliagePreview = p.preview();
        QVERIFY(sw::project::saveProject(*project, path.toStdString()).ok());
        auto loaded = sw::project::loadProject(path.toStdString());
        QVERIFY2(loaded.ok(), loaded.ok() ? "" : loaded.error().toString().c_str());
        FoliagePanel q;
        q.setSettings(loaded->foliage, loaded->foliagePreview);
        // The same values as the settings hold them (float), field by field.
        const auto same = [](const auto& schema, const auto& a, const auto& b) {
            return schema.toParams(a).toJson() == schema.toParams(b).toJson();
        };
        QVERIFY(same(sw::foliage::windSchema(), q.settings().wind, p.settings().wind));
        QVERIFY(same(sw::foliage::lookSchema(), q.settings().look, p.settings().look));
        QVERIFY(same(sw::foliage::touchSchema(), q.settings().touch, p.settings().touch));
        QVERIFY(same(sw::foliage::previewSchema(), q.preview(), p.preview()));
        QCOMPARE(q.settings().look.variation, 0.8f);
        QCOMPARE(q.preview().count, 40);
        QCOMPARE(q.settings().touch.radius, 1.25f);
        // A project written before the section existed opens with the defaults.
        auto doc = nlohmann::json::parse(sw::project::projectToJson(*project, path.toStdString()));
        QVERIFY(doc.contains("foliage"));
        doc.erase("foliage");
        auto old = sw::project::projectFromJson(doc.dump(), path.toStdString());
        QVERIFY(old.ok());
        QCOMPARE(old->foliage.wind.speed, 8.3f);
        QCOMPARE(old->foliagePreview.count, 25);
        // A wrong type names the key and the file.
        doc["foliage"] = {{"wind", {{"params", {{"speed", "fast"}}}}}};
        auto bad = sw::project::projectFromJson(doc.dump(), path.toStdString());
        QVERIFY(!bad.ok());
        QVERIFY(bad.error().toString().find("foliage.wind") != std::string::npos);
        QVERIFY(bad.error().toString().find("grass.splatproj") != std::string::npos);
    }

    void roundTripsThroughExportedJson() {
        QTemporaryDir dir;
        const QString model = dir.filePath("grass.glb");
        QVERIFY(sw::writeFileAtomic(model.toStdString(), std::string("not read here")).ok());
        FoliagePanel p;
        QVERIFY(!p.exportJson().ok());  // no asset yet
        p.setAssetPath(model);
        QCOMPARE(p.exportPath(), dir.filePath("grass.foliage.json"));
        QVERIFY(p.windPanel()->applyPreset("builtin:breeze"));
        setParam(p.windPanel(), "direction-y", -0.5);
        setParam(p.lookPanel(), "sun-wrap", 0.9);
        setParam(p.lookPanel(), "touch", 1.1);
        setParam(p.previewPanel(), "fade-start", 30.0);
        setParam(p.previewPanel(), "fade-end", 40.0);
        const sw::Status written = p.exportJson();
        QVERIFY2(written.ok(), written.ok() ? "" : written.error().toString().c_str());
        auto text = sw::readFileText(p.exportPath().toStdString());
        QVERIFY(text.ok());
        auto scene = sw::foliage::parseSceneJson(*text, p.exportPath().toStdString());
        QVERIFY2(scene.ok(), scene.ok() ? "" : scene.error().toString().c_str());
        const sw::foliage::FoliageSettings s = p.settings();
        QCOMPARE(scene->settings.wind.directionY, s.wind.directionY);
        QCOMPARE(scene->settings.wind.speed, s.wind.speed);
        QCOMPARE(scene->settings.wind.gustSpeed, s.wind.gustSpeed);
        QCOMPARE(scene->settings.look.sunWrap, 0.9f);
        QCOMPARE(scene->settings.look.touch, 1.1f);
        QCOMPARE(scene->settings.look.variation, s.look.variation);
        QCOMPARE(int(scene->nodes.size()), 1);
        QCOMPARE(QString::fromStdString(scene->nodes[0].name), QStringLiteral("grass"));
        QCOMPARE(scene->nodes[0].fade.start, 30.f);
        QCOMPARE(scene->nodes[0].fade.end, 40.f);
        QVERIFY(p.exportJson().ok());  // our own file: replaced
        // A file the program did not write (another asset's, there before) is kept unless the
        // caller agrees.
        const QString moss = dir.filePath("moss.glb");
        QVERIFY(sw::writeFileAtomic(moss.toStdString(), std::string("not read here")).ok());
        QVERIFY(sw::writeFileAtomic(dir.filePath("moss.foliage.json").toStdString(), std::string("{\"mine\": 1}")).ok());
        p.setAssetPath(moss);
        QVERIFY(!p.exportJson().ok());
        QCOMPARE(*sw::readFileText(p.exportPath().toStdString()), std::string("{\"mine\": 1}"));
        QVERIFY(p.exportJson(true).ok());
        QVERIFY(sw::foliage::loadSceneJson(p.exportPath().toStdString()).ok());
    }

    void playChangesFrameOnlyWithWind() {
        startViewport();
        panel->setTime(1.0);
        const QImage at1 = h.viewport->renderToImage();
        QVERIFY(!at1.isNull());
        QSignalSpy views(panel, &FoliagePanel::viewChanged);
        panel->play();
        QVERIFY(panel->isPlaying());
        QTRY_VERIFY_WITH_TIMEOUT(panel->time() > 1.3, 5000);
        panel->pause();
        QVERIFY(views.count() >= 2);
        QCOMPARE(h.viewport->foliageView().time, float(panel->time()));
        const QImage later = h.viewport->renderToImage();
        QVERIFY2(differingPixels(at1, later) > 20, "the wind moved nothing");
        // Wind off: every time gives the same frame, bit for bit.
        setParam(panel->windPanel(), "enabled", false);
        panel->setTime(2.0);
        const QImage still1 = h.viewport->renderToImage();
        panel->setTime(7.5);
        const QImage still2 = h.viewport->renderToImage();
        QCOMPARE(differingPixels(still1, still2), 0);
        QCOMPARE(h.finish(), QString());
    }

    void draggedBenderMovesPlants() {
        startViewport();
        setParam(panel->windPanel(), "enabled", false);
        setParam(panel->lookPanel(), "touch", 2.0);
        const QImage before = h.viewport->renderToImage();
        const int id = panel->addBender();
        QCOMPARE(int(panel->benderIds().size()), 1);
        // Drag the capsule across the copies in the viewport.
        const QPoint start = h.viewport->benderPosition(id).toPoint();
        QTest::mousePress(h.viewport, Qt::LeftButton, {}, start);
        for (int k = 1; k <= 6; ++k) {
            QTest::qWait(20);
            QTest::mouseMove(h.viewport, start + QPoint(6 * k, 2 * k));
        }
        QTest::mouseRelease(h.viewport, Qt::LeftButton, {}, start + QPoint(36, 12));
        const sw::foliage::Bender moved = h.viewport->foliageView().benders.benders().front();
        QVERIFY(moved.position.head<2>().norm() > 0.01f);
        QVERIFY(moved.velocity.norm() > 0.f);
        const QImage pushed = h.viewport->renderToImage();
        QVERIFY2(differingPixels(before, pushed, true) > 20, "the bender moved no plant");
        // Removed, it drops out: the frame is the one without it again.
        QVERIFY(panel->removeBender(id));
        QCOMPARE(differingPixels(before, h.viewport->renderToImage()), 0);
        // A scripted path from the JSON the CLI reads; a bad file names itself.
        QTemporaryDir dir;
        const QString path = dir.filePath("walk.json");
        QVERIFY(sw::writeFileAtomic(path.toStdString(),
                                    std::string(R"({"benders": [{"points": [[-1, 0, 0], [1, 0, 0]], "speed": 1}]})")).ok());
        QVERIFY(panel->loadBenderPaths(path).ok());
        QCOMPARE(int(panel->benderIds().size()), 1);
        QVERIFY(sw::writeFileAtomic(path.toStdString(), std::string(R"({"benders": [{"points": [[0, 0]], "speed": 1}]})")).ok());
        const sw::Status bad = panel->loadBenderPaths(path);
        QVERIFY(!bad.ok());
        QVERIFY(bad.error().toString().find("walk.json") != std::string::npos);
        QCOMPARE(h.finish(), QString());
    }

    void gameScaleTilesDrawFoliage() {
        startViewport();
        sw::widgets::GameScalePanel sheet(h.viewport);
        // Preview off and no splat model: no sheet.
        sw::foliage::FoliagePreviewSettings preview = panel->preview();
        preview.enabled = false;
        panel->setSettings(panel->settings(), preview);
        QVERIFY(!h.viewport->foliageAtGameScale());
        QVERIFY(!sheet.refresh());
        preview.enabled = true;
        panel->setSettings(panel->settings(), preview);
        QVERIFY(h.viewport->foliageAtGameScale());
        QVERIFY(panel->windPanel()->applyPreset("builtin:storm"));
        panel->setTime(1.0);
        QVERIFY(sheet.refresh());
        const QImage at1 = sheet.image();
        QVERIFY(!at1.isNull());
        if (const QByteArray out = qgetenv("SW_FOLIAGE_SHEET_PNG"); !out.isEmpty()) sheet.captionedImage().save(QString::fromLocal8Bit(out));
        // The grey ×1 tile holds the plant: pixels that are neither the grey floor nor the frame.
        const QRgb grey = at1.pixel(5, 5);
        int plant = 0;
        for (int y = 4; y < at1.height() / 2; ++y)
            for (int x = 4; x < at1.width() / 3; ++x)
                if (at1.pixel(x, y) != grey && qGreen(at1.pixel(x, y)) > qRed(at1.pixel(x, y)) + 20) ++plant;
        QVERIFY2(plant > 30, qPrintable(QString("%1 plant pixels in the grey tile").arg(plant)));
        // The wind at another time moves the tile; the same time gives the same tile.
        panel->setTime(2.5);
        QVERIFY(sheet.refresh());
        const QImage at25 = sheet.image();
        QVERIFY2(differingPixels(at1, at25) > 10, "the wind moved nothing in the tiles");
        panel->setTime(1.0);
        QVERIFY(sheet.refresh());
        QCOMPARE(differingPixels(at1, sheet.image()), 0);
        // A bender standing at the copy leans it (the same benders as the viewport).
        setParam(panel->windPanel(), "enabled", false);
        QVERIFY(sheet.refresh());
        const QImage still = sheet.image();
        setParam(panel->lookPanel(), "touch", 2.0);
        QVERIFY(sheet.refresh());
        const QImage stillTouch = sheet.image();
        const int id = panel->addBender();
        panel->moveBender(id, {0.15f, 0.05f, 0.f});
        QVERIFY(sheet.refresh());
        QVERIFY2(differingPixels(stillTouch, sheet.image()) > 10, "the bender leaned nothing in the tiles");
        QCOMPARE(h.finish(), QString());
    }

    void bendersAreUndoableAndKept() {
        QUndoStack stack;
        FoliagePanel p;
        p.setUndoStack(&stack);
        const int id = p.addBender();
        QCOMPARE(int(p.benderIds().size()), 1);
        QCOMPARE(stack.count(), 1);
        stack.undo();
        QVERIFY(p.benderIds().empty());
        stack.redo();
        QCOMPARE(int(p.benderIds().size()), 1);
        // A finished drag is one step.
        const int dragged = p.benderIds().front();
        QVERIFY(dragged >= 0 && id >= 0);
        p.moveBender(dragged, {1.f, 0.f, 0.f});
        p.moveBender(dragged, {2.f, 1.f, 0.f});
        p.finishBenderDrag(dragged);
        QCOMPARE(stack.count(), 2);
        QCOMPARE(p.keptBenders().front().position(), Eigen::Vector3f(2.f, 1.f, 0.f));
        stack.undo();
        QCOMPARE(p.keptBenders().front().position(), Eigen::Vector3f(0.f, 0.f, 0.f));
        stack.redo();
        QCOMPARE(p.keptBenders().front().position(), Eigen::Vector3f(2.f, 1.f, 0.f));
        // Loading a path file is one step, however many benders it holds.
        QTemporaryDir dir;
        const QString walk = dir.filePath("walk.json");
        QVERIFY(sw::writeFileAtomic(walk.toStdString(), std::string(R"({"benders": [
            {"points": [[-1, 0, 0], [1, 0, 0]], "speed": 1, "radius": 0.9, "loop": true},
            {"points": [[0, -2, 0.5], [0, 2, 0.5]], "speed": 0.5}]})")).ok());
        QVERIFY(p.loadBenderPaths(walk).ok());
        QCOMPARE(int(p.benderIds().size()), 3);
        QCOMPARE(stack.count(), 3);
        stack.undo();
        QCOMPARE(int(p.benderIds().size()), 1);
        stack.redo();
        QCOMPARE(int(p.benderIds().size()), 3);
        // Remove, undo: it is back where it was, with its path.
        QVERIFY(p.removeBender(p.benderIds()[1]));
        QCOMPARE(int(p.benderIds().size()), 2);
        stack.undo();
        QCOMPARE(int(p.benderIds().size()), 3);
        QVERIFY(p.keptBenders()[1].path.has_value());
        QCOMPARE(p.keptBenders()[1].path->radius, 0.9f);
        QVERIFY(p.keptBenders()[1].path->loop);
        // Through the project file and into a fresh dock.
        const QString model = dir.filePath("grass.glb");
        QVERIFY(sw::writeFileAtomic(model.toStdString(), std::string("not read here")).ok());
        const QString path = dir.filePath("grass.splatproj");
        auto project = sw::project::newProject(model.toStdString(), path.toStdString());
        QVERIFY(project.ok());
        project->foliageBenders = p.keptBenders();
        project->foliageBenders[0].height = 0.9f;
        QVERIFY(sw::project::saveProject(*project, path.toStdString()).ok());
        auto loaded = sw::project::loadProject(path.toStdString());
        QVERIFY2(loaded.ok(), loaded.ok() ? "" : loaded.error().toString().c_str());
        QCOMPARE(int(loaded->foliageBenders.size()), 3);
        FoliagePanel q;
        q.setBenders(loaded->foliageBenders);
        const std::vector<sw::foliage::KeptBender> kept = q.keptBenders();
        QCOMPARE(int(kept.size()), 3);
        QCOMPARE(kept[0].position(), Eigen::Vector3f(2.f, 1.f, 0.f));
        QCOMPARE(kept[0].height, 0.9f);
        QCOMPARE(q.view().benders.benders()[0].height, 0.9f);
        QVERIFY(!kept[0].path);
        QVERIFY(kept[1].path && kept[2].path);
        QCOMPARE(kept[1].file, std::string("walk.json"));
        QCOMPARE(int(kept[2].path->points.size()), 2);
        QCOMPARE(kept[2].path->points[1], Eigen::Vector3f(0.f, 2.f, 0.5f));
        QCOMPARE(kept[2].path->speed, 0.5f);
        // A project saved before the benders were kept opens with none.
        auto doc = nlohmann::json::parse(sw::project::projectToJson(*project, path.toStdString()));
        QVERIFY(doc["foliage"].contains("benders"));
        doc["foliage"].erase("benders");
        auto old = sw::project::projectFromJson(doc.dump(), path.toStdString());
        QVERIFY(old.ok());
        QVERIFY(old->foliageBenders.empty());
        // A NaN in a kept path names the key.
        doc["foliage"]["benders"] = nlohmann::json::array({{{"path", {{"points", {{0, 0, 0}}}, {"speed", "fast"}}}}});
        auto bad = sw::project::projectFromJson(doc.dump(), path.toStdString());
        QVERIFY(!bad.ok());
        QVERIFY2(bad.error().toString().find("foliage.benders[0].path") != std::string::npos, bad.error().toString().c_str());
    }

    void redockedViewportKeepsDrawing() {
        startViewport();
        const QImage docked = h.viewport->renderToImage();
        h.dockA->setFloating(true);
        QTest::qWait(200);
        h.dockA->setFloating(false);
        QTest::qWait(200);
        const QImage again = h.viewport->renderToImage();
        QVERIFY(!again.isNull());
        QCOMPARE(again.size(), docked.size());
        // Paused, same settings: the re-docked viewport draws the same foliage frame (the copy
        // count is not read back by default: the GPU culls the copies).
        QVERIFY(h.viewport->lastFoliageStats().drawCalls > 0);
        QCOMPARE(again, docked);
        QCOMPARE(h.finish(), QString());
    }
};

QTEST_MAIN(TestFoliagePanel)
#include "tst_foliage_panel.moc"
