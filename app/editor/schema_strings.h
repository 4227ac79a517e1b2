#pragma once
// Schema strings (stage titles, labels, tooltips, groups, units, choices) come from core in
// English; panels translate them in the "schema" context. schema_strings.cpp lists them with
// QT_TRANSLATE_NOOP so lupdate puts them into translations/*.ts.
#include <QStringList>

class QTranslator;

namespace sw::editor {

// Every user-visible string of the stage schemas the editor shows (import, demo, belt, dataset).
QStringList schemaStrings();

// Strings of schemaStrings() that are not in the lupdate list of schema_strings.cpp
// (prefixed "not listed: ") or that `translator` does not translate (prefixed
// "untranslated: "). Empty when the translation is complete.
QStringList untranslatedSchemaStrings(const QTranslator& translator);
// The lupdate list of the foliage schemas (schema_strings_foliage.cpp).
QStringList foliageSchemaList();
// The lupdate list of the scan schemas (schema_strings_scan.cpp).
QStringList scanSchemaList();

}  // namespace sw::editor
