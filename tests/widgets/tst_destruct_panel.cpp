// The editor's Destruction dock (issue 15 item 8): the demo drone (seed fixed) baked in code is
// loaded into a viewport and a DestructPanel and shot through the dock's actions: a volley
// changes the stats and leaves the same state as the CLI's volley (core/destruct/volley, same
// seed), a click on the viewport shoots along the view ray, heal 100 % restores the plating
// exactly and 50 % equals the simulation healed by half, the time scrub replays exactly, pause
// and step advance one frame, reset clears, the game-scale sheet renders, a re-docked viewport
// (new GL context) keeps drawing the damage without errors, and a session saved by the dock
// replays through the CLI's job (pipeline::runDestruct) to the same state bytes, and back.
#include <QApplication>
#include <QDockWidget>
#include <QMainWindow>
#include <QSignalSpy>
#include <QComboBox>
#include <QProgressBar>
#include <QDoubleSpinBox>
#include <QSpinBox>
#include <QTemporaryDir>
#include <QTest>

#include "core/bake/bake.h"
#include "core/bake/surface_sample.h"
#include "core/demo/demo_drone.h"
#include "core/destruct/simulation.h"
#include "core/destruct/volley.h"
#include "core/foundation/check.h"
#include "core/foundation/file_io.h"
#include "core/pipeline/destruct_job.h"
#include "tests/widgets/viewport_harness.h"
#include "widgets/destruct_panel.h"
#include "widgets/param_panel.h"
#include "widgets/viewport.h"

using sw::widgets::DestructPanel;
using sw::widgets::Viewport;

namespace {

// The demo drone, 6000 surface samples (seed 3, 8 % shell) baked without a dataset.
std::shared_ptr<const sw::formats::Spl2Model> demoModel() {
    static const std::shared_ptr<const sw::formats::Spl2Model> model = [] {
        auto drone = sw::demo::generateDemoDrone(sw::demo::DemoSettings{});
        SW_REQUIRE(drone.ok(), drone.error().message);
        sw::bake::SurfaceSampleSettings ss;
        ss.seed = 3;
        ss.shellShare = 0.08f;
        auto baked = sw::bake::bakeModel(sw::bake::sampleSurface(drone->mesh, ss), drone->mesh, nullptr, sw::bake::BakeSettings{});
        SW_REQUIRE(baked.ok(), baked.error().message);
        return std::make_shared<const sw::formats::Spl2Model>(std::move(baked->spl2));
    }();
    return model;
}

int differingPixels(const QImage& a, const QImage& b) {
    if (a.size() != b.size()) return -1;
    int n = 0;
    for (int y = 0; y < a.height(); ++y)
        for (int x = 0; x < a.width(); ++x) n += a.pixel(x, y) != b.pixel(x, y) ? 1 : 0;
    return n;
}

// The CLI's job (pipeline::runDestruct, what `destruct --profile <p> --shots n --seed s --heading h
// --settle 0` runs) on the demo model; its session.
std::shared_ptr<sw::destruct::Session> cliRun(sw::pipeline::DestructRequest request) {
    request.input.model = demoModel();
    request.input.what = "demo";
    auto result = sw::pipeline::runDestruct(request);
    SW_REQUIRE(result.ok(), result.error().message);
    return result->session;
}

sw::destruct::Simulation cliVolley(const char* profile, int shots, std::uint32_t seed, float heading,
                                   sw::destruct::SimSettings s = {}) {
    sw::pipeline::DestructRequest request;
    request.settings = s;
    request.settings.seed = seed;
    request.profile = *sw::destruct::loadProfile(profile);
    request.volley.shots = shots;
    request.volley.seed = seed;
    request.volley.headingDeg = heading;
    request.settle = 0.f;
    return cliRun(request)->simulation();
}

}  // namespace

class TestDestructPanel : public QObject {
    Q_OBJECT
private slots:
    void initTestCase();
    void init();
    void cleanup();
    void volleyChangesStatsLikeTheCli();
    void clickShootsAlongTheViewRay();
    void healRestoresThePlating();
    void healSliderKeepsItsValueWhileTimeRuns();
    void scrubPauseStepAndReset();
    void gameScaleAndRedockKeepTheDamage();
    void settingsEditReplaysWithTheNewSettings();
    void editedProfilesAreKeptByName();
    void aSavedSessionReplaysToTheSameStateInTheCli();
    void aCliSessionLoadsToTheSameStateInTheDock();

private:
    sw::test::ViewportHarness m_h;
    DestructPanel* m_panel = nullptr;
};

