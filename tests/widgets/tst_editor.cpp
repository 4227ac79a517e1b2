// QtTest suite for the editor: schema-generated panels, the Log dock, the main window's
// import path (worker thread, recent files, errors) and the Russian translation.
#include <QAction>
#include <QCheckBox>
#include <QComboBox>
#include <QDir>
#include <QDoubleSpinBox>
#include <QFile>
#include <QLineEdit>
#include <QMessageBox>
#include <QPushButton>
#include <QSettings>
#include <QSignalSpy>
#include <QSpinBox>
#include <QStandardPaths>
#include <QTextBrowser>
#include <QTranslator>
#include <QUndoStack>
#include <QWheelEvent>
#include <QtTest>
#include <thread>

#include "app/editor/demo_asset.h"
#include "app/editor/main_window.h"
#include "tests/widgets/editor_test_support.h"
#include "app/editor/model_status.h"
#include "app/editor/recent_files.h"
#include "app/editor/schema_strings.h"
#include "core/foundation/log.h"
#include "widgets/log_dock.h"
#include "app/editor/bake_report.h"
#include "widgets/param_panel.h"
#include "widgets/viewport.h"

namespace {

enum class Shape { Round, Square };

struct PanelSettings {
    bool enabled = true;
    int count = 7;
    float size = 0.25f;
    float rate = 0.00016f;   // a learning-rate-like value far below its range's hundredth
    float tiny = 1e-6f;
    Shape shape = Shape::Square;
    std::string label = "drone";
};

const sw::SettingsSchema<PanelSettings>& panelSchema() {
    static const auto schema = [] {
        sw::SettingsSchema<PanelSettings> s("panel-test", "Panel test");
        s.add(&PanelSettings::enabled, "enabled", "Enabled").tooltip("Turns it on").group("Main");
        s.add(&PanelSettings::count, "count", "Count").range(1, 20).unit("px").tooltip("How many").group("Main");
        s.add(&PanelSettings::size, "size", "Size").range(0.0, 2.0).unit("m").tooltip("How big").group("Shape");
        s.addChoice(&PanelSettings::shape, "shape", "Shape", {{Shape::Round, "round"}, {Shape::Square, "square"}})
            .group("Shape");
        s.add(&PanelSettings::label, "label", "Label").group("Shape");
        s.add(&PanelSettings::rate, "rate", "Rate").range(0.0, 1.0).group("Rates");
        s.add(&PanelSettings::tiny, "tiny", "Tiny").range(0.0, 1.0).group("Rates");
        return s;
    }();
    return schema;
}

QString outputDir(const QString& name) {
    const QString dir = QStringLiteral(SW_TEST_OUTPUT_DIR "/tst_editor/") + name;
    QDir(dir).removeRecursively();
    QDir().mkpath(dir);
    return dir;
}

QMessageBox* visibleBox(QWidget* parent, const QString& objectName) {
    for (QMessageBox* box : parent->findChildren<QMessageBox*>(objectName))
        if (box->isVisible()) return box;
    return nullptr;
}

void writeFile(const QString& path, const QByteArray& bytes) {
    QFile f(path);
    QVERIFY(f.open(QIODevice::WriteOnly));
    f.write(bytes);
}

}  // namespace

class TestEditor : public QObject {
    Q_OBJECT
private slots:
    void initTestCase();
    void panelBuildsOneEditorPerType();
    void panelEditsUpdateParams();
    void panelShowsSmallValuesAsTheyAre();
    void wheelOverAnUnfocusedFieldLeavesIt();
    void panelEditsUndoAndRedo();
    void badPresetShowsErrorAndChangesNothing();
    void presetRoundTripAndDefaults();
    void logDockReceivesWorkerMessages();
    void mainWindowOpensGlbAndRemembersIt();
    void mainWindowReportsMissingAndCorruptFiles();
    void demoPanelGeneratesAndOpens();
    void viewActionsDriveTheViewport();
    void cancelStopsAJobWithoutError();
    void russianTranslationIsComplete();
    void bakeReportSpeaksPlainlyWithPlurals();
};

void TestEditor::initTestCase() {
    sw::test::isolateEditorSettings("tst_editor");
}

