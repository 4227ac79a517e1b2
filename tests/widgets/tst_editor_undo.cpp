// Undo/redo round trips of the editor's edits (issue 16 build item 2), beyond the cloud edits of
// tst_editor_floaters: a recipe edit, a weapon profile edit, a part assignment and a rename, and
// the Selection dock's hide, delete and crop driven through its buttons (the cloud bit-identical
// after undo), plus select by value (the selection is exactly the splats in the range).
#include <cmath>
#include <QAction>
#include <QDoubleSpinBox>
#include <QLabel>
#include <QPushButton>
#include <QUndoStack>
#include <QtTest>

#include "app/editor/bake_controller.h"
#include "app/editor/editor_document.h"
#include "app/editor/main_window.h"
#include "core/project/project.h"
#include "core/splat/selection.h"
#include "tests/widgets/bake_test_fixture.h"
#include "widgets/destruct_panel.h"
#include "widgets/param_panel.h"
#include "widgets/parts_panel.h"
#include "widgets/recipe_panel.h"
#include "widgets/selection_panel.h"
#include "widgets/viewport.h"

using namespace sw::test::bakefx;

namespace {

bool sameRecipe(const sw::bake::MaterialRecipe& a, const sw::bake::MaterialRecipe& b) {
    if (a.rules.size() != b.rules.size()) return false;
    for (std::size_t i = 0; i < a.rules.size(); ++i) {
        const auto &x = a.rules[i], &y = b.rules[i];
        if (x.material != y.material || x.hueMin != y.hueMin || x.hueMax != y.hueMax || x.satMin != y.satMin ||
            x.satMax != y.satMax || x.valMin != y.valMin || x.valMax != y.valMax)
            return false;
    }
    return true;
}

void click(MainWindow& w, const char* name) { w.findChild<QPushButton*>(QString::fromLatin1(name))->click(); }

}  // namespace

class TestEditorUndo : public QObject {
    Q_OBJECT
private slots:
    void initTestCase() { sw::test::isolateEditorSettings("tst_editor_undo"); }
    void recipeEditUndoes();
    void recipeSpinStepsAreOneUndoStep();
    void weaponProfileEditUndoes();
    void partEditsUndo();
    void selectionDockEditsUndoBitIdentically();
    void selectByValueTakesTheRange();
};

void TestEditorUndo::recipeEditUndoes() {
    MainWindow window;
    auto* recipes = window.findChild<sw::widgets::RecipePanel*>("recipePanel");
    QUndoStack* stack = window.document()->undoStack();
    const auto before = recipes->recipe();
    const int count = stack->count();
    qobject_cast<QDoubleSpinBox*>(recipes->cellEditor(0, 3))->setValue(0.05);
    QCOMPARE(stack->count(), count + 1);
    const auto after = recipes->recipe();
    QVERIFY(!sameRecipe(before, after));
    window.findChild<QAction*>("actionUndo")->trigger();
    QVERIFY(sameRecipe(recipes->recipe(), before));
    window.findChild<QAction*>("actionRedo")->trigger();
    QVERIFY(sameRecipe(recipes->recipe(), after));
    recipes->resetToDefault();  // Default is one edit too
    QCOMPARE(stack->count(), count + 2);
    window.findChild<QAction*>("actionUndo")->trigger();
    QVERIFY(sameRecipe(recipes->recipe(), after));
}

// Stepping a recipe bound five times (arrow clicks, held key) is one edit: one undo restores it;
// an edit of another field is its own step.
void TestEditorUndo::recipeSpinStepsAreOneUndoStep() {
    MainWindow window;
    auto* recipes = window.findChild<sw::widgets::RecipePanel*>("recipePanel");
    QUndoStack* stack = window.document()->undoStack();
    const auto before = recipes->recipe();
    const int count = stack->count();
    auto* satMin = qobject_cast<QDoubleSpinBox*>(recipes->cellEditor(0, 3));
    for (int i = 0; i < 5; ++i) satMin->stepUp();
    QCOMPARE(stack->count(), count + 1);
    const auto stepped = recipes->recipe();
    QVERIFY(std::abs(stepped.rules[0].satMin - before.rules[0].satMin - 5 * satMin->singleStep()) < 1e-4);
    auto* hueMax = qobject_cast<QDoubleSpinBox*>(recipes->cellEditor(0, 2));
    hueMax->stepDown();
    hueMax->stepDown();
    QCOMPARE(stack->count(), count + 2);
    window.findChild<QAction*>("actionUndo")->trigger();
    QVERIFY(sameRecipe(recipes->recipe(), stepped));
    window.findChild<QAction*>("actionUndo")->trigger();
    QVERIFY(sameRecipe(recipes->recipe(), before));
    window.findChild<QAction*>("actionRedo")->trigger();
    QVERIFY(sameRecipe(recipes->recipe(), stepped));
}