void TestDestructPanel::initTestCase() {
    QVERIFY(demoModel() != nullptr);  // baked before the harness collects warnings
}

void TestDestructPanel::init() {
    m_h.start(1200);
    m_h.viewport->setSplatModel(demoModel());
    m_h.viewport->setContent(Viewport::Content::Splats);
    m_panel = new DestructPanel(m_h.viewport);
    m_h.dockB->setWidget(m_panel);
    m_h.window->show();
    QVERIFY(QTest::qWaitForWindowExposed(m_h.window.get()));
    QVERIFY(m_panel->setModel(demoModel()).ok());
    m_panel->setPaused(true);  // the test steps explicitly
}

void TestDestructPanel::cleanup() {
    m_panel = nullptr;
    const QString problems = m_h.finish();
    QVERIFY2(problems.isEmpty(), qPrintable(problems));
}

void TestDestructPanel::volleyChangesStatsLikeTheCli() {
    const QImage intact = m_h.viewport->renderToImage();
    QCOMPARE(m_panel->simulation()->stats().damaged, 0);
    m_panel->selectProfile("railgun");
    m_panel->setVolley(5, 1, 30.f);
    QSignalSpy changed(m_panel, &DestructPanel::stateChanged);
    QCOMPARE(m_panel->fireVolley(), 5);
    QVERIFY(changed.count() >= 1);
    const sw::destruct::SimStats s = m_panel->simulation()->stats();
    QCOMPARE(s.hits, 5);
    QVERIFY(s.damaged > 50);
    QVERIFY(s.chunksTorn >= 1);
    QVERIFY(m_panel->statsText().contains(QString::number(s.damaged)));
    // The part bars carry the model's part names.
    QVERIFY(m_panel->simulation()->partCount() >= 1);
    auto* bar = m_panel->findChild<QProgressBar*>("partHealth0");
    QVERIFY(bar);
    QVERIFY(bar->format().startsWith("part 0"));
    m_panel->setPartNames({"hull"});
    QVERIFY2(bar->format().startsWith("hull: "), qPrintable(bar->format()));
    // The same state as the CLI's volley with that seed and heading.
    QVERIFY(m_panel->simulation()->serializeState() == cliVolley("railgun", 5, 1, 30.f).serializeState());
    // The viewport draws the damage (its renderer's damage path).
    QVERIFY(differingPixels(intact, m_h.viewport->renderToImage()) > 200);
}

void TestDestructPanel::clickShootsAlongTheViewRay() {
    m_panel->selectProfile("cannon");
    const QPoint centre(m_h.viewport->width() / 2, m_h.viewport->height() / 2);
    QTest::mouseClick(m_h.viewport, Qt::LeftButton, {}, centre);
    const sw::destruct::SimStats s = m_panel->simulation()->stats();
    QCOMPARE(s.hits, 1);
    QVERIFY(s.damaged >= 30);
    // The impact is on the view ray through that pixel.
    const auto [origin, direction] = m_h.viewport->viewRay(QPointF(centre));
    const sw::destruct::HitReport probe = [&] {
        auto sim = cliVolley("cannon", 0, 1, 0.f);
        sim.setProfile(*sw::destruct::loadProfile("cannon"));
        return sim.fire(origin, direction);
    }();
    QVERIFY(!probe.missed);
    QVERIFY(m_panel->simulation()->depth(probe.impactSlot) > 0.f);
    // Unchecked, a click shoots nothing.
    m_panel->findChild<QWidget*>("clickShoots")->setProperty("checked", false);
    QTest::mouseClick(m_h.viewport, Qt::LeftButton, {}, centre);
    QCOMPARE(m_panel->simulation()->stats().hits, 1);
}

void TestDestructPanel::healRestoresThePlating() {
    m_panel->selectProfile("mortar");
    m_panel->setVolley(4, 2, 0.f);
    QCOMPARE(m_panel->fireVolley(), 4);
    QVERIFY(m_panel->simulation()->stats().damaged > 0);
    QVERIFY(m_panel->simulation()->stats().islandsTorn > 0);
    m_panel->setHeal(1.0);
    const sw::destruct::Simulation& healed = *m_panel->simulation();
    QCOMPARE(healed.stats().damaged, 0);
    QCOMPARE(healed.stats().chunksTorn, 0);
    QCOMPARE(healed.stats().islandsTorn, 0);  // the torn islands are healed too
    for (std::size_t i = 0; i < healed.size(); ++i) QVERIFY(healed.position(i) == demoModel()->core.pos[i]);
    // Half: exactly the volley healed by half (replayed, so healing less is exact too).
    m_panel->setHeal(0.5);
    sw::destruct::Simulation half = cliVolley("mortar", 4, 2, 0.f);
    half.heal(0.5f);
    QVERIFY(m_panel->simulation()->serializeState() == half.serializeState());
    QVERIFY(m_panel->simulation()->stats().damaged > 0);
    m_panel->setHeal(0.0);
    QVERIFY(m_panel->simulation()->serializeState() == cliVolley("mortar", 4, 2, 0.f).serializeState());
}

