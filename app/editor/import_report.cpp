#include "app/editor/import_report.h"

#include <QCoreApplication>
#include <QFileInfo>

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
    html += QStringLiteral("<p>%1</p>").arg(ReportText::tr("%1 meshes, %2 triangles, %3 materials, %4 textures")
                                                  .arg(report.meshes).arg(qulonglong(report.triangles))
                                                  .arg(report.materials.size()).arg(report.textures.size()));
    const geometry::WindingReport& w = report.winding;
    html += QStringLiteral("<p><b>%1</b> %2</p>").arg(ReportText::tr("Winding:"),
        ReportText::tr("%1 components, %2 flipped (%3 faces, %4% of the area)")
            .arg(w.components).arg(w.flippedComponents).arg(w.flippedFaces)
            .arg(w.flippedAreaShare * 100.0, 0, 'f', 1));
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

void logImportReport(const geometry::ImportReport& report) {
    SW_LOG_INFO("Imported " << report.path << ": " << report.triangles << " triangles, "
                            << report.materials.size() << " materials, " << report.winding.components
                            << " components, " << report.winding.flippedComponents << " flipped ("
                            << report.winding.flippedFaces << " faces)");
    for (const geometry::MaterialInfo& m : report.materials) {
        std::string tex = "none";
        if (m.baseColorTexture >= 0 && m.baseColorTexture < int(report.textures.size()))
            tex = report.textures[std::size_t(m.baseColorTexture)].name;
        SW_LOG_INFO("Material " << m.name << ": base colour " << tex << " (" << m.baseColorSource << ")");
    }
    for (const std::string& warning : report.warnings) SW_LOG_WARN(report.path << ": " << warning);
}

}  // namespace sw::editor
