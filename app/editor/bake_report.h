#pragma once
// The short bake and export reports (issue #5): counts, floaters removed per sign, chunks,
// materials, warnings and, after an export, the files with their sizes. Plain text for the
// report pane and the log, one line for the status bar; translated (context "BakeReport").
#include <QString>

#include "core/bake/bake.h"
#include "core/bake/export.h"

namespace sw::editor {

QString bakeReportText(const sw::bake::BakeReport& report);
// The bake report preceded by the export folder and its files.
QString exportReportText(const sw::bake::BakeReport& report, const sw::bake::ExportResult& files, const QString& folder);
QString exportSummary(const sw::bake::BakeReport& report, const sw::bake::ExportResult& files, const QString& folder);

}  // namespace sw::editor
