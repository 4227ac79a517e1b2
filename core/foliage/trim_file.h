#pragma once
// Card trimming on files (issue 35 §7): the one function behind `splatwright-cli foliage-trim` and
// the Foliage dock's Trim Cards… button. The model is read in its own units (no normalisation, no
// winding repair), so the copy keeps its size, placement and facing; its alpha-MASK cards are
// trimmed (trim.h) and the new GLB is written atomically. The input is never replaced, nor any
// file the program did not write unless the caller says so (core/foundation/output_file.h).
#include <string>
#include <vector>

#include "core/foliage/trim.h"
#include "core/foundation/error.h"
#include "core/foundation/progress.h"
#include "core/foundation/schema.h"

namespace sw::foliage {

// margin, subdivide, mip-levels, view-mip (maxVertices stays 8): CLI flags and the dock's form.
const SettingsSchema<TrimSettings>& trimSchema();

struct TrimFileRequest {
    std::string input;        // .glb or .gltf with alpha-MASK cards
    std::string output;       // .glb
    TrimSettings settings;
    bool overwrite = false;   // an existing output the program did not write may be replaced
};

// InvalidInput naming the file when the output would be the input (or a file not ours without
// overwrite), the settings are out of range, the model has no alpha-MASK card, a card cannot be
// trimmed (trimCards) or nothing would be left; nothing is written then. Cancellable between
// the stages.
Result<TrimReport> trimModelFile(const TrimFileRequest& request, const Progress& progress = {});

// The report as lines ("cards: …", "card area: … (x % saved)", "wrote …"), for the CLI and the Log.
std::vector<std::string> trimReportLines(const TrimFileRequest& request, const TrimReport& report);

}  // namespace sw::foliage
