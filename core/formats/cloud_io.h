#pragma once
// Reading and writing a SplatCloud by file extension (.ply, .spz, .splat, .sog: a bundled SOG
// version 2, sog_write.h; .glb/.gltf with KHR_gaussian_splatting, gltf_splat.h), for the CLI and
// the editor's import/export actions. Read too: a SOG folder or its meta.json, and Streamed SOG
// (`lod-meta.json` or its folder; the finest level is read; written from a LOD tree,
// lod/streamed_sog_write.h); a PLY in SuperSplat's compressed layout is recognised by its header.
#include <string>
#include <vector>

#include "core/formats/spz.h"
#include "core/foundation/error.h"
#include "core/foundation/progress.h"
#include "core/splat/splat_cloud.h"

namespace sw::formats {

// Lower-case extension including the dot (".ply"), or empty.
std::string fileExtension(const std::string& path);

// True for what readSplatCloud reads as a cloud: a SOG or Streamed SOG path, .spz, .splat, or a
// .ply whose header declares splat properties (f_dc_0, scale_0 or packed_position), not a mesh.
bool isSplatCloudPath(const std::string& path);

// `axes` is what an SPZ or .splat file holds (they cannot say); a PLY says it in its header
// (ply.h), and `axes` is not used for it nor for SOG (always the 3DGS convention). `progress`
// is reported and its cancel honoured by the SOG readers.
Result<splat::SplatCloud> readSplatCloud(const std::string& path, Axes axes = Axes::Standard, const Progress& progress = {});
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