void TestEditor::panelBuildsOneEditorPerType() {
    sw::widgets::ParamPanel panel(panelSchema().schema());
    auto* enabled = qobject_cast<QCheckBox*>(panel.editorFor("enabled"));
    auto* count = qobject_cast<QSpinBox*>(panel.editorFor("count"));
    auto* size = qobject_cast<QDoubleSpinBox*>(panel.editorFor("size"));
    auto* shape = qobject_cast<QComboBox*>(panel.editorFor("shape"));
    auto* label = qobject_cast<QLineEdit*>(panel.editorFor("label"));
    QVERIFY(enabled && count && size && shape && label);
    QVERIFY(enabled->isChecked());
    QCOMPARE(count->minimum(), 1);
    QCOMPARE(count->maximum(), 20);
    QCOMPARE(count->value(), 7);
    QCOMPARE(count->suffix(), QString(" px"));
    QCOMPARE(count->toolTip(), QString("How many"));
    QCOMPARE(size->minimum(), 0.0);
    QCOMPARE(size->maximum(), 2.0);
    QCOMPARE(size->value(), 0.25);
    QCOMPARE(size->suffix(), QString(" m"));
    QCOMPARE(shape->count(), 2);
    QCOMPARE(shape->currentData().toString(), QString("square"));
    QCOMPARE(label->text(), QString("drone"));
    QCOMPARE(enabled->toolTip(), QString("Turns it on"));
    QCOMPARE(panel.editorFor("missing"), nullptr);
}

void TestEditor::panelEditsUpdateParams() {
    sw::widgets::ParamPanel panel(panelSchema().schema());
    QSignalSpy changed(&panel, &sw::widgets::ParamPanel::changed);
    qobject_cast<QSpinBox*>(panel.editorFor("count"))->setValue(12);
    qobject_cast<QDoubleSpinBox*>(panel.editorFor("size"))->setValue(1.5);
    qobject_cast<QCheckBox*>(panel.editorFor("enabled"))->setChecked(false);
    qobject_cast<QComboBox*>(panel.editorFor("shape"))->setCurrentIndex(0);
    auto* label = qobject_cast<QLineEdit*>(panel.editorFor("label"));
    label->setText("tank");
    emit label->editingFinished();
    QCOMPARE(changed.count(), 5);
    QCOMPARE(changed.first().first().toString(), QString("count"));
    const PanelSettings s = panelSchema().fromParams(panel.params());
    QCOMPARE(s.count, 12);
    QCOMPARE(s.size, 1.5f);
    QCOMPARE(s.enabled, false);
    QVERIFY(s.shape == Shape::Round);
    QCOMPARE(QString::fromStdString(s.label), QString("tank"));
}

// Position LR once showed "0.000" (3 decimals) for 0.00016, so touching it set 0.
void TestEditor::panelShowsSmallValuesAsTheyAre() {
    sw::widgets::ParamPanel panel(panelSchema().schema());
    auto* rate = qobject_cast<QDoubleSpinBox*>(panel.editorFor("rate"));
    auto* tiny = qobject_cast<QDoubleSpinBox*>(panel.editorFor("tiny"));
    auto* size = qobject_cast<QDoubleSpinBox*>(panel.editorFor("size"));
    QVERIFY(rate && tiny && size);
    QCOMPARE(rate->text(), QString("1.6e-4"));
    QCOMPARE(tiny->text(), QString("1e-6"));
    QCOMPARE(size->text(), QString("0.25 m"));
    QVERIFY(std::abs(rate->value() - 0.00016) < 1e-12);
    // An arrow step is of the value's order, not a hundredth of [0, 1].
    rate->stepUp();
    QVERIFY(std::abs(std::get<double>(panel.params().get("rate")) - 0.00026) < 1e-9);
    // Typed text in scientific notation is taken as shown.
    QLineEdit* line = rate->findChild<QLineEdit*>();
    QVERIFY(line);
    line->selectAll();
    QTest::keyClicks(line, "2.5e-05");
    QTest::keyClick(line, Qt::Key_Enter);
    QVERIFY(std::abs(std::get<double>(panel.params().get("rate")) - 2.5e-05) < 1e-12);
    QCOMPARE(rate->text(), QString("2.5e-5"));
}

