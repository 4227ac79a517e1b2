#include "app/editor/translations.h"

#include <QCoreApplication>
#include <QLibraryInfo>
#include <QLocale>
#include <QTranslator>

namespace sw::editor {

bool installTranslations(QCoreApplication& app, const QString& lang) {
    QString chosen = lang;
    if (chosen.isEmpty()) chosen = QLocale::system().language() == QLocale::Russian ? "ru" : "en";
    if (chosen != "en" && chosen != "ru") return false;
    QLocale::setDefault(QLocale(chosen == "ru" ? QLocale::Russian : QLocale::English));
    // English: the source strings, plus the plural forms of the %n strings (splatwright_en.qm).
    auto* ours = new QTranslator(&app);
    if (ours->load(QStringLiteral(":/i18n/splatwright_%1.qm").arg(chosen))) app.installTranslator(ours);
    if (chosen == "en") return true;
    auto* qt = new QTranslator(&app);  // optional: Qt's dialogs (qt6-translations-l10n)
    if (qt->load(QStringLiteral("qtbase_%1").arg(chosen), QLibraryInfo::path(QLibraryInfo::TranslationsPath)))
        app.installTranslator(qt);
    return true;
}

}  // namespace sw::editor
