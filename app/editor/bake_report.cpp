#include "app/editor/bake_report.h"

#include "widgets/floater_panel.h"

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

// The source of the emission channel, as bake::emissionSourceText names it, in the UI language.
QString emissionFromText(const std::string& from) {
    if (from == "emissive materials") return QCoreApplication::translate("BakeReport", "from the model's emissive materials");
    if (from == "colour rarity") return QCoreApplication::translate("BakeReport", "from the rarest bright colours (the model declares no emission)");
    return QCoreApplication::translate("BakeReport", "emission off");
}

std::uintmax_t totalBytes(const bake::ExportResult& files) {
    std::uintmax_t total = 0;
    for (const auto& f : files.files) total += f.bytes;
    return total;
}

QString floaterLine(const bake::FloaterReport& f) {
    QString line = QCoreApplication::translate("BakeReport", "Floaters removed: %n splat(s)", nullptr, f.removed);
    line += widgets::FloaterPanel::floaterReasons(f);
    if (f.kept > 0) line += QStringLiteral("; ") + QCoreApplication::translate("BakeReport", "%n flagged but kept (marked Keep)", nullptr, f.kept);
    return line;
}

}  // namespace

QString bakeReportText(const bake::BakeReport& r) {
    const bake::FloaterReport& f = r.floaters;
    QStringList lines;
    lines << QCoreApplication::translate("BakeReport", "%n splat(s) in the trained cloud", nullptr, int(r.input));
    lines << QCoreApplication::translate("BakeReport", "%n splat(s) in the game model", nullptr, int(r.core + r.shell)) + QStringLiteral(": ") +
                 QCoreApplication::translate("BakeReport", "%n opaque core", nullptr, int(r.core)) + QStringLiteral(", ") + QCoreApplication::translate("BakeReport", "%n blended shell", nullptr, int(r.shell));
    lines << floaterLine(f);
    lines << QCoreApplication::translate("BakeReport", "Distance to the surface: half of the splats within %1, 99% within %2 model units")
                 .arg(double(f.distanceP50), 0, 'f', 4).arg(double(f.distanceP99), 0, 'f', 4);
    lines << QCoreApplication::translate("BakeReport", "%n splat(s) never seen by the game camera (belly) removed", nullptr, r.bellyCulled);
    if (r.dead > 0) lines << QCoreApplication::translate("BakeReport", "%n nearly transparent splat(s) removed", nullptr, r.dead);
    lines << QCoreApplication::translate("BakeReport", "%n destruction chunk(s)", nullptr, r.chunks) + QLatin1Char(' ') + QCoreApplication::translate("BakeReport", "in %n group(s)", nullptr, r.chunkGroups) +
                 (r.chunksCapped ? QCoreApplication::translate("BakeReport", " (capped at the chunk limit)") : QString()) + QStringLiteral("; ") +
                 QCoreApplication::translate("BakeReport", "%1% of the chunks within ±30% of the target area").arg(100.0 * double(r.chunkAreaWithin30), 0, 'f', 0);
    lines << QCoreApplication::translate("BakeReport", "Materials: %1").arg(materialCounts(r));
    lines << QCoreApplication::translate("BakeReport", "%n emissive (glowing) splat(s)", nullptr, r.emissive) + QStringLiteral(", ") +
                 emissionFromText(r.emissionFrom);
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
    return QCoreApplication::translate("BakeReport", "Exported %n file(s)", nullptr, int(files.files.size())) +
           QCoreApplication::translate("BakeReport", " (%1) into %2: ").arg(QLocale().formattedDataSize(qint64(totalBytes(files))), folder) +
           QCoreApplication::translate("BakeReport", "%n splat(s)", nullptr, int(r.core + r.shell)) + QStringLiteral(", ") + QCoreApplication::translate("BakeReport", "%n floater(s) removed", nullptr, r.floaters.removed) +
           QStringLiteral(", ") + QCoreApplication::translate("BakeReport", "%n chunk(s)", nullptr, r.chunks) + QStringLiteral(", ") + QCoreApplication::translate("BakeReport", "%n warning(s)", nullptr, int(r.warnings.size()));
}

}  // namespace sw::editor
