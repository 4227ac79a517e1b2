#include "app/editor/translations.h"

#include <QAbstractButton>
#include <QAction>
#include <QComboBox>
#include <QCoreApplication>
#include <QHash>
#include <QHeaderView>
#include <QLabel>
#include <QLibraryInfo>
#include <QLocale>
#include <QMetaProperty>
#include <QMutex>
#include <QTabWidget>
#include <QTableWidget>
#include <QTranslator>
#include <QTreeWidget>

namespace sw::editor {

namespace {

// Where a shown text came from: the arguments of the translate() call that produced it.
struct Source {
    QByteArray context, text, disambiguation;
    int n = -1;
    bool operator==(const Source& o) const {
        return n == o.n && context == o.context && text == o.text && disambiguation == o.disambiguation;
    }
};

// Shown text → its sources, over every language installed in this run (a text shown in English
// and its Russian translation both lead back to the same source).
class SourceMemory {
public:
    void remember(const QString& shown, Source source) {
        if (shown.isEmpty()) return;
        QMutexLocker lock(&m_mutex);
        QList<Source>& sources = m_byText[shown];
        if (!sources.contains(source)) sources.push_back(std::move(source));
    }
    QList<Source> sourcesOf(const QString& shown) const {
        QMutexLocker lock(&m_mutex);
        return m_byText.value(shown);
    }

private:
    mutable QMutex m_mutex;  // translate() is called from worker threads too
    QHash<QString, QList<Source>> m_byText;
};

SourceMemory& memory() {
    static SourceMemory m;
    return m;
}

// The one translator the editor installs: ours first, then Qt's; it records every answer.
class RecordingTranslator : public QTranslator {
public:
    explicit RecordingTranslator(QObject* parent) : QTranslator(parent) {}
    QTranslator ours, qt;

    QString translate(const char* context, const char* sourceText, const char* disambiguation, int n) const override {
        if (!sourceText || !*sourceText) return {};
        QString out = ours.translate(context, sourceText, disambiguation, n);
        if (out.isEmpty()) out = qt.translate(context, sourceText, disambiguation, n);
        memory().remember(out.isEmpty() ? QString::fromUtf8(sourceText) : out,
                          {QByteArray(context ? context : ""), QByteArray(sourceText),
                           QByteArray(disambiguation ? disambiguation : ""), n});
        return out;
    }
    bool isEmpty() const override { return false; }  // asked even when neither file is loaded
};

RecordingTranslator* g_installed = nullptr;
QString g_language;

// How near `owner` the tr() context `context` fits: 0 when it is the class (or a base class)
// of `owner`, 1 of its parent, …; the "schema" context fits at the nearest parameter panel
// (schema-generated forms translate there). −1 when it fits nowhere.
int contextDistance(const QByteArray& context, const QObject* owner) {
    int level = 0;
    for (const QObject* o = owner; o; o = o->parent(), ++level)
        for (const QMetaObject* mo = o->metaObject(); mo; mo = mo->superClass())
            if (context == mo->className() ||
                (context == "schema" && qstrcmp(mo->className(), "sw::widgets::ParamPanel") == 0))
                return level;
    return -1;
}

class Walker {
public:
    int changed = 0;

    template <class Get, class Set>
    void apply(const QObject* owner, Get get, Set set) {
        const QString now = get();
        const QString next = retranslated(now, owner);
        if (next != now) {
            set(next);
            ++changed;
        }
    }

