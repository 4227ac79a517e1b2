// The scan schemas' texts for lupdate (context "schema"), beside schema_strings.cpp's list:
// lodSchema() (core/lod/lod_build.cpp), the Build LOD dialog; selectionSchema() (core/lod/selection.cpp)
// and streamSchema() (core/lod/resident_pool.cpp), the Scan dock; extractSchema() (core/lod/extract.cpp),
// the Scan dock's cut. Keep in sync with them; the editor
// test fails when a string is missing here.
#include <QtGlobal>

#include "app/editor/schema_strings.h"

namespace sw::editor {
namespace {

const char* const SCAN_LUPDATE_LIST[] = {
    QT_TRANSLATE_NOOP("schema", "LOD tree"),
    QT_TRANSLATE_NOOP("schema", "Leaf size"),
    QT_TRANSLATE_NOOP("schema", "splats"),
    QT_TRANSLATE_NOOP("schema", "Most splats in one leaf chunk at its finest level"),
    QT_TRANSLATE_NOOP("schema", "Tree"),
    QT_TRANSLATE_NOOP("schema", "Levels"),
    QT_TRANSLATE_NOOP("schema", "Levels of detail per leaf, the finest included"),
    QT_TRANSLATE_NOOP("schema", "Reduction per level"),
    QT_TRANSLATE_NOOP("schema", "Splats of one level merged into one splat of the next coarser level"),
    QT_TRANSLATE_NOOP("schema", "Threads"),
    QT_TRANSLATE_NOOP("schema", "Worker threads building the levels; 0 uses one per core"),
    QT_TRANSLATE_NOOP("schema", "Performance"),
    QT_TRANSLATE_NOOP("schema", "Memory limit"),
    QT_TRANSLATE_NOOP("schema", "Most memory the build holds; a larger scan is split on disk and built part by part"),
    QT_TRANSLATE_NOOP("schema", "LOD selection"),
    QT_TRANSLATE_NOOP("schema", "Screen error"),
    QT_TRANSLATE_NOOP("schema", "px"),
    QT_TRANSLATE_NOOP("schema", "Largest splat spacing on screen a level may show before a finer one is wanted"),
    QT_TRANSLATE_NOOP("schema", "Quality"),
    QT_TRANSLATE_NOOP("schema", "Splat budget"),
    QT_TRANSLATE_NOOP("schema", "Most splats drawn in one view, over every open scan"),
    QT_TRANSLATE_NOOP("schema", "Low"),
    QT_TRANSLATE_NOOP("schema", "Coarse far away: 4 px of screen error"),
    QT_TRANSLATE_NOOP("schema", "Medium"),
    QT_TRANSLATE_NOOP("schema", "2 px of screen error"),
    QT_TRANSLATE_NOOP("schema", "High"),
    QT_TRANSLATE_NOOP("schema", "Generous detail: 1 px of screen error"),
    QT_TRANSLATE_NOOP("schema", "LOD streaming"),
    QT_TRANSLATE_NOOP("schema", "Memory budget"),
    QT_TRANSLATE_NOOP("schema", "MiB"),
    QT_TRANSLATE_NOOP("schema", "Most memory the resident chunks take (16 B a splat); a smaller budget draws coarser levels"),
    QT_TRANSLATE_NOOP("schema", "Streaming"),
    QT_TRANSLATE_NOOP("schema", "Loader threads"),
    QT_TRANSLATE_NOOP("schema", "Threads reading and packing chunks"),
    QT_TRANSLATE_NOOP("schema", "Extract from scan"),
    QT_TRANSLATE_NOOP("schema", "Splat limit"),
    QT_TRANSLATE_NOOP("schema", "Most splats an extraction keeps; a region holding more is refused before it fills memory"),
    QT_TRANSLATE_NOOP("schema", "Extract"),
    QT_TRANSLATE_NOOP("schema", "Opacity floor"),
    QT_TRANSLATE_NOOP("schema", "Keep only splats at least this opaque; 0 keeps every splat of the region"),
};

}  // namespace

QStringList scanSchemaList() {
    QStringList out;
    for (const char* s : SCAN_LUPDATE_LIST) out << QString::fromUtf8(s);
    return out;
}

}  // namespace sw::editor
