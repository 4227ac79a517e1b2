// Issue #16 build item 4: the editor's layout. At 1280×800 and 1920×1080, in English and
// Russian, no dock tab or dock title is elided (each text's width measured against its tab or
// title bar) and the docks sit in three tab groups; window geometry and dock
// state come back in the next run (QSettings), a state of another layout version is ignored;
// View ▸ Reset Layout puts moved and closed docks back; View ▸ Language stores the choice and
// says it applies at the next start; the camera and background actions carry one name in the
// View menu and on the View toolbar.
#include <QAction>
#include <QApplication>
#include <QDockWidget>
#include <QMenu>
#include <QMessageBox>
#include <QSettings>
#include <QTabBar>
#include <QTest>
#include <QToolButton>
#include <QTranslator>
#include <cstdio>
#include <memory>

#include "app/editor/editor_actions.h"
#include "app/editor/main_window.h"
#include "tests/widgets/editor_test_support.h"

using sw::editor::MainWindow;

namespace {

QMessageBox* visibleBox(QWidget* window, const char* name) {
    for (QMessageBox* box : window->findChildren<QMessageBox*>(name))
        if (box->isVisible()) return box;
    return nullptr;
}

QString plain(QString text) { return text.remove(QLatin1Char('&')); }

}  // namespace

class TestEditorLayout : public QObject {
    Q_OBJECT
private slots:
    void initTestCase() { sw::test::isolateEditorSettings("tst_editor_layout"); }
    void noDockTitleIsElided_data();
    void noDockTitleIsElided();
    void layoutComesBackInTheNextRun();
    void resetLayoutPutsDocksBack();
    void languageMenuStoresTheChoice();
    void oneNamePerViewAction();
};

void TestEditorLayout::noDockTitleIsElided_data() {
    QTest::addColumn<QString>("lang");
    QTest::addColumn<QSize>("size");
    for (const char* lang : {"en", "ru"})
        for (const QSize size : {QSize(1280, 800), QSize(1920, 1080)})
            QTest::addRow("%s %dx%d", lang, size.width(), size.height()) << QString(lang) << size;
}

void TestEditorLayout::noDockTitleIsElided() {
    QFETCH(QString, lang);
    QFETCH(QSize, size);
    QTranslator ru;
    if (lang == "ru") {
        QVERIFY(ru.load(":/i18n/splatwright_ru.qm"));
        QCoreApplication::installTranslator(&ru);
    }
    {
        MainWindow window;
        window.resize(size);
        window.show();
        QVERIFY(QTest::qWaitForWindowExposed(&window));
        QTest::qWait(50);
        QCOMPARE(window.size(), size);
        if (lang == "ru") QCOMPARE(window.findChild<QDockWidget*>("importDock")->windowTitle(), QString("Импорт"));
        // Three tab groups (not one of eleven), and every dock in one of them.
        const auto groups = window.dockGroups();
        QCOMPARE(groups.size(), 3);
        int docks = 0;
        for (const auto& group : groups) {
            QVERIFY(group.size() >= 4 && group.size() <= 6);
            for (QDockWidget* d : group) {
                QVERIFY(d->isVisible());
                QCOMPARE(window.tabifiedDockWidgets(d).size(), group.size() - 1);
            }
            docks += int(group.size());
        }
        QVERIFY(docks >= 13);
        // The docks' tab bars: every tab as wide as its text needs, all inside the bar.
        int tabs = 0;
        for (QTabBar* bar : window.findChildren<QTabBar*>()) {
            if (bar->parentWidget() != &window || !bar->isVisible()) continue;
            const QFontMetrics fm(bar->font());
            for (int i = 0; i < bar->count(); ++i, ++tabs) {
                const int text = fm.horizontalAdvance(bar->tabText(i));
                QVERIFY2(bar->tabRect(i).width() >= text, qPrintable(QString("%1: tab %2 px, text %3 px")
                                                                     .arg(bar->tabText(i)).arg(bar->tabRect(i).width()).arg(text)));
                QVERIFY2(bar->tabRect(i).right() <= bar->width(), qPrintable(bar->tabText(i)));
            }
        }
        QVERIFY(tabs >= 13);
        const QStringList elided = window.elidedTitles();
        QVERIFY2(elided.isEmpty(), qPrintable(elided.join(", ")));
    }
    if (lang == "ru") QCoreApplication::removeTranslator(&ru);
}