// Scrolling a panel over a field must not change it (Validation views 8 → 0): an unfocused
// field passes the wheel on; a focused one takes it.
void TestEditor::wheelOverAnUnfocusedFieldLeavesIt() {
    sw::widgets::ParamPanel panel(panelSchema().schema());
    panel.show();
    panel.activateWindow();
    QVERIFY(QTest::qWaitForWindowActive(&panel));
    auto* count = qobject_cast<QSpinBox*>(panel.editorFor("count"));
    auto* shape = qobject_cast<QComboBox*>(panel.editorFor("shape"));
    QVERIFY(count && shape);
    const auto wheel = [](QWidget* w, int dy) {
        QWheelEvent event(QPointF(w->width() / 2.0, w->height() / 2.0), w->mapToGlobal(QPointF(w->width() / 2.0, 5)),
                          QPoint(0, dy), QPoint(0, dy), Qt::NoButton, Qt::NoModifier, Qt::NoScrollPhase, false);
        QApplication::sendEvent(w, &event);
    };
    panel.editorFor("label")->setFocus();
    QTRY_VERIFY(panel.editorFor("label")->hasFocus());
    wheel(count, -120);
    wheel(shape, 120);
    QCOMPARE(count->value(), 7);
    QCOMPARE(std::get<std::int64_t>(panel.params().get("count")), std::int64_t(7));
    QCOMPARE(shape->currentData().toString(), QString("square"));
    QCOMPARE(count->focusPolicy(), Qt::StrongFocus);
    count->setFocus();
    QTRY_VERIFY(count->hasFocus());
    wheel(count, 120);
    QCOMPARE(count->value(), 8);
}

// Every field edit, a preset load and Defaults are undoable; steps of one field merge.
void TestEditor::panelEditsUndoAndRedo() {
    QUndoStack stack;
    sw::widgets::ParamPanel panel(panelSchema().schema());
    panel.setUndoStack(&stack);
    auto* count = qobject_cast<QSpinBox*>(panel.editorFor("count"));
    auto* enabled = qobject_cast<QCheckBox*>(panel.editorFor("enabled"));
    QVERIFY(count && enabled);
    count->setValue(8);
    count->setValue(9);
    count->setValue(12);  // one command: "Change Count"
    QCOMPARE(stack.count(), 1);
    enabled->setChecked(false);
    QCOMPARE(stack.count(), 2);
    QSignalSpy changed(&panel, &sw::widgets::ParamPanel::changed);
    stack.undo();
    QVERIFY(enabled->isChecked());
    QCOMPARE(std::get<bool>(panel.params().get("enabled")), true);
    stack.undo();
    QCOMPARE(count->value(), 7);
    QCOMPARE(std::get<std::int64_t>(panel.params().get("count")), std::int64_t(7));
    QCOMPARE(changed.count(), 2);
    stack.redo();
    QCOMPARE(count->value(), 12);
    stack.redo();
    QVERIFY(!enabled->isChecked());
    panel.resetToDefaults();
    QCOMPARE(count->value(), 7);
    stack.undo();  // Defaults undone: the edited values return
    QCOMPARE(count->value(), 12);
    QVERIFY(!enabled->isChecked());
    QCOMPARE(stack.count(), 3);
    // Setting values from code (a project opening) is not an edit.
    panel.setParams(sw::ParamSet(panelSchema().schema()));
    QCOMPARE(stack.count(), 3);
}

void TestEditor::badPresetShowsErrorAndChangesNothing() {
    sw::widgets::ParamPanel panel(panelSchema().schema());
    panel.show();
    qobject_cast<QSpinBox*>(panel.editorFor("count"))->setValue(3);
    const std::string before = panel.params().toJson();
    const QString dir = outputDir("bad_preset");
    const QString bad = dir + "/bad.json";
    // A valid first key followed by an unknown one: nothing may be applied.
    writeFile(bad, R"({"stage": "panel-test", "params": {"count": 19, "no-such-param": 1}})");
    QSignalSpy changed(&panel, &sw::widgets::ParamPanel::changed);
    const sw::Status st = panel.loadPresetFile(bad);
    QVERIFY(!st.ok());
    QVERIFY(QString::fromStdString(st.error().message).contains("no-such-param"));
    QCOMPARE(panel.params().toJson(), before);
    QCOMPARE(qobject_cast<QSpinBox*>(panel.editorFor("count"))->value(), 3);
    QCOMPARE(changed.count(), 0);
    QMessageBox* box = visibleBox(&panel, "presetError");
    QVERIFY(box);
    QVERIFY(box->text().contains("bad.json"));
    box->close();

    writeFile(bad, "{ not json");
    QVERIFY(!panel.loadPresetFile(bad).ok());
    QCOMPARE(panel.params().toJson(), before);
    QVERIFY(!panel.loadPresetFile(dir + "/missing.json").ok());
    QCOMPARE(panel.params().toJson(), before);
}

