#pragma once
// UI language: English (the source strings) or Russian, from `--lang en|ru` or, when not
// given, the system locale. Installs the embedded splatwright_<lang>.qm and Qt's own
// translations where the system has them.
#include <QString>

class QCoreApplication;

namespace sw::editor {

// lang: "en", "ru" or empty (= system locale). Returns false for an unknown language.
bool installTranslations(QCoreApplication& app, const QString& lang);

}  // namespace sw::editor