// The heal slider once jumped back to 0 % as soon as time ran on (the next frame records the
// heal): it keeps showing the share healed since the volley; moving it further heals that share
// in all, and a new volley starts it from 0 again.
void TestDestructPanel::healSliderKeepsItsValueWhileTimeRuns() {
    m_panel->selectProfile("mortar");
    m_panel->setVolley(4, 2, 0.f);
    QCOMPARE(m_panel->fireVolley(), 4);
    m_panel->setHeal(0.5);
    m_panel->stepFrames(3);  // records the heal
    QCOMPARE(m_panel->heal(), 0.5);
    QCOMPARE(m_panel->findChild<QSlider*>("healSlider")->value(), 50);
    sw::destruct::Simulation expected = cliVolley("mortar", 4, 2, 0.f);
    expected.heal(0.5f);
    for (int i = 0; i < 3; ++i) expected.step(sw::destruct::kFrameSeconds);
    const auto recorded = expected.serializeState();
    QVERIFY(m_panel->simulation()->serializeState() == recorded);
    m_panel->setHeal(0.75);  // half of what is left: three quarters in all
    QCOMPARE(m_panel->heal(), 0.75);
    expected.heal(0.5f);
    QVERIFY(m_panel->simulation()->serializeState() == expected.serializeState());
    m_panel->setHeal(0.2);  // below what is recorded: back to the recorded half
    QCOMPARE(m_panel->heal(), 0.5);
    QVERIFY(m_panel->simulation()->serializeState() == recorded);
    m_panel->fireVolley();
    QCOMPARE(m_panel->heal(), 0.0);
}

void TestDestructPanel::scrubPauseStepAndReset() {
    m_panel->selectProfile("cannon");
    m_panel->setVolley(5, 1, 0.f);
    m_panel->fireVolley();  // shots at 0, 0.1, … 0.4 s, then 0.5 s
    QVERIFY(std::abs(m_panel->recordedTime() - 0.5) < 1e-6);
    QVERIFY(m_panel->paused());
    const float t0 = m_panel->simulation()->time();
    m_panel->stepFrame();
    QCOMPARE(m_panel->simulation()->time(), t0 + DestructPanel::kFrameSeconds);
    const std::vector<std::uint8_t> end = m_panel->simulation()->serializeState();
    m_panel->scrubTo(0.2);  // the first three shots
    QCOMPARE(m_panel->simulation()->stats().hits, 3);
    m_panel->scrubTo(m_panel->recordedTime());
    QVERIFY(m_panel->simulation()->serializeState() == end);
    // Running, the timer steps the simulation.
    m_panel->setPaused(false);
    QTRY_VERIFY_WITH_TIMEOUT(m_panel->simulation()->time() > t0 + 4 * DestructPanel::kFrameSeconds, 10000);
    m_panel->setPaused(true);
    m_panel->reset();
    QCOMPARE(m_panel->simulation()->stats().hits, 0);
    QCOMPARE(m_panel->simulation()->stats().damaged, 0);
    QCOMPARE(m_panel->recordedTime(), 0.0);
}

void TestDestructPanel::gameScaleAndRedockKeepTheDamage() {
    QVERIFY(m_panel->refreshGameScale());
    const QImage intactSheet = m_panel->gameScaleImage();
    QVERIFY(!intactSheet.isNull());
    m_panel->selectProfile("railgun");
    m_panel->setVolley(8, 4, 0.f);
    m_panel->fireVolley();
    QVERIFY(m_panel->refreshGameScale());
    QCOMPARE(m_panel->gameScaleImage().size(), intactSheet.size());
    QVERIFY(differingPixels(intactSheet, m_panel->gameScaleImage()) > 20);
    const QImage damaged = m_h.viewport->renderToImage();
    // Floating the viewport's dock recreates its GL context: the damage is uploaded again.
    QSignalSpy frames(m_h.viewport, &Viewport::frameRendered);
    m_h.dockA->setFloating(true);
    QVERIFY(QTest::qWaitForWindowExposed(m_h.dockA));
    m_h.viewport->update();
    QVERIFY(frames.wait(5000));
    m_h.dockA->setFloating(false);
    QVERIFY(QTest::qWaitForWindowExposed(m_h.window.get()));
    m_h.viewport->resize(damaged.size() / m_h.viewport->devicePixelRatio());
    const QImage again = m_h.viewport->renderToImage();
    if (again.size() == damaged.size()) QCOMPARE(differingPixels(damaged, again), 0);
    QVERIFY(m_panel->refreshGameScale());
    QVERIFY(differingPixels(intactSheet, m_panel->gameScaleImage()) > 20);
}

