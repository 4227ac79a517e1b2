// The foliage schemas' texts for lupdate (context "schema"), beside schema_strings.cpp's list:
// windSchema(), lookSchema(), touchSchema() (core/foliage/foliage_settings.cpp) and
// previewSchema() (core/foliage/foliage_preview.cpp), the Foliage dock, and trimSchema()
// (core/foliage/trim_file.cpp), its Trim Cards dialog. Keep in sync with them;
// the editor test fails when a string is missing here.
#include <QtGlobal>

#include "app/editor/schema_strings.h"

namespace sw::editor {
namespace {

const char* const FOLIAGE_LUPDATE_LIST[] = {
    QT_TRANSLATE_NOOP("schema", "Wind"),
    QT_TRANSLATE_NOOP("schema", "Off: calm, every plant stands still"),
    QT_TRANSLATE_NOOP("schema", "Direction x"),
    QT_TRANSLATE_NOOP("schema", "Wind direction on the ground (x, y); normalised"),
    QT_TRANSLATE_NOOP("schema", "Direction y"),
    QT_TRANSLATE_NOOP("schema", "m/s"),
    QT_TRANSLATE_NOOP("schema", "Steady lean of the plants and how fast the wind field drifts; 0 = still"),
    QT_TRANSLATE_NOOP("schema", "Turbulence"),
    QT_TRANSLATE_NOOP("schema", "Random share of speed: how far a plant strays from the mean wind"),
    QT_TRANSLATE_NOOP("schema", "Gust"),
    QT_TRANSLATE_NOOP("schema", "Strength of the gusts"),
    QT_TRANSLATE_NOOP("schema", "Gust speed"),
    QT_TRANSLATE_NOOP("schema", "How fast the gust pattern crosses the level"),
    QT_TRANSLATE_NOOP("schema", "Calm"),
    QT_TRANSLATE_NOOP("schema", "A light air: plants barely lean"),
    QT_TRANSLATE_NOOP("schema", "Breeze"),
    QT_TRANSLATE_NOOP("schema", "The seed's defaults"),
    QT_TRANSLATE_NOOP("schema", "Storm"),
    QT_TRANSLATE_NOOP("schema", "Strong wind with heavy gusts"),
    QT_TRANSLATE_NOOP("schema", "Foliage look"),
    QT_TRANSLATE_NOOP("schema", "Motion"),
    QT_TRANSLATE_NOOP("schema", "Look"),
    QT_TRANSLATE_NOOP("schema", "Touch"),
    QT_TRANSLATE_NOOP("schema", "m"),
    QT_TRANSLATE_NOOP("schema", "How far a small plant's tip leans away from a bender at its centre; 0 = no touch"),
    QT_TRANSLATE_NOOP("schema", "Shiver"),
    QT_TRANSLATE_NOOP("schema", "Multiplies each material's shiver drag (the leaves' own motion); 0 = none"),
    QT_TRANSLATE_NOOP("schema", "Hue variation"),
    QT_TRANSLATE_NOOP("schema", "Hue drift per copy, from a hash of the copy's position"),
    QT_TRANSLATE_NOOP("schema", "Sun wrap"),
    QT_TRANSLATE_NOOP("schema", "Wrapped sun light (thin leaves pass light)"),
    QT_TRANSLATE_NOOP("schema", "Translucency"),
    QT_TRANSLATE_NOOP("schema", "Sun through a thin back-lit leaf"),
    QT_TRANSLATE_NOOP("schema", "Leaf shadow"),
    QT_TRANSLATE_NOOP("schema", "Share of a light's shadow a leaf card takes (bark takes all of it)"),
    QT_TRANSLATE_NOOP("schema", "Sky AO"),
    QT_TRANSLATE_NOOP("schema", "How much baked sky visibility darkens ambient"),
    QT_TRANSLATE_NOOP("schema", "Canopy"),
    QT_TRANSLATE_NOOP("schema", "Card shading normal: its own plane (0) .. the crown's hull (1)"),
    QT_TRANSLATE_NOOP("schema", "Normal map"),
    QT_TRANSLATE_NOOP("schema", "Strength of the cards' normal maps"),
    QT_TRANSLATE_NOOP("schema", "Edge fade"),
    QT_TRANSLATE_NOOP("schema", "An edge-on card dissolves over this share of |N·V|; 0 = none"),
    QT_TRANSLATE_NOOP("schema", "Coverage"),
    QT_TRANSLATE_NOOP("schema", "alpha × (1 + coverage × mip level): distant crowns keep their density"),
    QT_TRANSLATE_NOOP("schema", "Benders"),
    QT_TRANSLATE_NOOP("schema", "A bender pushes plants whose footprint is within this distance"),
    QT_TRANSLATE_NOOP("schema", "Full lean under"),
    QT_TRANSLATE_NOOP("schema", "Plants up to this height lean fully"),
    QT_TRANSLATE_NOOP("schema", "No lean from"),
    QT_TRANSLATE_NOOP("schema", "The lean fades to nothing by this plant height (a tree does not twist)"),
    QT_TRANSLATE_NOOP("schema", "Velocity smoothing"),
    QT_TRANSLATE_NOOP("schema", "Time constant of a bender's velocity"),
    QT_TRANSLATE_NOOP("schema", "Benders acting"),
    QT_TRANSLATE_NOOP("schema", "Only this many benders nearest the camera act each frame"),
    QT_TRANSLATE_NOOP("schema", "Foliage preview"),
    QT_TRANSLATE_NOOP("schema", "Copies"),
    QT_TRANSLATE_NOOP("schema", "Fade"),
    QT_TRANSLATE_NOOP("schema", "Foliage"),
    QT_TRANSLATE_NOOP("schema", "Show the open model in the viewport as foliage: scattered copies in the wind"),
    QT_TRANSLATE_NOOP("schema", "How many copies are scattered on the ground"),
    QT_TRANSLATE_NOOP("schema", "Scatter seed: another seed, other places"),
    QT_TRANSLATE_NOOP("schema", "Area"),
    QT_TRANSLATE_NOOP("schema", "Side of the square the copies are scattered over"),
    QT_TRANSLATE_NOOP("schema", "Fade start"),
    QT_TRANSLATE_NOOP("schema", "Distance from the camera where the copies start to thin out"),
    QT_TRANSLATE_NOOP("schema", "Fade end"),
    QT_TRANSLATE_NOOP("schema", "Distance where the copies are gone; 0 = no fade"),
    QT_TRANSLATE_NOOP("schema", "Units scale"),
    QT_TRANSLATE_NOOP("schema", "Metres per unit of the asset (a cloud trained from a normalised model is in its normalised "
                                "units); 0 = from the model's normalisation when known, else 1"),
    QT_TRANSLATE_NOOP("schema", "m per unit"),
    QT_TRANSLATE_NOOP("schema", "Trim cards"),
    QT_TRANSLATE_NOOP("schema", "Trim"),
    QT_TRANSLATE_NOOP("schema", "Margin"),
    QT_TRANSLATE_NOOP("schema", "texels"),
    QT_TRANSLATE_NOOP("schema", "Texels kept around the texels at or above the alpha cutoff"),
    QT_TRANSLATE_NOOP("schema", "Subdivide"),
    QT_TRANSLATE_NOOP("schema", "Midpoint splits of each triangle of a card that is not a quad before trimming "
                                "(more triangles, a tighter cut)"),
    QT_TRANSLATE_NOOP("schema", "Mip levels"),
    QT_TRANSLATE_NOOP("schema", "Mip levels whose texels at or above the cutoff are kept too, so cards drawn that far "
                                "look the same (0: full-resolution texels only, the tightest cut; far cards lose "
                                "thickening)"),
    QT_TRANSLATE_NOOP("schema", "View mip"),
    QT_TRANSLATE_NOOP("schema", "Mip level the cards are drawn at (a pixel spans 2^N texels): each quad or triangle is "
                                "kept whole or cut, whichever touches fewer 4x4-pixel blocks there; -1 always cuts"),
};

}  // namespace

QStringList foliageSchemaList() {
    QStringList out;
    for (const char* s : FOLIAGE_LUPDATE_LIST) out << QString::fromUtf8(s);
    return out;
}

}  // namespace sw::editor
