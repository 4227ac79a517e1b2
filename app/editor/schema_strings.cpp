#include "app/editor/schema_strings.h"

#include <QTranslator>
#include <QtGlobal>

#include "app/editor/demo_command.h"
#include "core/dataset/belt.h"
#include "core/dataset/dataset_stage.h"
#include "core/geometry/import.h"

namespace sw::editor {
namespace {

// Keep in sync with importSchema() (core/geometry/import.cpp), demoSchema()
// (core/demo/demo_drone.cpp), beltSchema() and datasetSchema() (core/dataset); the editor test
// fails when a string is missing here.
const char* const LUPDATE_LIST[] = {
    QT_TRANSLATE_NOOP("schema", "Import"),
    QT_TRANSLATE_NOOP("schema", "Normalise"),
    QT_TRANSLATE_NOOP("schema", "Scale and centre the model into the cube of edge cube-edge at the origin; the scale and offset are recorded"),
    QT_TRANSLATE_NOOP("schema", "Cube edge"),
    QT_TRANSLATE_NOOP("schema", "model units"),
    QT_TRANSLATE_NOOP("schema", "Edge of the normalisation cube; the pipeline's camera radius 3.2 assumes 1.6"),
    QT_TRANSLATE_NOOP("schema", "Repair winding"),
    QT_TRANSLATE_NOOP("schema", "Flip connected components whose area-weighted normals point toward the model centre (PIPELINE §1)"),
    QT_TRANSLATE_NOOP("schema", "Small texture warning"),
    QT_TRANSLATE_NOOP("schema", "px"),
    QT_TRANSLATE_NOOP("schema", "Warn when a base-colour texture covering a large part of the model is smaller than this on a side"),
    QT_TRANSLATE_NOOP("schema", "Demo asset"),
    QT_TRANSLATE_NOOP("schema", "Seed"),
    QT_TRANSLATE_NOOP("schema", "Random seed: plate styles, paint and which plates are wound inward"),
    QT_TRANSLATE_NOOP("schema", "Plates"),
    QT_TRANSLATE_NOOP("schema", "Open plate components in the whole model (each its own connected component)"),
    QT_TRANSLATE_NOOP("schema", "Texture size"),
    QT_TRANSLATE_NOOP("schema", "Edge of the square base-colour texture"),
    QT_TRANSLATE_NOOP("schema", "Inverted share"),
    QT_TRANSLATE_NOOP("schema", "Share of plates with reversed (inward) winding, as generated models have"),
    QT_TRANSLATE_NOOP("schema", "Atlas margin"),
    QT_TRANSLATE_NOOP("schema", "Padding around each plate's cell of the texture atlas"),
    // beltSchema() and datasetSchema() (core/dataset/belt.cpp, dataset_stage.cpp)
    QT_TRANSLATE_NOOP("schema", "Camera belt"),
    QT_TRANSLATE_NOOP("schema", "Train views"),
    QT_TRANSLATE_NOOP("schema", "Number of training views on the golden spiral"),
    QT_TRANSLATE_NOOP("schema", "Belt"),
    QT_TRANSLATE_NOOP("schema", "Lowest elevation"),
    QT_TRANSLATE_NOOP("schema", "Bottom of the camera belt; 14° sees under guns"),
    QT_TRANSLATE_NOOP("schema", "deg"),
    QT_TRANSLATE_NOOP("schema", "Highest elevation"),
    QT_TRANSLATE_NOOP("schema", "Top of the camera belt"),
    QT_TRANSLATE_NOOP("schema", "Camera distance"),
    QT_TRANSLATE_NOOP("schema", "Radius of the camera sphere; the model fits a cube of edge 1.6"),
    QT_TRANSLATE_NOOP("schema", "Field of view"),
    QT_TRANSLATE_NOOP("schema", "Horizontal field of view (camera_angle_x)"),
    QT_TRANSLATE_NOOP("schema", "Validation views"),
    QT_TRANSLATE_NOOP("schema", "Validation views on one ring"),
    QT_TRANSLATE_NOOP("schema", "Validation and test"),
    QT_TRANSLATE_NOOP("schema", "Validation elevation"),
    QT_TRANSLATE_NOOP("schema", "Elevation of the validation ring"),
    QT_TRANSLATE_NOOP("schema", "Test views per ring"),
    QT_TRANSLATE_NOOP("schema", "Test views on each of the two test rings"),
    QT_TRANSLATE_NOOP("schema", "Low test elevation"),
    QT_TRANSLATE_NOOP("schema", "Elevation of the lower test ring"),
    QT_TRANSLATE_NOOP("schema", "High test elevation"),
    QT_TRANSLATE_NOOP("schema", "Elevation of the upper test ring"),
    QT_TRANSLATE_NOOP("schema", "Dataset"),
    QT_TRANSLATE_NOOP("schema", "Resolution"),
    QT_TRANSLATE_NOOP("schema", "Side of the square RGBA images (training usually downsamples to 400)"),
    QT_TRANSLATE_NOOP("schema", "Images"),
    QT_TRANSLATE_NOOP("schema", "Lighting recipe"),
    QT_TRANSLATE_NOOP("schema", "ao"),
    QT_TRANSLATE_NOOP("schema", "flat"),
    QT_TRANSLATE_NOOP("schema", "cel"),
    QT_TRANSLATE_NOOP("schema", "ao: albedo × sky visibility (default); flat: albedo; cel: toon bands baked in"),
    QT_TRANSLATE_NOOP("schema", "Lighting"),
    QT_TRANSLATE_NOOP("schema", "AO rays"),
    QT_TRANSLATE_NOOP("schema", "Hemisphere rays per vertex for sky visibility"),
    QT_TRANSLATE_NOOP("schema", "AO detail"),
    QT_TRANSLATE_NOOP("schema", "Edges longer than this are split before baking sky visibility"),
    QT_TRANSLATE_NOOP("schema", "Anti-aliasing"),
    QT_TRANSLATE_NOOP("schema", "samples"),
    QT_TRANSLATE_NOOP("schema", "MSAA samples; alpha at silhouettes is the coverage"),
    QT_TRANSLATE_NOOP("schema", "PNG compression"),
    QT_TRANSLATE_NOOP("schema", "zlib level of the written PNGs: lower is faster"),
    QT_TRANSLATE_NOOP("schema", "Seed of the sky-visibility rays"),
};

void collect(const ParamSchema& schema, QStringList& out) {
    auto push = [&out](const std::string& s) {
        if (!s.empty() && !out.contains(QString::fromStdString(s))) out << QString::fromStdString(s);
    };
    push(schema.title());
    for (const ParamSpec& spec : schema.params()) {
        push(spec.label);
        push(spec.tooltip);
        push(spec.group);
        push(spec.unit);
        for (const std::string& choice : spec.choices) push(choice);
    }
}

}  // namespace

QStringList schemaStrings() {
    QStringList out;
    collect(geometry::importSchema().schema(), out);
    collect(demoParamSchema(), out);
    collect(dataset::beltSchema().schema(), out);
    collect(dataset::datasetSchema().schema(), out);
    return out;
}

QStringList untranslatedSchemaStrings(const QTranslator& translator) {
    QStringList listed;
    for (const char* s : LUPDATE_LIST) listed << QString::fromUtf8(s);
    QStringList problems;
    for (const QString& s : schemaStrings()) {
        const QByteArray utf8 = s.toUtf8();
        if (!listed.contains(s)) problems << QStringLiteral("not listed: ") + s;
        if (translator.translate("schema", utf8.constData()).isEmpty()) problems << QStringLiteral("untranslated: ") + s;
    }
    return problems;
}

}  // namespace sw::editor
