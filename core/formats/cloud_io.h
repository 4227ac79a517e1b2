#pragma once
// Reading and writing a SplatCloud by file extension (.ply, .spz, .splat), for the CLI and
// the editor's import/export actions.
#include <string>
#include <vector>

#include "core/formats/spz.h"
#include "core/foundation/error.h"
#include "core/splat/splat_cloud.h"

namespace sw::formats {

// Lower-case extension including the dot (".ply"), or empty.
std::string fileExtension(const std::string& path);

// `axes` is what an SPZ or .splat file holds (they cannot say); a PLY says it in its header
// (ply.h), and `axes` is not used for it.
Result<splat::SplatCloud> readSplatCloud(const std::string& path, Axes axes = Axes::Standard);
// What writing `cloud` to `path` loses beyond the format's documented quantisation, one line
// each (empty when nothing): .splat keeps no SH bands; SPZ clamps ln σ to [-10, 5.94]
// (docs/formats.md).
std::vector<std::string> conversionLosses(const std::string& path, const splat::SplatCloud& cloud);

// Unsupported error for an unknown extension; `spz` applies to .spz outputs only, `axes` (the
// format's own convention, or model space) to every format. An empty
// cloud is refused (InvalidInput: readers reject 0-splat files); conversionLosses() are logged
// as warnings.
Status writeSplatCloud(const std::string& path, const splat::SplatCloud& cloud, const SpzWriteOptions& spz = {},
                      Axes axes = Axes::Standard);

}  // namespace sw::formats