void TestEditorUndo::weaponProfileEditUndoes() {
    MainWindow window;
    auto* destruct = window.findChild<sw::widgets::DestructPanel*>("destructPanel");
    sw::widgets::ParamPanel* profile = destruct->profilePanel();
    QCOMPARE(profile->undoStack(), window.document()->undoStack());
    auto* radius = qobject_cast<QDoubleSpinBox*>(profile->editorFor("radius"));
    QVERIFY(radius);
    const double before = radius->value();
    radius->setValue(before * 2.0);
    QCOMPARE(destruct->profile().radius, float(before * 2.0));
    window.findChild<QAction*>("actionUndo")->trigger();
    QCOMPARE(destruct->profile().radius, float(before));
    window.findChild<QAction*>("actionRedo")->trigger();
    QCOMPARE(destruct->profile().radius, float(before * 2.0));
}

void TestEditorUndo::partEditsUndo() {
    MainWindow window;
    window.show();
    QVERIFY(sw::test::openDemo(window));
    sw::widgets::PartsPanel* parts = window.partsPanel();
    const sw::geometry::Mesh before = window.document()->model()->mesh;
    const auto& comp = parts->components().faceComponent;
    // The component of face 0 goes to a part it is not in yet.
    const int target = (before.facePart.empty() ? 0 : before.facePart[0]) == 1 ? 2 : 1;
    while (parts->partCount() <= target) click(window, "addPart");
    const auto namesWithParts = window.document()->model()->mesh.partNames;
    parts->selectFace(0);
    parts->setCurrentPart(target);
    click(window, "assignPart");
    const sw::geometry::Mesh after = window.document()->model()->mesh;
    int moved = 0;
    for (std::size_t f = 0; f < comp.size(); ++f) moved += comp[f] == comp[0] && after.facePart[f] == target;
    QVERIFY(moved > 0);
    QAction* undo = window.findChild<QAction*>("actionUndo");
    QAction* redo = window.findChild<QAction*>("actionRedo");
    undo->trigger();
    const sw::geometry::Mesh& undone = window.document()->model()->mesh;
    for (std::size_t f = 0; f < comp.size(); ++f)
        QCOMPARE(f < undone.facePart.size() ? undone.facePart[f] : 0, f < before.facePart.size() ? before.facePart[f] : 0);
    QCOMPARE(undone.partNames, namesWithParts);
    redo->trigger();
    QCOMPARE(window.document()->model()->mesh.facePart, after.facePart);
    QCOMPARE(parts->facesInPart(target), int(std::count(after.facePart.begin(), after.facePart.end(), target)));
    // A rename, then its undo.
    auto renamed = after.partNames;
    renamed[std::size_t(target)] = "turret";
    emit parts->partsRenamed(renamed);
    QCOMPARE(window.document()->model()->mesh.partNames, renamed);
    undo->trigger();
    QCOMPARE(window.document()->model()->mesh.partNames, after.partNames);
    QCOMPARE(window.document()->project()->partNames, after.partNames);
}