void TestEditorLayout::layoutComesBackInTheNextRun() {
    QSettings().clear();
    {
        MainWindow window;
        window.show();
        QVERIFY(QTest::qWaitForWindowExposed(&window));
        QVERIFY(!window.restoreLayout());  // nothing saved yet
        window.resize(1200, 760);
        window.findChild<QDockWidget*>("logDock")->close();
        window.findChild<QDockWidget*>("effectsDock")->raise();
        QVERIFY(window.close());  // a clean quit saves the layout
    }
    {
        MainWindow window;
        QVERIFY(window.restoreLayout());
        window.show();
        QVERIFY(QTest::qWaitForWindowExposed(&window));
        QCOMPARE(window.size(), QSize(1200, 760));
        QVERIFY(window.findChild<QDockWidget*>("logDock")->isHidden());
        QVERIFY(!window.findChild<QDockWidget*>("effectsDock")->visibleRegion().isEmpty());
        QVERIFY(!window.findChild<QDockWidget*>("importDock")->isHidden());
    }
    // A state saved by another layout version is not applied.
    QSettings().setValue("layout/version", MainWindow::kLayoutVersion - 1);
    MainWindow window;
    QVERIFY(!window.restoreLayout());
    window.show();
    QVERIFY(QTest::qWaitForWindowExposed(&window));
    QVERIFY(window.findChild<QDockWidget*>("logDock")->isVisible());
}

void TestEditorLayout::resetLayoutPutsDocksBack() {
    MainWindow window;
    window.show();
    QVERIFY(QTest::qWaitForWindowExposed(&window));
    auto* parts = window.findChild<QDockWidget*>("partsDock");
    auto* bake = window.findChild<QDockWidget*>("bakeDock");
    auto* frames = window.findChild<QDockWidget*>("framesDock");
    parts->setFloating(true);
    bake->close();
    window.addDockWidget(Qt::LeftDockWidgetArea, frames);
    QVERIFY(window.actions().resetLayout);
    QVERIFY(window.actions().viewMenu->actions().contains(window.actions().resetLayout));
    window.actions().resetLayout->trigger();
    QTest::qWait(50);
    QVERIFY(!parts->isFloating());
    QVERIFY(bake->isVisible());
    QCOMPARE(window.dockWidgetArea(parts), Qt::RightDockWidgetArea);
    QCOMPARE(window.dockWidgetArea(bake), Qt::RightDockWidgetArea);
    QCOMPARE(window.dockWidgetArea(frames), Qt::BottomDockWidgetArea);
    QVERIFY(window.tabifiedDockWidgets(parts).contains(window.findChild<QDockWidget*>("importDock")));
    QVERIFY(window.tabifiedDockWidgets(frames).contains(window.findChild<QDockWidget*>("logDock")));
    QVERIFY(window.elidedTitles().isEmpty());
}

void TestEditorLayout::languageMenuStoresTheChoice() {
    MainWindow window;
    window.show();
    QMenu* menu = window.actions().languageMenu;
    QVERIFY(menu);
    QAction* ru = menu->findChild<QAction*>("language_ru");
    QAction* en = menu->findChild<QAction*>("language_en");
    QVERIFY(ru && en);
    QCOMPARE(ru->text(), QString("Русский"));  // named in itself
    QCOMPARE(en->text(), QString("English"));
    ru->trigger();
    QCOMPARE(MainWindow::savedLanguage(), QString("ru"));
    QMessageBox* note = visibleBox(&window, "languageNote");
    QVERIFY(note);
    QVERIFY(note->text().contains("next time"));
    note->button(QMessageBox::Ok)->click();
    QTRY_VERIFY(!visibleBox(&window, "languageNote"));
    en->trigger();
    QCOMPARE(MainWindow::savedLanguage(), QString("en"));
    MainWindow next;  // the menu shows the stored choice
    QVERIFY(next.actions().languageMenu->findChild<QAction*>("language_en")->isChecked());
}

void TestEditorLayout::oneNamePerViewAction() {
    MainWindow window;
    const sw::editor::EditorActions& a = window.actions();
    const auto button = [&window](const char* name) { return window.findChild<QToolButton*>(name); };
    QVERIFY(button("viewCamera0") && button("viewCamera1") && button("viewBackground0") && button("viewBackground1"));
    QCOMPARE(button("viewCamera0")->text(), plain(a.orbit->text()));
    QCOMPARE(button("viewCamera1")->text(), plain(a.turntable->text()));
    QCOMPARE(button("viewBackground0")->text(), plain(a.grey->text()));
    QCOMPARE(button("viewBackground1")->text(), plain(a.black->text()));
    QCOMPARE(plain(a.turntable->text()), QString("Game Camera"));
}

int main(int argc, char** argv) {
    if (qEnvironmentVariable("QT_QPA_PLATFORM") == "xcb" && qEnvironmentVariableIsEmpty("DISPLAY")) {
        std::printf("SKIP: no X display (run under xvfb-run, as ./scripts/test does)\n");
        return 77;
    }
    QApplication app(argc, argv);
    TestEditorLayout test;
    return QTest::qExec(&test, argc, argv);
}

#include "tst_editor_layout.moc"
