// Issue #16 build item 4: the editor's layout. At 1280×800 and 1920×1080, in English and
// Russian, no dock tab or dock title is elided (each text's width measured against its tab or
// title bar) and the docks sit in three tab groups; window geometry and dock
// state come back in the next run (QSettings), a state of another layout version is ignored;
// View ▸ Reset Layout puts moved and closed docks back; View ▸ Language stores the choice and
// switches the running window (menus, docks, panels, generated schema forms, number fields)
// to exactly what a window started in that language shows, and back; the camera and
// background actions carry one name in the View menu and on the View toolbar.
#include <QAbstractButton>
#include <QAbstractSpinBox>
#include <QAction>
#include <QApplication>
#include <QComboBox>
#include <QGroupBox>
#include <QLabel>
#include <QMap>
#include <QTableWidget>
#include <QDockWidget>
#include <QMenu>
#include <QMessageBox>
#include <QSettings>
#include <QStatusBar>
#include <QTabBar>
#include <QProgressBar>
#include <QStyle>
#include <QStyleOptionComboBox>
#include <QScrollArea>
#include <QTest>
#include <QToolButton>
#include <QTranslator>
#include <cstdio>
#include <memory>

#include "app/editor/editor_actions.h"
#include "app/editor/main_window.h"
#include "app/editor/model_status.h"
#include "app/editor/translations.h"
#include "tests/widgets/editor_test_support.h"
#include "widgets/param_panel.h"

using sw::editor::MainWindow;

namespace {

QMessageBox* visibleBox(QWidget* window, const char* name) {
    for (QMessageBox* box : window->findChildren<QMessageBox*>(name))
        if (box->isVisible()) return box;
    return nullptr;
}

QString plain(QString text) { return text.remove(QLatin1Char('&')); }

// An object's place in its window: object names, or class#n among same-class siblings.
QString pathOf(const QObject* object, const QObject* root) {
    QStringList steps;
    for (const QObject* o = object; o && o != root; o = o->parent()) {
        if (!o->objectName().isEmpty()) {
            steps.prepend(o->objectName());
            continue;
        }
        int index = 0;
        if (o->parent())
            for (const QObject* sibling : o->parent()->children()) {
                if (sibling == o) break;
                index += qstrcmp(sibling->metaObject()->className(), o->metaObject()->className()) == 0 ? 1 : 0;
            }
        steps.prepend(QStringLiteral("%1#%2").arg(QLatin1String(o->metaObject()->className())).arg(index));
    }
    return steps.join(QLatin1Char('/'));
}

// Every text a window shows that a language changes: titles, menus, actions, labels, buttons,
// group boxes, number fields (as shown, with units), combo items, table headers, tooltips.
QMap<QString, QString> textsOf(QWidget* window) {
    QMap<QString, QString> out;
    const auto put = [&](const QObject* o, const char* what, const QString& text) {
        if (!text.isEmpty()) out.insert(pathOf(o, window) + QLatin1Char(':') + QLatin1String(what), text);
    };
    put(window, "title", window->windowTitle());
    for (QObject* o : window->findChildren<QObject*>()) {
        if (auto* a = qobject_cast<QAction*>(o)) {
            put(a, "text", a->text());
            put(a, "tip", a->toolTip());
            continue;
        }
        auto* w = qobject_cast<QWidget*>(o);
        if (!w || w->isWindow()) continue;  // dialogs come and go
        if (qobject_cast<QStatusBar*>(w->parentWidget())) continue;  // the frame time: rebuilt every frame
        put(w, "tip", w->toolTip());
        if (auto* d = qobject_cast<QDockWidget*>(w)) put(w, "title", d->windowTitle());
        if (auto* m = qobject_cast<QMenu*>(w)) put(w, "title", m->title());
        if (auto* l = qobject_cast<QLabel*>(w)) put(w, "text", l->text());
        if (auto* b = qobject_cast<QAbstractButton*>(w)) put(w, "text", b->text());
        if (auto* g = qobject_cast<QGroupBox*>(w)) put(w, "title", g->title());
        if (auto* sb = qobject_cast<QAbstractSpinBox*>(w)) put(w, "value", sb->text());
        if (auto* c = qobject_cast<QComboBox*>(w))
            for (int i = 0; i < c->count(); ++i) put(w, qPrintable(QStringLiteral("item%1").arg(i)), c->itemText(i));
        if (auto* t = qobject_cast<QTableWidget*>(w))
            for (int i = 0; i < t->columnCount(); ++i)
                if (t->horizontalHeaderItem(i)) put(w, qPrintable(QStringLiteral("header%1").arg(i)), t->horizontalHeaderItem(i)->text());
    }
    return out;
}

// The entries of `a` that differ from `b` (both sides shown), over the keys both hold.
QStringList differences(const QMap<QString, QString>& a, const QMap<QString, QString>& b, int& compared) {
    QStringList out;
    compared = 0;
    for (auto it = a.begin(); it != a.end(); ++it) {
        if (!b.contains(it.key())) continue;
        ++compared;
        if (b.value(it.key()) != it.value()) out << QStringLiteral("%1: '%2' vs '%3'").arg(it.key(), it.value(), b.value(it.key()));
    }
    return out;
}

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
    void languageSwitchesLive();
    void statusBarFollowsTheLanguage();
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
    QVERIFY(sw::editor::installTranslations(*QCoreApplication::instance(), "en"));
    MainWindow window;
    window.show();
    QMenu* menu = window.actions().languageMenu;
    QVERIFY(menu);
    QAction* ru = menu->findChild<QAction*>("language_ru");
    QAction* en = menu->findChild<QAction*>("language_en");
    QVERIFY(ru && en);
    QCOMPARE(ru->text(), QString("Русский"));  // named in itself
    QCOMPARE(en->text(), QString("English"));
    QVERIFY(en->isChecked());
    ru->trigger();
    QCOMPARE(MainWindow::savedLanguage(), QString("ru"));
    QVERIFY(ru->isChecked() && !en->isChecked());
    QVERIFY(!visibleBox(&window, "languageNote"));  // no "at the next start" note: it applies now
    en->trigger();
    QCOMPARE(MainWindow::savedLanguage(), QString("en"));
    QCOMPARE(sw::editor::installedLanguage(), QString("en"));
    MainWindow next;  // the menu shows the stored choice
    QVERIFY(next.actions().languageMenu->findChild<QAction*>("language_en")->isChecked());
}