void TestDestructPanel::settingsEditReplaysWithTheNewSettings() {
    auto* panel = m_panel->settingsPanel();
    QVERIFY(panel != nullptr);
    // Every simulation setting has its field; the seed is the Volley row's.
    QVERIFY(panel->editorFor("chunk-copies") != nullptr);
    QVERIFY(panel->editorFor("piece-coverage") != nullptr);
    QVERIFY(panel->editorFor("island-max") != nullptr);
    m_panel->selectProfile("mortar");
    m_panel->setVolley(4, 2, 0.f);
    QCOMPARE(m_panel->fireVolley(), 4);
    const auto defaultState = m_panel->simulation()->serializeState();
    QVERIFY(defaultState == cliVolley("mortar", 4, 2, 0.f).serializeState());
    // Edited after the volley: the record is replayed with the new settings, as the CLI's
    // `destruct --profile mortar --shots 4 --seed 2 --chunk-copies 2 --island-max 0` would run it.
    auto* copies = qobject_cast<QSpinBox*>(panel->editorFor("chunk-copies"));
    auto* islands = qobject_cast<QSpinBox*>(panel->editorFor("island-max"));
    QVERIFY(copies && islands);
    copies->setValue(2);
    islands->setValue(0);
    QCOMPARE(m_panel->simulation()->settings().chunkCopies, 2);
    QCOMPARE(m_panel->simulation()->settings().islandMax, 0);
    QCOMPARE(m_panel->simulation()->settings().seed, 2u);
    sw::destruct::SimSettings edited;
    edited.chunkCopies = 2;
    edited.islandMax = 0;
    const auto editedState = m_panel->simulation()->serializeState();
    QVERIFY(editedState != defaultState);
    QVERIFY(editedState == cliVolley("mortar", 4, 2, 0.f, edited).serializeState());
    QCOMPARE(m_panel->simulation()->stats().islandsTorn, 0);
}

void TestDestructPanel::editedProfilesAreKeptByName() {
    QVERIFY(m_panel->weapons().empty());  // nothing tuned yet
    auto* box = m_panel->findChild<QComboBox*>("profilePreset");
    QVERIFY(box != nullptr);
    const int builtins = box->count();
    m_panel->selectProfile("railgun");
    auto* damage = qobject_cast<QDoubleSpinBox*>(m_panel->profilePanel()->editorFor("damage"));
    QVERIFY(damage != nullptr);
    const double builtinDamage = damage->value();
    damage->setValue(55.0);
    QCOMPARE(int(m_panel->weapons().size()), 1);
    QCOMPARE(m_panel->weapons()[0].name, std::string("railgun"));
    QCOMPARE(double(m_panel->weapons()[0].damage), 55.0);
    // Another profile and back: the tuned railgun comes back, not the built-in.
    m_panel->selectProfile("cannon");
    QCOMPARE(m_panel->profile().name, std::string("cannon"));
    m_panel->selectProfile("railgun");
    QCOMPARE(double(m_panel->profile().damage), 55.0);
    // Edited back to the built-in's values: nothing left to keep.
    damage->setValue(builtinDamage);
    QVERIFY(m_panel->weapons().empty());
    // A project's own profile is listed after the built-ins and loads by name.
    sw::destruct::WeaponProfile laser = *sw::destruct::loadProfile("railgun");
    laser.name = "boss-laser";
    laser.radius = 0.02f;
    m_panel->setWeapons({laser});
    QCOMPARE(box->count(), builtins + 1);
    QCOMPARE(box->itemText(builtins), QString("boss-laser"));
    box->setCurrentText("boss-laser");
    QCOMPARE(m_panel->profile().name, std::string("boss-laser"));
    QCOMPARE(double(m_panel->profile().radius), double(0.02f));
    m_panel->setWeapons({});
    QCOMPARE(box->count(), builtins);
}

