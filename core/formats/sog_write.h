#pragma once
// Writing PlayCanvas SOG version 2 (sog.h has the layout), as PlayCanvas's splat-transform writes
// it: meta.json and lossless WebP images `means_l`, `means_u`, `quats`, `scales`, `sh0` and, with
// SH, `shN_centroids` and `shN_labels`; images width ⌈√n / 4⌉·4, height ⌈n / width / 4⌉·4, one
// splat per pixel in the cloud's order (no reordering), unused pixels zero.
// Quantisation (docs/formats.md, "Writing SOG"):
// - positions: 16 bits per axis of sign(p)·ln(|p| + 1) over the cloud's range, rounded;
// - rotations: smallest-three, 8 bits per component;
// - ln σ and f_dc: one 256-entry codebook each (1-D k-means over all three axes / channels);
// - opacity: 8 bits; SH bands 1..3: a palette of ≤ `shPalette` entries (one per splat when the
//   cloud is no larger), its coefficients through a 256-entry codebook.
// Written in the 3DGS convention (Axes::Standard), which readSog converts back to model space.
#include <cstdint>
#include <string>
#include <vector>

#include "core/formats/axes.h"
#include "core/foundation/error.h"
#include "core/foundation/progress.h"
#include "core/foundation/schema.h"
#include "core/splat/splat_cloud.h"

namespace sw::formats {

struct SogWriteSettings {
    int shBands = 3;               // most SH bands written (fewer when the cloud has fewer); 0: none
    int shPalette = 65536;         // most SH palette entries (the 16-bit label's range)
    int codebookIterations = 10;   // k-means passes of the 256-entry codebooks
    int webpEffort = 2;            // libwebp's lossless preset, 0 fastest .. 9 smallest
    Axes axes = Axes::Standard;    // Standard: the 3DGS convention; Model: model space as-is
};
const SettingsSchema<SogWriteSettings>& sogWriteSchema();

struct SogFile {
    std::string name;  // "meta.json", "means_l.webp", ...
    std::vector<std::uint8_t> bytes;
};

// The files of the SOG of `cloud` (validated first: an error names `what`), meta.json first.
// Progress runs over the images; a cancel returns Cancelled.
Result<std::vector<SogFile>> encodeSog(const splat::SplatCloud& cloud, const SogWriteSettings& settings,
                                       const std::string& what, const Progress& progress = {});

// `path` ending in `.sog`: the bundle (a ZIP of the files), written atomically (file_io.h).
// Otherwise a folder (`path`, or the folder of a `.../meta.json`): written whole into a temporary
// folder and renamed into place, refused when the folder holds files splatwright did not write
// (output_folder.h). Nothing is left behind on an error or a cancel.
Status writeSog(const std::string& path, const splat::SplatCloud& cloud, const SogWriteSettings& settings = {},
                const Progress& progress = {});
// The files into an existing folder (`folder`), no temporary: for writers that build a larger
// output in their own temporary folder (the Streamed SOG writer).
Status writeSogFiles(const std::string& folder, const std::vector<SogFile>& files);

}  // namespace sw::formats