void TestEditor::presetRoundTripAndDefaults() {
    const QString path = outputDir("preset") + "/p.json";
    sw::widgets::ParamPanel a(panelSchema().schema());
    qobject_cast<QSpinBox*>(a.editorFor("count"))->setValue(9);
    qobject_cast<QComboBox*>(a.editorFor("shape"))->setCurrentIndex(0);
    QVERIFY(a.savePresetFile(path).ok());
    sw::widgets::ParamPanel b(panelSchema().schema());
    QVERIFY(b.loadPresetFile(path).ok());
    QCOMPARE(qobject_cast<QSpinBox*>(b.editorFor("count"))->value(), 9);
    QCOMPARE(qobject_cast<QComboBox*>(b.editorFor("shape"))->currentData().toString(), QString("round"));
    b.resetToDefaults();
    QCOMPARE(qobject_cast<QSpinBox*>(b.editorFor("count"))->value(), 7);
    QCOMPARE(b.params().getInt("count"), 7);
}

void TestEditor::logDockReceivesWorkerMessages() {
    sw::widgets::LogDock dock;
    constexpr int N = 200;
    std::thread worker([] {
        for (int i = 0; i < N; ++i) {
            if (i % 4 == 0) SW_LOG_WARN("worker warning " << i);
            else SW_LOG_INFO("worker info " << i);
        }
    });
    worker.join();
    QCOMPARE(dock.messageCount(), 0);  // queued to the GUI thread, not appended on the worker
    QTRY_COMPARE(dock.messageCount(), N);
    QCOMPARE(dock.visibleMessages().first(), QString("[warning] worker warning 0"));
    QCOMPARE(dock.visibleMessages().at(1), QString("[info] worker info 1"));
    dock.setMinimumLevel(sw::log::Level::Warning);
    const QStringList warnings = dock.visibleMessages();
    QCOMPARE(warnings.size(), N / 4);
    for (const QString& line : warnings) QVERIFY2(line.contains("warning"), qPrintable(line));
    dock.clear();
    QCOMPARE(dock.messageCount(), 0);
}

void TestEditor::mainWindowOpensGlbAndRemembersIt() {
    sw::Result<QString> demo = sw::editor::extractDemoAsset();
    QVERIFY2(demo.ok(), demo.ok() ? "" : demo.error().toString().c_str());
    const QString copy = outputDir("open") + "/drone copy.glb";
    QVERIFY(QFile::copy(*demo, copy));

    sw::editor::MainWindow window;
    window.show();
    QSignalSpy shown(&window, &sw::editor::MainWindow::modelShown);
    QSignalSpy failed(&window, &sw::editor::MainWindow::loadFailed);
    window.openModel(copy);
    QVERIFY(window.modelJobs()->busy());  // runs on the worker; the GUI thread returns at once
    QTRY_VERIFY_WITH_TIMEOUT(shown.count() == 1 || failed.count() == 1, 60000);
    QCOMPARE(failed.count(), 0);
    QVERIFY(window.document()->model());
    QVERIFY(window.document()->model()->mesh.triangleCount() > 100);
    QVERIFY(window.modelStatus()->modelText().contains("drone copy.glb"));
    QVERIFY(window.modelStatus()->modelText().contains("triangles"));
    auto* report = window.findChild<QTextBrowser*>("importReport");
    QVERIFY(report);
    const QString reportText = report->toPlainText();
    QVERIFY2(reportText.contains("Winding:") && reportText.contains("embedded #0"), qPrintable(reportText));

    const QString absolute = QFileInfo(copy).absoluteFilePath();
    QCOMPARE(window.recentFiles()->files().value(0), absolute);
    sw::editor::RecentFiles reloaded;  // a new session reads the persisted list
    QCOMPARE(reloaded.files().value(0), absolute);
    reloaded.clear();
    QVERIFY(sw::editor::RecentFiles().files().isEmpty());
}

