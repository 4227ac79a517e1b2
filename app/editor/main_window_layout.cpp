// MainWindow's layout (issue #16 build item 4): the docks in three tab groups instead of one of
// eleven, so every tab title is readable at 1280×800 in English and Russian. On the right, full
// height: Prepare (Import, Demo drone, Dataset, Parts) above Train and bake (Training, Bake,
// Floaters, Selection, Recipes); under the viewport, where the width is: Log, Import report,
// Frames and the look of the result (Effects, Game scale, Destruction). Window geometry and dock state kept in QSettings under a layout version (a state saved by
// another version is ignored); View ▸ Reset Layout; View ▸ Language (applied at once: translations.h retranslates the window).
#include <QAction>
#include <QActionGroup>
#include <QApplication>
#include <QDockWidget>
#include <QFontMetrics>
#include <QMenu>
#include <QSettings>
#include <QStyle>
#include <QTabBar>

#include "app/editor/main_window.h"
#include "app/editor/model_status.h"
#include "app/editor/project_controller.h"
#include "app/editor/selection_controller.h"
#include "app/editor/translations.h"
#include "core/foundation/log.h"

namespace sw::editor {

namespace {
constexpr const char* kGeometryKey = "layout/geometry";
constexpr const char* kStateKey = "layout/state";
constexpr const char* kVersionKey = "layout/version";
constexpr const char* kLanguageKey = "ui/language";
constexpr int kTabPadding = 28;   // px a tab adds around its text (style padding, close margin)
constexpr int kTitleButtons = 52; // px of a dock title bar's float and close buttons and margins
}  // namespace

QList<QList<QDockWidget*>> MainWindow::dockGroups() const {
    const auto pick = [](std::initializer_list<QDockWidget*> docks) {
        QList<QDockWidget*> group;
        for (QDockWidget* d : docks)
            if (d) group << d;  // the Training dock is absent from a build without the trainer
        return group;
    };
    return {pick({m_dock.import, m_dock.demo, m_dock.dataset, m_dock.parts, m_dock.foliage, m_dock.scan}),
            pick({m_dock.training, m_dock.bake, m_dock.floaters, m_dock.selection, m_dock.recipes}),
            pick({m_dock.log, m_dock.report, m_dock.frames, m_dock.effects, m_dock.gameScale, m_dock.destruct})};
}

int MainWindow::tabsWidth(const QList<QDockWidget*>& group) const {
    const QFontMetrics fm(font());
    int width = 0;
    for (QDockWidget* d : group) width += fm.horizontalAdvance(d->windowTitle()) + kTabPadding;
    int title = 0;
    for (QDockWidget* d : group) title = std::max(title, fm.horizontalAdvance(d->windowTitle()) + kTitleButtons);
    return std::max(width, title);
}

void MainWindow::arrangeDefaultLayout() {
    const QList<QList<QDockWidget*>> groups = dockGroups();
    const auto tabify = [this](const QList<QDockWidget*>& group) {
        for (int i = 1; i < group.size(); ++i) tabifyDockWidget(group.first(), group[i]);
    };
    QDockWidget* viewDock = m_dock.viewport;
    // Out of the layout first, so no old tab group or split is left behind.
    for (const QList<QDockWidget*>& group : groups)
        for (QDockWidget* d : group) {
            d->setFloating(false);
            removeDockWidget(d);
        }
    // Right, full height: Prepare above Train and bake. Bottom, under the viewport: the rest.
    setCorner(Qt::TopRightCorner, Qt::RightDockWidgetArea);
    setCorner(Qt::BottomRightCorner, Qt::RightDockWidgetArea);
    addDockWidget(Qt::LeftDockWidgetArea, viewDock);
    for (QDockWidget* d : groups[0] + groups[1]) addDockWidget(Qt::RightDockWidgetArea, d);
    for (QDockWidget* d : groups[2]) addDockWidget(Qt::BottomDockWidgetArea, d);
    splitDockWidget(groups[0].first(), groups[1].first(), Qt::Vertical);
    for (const QList<QDockWidget*>& group : groups) {
        tabify(group);
        for (QDockWidget* d : group) d->show();
        group.first()->raise();
    }
    const int right = std::max({360, tabsWidth(groups[0]), tabsWidth(groups[1])});
    resizeDocks({viewDock, groups[0].first()}, {width() - right, right}, Qt::Horizontal);
    resizeDocks({viewDock, groups[2].first()}, {height() * 2 / 3, height() / 3}, Qt::Vertical);
    resizeDocks({groups[0].first(), groups[1].first()}, {1, 1}, Qt::Vertical);
}

void MainWindow::createLayoutActions() {
    EditorActions& a = m_actions;
    a.resetLayout = new QAction(tr("Reset &Layout"), this);
    a.resetLayout->setObjectName("actionResetLayout");
    a.resetLayout->setToolTip(tr("Put every panel back where it starts: two tab groups on the right, the log and the look under the viewport"));
    connect(a.resetLayout, &QAction::triggered, this, &MainWindow::resetLayout);
    a.languageMenu = new QMenu(tr("&Language"), this);
    a.languageMenu->setObjectName("languageMenu");
    auto* group = new QActionGroup(this);
    const QString current = installedLanguage().isEmpty() ? QSettings().value(QLatin1String(kLanguageKey)).toString()
                                                           : installedLanguage();
    const QString shown = current.isEmpty() ? (QLocale().language() == QLocale::Russian ? "ru" : "en") : current;
    // Each language named in itself, so it can be found whatever the current one is.
    for (const auto& [code, name] : {std::pair{"en", "English"}, std::pair{"ru", "Русский"}}) {
        QAction* act = a.languageMenu->addAction(QString::fromUtf8(name));
        act->setObjectName(QStringLiteral("language_%1").arg(QLatin1String(code)));
        act->setCheckable(true);
        act->setChecked(shown == QLatin1String(code));
        group->addAction(act);
        connect(act, &QAction::triggered, this, [this, code = QString::fromLatin1(code)] { chooseLanguage(code); });
    }
}

void MainWindow::chooseLanguage(const QString& code) {
    QSettings().setValue(QLatin1String(kLanguageKey), code);
    for (QAction* act : m_actions.languageMenu->actions())
        act->setChecked(act->objectName() == QStringLiteral("language_%1").arg(code));
    if (code == installedLanguage()) return;
    if (!installTranslations(*QCoreApplication::instance(), code)) return;
    retranslate();
}

void MainWindow::retranslate() {
    setLocale(QLocale());  // number fields reformat (QEvent::LocaleChange)
    const int changed = retranslateTree(this);
    setAutosaveTexts();
    setUndoTexts();
    m_status->retranslate();
    if (m_selection) m_selection->updateStatus();
    if (m_document->model() || !m_document->projectPath().isEmpty()) m_projects->updateTitle();
    else setWindowTitle(tr("Splatwright"));
    emit languageChanged();
    fitDockTitles();
    SW_LOG_INFO("Language: " << installedLanguage().toStdString() << " (" << changed << " texts retranslated)");
}

void MainWindow::fitDockTitles() {
    const QList<QList<QDockWidget*>> groups = dockGroups();
    if (groups.size() < 2 || groups[0].isEmpty() || groups[1].isEmpty()) return;
    QDockWidget* right = groups[0].first();
    if (right->isFloating() || dockWidgetArea(right) != Qt::RightDockWidgetArea) return;  // moved by the artist
    const int need = std::max(tabsWidth(groups[0]), tabsWidth(groups[1]));
    if (right->width() < need) resizeDocks({right}, {need}, Qt::Horizontal);
}

QString MainWindow::savedLanguage() { return QSettings().value(QLatin1String(kLanguageKey)).toString(); }

void MainWindow::resetLayout() { arrangeDefaultLayout(); }

void MainWindow::saveLayout() const {
    QSettings settings;
    settings.setValue(QLatin1String(kGeometryKey), saveGeometry());
    settings.setValue(QLatin1String(kStateKey), saveState(kLayoutVersion));
    settings.setValue(QLatin1String(kVersionKey), kLayoutVersion);
}

bool MainWindow::restoreLayout() {
    QSettings settings;
    if (settings.value(QLatin1String(kVersionKey)).toInt() != kLayoutVersion) return false;  // another layout: the default stays
    const bool geometry = restoreGeometry(settings.value(QLatin1String(kGeometryKey)).toByteArray());
    const bool state = restoreState(settings.value(QLatin1String(kStateKey)).toByteArray(), kLayoutVersion);
    return geometry && state;
}

QStringList MainWindow::elidedTitles() const {
    QStringList elided;
    for (QTabBar* bar : findChildren<QTabBar*>()) {
        if (bar->parentWidget() != this || !bar->isVisible()) continue;  // the docks' tab bars only
        const QFontMetrics fm(bar->font());
        const int space = bar->style()->pixelMetric(QStyle::PM_TabBarTabHSpace, nullptr, bar);
        for (int i = 0; i < bar->count(); ++i) {
            const QRect r = bar->tabRect(i);
            if (r.width() < fm.horizontalAdvance(bar->tabText(i)) + space / 2 || r.right() > bar->width())
                elided << bar->tabText(i);
        }
    }
    for (QDockWidget* d : findChildren<QDockWidget*>()) {
        if (!d->isVisible() || d->visibleRegion().isEmpty() || d->titleBarWidget()) continue;
        const QFontMetrics fm(d->font());
        const int buttons = d->style()->pixelMetric(QStyle::PM_DockWidgetTitleBarButtonMargin, nullptr, d) * 2 + 2 * 16;
        if (fm.horizontalAdvance(d->windowTitle()) + buttons > d->width()) elided << d->windowTitle();
    }
    return elided;
}

}  // namespace sw::editor
