#pragma once
// The import report as the editor shows it: an HTML summary for the Import report dock
// (counts, warnings, base-colour texture per material, winding repair) and log lines.
#include <QString>

#include "core/geometry/import.h"

namespace sw::editor {

QString importReportHtml(const sw::geometry::ImportReport& report);

// Logs a one-line summary at Info and every warning at Warning.
void logImportReport(const sw::geometry::ImportReport& report);

}  // namespace sw::editor