void TestEditor::mainWindowReportsMissingAndCorruptFiles() {
    sw::editor::MainWindow window;
    window.show();
    QSignalSpy failed(&window, &sw::editor::MainWindow::loadFailed);
    QSignalSpy shown(&window, &sw::editor::MainWindow::modelShown);
    window.openModel(outputDir("missing") + "/nothing-here.glb");
    QTRY_COMPARE_WITH_TIMEOUT(failed.count(), 1, 30000);
    QMessageBox* box = visibleBox(&window, "errorBox");
    QVERIFY(box);
    QVERIFY2(box->text().contains("nothing-here.glb"), qPrintable(box->text()));
    box->close();

    const QString corrupt = outputDir("corrupt") + "/corrupt.glb";
    writeFile(corrupt, QByteArray("glTF\x02\x00\x00\x00garbage that is not a GLB", 36));
    window.openModel(corrupt);
    QTRY_COMPARE_WITH_TIMEOUT(failed.count(), 2, 30000);
    QVERIFY(visibleBox(&window, "errorBox"));
    QCOMPARE(shown.count(), 0);
    QVERIFY(!window.document()->model());
    QVERIFY(!window.recentFiles()->files().contains(QFileInfo(corrupt).absoluteFilePath()));
}

void TestEditor::demoPanelGeneratesAndOpens() {
    QTranslator english;  // the plural forms, as the editor installs them
    QVERIFY(english.load(":/i18n/splatwright_en.qm"));
    QCoreApplication::installTranslator(&english);
    struct Remove {
        QTranslator* t;
        ~Remove() { QCoreApplication::removeTranslator(t); }
    } remove{&english};
    sw::editor::MainWindow window;
    window.show();
    sw::widgets::ParamPanel* panel = window.demoPanel();
    qobject_cast<QSpinBox*>(panel->editorFor("plates"))->setValue(64);
    qobject_cast<QSpinBox*>(panel->editorFor("texture-size"))->setValue(256);
    qobject_cast<QSpinBox*>(panel->editorFor("seed"))->setValue(3);
    QSignalSpy shown(&window, &sw::editor::MainWindow::modelShown);
    QSignalSpy failed(&window, &sw::editor::MainWindow::loadFailed);
    auto* generate = panel->findChild<QPushButton*>("generateDemo");
    QVERIFY(generate);
    generate->click();
    QTRY_VERIFY_WITH_TIMEOUT(shown.count() == 1 || failed.count() == 1, 60000);
    QCOMPARE(failed.count(), 0);
    QVERIFY(shown.first().first().toString().endsWith("demo_drone_generated.glb"));
    // 64 plates, ~40 % of them wound inward; the import's winding repair finds them.
    const sw::geometry::ImportReport& report = window.document()->model()->report;
    QCOMPARE(report.winding.components, 64);
    QVERIFY(report.winding.flippedComponents > 10);
    QCOMPARE(report.textures.at(0).width, 256);
    // The import report says the inward plates were turned, with plural forms ("1 material").
    const QString text = window.findChild<QTextBrowser*>("importReport")->toPlainText();
    QVERIFY2(text.contains(QString("%1 parts faced inwards and were turned to face outwards").arg(report.winding.flippedComponents)),
             qPrintable(text));
    QVERIFY2(text.contains("1 material,") && text.contains("1 texture") && !text.contains("1 materials"), qPrintable(text));
}

void TestEditor::viewActionsDriveTheViewport() {
    using sw::widgets::Viewport;
    sw::editor::MainWindow window;
    window.show();
    auto action = [&window](const char* name) { return window.findChild<QAction*>(name); };
    QVERIFY(action("actionBlack") && action("actionTurntable") && action("actionGrey") && action("actionOrbit"));
    action("actionBlack")->trigger();
    QVERIFY(window.viewport()->background() == Viewport::Background::Black);
    QVERIFY(!action("actionGrey")->isChecked());
    action("actionTurntable")->trigger();
    QVERIFY(window.viewport()->cameraMode() == Viewport::CameraMode::Turntable);
    action("actionGrey")->trigger();
    QVERIFY(window.viewport()->background() == Viewport::Background::Grey);
    action("actionOrbit")->trigger();
    QVERIFY(window.viewport()->cameraMode() == Viewport::CameraMode::Orbit);
    QVERIFY(!action("actionTurntable")->isChecked());
    QVERIFY(action("actionRoundSplats") && !action("actionRoundSplats")->isChecked());
    action("actionRoundSplats")->trigger();
    QVERIFY(window.viewport()->roundSplats());
    QVERIFY(window.viewport()->splatLook().roundSplats);  // what the game-scale views draw with
    action("actionRoundSplats")->trigger();
    QVERIFY(!window.viewport()->roundSplats());
}