void TestEditorUndo::selectionDockEditsUndoBitIdentically() {
    MainWindow window;
    window.show();
    QVERIFY(openCloudAndScan(window, outputDir("undo-dock")));
    sw::widgets::Viewport* view = window.viewport();
    const sw::splat::SplatCloud original = *window.document()->cloud();
    const std::size_t n = original.size();
    QVERIFY(QTest::qWaitFor([&] { return view->splatCount() == n; }, 20000));
    QAction* undo = window.findChild<QAction*>("actionUndo");
    const auto selectFirst = [&](std::size_t k) {
        std::vector<std::uint8_t> mask(view->splatCount(), 0);
        for (std::size_t i = 0; i < k; ++i) mask[i] = 1;
        QVERIFY(view->setSelection(mask));
    };
    // Hide 100, then undo.
    selectFirst(100);
    QCOMPARE(window.findChild<QLabel*>("selectionCount")->text(), QStringLiteral("Selected: 100 of %1 splats").arg(n));
    click(window, "selectHide");
    QCOMPARE(sw::splat::maskCount(view->hidden()), std::size_t(100));
    QCOMPARE(countOnes(window.bakeController()->hiddenMask()), 100);
    undo->trigger();
    QVERIFY(view->hidden().empty());
    // Delete 50 through the dock, then undo: the same cloud, byte for byte.
    selectFirst(50);
    click(window, "selectDelete");
    QCOMPARE(window.document()->cloud()->size(), n - 50);
    undo->trigger();
    QVERIFY(sameCloud(*window.document()->cloud(), original));
    // Crop to the bounds of a selection: what is outside goes, undo brings it back.
    QVERIFY(QTest::qWaitFor([&] { return view->splatCount() == n; }, 20000));
    selectFirst(n / 3);
    Eigen::Vector3f lo, hi;
    sw::splat::maskBounds(view->splatCentres(), view->selection(), lo, hi);
    click(window, "selectCrop");
    const auto& cropped = window.document()->cloud()->positions;
    QVERIFY(cropped.size() < n);
    for (const Eigen::Vector3f& p : cropped) QVERIFY((p.array() >= lo.array()).all() && (p.array() <= hi.array()).all());
    undo->trigger();
    QVERIFY(sameCloud(*window.document()->cloud(), original));

    // The crop box (Selection dock ▸ Crop box): Crop deletes what lies outside the box, not
    // outside the selection; undo brings it back; the box hides with the button.
    QVERIFY(QTest::qWaitFor([&] { return view->splatCount() == n; }, 20000));
    auto* boxButton = window.findChild<QPushButton*>("selectCropBox");
    QVERIFY(boxButton && boxButton->isCheckable());
    boxButton->click();
    QVERIFY(view->cropBoxVisible());
    auto [boxLo, boxHi] = view->cropBox();
    boxHi.z() = 0.5f * (boxLo.z() + boxHi.z());  // the lower half of the model
    view->setCropBox(boxLo, boxHi);
    selectFirst(10);  // a selection elsewhere does not decide the crop
    click(window, "selectCrop");
    const auto& boxed = window.document()->cloud()->positions;
    std::size_t inside = 0;
    for (const Eigen::Vector3f& p : original.positions)
        inside += (p.array() >= boxLo.array()).all() && (p.array() <= boxHi.array()).all();
    QVERIFY(inside > 0 && inside < n);
    QVERIFY(window.bakeController()->keepList().empty());  // no kept splat outside stays behind
    QCOMPARE(boxed.size(), inside);
    for (const Eigen::Vector3f& p : boxed) QVERIFY((p.array() >= boxLo.array()).all() && (p.array() <= boxHi.array()).all());
    QVERIFY(undo->text().contains("Crop"));
    undo->trigger();
    QVERIFY(sameCloud(*window.document()->cloud(), original));
    boxButton->click();
    QVERIFY(!view->cropBoxVisible());
}

void TestEditorUndo::selectByValueTakesTheRange() {
    MainWindow window;
    window.show();
    QVERIFY(openCloudAndScan(window, outputDir("undo-range")));
    sw::widgets::Viewport* view = window.viewport();
    QVERIFY(QTest::qWaitFor([&] { return view->splatCount() == window.document()->cloud()->size(); }, 20000));
    auto* panel = window.findChild<sw::widgets::SelectionPanel*>("selectionPanel");
    panel->setAttributeValues({});
    emit panel->attributeRequested(sw::widgets::SelectionPanel::Attribute::Opacity);  // Opacity is the first entry
    QCOMPARE(panel->attributeValues().size(), view->splatCount());
    int total = 0;
    for (int c : panel->histogram().counts) total += c;
    QCOMPARE(std::size_t(total), view->splatCount());
    panel->setRange(0.5f, 0.9f);
    panel->selectRange();
    const auto model = view->splatModel();
    std::size_t want = 0;
    for (std::size_t i = 0; i < view->splatCount(); ++i) {
        const float op = i < model->core.size() ? model->core.opacity[i] : model->shell.opacity[i - model->core.size()];
        const bool in = op >= 0.5f - 5e-5f && op <= 0.9f + 5e-5f;
        want += in;
        QCOMPARE(bool(view->selection()[i]), in);
    }
    QCOMPARE(view->selectedCount(), want);
    // The grow/shrink radius names its unit in the field.
    auto* radius = panel->findChild<QDoubleSpinBox*>("selectGrowRadius");
    QVERIFY(radius && radius->text().endsWith(" model units"));
}

QTEST_MAIN(TestEditorUndo)
#include "tst_editor_undo.moc"
