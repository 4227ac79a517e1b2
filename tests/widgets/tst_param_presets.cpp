// Issue #16 build item 6: named presets on every generated parameter panel. The preset box
// lists Custom, the schema's declared presets and the user's own (QSettings); choosing one sets
// its values (one undoable edit) and the box follows edits (a matching preset, else Custom);
// Save as… keeps the values as a user preset that a later panel of the same stage lists; Delete
// removes it; a preset exported as JSON (Save preset…) imports back (Load preset…) as a user
// preset; the Training panel's box shows the trainer's budget presets (boss 6000, small 2000,
// hologram 1800).
#include <QApplication>
#include <QComboBox>
#include <QDir>
#include <QSettings>
#include <QSpinBox>
#include <QTest>
#include <QUndoStack>
#include <cstdio>

#include "core/foundation/schema.h"
#include "tests/widgets/editor_test_support.h"
#include "widgets/param_panel.h"
#ifdef SW_HAVE_TRAIN
#include "core/train/trainer.h"
#endif

namespace {

struct Knobs {
    int count = 7;
    double size = 0.25;
    bool enabled = true;
};

const sw::SettingsSchema<Knobs>& knobsSchema() {
    static const sw::SettingsSchema<Knobs> schema = [] {
        sw::SettingsSchema<Knobs> s("knobs", "Knobs");
        s.add(&Knobs::count, "count", "Count").range(1, 100);
        s.add(&Knobs::size, "size", "Size").range(0, 2);
        s.add(&Knobs::enabled, "enabled", "Enabled");
        s.addPreset({"big", "Big", "Many and large", {{"count", std::int64_t(90)}, {"size", 1.5}}});
        s.addPreset({"tiny", "Tiny", "Few and small", {{"count", std::int64_t(2)}, {"size", 0.01}}});
        return s;
    }();
    return schema;
}

QStringList boxData(QComboBox* box) {
    QStringList data;
    for (int i = 0; i < box->count(); ++i) data << box->itemData(i).toString();
    return data;
}

void choose(QComboBox* box, const QString& data) {
    const int index = box->findData(data);
    QVERIFY2(index >= 0, qPrintable(data));
    box->setCurrentIndex(index);
    emit box->activated(index);  // what a click on the item does
}

}  // namespace

class TestParamPresets : public QObject {
    Q_OBJECT
private slots:
    void initTestCase() { sw::test::isolateEditorSettings("tst_param_presets"); }
    void builtInPresetsApplyAndTheBoxFollows();
    void userPresetsAreKeptAndShared();
    void trainingPanelShowsTheBudgetPresets();
};

void TestParamPresets::builtInPresetsApplyAndTheBoxFollows() {
    sw::widgets::ParamPanel panel(knobsSchema().schema());
    QUndoStack undo;
    panel.setUndoStack(&undo);
    QComboBox* box = panel.presetBox();
    QVERIFY(box);
    QCOMPARE(box->objectName(), QString("presetBox"));
    QCOMPARE(boxData(box), (QStringList{"custom", "builtin:big", "builtin:tiny"}));
    QCOMPARE(box->currentData().toString(), QString("custom"));
    QCOMPARE(box->itemText(1), QString("Big"));
    choose(box, "builtin:big");
    QCOMPARE(panel.params().getInt("count"), 90);
    QCOMPARE(panel.params().getFloat("size"), 1.5);
    QVERIFY(panel.params().getBool("enabled"));  // not in the preset: kept
    QCOMPARE(box->currentData().toString(), QString("builtin:big"));
    QCOMPARE(undo.count(), 1);
    // An edit leaves the preset: Custom; undo comes back to it.
    qobject_cast<QSpinBox*>(panel.editorFor("count"))->setValue(91);
    QCOMPARE(box->currentData().toString(), QString("custom"));
    undo.undo();
    QCOMPARE(panel.params().getInt("count"), 90);
    QCOMPARE(box->currentData().toString(), QString("builtin:big"));
    undo.undo();
    QCOMPARE(panel.params().getInt("count"), 7);
    QCOMPARE(box->currentData().toString(), QString("custom"));
    // Values that equal a preset show it, however they were set.
    qobject_cast<QSpinBox*>(panel.editorFor("count"))->setValue(2);
    QCOMPARE(box->currentData().toString(), QString("custom"));
    auto* size = qobject_cast<QDoubleSpinBox*>(panel.editorFor("size"));
    size->setValue(0.01);
    QCOMPARE(box->currentData().toString(), QString("builtin:tiny"));
    QVERIFY(!panel.applyPreset("builtin:nonsense"));
    QCOMPARE(panel.params().getInt("count"), 2);
}

void TestParamPresets::userPresetsAreKeptAndShared() {
    const QString dir = QStringLiteral(SW_TEST_OUTPUT_DIR "/tst_param_presets");
    QDir(dir).removeRecursively();
    QDir().mkpath(dir);
    {
        sw::widgets::ParamPanel panel(knobsSchema().schema());
        qobject_cast<QSpinBox*>(panel.editorFor("count"))->setValue(33);
        panel.saveUserPreset("mine");
        QCOMPARE(panel.userPresets(), QStringList{"mine"});
        QCOMPARE(panel.presetBox()->currentData().toString(), QString("user:mine"));
        QVERIFY(QSettings().value("presets/knobs").toMap().contains("mine"));
        // Export as JSON.
        QVERIFY(panel.savePresetFile(dir + "/shared.json").ok());
    }
    sw::widgets::ParamPanel other(knobsSchema().schema());  // another panel of the stage, later
    QVERIFY(boxData(other.presetBox()).contains("user:mine"));
    QCOMPARE(other.params().getInt("count"), 7);
    choose(other.presetBox(), "user:mine");
    QCOMPARE(other.params().getInt("count"), 33);
    // Import the exported JSON: its values, and a user preset named after the file.
    other.resetToDefaults();
    QVERIFY(other.loadPresetFile(dir + "/shared.json").ok());
    QCOMPARE(other.params().getInt("count"), 33);
    QVERIFY(other.userPresets().contains("shared"));
    other.deleteUserPreset("mine");
    other.deleteUserPreset("shared");
    QVERIFY(other.userPresets().isEmpty());
    QCOMPARE(boxData(other.presetBox()), (QStringList{"custom", "builtin:big", "builtin:tiny"}));
}

void TestParamPresets::trainingPanelShowsTheBudgetPresets() {
#ifdef SW_HAVE_TRAIN
    sw::widgets::ParamPanel panel(sw::train::trainSchema().schema());
    const QStringList data = boxData(panel.presetBox());
    for (const char* name : {"builtin:boss", "builtin:small", "builtin:hologram"}) QVERIFY2(data.contains(name), name);
    for (const auto& [name, budget] : {std::pair{"builtin:boss", 6000}, std::pair{"builtin:small", 2000}, std::pair{"builtin:hologram", 1800}}) {
        choose(panel.presetBox(), name);
        QCOMPARE(panel.params().getInt("budget"), std::int64_t(budget));
    }
#else
    QSKIP("built without the trainer");
#endif
}

int main(int argc, char** argv) {
    QApplication app(argc, argv);
    TestParamPresets test;
    return QTest::qExec(&test, argc, argv);
}

#include "tst_param_presets.moc"