// Issue 16 build 4: View ▸ Language switches the running window. After English → Russian every
// text (menus, actions, dock titles, panel labels and group titles of the generated schema
// forms, units, number fields with the Russian decimal comma, combo items, table headers,
// tooltips) equals what a window started in Russian shows; no dock title is elided; Russian →
// English gives back every English text.
void TestEditorLayout::languageSwitchesLive() {
    QVERIFY(sw::editor::installTranslations(*QCoreApplication::instance(), "en"));
    struct BackToEnglish {  // the next tests read English, whatever fails here
        ~BackToEnglish() { (void)sw::editor::installTranslations(*QCoreApplication::instance(), "en"); }
    } backToEnglish;
    MainWindow window;
    window.resize(1280, 800);
    window.show();
    QVERIFY(QTest::qWaitForWindowExposed(&window));
    const QMap<QString, QString> english = textsOf(&window);
    auto* importDock = window.findChild<QDockWidget*>("importDock");
    QCOMPARE(importDock->windowTitle(), QString("Import"));
    QCOMPARE(window.actions().fileMenu->title(), QString("&File"));

    window.actions().languageMenu->findChild<QAction*>("language_ru")->trigger();
    QCOMPARE(sw::editor::installedLanguage(), QString("ru"));
    QCoreApplication::processEvents();  // the LanguageChange and LocaleChange events
    QCOMPARE(importDock->windowTitle(), QString("Импорт"));
    QCOMPARE(window.actions().fileMenu->title(), QString("&Файл"));
    bool schemaLabel = false;
    for (QLabel* label : window.importPanel()->findChildren<QLabel*>()) schemaLabel |= label->text() == "Ребро куба";
    QVERIFY(schemaLabel);
    const QMap<QString, QString> switched = textsOf(&window);
    {
        MainWindow fresh;  // started in Russian
        fresh.resize(1280, 800);
        fresh.show();
        QVERIFY(QTest::qWaitForWindowExposed(&fresh));
        int compared = 0;
        const QStringList diff = differences(switched, textsOf(&fresh), compared);
        QVERIFY2(compared > 300, qPrintable(QString::number(compared)));
        QVERIFY2(diff.isEmpty(), qPrintable(QString("%1 of %2 texts differ from a window started in Russian:\n").arg(diff.size()).arg(compared) +
                                            diff.join('\n')));
    }
    int changed = 0;
    for (auto it = english.begin(); it != english.end(); ++it) changed += switched.value(it.key()) != it.value() ? 1 : 0;
    QVERIFY2(changed > 200, qPrintable(QString::number(changed)));
    QTest::qWait(50);
    const QStringList elided = window.elidedTitles();
    QVERIFY2(elided.isEmpty(), qPrintable(elided.join(", ")));
    // No panel is cut off sideways (the Bake dock clipped "Удалить" and its fields): every panel
    // that scrolls only vertically is at least as wide as it needs in Russian.
    window.findChild<QDockWidget*>("bakeDock")->raise();
    QCoreApplication::processEvents();
    for (QScrollArea* area : window.findChildren<QScrollArea*>()) {
        if (area->horizontalScrollBarPolicy() != Qt::ScrollBarAlwaysOff || !area->widget() || !area->isVisible()) continue;
        QVERIFY2(area->viewport()->width() >= area->widget()->minimumSizeHint().width(),
                 qPrintable(QString("%1: %2 px for a panel of %3 px").arg(area->widget()->objectName())
                                .arg(area->viewport()->width()).arg(area->widget()->minimumSizeHint().width())));
    }

    // Texts set from code follow too ("Idle" stayed English).
    if (auto* progress = window.findChild<QProgressBar*>("trainingProgress"))
        QCOMPARE(progress->format(), QString::fromUtf8("Ожидание"));
    // The Log's level box shows its longest item whole ("Отладка" was clipped).
    auto* levels = window.findChild<QComboBox*>("levelFilter");
    QStyleOptionComboBox option;
    option.initFrom(levels);
    const QRect field = levels->style()->subControlRect(QStyle::CC_ComboBox, &option, QStyle::SC_ComboBoxEditField, levels);
    for (int i = 0; i < levels->count(); ++i)
        QVERIFY2(field.width() >= levels->fontMetrics().horizontalAdvance(levels->itemText(i)), qPrintable(levels->itemText(i)));

    window.actions().languageMenu->findChild<QAction*>("language_en")->trigger();
    QCoreApplication::processEvents();
    int compared = 0;
    const QStringList back = differences(textsOf(&window), english, compared);
    QVERIFY2(back.isEmpty(), qPrintable(QString("%1 texts did not come back to English:\n").arg(back.size()) + back.join('\n')));
    QCOMPARE(importDock->windowTitle(), QString("Import"));
}

// The status bar's figures (model, triangles, components, flipped) are rebuilt in the new
// language: after the switch they read as a status bar filled in Russian from the start.
void TestEditorLayout::statusBarFollowsTheLanguage() {
    QVERIFY(sw::editor::installTranslations(*QCoreApplication::instance(), "en"));
    struct BackToEnglish {
        ~BackToEnglish() { (void)sw::editor::installTranslations(*QCoreApplication::instance(), "en"); }
    } backToEnglish;
    MainWindow window;
    window.show();
    QVERIFY(sw::test::openDemo(window));
    const QString english = window.modelStatus()->modelText();
    QVERIFY(english.contains("triangles"));
    window.actions().languageMenu->findChild<QAction*>("language_ru")->trigger();
    QStatusBar bar;
    sw::editor::ModelStatus fresh(&bar);  // made in Russian
    fresh.showModel(*window.document()->model());
    QCOMPARE(window.modelStatus()->modelText(), fresh.modelText());
    QVERIFY(fresh.modelText().contains(QString("Треугольников")));
    window.actions().languageMenu->findChild<QAction*>("language_en")->trigger();
    QCOMPARE(window.modelStatus()->modelText(), english);
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