    void visit(QObject* object) {
        // The translatable text properties, by name (QObject properties: actions, menus,
        // labels, buttons, group boxes, dock and tool bar titles, placeholders, units).
        static const char* const kProperties[] = {"text", "title", "windowTitle", "toolTip", "statusTip",
                                                  "whatsThis", "placeholderText", "specialValueText", "prefix", "suffix"};
        // A field's text is the artist's (a line edit may hold "drone", a schema word too).
        const bool textIsOurs = qobject_cast<QAction*>(object) || qobject_cast<QLabel*>(object) ||
                                qobject_cast<QAbstractButton*>(object);
        const QMetaObject* mo = object->metaObject();
        for (const char* name : kProperties) {
            if (!textIsOurs && qstrcmp(name, "text") == 0) continue;
            const int index = mo->indexOfProperty(name);
            if (index < 0 || !mo->property(index).isWritable() || mo->property(index).metaType().id() != QMetaType::QString)
                continue;
            apply(object, [object, name] { return object->property(name).toString(); },
                  [object, name](const QString& t) { object->setProperty(name, t); });
        }
        auto* w = qobject_cast<QWidget*>(object);
        if (!w) return;
        if (auto* combo = qobject_cast<QComboBox*>(w)) {
            for (int i = 0; i < combo->count(); ++i) {
                apply(w, [combo, i] { return combo->itemText(i); }, [combo, i](const QString& t) { combo->setItemText(i, t); });
                apply(w, [combo, i] { return combo->itemData(i, Qt::ToolTipRole).toString(); },
                      [combo, i](const QString& t) { combo->setItemData(i, t, Qt::ToolTipRole); });
            }
        }
        if (auto* tabs = qobject_cast<QTabWidget*>(w)) {
            for (int i = 0; i < tabs->count(); ++i) {
                apply(w, [tabs, i] { return tabs->tabText(i); }, [tabs, i](const QString& t) { tabs->setTabText(i, t); });
                apply(w, [tabs, i] { return tabs->tabToolTip(i); }, [tabs, i](const QString& t) { tabs->setTabToolTip(i, t); });
            }
        }
        if (auto* table = qobject_cast<QTableWidget*>(w)) {
            for (int i = 0; i < table->columnCount(); ++i) visitItem(w, table->horizontalHeaderItem(i));
            for (int i = 0; i < table->rowCount(); ++i) visitItem(w, table->verticalHeaderItem(i));
        }
        if (auto* tree = qobject_cast<QTreeWidget*>(w)) {
            QTreeWidgetItem* header = tree->headerItem();
            for (int i = 0; header && i < header->columnCount(); ++i) {
                apply(w, [header, i] { return header->text(i); }, [header, i](const QString& t) { header->setText(i, t); });
                apply(w, [header, i] { return header->toolTip(i); }, [header, i](const QString& t) { header->setToolTip(i, t); });
            }
        }
    }

private:
    void visitItem(const QObject* owner, QTableWidgetItem* item) {
        if (!item) return;
        apply(owner, [item] { return item->text(); }, [item](const QString& t) { item->setText(t); });
        apply(owner, [item] { return item->toolTip(); }, [item](const QString& t) { item->setToolTip(t); });
    }
};

}  // namespace

bool installTranslations(QCoreApplication& app, const QString& lang) {
    QString chosen = lang;
    if (chosen.isEmpty()) chosen = QLocale::system().language() == QLocale::Russian ? "ru" : "en";
    if (chosen != "en" && chosen != "ru") return false;
    auto* next = new RecordingTranslator(&app);
    // English: the source strings, plus the plural forms of the %n strings (splatwright_en.qm).
    (void)next->ours.load(QStringLiteral(":/i18n/splatwright_%1.qm").arg(chosen));
    // Optional: Qt's dialogs (qt6-translations-l10n).
    if (chosen != "en")
        (void)next->qt.load(QStringLiteral("qtbase_%1").arg(chosen), QLibraryInfo::path(QLibraryInfo::TranslationsPath));
    QLocale::setDefault(QLocale(chosen == "ru" ? QLocale::Russian : QLocale::English));
    if (g_installed) {
        QCoreApplication::removeTranslator(g_installed);
        g_installed->deleteLater();
    }
    g_installed = next;
    g_language = chosen;
    app.installTranslator(next);  // sends QEvent::LanguageChange to every widget
    return true;
}

QString installedLanguage() { return g_language; }

QString retranslated(const QString& text, const QObject* owner) {
    if (text.isEmpty()) return text;
    // Leading and trailing blanks are the caller's (" px" as a unit suffix): keep them.
    qsizetype begin = 0, end = text.size();
    while (begin < end && text[begin].isSpace()) ++begin;
    while (end > begin && text[end - 1].isSpace()) --end;
    const QList<Source> sources = memory().sourcesOf(text.mid(begin, end - begin));
    if (sources.isEmpty()) return text;
    const auto again = [](const Source& s) {
        return QCoreApplication::translate(s.context.constData(), s.text.constData(),
                                           s.disambiguation.isEmpty() ? nullptr : s.disambiguation.constData(), s.n);
    };
    // One text from several sources: the context nearest the owner wins, else the first.
    const Source* best = &sources.front();
    int bestDistance = -1;
    for (const Source& s : sources) {
        const int d = contextDistance(s.context, owner);
        if (d >= 0 && (bestDistance < 0 || d < bestDistance)) best = &s, bestDistance = d;
    }
    const QString chosen = again(*best);
    return text.left(begin) + chosen + text.mid(end);
}

int retranslateTree(QObject* root) {
    Walker walker;
    walker.visit(root);
    for (QObject* child : root->findChildren<QObject*>()) walker.visit(child);
    return walker.changed;
}

}  // namespace sw::editor
