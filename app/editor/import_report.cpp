#include "app/editor/import_report.h"

#include <QCoreApplication>
#include <QFileInfo>
#include <QLocale>
#include <QStringList>

#include "core/foundation/log.h"

namespace sw::editor {
namespace {

// Translation context "ImportReport" for the strings below.
class ReportText {
    Q_DECLARE_TR_FUNCTIONS(ImportReport)
};
QString esc(const std::string& s) { return QString::fromStdString(s).toHtmlEscaped(); }

QString textureText(const geometry::ImportReport& report, const geometry::MaterialInfo& m) {
    if (m.baseColorTexture < 0 || m.baseColorTexture >= int(report.textures.size())) return ReportText::tr("none");
    const geometry::TextureInfo& t = report.textures[std::size_t(m.baseColorTexture)];
    return QStringLiteral("%1 (%2×%3)").arg(esc(t.name)).arg(t.width).arg(t.height);
}

}  // namespace

QString importReportHtml(const geometry::ImportReport& report) {
    QString html;
    html += QStringLiteral("<h3>%1</h3>").arg(esc(QFileInfo(QString::fromStdString(report.path)).fileName().toStdString()));
    const QStringList counts{ReportText::tr("%n mesh(es)", nullptr, report.meshes),
                             ReportText::tr("%n triangle(s)", nullptr, int(report.triangles)),
                             ReportText::tr("%n material(s)", nullptr, int(report.materials.size())),
                             ReportText::tr("%n texture(s)", nullptr, int(report.textures.size()))};
    html += QStringLiteral("<p>%1</p>").arg(counts.join(QStringLiteral(", ")));
    // The winding is only measured when the import repairs it: flipped parts were turned.
    const geometry::WindingReport& w = report.winding;
    const QString parts = ReportText::tr("%n part(s) by shared edges", nullptr, w.components);
    const QString flipped =
        w.flippedComponents > 0
            ? ReportText::tr("%n part(s) faced inwards and were turned to face outwards", nullptr, w.flippedComponents) +
                  QStringLiteral(" (") + ReportText::tr("%n face(s)", nullptr, w.flippedFaces) + QStringLiteral(", ") +
                  ReportText::tr("%1% of the area").arg(QLocale().toString(w.flippedAreaShare * 100.0, 'f', 1)) +
                  QLatin1Char(')')
            : ReportText::tr("none faced inwards");
    html += QStringLiteral("<p><b>%1</b> %2</p>").arg(ReportText::tr("Winding:"), parts + QStringLiteral("; ") + flipped);
    html += QStringLiteral("<p><b>%1</b></p><table>").arg(ReportText::tr("Base colour per material:"));
    for (const geometry::MaterialInfo& m : report.materials)
        html += QStringLiteral("<tr><td>%1</td><td>%2</td><td><i>%3</i></td></tr>")
                    .arg(esc(m.name), textureText(report, m), esc(m.baseColorSource));
    html += QStringLiteral("</table>");
    if (!report.extensionsUsed.empty()) {
        QStringList ext;
        for (const std::string& e : report.extensionsUsed) ext << esc(e);
        html += QStringLiteral("<p><b>%1</b> %2</p>").arg(ReportText::tr("glTF extensions:"), ext.join(QStringLiteral(", ")));
    }
    html += QStringLiteral("<p><b>%1</b></p>").arg(ReportText::tr("Warnings:"));
    if (report.warnings.empty()) html += QStringLiteral("<p>%1</p>").arg(ReportText::tr("none"));
    for (const std::string& warning : report.warnings)
        html += QStringLiteral("<p style=\"color:#c07000\">%1</p>").arg(esc(warning));
    return html;
}

namespace {
// "1 material", "2 materials" (the log is in English).
std::string counted(std::size_t n, const char* one, const char* many) { return std::to_string(n) + " " + (n == 1 ? one : many); }
}  // namespace

void logImportReport(const geometry::ImportReport& report) {
    const geometry::WindingReport& w = report.winding;
    SW_LOG_INFO("Imported " << report.path << ": " << counted(report.triangles, "triangle", "triangles") << ", "
                            << counted(report.materials.size(), "material", "materials") << ", "
                            << counted(std::size_t(w.components), "part", "parts") << " by shared edges"
                            << (w.flippedComponents > 0
                                    ? "; " + counted(std::size_t(w.flippedComponents), "part", "parts") + " (" +
                                          counted(std::size_t(w.flippedFaces), "face", "faces") +
                                          ") faced inwards and " + (w.flippedComponents == 1 ? "was" : "were") +
                                          " turned to face outwards"
                                    : std::string()));
    for (const geometry::MaterialInfo& m : report.materials) {
        std::string tex = "none";
        if (m.baseColorTexture >= 0 && m.baseColorTexture < int(report.textures.size()))
            tex = report.textures[std::size_t(m.baseColorTexture)].name;
        SW_LOG_INFO("Material " << m.name << ": base colour " << tex << " (" << m.baseColorSource << ")");
    }
    for (const std::string& warning : report.warnings) SW_LOG_WARN(report.path << ": " << warning);
}

}  // namespace sw::editor
