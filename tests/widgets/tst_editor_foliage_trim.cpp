// The Foliage dock's Trim Cards… (issue 35 §7) in the editor: on an open model with alpha-MASK
// cards (leaf.glb of the foliage_gen fixture: one card on a leaf, one on an empty quarter, a
// trunk) the button opens the dialog, Trim writes the trimmed copy where the dialog says (the
// empty card dropped, the model file untouched) and the status bar gives the share cut; the
// model itself as the output is refused with the dialog left open; a cloud has no cards to trim.
#include <QCryptographicHash>
#include <QDialog>
#include <QDialogButtonBox>
#include <QDir>
#include <QFile>
#include <QFileInfo>
#include <QLineEdit>
#include <QMessageBox>
#include <QPushButton>
#include <QSignalSpy>
#include <QStatusBar>
#include <QTest>

#include "app/editor/editor_document.h"
#include "app/editor/foliage_trim.h"
#include "app/editor/job_runner.h"
#include "app/editor/main_window.h"
#include "core/geometry/import.h"
#include "tests/widgets/editor_test_support.h"

using sw::editor::MainWindow;

namespace {

QByteArray sha(const QString& path) {
    QFile f(path);
    return f.open(QIODevice::ReadOnly) ? QCryptographicHash::hash(f.readAll(), QCryptographicHash::Sha256) : QByteArray();
}

QDialog* trimDialog(QWidget& window) {
    for (QDialog* d : window.findChildren<QDialog*>("foliageTrimDialog"))
        if (d->isVisible()) return d;
    return nullptr;
}

}  // namespace

class TestEditorFoliageTrim : public QObject {
    Q_OBJECT
private slots:
    void initTestCase() { sw::test::isolateEditorSettings("tst_editor_foliage_trim"); }
    void trimCardsFromTheDock();
};

void TestEditorFoliageTrim::trimCardsFromTheDock() {
    const QString leaf = QStringLiteral(SW_FOLIAGE_DIR "/leaf.glb");
    if (!QFileInfo::exists(leaf)) QSKIP("leaf.glb is made by the cli.foliage.generate fixture");
    const QString out = QStringLiteral(SW_TEST_OUTPUT_DIR "/tst_editor_foliage_trim/leaf-cut.glb");
    QFile::remove(out);
    QVERIFY(QDir().mkpath(QFileInfo(out).absolutePath()));
    const QByteArray before = sha(leaf);

    MainWindow window;
    window.show();
    QSignalSpy shown(&window, &MainWindow::modelShown);
    window.openModel(leaf);
    QTRY_VERIFY_WITH_TIMEOUT(shown.count() == 1, 60000);
    auto* button = window.findChild<QPushButton*>("foliageTrim");
    QVERIFY(button);
    QVERIFY(button->isEnabled());
    button->click();
    QDialog* dialog = trimDialog(window);
    QVERIFY(dialog);
    auto* output = dialog->findChild<QLineEdit*>("foliageTrimOutput");
    QVERIFY(output);
    QCOMPARE(QFileInfo(output->text()).fileName(), QStringLiteral("leaf-trimmed.glb"));  // beside the model
    auto* trim = dialog->findChild<QDialogButtonBox*>()->button(QDialogButtonBox::Ok);

    // The model itself is refused: an error, the dialog stays, nothing changes.
    output->setText(leaf);
    trim->click();
    QMessageBox* error = nullptr;
    for (QMessageBox* b : window.findChildren<QMessageBox*>("errorBox")) error = b->isVisible() ? b : error;
    QVERIFY(error);
    QVERIFY2(error->text().contains("leaf.glb"), qPrintable(error->text()));
    error->close();
    QVERIFY(trimDialog(window) == dialog);

    output->setText(out);
    trim->click();
    auto* controller = window.findChild<sw::editor::FoliageTrimController*>("foliageTrimController");
    QVERIFY(controller);
    QTRY_VERIFY_WITH_TIMEOUT(QFileInfo::exists(out) && !controller->runner()->busy(), 60000);
    QVERIFY(!trimDialog(window));
    QTRY_VERIFY(window.statusBar()->currentMessage().contains("% of their area cut"));
    QVERIFY2(window.statusBar()->currentMessage().contains("leaf-cut.glb"), qPrintable(window.statusBar()->currentMessage()));
    QCOMPARE(sha(leaf), before);

    sw::geometry::ImportSettings raw;
    raw.normalise = false;
    raw.repairWinding = false;
    auto source = sw::geometry::importModel(leaf.toStdString(), raw);
    auto trimmed = sw::geometry::importModel(out.toStdString(), raw);
    QVERIFY(source && trimmed);
    // The empty card's two triangles are gone; the leaf card is a polygon (a fan) now.
    int sourceMask = 0, trimmedMask = 0;
    for (std::size_t f = 0; f < source->mesh.triangles.size(); ++f)
        sourceMask += source->mesh.materials[std::size_t(source->mesh.faceMaterial[f])].alphaMask ? 1 : 0;
    for (std::size_t f = 0; f < trimmed->mesh.triangles.size(); ++f)
        trimmedMask += trimmed->mesh.materials[std::size_t(trimmed->mesh.faceMaterial[f])].alphaMask ? 1 : 0;
    QCOMPARE(sourceMask, 4);
    QVERIFY2(trimmedMask >= 2 && trimmedMask <= 6, qPrintable(QString::number(trimmedMask)));
}

QTEST_MAIN(TestEditorFoliageTrim)
#include "tst_editor_foliage_trim.moc"