void TestDestructPanel::aSavedSessionReplaysToTheSameStateInTheCli() {
    // A bench session as an artist plays it: a volley, a click, running time, a heal on the slider,
    // a scrub back and a shot from there (which drops what followed), another heal kept pending.
    m_panel->selectProfile("railgun");
    m_panel->setVolley(3, 5, 20.f);
    QCOMPARE(m_panel->fireVolley(), 3);
    m_panel->selectProfile("cannon");
    QTest::mouseClick(m_h.viewport, Qt::LeftButton, {}, QPoint(m_h.viewport->width() / 2, m_h.viewport->height() / 2));
    m_panel->stepFrames(9);
    m_panel->setHeal(0.4);
    m_panel->selectProfile("mortar");
    m_panel->setVolley(2, 9, -40.f);
    m_panel->fireVolley();  // commits the heal
    m_panel->stepFrames(20);
    m_panel->scrubTo(0.25);
    m_panel->selectProfile("grenade");
    QVERIFY(m_panel->shoot({0.f, -3.f, 0.1f}, {0.f, 1.f, 0.f}));
    m_panel->stepFrames(5);
    m_panel->setHeal(0.3);
    const std::vector<std::uint8_t> dock = m_panel->simulation()->serializeState();
    QVERIFY(m_panel->simulation()->stats().hits >= 4);

    QTemporaryDir dir;
    const QString path = dir.filePath("bench.session.json");
    QVERIFY(m_panel->saveSession(path).ok());
    // The pending heal is not in the record until the next action: the CLI replays the record,
    // then the dock's heal of 30 % is the CLI's --heal.
    auto record = sw::destruct::loadSession(path.toStdString());
    QVERIFY2(record.ok(), record.ok() ? "" : record.error().message.c_str());
    QCOMPARE(record->actions.size(), m_panel->session()->actions().size());
    QCOMPARE(record->settings.seed, 5u);  // the seed in use (the first volley's), not the Volley row's 9
    sw::pipeline::DestructRequest request;
    request.settings = record->settings;
    request.replay = record->actions;
    sw::destruct::SessionAction heal;
    heal.kind = sw::destruct::SessionAction::Kind::Heal;
    heal.amount = 0.3f;
    request.replay.push_back(heal);
    const auto cli = cliRun(request);
    QVERIFY(cli->simulation().serializeState() == dock);
    QCOMPARE(sw::pipeline::stateHash(cli->simulation()), sw::pipeline::stateHash(*m_panel->simulation()));
    // A record that differs by one shot gives another state (the comparison can fail).
    request.replay.erase(request.replay.begin());
    QVERIFY(cliRun(request)->simulation().serializeState() != dock);
}

void TestDestructPanel::aCliSessionLoadsToTheSameStateInTheDock() {
    sw::pipeline::DestructRequest request;
    request.settings.seed = 4;
    request.profile = *sw::destruct::loadProfile("mortar");
    request.volley.shots = 4;
    request.volley.seed = 4;
    request.volley.headingDeg = 75.f;
    request.settle = 0.4f;
    request.heal = 0.25f;
    const auto cli = cliRun(request);
    QTemporaryDir dir;
    const QString path = dir.filePath("cli.session.json");
    QVERIFY(sw::writeFileAtomic(path.toStdString(), sw::destruct::sessionToJson(cli->saved())).ok());
    QVERIFY(m_panel->loadSession(path).ok());  // with the session's seed (4), whatever the Volley row says
    QCOMPARE(m_panel->simSettings().seed, 4u);
    QVERIFY(m_panel->simulation()->serializeState() == cli->simulation().serializeState());
    QVERIFY(std::abs(m_panel->recordedTime() - cli->recordedTime()) < 1e-9);
    // A broken file is an error naming it; the dock's state is kept.
    const QString broken = dir.filePath("broken.json");
    std::string text = sw::destruct::sessionToJson(cli->saved());
    text.replace(text.find("\"dt\": "), 6, "\"dt\": null, \"was\": ");
    QVERIFY(sw::writeFileAtomic(broken.toStdString(), text).ok());
    const sw::Status bad = m_panel->loadSession(broken);
    QVERIFY(!bad.ok());
    QVERIFY(QString::fromStdString(bad.error().toString()).contains("broken.json"));
    QVERIFY2(QString::fromStdString(bad.error().toString()).contains("'dt' must be a number"),
             bad.error().toString().c_str());
    QVERIFY(m_panel->simulation()->serializeState() == cli->simulation().serializeState());
}

QTEST_MAIN(TestDestructPanel)
#include "tst_destruct_panel.moc"
