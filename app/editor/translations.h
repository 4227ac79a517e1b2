#pragma once
// UI language: English (the source strings) or Russian, from `--lang en|ru`, View ▸ Language
// or, when neither, the system locale. Installs the embedded splatwright_<lang>.qm and Qt's own
// translations where the system has them, and switches between them while the editor runs.
//
// Live switching: every translation the editor asks for goes through one recording translator,
// which remembers which source string (context, text, disambiguation) each shown text came
// from. retranslateTree() walks a window's widgets and actions, finds the source of each static
// text (titles, labels, buttons, tooltips, placeholders, units, combo items, table headers,
// menus) and asks for it again in the language now installed. Texts built with arguments or
// plurals ("Selected: 5 of 10 splats") are not static: their owners rebuild them
// (QEvent::LanguageChange, MainWindow::languageChanged).
#include <QString>

class QCoreApplication;
class QObject;

namespace sw::editor {

// lang: "en", "ru" or empty (= system locale). Replaces the translators installed before (a
// live switch); sets QLocale's default. Returns false for an unknown language (nothing changes).
bool installTranslations(QCoreApplication& app, const QString& lang);

// The language installed last ("en", "ru"; empty before the first installTranslations).
QString installedLanguage();

// The static texts of `root` and of every object under it, in the language installed now.
// Returns how many texts changed.
int retranslateTree(QObject* root);

// `text` (shown by `owner`, which picks the context when one text came from several) in the
// language installed now; the text itself when its source is not known.
QString retranslated(const QString& text, const QObject* owner = nullptr);

}  // namespace sw::editor
