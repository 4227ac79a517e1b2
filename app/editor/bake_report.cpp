#include "app/editor/bake_report.h"

#include <QCoreApplication>
#include <QFileInfo>
#include <QLocale>
#include <QStringList>

namespace sw::editor {

namespace {

QString materialCounts(const bake::BakeReport& r) {
    QStringList parts;
    for (int m = 0; m < formats::kSpl2MaterialClasses; ++m)
        parts << QStringLiteral("%1 %2").arg(QString::fromLatin1(bake::materialName(formats::MaterialClass(m))))
                     .arg(r.materials[std::size_t(m)]);
    return parts.join(QStringLiteral(", "));
}

std::uintmax_t totalBytes(const bake::ExportResult& files) {
    std::uintmax_t total = 0;
    for (const auto& f : files.files) total += f.bytes;
    return total;
}

}  // namespace

QString bakeReportText(const bake::BakeReport& r) {
    const bake::FloaterReport& f = r.floaters;
    QStringList lines;
    lines << QCoreApplication::translate("BakeReport", "Splats: %1 in, %2 out (%3 core + %4 shell)").arg(r.input).arg(r.core + r.shell).arg(r.core).arg(r.shell);
    lines << QCoreApplication::translate("BakeReport", "Floaters: far %1, detached %2, silhouette %3, dataset %4; removed %5, kept %6")
                 .arg(f.far).arg(f.detached).arg(f.silhouette)
                 .arg(f.datasetSkipped ? QCoreApplication::translate("BakeReport", "skipped") : QString::number(f.dataset)).arg(f.removed).arg(f.kept);
    lines << QCoreApplication::translate("BakeReport", "Distance to surface: p50 %1, p99 %2 (model units)")
                 .arg(double(f.distanceP50), 0, 'f', 4).arg(double(f.distanceP99), 0, 'f', 4);
    lines << QCoreApplication::translate("BakeReport", "Belly cull: %1").arg(r.bellyCulled);
    lines << QCoreApplication::translate("BakeReport", "Chunks: %1 in %2 groups%3; area within ±30%: %4% of chunks")
                 .arg(r.chunks).arg(r.chunkGroups).arg(r.chunksCapped ? QCoreApplication::translate("BakeReport", " (capped)") : QString())
                 .arg(100.0 * double(r.chunkAreaWithin30), 0, 'f', 0);
    lines << QCoreApplication::translate("BakeReport", "Materials: %1").arg(materialCounts(r));
    lines << QCoreApplication::translate("BakeReport", "Emissive: %1").arg(r.emissive);
    for (const std::string& w : r.warnings) lines << QCoreApplication::translate("BakeReport", "Warning: %1").arg(QString::fromStdString(w));
    return lines.join(QLatin1Char('\n'));
}

QString exportReportText(const bake::BakeReport& r, const bake::ExportResult& files, const QString& folder) {
    QStringList lines;
    lines << QCoreApplication::translate("BakeReport", "Exported into %1").arg(folder);
    const QLocale locale;
    for (const auto& file : files.files)
        lines << QCoreApplication::translate("BakeReport", "  %1 (%2)").arg(QFileInfo(QString::fromStdString(file.path)).fileName(),
                                     locale.formattedDataSize(qint64(file.bytes)));
    lines << bakeReportText(r);
    return lines.join(QLatin1Char('\n'));
}

QString exportSummary(const bake::BakeReport& r, const bake::ExportResult& files, const QString& folder) {
    return QCoreApplication::translate("BakeReport", "Exported %1 files (%2) into %3: %4 core + %5 shell splats, %6 floaters removed, %7 chunks, %8 warnings")
        .arg(files.files.size()).arg(QLocale().formattedDataSize(qint64(totalBytes(files)))).arg(folder)
        .arg(r.core).arg(r.shell).arg(r.floaters.removed).arg(r.chunks).arg(r.warnings.size());
}

}  // namespace sw::editor
