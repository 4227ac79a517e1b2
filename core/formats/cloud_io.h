#pragma once
// Reading and writing a SplatCloud by file extension (.ply, .spz, .splat), for the CLI and
// the editor's import/export actions.
#include <string>

#include "core/formats/spz.h"
#include "core/foundation/error.h"
#include "core/splat/splat_cloud.h"

namespace sw::formats {

// Lower-case extension including the dot (".ply"), or empty.
std::string fileExtension(const std::string& path);

Result<splat::SplatCloud> readSplatCloud(const std::string& path);
// Unsupported error for an unknown extension; `spz` applies to .spz outputs only.
Status writeSplatCloud(const std::string& path, const splat::SplatCloud& cloud, const SpzWriteOptions& spz = {});

}  // namespace sw::formats
