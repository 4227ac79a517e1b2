// Issue #16 build item 6: named presets on every generated parameter panel. The preset box
// lists Custom, the schema's declared presets and the user's own (QSettings); choosing one sets
// its values (one undoable edit) and the box follows edits (a matching preset, else Custom);
// Save as… keeps the values as a user preset that a later panel of the same stage lists; Delete
// removes it; a preset exported as JSON (Save preset…) imports back (Load preset…) as a user
// preset; the Training panel's box shows the trainer's budget presets (boss 6000, small 2000,
// hologram 1800). Every field of every schema the editor shows (Import, Demo, Belt, Dataset,
// Training, Bake, Effects, Weapon profile) shows its real value with its unit, in English and
// Russian number formats: never "0.000" for a non-zero value (Position LR 1.6e-4).
#include <QApplication>
#include <QLocale>
#include <QRegularExpression>
#include <cmath>
#include <QComboBox>
#include <QDir>
#include <QSettings>
#include <QSpinBox>
#include <QTest>
#include <QUndoStack>
#include <cstdio>

#include "app/editor/demo_command.h"
#include "core/bake/bake.h"
#include "core/dataset/belt.h"
#include "core/dataset/dataset_stage.h"
#include "core/destruct/weapon_profile.h"
#include "core/foundation/schema.h"
#include "core/geometry/import.h"
#include "core/render/effects_schema.h"
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
    void everyFieldShowsItsValueAndUnit_data();
    void everyFieldShowsItsValueAndUnit();
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

namespace {

std::vector<const sw::ParamSchema*> editorSchemas() {
    std::vector<const sw::ParamSchema*> schemas = {
        &sw::geometry::importSchema().schema(), &sw::editor::demoParamSchema(), &sw::dataset::beltSchema().schema(),
        &sw::dataset::datasetSchema().schema(), &sw::bake::bakeSchema().schema(), &sw::render::effectsSchema().schema(),
        &sw::render::effectTimelineSchema().schema(), &sw::destruct::weaponSchema().schema()};
#ifdef SW_HAVE_TRAIN
    schemas.push_back(&sw::train::trainSchema().schema());
#endif
    return schemas;
}

// Values a field of `spec` must show faithfully: its default, its bounds and a few magnitudes
// in its range (1.6e-4 is the Position LR default).
std::vector<double> probes(const sw::ParamSpec& spec) {
    std::vector<double> values = {std::get<double>(spec.defaultValue)};
    for (double v : {spec.min, spec.max, 1.6e-4, 2.5e-7, 0.0123, 0.5, 3.75, 1234.5, 2.5e6})
        if (std::isfinite(v) && v >= spec.min && v <= spec.max && std::abs(v) < 1e9) values.push_back(v);
    return values;
}

}  // namespace

void TestParamPresets::everyFieldShowsItsValueAndUnit_data() {
    QTest::addColumn<QString>("language");
    QTest::newRow("en") << "en";
    QTest::newRow("ru") << "ru";  // decimal comma
}

void TestParamPresets::everyFieldShowsItsValueAndUnit() {
    QFETCH(QString, language);
    const QLocale before;
    QLocale::setDefault(QLocale(language == "ru" ? QLocale::Russian : QLocale::English));
    const QRegularExpression zeros(QStringLiteral("^-?0([.,]0*)?$"));
    int checked = 0;
    for (const sw::ParamSchema* schema : editorSchemas()) {
        sw::widgets::ParamPanel panel(*schema);
        for (const sw::ParamSpec& spec : schema->params()) {
            QWidget* editor = panel.editorFor(QString::fromStdString(spec.name));
            const QString where = QString::fromStdString(schema->stage() + "/" + spec.name);
            QVERIFY2(editor, qPrintable(where));
            auto* spin = qobject_cast<QAbstractSpinBox*>(editor);
            if (!spin) continue;
            const QString unit = spec.unit.empty() ? QString() : " " + sw::widgets::ParamPanel::trSchema(spec.unit);
            const QString suffix = spec.type == sw::ParamType::Float ? qobject_cast<QDoubleSpinBox*>(editor)->suffix()
                                                                      : qobject_cast<QSpinBox*>(editor)->suffix();
            QVERIFY2(suffix == unit, qPrintable(where + ": suffix '" + suffix + "', unit '" + unit + "'"));
            if (spec.type != sw::ParamType::Float) continue;
            for (double value : probes(spec)) {
                sw::ParamSet params = panel.params();
                QVERIFY2(params.set(spec.name, value).ok(), qPrintable(where));
                panel.setParams(params);
                QString text = spin->text();
                QVERIFY2(text.endsWith(unit), qPrintable(where + ": " + text));
                text.chop(unit.size());
                bool ok = false;
                const double shown = QLocale().toDouble(text.trimmed(), &ok);
                const QString what = QStringLiteral("%1 = %2 shows '%3'").arg(where).arg(value, 0, 'g', 17).arg(spin->text());
                QVERIFY2(ok, qPrintable(what));
                if (value != 0) QVERIFY2(!zeros.match(text.trimmed()).hasMatch(), qPrintable(what));
                // Tiny values in scientific notation, as an artist reads a learning rate.
                if (value != 0 && std::abs(value) < 1e-3) QVERIFY2(text.contains(QLatin1Char('e')), qPrintable(what));
                if (spec.name == "means-lr" && value == 1.6e-4)
                    QCOMPARE(text, language == "ru" ? QStringLiteral("1,6e-4") : QStringLiteral("1.6e-4"));
                // Four significant digits (issue 33: "39.5978 deg" reads 39.6 deg), never fewer.
                QVERIFY2(std::abs(shown - value) <= 5e-4 * std::abs(value), qPrintable(what));
                // What it shows is what it holds: the value survives a round trip through the field.
                QVERIFY2(std::abs(qobject_cast<QDoubleSpinBox*>(editor)->value() - value) <= 1e-9 * std::max(1.0, std::abs(value)),
                         qPrintable(what));
                ++checked;
            }
        }
    }
    QLocale::setDefault(before);
    QVERIFY(checked > 100);
}

int main(int argc, char** argv) {
    QApplication app(argc, argv);
    TestParamPresets test;
    return QTest::qExec(&test, argc, argv);
}

#include "tst_param_presets.moc"