void TestEditor::cancelStopsAJobWithoutError() {
    sw::editor::MainWindow window;
    window.show();
    QSignalSpy shown(&window, &sw::editor::MainWindow::modelShown);
    QSignalSpy failed(&window, &sw::editor::MainWindow::loadFailed);
    window.findChild<QPushButton*>("generateDemo")->click();
    QVERIFY(window.modelJobs()->busy());
    window.findChild<QPushButton*>("cancelJob")->click();
    QTRY_COMPARE_WITH_TIMEOUT(failed.count(), 1, 60000);
    QVERIFY(failed.first().first().toString().contains("cancelled"));
    QCOMPARE(shown.count(), 0);
    QVERIFY(!visibleBox(&window, "errorBox"));  // a cancel is not an error
    QVERIFY(!window.modelJobs()->busy());
}

void TestEditor::russianTranslationIsComplete() {
    QTranslator ru;
    QVERIFY(ru.load(":/i18n/splatwright_ru.qm"));
    // Every label, tooltip, group, unit and choice of the stage schemas has a translation.
    const QStringList missing = sw::editor::untranslatedSchemaStrings(ru);
    QVERIFY2(missing.isEmpty(), qPrintable(missing.join("\n")));
    QCOMPARE(ru.translate("sw::editor::MainWindow", "&File"), QString("&Файл"));
    QCOMPARE(ru.translate("sw::widgets::LogDock", "Clear"), QString("Очистить"));
}

// Issue 16 build 5: the bake report in plain words ("never seen by the game camera (belly)",
// not "belly cull") with the language's plural forms (English 1/2, Russian 1/2/5/21).
void TestEditor::bakeReportSpeaksPlainlyWithPlurals() {
    sw::bake::BakeReport r;
    r.input = 21;
    r.core = 1;
    r.shell = 4;
    r.floaters.far = 1;
    r.floaters.removed = 2;
    r.floaters.datasetSkipped = true;
    r.bellyCulled = 5;
    r.chunks = 1;
    r.chunkGroups = 1;
    r.emissive = 22;
    struct Language {
        const char* qm;
        QStringList expected;
    };
    const Language languages[] = {
        {":/i18n/splatwright_en.qm",
         {"21 splats in the trained cloud", "5 splats in the game model: 1 opaque core, 4 blended shell",
          "Floaters removed: 2 splats (1 far from the surface, none checked against the dataset's views (no dataset))",
          "5 splats never seen by the game camera (belly) removed", "1 destruction chunk in 1 group",
          "22 emissive (glowing) splats"}},
        {":/i18n/splatwright_ru.qm",
         {"21 сплат в обученном облаке", "5 сплатов в игровой модели: 1 в непрозрачном ядре, 4 в полупрозрачной оболочке",
          "Удалено флоатеров: 2 сплата (1 далеко от поверхности",
          "Удалено сплатов, которые игровая камера никогда не видит (брюхо): 5", "1 чанк разрушения в 1 группе",
          "22 светящихся сплата"}},
    };
    for (const Language& language : languages) {
        QTranslator translator;
        QVERIFY(translator.load(language.qm));
        QCoreApplication::installTranslator(&translator);
        const QString text = sw::editor::bakeReportText(r);
        QCoreApplication::removeTranslator(&translator);
        for (const QString& line : language.expected) QVERIFY2(text.contains(line), qPrintable(line + "\n---\n" + text));
        QVERIFY2(!text.contains("(s)") && !text.contains("cull", Qt::CaseInsensitive), qPrintable(text));
    }
}

QTEST_MAIN(TestEditor)
#include "tst_editor.moc"
